# The random policy: a uniformly random legal action (for fuzzing). See random.pyx.
from fzsim_core.policy cimport Policy

cdef void random_policy(Policy* p) noexcept nogil
