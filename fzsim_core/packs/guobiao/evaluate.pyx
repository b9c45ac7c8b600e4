# cython: language_level=3
"""The 国标 pack's evaluation hooks for the value policy (kit/evaluate.pxd): shanten as greedy's
fan-target goal (greedy.pxd goal: the fewest tiles to exchange for a win of at least gb_min_fan
fans, less one), so a hand that cannot reach the minimum is far from ready whatever its shape;
the useful draws from the targets at the hand's own G (one goal search, not one a kind, and that
one usually remembered from the shanten hook's: greedy.pxd goal_remembered);
waits over every shape (shapes.pxd), each paying only when the fan evaluator (fans.pxd) finds
the minimum — the points as the pack settles them: the 底分 from every payer plus the fans from
the discarder, or from all three on a self-draw; and its guard's threat reading (guard.pxd). The
round wind is not observed and counts as East."""
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.kit.evaluate cimport EVAL_FAR, EvalThreat, PackEval, useful_by_draws, test_seat
from fzsim_core.policy cimport Observation
from fzsim_core.win_facts cimport WIN_SELFDRAW
from fzsim_core.rules cimport Rules
from fzsim_core.table cimport Seat
from fzsim_core.packs.guobiao.fans cimport GbFans, GbHand, GB_OK, GB_SELFDRAW, GB_MINGANGANG, gb_evaluate
from fzsim_core.packs.guobiao.greedy cimport goal, goal_remembered, gb_draws_lowering, gb_greedy_choose
from fzsim_core.packs.guobiao.reach cimport GB_MAX_TARGETS
from fzsim_core.packs.guobiao.guard cimport GbThreat, gb_read_threat, gb_danger
from fzsim_core.packs.guobiao.pack cimport gb_melds_of, held_counts
from fzsim_core.packs.guobiao.shanten cimport GB_NO_SHAPE
from fzsim_core.packs.guobiao.shapes cimport GbSet, gb_wait_mask
from fzsim_core.packs.guobiao.options cimport gb_options

# a typical win's fans: the mean over the wins of 2,000 guard hands (seed 3)
cdef double TYPICAL_FANS = 17.0

assert sizeof(GbThreat) <= sizeof(double) * 64, "国标's threat reading outgrew EvalThreat"


cdef int gb_eval_shanten(const Observation* o, const Seat* s) noexcept nogil:
    cdef GbSet m[5]
    cdef int near[GB_MAX_TARGETS]
    cdef int n_near
    cdef int nm = gb_melds_of(s, m)
    # (kept: the useful-draws hook asks the best discards' hands again)
    cdef int g = goal_remembered(s.hand.counts, m, nm, gb_options(o.rules).gb_min_fan, near, &n_near)
    return EVAL_FAR if g >= GB_NO_SHAPE or g > EVAL_FAR else g - 1


cdef int gb_eval_shanten_at_most(const Observation* o, const Seat* s, int cap) noexcept nogil:
    """gb_eval_shanten when it is at most cap, else cap + 1 (or EVAL_FAR): goal() stops at a G of
    cap + 2 (shanten is G - 1), before the targets bounded past it are opened."""
    cdef GbSet m[5]
    cdef int n_near, g, nm
    if cap >= EVAL_FAR:
        return gb_eval_shanten(o, s)
    nm = gb_melds_of(s, m)
    g = goal(s.hand.counts, m, nm, gb_options(o.rules).gb_min_fan, NULL, &n_near, cap + 1)
    return EVAL_FAR if g >= GB_NO_SHAPE or g > EVAL_FAR else g - 1


cdef uint64_t gb_eval_useful(const Observation* o, const Seat* s, uint64_t cand, int sh) noexcept nogil:
    """The kinds of cand whose draw leaves gb_eval_shanten below sh: a G of at most sh (a
    shanten past EVAL_FAR reads EVAL_FAR, below any sh past it), found from the targets at the
    hand's own G (greedy.pxd gb_draws_lowering)."""
    cdef GbSet m[5]
    cdef int nm
    if sh > EVAL_FAR:
        return cand
    nm = gb_melds_of(s, m)
    return gb_draws_lowering(s.hand.counts, m, nm, gb_options(o.rules).gb_min_fan, cand, sh)


cdef uint64_t gb_eval_waits(const Observation* o, const Seat* s) noexcept nogil:
    cdef uint8_t held[34]
    held_counts(s, held)
    return gb_wait_mask(s.hand.counts, held, s.n_melds)


