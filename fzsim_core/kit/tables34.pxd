# The table-driven shape layer every pack reads its hands through (issue 28).
#
# A pack's hooks hold a seat's packed Hand (hand.pxd: per-suit base-5 keys kept up to date by
# every draw and discard), so the standard shape (sets + a pair, wilds included) is a few reads
# of the core's need tables (wintables.pxd) and no search. The special shapes and the filters a
# pack puts on a result are closed forms on the counts beside it, written with the 64-bit kind
# masks of bits.pxd: seven pairs, 十三幺, the suits a hand holds (≤ 2 suits and 定缺, RULES-PACKS §2.3,
# one-suit filters). Header only (inline), pure: safe without the GIL.
#
# Kinds 0..33: 0..8 m, 9..17 p, 18..26 s, 27..33 honours (E S W N, 中 發 白).
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.bits cimport ctz64, fz_counts_mask, popcount64
from fzsim_core.hand cimport Hand
from fzsim_core.wintables cimport hand_is_win, hand_wait_mask, hand_shanten

cdef extern from *:
    """
    #include <string.h>
    /* Bit k set iff counts[k] is odd (34 kinds): the low bit of each byte, gathered eight a word. */
    static inline unsigned long long t34_odd_kinds(const unsigned char* c) {
        unsigned long long m = 0, w;
        int i;
        for (i = 0; i < 4; i++) {
            memcpy(&w, c + 8 * i, 8);
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
            m |= (((w & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56) << (8 * i);
    #else
            { int j; for (j = 0; j < 8; j++) m |= (unsigned long long)(c[8 * i + j] & 1) << (8 * i + j); }
    #endif
        }
        return m | (unsigned long long)(c[32] & 1) << 32 | (unsigned long long)(c[33] & 1) << 33;
    }
    """
    uint64_t t34_odd_kinds(const uint8_t* c) nogil

cdef extern from *:
    """
    static const unsigned long long T34_SUIT_KINDS[4] = {
        0x1FFULL, 0x1FFULL << 9, 0x1FFULL << 18, 0x7FULL << 27};
    /* 十三幺's kinds: the 1s and 9s of each suit and the seven honours */
    static const unsigned long long T34_ALL_KINDS = (1ULL << 34) - 1;
    static const unsigned long long T34_ORPHANS = 0x101ULL | 0x101ULL << 9 | 0x101ULL << 18 | 0x7FULL << 27;
    """
    const uint64_t T34_SUIT_KINDS[4]
    const uint64_t T34_ALL_KINDS
    const uint64_t T34_ORPHANS


cdef inline int t34_key_suits(const Hand* h) noexcept nogil:
    """Bit s set iff the real tiles (the golds aside) hold suit s (0 m, 1 p, 2 s, 3 honours):
    a part's key is 0 exactly when it holds nothing."""
    return (h.key[0] != 0) | (h.key[1] != 0) << 1 | (h.key[2] != 0) << 2 | (h.key[3] != 0) << 3


cdef inline uint64_t t34_suits_kinds(int suits) noexcept nogil:
    """The kinds of the parts in `suits` (bits as t34_key_suits)."""
    cdef uint64_t m = 0
    cdef int s
    for s in range(4):
        if (suits >> s) & 1:
            m |= T34_SUIT_KINDS[s]
    return m


# --- the standard shape: the need tables ---------------------------------------------------

cdef inline bint t34_std_win(const Hand* h) noexcept nogil:
    """3n+2 tiles (any n) are n sets + a pair, golds wild."""
    return hand_is_win(h)


cdef inline uint64_t t34_std_waits(const Hand* h) noexcept nogil:
    """3n+1 tiles: the kinds one more of which makes n+1 sets + a pair (kinds the hand holds 4
    times never; a not-ready hand costs one table read)."""
    return hand_wait_mask(h)


cdef inline int t34_std_shanten(const Hand* h) noexcept nogil:
    return hand_shanten(h)


# --- seven pairs: closed forms (golds wild) --------------------------------------------------

