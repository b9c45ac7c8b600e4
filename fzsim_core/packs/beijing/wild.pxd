# The indicator -> wildcard mapping (docs/spec/RULES-PACKS.md §4.2, docs/spec/RULES.md §4): one function for every
# system with a flipped indicator, so the 金 of RULES.md §4 (the indicator's own kind) and Beijing's 惠牌
# (the kind after it) are two rules of one mapping, not two copies. Pure; safe without the GIL.

cdef enum:
    WILD_SAME = 0            # 金 (RULES.md §4): the indicator's own kind
    WILD_NEXT = 1            # Beijing 惠牌: suits n -> n+1, 9 -> 1; winds 东南西北东; dragons 中发白中
    WILD_NEXT_NORTH_ZHONG = 2  # BJ-A1 option: 北 -> 中, 白 -> 东 (one cycle 东南西北中发白)

# Wild kind (0..33) for an indicator kind (0..33) under `rule`; -1 for a bad kind or rule.
cdef int wild_of(int indicator, int rule) noexcept nogil
