# The value policy: choices by expected points under the variant's scoring. See value.pyx (the rules
# header's scoring, RULES.md §10, for the packs without evaluation hooks) and pack_value.pyx (every pack through its PackEval).
from fzsim_core.policy cimport Policy

cdef enum:
    MAX_ROUNDS = 40       # more own turns than a wall holds
    MAX_STEPS = 8         # shanten up to 7 is modelled; further is as far as 7

# What a position's expected value is made of (value.pyx pays_of fills it under RULES.md §10).
ctypedef struct Pays:
    double self_draw      # what this seat receives on a self-draw win (all payers)
    double discard        # ... on a discard win (the discarder's payment)
    double deal_in        # what it pays when it deals in to a typical other seat
    double hazard         # the chance per round that another seat ends the hand
    double round_risk     # deal-in cost per round still played (the safest tile's danger x cost)
    double unseen         # unseen tiles
    double typical_wait   # the unseen tiles a hand that gets ready later waits on (golds widen it)
    int rounds            # own turns left above the reserve

# Expected points of a 3n+1 hand `sh` from ready (-1: won), `useful` unseen tiles lowering it,
# `waits` completing it when ready, over the rounds left (value.pyx's module docstring).
cdef double position_ev(const Pays* p, int sh, double useful, double waits) noexcept nogil
# ... of a hand `steps` (0..MAX_STEPS) from ready whose useful draws are known at every step:
# useful_at[k] lower it from k to k - 1; `ready_waits` complete it once ready
cdef double levels_ev(const Pays* p, int steps, const double* useful_at, double ready_waits) noexcept nogil

cdef void value_policy(Policy* p) noexcept nogil
