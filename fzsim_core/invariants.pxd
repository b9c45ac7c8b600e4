# Invariants (check=True): tile accounting, packed-hand consistency, legality of chosen actions.
from libc.stdint cimport uint16_t
from fzsim_core.state cimport Game

cdef int check_invariants(Game* g) noexcept nogil
cdef int verify_action(Game* g, int seat, int dec, uint16_t a) noexcept nogil
