# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""国标 winning shapes (docs/spec/RULES-PACKS.md §5.3), the groundwork of the fan evaluator (fans.pyx).

* the basic shape: n sets (chows, pungs) + a pair, every decomposition listed once;
* 七对 (four of a kind = two pairs), 十三幺, 全不靠 (七星不靠 when all 7 honours are in it),
  组合龙 (the 9 knitted tiles + one set + a pair, one declared set allowed);
* the wait mask of a 13-tile hand over all these shapes (独听 = a single kind completes it).

The basic-shape test is the core's table search (wintables.pyx, no golds); everything else reads
only its arguments, so it runs without the GIL.
"""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy

from fzsim_core.hand cimport Hand, hand_set_counts
from fzsim_core.bits cimport fz_counts_mask, fz_held_and_fours, fz_odd34
from fzsim_core.kit.tables34 cimport (T34_ORPHANS, t34_odd_kinds, t34_orphans_waits, t34_seven_pairs_waits,
                                      t34_std_waits)
from fzsim_core.wintables cimport hand_is_win, need_table

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil
    int __builtin_popcountll(unsigned long long) nogil

cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    /* The kinds held once and held an odd number of times (a byte's low bit moved to its high bit). */
    static inline void gb_ones_odd(const unsigned char* c, unsigned long long* ones, unsigned long long* odd) {
        const __m128i a = _mm_loadu_si128((const __m128i*)c), b = _mm_loadu_si128((const __m128i*)(c + 16)),
                      t = _mm_loadu_si128((const __m128i*)(c + 18));
        const __m128i one = _mm_set1_epi8(1);
        *ones = fz_mask34(_mm_cmpeq_epi8(a, one), _mm_cmpeq_epi8(b, one), _mm_cmpeq_epi8(t, one));
        *odd = fz_odd34(c);
    }
    #else
    static inline void gb_ones_odd(const unsigned char* c, unsigned long long* ones, unsigned long long* odd) {
        *ones = fz_counts_mask(c, 1);
        *odd = t34_odd_kinds(c);
    }
    #endif
    """
    void gb_ones_odd(const uint8_t* c, unsigned long long* ones, unsigned long long* odd) nogil

# the 13 terminals and honours
cdef extern from *:
    """
    static const unsigned char GB_ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    """
    const uint8_t GB_ORPHANS[13]


cdef void _dec(uint8_t* c, int k, int sets_left, bint pair_left, GbDecomp* cur,
               GbDecomp* out, int* n, int max_out) noexcept nogil:
    """Cover the lowest held kind >= k at once: a pung or not, the pair or not, and chows from
    it for the rest of its copies (it is the lowest, so its chows start there). Each multiset
    of sets is reached by one path only."""
    cdef int p, q, m, j, left
    while k < 34 and c[k] == 0:
        k += 1
    if k == 34:
        if sets_left == 0 and not pair_left and n[0] < max_out:
            memcpy(&out[n[0]], cur, sizeof(GbDecomp))
            n[0] += 1
        return
    for p in range(1, -1, -1):   # the pung first: it is kept when two readings tie
        if p and c[k] < 3:
            continue
        for q in range(2):
            if q and (not pair_left or c[k] - 3 * p < 2):
                continue
            m = c[k] - 3 * p - 2 * q
            if m < 0 or p + m > sets_left:
                continue
            if m > 0 and (k >= 27 or k % 9 > 6 or c[k + 1] < m or c[k + 2] < m):
                continue
            # apply
            left = cur.n_sets
            if p:
                cur.sets[cur.n_sets].type = GB_PUNG
                cur.sets[cur.n_sets].tile = <uint8_t>k
                cur.sets[cur.n_sets].exposed = 0
                cur.n_sets += 1
            for j in range(m):
                cur.sets[cur.n_sets].type = GB_CHOW
                cur.sets[cur.n_sets].tile = <uint8_t>k
                cur.sets[cur.n_sets].exposed = 0
                cur.n_sets += 1
            if q:
                cur.pair = <int8_t>k
            c[k] -= 3 * p + 2 * q + m
            if m > 0:
                c[k + 1] -= m
                c[k + 2] -= m
            _dec(c, k + 1, sets_left - p - m, pair_left and not q, cur, out, n, max_out)
            c[k] += 3 * p + 2 * q + m
            if m > 0:
                c[k + 1] += m
                c[k + 2] += m
            cur.n_sets = <uint8_t>left


cdef int gb_decompose(const uint8_t* counts, int n_sets, GbDecomp* out, int max_out) noexcept nogil:
    cdef uint8_t c[36]
    cdef GbDecomp cur
    cdef int n = 0, k
    for k in range(34):
        c[k] = counts[k]
    c[34] = 0
    c[35] = 0
    cur.n_sets = 0
    cur.pair = -1
    _dec(c, 0, n_sets, 1, &cur, out, &n, max_out)
    return n


cdef inline int _size(const uint8_t* counts) noexcept nogil:
    cdef int k, size = 0
    for k in range(34):
        size += counts[k]
    return size


