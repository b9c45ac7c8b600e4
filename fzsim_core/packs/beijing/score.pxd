# Beijing scoring (docs/spec/RULES-PACKS.md §4.4): additive 番 with the table's exclusions, 烧庄 and 互包, linear
# payments in units of the 底分 d. Pure: every function reads only its arguments (safe without the GIL).
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t
from fzsim_core.kit.hand34 cimport MjHand

cdef enum:
    # fans (bit i of BjScore.fans), in the seed's table order
    BJ_TUIDAOHU = 0          # 推倒和 1: none of the listed fans below
    BJ_ZHUANG = 1            # 庄 1: the dealer wins or deals in (not a non-dealer's self-draw, not with 天和)
    BJ_MENQING_WUHUI = 2     # 门清无惠 1: no claimed meld, no 惠牌 in the hand
    BJ_DUIDUIHE = 3          # 对对和 2
    BJ_DADIAO = 4            # 大钓 2: four claimed melds, single wait on the pair
    BJ_ZHUOWUKUI = 5         # 捉五魁 2
    BJ_HAIDI = 6             # 海底捞月 2 (1 on the last discard, BJ-A5)
    BJ_YITIAOLONG = 7        # 一条龙 3
    BJ_QIDUIZI = 8           # 七对子 4
    BJ_GANGSHANG = 9         # 杠上开花 5
    BJ_QINGYISE = 10         # 清一色 6
    BJ_HAOHUA = 11           # 豪华七对子 8 (not with 七对子)
    BJ_SIHUI = 12            # 四惠牌 8
    BJ_TIANHE = 13           # 天和 10
    BJ_DIHE = 14             # 地和 8
    BJ_N_FANS = 15
    # how the hand was won (flags)
    BJ_F_SELFDRAW = 1
    BJ_F_KONG_FLOWER = 2     # the kong replacement completed it
    BJ_F_LAST = 4            # the last live tile (self-draw) or the last discard
    BJ_F_TIANHE = 8
    BJ_F_DIHE = 16
    BJ_F_SIHUI = 32          # the fourth 惠牌 drawn: automatic win
    BJ_F_DEALER_WINS = 64
    BJ_F_DEALER_PAYS = 128   # a discard (or robbed kong) of the dealer's

ctypedef struct BjRules:
    int32_t base             # 底分 d
    uint8_t haidi_discard    # BJ-A5: fans of 海底捞月 on the last discard, 1 (default) or 2
    uint8_t unique_wuhui     # BJ-A12: 捉五魁 needs 5m as the only winning tile (1, default)
    uint8_t sihui_shape      # BJ-A10: 四惠牌 also takes the shape fans (0, default: 8 + 庄 only)

ctypedef struct BjScore:
    uint32_t fans            # the fans counted (bit i = fan i)
    uint8_t value[BJ_N_FANS]  # each counted fan's 番
    int16_t total            # F: the sum

cdef void bj_rules_default(BjRules* r, int base) noexcept nogil
# The counted fans of a win: the reading (standard readings, seven pairs) with the most 番. win_kind:
# the tile that completed the hand (-1 unknown: no 捉五魁). Returns -1 (out untouched) when the
# hand is not a win shape and not a 四惠牌 win.
cdef int bj_evaluate(const BjRules* r, const MjHand* h, int flags, int win_kind, BjScore* out) noexcept nogil
# The same with the hand's shape facts given: std = mj_is_standard(h), sp = bj_is_seven_pairs(h)
# (shapes.pxd bj_wait_parts gives both for every winning tile of a ready hand).
cdef int bj_evaluate_of(const BjRules* r, const MjHand* h, int flags, int win_kind, bint std, bint sp,
                        BjScore* out) noexcept nogil
# The hand part of one win, F x d: payer >= 0 pays F alone (discard, robbed kong), -1 every other
# seat pays F (self-draw); a 互包 partner in partners_mask instead pays the whole hand (3F on a
# self-draw, F on a discard) and the ordinary payers nothing. Adds to deltas[4]; returns the gain.
cdef int32_t bj_win_deltas(int total, int32_t base, int winner, int payer, int partners_mask,
                           int32_t* deltas) noexcept nogil
# 烧庄 over R consecutive rounds: S = 2^(R-1) 番; the dealer pays 3S x d, every other seat gets S x d.
cdef int32_t bj_shaozhuang_deltas(int rounds, int32_t base, int dealer, int32_t* deltas) noexcept nogil
# R from the discards in play order from the dealer's first (-1 = a claim broke the order): the
# number of leading rounds of four whose discards are all one kind.
cdef int bj_shaozhuang_rounds(const int8_t* discards, int n) noexcept nogil
# 互包 partners of seat `winner` (bit mask): seats X with claims[4 W + X] >= 3 (W took 3 嘴 from X's
# discards) or claims[4 X + W] >= 3.
cdef int bj_hubao_partners(const uint8_t* claims, int winner) noexcept nogil
