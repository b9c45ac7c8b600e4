# cython: language_level=3
"""The Sichuan pack's evaluation hooks for the value policy (kit/evaluate.pxd): its shanten and
waits under the two-suit rule and 定缺 (shapes.pxd), a win's 分 or 2^番 from its own scorer times
the seats that pay it (血战: the unfinished ones), and its guard's threat reading (guard.pxd)."""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from fzsim_core.kit.evaluate cimport EVAL_FAR, EvalThreat, PackEval, discard_hook_and_loop, useful_by_draws, test_seat
from fzsim_core.policy cimport Observation
from fzsim_core.packs.registry cimport SCORING_XUEZHAN
from fzsim_core.win_facts cimport WIN_SELFDRAW
from fzsim_core.table cimport ACT_DISCARD, Seat, act_kind, act_type
from fzsim_core.bits cimport ctz64
from fzsim_core.packs.sichuan.shapes cimport (ScHand, ScParts, SC_KINDS, SC_NO_WIN, sc_suits_may_win, sc_wait_mask, sc_read_parts_keyed,
                                               sc_parts_shanten, sc_parts_discard_shanten, sc_parts_draw_shanten)
from fzsim_core.packs.sichuan.score cimport ScRules, ScScore, SC_F_SELFDRAW, sc_evaluate
from fzsim_core.packs.sichuan.pack cimport sc_hand_of, sc_rules_of
from fzsim_core.packs.sichuan.greedy cimport sc_greedy_choose, sc_turn_known
from fzsim_core.packs.sichuan.guard cimport ScThreat, sc_read_threat, sc_discard_danger
from fzsim_core.packs.sichuan.options cimport sc_options
from fzsim_core.rules cimport RuleSet

# what a typical win pays each payer, in units of the rules' base: the mean over the wins of
# 2,000 guard hands (seed 3), 1.31 in sichuan and 1.55 in 血战 (docs/guide/policies.md)


cdef inline double typical_units(const Observation* o) noexcept nogil:
    return 1.55 if o.rules.scoring == SCORING_XUEZHAN else 1.31

assert sizeof(ScThreat) <= sizeof(double) * 64, "Sichuan's threat reading outgrew EvalThreat"


cdef int payers(const Observation* o) noexcept nogil:
    """The seats that pay a self-draw now: the unfinished others (血战), or all three."""
    cdef int j, n = 0
    for j in range(4):
        if j != o.seat and (not o.table[j].finished[0] or sc_options(o.rules).xz_selfdraw_all_pay):
            n += 1
    return n


cdef int sc_eval_shanten(const Observation* o, const Seat* s) noexcept nogil:
    cdef ScHand h
    cdef ScParts p
    cdef int sh
    sc_hand_of(s, &h)
    sc_read_parts_keyed(&h, s.hand.key, &p)   # sc_shanten, the suits' keys as the Hand keeps them
    sh = sc_parts_shanten(&p, 1)
    return EVAL_FAR if sh == SC_NO_WIN or sh < -1 else sh


cdef uint64_t sc_eval_useful(const Observation* o, const Seat* s, uint64_t cand, int sh) noexcept nogil:
    """sc_eval_shanten after each draw of cand, the hand's parts read once (shapes.pxd)."""
    cdef ScHand h
    cdef ScParts p
    cdef int v, k
    cdef int out[27]
    cdef uint64_t m, got = 0
    sc_hand_of(s, &h)
    sc_read_parts_keyed(&h, s.hand.key, &p)
    cand &= 0x7FFFFFFULL
    sc_parts_draw_shanten(&p, h.counts, <uint32_t>cand, out, sh)   # exact below sh, all this asks
    m = cand
    while m:
        k = ctz64(m)
        m &= m - 1
        v = out[k]
        if (EVAL_FAR if v == SC_NO_WIN or v < -1 else v) < sh:
            got |= (<uint64_t>1) << k
    return got


cdef void sc_eval_discard_shanten(const Observation* o, const Seat* s, uint64_t cand, int* out) noexcept nogil:
    """sc_eval_shanten after each discard of cand, the hand's parts read once (shapes.pxd)."""
    cdef ScHand h
    cdef ScParts p
    cdef int v, k
    cdef int raw[27]
    sc_hand_of(s, &h)
    sc_read_parts_keyed(&h, s.hand.key, &p)
    cand &= 0x7FFFFFFULL
    sc_parts_discard_shanten(&p, h.counts, <uint32_t>cand, raw)
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        v = raw[k]
        out[k] = EVAL_FAR if v == SC_NO_WIN or v < -1 else v


cdef uint64_t sc_eval_waits(const Observation* o, const Seat* s) noexcept nogil:
    cdef ScHand h
    sc_hand_of(s, &h)
    return sc_wait_mask(&h)


cdef void sc_eval_win_both(const Observation* o, const Seat* s, int tile, double* self_draw,
                           double* discard) noexcept nogil:
    """A win's 分 or 2^番 from its own scorer times the seats that pay it, by self-draw and on a
    discard from one scoring: the self-draw flag moves no 番 here (its extra is the payers)."""
    cdef ScHand h
    cdef ScRules r
    cdef ScScore sc
    sc_hand_of(s, &h)
    sc_rules_of(o.rules, &r)
    if sc_evaluate(&r, &h, SC_F_SELFDRAW, &sc) < 0:
        self_draw[0] = discard[0] = 0.0
        return
    self_draw[0] = <double>sc.unit * r.base * payers(o)
    discard[0] = <double>sc.unit * r.base * 1


