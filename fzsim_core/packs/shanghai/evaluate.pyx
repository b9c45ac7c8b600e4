# cython: language_level=3
"""The Shanghai pack's evaluation hooks for the value policy (kit/evaluate.pxd): its shanten and
waits toward the allowed patterns only (the 清混碰 gate, shapes.pxd), a win's P per payer from
its own scorer (flowers and 勒子 caps; 开宝 and 荒番 are not observed and count as absent), and
its guard's threat reading (guard.pxd: each seat's readiness, waits and what its win costs)."""
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.bits cimport ctz64
from fzsim_core.kit.evaluate cimport EVAL_FAR, EvalThreat, PackEval, discard_hook_and_loop, useful_by_draws, test_seat
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.policy cimport Observation
from fzsim_core.rules cimport Rules
from fzsim_core.win_facts cimport WIN_SELFDRAW
from fzsim_core.table cimport Seat
from fzsim_core.packs.shanghai.shapes cimport (ShShape, SH_NO_SHAPE, SH_NO_WIN, sh_discard_shanten, sh_draw_shanten, sh_draws_below, sh_shanten,
                                                sh_wait_mask_packed)
from fzsim_core.packs.shanghai.score cimport ShRules, ShScore, SH_F_SELFDRAW, sh_evaluate
from fzsim_core.packs.shanghai.pack cimport sh_hand_of, sh_rules_of
from fzsim_core.packs.shanghai.greedy cimport sh_greedy_choose, shape_of
from fzsim_core.packs.shanghai.guard cimport ShThreat, sh_discard_risk, sh_read_threat
from fzsim_core.packs.shanghai.options cimport sh_options

assert sizeof(ShThreat) <= sizeof(double) * 64, "Shanghai's threat reading outgrew EvalThreat"


cdef int sh_eval_shanten(const Observation* o, const Seat* s) noexcept nogil:
    cdef ShShape shape
    cdef MjHand h
    cdef int sh
    shape_of(o, &shape)
    sh_hand_of(s, &h)
    sh = sh_shanten(&shape, &h)
    return EVAL_FAR if sh == SH_NO_WIN or sh == SH_NO_SHAPE or sh > EVAL_FAR else sh


cdef uint64_t sh_eval_useful(const Observation* o, const Seat* s, uint64_t cand, int sh) noexcept nogil:
    """sh_eval_shanten after each draw of cand, the hand read once (shapes.pxd sh_draw_shanten)."""
    cdef ShShape shape
    cdef MjHand h
    cdef int v, k
    cdef int out[34]
    cdef uint64_t m, got = 0
    shape_of(o, &shape)
    sh_hand_of(s, &h)
    cand &= (<uint64_t>1 << 34) - 1
    if sh <= EVAL_FAR:   # a far, blocked or shapeless answer (EVAL_FAR) never helps: the mask at once
        return sh_draws_below(&shape, &h, s.hand.key, cand, sh)
    sh_draw_shanten(&shape, &h, s.hand.key, cand, out)
    m = cand
    while m:
        k = ctz64(m)
        m &= m - 1
        v = out[k]
        if (EVAL_FAR if v == SH_NO_WIN or v == SH_NO_SHAPE or v > EVAL_FAR else v) < sh:
            got |= (<uint64_t>1) << k
    return got


cdef void sh_eval_discard_shanten(const Observation* o, const Seat* s, uint64_t cand, int* out) noexcept nogil:
    """sh_eval_shanten after each discard of cand, the hand read once (shapes.pxd sh_discard_shanten)."""
    cdef ShShape shape
    cdef MjHand h
    cdef int v, k
    shape_of(o, &shape)
    sh_hand_of(s, &h)
    cand &= (<uint64_t>1 << 34) - 1
    sh_discard_shanten(&shape, &h, s.hand.key, cand, out)
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        v = out[k]
        out[k] = EVAL_FAR if v == SH_NO_WIN or v == SH_NO_SHAPE or v > EVAL_FAR else v


