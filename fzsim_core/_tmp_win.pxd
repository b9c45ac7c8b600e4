# TEMPORARY stand-in for fzsim_core.hand / fzsim_core.wintables (contract 1) so the engine
# compiles before branch `wincheck` lands: same names, brute-force recursion, crude shanten.
# Deleted when main has the real tables.
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t

ctypedef struct Hand:
    uint32_t key[4]
    uint8_t counts[34]
    uint8_t golds
    uint8_t size
    int8_t gold

cdef inline uint32_t _pow5(int r) noexcept nogil:
    cdef uint32_t p = 1
    cdef int i
    for i in range(r):
        p *= 5
    return p

cdef inline void hand_init(Hand* h, int gold) noexcept nogil:
    cdef int i
    for i in range(4):
        h.key[i] = 0
    for i in range(34):
        h.counts[i] = 0
    h.golds = 0
    h.size = 0
    h.gold = gold

cdef inline void hand_add(Hand* h, int kind) noexcept nogil:
    h.counts[kind] += 1
    h.size += 1
    if kind == h.gold:
        h.golds += 1
    else:
        h.key[kind // 9] += _pow5(kind % 9)

cdef inline void hand_remove(Hand* h, int kind) noexcept nogil:
    h.counts[kind] -= 1
    h.size -= 1
    if kind == h.gold:
        h.golds -= 1
    else:
        h.key[kind // 9] -= _pow5(kind % 9)

cdef inline int _need(uint8_t* c, int i, int end, int pair) noexcept nogil:
    """Fewest golds turning c[i:end] (one suit, or the honours) into melds (+ a pair)."""
    while i < end and c[i] == 0:
        i += 1
    if i >= end:
        return 2 if pair else 0
    cdef int best = 99, v, n = c[i], use, r, start, p, cost, base, taken
    cdef int used[3]
    use = 3 if n >= 3 else n
    c[i] -= use
    v = (3 - use) + _need(c, i, end, pair)
    c[i] += use
    if v < best:
        best = v
    if pair:
        use = 2 if n >= 2 else 1
        c[i] -= use
        v = (2 - use) + _need(c, i, end, 0)
        c[i] += use
        if v < best:
            best = v
    if i < 27:
        r = i % 9
        base = i - r
        for start in range(r - 2, r + 1):
            if start < 0 or start > 6:
                continue
            cost = 0
            for p in range(3):
                used[p] = 0
                if base + start + p >= i and c[base + start + p] > 0:
                    c[base + start + p] -= 1
                    used[p] = 1
                else:
                    cost += 1
            if cost < 2 or start == r:   # two golds around one tile: the pung already covers it
                v = cost + _need(c, i, end, pair)
                if v < best:
                    best = v
            for p in range(3):
                if used[p]:
                    c[base + start + p] += 1
    return best

cdef inline int _real_need(const Hand* h, int pair) noexcept nogil:
    cdef uint8_t c[34]
    cdef int i, f0[4], f1[4], total = 0, best = 99, v
    for i in range(34):
        c[i] = h.counts[i]
    if h.gold >= 0:
        c[h.gold] = 0
    for i in range(4):
        f0[i] = _need(c, 9 * i, 9 * i + 9 if i < 3 else 34, 0)
        total += f0[i]
    if not pair:
        return total
    for i in range(4):
        f1[i] = _need(c, 9 * i, 9 * i + 9 if i < 3 else 34, 1)
        v = total - f0[i] + f1[i]
        if v < best:
            best = v
    return best

cdef inline int hand_need(const Hand* h) noexcept nogil:
    return _real_need(h, 1)

cdef inline bint hand_is_win(const Hand* h) noexcept nogil:
    return _real_need(h, 1) <= h.golds

cdef inline bint hand_wins_with(const Hand* h, int kind) noexcept nogil:
    cdef Hand t = h[0]
    hand_add(&t, kind)
    return hand_is_win(&t)

cdef inline uint64_t hand_wait_mask(const Hand* h) noexcept nogil:
    cdef uint64_t m = 0
    cdef int k
    for k in range(34):
        if hand_wins_with(h, k):
            m |= (<uint64_t>1) << k
    return m

cdef inline int hand_shanten(const Hand* h) noexcept nogil:
    cdef int need
    if h.size % 3 == 2:
        need = _real_need(h, 1)
        return -1 if need <= h.golds else need - h.golds - 1
    need = _real_need(h, 1)
    return 0 if need <= h.golds + 1 else need - h.golds - 1

cdef inline bint hand_is_jinque(const Hand* h) noexcept nogil:
    return h.golds >= 2 and _real_need(h, 0) <= h.golds - 2

cdef inline bint hand_is_jinlong(const Hand* h) noexcept nogil:
    return h.golds >= 3 and _real_need(h, 1) <= h.golds - 3

cdef inline bint hand_is_xianjin_wait(const Hand* h) noexcept nogil:
    return h.golds == 1 and h.size % 3 == 1 and _real_need(h, 0) == 0
