# greedy for the Shanghai pack (policies/greedy.pyx hands it Shanghai decisions): see greedy.pyx here.
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation

cdef int sh_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
