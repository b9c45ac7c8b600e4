# Policy names -> policies (the one place a new policy is registered). See registry.pyx.
from fzsim_core.policy cimport Policy

cdef int bind_policy(Policy* p, object spec, int seat, list errors) except -1
