# The packed concealed hand of one player (contract 1, see fzsim_core/wintables.pxd).
#
# key[0..2] are base-5 keys of the suits m, p, s over ranks 1..9 (digit r = copies of rank r+1),
# key[3] the base-5 key of the honours 1z..7z. The gold kind's copies are NOT in the keys: they
# are wild, counted in `golds`. `counts` holds every concealed tile, golds included, so a kind
# index k lives in key[k // 9] at digit k % 9 (this holds for honours too: 27..33 -> key 3, 0..6).
# All updates are O(1); nothing here checks bounds (callers keep counts in 0..4, kinds in 0..33).
from libc.stdint cimport int8_t, uint8_t, uint32_t
from libc.string cimport memset

cdef extern from *:
    """
    static const uint32_t FZ_POW5[9] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u};
    /* key index and base-5 digit weight of each kind, so updates need no division */
    static const uint8_t FZ_KPART[34] = {
        0,0,0,0,0,0,0,0,0, 1,1,1,1,1,1,1,1,1, 2,2,2,2,2,2,2,2,2, 3,3,3,3,3,3,3};
    static const uint32_t FZ_KPOW[34] = {
        1,5,25,125,625,3125,15625,78125,390625, 1,5,25,125,625,3125,15625,78125,390625,
        1,5,25,125,625,3125,15625,78125,390625, 1,5,25,125,625,3125,15625};
    """
    const uint32_t FZ_POW5[9]
    const uint8_t FZ_KPART[34]
    const uint32_t FZ_KPOW[34]

ctypedef struct Hand:
    uint32_t key[4]
    uint8_t counts[34]
    uint8_t golds
    uint8_t size
    int8_t gold


cdef inline void hand_init(Hand* h, int gold) noexcept nogil:
    """Empty hand whose gold kind is `gold` (-1 for no gold)."""
    memset(h, 0, sizeof(Hand))
    h.gold = <int8_t>gold


cdef inline void hand_add(Hand* h, int kind) noexcept nogil:
    """Add one tile of `kind` (0..33); the caller guarantees the count stays <= 4."""
    h.counts[kind] += 1
    h.size += 1
    if kind == h.gold:
        h.golds += 1
    else:
        h.key[FZ_KPART[kind]] += FZ_KPOW[kind]


cdef inline void hand_remove(Hand* h, int kind) noexcept nogil:
    """Remove one tile of `kind` (0..33); the caller guarantees the hand holds one."""
    h.counts[kind] -= 1
    h.size -= 1
    if kind == h.gold:
        h.golds -= 1
    else:
        h.key[FZ_KPART[kind]] -= FZ_KPOW[kind]


cdef inline void hand_set_counts(Hand* h, const uint8_t* counts, int gold) noexcept nogil:
    """Fill `h` from 34 concealed counts (golds included) with gold kind `gold`.

    Same result as hand_add per tile, but each key is built whole: a sum over the part's ranks with
    fixed bounds (unrolled, the weights constants), the gold's copies then taken out of its part."""
    cdef int k, r, size = 0
    cdef uint32_t key
    for k in range(34):
        h.counts[k] = counts[k]
        size += counts[k]
    h.size = <uint8_t>size
    h.gold = <int8_t>gold
    h.golds = counts[gold] if gold >= 0 else 0
    for k in range(3):
        key = 0
        for r in range(9):
            key += counts[9 * k + r] * FZ_POW5[r]
        h.key[k] = key
    key = 0
    for r in range(7):
        key += counts[27 + r] * FZ_POW5[r]
    h.key[3] = key
    if gold >= 0:
        h.key[FZ_KPART[gold]] -= counts[gold] * FZ_KPOW[gold]
