# The value policy over a rule pack's evaluation hooks (kit/evaluate.pxd): see pack_value.pyx.
from fzsim_core.kit.evaluate cimport PackEval
from fzsim_core.policy cimport Policy

# risk_weight: how much of the pack's deal-in risk counts (0..1); < 0: the pack's fitted weight;
# claim_gain: how many steps nearer ready a chow or pung must bring the hand (0: no further);
# < 0: the pack's fitted one (PackEval.claim_gain)
cdef void pack_value_policy(Policy* p, const PackEval* e, double risk_weight, int claim_gain) noexcept nogil
