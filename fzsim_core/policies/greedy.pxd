# The greedy policy (RULES.md §8): see greedy.pyx.
from fzsim_core.policy cimport Policy

cdef void greedy_policy(Policy* p) noexcept nogil
