# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The validated Python entry points of the wildcard (金) win search (``fzsim.wincheck``).

One hand: notation or a 34/42-long count array, and a gold kind (notation, index, -1 or None),
parsed and checked in C by ``notation.pxd``, its size checked here, then one kernel of
``wintables.pxd``. N hands: an (N, 34) integer array and N golds, checked row by row in one
nogil pass, then one nogil loop (the numpy.random model). Every bad input raises ValueError
naming it; nothing here can read outside a table or return a value for an invalid hand.
"""
from libc.stdint cimport int8_t, uint8_t, uint64_t

import numpy as np

from fzsim_core.hand cimport Hand, hand_set_counts
from fzsim_core.notation cimport gold_kind, hand_counts_into
from fzsim_core.wintables cimport (
    hand_is_jinlong, hand_is_jinque, hand_is_win, hand_is_xianjin_wait, hand_need, hand_shanten,
    hand_wait_mask, hand_wins_with,
)

from fzsim_core.notation import kind_index, kind_name

cdef enum:
    MAX_TILES = 17
    SIZE_WAIT = 1        # 3n+1 tiles
    SIZE_WIN = 2         # 3n+2 tiles
    SIZE_EITHER = 3      # 3n+1 or 3n+2 tiles

cdef dict ALLOWED = {
    SIZE_WIN: "3n+2 tiles (2, 5, 8, 11, 14 or 17)",
    SIZE_WAIT: "3n+1 tiles (1, 4, 7, 10, 13 or 16)",
    SIZE_EITHER: "3n+1 or 3n+2 tiles, at most 17",
}
cdef tuple NAMES = tuple(kind_name(k) for k in range(34))


cdef inline bint _size_ok(int size, int sizes) noexcept nogil:
    if size > MAX_TILES:
        return False
    if sizes == SIZE_EITHER:
        return size % 3 != 0
    return size % 3 == sizes


cdef int _load(Hand* h, object hand, object gold, int sizes) except -1:
    """Validate (hand, gold) and pack them into `h`; raises ValueError naming the problem."""
    cdef uint8_t c[34]
    cdef int k, g, size = 0
    hand_counts_into(hand, c)
    g = gold_kind(gold)
    for k in range(34):
        size += c[k]
    if not _size_ok(size, sizes):
        raise ValueError(f"hand size {size} is not allowed here: expected {ALLOWED[sizes]}")
    hand_set_counts(h, c, g)
    return 0


def is_win(hand, gold=None):
    """True if the 3n+2 concealed tiles are n melds + a pair, every gold being wild."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WIN)
    return hand_is_win(&h)


def need(hand, gold=None):
    """Fewest golds the non-gold tiles of a 3n+2 hand need to become n melds + a pair."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WIN)
    return hand_need(&h)


def wins_with(hand, kind, gold=None):
    """True if drawing one tile of `kind` (notation or index 0..33) completes the 3n+1 hand."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WAIT)
    k = kind_index(kind) if isinstance(kind, str) else gold_kind(kind)  # an index checked like a gold's
    if not 0 <= k < 34:
        raise ValueError(f"kind {kind!r} must be a suited or honour kind (1m..9s, 1z..7z: 0..33)")
    return hand_wins_with(&h, k)


def wait_mask(hand, gold=None):
    """Waits of a 3n+1 hand as a bit mask over kinds 0..33 (see `waits`)."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WAIT)
    return hand_wait_mask(&h)


def waits(hand, gold=None):
    """Kinds whose draw completes a 3n+1 hand, in kind order.

    The gold kind is listed whenever the hand is ready, since a drawn gold is wild. A kind
    the hand already holds 4 copies of is never listed: no fifth copy can be drawn.
    """
    cdef Hand h
    cdef int k
    cdef uint64_t mask
    _load(&h, hand, gold, SIZE_WAIT)
    mask = hand_wait_mask(&h)
    return [NAMES[k] for k in range(34) if mask >> k & 1]


def shanten(hand, gold=None):
    """Shanten of a 3n+1 or 3n+2 hand with golds wild: -1 complete, 0 ready, else the fewest
    tile exchanges before it is ready. Ignores the 4-copy limit and visible tiles, like
    every shanten table (a 3n+1 hand can be "ready" on a kind it holds 4 of)."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_EITHER)
    return hand_shanten(&h)


