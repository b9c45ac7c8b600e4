# Fan ids of the 国标 evaluator (the rulebook's numbering 1..81, docs/spec/RULES-PACKS.md §5.4) and their
# values; 82 is 明暗杠 (an option, see fans.pxd GB_MINGANGANG). Shared by fans.pyx and relations.pyx.
from libc.stdint cimport uint8_t

cdef extern from *:
    """
    /* value of each fan id (docs/spec/RULES-PACKS.md §5.4; id 82 = 明暗杠, an option) */
    static const unsigned char GB_VALUE[83] = {0,
        88, 88, 88, 88, 88, 88, 88,  64, 64, 64, 64, 64, 64,  48, 48,  32, 32, 32,
        24, 24, 24, 24, 24, 24, 24, 24, 24,  16, 16, 16, 16, 16, 16,  12, 12, 12, 12, 12,
        8, 8, 8, 8, 8, 8, 8, 8, 8,  6, 6, 6, 6, 6, 6, 6,  4, 4, 4, 4,
        2, 2, 2, 2, 2, 2, 2, 2, 2, 2,  1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,  5};
    """
    const uint8_t GB_VALUE[83]

# fan ids used by name in the code (the rulebook's numbering)
cdef enum:
    F_BIG_FOUR_WINDS = 1
    F_BIG_THREE_DRAGONS = 2
    F_ALL_GREEN = 3
    F_NINE_GATES = 4
    F_FOUR_KONGS = 5
    F_SEVEN_SHIFTED_PAIRS = 6
    F_THIRTEEN_ORPHANS = 7
    F_ALL_TERMINALS = 8
    F_LITTLE_FOUR_WINDS = 9
    F_LITTLE_THREE_DRAGONS = 10
    F_ALL_HONORS = 11
    F_FOUR_CONCEALED_PUNGS = 12
    F_PURE_TERMINAL_CHOWS = 13
    F_QUADRUPLE_CHOW = 14
    F_FOUR_SHIFTED_PUNGS = 15
    F_FOUR_SHIFTED_CHOWS = 16
    F_THREE_KONGS = 17
    F_ALL_TERMINALS_HONORS = 18
    F_SEVEN_PAIRS = 19
    F_GREATER_KNITTED = 20
    F_ALL_EVEN_PUNGS = 21
    F_FULL_FLUSH = 22
    F_PURE_TRIPLE_CHOW = 23
    F_PURE_SHIFTED_PUNGS = 24
    F_UPPER_TILES = 25
    F_MIDDLE_TILES = 26
    F_LOWER_TILES = 27
    F_PURE_STRAIGHT = 28
    F_THREE_SUITED_TERMINAL_CHOWS = 29
    F_PURE_SHIFTED_CHOWS = 30
    F_ALL_FIVE = 31
    F_TRIPLE_PUNG = 32
    F_THREE_CONCEALED_PUNGS = 33
    F_LESSER_KNITTED = 34
    F_KNITTED_STRAIGHT = 35
    F_UPPER_FOUR = 36
    F_LOWER_FOUR = 37
    F_BIG_THREE_WINDS = 38
    F_MIXED_STRAIGHT = 39
    F_REVERSIBLE = 40
    F_MIXED_TRIPLE_CHOW = 41
    F_MIXED_SHIFTED_PUNGS = 42
    F_LAST_TILE_DRAW = 44
    F_LAST_TILE_CLAIM = 45
    F_OUT_WITH_REPLACEMENT = 46
    F_ROBBING_KONG = 47
    F_ALL_PUNGS = 48
    F_HALF_FLUSH = 49
    F_MIXED_SHIFTED_CHOWS = 50
    F_ALL_TYPES = 51
    F_MELDED_HAND = 52
    F_TWO_CONCEALED_KONGS = 53
    F_TWO_DRAGON_PUNGS = 54
    F_OUTSIDE_HAND = 55
    F_FULLY_CONCEALED = 56
    F_TWO_MELDED_KONGS = 57
    F_LAST_TILE = 58
    F_DRAGON_PUNG = 59
    F_PREVALENT_WIND = 60
    F_SEAT_WIND = 61
    F_CONCEALED_HAND = 62
    F_ALL_CHOWS = 63
    F_TILE_HOG = 64
    F_DOUBLE_PUNG = 65
    F_TWO_CONCEALED_PUNGS = 66
    F_CONCEALED_KONG = 67
    F_ALL_SIMPLES = 68
    F_PURE_DOUBLE_CHOW = 69
    F_MIXED_DOUBLE_CHOW = 70
    F_SHORT_STRAIGHT = 71
    F_TWO_TERMINAL_CHOWS = 72
    F_TERMINAL_PUNG = 73
    F_MELDED_KONG = 74
    F_ONE_VOIDED_SUIT = 75
    F_NO_HONORS = 76
    F_EDGE_WAIT = 77
    F_CLOSED_WAIT = 78
    F_SINGLE_WAIT = 79
    F_SELF_DRAWN = 80

