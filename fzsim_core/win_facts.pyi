"""Typed stub for fzsim_core.win_facts: the names of win types, flags and specials."""

#: SP_* bit of each special, by name
SPECIALS: dict[str, int]
#: FLAG_* bit of each win flag, by name
FLAGS: dict[str, int]
#: WinType value by name
WIN_TYPES: dict[str, int]
