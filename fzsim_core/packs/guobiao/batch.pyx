# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Python entry points of the 国标 evaluator (fans.pxd): one hand, and many in one nogil loop.

Hands arrive as arrays already shaped by ``fzsim.fans`` (fzsim.packs.guobiao.calculator, which validates notation and says what
is wrong); these wrappers check shapes and ranges, and the kernel's status codes say the rest.
Arrays: counts (N, 34) uint8 — the concealed tiles with the winning tile; melds (N, 4, 3) int8
— (type, tile, exposed) with type 0 chow / 1 pung / 2 kong / -1 no set; win, flags, flowers,
seat, round (N,) uint8.
"""
from libc.stdint cimport int8_t, int16_t, uint8_t
from libc.string cimport memcpy

import time

import numpy as np

from fzsim_core.packs.guobiao.fans cimport GB_N_FANS, GbFans, GbHand, gb_evaluate
from fzsim_core.packs.guobiao.fanids cimport GB_VALUE

N_FANS = GB_N_FANS
#: value of each fan id (0 unused)
VALUES = np.array([GB_VALUE[i] for i in range(GB_N_FANS)], dtype=np.int16)
#: the kernel's status codes
STATUS = {0: "ok", -1: "wrong tile count", -2: "more than 4 of a kind", -3: "winning tile not in the hand",
          -4: "not a winning hand", -5: "impossible situation flags", -6: "bad declared set"}


cdef int _load(GbHand* h, const uint8_t* counts, const int8_t[:, ::1] melds, int win, int flags,
               int flowers, int seat, int rnd) noexcept nogil:
    cdef int i, n = 0
    memcpy(h.counts, counts, 34)
    for i in range(4):
        if melds[i, 0] < 0:
            continue
        h.melds[n].type = <uint8_t>melds[i, 0]
        h.melds[n].tile = <uint8_t>melds[i, 1]
        h.melds[n].exposed = <uint8_t>(melds[i, 2] != 0)
        n += 1
    h.n_melds = <uint8_t>n
    h.win_tile = <uint8_t>win
    h.flags = <uint8_t>flags
    h.flowers = <uint8_t>flowers
    h.seat_wind = <uint8_t>seat
    h.round_wind = <uint8_t>rnd
    return n


def evaluate_listed(const uint8_t[::1] counts, list melds, int win, int flags, int flowers, int seat, int rnd):
    """(status, total, base, [(fan id, times counted), ...]) of one hand whose melds are a list of at
    most four (type, lowest tile, exposed) tuples: `fzsim.fans`'s path, with no array built per call."""
    cdef GbHand h
    cdef GbFans f
    cdef int i, st
    if counts.shape[0] != 34 or len(melds) > 4:
        raise ValueError("evaluate_listed: counts must be (34,), at most 4 melds")
    if not (0 <= win < 34 and 0 <= flags < 64 and 0 <= flowers <= 8 and 0 <= seat < 4 and 0 <= rnd < 4):
        raise ValueError("evaluate_listed: win, flags, flowers, seat or round out of range")
    memcpy(h.counts, &counts[0], 34)
    for i, (typ, tile, exposed) in enumerate(melds):
        if not (0 <= typ <= 2 and 0 <= tile < 34):
            raise ValueError(f"evaluate_listed: meld {(typ, tile, exposed)!r} out of range")
        h.melds[i].type = <uint8_t>typ
        h.melds[i].tile = <uint8_t>tile
        h.melds[i].exposed = <uint8_t>(exposed != 0)
    h.n_melds = <uint8_t>len(melds)
    h.win_tile = <uint8_t>win
    h.flags = <uint8_t>flags
    h.flowers = <uint8_t>flowers
    h.seat_wind = <uint8_t>seat
    h.round_wind = <uint8_t>rnd
    st = gb_evaluate(&h, &f)
    return st, f.total, f.base, [(i, f.count[i]) for i in range(1, GB_N_FANS) if f.count[i]]


def evaluate(const uint8_t[::1] counts, const int8_t[:, ::1] melds, int win, int flags, int flowers,
             int seat, int rnd):
    """(status, total, base, per-fan counts as an (83,) uint8 array) of one hand."""
    cdef GbHand h
    cdef GbFans f
    if counts.shape[0] != 34 or melds.shape[0] != 4 or melds.shape[1] != 3:
        raise ValueError("evaluate: counts must be (34,), melds (4, 3)")
    if not (0 <= win < 34 and 0 <= flags < 64 and 0 <= flowers <= 8 and 0 <= seat < 4 and 0 <= rnd < 4):
        raise ValueError("evaluate: win, flags, flowers, seat or round out of range")
    _load(&h, &counts[0], melds, win, flags, flowers, seat, rnd)
    st = gb_evaluate(&h, &f)
    out = np.zeros(GB_N_FANS, dtype=np.uint8)
    cdef uint8_t[::1] ov = out
    memcpy(&ov[0], f.count, GB_N_FANS)
    return st, f.total, f.base, out


def evaluate_many_into(const uint8_t[:, ::1] counts, const int8_t[:, :, ::1] melds, const uint8_t[::1] win,
                       const uint8_t[::1] flags, const uint8_t[::1] flowers, const uint8_t[::1] seat,
                       const uint8_t[::1] rnd, int16_t[::1] total, uint8_t[:, ::1] fans, int8_t[::1] status):
    """Evaluate N hands without the GIL into total (N,), fans (N, 83) and status (N,)."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef GbHand h
    cdef GbFans f
    if (counts.shape[1] != 34 or melds.shape[0] != n or melds.shape[1] != 4 or melds.shape[2] != 3
            or win.shape[0] != n or flags.shape[0] != n or flowers.shape[0] != n or seat.shape[0] != n
            or rnd.shape[0] != n or total.shape[0] != n or fans.shape[0] != n or fans.shape[1] != GB_N_FANS
            or status.shape[0] != n):
        raise ValueError("evaluate_many_into: shapes must be (N, 34), (N, 4, 3), (N,) x5, (N,), (N, 83), (N,)")
    for i in range(n):
        if win[i] >= 34 or flags[i] >= 64 or flowers[i] > 8 or seat[i] > 3 or rnd[i] > 3:
            raise ValueError(f"row {i}: win, flags, flowers, seat or round out of range")
    with nogil:
        for i in range(n):
            _load(&h, &counts[i, 0], melds[i], win[i], flags[i], flowers[i], seat[i], rnd[i])
            status[i] = <int8_t>gb_evaluate(&h, &f)
            total[i] = f.total
            memcpy(&fans[i, 0], f.count, GB_N_FANS)


def _bench(const uint8_t[:, ::1] counts, const int8_t[:, :, ::1] melds, const uint8_t[::1] win,
           const uint8_t[::1] flags, int reps):
    """Seconds per evaluation over the hands (East seat and round, no flowers), GIL released."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int r
    cdef long acc = 0
    cdef GbHand h
    cdef GbFans f
    t0 = time.perf_counter()
    with nogil:
        for r in range(reps):
            for i in range(n):
                _load(&h, &counts[i, 0], melds[i], win[i], flags[i], 0, 0, 0)
                gb_evaluate(&h, &f)
                acc += f.total
    return (time.perf_counter() - t0) / (n * reps), acc
