# cython: language_level=3
"""Legal actions (docs/spec/RULES.md §4, §5): the rules live in legal.pxd, inline (chows offered,
the discard mask, who may win a discard past the wait mask: the rule pack's may_discard_win), as
they run on every discard."""