cdef bint gb_is_seven_pairs(const uint8_t* counts) noexcept nogil:
    cdef int k, pairs = 0, size = 0
    for k in range(34):
        if counts[k] % 2:
            return 0
        pairs += counts[k] // 2
        size += counts[k]
    return size == 14 and pairs == 7


cdef bint gb_is_thirteen_orphans(const uint8_t* counts) noexcept nogil:
    cdef int i, size = 0
    for i in range(13):
        if counts[GB_ORPHANS[i]] == 0:
            return 0
        size += counts[GB_ORPHANS[i]]
    return size == 14 and _size(counts) == 14


cdef int gb_honors_knitted(const uint8_t* counts) noexcept nogil:
    cdef int p, k, s
    cdef bint ok
    for k in range(34):
        if counts[k] > 1:
            return -1
    if _size(counts) != 14:
        return -1
    for p in range(GB_N_KNIT):
        ok = 1
        for k in range(27):
            s = k // 9
            if counts[k] and (k % 9) % 3 != GB_KNIT[p][s]:
                ok = 0
                break
        if ok:
            return p
    return -1


cdef bint gb_has_knitted_straight(const uint8_t* counts, int p) noexcept nogil:
    cdef int s, r
    for s in range(3):
        r = GB_KNIT[p][s]
        while r < 9:
            if counts[s * 9 + r] == 0:
                return 0
            r += 3
    return 1


cdef inline bint _basic(const uint8_t* counts) noexcept nogil:
    cdef Hand h
    hand_set_counts(&h, counts, -1)
    return hand_is_win(&h)


cdef bint _knitted_win(const uint8_t* counts, int p) noexcept nogil:
    """组合龙 of knitting p + the rest in the basic shape."""
    cdef uint8_t rest[34]
    cdef int s, r
    if not gb_has_knitted_straight(counts, p):
        return 0
    memcpy(rest, counts, 34)
    for s in range(3):
        r = GB_KNIT[p][s]
        while r < 9:
            rest[s * 9 + r] -= 1
            r += 3
    return _basic(rest)


cdef bint gb_is_win(const uint8_t* counts, int n_melds) noexcept nogil:
    cdef int p
    if _basic(counts):
        return 1
    if n_melds == 0 and (gb_is_seven_pairs(counts) or gb_is_thirteen_orphans(counts)
                         or gb_honors_knitted(counts) >= 0):
        return 1
    if n_melds <= 1:
        for p in range(GB_N_KNIT):
            if _knitted_win(counts, p):
                return 1
    return 0


cdef unsigned long long KNIT_MASK[GB_N_KNIT]    # the 9 kinds of each knitting, filled at import
cdef unsigned long long ORPHAN_MASK = 0
cdef unsigned long long SUITED_MASK = (1ULL << 27) - 1
cdef unsigned long long HONOR_MASK = ((1ULL << 34) - 1) & ~((1ULL << 27) - 1)


cdef GbGate GATE   # filled at import


cdef const GbGate* gb_gate() noexcept nogil:
    return &GATE


def _fill_masks():
    global ORPHAN_MASK
    cdef int p, s, r, b
    cdef uint32_t x
    for p in range(GB_N_KNIT):
        KNIT_MASK[p] = 0
        for s in range(3):
            r = GB_KNIT[p][s]
            while r < 9:
                KNIT_MASK[p] |= 1ULL << (s * 9 + r)
                r += 3
    for r in range(13):
        ORPHAN_MASK |= 1ULL << GB_ORPHANS[r]
    GATE.suit_f = need_table(False)
    GATE.hon_f = need_table(True)
    for s in range(3):
        for b in range(512):
            x = 0
            for p in range(GB_N_KNIT):
                r = GB_KNIT[p][s]
                x += (((b >> r) & 1) + ((b >> (r + 3)) & 1) + ((b >> (r + 6)) & 1)) << (4 * p)
            GATE.knit[s][b] = x


_fill_masks()


cdef unsigned long long gb_hand_wait_mask(const Hand* h, int n_melds) noexcept nogil:
    """0 where gb_surely_not_ready rules every shape out (the common hand: four table reads and
    a few bit operations, no frame), else gb_shape_waits."""
    if gb_surely_not_ready(h, n_melds, &GATE):
        return 0
    return shape_waits[0](h, n_melds)


# gb_shape_waits called through a pointer set at import so that the compiler keeps it out of line.
ctypedef unsigned long long (*MeldsWaits)(const Hand* h, int n_melds) noexcept nogil
cdef MeldsWaits shape_waits[1]


