"""Typed stub for fzsim_core.rules: the compiled rule set (docs/spec/RULES.md §12)."""

#: the `fuzhou` preset as RuleSet fields (ints; enums as their int values)
FUZHOU_FIELDS: dict[str, int]

class Rules:
    """A compiled, immutable rule set; prefer ``fzsim.rules.load(...)``."""

    fields: dict[str, int]
    def __init__(self, **overrides: int | bool) -> None: ...
