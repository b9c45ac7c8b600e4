# What a rule pack tells the expected-value bots about a seat's position (the bot kit, below the
# packs and the policies): its shapes, its scoring and its threat reading as a C struct of function
# pointers, the seam the value policy (policies/pack_value.pyx) reads every pack through, after
# numpy's bitgen_t. A pack fills one static PackEval in packs/<name>/evaluate.pyx and its plug.pyx
# points the descriptor at it (state.pxd Pack.eval).
#
# Every hook reads only the Observation and the seat it is handed: a copy of the deciding seat
# (Observation.me) that the policy has changed to try a discard, a draw or a call — its concealed
# counts (hand.counts by kind, wilds at their own kind) and its melds. nogil, no Python objects.
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.string cimport memset
from fzsim_core.bits cimport ctz64, fz_counts_mask
from fzsim_core.hand cimport hand_add, hand_remove, hand_set_counts
from fzsim_core.policy cimport ChooseFn, Observation
from fzsim_core.table cimport Seat, add_meld

cdef enum:
    EVAL_FAR = 8              # the shanten a hook returns for a hand that cannot win at all
    EVAL_THREAT_WORDS = 64    # room for a pack's own threat reading (8-byte words)

# The other seats as the deciding seat reads them: `ready` is what the policy itself uses (the
# chance that a seat ends the hand); `words` holds the pack's own reading for its risk hook.
ctypedef struct EvalThreat:
    double ready[4]           # each other seat's chance of being ready (0: the deciding seat)
    double words[EVAL_THREAT_WORDS]

# Shanten toward a win the pack allows (its filters and minimums: at most two suits and 定缺,
# RULES-PACKS §2.3 / §3.2; 国标's 8 fans, §5.3; the 清混碰 gate, §1.3): -1 complete, 0 ready; EVAL_FAR when no win can be reached.
# s holds 3n+1 or 3n+2 concealed tiles beside its melds.
ctypedef int (*EvalShanten)(const Observation* o, const Seat* s) noexcept nogil
# Optional, a speed-up only (NULL: the policy adds each kind and calls `shanten`): of the kinds in
# `cand` (bit k, k < o.n_kinds; each held fewer than 4 times in s's concealed counts), those whose
# draw into the 3n+1 hand s leaves a `shanten` below sh — exactly the kinds that loop finds (a
# pack tests the two against each other: tests/test_eval_useful.py).
ctypedef uint64_t (*EvalUseful)(const Observation* o, const Seat* s, uint64_t cand, int sh) noexcept nogil
# Optional, a speed-up only (NULL: `shanten`): the `shanten` of s when it is at most `cap` (0 <= cap
# < EVAL_FAR), else any value above cap — the search past cap skipped. The world sampler's
# draw-and-throw turns (determinize.pyx) only ask whether a throw beats the best one so far.
ctypedef int (*EvalShantenAtMost)(const Observation* o, const Seat* s, int cap) noexcept nogil
# Optional, a speed-up only (NULL: the policy takes each kind out and calls `shanten`): out[k] =
# the `shanten` of the 3n+2 hand s with one copy of k fewer, for each kind k of `cand` (each held)
# — exactly what that loop finds (a pack tests the two against each other: tests/test_eval_useful.py).
ctypedef void (*EvalDiscardShanten)(const Observation* o, const Seat* s, uint64_t cand, int* out) noexcept nogil
# The kinds (bit k) that complete the 3n+1 hand of s into a win the pack allows on a discard.
ctypedef uint64_t (*EvalWaits)(const Observation* o, const Seat* s) noexcept nogil
# What the deciding seat receives, summed over its payers, for winning now with the 3n+2 hand of
# s whose winning tile is `tile`, by self-draw (WIN_SELFDRAW) or on a discard (WIN_DISCARD); 0 when
# the pack does not allow that win.
ctypedef double (*EvalWin)(const Observation* o, const Seat* s, int tile, int win_type) noexcept nogil
# Optional, a speed-up only (NULL: `win_points` twice): `win_points` of the same win by self-draw
# (*self_draw) and on a discard (*discard) from one reading of the hand — exactly the two answers.
ctypedef void (*EvalWinBoth)(const Observation* o, const Seat* s, int tile, double* self_draw,
                             double* discard) noexcept nogil
# What a typical win of the hand s would receive, for hands not yet ready (0 for a kind of win
# the pack no longer allows it: a claimed hand that wins on no discard, RULES-PACKS §4.3).
ctypedef double (*EvalTypical)(const Observation* o, const Seat* s, int win_type) noexcept nogil
# Optional, a speed-up only (NULL: `greedy`): the pack greedy's choice on its own turn (o.decision
# DEC_TURN or DEC_AFTER_CLAIM) among acts[0..n), handed after[k] = the `discard_shanten` of the deciding
# seat's hand without one k, for every discard kind k in acts — exactly `greedy`'s answer, its
# stream drawn alike (the value policy's tie-break, which has read them already).
ctypedef int (*EvalGreedyKnown)(const Observation* o, const uint16_t* acts, int n, const int* after) noexcept nogil
# Read the other seats (fills t.ready and the pack's own words).
ctypedef void (*EvalReadThreat)(const Observation* o, EvalThreat* t) noexcept nogil
# Discarding kind k now: the chance it deals in (*chance) and the points that costs on average,
# that chance included (*cost).
ctypedef void (*EvalRisk)(const Observation* o, const EvalThreat* t, int k, double* chance,
                          double* cost) noexcept nogil

