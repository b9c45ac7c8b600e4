# 国标 winning shapes (docs/spec/RULES-PACKS.md §5.3): decompositions of the concealed tiles into sets and
# a pair, the special shapes (七对, 十三幺, 全不靠 / 七星不靠, 组合龙) and the wait test.
#
# Kinds are the core's 0..33 (tiles.pxd): 0..26 suited (suit = k // 9, rank = k % 9 from 0),
# 27..30 东南西北, 31 白, 32 发, 33 中. Every function reads only its arguments: safe without
# the GIL and from several threads at once.
from libc.stdint cimport int8_t, uint8_t
from fzsim_core.hand cimport Hand

cdef enum:
    GB_CHOW = 0
    GB_PUNG = 1
    GB_KONG = 2
    GB_MAX_DECOMP = 64       # more decompositions of 14 tiles than this never occur
    GB_N_KNIT = 6            # ways to give 147 / 258 / 369 to the three suits

ctypedef struct GbSet:
    uint8_t type             # GB_CHOW / GB_PUNG / GB_KONG
    uint8_t tile             # chow: its lowest kind; pung / kong: its kind
    uint8_t exposed          # 1 claimed (chow, pung, exposed or added kong); 0 concealed

ctypedef struct GbDecomp:
    GbSet sets[4]
    uint8_t n_sets
    int8_t pair              # the pair's kind

cdef extern from *:
    """
    /* GB_KNIT[p][s]: the residue class (0: 147, 1: 258, 2: 369) that knitting p gives suit s */
    static const unsigned char GB_KNIT[6][3] = {
        {0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    /* GB_RESIDUE[k]: suit * 3 + rank % 3 of a suited kind; knitting p gives suit s the kinds
       of residue s * 3 + GB_KNIT[p][s] */
    static const unsigned char GB_RESIDUE[27] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5,
                                                 6, 7, 8, 6, 7, 8, 6, 7, 8};
    """
    const uint8_t GB_KNIT[6][3]
    const uint8_t GB_RESIDUE[27]

# All decompositions of `counts` (34 concealed counts) into exactly `n_sets` concealed sets
# (chows and pungs) and one pair, each multiset once; at most `max_out` written, count returned.
cdef int gb_decompose(const uint8_t* counts, int n_sets, GbDecomp* out, int max_out) noexcept nogil
# 14 concealed tiles are 7 pairs (4 of a kind = 2 pairs).
cdef bint gb_is_seven_pairs(const uint8_t* counts) noexcept nogil
# 14 concealed tiles are the 13 terminals and honours with one of them paired.
cdef bint gb_is_thirteen_orphans(const uint8_t* counts) noexcept nogil
# 14 concealed singles: honours and the suited tiles of one knitting (全不靠); the knitting
# index, or -1.
cdef int gb_honors_knitted(const uint8_t* counts) noexcept nogil
# 1 iff the counts hold all 9 tiles of knitting p (组合龙).
cdef bint gb_has_knitted_straight(const uint8_t* counts, int p) noexcept nogil
# Any winning shape of the concealed tiles given `n_melds` declared sets (size 14 - 3 n_melds).
cdef bint gb_is_win(const uint8_t* counts, int n_melds) noexcept nogil
# Kinds completing the 13-tile hand `counts` (concealed, size 13 - 3 n_melds) to a win, as a
# bit mask; a kind with held[k] >= 4 is skipped (pass zeros to count even a fifth copy, as the
# 独听 test does: a wait is a shape, whatever the copies left).
cdef unsigned long long gb_wait_mask(const uint8_t* counts, const uint8_t* held,
                                     int n_melds) noexcept nogil
# The same on a packed Hand (no gold) with no held filter: the pack's hook passes the seat's own
# Hand and drops the kinds whose four copies it holds (hand and melds) itself.
cdef unsigned long long gb_hand_wait_mask(const Hand* h, int n_melds) noexcept nogil
