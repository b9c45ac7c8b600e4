# cython: language_level=3
"""The Beijing pack's evaluation hooks for the value policy (kit/evaluate.pxd): its shanten and
waits with the 惠牌 wild (shapes.pxd), a win's 番 x 底分 from its own scorer (the dealer's 庄 fan
counted; a claimed hand or one holding three 惠牌 wins on no discard, §4.3), and its guard's threat
reading (guard.pxd: a seat that has claimed may only self-draw)."""
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.bits cimport ctz64
from fzsim_core.hand cimport hand_add, hand_remove
from fzsim_core.kit.evaluate cimport (EVAL_FAR, EvalThreat, PackEval, discard_hook_and_loop, discard_shanten_by_removal,
                                      useful_by_draws, test_seat)
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.policy cimport Observation
from fzsim_core.policies.guard cimport Threat
from fzsim_core.win_facts cimport WIN_SELFDRAW
from fzsim_core.table cimport Seat
from fzsim_core.packs.beijing.shapes cimport (BJ_NO_SHAPE, bj_add_natural, bj_hand_discard_shanten, bj_hand_draw_shanten, bj_hand_shanten,
                                              bj_may_win_on_discard, bj_shanten, bj_wait_mask)
from fzsim_core.packs.beijing.score cimport (BjRules, BjScore, BJ_F_DEALER_PAYS, BJ_F_DEALER_WINS,
                                             BJ_F_SELFDRAW, bj_evaluate)
from fzsim_core.packs.beijing.pack cimport bj_hand_of, bj_rules_of
from fzsim_core.packs.beijing.greedy cimport bj_greedy_choose
from fzsim_core.packs.beijing.guard cimport bj_read_threat, bj_discard_danger
from fzsim_core.packs.beijing.options cimport bj_options

# a typical win's 番: the mean over the wins of 2,000 guard hands (seed 3)
cdef double TYPICAL_FANS = 1.7

assert sizeof(Threat) <= sizeof(double) * 64, "Beijing's threat reading outgrew EvalThreat"


cdef int bj_eval_shanten(const Observation* o, const Seat* s) noexcept nogil:
    cdef MjHand h
    cdef int sh
    if s.hand.gold == o.gold:   # the seat's packed hand has the 惠牌 as its gold: read it as it is
        sh = bj_hand_shanten(&s.hand, s.n_melds)
    else:
        bj_hand_of(s, o.gold, &h)
        sh = bj_shanten(&h)
    return EVAL_FAR if sh == BJ_NO_SHAPE or sh > EVAL_FAR else sh


cdef uint64_t bj_eval_useful(const Observation* o, const Seat* s, uint64_t cand, int sh) noexcept nogil:
    """bj_eval_shanten after each draw of cand: on the seat's packed hand, its parts read once
    (shapes.pxd bj_hand_draw_shanten); a hand packed with another gold draws kind by kind."""
    cdef Seat t
    cdef int out[34]
    cdef int k, v
    cdef uint64_t m = cand & ((<uint64_t>1 << 34) - 1), got = 0
    if s.hand.gold == o.gold:
        bj_hand_draw_shanten(&s.hand, s.n_melds, m, out)
    else:
        t = s[0]
        while m:
            k = ctz64(m)
            m &= m - 1
            hand_add(&t.hand, k)
            out[k] = bj_eval_shanten(o, &t)
            hand_remove(&t.hand, k)
        m = cand & ((<uint64_t>1 << 34) - 1)
    while m:
        k = ctz64(m)
        m &= m - 1
        v = out[k]
        if (EVAL_FAR if v == BJ_NO_SHAPE or v > EVAL_FAR else v) < sh:
            got |= (<uint64_t>1) << k
    return got


cdef void bj_eval_discard_shanten(const Observation* o, const Seat* s, uint64_t cand, int* out) noexcept nogil:
    """bj_eval_shanten after each discard of cand: on the seat's packed hand, read once
    (shapes.pxd bj_hand_discard_shanten); a hand packed with another gold discards kind by kind."""
    cdef Seat t
    cdef int k, v
    if s.hand.gold != o.gold:
        t = s[0]
        discard_shanten_by_removal(&BJ_EVAL, o, &t, cand, out)
        return
    cand &= (<uint64_t>1 << 34) - 1
    bj_hand_discard_shanten(&s.hand, s.n_melds, cand, out)
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        v = out[k]
        out[k] = EVAL_FAR if v == BJ_NO_SHAPE or v > EVAL_FAR else v


cdef uint64_t bj_eval_waits(const Observation* o, const Seat* s) noexcept nogil:
    cdef MjHand h
    bj_hand_of(s, o.gold, &h)
    return bj_wait_mask(&h)


