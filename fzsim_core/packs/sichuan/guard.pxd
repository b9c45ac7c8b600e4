# guard on the Sichuan pack (policies/guard.pyx hands it Sichuan decisions): see guard.pyx here.
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.policy cimport Observation

ctypedef struct ScThreat:
    double ready[4]         # each other seat's chance of being ready (0: the deciding seat, a winner)
    uint8_t un[34]          # unseen copies by kind, from the deciding seat's view (27.. unused)
    double total            # the chance that some other seat is ready
    uint64_t thrown[4]      # kinds each seat has in its pond (bit k)
    double pond_x[4][3]     # each seat's pond terms of its wait logistic per suit: the tiles
    double share_x[4][3]    # of the suit (<= 4), their share of the pond (each times its weight)
    int void[4]             # each seat's 定缺 suit, -1
    int model               # the fitted coefficients used: 0 sichuan, 1 xuezhan

cdef void sc_read_threat(const Observation* o, ScThreat* t) noexcept nogil
# the chance that discarding kind k deals into some other seat
cdef double sc_discard_danger(const ScThreat* t, int seat, int k) noexcept nogil
# state: NULL, or a double* fold level (guard_policy_with)
cdef int sc_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