cdef inline uint64_t _real_odd(const Hand* h) noexcept nogil:
    """The real kinds (the gold kind aside) held an odd number of times."""
    cdef uint64_t odd = t34_odd_kinds(h.counts)
    if h.gold >= 0:
        odd &= ~((<uint64_t>1) << h.gold)
    return odd


cdef inline bint t34_seven_pairs_win(const Hand* h, bint quad_is_two_pairs) noexcept nogil:
    """14 concealed tiles are seven pairs: each real kind held an odd number of times takes a
    gold for its single (the golds left pair up, their count then even). A four of a kind is two
    pairs; with quad_is_two_pairs False (no gold then) it is not a win."""
    if h.size != 14:
        return 0
    if not quad_is_two_pairs:
        return h.golds == 0 and _real_odd(h) == 0 and fz_counts_mask(h.counts, 4) == 0
    return popcount64(_real_odd(h)) <= h.golds


cdef inline uint64_t t34_seven_pairs_waits(const Hand* h, bint quad_is_two_pairs) noexcept nogil:
    """13 concealed tiles: with s real kinds held an odd number of times and w golds, one more
    tile of an odd kind wins iff s - 1 <= w, of an even kind (none held included) iff s + 1 <= w,
    a gold iff s <= w + 1 (no gold: six pairs and a single wait on the single). Kinds held 4
    times are not dropped (the caller's filter). With quad_is_two_pairs False (no gold then) the
    single must not be the third copy of a pair, and no kind may be held 4 times."""
    cdef uint64_t odd, gbit = 0, mask = 0
    cdef int s
    if h.size != 13:
        return 0
    odd = _real_odd(h)
    if h.gold >= 0:
        gbit = (<uint64_t>1) << h.gold
    if h.golds == 0:   # s is odd for 13 tiles, so s - 1 <= 0 means one single (a drawn gold fills it too)
        if odd & (odd - 1):
            return 0
        if not quad_is_two_pairs:
            return 0 if gbit or fz_counts_mask(h.counts, 4) | (odd & fz_counts_mask(h.counts, 3)) else odd
        return odd | gbit
    if not quad_is_two_pairs:
        return 0
    s = popcount64(odd)
    if s - 1 <= h.golds:
        mask |= odd
    if s + 1 <= h.golds:
        mask |= T34_ALL_KINDS & ~odd & ~gbit
    if gbit and s <= h.golds + 1:
        mask |= gbit
    return mask


cdef inline int t34_seven_pairs_missing(const Hand* h, uint64_t kinds) noexcept nogil:
    """Fewest tiles missing (exchanges) for seven pairs from the tiles of `kinds` (a four of a
    kind two pairs), no wild: pairs first, then singles that one drawn copy pairs."""
    cdef uint64_t odd = t34_odd_kinds(h.counts) & kinds
    cdef int k, p = 0, one
    cdef uint64_t m = kinds
    while m:
        k = ctz64(m)
        m &= m - 1
        p += h.counts[k] >> 1
    if p > 7:
        p = 7
    one = popcount64(odd)
    if one > 7 - p:
        one = 7 - p
    return 14 - 2 * p - one


# --- 十三幺: closed forms ----------------------------------------------------------------------

cdef inline bint t34_orphans_win(const Hand* h) noexcept nogil:
    """14 concealed tiles: each of the 13 orphan kinds and one more of them (no wild)."""
    cdef uint64_t held
    if h.size != 14 or h.golds:
        return 0
    held = fz_counts_mask(h.counts, -1)
    return held == T34_ORPHANS and fz_counts_mask(h.counts, 2) != 0


cdef inline uint64_t t34_orphans_waits(const Hand* h) noexcept nogil:
    """13 concealed tiles: the 13 orphans wait on any of them; 12 of them with one paired wait
    on the missing one."""
    cdef uint64_t held, two
    if h.size != 13 or h.golds:
        return 0
    held = fz_counts_mask(h.counts, -1)
    if held & ~T34_ORPHANS:
        return 0
    if held == T34_ORPHANS:
        return T34_ORPHANS
    two = fz_counts_mask(h.counts, 2)
    if popcount64(held) == 12 and popcount64(two) == 1 and fz_counts_mask(h.counts, 3) == 0:
        return T34_ORPHANS & ~held
    return 0