cdef double bj_eval_win(const Observation* o, const Seat* s, int tile, int win_type) noexcept nogil:
    cdef MjHand h
    cdef BjRules r
    cdef BjScore sc
    cdef int f = 0
    cdef bint self_draw = win_type == WIN_SELFDRAW
    bj_hand_of(s, o.gold, &h)
    if not self_draw:
        h.counts[tile] -= 1
        if not bj_may_win_on_discard(&h) or (tile == o.gold and not bj_options(o.rules).bj_hui_discard):
            return 0.0
        bj_add_natural(&h, tile)   # a discarded 惠牌 counts at its face value (BJ-A2)
    bj_rules_of(o.rules, &r)
    if self_draw:
        f |= BJ_F_SELFDRAW
    if o.seat == o.dealer:
        f |= BJ_F_DEALER_WINS
    elif not self_draw and o.claim_from == o.dealer:
        f |= BJ_F_DEALER_PAYS
    if bj_evaluate(&r, &h, f, tile, &sc) < 0:
        return 0.0
    return <double>sc.total * r.base * (3 if self_draw else 1)


cdef double bj_eval_typical(const Observation* o, const Seat* s, int win_type) noexcept nogil:
    cdef MjHand h
    if win_type == WIN_SELFDRAW:
        return TYPICAL_FANS * o.rules.base * 3
    bj_hand_of(s, o.gold, &h)
    return TYPICAL_FANS * o.rules.base if bj_may_win_on_discard(&h) else 0.0   # §4.3


cdef void bj_eval_threat(const Observation* o, EvalThreat* t) noexcept nogil:
    cdef Threat* th = <Threat*>t.words
    cdef int j
    bj_read_threat(o, th)
    for j in range(4):
        t.ready[j] = th.ready[j]


cdef void bj_eval_risk(const Observation* o, const EvalThreat* t, int k, double* chance,
                       double* cost) noexcept nogil:
    chance[0] = bj_discard_danger(o, <const Threat*>t.words, k)
    cost[0] = chance[0] * TYPICAL_FANS * o.rules.base


cdef PackEval BJ_EVAL
BJ_EVAL.shanten = bj_eval_shanten
BJ_EVAL.useful = bj_eval_useful
BJ_EVAL.discard_shanten = bj_eval_discard_shanten
BJ_EVAL.waits = bj_eval_waits
BJ_EVAL.win_points = bj_eval_win
BJ_EVAL.typical_points = bj_eval_typical
BJ_EVAL.read_threat = bj_eval_threat
BJ_EVAL.risk = bj_eval_risk
BJ_EVAL.greedy = bj_greedy_choose
BJ_EVAL.risk_weight = 0.0   # duels against guard, seed 5 (docs/guide/policies.md)


cdef const PackEval* bj_eval() noexcept nogil:
    return &BJ_EVAL


cdef int _test_seat(Seat* s_, Observation* o_, counts, melds, int wild, int gold) except -1:
    """The seat the test hooks read (kit/evaluate.pxd test_seat), the table's 惠牌 `gold`."""
    test_seat(s_, o_, counts, 34, melds, wild)
    o_.gold = gold
    return 0


def _useful_check(counts, melds, int wild, int gold, uint64_t cand, int sh):
    """Test hook: (BJ_EVAL.useful, the value policy's per-kind loop through BJ_EVAL.shanten) on the
    seat with concealed `counts` (34, wilds at the wild's kind), `melds` [(table.pxd MeldType,
    kind), ...], its hand packed with gold `wild` and the table's 惠牌 `gold` (the fast path when
    they agree), over the kinds of `cand` held < 4 times."""
    cdef Seat s
    cdef Observation o
    cdef int k
    _test_seat(&s, &o, counts, melds, wild, gold)
    cdef const uint8_t* c = s.hand.counts
    for k in range(34):
        if c[k] >= 4:
            cand &= ~((<uint64_t>1) << k)
    return int(BJ_EVAL.useful(&o, &s, cand, sh)), int(useful_by_draws(&BJ_EVAL, &o, &s, cand, sh))


def _discard_check(counts, melds, int wild, int gold):
    """Test hook: (BJ_EVAL.discard_shanten, the value policy's per-kind loop through BJ_EVAL.shanten)
    for every kind held by the 3n+2 seat with concealed `counts`, `melds`, its hand's gold `wild` and the 惠牌 `gold` as `_useful_check`'s."""
    cdef Seat s
    cdef Observation o
    _test_seat(&s, &o, counts, melds, wild, gold)
    return discard_hook_and_loop(&BJ_EVAL, &o, &s)
