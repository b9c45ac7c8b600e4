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

    Same result as hand_add per tile, but the keys are built by Horner's rule in 34 steps."""
    cdef int k, part, r, size = 0
    cdef uint32_t key
    for k in range(34):
        h.counts[k] = counts[k]
        size += counts[k]
    h.size = <uint8_t>size
    h.gold = <int8_t>gold
    h.golds = counts[gold] if gold >= 0 else 0
    for part in range(4):
        key = 0
        r = 6 if part == 3 else 8
        while r >= 0:
            k = part * 9 + r
            key = key * 5 + (counts[k] if k != gold else 0)
            r -= 1
        h.key[part] = key
