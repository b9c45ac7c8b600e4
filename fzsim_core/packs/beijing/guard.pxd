# guard on the Beijing pack (policies/guard.pyx hands it Beijing decisions): see guard.pyx here.
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.policy cimport Observation

ctypedef struct BjThreat:
    double ready[4]         # each other seat's chance of being ready to win on a discard (0: an open
                            # seat, which may only self-draw, §4.3; 0 for the deciding seat)
    uint8_t un[34]          # unseen copies by kind, from the deciding seat's view
    double total            # the chance that some other seat is ready to win on a discard
    uint64_t thrown[4]      # kinds each seat has in its pond (bit k)

cdef void bj_read_threat(const Observation* o, BjThreat* t) noexcept nogil
# the chance that a ready concealed seat j waits on kind k (0 for a dead discarded 惠牌)
cdef double bj_wait_chance(const Observation* o, const BjThreat* t, int j, int k) noexcept nogil
# the chance that discarding kind k now deals into some other seat
cdef double bj_discard_danger(const Observation* o, const BjThreat* t, int k) noexcept nogil
# state: NULL, or a double* fold level (guard_policy_with)
cdef int bj_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