cdef double sc_eval_win(const Observation* o, const Seat* s, int tile, int win_type) noexcept nogil:
    cdef double self_draw, discard
    sc_eval_win_both(o, s, tile, &self_draw, &discard)
    return self_draw if win_type == WIN_SELFDRAW else discard


cdef int sc_eval_greedy_known(const Observation* o, const uint16_t* acts, int n, const int* after) noexcept nogil:
    """sc_greedy_choose's own turn with the discards' shanten read by sc_eval_discard_shanten: its
    EVAL_FAR back to the raw SC_NO_WIN when the melds allow no win (every discard alike; a raw
    shanten of EVAL_FAR itself is left as it is), else as read."""
    cdef ScHand h
    cdef int raw[SC_KINDS]
    cdef int i, k, suits = 0
    cdef bint no_win
    sc_hand_of(o.me, &h)
    for i in range(h.n_melds):
        suits |= 1 << (h.meld_kind[i] // 9)
    no_win = not sc_suits_may_win(&h, suits)   # the melds alone rule a win out
    for i in range(n):
        if act_type(acts[i]) == ACT_DISCARD:
            k = act_kind(acts[i])
            raw[k] = SC_NO_WIN if no_win else after[k]
    return sc_turn_known(o, acts, n, NULL, raw, NULL, -1, -1, 0)


cdef double sc_eval_typical(const Observation* o, const Seat* s, int win_type) noexcept nogil:
    return typical_units(o) * o.rules.base * (payers(o) if win_type == WIN_SELFDRAW else 1)


cdef void sc_eval_threat(const Observation* o, EvalThreat* t) noexcept nogil:
    cdef ScThreat* th = <ScThreat*>t.words
    cdef int j
    sc_read_threat(o, th)
    for j in range(4):
        t.ready[j] = th.ready[j]


cdef void sc_eval_risk(const Observation* o, const EvalThreat* t, int k, double* chance,
                       double* cost) noexcept nogil:
    chance[0] = sc_discard_danger(<const ScThreat*>t.words, o.seat, k) if k < 27 else 0.0
    cost[0] = chance[0] * typical_units(o) * o.rules.base


cdef PackEval SC_EVAL
SC_EVAL.shanten = sc_eval_shanten
SC_EVAL.useful = sc_eval_useful
SC_EVAL.discard_shanten = sc_eval_discard_shanten
SC_EVAL.waits = sc_eval_waits
SC_EVAL.win_points = sc_eval_win
SC_EVAL.win_points_both = sc_eval_win_both
SC_EVAL.typical_points = sc_eval_typical
SC_EVAL.read_threat = sc_eval_threat
SC_EVAL.risk = sc_eval_risk
SC_EVAL.greedy = sc_greedy_choose
SC_EVAL.greedy_known = sc_eval_greedy_known
SC_EVAL.risk_weight = 0.0   # duels against guard, seed 5 (docs/guide/policies.md)
# rollout searches claims and own-turn kongs beside discard wins, on 64 worlds: duels against
# value, seed 5 (docs/guide/policies.md)
SC_EVAL.rollout_at = 14
SC_EVAL.rollout_n = 64
# 血战: the same hooks; rollout searches claims and own-turn kongs but not discard wins (passing
# one looks better in its worlds than it is), on 16 worlds — about as strong there at a quarter
# of the instructions, which keeps four rollout seats above 100 hands per CPU-second on this
# machine (duels against value, seed 5; docs/guide/policies.md)
cdef PackEval XZ_EVAL
XZ_EVAL = SC_EVAL
XZ_EVAL.rollout_at = 6
XZ_EVAL.rollout_n = 16


cdef const PackEval* sc_eval(const RuleSet* r) noexcept nogil:
    """The pack's evaluation hooks with the rollout budget fitted to r's scoring (NULL: Sichuan's)."""
    return &XZ_EVAL if r != NULL and r.scoring == SCORING_XUEZHAN else &SC_EVAL


cdef int _test_seat(Seat* s_, Observation* o_, counts, melds, int void_suit) except -1:
    """The seat the test hooks read (kit/evaluate.pxd test_seat) with its 定缺 suit."""
    test_seat(s_, o_, counts, SC_KINDS, melds, -1)
    s_.void_suit = void_suit
    return 0


def _useful_check(counts, melds, int void_suit, uint64_t cand, int sh):
    """Test hook: (SC_EVAL.useful, the value policy's per-kind loop through SC_EVAL.shanten) on
    the seat with concealed `counts` (27), `melds` [(table.pxd MeldType, kind), ...] and 定缺
    `void_suit` (Seat.void_suit: suit + 1, 0 none), over the kinds of `cand` held < 4 times."""
    cdef Seat s
    cdef Observation o
    cdef int k
    _test_seat(&s, &o, counts, melds, void_suit)
    cdef const uint8_t* c = s.hand.counts
    for k in range(SC_KINDS):
        if c[k] >= 4:
            cand &= ~((<uint64_t>1) << k)
    return int(SC_EVAL.useful(&o, &s, cand, sh)), int(useful_by_draws(&SC_EVAL, &o, &s, cand, sh))


def _discard_check(counts, melds, int void_suit):
    """Test hook: (SC_EVAL.discard_shanten, the value policy's per-kind loop through SC_EVAL.shanten)
    for every kind held by the 3n+2 seat with concealed `counts` (27), `melds` and 定缺 `void_suit` as `_useful_check`'s."""
    cdef Seat s
    cdef Observation o
    _test_seat(&s, &o, counts, melds, void_suit)
    return discard_hook_and_loop(&SC_EVAL, &o, &s)
