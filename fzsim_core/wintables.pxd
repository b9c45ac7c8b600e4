# Table-driven wildcard (金) win search over a packed Hand (contract 1).
#
# The tables build when fzsim_core.wintables is imported; cimporting this module imports it,
# so they are always ready before any of these functions can be called. All functions read
# only the Hand and the tables: they are safe to call concurrently without the GIL.
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.hand cimport Hand

# Fewest golds the concealed part (size 3n+2) needs to be n melds + a pair (golds themselves
# excluded from the real tiles). A hand wins iff hand_need(h) <= h.golds.
cdef int hand_need(const Hand* h) noexcept nogil
# The table hand_need reads for a suit (5^9 keys) or, honours True, the honours (5^7 keys): by
# key, f0 | f1 << 4 with f0 / f1 the fewest golds making the part melds only / melds + a pair
# (f1 - f0 is -1 or +2). For a module's own inline bound on the need; read only.
cdef const uint8_t* need_table(bint honours) noexcept nogil
# Size 3n+2 and every gold wild: the concealed tiles are n melds + a pair. 0 for other sizes.
cdef bint hand_is_win(const Hand* h) noexcept nogil
# Size 3n+1: some tile would complete it (one more gold would); 0 for other sizes. Like shanten
# this ignores the 4-copy limit: "1111m" is ready (on a fifth 1m) but has an empty wait mask.
cdef bint hand_is_ready(const Hand* h) noexcept nogil
# Size 3n+1 (0 for other sizes): adding one tile of `kind` (0..33, may be the gold kind) wins.
# 0 if the hand already holds 4 copies of `kind` (that tile cannot be drawn).
cdef bint hand_wins_with(const Hand* h, int kind) noexcept nogil
# Size 3n+1: bit k set iff hand_wins_with(h, k); kinds held 4 times are never set (0 for
# other sizes).
cdef uint64_t hand_wait_mask(const Hand* h) noexcept nogil
# Size 3n+1 or 3n+2, golds wild: -1 complete, 0 ready, else tiles to exchange before ready.
# Like every shanten table it ignores the 4-copy limit and visible tiles. -2 for a size 3n or > 17.
cdef int hand_shanten(const Hand* h) noexcept nogil
# A winning 3n+2 hand readable as 金雀: two golds are the pair, the rest (remaining golds wild)
# are the melds.
cdef bint hand_is_jinque(const Hand* h) noexcept nogil
# A winning 3n+2 hand readable as 金龙: three golds are a pung of their own kind and the
# remaining tiles are melds + pair with no wildcard; a 4th gold then counts only as a plain
# tile of the gold kind.
cdef bint hand_is_jinlong(const Hand* h) noexcept nogil
# A 3n+1 hand holding exactly one gold whose other tiles are n melds with no wildcard, so
# the gold is half of the pair and any tile completes it (闲金 / 跑百搭 wait).
cdef bint hand_is_xianjin_wait(const Hand* h) noexcept nogil


cdef inline void sig_minplus(const uint8_t* a, const uint8_t* b, uint8_t* out, int n) noexcept nogil:
    """Signature of two parts together (used by the win tables and greedy's per-suit tables):
    out[2m+p] = min over splits of melds and of the (at most one) pair, for m <= n."""
    cdef int m, j, v, b0, b1
    for m in range(n + 1):
        b0 = 255
        b1 = 255
        for j in range(m + 1):
            v = a[2 * j] + b[2 * (m - j)]
            if v < b0:
                b0 = v
            v = a[2 * j + 1] + b[2 * (m - j)]
            if v < b1:
                b1 = v
            v = a[2 * j] + b[2 * (m - j) + 1]
            if v < b1:
                b1 = v
        out[2 * m] = <uint8_t>b0
        out[2 * m + 1] = <uint8_t>b1
