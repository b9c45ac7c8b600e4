# cython: language_level=3
"""guard on the Sichuan pack: the Sichuan greedy's hand building (packs/sichuan/greedy) with the
waits chosen by value, a threat model refitted to Sichuan play and guard's defend / fold.

- Ready: among the discards that leave the hand ready, the one whose waits are worth most (over
  the winning kinds, unseen copies x what each payer pays: 分, or 2^番 in 血战); greedy counts
  the winning tiles only. This is most of guard's gain in 血战, where waits differ by factors of 2.
- Threat reading: each other unfinished seat's chance of being ready is a logistic in its exposed
  melds, its discards and the wall's last quarter; a ready seat's chance of waiting on kind k a
  logistic in k's unseen copies, its chow neighbours' unseen copies, whether that seat threw k
  itself, and how many of its discards are of k's suit and their share of its pond (a Sichuan
  seat clears the suit it gives up, so its waits are almost never there). A seat that has won
  (血战) is no threat; a suit it declared void (定缺) is never its wait. Both logistics were
  fitted per preset on greedy-vs-greedy tables (benchmarks/fit_sichuan_guard.py).
- Not ready: while the hand still holds the suit it gives up, that suit goes first as greedy has
  it (a third suit kept for safety is a hand that cannot win, and 花猪 at the end). Then, when
  some seat is likely ready, each discard's danger is 1 - prod_j (1 - ready_j wait_j(k)): it
  defends — greedy among the best-shanten discards within MARGIN of the safest — and folds (the
  safest tiles, the nearest to ready among them) only past `fold` scaled by the distance from
  ready. The defaults come from duels against greedy (docs/guide/sichuan.md): defence only in
  `sichuan` (in 血战 it cost more in wins than it saved), and no folding (it lost in both).
- Claims: greedy's, none while folding. Kongs, wins and the opening (换三张, 定缺): greedy's.

Parameter: `fold` (guard:fold=X; default SC_DEFAULT_FOLD: never).
"""
from libc.math cimport exp
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from fzsim_core.policy cimport Observation
from fzsim_core.packs.registry cimport SCORING_XUEZHAN
from fzsim_core.table cimport *
from fzsim_core.packs.sichuan.shapes cimport (ScHand, ScMelds, ScParts, SC_KINDS, sc_melds_of, sc_parts_discard_best,
                                              sc_parts_discard_shanten, sc_parts_shanten, sc_read_parts,
                                              sc_read_parts_keyed, sc_table_wait_mask)
from fzsim_core.packs.sichuan.score cimport ScRules, ScScore, sc_evaluate, sc_evaluate_win
from fzsim_core.hand cimport Hand, hand_remove
from fzsim_core.packs.sichuan.pack cimport sc_hand_of, sc_rules_of
from fzsim_core.packs.sichuan.greedy cimport (drop_suit_parts, sc_claim, sc_greedy_choose, sc_seat_parts, sc_turn_among,
                                              sc_turn_known)
from fzsim_core.policies.defence cimport chow_unseen, fold_at, guard_keep
from fzsim_core.bits cimport ctz64, fz_unseen_bytes, least_of


cdef double SC_DEFAULT_FOLD = 1.0     # never folds: folding lost to greedy in every duel (docs)
# danger within this of the safest counts as equally safe when defending, per preset (row 0
# sichuan, 1 xuezhan: 1.0 = no defence), chosen by duels against greedy (docs/guide/sichuan.md)
cdef double MARGIN[2]
cdef double FOLD_MARGIN = 0.01    # folding: danger within this of the safest tile is as safe
MARGIN[0] = 0.05
MARGIN[1] = 1.0

# fitted on 4,000 greedy hands of each preset (benchmarks/fit_sichuan_guard.py --hands 4000, seed
# 11); row 0 sichuan, row 1 xuezhan. ready: intercept, melds, discards, last quarter of the wall;
# wait: intercept, unseen copies, chow neighbours, thrown itself, pond tiles of the suit (<= 4),
# their share of the pond
cdef double RC[2][4]
cdef double WC[2][6]
RC[0][:] = [-4.523, 0.695, 0.425, -0.217]
RC[1][:] = [-3.958, 0.657, 0.327, 0.073]
WC[0][:] = [-3.222, 0.307, 0.082, -2.451, 0.420, -4.991]
WC[1][:] = [-3.417, 0.402, 0.088, -2.091, 0.549, -6.363]


