# greedy for the Beijing pack (policies/greedy.pyx hands it Beijing decisions): see greedy.pyx here.
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation
from fzsim_core.kit.hand34 cimport MjHand

cdef int bj_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
# greedy's own turn; keep != NULL: only among the discards it marks (guard's defence), no win or kong
cdef int bj_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep) noexcept nogil
# The shanten the claim `a` on o.claim_tile reaches from h (99: not a chow, pung or exposed kong)
cdef int bj_claim_shanten(const Observation* o, const MjHand* h, uint16_t a) noexcept nogil
# greedy's claim: the index of the chosen action (the pass when nothing qualifies)
cdef int bj_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# The most unseen winning tiles of a ready 13 - 3 n_melds hand h
cdef int waits_unseen(const Observation* o, const MjHand* h) noexcept nogil
