# cython: language_level=3
"""The deal of a pack without a wild, one function for the setup hooks of plain, sichuan and
guobiao (Fuzhou's own deal reveals the gold: packs/fuzhou/opening)."""
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
    return hands_from_counts(g, &raw[0][0], n_kinds)


cdef int hands_from_counts(Game* g, const uint8_t* raw, int n_kinds) noexcept nogil:
    """The dealt counts raw (4 x N_KINDS, seat-major) as the seats' hands, no wild; their waits."""
    cdef int s
    g.gold = -1
    g.row.gold = -1
    g.n_kinds = n_kinds
    for s in range(4):
        hand_set_counts(&g.seats[s].hand, &raw[s * N_KINDS], -1)
    for s in range(4):
        if s != g.dealer:
            g.seats[s].wait_mask = g.pack.waits(g, s)
    if g.check:
        return check_invariants(g)
    return ST_CONT
