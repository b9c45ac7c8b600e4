# greedy for the Shanghai pack (policies/greedy.pyx hands it Shanghai decisions): see greedy.pyx here.
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.packs.shanghai.shapes cimport ShShape

cdef int sh_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
# greedy's own-turn choice; keep non-NULL: among the discards it marks only (no win, no kong);
# sh_pre non-NULL: the caller's sh_shanten after each discard action (saves recomputing it)
cdef int sh_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep,
                       const int* sh_pre) noexcept nogil
# greedy's claim: a pung or kong no further from the minimum, a chow closer
cdef int sh_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# the shanten after claiming discard c as action type t on kind k (SH_NO_SHAPE: not a claim)
cdef int sh_after_claim(const ShShape* sh, const MjHand* h, int t, int k, int c) noexcept nogil
# the shape options of the observation's rules
cdef void shape_of(const Observation* o, ShShape* sh) noexcept nogil
# n[0..3): the hand's tiles of each suit, its melds counted as 3
cdef void suit_tiles(const MjHand* h, int* n) noexcept nogil
