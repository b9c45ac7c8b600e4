"""Typed stub for fzsim_core.rules: the compiled rule set (docs/spec/RULES.md §12)."""

#: the rules header's fields at the default preset's values (ints; enums as their int values); each
#: pack's own options are fzsim_core.packs.<name>.options.DEFAULTS
HEADER_FIELDS: dict[str, int]

class Rules:
    """A compiled, immutable rule set; prefer ``fzsim.rules.load(...)``."""

    #: the header's fields and the playing pack's own options
    fields: dict[str, int]
    def __init__(self, **overrides: int | bool) -> None: ...