cdef unsigned long long gb_shape_waits(const Hand* h, int n_melds) noexcept nogil:
    """The basic shape's waits from the need tables, a fifth copy by decomposition, and each
    special shape in closed form or only where its precondition holds (kit/tables34.pxd): 七对
    with one odd kind, 十三幺 with orphans only, 全不靠 with 13 singles fitting a knitting (then its
    missing knitted tiles and honours are the waits), 组合龙 with at most one knitted tile
    missing."""
    cdef unsigned long long mask, ones, odd
    cdef uint64_t present, fours
    cdef uint32_t near
    cdef int p
    mask = t34_std_waits(h)
    fz_held_and_fours(h.counts, &present, &fours)
    if fours:
        mask |= _fifth_copy_waits(h, n_melds, fours)
    if n_melds == 0:
        gb_ones_odd(h.counts, &ones, &odd)
        if h.golds or not odd & (odd - 1):   # (without golds 七对 waits on a single odd kind only)
            mask |= t34_seven_pairs_waits(h, True)
        if present & ~T34_ORPHANS == 0:
            mask |= t34_orphans_waits(h)
        if present == ones:   # 13 singles: 全不靠 on any missing tile of a knitting they fit
            for p in range(GB_N_KNIT):
                if present & SUITED_MASK & ~KNIT_MASK[p] == 0:
                    mask |= (KNIT_MASK[p] | HONOR_MASK) & ~present
    if n_melds <= 1:
        # the knittings with 8 or 9 tiles held (two or more missing: no 组合龙 on one draw)
        near = gb_knit_sums(&GATE, present) & GB_NEAR_BITS
        while near:
            p = __builtin_ctzll(near) >> 2   # (bit 3 of knitting p's 4-bit field)
            near &= near - 1
            mask |= _knitted_waits(h, p, present, mask)
    return mask


shape_waits[0] = gb_shape_waits


cdef unsigned long long _fifth_copy_waits(const Hand* h, int n_melds,
                                          unsigned long long fours) noexcept nogil:
    """The kinds of `fours` (held four times) a fifth copy of which completes the basic shape
    (a wait is a shape, whatever is left)."""
    cdef uint8_t c[34]
    cdef unsigned long long mask = 0
    cdef int k
    cdef GbDecomp one
    memcpy(c, h.counts, 34)
    while fours:
        k = __builtin_ctzll(fours)
        fours &= fours - 1
        c[k] = 5
        if gb_decompose(c, 4 - n_melds, &one, 1):
            mask |= (<unsigned long long>1) << k
        c[k] = 4
    return mask


cdef unsigned long long _knitted_waits(const Hand* h, int p, unsigned long long present,
                                       unsigned long long found) noexcept nogil:
    """The kinds not in `found` one more of which completes 组合龙 of knitting p (at most one of
    its tiles absent from `present`: then only that one can)."""
    cdef uint8_t c[34]
    cdef unsigned long long mask = 0, bit, absent = KNIT_MASK[p] & ~present
    cdef int k, miss_kind = __builtin_ctzll(absent) if absent else -1
    memcpy(c, h.counts, 34)
    for k in range(34):
        bit = (<unsigned long long>1) << k
        if found & bit or (absent and k != miss_kind) or c[k] >= 4:
            continue
        c[k] += 1
        if _knitted_win(c, p):
            mask |= bit
        c[k] -= 1
    return mask


cdef unsigned long long gb_wait_mask(const uint8_t* counts, const uint8_t* held,
                                     int n_melds) noexcept nogil:
    cdef Hand h
    cdef unsigned long long mask
    cdef int k
    hand_set_counts(&h, counts, -1)
    mask = gb_hand_wait_mask(&h, n_melds)
    if mask:
        for k in range(34):
            if held[k] >= 4:
                mask &= ~((<unsigned long long>1) << k)
    return mask


def wait_mask(const uint8_t[::1] counts, int n_melds=0):
    """Kinds completing a 13 - 3 n_melds tile hand (34 concealed counts) in any 国标 shape, a kind
    held four times included when a fifth copy would complete it (as gb_wait_mask with no held
    tiles): an int bit mask. For tests and analysis."""
    cdef uint8_t zero[34]
    cdef int k, size = 0
    if counts.shape[0] != 34:
        raise ValueError(f"counts must have 34 entries, not {counts.shape[0]}")
    if not 0 <= n_melds <= 4:
        raise ValueError(f"n_melds {n_melds} must be 0..4")
    for k in range(34):
        if counts[k] > 4:
            raise ValueError(f"kind {k} is held {counts[k]} times (at most 4)")
        size += counts[k]
        zero[k] = 0
    if size != 13 - 3 * n_melds:
        raise ValueError(f"{size} concealed tiles with {n_melds} declared set(s): expected {13 - 3 * n_melds}")
    return gb_wait_mask(&counts[0], zero, n_melds)


def _hand_wait_many(const uint8_t[:, ::1] counts, const uint8_t[::1] n_melds):
    """Test hook: gb_hand_wait_mask (the pack hook's path on a packed Hand) over many 13 - 3 n
    tile hands at once, the GIL released, kinds held four times dropped: (N, 34) counts and (N,)
    meld counts -> (N,) uint64 masks."""
    import numpy as np
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand h
    if counts.shape[1] != 34 or n_melds.shape[0] != n:
        raise ValueError("counts must be (N, 34) and n_melds (N,)")
    out = np.zeros(n, dtype=np.uint64)
    cdef unsigned long long[::1] o = out
    with nogil:
        for i in range(n):
            hand_set_counts(&h, &counts[i, 0], -1)
            o[i] = gb_hand_wait_mask(&h, n_melds[i]) & ~fz_counts_mask(h.counts, 4)
    return out