cdef uint64_t sh_eval_waits(const Observation* o, const Seat* s) noexcept nogil:
    cdef ShShape shape
    cdef MjHand h
    shape_of(o, &shape)
    sh_hand_of(s, &h)
    return sh_wait_mask_packed(&shape, &h, &s.hand)


cdef double sh_eval_win(const Observation* o, const Seat* s, int tile, int win_type) noexcept nogil:
    cdef MjHand h
    cdef ShRules r
    cdef ShScore sc
    cdef bint self_draw = win_type == WIN_SELFDRAW
    sh_hand_of(s, &h)
    sh_rules_of(o.rules, &r)
    if sh_evaluate(&r, &h, SH_F_SELFDRAW if self_draw else 0, s.n_flowers, False, 0, &sc) < 0:
        return 0.0
    return <double>sc.per_payer * (3 if self_draw else 1)


cdef double sh_eval_typical(const Observation* o, const Seat* s, int win_type) noexcept nogil:
    """0.76 勒子 per payer: the mean over the wins of 2,000 guard hands (seed 3) was 7.6 with the
    勒子 at 10 (the gate makes a 碰碰胡 or 混一色 near its cap the common win)."""
    return 0.76 * sh_options(o.rules).sh_lezi * (3 if win_type == WIN_SELFDRAW else 1)


cdef void sh_eval_threat(const Observation* o, EvalThreat* t) noexcept nogil:
    cdef ShThreat* th = <ShThreat*>t.words
    cdef int j
    sh_read_threat(o, th)
    for j in range(4):
        t.ready[j] = th.ready[j]


cdef void sh_eval_risk(const Observation* o, const EvalThreat* t, int k, double* chance,
                       double* cost) noexcept nogil:
    sh_discard_risk(o, <const ShThreat*>t.words, k, chance, cost)


cdef PackEval SH_EVAL
SH_EVAL.shanten = sh_eval_shanten
SH_EVAL.useful = sh_eval_useful
SH_EVAL.discard_shanten = sh_eval_discard_shanten
SH_EVAL.waits = sh_eval_waits
SH_EVAL.win_points = sh_eval_win
SH_EVAL.typical_points = sh_eval_typical
SH_EVAL.read_threat = sh_eval_threat
SH_EVAL.risk = sh_eval_risk
SH_EVAL.greedy = sh_greedy_choose
SH_EVAL.risk_weight = 0.25   # duels against guard, seed 5 (docs/guide/policies.md)


cdef const PackEval* sh_eval() noexcept nogil:
    return &SH_EVAL


cdef int _test_seat(Seat* s_, Observation* o_, counts, melds, rules) except -1:
    """The seat the test hooks read (kit/evaluate.pxd test_seat) under the compiled `rules`."""
    test_seat(s_, o_, counts, 34, melds, -1)
    o_.rules = &(<Rules?>rules).c
    return 0


def _useful_check(counts, melds, uint64_t cand, int sh, rules):
    """Test hook: (SH_EVAL.useful, the value policy's per-kind loop through SH_EVAL.shanten) on
    the seat with concealed `counts` (34) and `melds` [(table.pxd MeldType, kind), ...] under the
    compiled `rules` (fzsim_core.rules.Rules: the 风向牌 and 风一色 options), over the kinds of
    `cand` held < 4 times."""
    cdef Seat s
    cdef Observation o
    cdef int k
    _test_seat(&s, &o, counts, melds, rules)
    cdef const uint8_t* c = s.hand.counts
    for k in range(34):
        if c[k] >= 4:
            cand &= ~((<uint64_t>1) << k)
    return int(SH_EVAL.useful(&o, &s, cand, sh)), int(useful_by_draws(&SH_EVAL, &o, &s, cand, sh))


def _discard_check(counts, melds, rules):
    """Test hook: (SH_EVAL.discard_shanten, the value policy's per-kind loop through SH_EVAL.shanten)
    for every kind held by the 3n+2 seat with concealed `counts`, `melds` and `rules` as `_useful_check`'s."""
    cdef Seat s
    cdef Observation o
    _test_seat(&s, &o, counts, melds, rules)
    return discard_hook_and_loop(&SH_EVAL, &o, &s)