ctypedef struct PackEval:
    EvalShanten shanten
    EvalUseful useful         # optional (NULL): see EvalUseful
    EvalShantenAtMost shanten_at_most   # optional (NULL): see EvalShantenAtMost
    EvalDiscardShanten discard_shanten  # optional (NULL): see EvalDiscardShanten
    EvalWaits waits
    EvalWin win_points
    EvalWinBoth win_points_both         # optional (NULL): see EvalWinBoth
    EvalTypical typical_points
    EvalReadThreat read_threat
    EvalRisk risk
    ChooseFn greedy           # the pack's greedy: decisions value leaves to it (the opening
                              # window, own-turn kongs) and its tie-break
    EvalGreedyKnown greedy_known        # optional (NULL): see EvalGreedyKnown
    double risk_weight        # how much of the risk hook the policy weighs (0..1): fitted per
                              # pack by duels against its guard (docs/guide/policies.md)
    int rollout_at            # the decisions rollout searches here unless told (rollout.pxd AT_*
                              # bits; 0: its own default, discard wins) and its worlds per
    int rollout_n             # decision (0: its own default): fitted per pack by duels against value
    int rollout_first         # worlds before its first early-stop check (0: its own default, 32,
    double rollout_futile     # with futile 2) and that check's standard errors: fitted with them
    int claim_gain            # how many steps nearer ready a chow or pung must bring the hand for value
                              # to weigh it (0: no further; 1: strictly nearer, guard's rule): fitted
                              # per pack by duels against guard


cdef inline uint64_t useful_by_draws(const PackEval* e, const Observation* o, Seat* s, uint64_t cand,
                                     int sh) noexcept nogil:
    """The kinds of cand whose draw into the 3n+1 hand s leaves e.shanten below sh, one shanten
    call a kind: what an EvalUseful hook must equal (the packs' tests compare the two)."""
    cdef uint64_t got = 0
    cdef int k
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        hand_add(&s.hand, k)
        if e.shanten(o, s) < sh:
            got |= (<uint64_t>1) << k
        hand_remove(&s.hand, k)
    return got


cdef inline void discard_shanten_by_removal(const PackEval* e, const Observation* o, Seat* s, uint64_t cand,
                                            int* out) noexcept nogil:
    """out[k] = e.shanten of the 3n+2 hand s with one copy of k fewer, for each kind of cand, one
    shanten call a kind: what an EvalDiscardShanten hook must equal."""
    cdef int k
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        hand_remove(&s.hand, k)
        out[k] = e.shanten(o, s)
        hand_add(&s.hand, k)


cdef inline void discard_shanten_of(const PackEval* e, const Observation* o, Seat* s, uint64_t cand,
                                    int* out) noexcept nogil:
    """The pack's hook when it has one, else the loop."""
    if e.discard_shanten != NULL:
        e.discard_shanten(o, s, cand, out)
    else:
        discard_shanten_by_removal(e, o, s, cand, out)


cdef inline tuple discard_hook_and_loop(const PackEval* e, const Observation* o, Seat* s):
    """For the packs' test hooks: (e.discard_shanten, discard_shanten_by_removal) over every kind
    the 3n+2 seat s holds, as two lists in kind order."""
    cdef int fast[64]
    cdef int plain[64]
    cdef uint64_t cand = fz_counts_mask(s.hand.counts, -1)
    e.discard_shanten(o, s, cand, fast)
    discard_shanten_by_removal(e, o, s, cand, plain)
    held = [k for k in range(34) if (cand >> k) & 1]
    return [fast[k] for k in held], [plain[k] for k in held]


cdef inline int test_seat(Seat* s, Observation* o, counts, int n_kinds, melds, int wild) except -1:
    """For the packs' test hooks: s and o zeroed, s holding the concealed `counts` of the first
    n_kinds kinds (the rest none; `wild` the hand's gold kind, or -1) and `melds` [(table.pxd
    MeldType, kind), ...], o.me pointing at it."""
    cdef uint8_t c[34]
    cdef int k
    memset(s, 0, sizeof(Seat))
    memset(o, 0, sizeof(Observation))
    memset(c, 0, 34)
    for k in range(n_kinds):
        c[k] = <uint8_t>int(counts[k])
    hand_set_counts(&s.hand, c, wild)
    for t, kind in melds:
        add_meld(s, t, kind, -1)
    o.me = s
    return 0
