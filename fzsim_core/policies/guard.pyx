# cython: language_level=3
"""The guard policy: greedy's hand building with strict claims and defence.

- Claims: a chow or pung only when the best discard after it leaves the hand strictly nearer
  ready (greedy also calls when it merely does not get worse, which gives away concealed
  flexibility and safe tiles for nothing); an exposed kong when it does not worsen the hand (it
  is a free replacement draw and a kong point); no call at all while folding. Every win is taken.
- Threat reading (read_threat): each other seat's chance of being ready grows with its exposed
  melds, its discards (turns played) and the wall's depth; a seat in 游金 is ready. A discard's
  danger for a ready seat grows with the unseen copies of that kind (pair and pung waits) and of
  its neighbours (chow waits), is smaller for kinds that seat threw itself, and is nil for a gold
  (a discarded gold can never be claimed, RULES §4).
- Fold / defend / push: when ready it pushes (greedy's discard among the safest that stay ready);
  further from ready it folds — the least dangerous tile whatever the hand — once the safest
  discard that keeps the best shanten is more dangerous than `fold` scaled by the distance from
  ready (the further, the earlier it folds); in between it defends: greedy's choice among the
  discards of best shanten within a small margin of the safest.

Decisions are deterministic given the Observation and the policy stream (greedy's random
tie-break is the only draw). nogil, no Python objects. Parameter: `fold` (default DEFAULT_FOLD).
"""
from libc.math cimport exp
from libc.stdio cimport snprintf
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy
from fzsim_core.hand cimport Hand
from fzsim_core.bits cimport fz_unseen_bytes
from fzsim_core.policy cimport Observation, Policy, note_fold
from fzsim_core.table cimport *
from fzsim_core.wintables cimport hand_shanten
from fzsim_core.policies.defence cimport fold_at, guard_keep
from fzsim_core.policies.greedy cimport (View, ctx_of, shanten_less, greedy_discard, greedy_among,
                                         best_discard_shanten, call_tiles, first_win, own_turn_offers)

cdef double DEFAULT_FOLD = 0.05
# danger within this of the safest counts as equally safe when defending (the model is coarse)
cdef double DEFEND_MARGIN = 0.008


cdef void read_threat(const Observation* o, Threat* t) noexcept nogil:
    """Each other seat's chance of being ready: a logistic in its melds and discards, raised
    as the wall runs down (late in a hand every seat has had the draws to get there)."""
    cdef int j, k
    cdef double x, none = 1.0
    fz_unseen_bytes(o.seen, o.me.hand.counts, t.un)
    for j in range(4):
        t.ready[j] = 0.0
        t.thrown[j] = 0
        if j == o.seat:
            continue
        for k in range(o.table[j].n_discards[0]):
            t.thrown[j] |= (<uint64_t>1) << o.table[j].discards[k]
        if o.table[j].youjin[0] > 0:
            t.ready[j] = 1.0
        else:
            # calibrated on greedy tables: hands last ~4.4 discards a seat and ~19% of seat-hands
            # deal in, so readiness comes fast (golds are wild) and a live tile's danger is a few %
            x = (-2.5 + 0.8 * o.table[j].n_melds[0] + 0.55 * o.table[j].n_discards[0]
                 + (0.5 if o.live < o.reserve + 24 else 0.0))
            t.ready[j] = 1.0 / (1.0 + exp(-x))
        none *= 1.0 - t.ready[j]
    t.total = 1.0 - none


cdef inline double wait_chance(const Threat* t, int j, int k, double open_waits) noexcept nogil:
    """The chance that a ready seat j waits on kind k (not the gold), from the waits the unseen
    copies leave open (unseen_wait_weight: pair/pung waits on k, chow waits on its neighbours, a
    floor for the waits golds make on anything, 闲金) — the same for every seat, so a discard's
    danger reads them once."""
    cdef double w = open_waits
    if (t.thrown[j] >> k) & 1:
        w *= 0.55            # it threw this kind itself: less likely to want it now
    w *= 0.017
    return w if w < 0.3 else 0.3


cdef double discard_danger(const Observation* o, const Threat* t, int k) noexcept nogil:
    cdef int j
    cdef double safe = 1.0, open_waits
    if k == o.gold:
        return 0.0           # a discarded gold is never claimed (§4)
    open_waits = unseen_wait_weight(t.un, k)
    for j in range(4):
        if j != o.seat and t.ready[j] > 0.0:
            safe *= 1.0 - t.ready[j] * wait_chance(t, j, k, open_waits)
    return 1.0 - safe


