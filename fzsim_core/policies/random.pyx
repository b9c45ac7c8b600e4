# cython: language_level=3
"""The random policy: a uniformly random legal action from the policy's stream (for fuzzing)."""
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.rng cimport rng_below


cdef int random_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    return rng_below(o.rng, n)


cdef void random_policy(Policy* p) noexcept nogil:
    p.choose = random_choose
    p.blind = random_choose   # it reads only o.rng, which point_views sets once a game
    p.state = NULL
