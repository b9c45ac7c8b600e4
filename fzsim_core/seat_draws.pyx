# cython: language_level=3
"""Draws coupled by seat: the mechanism and why it keeps the game's distribution are in seat_draws.pxd."""
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.rng cimport rng_seed, rng_below


cdef void seat_draws_reset(SeatDraws* d, int n_tiles, uint64_t root, uint64_t game,
                           uint64_t hand) noexcept nogil:
    """A new hand: every instance at its initial position, every order still to shuffle."""
    cdef int i, s
    d.n_tiles = n_tiles
    for i in range(n_tiles):
        d.instance[i] = <uint8_t>i
        d.position[i] = <uint8_t>i
    for s in range(4):
        for i in range(n_tiles):
            d.order[s][i] = <uint8_t>i
        d.fixed[s] = 0
        d.next[s] = 0
        rng_seed(&d.rng[s], root, game, hand, STREAM_SEAT_DRAWS + s)


cdef uint8_t order_entry(SeatDraws* d, int seat, int t) noexcept nogil:
    """Entry t of the seat's preference order; entries are fixed in turn (t <= fixed[seat]), each
    uniform among the instances not yet placed (Fisher-Yates from the front)."""
    cdef int j
    cdef uint8_t u
    cdef uint8_t* order = d.order[seat]
    if t == d.fixed[seat]:
        j = t + <int>rng_below(&d.rng[seat], <unsigned int>(d.n_tiles - t))
        u = order[t]
        order[t] = order[j]
        order[j] = u
        d.fixed[seat] = t + 1
    return order[t]


cdef void seat_pick(SeatDraws* d, uint8_t* wall, int head, int tail, int seat, int at) noexcept nogil:
    """Before `seat` draws wall[at] (head <= at <= tail): swap into `at` the first instance of the
    seat's order still in wall[head..tail]. There is one (wall[at] itself), so the loop ends."""
    cdef int p, q
    cdef uint8_t i, u
    while True:
        i = order_entry(d, seat, d.next[seat])
        d.next[seat] += 1
        p = d.position[i]
        if head <= p <= tail:
            break
    if p == at:
        return
    q = d.instance[at]
    u = wall[at]
    wall[at] = wall[p]
    wall[p] = u
    d.instance[at] = i
    d.instance[p] = <uint8_t>q
    d.position[i] = <uint8_t>at
    d.position[q] = <uint8_t>p
