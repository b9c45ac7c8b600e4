# cython: language_level=3
"""Scoring of one win (RULES.md §10). PLACEHOLDER: the scoring families are being implemented."""

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


cdef void score_win(const RuleSet* rules, const WinFacts* win, ScoreResult* out) noexcept nogil:
    cdef int i
    out.F = 0
    out.K = 0
    out.G = 0
    out.L = 0
    out.S = 0
    out.specials = win.specials
    out.special_counted = 0
    for i in range(4):
        out.deltas[i] = 0
