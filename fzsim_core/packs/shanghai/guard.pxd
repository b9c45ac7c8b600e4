# guard on the Shanghai pack (policies/guard.pyx hands it Shanghai decisions): see guard.pyx here.
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.policy cimport Observation

cdef enum:
    SH_READ_OPEN = 0       # nothing on show narrows the seat's pattern
    SH_READ_FLUSH = 1      # one suit (and honours) on show, a chow among them: 清一色 / 混一色
    SH_READ_SUIT = 2       # pungs of one suit (and honours) on show: a flush or 碰碰胡
    SH_READ_PUNGS = 3      # pungs of two suits on show: 碰碰胡 only (no chow waits)
    SH_READ_HONOURS = 4    # honour pungs only on show: 风一色 / 混一色 / 碰碰胡
    SH_READ_DEAD = 5       # chows beside another suit: no allowed pattern is left

ctypedef struct ShThreat:
    double ready[4]        # each other seat's chance of being ready (0 for the deciding seat)
    double value[4]        # what its win on my discard would cost me (P, 承包 share included)
    uint8_t un[34]         # unseen copies by kind, from the deciding seat's view
    uint64_t thrown[4]     # the kinds each seat has discarded (bit k)
    int read[4]            # SH_READ_* of its shown melds
    int suit[4]            # the suit its melds (or, concealed, its pond) point to, -1 none
    double total           # the chance that some other seat is ready

cdef void sh_read_threat(const Observation* o, ShThreat* t) noexcept nogil
# the expected cost of discarding kind k now: sum over seats of ready x wait x value
cdef double sh_discard_cost(const Observation* o, const ShThreat* t, int k) noexcept nogil
# The chance that discarding k deals in (1 - the product over ready seats of 1 - ready x the
# chance it waits on k) and sh_discard_cost, k's weights read once for both (the value policy's risk)
cdef void sh_discard_risk(const Observation* o, const ShThreat* t, int k, double* chance, double* cost) noexcept nogil
# state: NULL, or a double* fold level (guard_policy_with)
cdef int sh_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
