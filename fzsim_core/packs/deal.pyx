# cython: language_level=3
"""The deal of a pack without a wild, one function for the setup hooks of the packs that reveal no
indicator (a pack with a gold reveals it in its own deal, RULES.md §3-§4), and its last step,
shared with a pack whose wild is read off an indicator between the two (RULES-PACKS §4.2)."""
from libc.stdint cimport uint8_t
from fzsim_core.hand cimport hand_set_counts
from fzsim_core.state cimport Game, deal_blocks, replace_dealt_flowers
from fzsim_core.table cimport ST_CONT
from fzsim_core.tiles cimport N_KINDS
from fzsim_core.invariants cimport check_invariants


cdef int deal_without_wild(Game* g, int n_kinds, bint replace_flowers) noexcept nogil:
    cdef uint8_t raw[4][N_KINDS]
    deal_blocks(g, &raw[0][0])
    if replace_flowers:
        replace_dealt_flowers(g, &raw[0][0])
    return seat_dealt_hands(g, &raw[0][0], n_kinds, -1)


cdef int seat_dealt_hands(Game* g, uint8_t* raw, int n_kinds, int wild) noexcept nogil:
    cdef int s
    g.gold = wild
    g.row.gold = wild
    g.n_kinds = n_kinds
    for s in range(4):
        hand_set_counts(&g.seats[s].hand, &raw[s * N_KINDS], wild)
    for s in range(4):
        if s != g.dealer:
            g.seats[s].wait_mask = g.pack.waits(g, s)
    if g.check:
        return check_invariants(g)
    return ST_CONT
