# 国标 winning shapes (docs/spec/RULES-PACKS.md §5.3): decompositions of the concealed tiles into sets and
# a pair, the special shapes (七对, 十三幺, 全不靠 / 七星不靠, 组合龙) and the wait test.
#
# Kinds are the core's 0..33 (tiles.pxd): 0..26 suited (suit = k // 9, rank = k % 9 from 0),
# 27..30 东南西北, 31 白, 32 发, 33 中. Every function reads only its arguments: safe without
# the GIL and from several threads at once.
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from fzsim_core.bits cimport fz_held32, fz_odd34
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
# The same on a packed Hand (no gold) with no held filter: 0 where gb_surely_not_ready (below)
# rules every shape out, else gb_shape_waits. (The pack's wait hook runs those two itself, the
# gate inline and the search out of line, and drops the kinds the seat holds four of.)
cdef unsigned long long gb_hand_wait_mask(const Hand* h, int n_melds) noexcept nogil
# gb_hand_wait_mask without the gate: every shape's waits where its precondition holds.
cdef unsigned long long gb_shape_waits(const Hand* h, int n_melds) noexcept nogil


# ---- the wait hook's usual answer: not ready in any shape -------------------------------------

cdef enum:
    GB_NEAR_BITS = 0x888888   # bit 3 of each knitting's field in gb_knit_sums: 8 or 9 of its tiles held
    GB_RESIDUES = 0x1C0E07    # ranks 1..3 of each suit: bit 9 s + r of a kind mask for residue r

ctypedef struct GbGate:
    const uint8_t* suit_f    # wintables' need tables (need_table): f0 | f1 << 4 by a suit's key ...
    const uint8_t* hon_f     # ... and by the honours' key
    # by suit and the pattern of its ranks held (bit r: rank r + 1): in bits 4p..4p+3 how many of
    # knitting p's tiles of that suit are held (summed over the suits a field is at most 9)
    uint32_t knit[3][512]

# The tables gb_surely_not_ready reads (filled when shapes is imported).
cdef const GbGate* gb_gate() noexcept nogil


cdef inline uint32_t gb_knit_sums(const GbGate* t, uint64_t present) noexcept nogil:
    """By knitting p, in bits 4p..4p+3, how many of its 9 tiles the kind mask `present` holds
    (its bits 0..26 read)."""
    return t.knit[0][present & 0x1FF] + t.knit[1][(present >> 9) & 0x1FF] + t.knit[2][(present >> 18) & 0x1FF]


cdef inline bint gb_surely_not_ready(const Hand* h, int n_melds, const GbGate* t) noexcept nogil:
    """True only when no tile completes the hand (13 - 3 n_melds tiles, no gold: 国标 has none)
    in any 国标 shape, a fifth copy included: the wait hook's usual answer. False: maybe ready
    (gb_shape_waits decides).

    F = Σ f0 over the parts (golds making every part melds only) sorts the shapes out. Removing a
    tile from a hand raises F by at most 1 (a gold fills its place), and a kind with no other
    kind within 2 ranks of it costs 2 golds a copy (1 for a pair, 0 for a pung), so:
    the basic shape needs F <= 2 (f1 >= f0 - 1: a pair and a gold make a pung), a fifth copy too
    (it would be a gold's win); 七对 (at most one odd kind) F <= 8; 组合龙 (K >= 8 kinds of a
    knitting, each alone in its meld) F >= 2 K - (13 - 3 n_melds - K) >= 11, and two suits
    holding all three ranks of a residue class; 十三幺 and 全不靠 (13 kinds apart, or 12 and a
    pair) F >= 23. The usual hand has 11 <= F <= 22."""
    cdef uint64_t present, odd, full
    cdef unsigned int f0 = ((t.suit_f[h.key[0]] & 15) + (t.suit_f[h.key[1]] & 15)
                            + (t.suit_f[h.key[2]] & 15) + (t.hon_f[h.key[3]] & 15))
    if f0 - 11 <= 11:   # (unsigned) 11 <= F <= 22: only 组合龙 may be in reach
        if n_melds > 1:
            return True
        present = fz_held32(h.counts)
        full = present & (present >> 3) & (present >> 6) & GB_RESIDUES
        if full & (full - 1) == 0:
            return True
        return gb_knit_sums(t, present) & GB_NEAR_BITS == 0
    if f0 <= 2:
        return False
    if f0 >= 23:
        return n_melds > 1
    if f0 > 8 or n_melds:
        return True
    odd = fz_odd34(h.counts)
    return odd & (odd - 1) != 0