cdef double gb_eval_win(const Observation* o, const Seat* s, int tile, int win_type) noexcept nogil:
    cdef GbHand h
    cdef GbFans f
    cdef double b = o.rules.base
    cdef bint self_draw = win_type == WIN_SELFDRAW
    memcpy(h.counts, s.hand.counts, 34)
    h.n_melds = gb_melds_of(s, h.melds)
    h.win_tile = tile
    h.flags = (GB_SELFDRAW if self_draw else 0) | (GB_MINGANGANG if gb_options(o.rules).gb_mingangang else 0)
    h.flowers = s.n_flowers if s.n_flowers < 8 else 8
    h.seat_wind = (o.seat - o.dealer + 4) % 4
    h.round_wind = 0
    if gb_evaluate(&h, &f) != GB_OK or f.base < gb_options(o.rules).gb_min_fan:
        return 0.0
    return 3.0 * (b + f.total) if self_draw else f.total + 3.0 * b


cdef double gb_eval_typical(const Observation* o, const Seat* s, int win_type) noexcept nogil:
    cdef double b = o.rules.base
    return 3.0 * (b + TYPICAL_FANS) if win_type == WIN_SELFDRAW else TYPICAL_FANS + 3.0 * b


cdef void gb_eval_threat(const Observation* o, EvalThreat* t) noexcept nogil:
    cdef GbThreat* th = <GbThreat*>t.words
    cdef int j
    gb_read_threat(o, th)
    for j in range(4):
        t.ready[j] = th.ready[j]


cdef void gb_eval_risk(const Observation* o, const EvalThreat* t, int k, double* chance,
                       double* cost) noexcept nogil:
    chance[0] = gb_danger(o, <const GbThreat*>t.words, k)
    cost[0] = chance[0] * (o.rules.base + TYPICAL_FANS)


cdef PackEval GB_EVAL
GB_EVAL.shanten = gb_eval_shanten
GB_EVAL.useful = gb_eval_useful
GB_EVAL.shanten_at_most = gb_eval_shanten_at_most
GB_EVAL.waits = gb_eval_waits
GB_EVAL.win_points = gb_eval_win
GB_EVAL.typical_points = gb_eval_typical
GB_EVAL.read_threat = gb_eval_threat
GB_EVAL.risk = gb_eval_risk
GB_EVAL.greedy = gb_greedy_choose
GB_EVAL.risk_weight = 0.0   # duels against guard, seed 5 (docs/guide/policies.md)
# a call that leaves the hand no nearer ready gives away concealed fans (the 8-fan minimum): value
# weighs only the calls that bring it nearer, as guard does (duels against guard, seed 5)
GB_EVAL.claim_gain = 1
# rollout searches discard wins and the pungs of an honour's discard (scoring sets the nearer-ready
# rule above passes) on 32 worlds, a search checked from the 8th world and ended once no call does
# better on average: the claim search's gain at a budget that keeps four rollout seats near 100
# hands per CPU-second (duels against value, seed 5; docs/guide/policies.md)
GB_EVAL.rollout_at = 40
GB_EVAL.rollout_n = 32
GB_EVAL.rollout_first = 8
GB_EVAL.rollout_futile = 0.0


cdef const PackEval* gb_eval() noexcept nogil:
    return &GB_EVAL


cdef void _test_seat(counts, melds, rules, Seat* s, Observation* o) except *:
    """The test hooks' seat: concealed `counts` (34), `melds` [(table.pxd MeldType, kind), ...],
    observed under the compiled `rules` (fzsim_core.rules.Rules: gb_min_fan)."""
    test_seat(s, o, counts, 34, melds, -1)
    o.rules = &(<Rules?>rules).c


def _useful_check(counts, melds, uint64_t cand, int sh, rules):
    """Test hook: (GB_EVAL.useful, the value policy's per-kind loop through GB_EVAL.shanten) on
    the seat _test_seat sets up, over the kinds of `cand` held < 4 times."""
    cdef Seat s
    cdef Observation o
    cdef int k
    _test_seat(counts, melds, rules, &s, &o)
    for k in range(34):
        if s.hand.counts[k] >= 4:
            cand &= ~((<uint64_t>1) << k)
    return int(GB_EVAL.useful(&o, &s, cand, sh)), int(useful_by_draws(&GB_EVAL, &o, &s, cand, sh))


def _at_most_check(counts, melds, int cap, rules):
    """Test hook: (GB_EVAL.shanten, GB_EVAL.shanten_at_most at `cap`) of the seat _test_seat sets up."""
    cdef Seat s
    cdef Observation o
    if not 0 <= cap < EVAL_FAR:
        raise ValueError(f"cap={cap!r}: allowed 0..{EVAL_FAR - 1}")
    _test_seat(counts, melds, rules, &s, &o)
    return int(GB_EVAL.shanten(&o, &s)), int(GB_EVAL.shanten_at_most(&o, &s, cap))
