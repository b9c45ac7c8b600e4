# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The indicator -> wildcard mapping (contract in wild.pxd; docs/spec/RULES-PACKS.md §4.2, BJ-3, BJ-A1).

Beijing's dragons run 中 -> 发 -> 白 -> 中 (7z -> 6z -> 5z -> 7z, the seed's explicit order, the
reverse of riichi's dora order); winds 东 -> 南 -> 西 -> 北 -> 东 by default. Under the BJ-A1
option (the 带弟百搭 note "开北则以红中为白搭") 北 leads to 中 and the dragons keep the seed's order,
so 白 (the last dragon) leads back to 东: one seven-honour cycle 东南西北中发白.
"""
from libc.stdint cimport int8_t

cdef extern from *:
    """
    /* next honour kind after 1z..7z (index 0..6 = 东南西北白发中) */
    static const signed char BJ_NEXT_HONOUR[2][7] = {
        {28, 29, 30, 27, 33, 31, 32},   /* 北 -> 东; 白 -> 中, 发 -> 白, 中 -> 发 */
        {28, 29, 30, 33, 27, 31, 32},   /* 北 -> 中, 中 -> 发, 发 -> 白, 白 -> 东 */
    };
    """
    const signed char BJ_NEXT_HONOUR[2][7]


cdef int wild_of(int indicator, int rule) noexcept nogil:
    if indicator < 0 or indicator >= 34:
        return -1
    if rule == WILD_SAME:
        return indicator
    if rule != WILD_NEXT and rule != WILD_NEXT_NORTH_ZHONG:
        return -1
    if indicator < 27:
        # suits wrap 9 -> 1 within the suit (the 前导牌 convention, "序数牌九一相连")
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    return BJ_NEXT_HONOUR[rule - WILD_NEXT][indicator - 27]


RULES = {"same": WILD_SAME, "next": WILD_NEXT, "next_north_zhong": WILD_NEXT_NORTH_ZHONG}


def wild_kind(indicator, rule="next"):
    """The wild kind (0..33) shown by an indicator kind (0..33, or notation such as '9p').

    rule: 'same' (the 金 of RULES.md §4: the indicator's own kind), 'next' (Beijing's 惠牌, 北 -> 东) or
    'next_north_zhong' (Beijing under BJ-A1: 北 -> 中, 白 -> 东)."""
    if isinstance(indicator, str):
        from fzsim_core.notation import kind_index
        k = kind_index(indicator)
    elif isinstance(indicator, bool) or not isinstance(indicator, int):
        raise ValueError(f"indicator {indicator!r}: expected a kind 0..33 or notation such as '3m'")
    else:
        k = indicator
    if not 0 <= k < 34:
        raise ValueError(f"indicator {indicator!r}: allowed a hand kind 0..33 (flowers are never indicators)")
    if rule not in RULES:
        raise ValueError(f"rule {rule!r}: allowed {', '.join(RULES)}")
    return int(wild_of(k, RULES[rule]))