cdef inline bint folding(const Observation* o, const Threat* t, int sh, double fold) noexcept nogil:
    """Whether a 3n+1 hand `sh` from ready would fold: a typical live tile is too dangerous."""
    return sh > 0 and t.total * 0.05 > fold_at(fold, sh)


cdef int guard_turn(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    """Own turn: wins, 游金 and kongs as greedy; discards by fold / defend / push."""
    cdef Hand own = o.me.hand
    cdef View ctx
    cdef Threat th
    cdef int i, k, any_plain
    cdef int sh_of[MAX_ACTIONS]
    cdef double dang[MAX_ACTIONS]
    cdef bint keep[MAX_ACTIONS]
    any_plain = own_turn_offers(o, acts, n)
    if any_plain == 2:
        return greedy_discard(o, acts, n)   # greedy takes wins and kongs as guard would
    read_threat(o, &th)
    if th.total < 0.05:
        return greedy_discard(o, acts, n)       # nobody is near: build the hand
    ctx_of(&ctx, &own)
    for i in range(n):
        sh_of[i] = 99
        k = act_kind(acts[i])
        if act_type(acts[i]) != ACT_DISCARD or (any_plain and k == o.gold):
            continue           # never a gold while another tile may go (as greedy)
        sh_of[i] = shanten_less(&ctx, &own, k)
        dang[i] = discard_danger(o, &th, k)
    if not guard_keep(o, sh_of, dang, n, fold, DEFEND_MARGIN, DEFEND_MARGIN, keep):
        return greedy_discard(o, acts, n)   # push: every best discard is about as safe
    # greedy among the chosen (same shanten): most useful draws, its random tie-break
    return greedy_among(o, acts, n, keep)


cdef int guard_claim(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    """Strict claims: a chow or pung only when it lowers the shanten, an exposed kong when it
    keeps it, nothing while folding; the pass otherwise."""
    cdef Hand own = o.me.hand
    cdef Hand* h = &own
    cdef Threat th
    cdef int i, t, sh, rank, c = o.claim_tile
    cdef int sh0 = hand_shanten(h), best = -1, best_sh, best_rank = 0
    cdef int banned = c if o.rules.no_discard_claimed_tile else -1
    for i in range(n):
        if act_type(acts[i]) == ACT_PASS:
            best = i
            break
    read_threat(o, &th)
    if folding(o, &th, sh0, fold):
        return best
    best_sh = sh0 + 1    # a kong must keep sh0, a chow or pung reach below it
    for i in range(n):
        t = act_type(acts[i])
        if not call_tiles(h, t, act_kind(acts[i]), c, 1):
            continue
        if t == ACT_EXPOSED_KONG:
            sh, rank = hand_shanten(h), 3
        else:   # + 1: a chow or pung must reach strictly below sh0
            sh, rank = best_discard_shanten(o, h, banned) + 1, (2 if t == ACT_PUNG else 1)
        call_tiles(h, t, act_kind(acts[i]), c, 0)
        # sh here is the shanten plus the strictness: at most sh0 qualifies; lowest first, then
        # the stronger call (kong > pung > chow)
        if sh <= sh0 and (sh < best_sh or (sh == best_sh and rank > best_rank)):
            best, best_sh, best_rank = i, sh, rank
    return best


cdef int guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    # a pack with its own shapes and threat model has its own guard (its descriptor's `guard`,
    # bound in its place by policies/registry with the same state: the fold threshold)
    cdef int dec = o.decision
    cdef double fold = DEFAULT_FOLD if state == NULL else (<double*>state)[0]
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return guard_turn(o, acts, n, fold)
    if dec == DEC_CLAIM:
        return guard_claim(o, acts, n, fold)
    return first_win(acts, n)   # every win and 抢金 is taken


cdef void guard_policy(Policy* p) noexcept nogil:
    p.choose = guard_choose
    p.state = NULL


cdef void guard_policy_with(Policy* p, double fold) noexcept nogil:
    """guard with its fold level kept in the seat's own storage (p.data)."""
    p.choose = guard_choose
    memcpy(&p.data[0], &fold, sizeof(double))
    p.state = &p.data[0]
