# The deal of a pack without a wild (its tile set dealt, flowers replaced): shared by their setup hooks.
from libc.stdint cimport uint8_t
from fzsim_core.state cimport Game

# Blocks of hand_size from the head (state.pxd deal_blocks), 补花 from the tail when
# replace_flowers, no wild (gold -1), n_kinds holdable kinds, every non-dealer's wait mask from the
# pack's waits hook, and the invariants under check: ST_CONT or ST_ERR.
cdef int deal_without_wild(Game* g, int n_kinds, bint replace_flowers) noexcept nogil
# The dealt counts raw (4 x N_KINDS, seat-major) into the seats' hands with `wild` as their gold
# kind (-1 none), g.gold / g.row.gold / g.n_kinds set, the non-dealers' wait masks and the
# invariants under check: ST_CONT or ST_ERR.
cdef int seat_dealt_hands(Game* g, uint8_t* raw, int n_kinds, int wild) noexcept nogil
