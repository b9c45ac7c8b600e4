# The rollout policy (see rollout.pyx): determinised Monte Carlo at key decisions.
from libc.stdint cimport uint8_t, uint16_t
from fzsim_core.policy cimport Policy

# the playouts' policy (the `play` parameter)
cdef enum:
    PLAY_GREEDY = 0
    PLAY_GUARD = 1
    PLAY_VALUE = 2
    PLAY_MIXED = 3                # value for the deciding seat, greedy for the others
    PLAY_MIXED_GUARD = 4          # value for the deciding seat, guard for the others

# the decisions searched (the `at` parameter, a sum of these bits)
cdef enum:
    AT_DISCARD = 1                # own-turn discards
    AT_OWN_OFFER = 2              # own turn with a win, 游金 or kong on offer
    AT_CLAIM = 4                  # chow, pung, exposed kong or pass
    AT_WIN = 8                    # a discard (or robbed-kong) win or pass
    AT_READY_DISCARD = 16         # own-turn discards that keep the hand ready (which wait)
    AT_HONOUR_CLAIM = 32          # pung or exposed kong on an honour's discard that value passes (bit 4
                                  # searches every claim; this one only those: 国标's scoring sets)

# how the worlds deal the other seats' hands (the `world` parameter)
cdef enum:
    WORLD_BEST = 0                # the best of 1 + prior x (discards and melds) uniform draws
    WORLD_BUILT = 1               # a uniform deal improved by one draw-and-throw per discard made
                                  # (determinize.pxd sample_world_built)

# What a seat's rollout plays with, kept in its Policy's data (24 bytes, all it has).
ctypedef struct RolloutParams:
    uint16_t n                       # sampled worlds per decision (each candidate on every one)
    uint16_t first                # worlds before the search's first early-stop check (then at
                                  # each doubling)
    uint8_t k                       # candidate actions at most
    uint8_t play                    # PLAY_*: the policy of every seat in the playouts
    uint8_t at                      # AT_* bits: the decisions searched
    uint8_t world                 # WORLD_*: how the other seats' hands are drawn
    uint8_t prior                 # another seat's hand is the best of 1 + prior x (its discards
                                  # and melds) uniform draws (determinize.pxd sample_world_prior)
    float beta                    # each world weighed by discard_likelihood(beta) (1: not weighed)
    float z                       # a candidate replaces value's choice only when its paired mean
                                  # gain over it exceeds z standard errors
    float futile                  # at a check the search ends, value's choice standing, when every
                                  # other candidate trails it by more than futile standard errors

cdef void rollout_policy(Policy* p) noexcept nogil
cdef void rollout_policy_with(Policy* p, int n, int k, int play, int at, int prior, double beta, double z,
                              int world, int first, double futile) noexcept nogil
