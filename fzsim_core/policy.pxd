# The policy seam (docs/spec/DESIGN.md "Policies see an observation, not the game"), after numpy's bitgen_t:
# a seat is driven by a `Policy`, a choose function pointer and its state. The flow fills an
# `Observation` — the seat's own hand and melds, every seat's public melds, discards and flowers,
# the seen counts, the gold, live and reserve counts, the decision and its legal actions — and
# never hands a policy the other hands or the wall. Policies live in fzsim_core/policies/, one
# module each; fzsim_core/policies/registry.pyx maps their names to them.
from libc.stdint cimport int8_t, uint8_t, uint16_t
from fzsim_core.rng cimport Rng
from fzsim_core.rules cimport RuleSet
from fzsim_core.table cimport Meld, Seat
from fzsim_core.win_facts cimport ScoreFactsFn


# What every player sees of one seat (pointers into the live state, read-only).
ctypedef struct PublicSeat:
    const Meld* melds
    const int* n_melds
    const uint8_t* discards
    const int* n_discards
    const int* n_flowers
    const int* youjin             # 游金 level (0 none)
    const int* void_suit          # 定缺 (option, RULES-PACKS §3.2): the declared suit + 1 (0 none), public
    const bint* finished          # has won and left the hand (血战到底), public


ctypedef struct Observation:
    const RuleSet* rules
    int seat                      # the deciding seat
    int decision                  # Decision
    int dealer
    int streak                    # the dealer's streak L at the start of the hand
    int claim_tile                # the discard or robbed tile being decided on, -1
    int claim_from                # its discarder, -1
    int gold                      # the gold kind
    int n_kinds                   # kinds that can be held (27, or 34 with honours held)
    int live                      # live tiles left (the indicator excluded)
    int reserve                   # R of RULES §9
    const Seat* me                # the deciding seat's own hand, melds, discards, last draw
    const uint8_t* seen           # tiles visible to everyone, by kind
    const PublicSeat* table       # the four seats' public state
    Rng* rng                      # the policy's random stream
    bint check                    # verify fast paths against their definitions
    char* errmsg                  # a policy that fails a check writes here and returns -1
    int errmsg_size
    # The game itself, opaque: only for core services that hand a policy an information-set
    # sample (fzsim_core/determinize.pxd: sample_world re-deals every tile hidden from the seat
    # before anything else reads the copy). A policy never casts it to read the state.
    const void* game
    int8_t* folds                 # the seat's fold counter in the result row: a policy that
                                  # chooses a defensive discard over its best offensive one adds 1
    const void* eval              # the pack's evaluation hooks (kit/evaluate.pxd PackEval: its
                                  # shanten, waits, what a win pays, its threat reading), NULL for a
                                  # pack without them: how any policy may price a position
    ScoreFactsFn score_facts      # the pack's scoring of a win's facts (state.pxd Pack.score_facts),
                                  # NULL for a pack that prices wins through `eval` only


# The compiled policies as bits (a pack's descriptor lists the ones that play it: state.pxd Pack.policies);
# the bit of each is 1 << its id in fzsim_core/policies/registry.pyx NAMES.
cdef enum:
    POLICY_GREEDY = 1
    POLICY_RANDOM = 2
    POLICY_GUARD = 4
    POLICY_VALUE = 8
    POLICY_ROLLOUT = 16
    POLICIES_ALL = 31
    POLICIES_BASIC = 7            # random, greedy, guard: what every pack's bots cover


# choose: the index of the chosen action in acts[0..n), or -1 on error (errmsg written, or a
# Python exception stored by the bridge).
ctypedef int (*ChooseFn)(void* state, const Observation* obs, const uint16_t* acts, int n) noexcept nogil


ctypedef struct Policy:
    ChooseFn choose
    void* state                   # the policy's own state (NULL for stateless ones)
    void* data[3]                 # small per-seat storage a policy may point `state` at
    ChooseFn blind                # a choose function that reads nothing of the observation but its
                                  # rng (the random policy's): while `choose` is this one the flow does
                                  # not fill the observation (decide.pxd ask). A pointer rather than a
                                  # flag, so that binding another choose makes it stale by itself.


# A compiled policy from outside fzsim hands the engine a PyCapsule named "fzsim_core.policy.Bind"
# holding one of these: it fills the Policy (choose function and state) for one seat.
ctypedef void (*BindFn)(Policy* p) noexcept nogil


cdef inline void note_fold(const Observation* o) noexcept nogil:
    """Count one fold for the deciding seat (a discard chosen for safety that leaves the hand
    further from ready than its best offensive discard)."""
    if o.folds != NULL and o.folds[0] < 127:
        o.folds[0] += 1
