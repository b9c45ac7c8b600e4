# guard for the 国标 pack (policies/guard.pyx hands it 国标 decisions): see guard.pyx here.
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.policy cimport Observation

# state: NULL (the default fold level) or a double* fold level (guard's parameter).
cdef int gb_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil

# the threat reading (shared with the value policy's hooks, evaluate.pyx here)
ctypedef struct GbThreat:
    double ready[4]
    uint8_t un[34]          # unseen copies by kind (the deciding seat's view)
    uint64_t thrown[4]      # kinds each seat discarded
    int suit[4]             # the one suit its declared sets show (0..2), -1 none / mixed
    double total            # the chance some other seat is ready

cdef void gb_read_threat(const Observation* o, GbThreat* t) noexcept nogil
# the chance that discarding kind k now deals into some other seat
cdef double gb_danger(const Observation* o, const GbThreat* t, int k) noexcept nogil
