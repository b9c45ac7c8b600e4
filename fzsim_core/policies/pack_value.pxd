# The value policy over a rule pack's evaluation hooks (kit/evaluate.pxd): see pack_value.pyx.
from fzsim_core.kit.evaluate cimport PackEval
from fzsim_core.policy cimport Policy

# risk_weight: how much of the pack's deal-in risk counts (0..1); < 0: the pack's fitted weight
cdef void pack_value_policy(Policy* p, const PackEval* e, double risk_weight) noexcept nogil
