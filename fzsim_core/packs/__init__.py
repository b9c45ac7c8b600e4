"""Rule packs of the compiled core: what only one rule system has (docs/spec/RULES-PACKS.md)."""
