# The value policy: choices by expected points under the variant's scoring. See value.pyx.
from fzsim_core.policy cimport Policy

cdef void value_policy(Policy* p) noexcept nogil