cdef void sc_read_threat(const Observation* o, ScThreat* t) noexcept nogil:
    cdef int j, k, v, s, late = 1 if o.live < 27 else 0
    cdef int m = 1 if o.rules.scoring == SCORING_XUEZHAN else 0
    cdef int suit_thrown[3]
    cdef const double* w = WC[m]
    cdef double x, none = 1.0
    t.model = m
    fz_unseen_bytes(o.seen, o.me.hand.counts, t.un)
    for j in range(4):
        t.ready[j] = 0.0
        t.thrown[j] = 0
        t.void[j] = -1
        if j == o.seat or o.table[j].finished[0]:
            continue
        t.void[j] = o.table[j].void_suit[0] - 1
        suit_thrown[0] = suit_thrown[1] = suit_thrown[2] = 0
        for k in range(o.table[j].n_discards[0]):
            v = o.table[j].discards[k]
            t.thrown[j] |= (<uint64_t>1) << v
            if v < SC_KINDS:
                suit_thrown[v // 9] += 1
        # the wait logistic's per-suit terms, each product as sc_wait_chance would form it (same bits)
        for s in range(3):
            v = suit_thrown[s]
            t.pond_x[j][s] = w[4] * (v if v < 4 else 4)
            t.share_x[j][s] = w[5] * (v / <double>o.table[j].n_discards[0] if o.table[j].n_discards[0] else 0.0)
        x = RC[m][0] + RC[m][1] * o.table[j].n_melds[0] + RC[m][2] * o.table[j].n_discards[0] + RC[m][3] * late
        t.ready[j] = 1.0 / (1.0 + exp(-x))
        none *= 1.0 - t.ready[j]
    t.total = 1.0 - none


cdef inline double sc_wait_chance(const ScThreat* t, int j, int k, int chow) noexcept nogil:
    """The chance that a ready seat j waits on kind k, k's chow waits (chow_unseen) given: the
    same for every seat, so a discard's danger counts them once."""
    cdef int s = k // 9
    cdef double x
    cdef const double* w
    if t.void[j] == s:
        return 0.0
    w = WC[t.model]
    x = w[0] + w[1] * t.un[k] + w[2] * chow + w[3] * ((t.thrown[j] >> k) & 1) + t.pond_x[j][s] + t.share_x[j][s]
    return 1.0 / (1.0 + exp(-x))


cdef double sc_discard_danger(const ScThreat* t, int seat, int k) noexcept nogil:
    cdef int j, chow = chow_unseen(t.un, k)
    cdef double safe = 1.0
    for j in range(4):
        if j != seat and t.ready[j] > 0.0:
            safe *= 1.0 - t.ready[j] * sc_wait_chance(t, j, k, chow)
    return 1.0 - safe


cdef int ready_value(const Observation* o, ScHand* h, const ScRules* r, const ScMelds* melds,
                     int d) noexcept nogil:
    """What a ready 3n+1 hand h (the seat's after discarding d) is worth: over its winning kinds,
    the unseen copies times what each payer pays for that win (分, or 2^番), no situational
    additions. The waits from the table path on the seat's own Hand; each wait makes a win, so
    it is scored unchecked (check=True: checked, as sc_evaluate does)."""
    cdef Hand x = o.me.hand
    cdef uint32_t m
    cdef ScScore sc
    cdef int k, v, total = 0
    hand_remove(&x, d)
    m = sc_table_wait_mask(&x, melds)
    while m:
        k = ctz64(m)
        m &= m - 1
        v = 4 - o.seen[k] - h.counts[k]
        if v <= 0:
            continue
        h.counts[k] += 1
        if (sc_evaluate(r, h, 0, &sc) if o.check else sc_evaluate_win(r, h, 0, &sc)) >= 0:
            total += v * sc.unit
        h.counts[k] -= 1
    return total


cdef int best_ready(const Observation* o, const uint16_t* acts, int n, ScHand* h,
                    uint32_t ready) noexcept nogil:
    """Among the discards that leave the hand ready, the one whose waits are worth most; -1 when
    no discard does (or two tie: greedy decides). ready: the kinds whose discard leaves the hand
    ready (a hand that is not ready after it has no waits: only those are valued)."""
    cdef ScRules r
    cdef ScMelds melds
    cdef int i, k, v, best = -1, best_v = 0, ties = 0
    sc_rules_of(o.rules, &r)
    sc_melds_of(h, &melds)
    for i in range(n):
        if act_type(acts[i]) != ACT_DISCARD:
            continue
        k = act_kind(acts[i])
        if not (ready >> k) & 1:
            continue
        h.counts[k] -= 1
        v = ready_value(o, h, &r, &melds, k)
        h.counts[k] += 1
        if v > best_v:
            best, best_v, ties = i, v, 0
        elif v == best_v and v > 0:
            ties += 1
    return best if ties == 0 else -1


cdef int sc_guard_turn(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    cdef ScHand h
    cdef ScParts parts
    cdef ScThreat th
    cdef int i, k, t, drop, best_sh = 99
    cdef int sh_of[MAX_ACTIONS]
    cdef int sh_k[SC_KINDS]
    cdef uint32_t cand = 0
    cdef double dang[MAX_ACTIONS]
    cdef double fold_sh, min_best = 9.0
    cdef bint keep[MAX_ACTIONS]
    cdef bint no_defence, exact, folds
    cdef uint32_t at, m
    cdef const uint8_t* counts = o.me.hand.counts   # kinds 0..26 as an ScHand's
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_DISCARD:
            cand |= (<uint32_t>1) << act_kind(acts[i])
        elif t == ACT_WIN or t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
            return sc_turn_among(o, acts, n, NULL)   # wins and kongs as greedy
    sc_seat_parts(o, &parts)   # the ScHand only to score waits (best_ready)
    drop = o.me.void_suit - 1 if o.me.void_suit else drop_suit_parts(&parts)
    exact = o.check
    if exact:
        sc_parts_discard_shanten(&parts, counts, cand, sh_k)   # every discard's shanten, read once
        best_sh = least_of(sh_k, cand, 99)
        at = 0
        m = cand
        while m:
            k = ctz64(m)
            m &= m - 1
            if sh_k[k] == best_sh:
                at |= (<uint32_t>1) << k
    else:
        # the best discards only, as greedy reads them: the others' shanten matters to a fold
        # alone (read then), so until then they stand at best + 1 (sh_k filled with the dangers:
        # greedy's turn, given read_best, reads known only with keep). Greedy's suit given up
        # first: while it holds tiles guard plays greedy (below), else nothing is left out; a
        # ready hand values every discard that keeps it ready, so it reads them all
        at = sc_parts_discard_best(&parts, counts, cand, &best_sh, drop)
        if best_sh == 0 and drop >= 0:
            at = sc_parts_discard_best(&parts, counts, cand, &best_sh, -1)
    # a discard that leaves the hand ready: the waits worth most. A lone one (at: the best
    # discards' kinds) is thrown unread, as greedy throws its lone candidate (the last action of
    # the kind), drawing nothing to break a tie
    if best_sh == 0 and not at & (at - 1):
        k = ctz64(at)
        for i in range(n - 1, -1, -1):
            if act_type(acts[i]) == ACT_DISCARD and act_kind(acts[i]) == k:
                return i
    if best_sh == 0:
        sc_hand_of(o.me, &h)
        i = best_ready(o, acts, n, &h, at)
        if i >= 0:
            return i
    # without defence (margin 1: every danger lies within it of another) only a fold departs from
    # greedy, and it needs a best discard's danger above fold_at: no danger exceeds 1, nor the
    # chance th.total that some seat is ready (1 - prod (1 - ready_j wait_j) <= 1 - prod (1 - ready_j)
    # term by term, in floating point too), so below those greedy plays unread
    no_defence = MARGIN[1 if o.rules.scoring == SCORING_XUEZHAN else 0] >= 1.0
    fold_sh = fold_at(fold, best_sh)
    if no_defence and fold_sh >= 1.0:
        return sc_turn_known(o, acts, n, NULL, sh_k, &parts, drop, best_sh, at)
    # the suit being given up goes first whatever its danger: a third suit kept for safety is a
    # hand that cannot win, and 花猪 / 查大叫 at the end of the wall (asked before the threat:
    # every answer but defending and folding is greedy's)
    if drop >= 0 and parts.pairs[drop] + parts.singles[drop]:
        return sc_turn_known(o, acts, n, NULL, sh_k, &parts, drop, best_sh, at)
    if best_sh == 99 or best_sh == 0:
        return sc_turn_known(o, acts, n, NULL, sh_k, &parts, drop, best_sh, at)   # ready: greedy's most winning tiles
    sc_read_threat(o, &th)
    if th.total < 0.05 or (no_defence and th.total <= fold_sh):
        return sc_turn_known(o, acts, n, NULL, sh_k, &parts, drop, best_sh, at)
    # the dangers only now (a ready hand never reads them), the best discards' first: guard_keep
    # reads the others' (and their exact shanten) only when it folds, which the best decide
    if not exact:
        m = cand
        while m:
            k = ctz64(m)
            m &= m - 1
            sh_k[k] = best_sh if (at >> k) & 1 else best_sh + 1
    for i in range(n):
        sh_of[i] = sh_k[act_kind(acts[i])] if act_type(acts[i]) == ACT_DISCARD else 99
        if sh_of[i] == best_sh:
            dang[i] = sc_discard_danger(&th, o.seat, act_kind(acts[i]))
            if dang[i] < min_best:
                min_best = dang[i]
    folds = min_best > fold_sh
    if folds and not exact:
        sc_parts_discard_shanten(&parts, counts, cand, sh_k)
    for i in range(n):
        if act_type(acts[i]) == ACT_DISCARD:
            sh_of[i] = sh_k[act_kind(acts[i])]
            if sh_of[i] != best_sh:
                dang[i] = sc_discard_danger(&th, o.seat, act_kind(acts[i])) if folds else 0.0
    if not guard_keep(o, sh_of, dang, n, fold, FOLD_MARGIN, MARGIN[th.model], keep):
        return sc_turn_known(o, acts, n, NULL, sh_k, &parts, drop, best_sh, at)   # push: every best discard is about as safe
    return sc_turn_known(o, acts, n, keep, sh_k, &parts, drop, best_sh, at)


cdef int sc_guard_claim(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    """greedy's claims, none while folding (a typical live tile too dangerous for the hand)."""
    cdef ScHand h
    cdef ScParts parts
    cdef ScThreat th
    cdef int i, sh0
    if 0.6 * fold >= 0.05:   # fold_at is at least 0.6 fold and th.total * 0.05 at most 0.05: never folds
        return sc_claim(o, acts, n)
    sc_read_threat(o, &th)
    if th.total >= 0.05:
        sc_hand_of(o.me, &h)
        sc_read_parts_keyed(&h, o.me.hand.key, &parts)
        sh0 = sc_parts_shanten(&parts, True)
        if sh0 > 0 and th.total * 0.05 > fold_at(fold, sh0):
            for i in range(n):
                if act_type(acts[i]) == ACT_PASS:
                    return i
    return sc_claim(o, acts, n)


cdef int sc_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int dec = o.decision
    cdef double fold = SC_DEFAULT_FOLD if state == NULL else (<double*>state)[0]
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return sc_guard_turn(o, acts, n, fold)
    if dec == DEC_CLAIM:
        return sc_guard_claim(o, acts, n, fold)
    return sc_greedy_choose(NULL, o, acts, n)   # wins, 换三张, 定缺 as greedy
