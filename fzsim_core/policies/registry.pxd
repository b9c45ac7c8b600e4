# Policy names -> policies (the one place a new policy is registered). See registry.pyx.
from fzsim_core.policy cimport Policy
from fzsim_core.state cimport Pack

# A named policy the pack does not play (pack.policies) is refused here, at setup, naming the pack
# and the policies allowed there; greedy and guard are the pack's own where it has them.
cdef int bind_policy(Policy* p, object spec, int seat, list errors, const Pack* pack) except -1
