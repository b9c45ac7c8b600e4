# guard for the 国标 pack (policies/guard.pyx hands it 国标 decisions): see guard.pyx here.
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation

# state: NULL (the default fold level) or a double* fold level (guard's parameter).
cdef int gb_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
