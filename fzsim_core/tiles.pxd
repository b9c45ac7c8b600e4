# Tile kinds shared by every core module (docs/spec/RULES.md §1).
#
# Kind index:   0..8   1m..9m     (characters 万)
#               9..17  1p..9p     (dots 饼)
#              18..26  1s..9s     (bamboo 条)
#              27..33  1z..7z     (东 南 西 北 白 发 中)
#              34..41  1f..8f     (春 夏 秋 冬 梅 兰 竹 菊)
# A hand's concealed counts are indexed by the first N_HAND_KINDS kinds;
# flowers are never held.

cdef enum:
    N_SUITS = 3
    N_RANKS = 9
    N_SUITED = 27
    N_HONORS = 7
    N_HAND_KINDS = 34
    N_FLOWER_KINDS = 8
    N_KINDS = 42
    HONOR_BASE = 27
    FLOWER_BASE = 34
    N_TILES = 144
    NO_GOLD = -1
