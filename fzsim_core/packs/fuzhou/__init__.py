"""Fuzhou (docs/spec/RULES.md): the deal with 补花 and the gold reveal, the opening window, the 游金 chain."""
