# cython: language_level=3
"""The names of what a win is (win_facts.pxd), as the results' columns and the record tables use them:
every pack's win types and the flow's flags (a pack's own flag bits, from 64 up, are its records'),
and the special wins of the 金 tables and the opening (RULES.md §6)."""

#: SP_* bits by name (the Parquet columns use these names)
SPECIALS = {
    "tianhu": SP_TIANHU,
    "qiangjin": SP_QIANGJIN,
    "sanjindao": SP_SANJINDAO,
    "jinque": SP_JINQUE,
    "jinlong": SP_JINLONG,
    "pinghu_noflower": SP_PINGHU_NOFLOWER,
    "pinghu_oneflower": SP_PINGHU_ONEFLOWER,
}
#: FLAG_* bits by name
FLAGS = {
    "selfdraw": FLAG_SELFDRAW,
    "kong_replacement": FLAG_KONG_REPLACEMENT,
    "robbed_kong": FLAG_ROBBED_KONG,
    "last_tile": FLAG_LAST_TILE,
    "xianjin": FLAG_XIANJIN,
    "last_group": FLAG_LAST_GROUP,
}
#: WinType values by name
WIN_TYPES = {
    "none": WIN_NONE,
    "selfdraw": WIN_SELFDRAW,
    "discard": WIN_DISCARD,
    "robbed_kong": WIN_ROBBED_KONG,
    "qiangjin": WIN_QIANGJIN,
    "sanjindao": WIN_SANJINDAO,
    "tianhu": WIN_TIANHU,
}
