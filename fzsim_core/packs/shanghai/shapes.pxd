# Shanghai winning patterns and the minimum-hand gate (docs/spec/RULES-PACKS.md §1.3): 4 sets + a pair with no
# wildcard (the core's table search, via the bot kit's shapes34 with no wild), and the seven
# patterns a win must be one of. Pure: safe without the GIL.
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.hand cimport Hand

cdef enum:
    # patterns (bit i of a pattern mask), lowest value first
    SH_PENGPENG = 0          # 碰碰胡: every set a pung or kong
    SH_HUNYISE = 1           # 混一色: one suit + 风向牌
    SH_QINGYISE = 2          # 清一色: one suit, no honours
    SH_HUNPENG = 3           # 混碰 = 混一色 and 碰碰胡
    SH_FENGYISE = 4          # 风一色: 14 风向牌 tiles, no shape needed (SH-A4 default)
    SH_QINGPENG = 5          # 清碰 = 清一色 and 碰碰胡
    SH_FENGPENG = 6          # 风碰 = 风一色 in 4 pungs + a pair
    SH_BAHUA = 7             # 八花齐: all 8 flowers, an instant win (a flag, not a shape)
    SH_STANDALONE = 8        # 杠开 / 大吊车 as a pattern of its own (SH-A8 option only)
    SH_N_PATTERNS = 9
    SH_NO_SHAPE = -2
    SH_NO_WIN = 99           # shanten when no allowed pattern can be reached

ctypedef struct ShShape:
    uint64_t feng            # kinds that are 风向牌 (all honours by default; winds only under SH-A3)
    unsigned char fengyise_shape  # SH-A4 option: 风一色 needs 4 sets + a pair

cdef void sh_shape_default(ShShape* s) noexcept nogil
# Patterns of a winning-size hand (14 tiles counting melds as 3); 0 if none (not a legal win).
cdef int sh_patterns(const ShShape* s, const MjHand* h) noexcept nogil
# A 13 - 3 n_melds hand: bit k set iff one more tile of kind k makes a legal win (kinds held 4 times
# over hand and melds never set).
cdef uint64_t sh_wait_mask(const ShShape* s, const MjHand* h) noexcept nogil
# ... with h's concealed tiles also as a packed Hand (no wild), as a seat keeps them.
cdef uint64_t sh_wait_mask_packed(const ShShape* s, const MjHand* h, const Hand* packed) noexcept nogil
# The gate as a filter before any search: False when sh_wait_mask of the 13 - 3 n hand whose
# concealed tiles are the packed `h` (no wild) and whose melds' kinds are `meld_kinds` (a kind
# mask; a chow by its lowest tile) is 0 for certain — neither the single (or two pairs) of a hand
# of pungs nor a hand of one suit at most besides 风向牌. A few mask operations on the keys and
# counts (kit/tables34), so a pack hook skips the MjHand and the search; the usual hand is
# answered before it by sh_hand_surely_no_wait (below), inline.
cdef bint sh_hand_may_wait(const ShShape* s, const Hand* h, uint64_t meld_kinds) noexcept nogil
# Shanten towards the allowed patterns: min over the targets 碰碰胡 (pungs + a pair, any tiles), one
# suit + 风向牌 in the standard shape (清一色 / 混一色 and their pungs) and 14 风向牌 (shapeless 风一色)
# of (fewest tiles missing) - 1, ignoring the 4-copy limit. SH_NO_WIN when every target is blocked
# by the melds, SH_NO_SHAPE for a size that is neither 3n+1 nor 3n+2.
cdef int sh_shanten(const ShShape* s, const MjHand* h) noexcept nogil
# out[k] = sh_shanten of h with one more copy of k, for each kind k of cand (each held fewer than
# 4 times in the concealed tiles); other entries untouched. keys: the base-5 keys of h's three
# suits (hand.pxd Hand.key of the same concealed tiles, no gold), or NULL to read them here.
cdef void sh_draw_shanten(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand,
                          int* out) noexcept nogil
# The kinds k of cand whose out[k] above is below lim (0 <= lim; SH_NO_SHAPE, a size that is no
# shape, never counts): a useful-draw mask with no per-kind answer written.
cdef uint64_t sh_draws_below(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand,
                             int lim) noexcept nogil
# The same after one fewer copy of each (held) kind in cand: every discard's shanten.
cdef void sh_discard_shanten(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand,
                             int* out) noexcept nogil

# Fill `s` from the two §9 shape options (Python bools), raising ValueError naming a bad value.
cdef int shape_options(ShShape* s, feng_includes_dragons, fengyise_shape) except -1


cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    /* Bit k set iff c[k] == 1, k < 32: two sixteen-byte compares (x86-64's baseline SSE2). */
    static inline unsigned sh_ones32(const unsigned char* c) {
        const __m128i one = _mm_set1_epi8(1);
        return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)c), one))
               | (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(c + 16)), one)) << 16;
    }
    #else
    static inline unsigned sh_ones32(const unsigned char* c) {
        unsigned m = 0;
        int k;
        for (k = 0; k < 32; k++)
            m |= (unsigned)(c[k] == 1) << k;
        return m;
    }
    #endif
    """
    unsigned sh_ones32(const uint8_t* c) noexcept nogil


cdef inline bint sh_hand_surely_no_wait(const Hand* h) noexcept nogil:
    """sh_hand_may_wait's usual False for a hand with no gold (a Shanghai seat's), without the
    melds or the shape options: two kinds or more held once among kinds 0..31 (no hand of pungs
    one tile short) and two suits or more among the concealed tiles (no flush, whatever the
    melds). Inline, and the singles read first: singles in two suits (the usual hand) are both
    at once; the last two honours are left out of the singles (two compares fewer; a "no" on the
    rest is still certain). The pack's wait hook so answers a random hand with no call and no
    stack frame."""
    cdef unsigned ones = sh_ones32(h.counts)
    if (ones & 0x1FF and ones & 0x7FFFE00) or (ones & 0x3FE00 and ones & 0x7FC0000):
        return True
    return (ones & (ones - 1)) != 0 and ((h.key[0] and h.key[1]) or (h.key[2] and (h.key[0] or h.key[1])))
