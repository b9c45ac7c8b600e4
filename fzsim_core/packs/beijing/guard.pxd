# guard on the Beijing pack (policies/guard.pyx hands it Beijing decisions): see guard.pyx here.
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation
from fzsim_core.policies.guard cimport Threat

# guard's threat reading (policies/guard.pxd Threat) with no danger from a seat that has claimed
# (it may only self-draw, §4.3)
cdef void bj_read_threat(const Observation* o, Threat* t) noexcept nogil
# the chance that discarding kind k now deals into some other seat
cdef double bj_discard_danger(const Observation* o, const Threat* t, int k) noexcept nogil
# state: NULL, or a double* fold level (guard_policy_with)
cdef int bj_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