def is_jinque(hand, gold=None):
    """金雀 (RULES §6): a 3n+2 hand that wins with two golds as the pair and the other tiles
    (any further golds wild) as the melds."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WIN)
    return hand_is_jinque(&h)


def is_jinlong(hand, gold=None):
    """金龙 (RULES §6): a 3n+2 hand that wins with three golds as a pung of their own kind and
    every other tile used as itself. A fourth gold (three held + the robbed indicator) stays
    wild, so the hand is 金龙 whenever some split has three golds as the pung (gold 5p:
    ``5555p1199m`` is 金龙, the fourth 5p pairing with 1m or 9m)."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WIN)
    return hand_is_jinlong(&h)


def is_xianjin_wait(hand, gold=None):
    """闲金 wait (RULES §4): a 3n+1 hand holding exactly one gold whose other tiles are n
    melds with no wildcard, so the gold is half of the pair and any tile completes it."""
    cdef Hand h
    _load(&h, hand, gold, SIZE_WAIT)
    return hand_is_xianjin_wait(&h)


# ---------------------------------------------------------------------------------------------
# N hands: validate every row (one nogil pass), then one nogil loop

cdef Py_ssize_t _first_bad_row(const uint8_t[:, ::1] counts, const int8_t[::1] golds, int sizes,
                               int* why) noexcept nogil:
    """The first row with a gold outside -1..33 (why 1), a count above 4 (2) or a size not
    allowed (3); -1 when every row is valid."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int k, size
    for i in range(n):
        if golds[i] < -1 or golds[i] >= 34:
            why[0] = 1
            return i
        size = 0
        for k in range(34):
            if counts[i, k] > 4:
                why[0] = 2
                return i
            size += counts[i, k]
        if not _size_ok(size, sizes):
            why[0] = 3
            return i
    return -1


cdef int _check_rows(const uint8_t[:, ::1] counts, const int8_t[::1] golds, Py_ssize_t n_out,
                     int sizes, str what) except -1:
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int why = 0
    if counts.shape[1] != 34 or golds.shape[0] != n or n_out != n:
        raise ValueError(f"{what}: shapes must be (N, 34), (N,), (N,), got ({n}, {counts.shape[1]}), "
                         f"({golds.shape[0]},), ({n_out},)")
    with nogil:
        i = _first_bad_row(counts, golds, sizes, &why)
    if i < 0:
        return 0
    if why == 1:
        raise ValueError(f"golds[{i}] = {golds[i]} is not a kind: allowed -1 (none) or 0..33")
    row = np.asarray(counts[i])
    if why == 2:
        k = int(np.flatnonzero(row > 4)[0])
        raise ValueError(f"counts[{i}] holds {row[k]} of {NAMES[k]}: allowed 0..4")
    need = {SIZE_WIN: "3n+2 tiles, at most 17", SIZE_WAIT: "3n+1 tiles, at most 16"}.get(sizes, "3n+1 or 3n+2 tiles, at most 17")
    raise ValueError(f"counts[{i}] has {int(row.sum())} tiles: {what} needs {need}")


ctypedef int (*HandFn)(const Hand*) noexcept nogil


cdef int _win(const Hand* h) noexcept nogil:
    return hand_is_win(h)


cdef int _shanten(const Hand* h) noexcept nogil:
    return hand_shanten(h)


cdef void _each_row(const uint8_t[:, ::1] counts, const int8_t[::1] golds, HandFn fn,
                    int8_t* out) noexcept nogil:
    """out[i] = fn(row i) over rows already validated by _check_rows."""
    cdef Py_ssize_t i
    cdef Hand h
    for i in range(counts.shape[0]):
        hand_set_counts(&h, &counts[i, 0], golds[i])
        out[i] = <int8_t>fn(&h)


def is_win_many_into(const uint8_t[:, ::1] counts, const int8_t[::1] golds, uint8_t[::1] out):
    """out[i] = is_win(counts[i], golds[i]) over C-contiguous uint8 (N, 34) counts and int8 (N,)
    golds; every row is validated first (ValueError naming the first bad row)."""
    _check_rows(counts, golds, out.shape[0], SIZE_WIN, "is_win_many")
    if counts.shape[0]:
        with nogil:
            _each_row(counts, golds, _win, <int8_t*>&out[0])


def shanten_many_into(const uint8_t[:, ::1] counts, const int8_t[::1] golds, int8_t[::1] out):
    """out[i] = shanten(counts[i], golds[i]); the same contract as `is_win_many_into`."""
    _check_rows(counts, golds, out.shape[0], SIZE_EITHER, "shanten_many")
    if counts.shape[0]:
        with nogil:
            _each_row(counts, golds, _shanten, &out[0])


def wait_mask_many_into(const uint8_t[:, ::1] counts, const int8_t[::1] golds, uint64_t[::1] out):
    """out[i] = wait_mask(counts[i], golds[i]) (3n+1 rows); the same contract as `is_win_many_into`."""
    cdef Py_ssize_t i
    cdef Hand h
    _check_rows(counts, golds, out.shape[0], SIZE_WAIT, "wait_mask_many")
    with nogil:
        for i in range(counts.shape[0]):
            hand_set_counts(&h, &counts[i, 0], golds[i])
            out[i] = hand_wait_mask(&h)


cdef tuple _rows(counts, golds):
    """(N, 34) integer counts and N golds (or one for all) as contiguous uint8 / int8 arrays;
    values that a cast would wrap are refused first."""
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise ValueError(f"counts must have shape (N, 34), got {arr.shape}")
    if arr.dtype.kind not in "biu":
        raise ValueError(f"counts must be an integer array, got dtype {arr.dtype}")
    g = np.asarray(golds)
    if g.ndim == 0:
        g = np.full(arr.shape[0], int(g), dtype=np.int64)
    if g.shape != (arr.shape[0],):
        raise ValueError(f"golds must have shape ({arr.shape[0]},), got {g.shape}")
    if g.dtype.kind not in "biu":
        raise ValueError(f"golds must be an integer array, got dtype {g.dtype}")
    if g.dtype != np.int8 and g.size and (g.min() < -1 or g.max() >= 34):
        i = int(np.flatnonzero((g < -1) | (g >= 34))[0])
        raise ValueError(f"golds[{i}] = {g[i]} is not a kind: allowed -1 (none) or 0..33")
    if arr.dtype != np.uint8 and arr.size and (arr.min() < 0 or arr.max() > 4):
        i, k = (int(x) for x in np.argwhere((arr < 0) | (arr > 4))[0])
        raise ValueError(f"counts[{i}] holds {arr[i, k]} of {NAMES[k]}: allowed 0..4")
    return np.ascontiguousarray(arr, dtype=np.uint8), np.ascontiguousarray(g, dtype=np.int8)


def is_win_many(counts, golds):
    """`is_win` over an (N, 34) integer count array and N gold kinds (or one int for all; -1
    for none); the loop runs in C without the GIL. Returns an (N,) bool array."""
    c, g = _rows(counts, golds)
    out = np.empty(c.shape[0], dtype=np.uint8)
    is_win_many_into(c, g, out)
    return out.view(bool)


def wait_mask_many(counts, golds):
    """`wait_mask` over an (N, 34) integer count array of 3n+1 hands and N gold kinds (or one for
    all; -1 for none); returns (N,) uint64 masks over kinds 0..33, looped in C without the GIL."""
    c, g = _rows(counts, golds)
    out = np.empty(c.shape[0], dtype=np.uint64)
    wait_mask_many_into(c, g, out)
    return out


def shanten_many(counts, golds):
    """`shanten` over an (N, 34) integer count array and N gold kinds; returns (N,) int8."""
    c, g = _rows(counts, golds)
    out = np.empty(c.shape[0], dtype=np.int8)
    shanten_many_into(c, g, out)
    return out
