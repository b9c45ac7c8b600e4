# cython: language_level=3
"""The value policy for every rule pack: each choice by its expected points under the pack's own
scoring, read through the pack's evaluation hooks (kit/evaluate.pxd PackEval: shanten, waits,
what a win pays, a typical win, the threat reading and a discard's risk). It names no pack.

The expected value of a 3n+1 position is value.pyx's recursion (position_ev) over the rounds left:
the chance of a useful draw each round away from ready; ready, a self-draw with the share of unseen
tiles that complete the hand and a win on one of three discards, each paid what the pack's scoring
gives that very hand (averaged over its waits, weighted by their unseen copies; a wait the pack
does not let the seat win on a discard — a claimed hand (RULES-PACKS §4.3), 国标's 8-fan minimum — pays 0
there); another seat ends the hand first at the rate the threat reading gives, and every round
still played costs the expected deal-in of the safest tile held.

- Own turn: a win is taken; a kong when the pack's greedy takes it; else the discard with the
  largest (1 - chance) x EV(hand after it) - cost, chance and cost of dealing in with it from the
  pack's risk hook (times the risk weight: the pack's fitted one, or value:risk=W). A discard one
  step behind the best is priced with its own useful draws to that step and the best discard's
  after it, further behind at typical rates, and never above the best one's as an attack
  (discounted by what the extra steps cost a typical hand): it is chosen for its safety only, and
  not priced at all when it is no safer. Equal values: the pack greedy's choice when it is among
  them.
- Claims: a call when the best discard after it is worth more than passing (a call that takes the
  hand further from ready is not priced).
- Discard wins (and robbing a kong): taken unless waiting on for a self-draw is worth more — the
  declined tile's own copies counted at half (most rules bar it for a while: 过水).
- The opening window (换三张, 定缺) and anything else: the pack's greedy; opening wins taken.

Deterministic given the Observation and its stream (the greedy tie-break draws from it); nogil,
no Python objects, no allocation.
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.string cimport memcpy
from fzsim_core.bits cimport count_planes, ctz64, fz_counts_mask, fz_unseen_bytes, planes_sum
from fzsim_core.hand cimport hand_add, hand_remove
from fzsim_core.kit.evaluate cimport EVAL_FAR, EvalThreat, PackEval, discard_shanten_of
from fzsim_core.policy cimport Observation, Policy, note_fold
from fzsim_core.win_facts cimport WIN_DISCARD, WIN_SELFDRAW
from fzsim_core.table cimport *
from fzsim_core.policies.greedy cimport first_win
from fzsim_core.policies.value cimport MAX_STEPS, MAX_ROUNDS, Pays, levels_ev, position_ev

cdef enum:
    NO_CHOICE = -2


# One decision's reading of the table, made once: the threat, each kind's risk, the wall.
cdef enum:
    LEVELS_MEMO = 8


ctypedef struct LevelsMemo:
    Pays p
    int steps
    double useful_at[MAX_STEPS + 1]
    double waits
    double ev


ctypedef struct Reading:
    const PackEval* e
    double risk_weight    # how much of the risk hook counts (the pack's, or the seat's parameter)
    EvalThreat th
    double chance[34]     # dealing in with a tile of kind k now (risk hook; -1 not read yet)
    double cost[34]       # ... and what that costs on average, the chance included
    uint8_t un[34]        # unseen copies of each kind from the deciding seat's view
    uint64_t unseen_kinds # the kinds with some unseen (un_planes)
    uint64_t un_bit[3]    # un's bit planes (bits.pxd count_planes: a sum over a mask by popcounts)
    double hazard         # the chance per round that another seat ends the hand
    double unseen
    int rounds
    LevelsMemo memo[LEVELS_MEMO]   # levels_ev's last answers this decision (memo_levels_ev)
    int n_memo, next_memo


cdef inline void un_planes(Reading* r) noexcept nogil:
    """r.unseen_kinds and r.un_bit from r.un (0..4 each); again after any change to r.un."""
    r.unseen_kinds = fz_counts_mask(r.un, -1)
    count_planes(r.un, r.un_bit)


cdef void read_table(const Observation* o, const PackEval* e, double risk_weight, Reading* r) noexcept nogil:
    cdef int k
    r.e = e
    r.risk_weight = risk_weight
    e.read_threat(o, &r.th)
    r.hazard = 0.0
    for k in range(4):
        r.hazard += 0.3 * r.th.ready[k]   # a ready seat wins about once in three rounds (value.pyx)
    if r.hazard > 0.9:
        r.hazard = 0.9
    fz_unseen_bytes(o.seen, o.me.hand.counts, r.un)
    for k in range(o.n_kinds, 34):
        r.un[k] = 0
    for k in range(34):
        r.chance[k] = -1.0
    un_planes(r)
    # whole counts: the same double as adding them one by one
    r.unseen = planes_sum(r.un_bit, r.unseen_kinds)
    if r.unseen < 1.0:
        r.unseen = 1.0
    r.n_memo = r.next_memo = 0
    r.rounds = (o.live - o.reserve) // 4
    if r.rounds < 0:
        r.rounds = 0
    if r.rounds > MAX_ROUNDS:
        r.rounds = MAX_ROUNDS


cdef inline void risk_of(const Observation* o, Reading* r, int k) noexcept nogil:
    if r.chance[k] < 0.0:
        if r.risk_weight == 0.0:   # weighed at nothing (several packs' fitted weight): the hook is not asked
            r.chance[k] = 0.0
            r.cost[k] = 0.0
            return
        r.e.risk(o, &r.th, k, &r.chance[k], &r.cost[k])
        r.chance[k] *= r.risk_weight
        r.cost[k] *= r.risk_weight


cdef double safest_cost(const Observation* o, Reading* r, const Seat* s) noexcept nogil:
    """The expected deal-in cost of the safest tile s holds: what each round still played risks."""
    cdef int k
    cdef double best = 1e18
    for k in range(o.n_kinds):
        if s.hand.counts[k] and k != o.gold:
            risk_of(o, r, k)
            if r.cost[k] < best:
                best = r.cost[k]
    return best if best < 1e18 else 0.0


cdef void pays_for(const Observation* o, const Reading* r, Pays* p, double self_draw, double discard,
                   double round_risk, const Seat* s) noexcept nogil:
    p.self_draw = self_draw
    p.discard = discard
    p.deal_in = 0.0
    p.hazard = r.hazard
    p.round_risk = round_risk
    p.unseen = r.unseen
    # the unseen tiles a hand that gets ready later waits on; a wild held widens it
    p.typical_wait = 5.0 + (3.0 * s.hand.counts[o.gold] if o.gold >= 0 else 0.0)
    p.rounds = r.rounds


cdef inline uint64_t near_kinds(const Observation* o, const Seat* s) noexcept nogil:
    """Kinds whose draw can lower the shanten of s below ready: held kinds, their neighbours
    within two ranks in the same suit, and the wild (greedy.pxd near_mask, any pack)."""
    cdef uint64_t held = fz_counts_mask(s.hand.counts, -1) & ((((<uint64_t>1) << o.n_kinds) - 1)), m, sb
    cdef uint64_t r0 = 0x8040201ULL, r8 = 0x4020100ULL
    sb = held & 0x7FFFFFFULL
    m = (sb | ((sb << 1) & ~r0) | ((sb << 2) & ~(r0 | (r0 << 1)))
         | ((sb >> 1) & ~r8) | ((sb >> 2) & ~(r8 | (r8 >> 1)))) & 0x7FFFFFFULL
    m |= held & ~0x7FFFFFFULL
    if o.gold >= 0:
        m |= (<uint64_t>1) << o.gold
    return m & ((((<uint64_t>1) << o.n_kinds) - 1))


cdef double useful_count(const Observation* o, Reading* r, Seat* s, int sh) noexcept nogil:
    """Unseen tiles whose draw lowers the shanten `sh` (>= 1) of the 3n+1 hand s: the near kinds
    with a copy unseen and fewer than four held, the pack's hook finding the ones that help at once
    (kit/evaluate.pxd EvalUseful; else one shanten a kind). Whole counts: the sum is exact in any
    order."""
    cdef uint64_t m = near_kinds(o, s) & r.unseen_kinds & ~fz_counts_mask(s.hand.counts, 4)
    cdef int x, useful = 0
    if r.e.useful != NULL:
        return <double>planes_sum(r.un_bit, r.e.useful(o, s, m, sh))
    while m:
        x = ctz64(m)
        m &= m - 1
        hand_add(&s.hand, x)
        if r.e.shanten(o, s) < sh:
            useful += r.un[x]
        hand_remove(&s.hand, x)
    return <double>useful


cdef inline bint same_pays(const Pays* a, const Pays* b) noexcept nogil:
    return (a.self_draw == b.self_draw and a.discard == b.discard and a.deal_in == b.deal_in and a.hazard == b.hazard
            and a.round_risk == b.round_risk and a.unseen == b.unseen and a.typical_wait == b.typical_wait
            and a.rounds == b.rounds)


cdef double memo_levels_ev(Reading* r, const Pays* p, int steps, const double* useful_at, double waits) noexcept nogil:
    """levels_ev, its last LEVELS_MEMO answers this decision remembered: candidates often ask it
    the very same inputs (equal useful counts and pays), and equal inputs give the equal value."""
    cdef int i, k
    cdef LevelsMemo* m
    cdef bint same
    for i in range(r.n_memo):
        m = &r.memo[i]
        # the candidate's own useful count (the last step's) first: it tells most answers apart
        if m.steps != steps or m.useful_at[steps] != useful_at[steps] or m.waits != waits:
            continue
        same = same_pays(&m.p, p)
        k = 0
        while same and k < steps:
            same = m.useful_at[k] == useful_at[k]
            k += 1
        if same:
            return m.ev
    m = &r.memo[r.next_memo]
    r.next_memo = (r.next_memo + 1) % LEVELS_MEMO
    if r.n_memo < LEVELS_MEMO:
        r.n_memo += 1
    m.p = p[0]
    m.steps = steps
    for k in range(steps + 1):
        m.useful_at[k] = useful_at[k]
    m.waits = waits
    m.ev = levels_ev(p, steps, useful_at, waits)
    return m.ev


cdef double climb_ev(const Observation* o, Reading* r, const Seat* s, int sh, double useful,
                     const double* known, double round_risk) noexcept nogil:
    """Expected points of the 3n+1 hand s at shanten sh >= 1 with `useful` draws from there, the
    steps below at known[k] draws where known (> 0), else at typical rates (value.pyx)."""
    cdef Pays p
    cdef double useful_at[MAX_STEPS + 1]
    cdef int k, steps = sh if sh < MAX_STEPS else MAX_STEPS
    pays_for(o, r, &p, r.e.typical_points(o, s, WIN_SELFDRAW), r.e.typical_points(o, s, WIN_DISCARD), round_risk, s)
    if sh >= EVAL_FAR or sh > MAX_STEPS:
        useful = 0.0   # no win in reach: only the risk is left
    for k in range(steps + 1):
        useful_at[k] = useful if k == steps else known[k] if known[k] > 0.0 else 10.0 + 5.0 * (k - 1)
    return memo_levels_ev(r, &p, steps, useful_at, p.typical_wait)


cdef double typical_offence(const Observation* o, const Reading* r, const Seat* s, int sh,
                           double round_risk) noexcept nogil:
    """What a typical hand at shanten `sh` is worth (typical draws, waits and wins)."""
    cdef Pays p
    pays_for(o, r, &p, r.e.typical_points(o, s, WIN_SELFDRAW), r.e.typical_points(o, s, WIN_DISCARD), round_risk, s)
    if sh >= EVAL_FAR or sh > MAX_STEPS:
        return position_ev(&p, MAX_STEPS, 0.0, 0.0)
    return position_ev(&p, sh, 10.0 + 5.0 * (sh - 1) if sh >= 1 else 0.0, p.typical_wait)


cdef double ready_ev(const Observation* o, Reading* r, Seat* s, double round_risk) noexcept nogil:
    """Expected points of the ready 3n+1 hand s: its waits paid what the pack pays each."""
    cdef const PackEval* e = r.e
    cdef Pays p
    cdef uint64_t m = e.waits(o, s)
    cdef int x, u
    cdef double w = 0.0, sum_self = 0.0, sum_disc = 0.0, ps, pd
    while m:
        x = ctz64(m)
        m &= m - 1
        u = r.un[x]
        if u <= 0:
            continue
        hand_add(&s.hand, x)
        if e.win_points_both != NULL:   # both kinds of win from one reading of the hand
            e.win_points_both(o, s, x, &ps, &pd)
        else:
            ps = e.win_points(o, s, x, WIN_SELFDRAW)
            pd = e.win_points(o, s, x, WIN_DISCARD) if ps > 0.0 else 0.0
        if ps > 0.0:
            w += u
            sum_self += u * ps
            sum_disc += u * pd
        hand_remove(&s.hand, x)
    if w <= 0.0:   # ready on paper, but no live wait the pack lets it win on
        pays_for(o, r, &p, 0.0, 0.0, round_risk, s)
        return position_ev(&p, MAX_STEPS, 0.0, 0.0)
    pays_for(o, r, &p, sum_self / w, sum_disc / w, round_risk, s)
    return position_ev(&p, 0, 0.0, w)


cdef double ev_of(const Observation* o, Reading* r, Seat* s, int sh, double round_risk) noexcept nogil:
    """Expected points of the 3n+1 hand s at shanten `sh` (its pack's), typical rates below."""
    cdef double known[MAX_STEPS + 1]
    cdef int k
    if sh <= 0:
        return ready_ev(o, r, s, round_risk)
    for k in range(MAX_STEPS + 1):
        known[k] = 0.0
    return climb_ev(o, r, s, sh, useful_count(o, r, s, sh) if sh < EVAL_FAR else 0.0, known, round_risk)


cdef double best_discard(const Observation* o, Reading* r, Seat* s, int banned, const uint16_t* acts,
                         int n, int* choice) noexcept nogil:
    """The value of the 3n+2 hand s after its best discard: over acts[0..n)'s discards (acts
    NULL: every kind held but `banned`), the largest (1 - chance) x EV - cost. *choice: the
    act index (or kind) taken; NO_CHOICE when nothing may go.

    The discards at the best shanten are valued with their own useful draws (or waits); one
    step behind, with their own draws to that step and then the best ones' (the most among
    them); further behind, at typical rates — and a discard behind the best is never worth more
    as an attack than the best one's: it is chosen for its safety only."""
    cdef const PackEval* e = r.e
    cdef int i, k, m = 0, best_sh = 99, best = NO_CHOICE, n_ties = 0, g
    cdef int kinds[MAX_ACTIONS]
    cdef int idx[MAX_ACTIONS]
    cdef int sh_of[MAX_ACTIONS]
    cdef double ev_at[MAX_ACTIONS]
    cdef double known[MAX_STEPS + 1]
    cdef double round_risk, ev, u, cap, typical_best, best_ev = -1e300, safest = 9.0, best_offence = -1e300
    cdef double least_cost = 1e300
    cdef int after[64]
    cdef uint64_t cand = 0
    if acts != NULL:
        for i in range(n):
            if act_type(acts[i]) == ACT_DISCARD and m < MAX_ACTIONS:
                kinds[m] = act_kind(acts[i])
                idx[m] = i
                m += 1
    else:
        for k in range(o.n_kinds):
            if s.hand.counts[k] and k != banned and m < MAX_ACTIONS:
                kinds[m] = k
                idx[m] = k
                m += 1
    if m == 0:
        choice[0] = NO_CHOICE
        return -1e300
    for i in range(m):
        cand |= (<uint64_t>1) << kinds[i]
    discard_shanten_of(e, o, s, cand, after)   # every discard's shanten (the pack's one-reading hook)
    for i in range(m):
        sh_of[i] = after[kinds[i]]
        if sh_of[i] < best_sh:
            best_sh = sh_of[i]
        risk_of(o, r, kinds[i])
    round_risk = 1e18
    for i in range(m):
        if r.cost[kinds[i]] < round_risk:
            round_risk = r.cost[kinds[i]]
    for k in range(MAX_STEPS + 1):
        known[k] = 0.0
    for i in range(m):   # the best shanten first: its most useful draws serve the ones behind
        if sh_of[i] != best_sh:
            continue
        hand_remove(&s.hand, kinds[i])
        if best_sh <= 0:
            ev_at[i] = ready_ev(o, r, s, round_risk)
        else:
            u = useful_count(o, r, s, best_sh) if best_sh < EVAL_FAR else 0.0
            if best_sh <= MAX_STEPS and u > known[best_sh]:
                known[best_sh] = u
            ev_at[i] = climb_ev(o, r, s, best_sh, u, known, round_risk)
        hand_add(&s.hand, kinds[i])
    typical_best = typical_offence(o, r, s, best_sh, round_risk)
    for i in range(m):
        if sh_of[i] == best_sh:
            if ev_at[i] > best_offence:
                best_offence = ev_at[i]
            if r.cost[kinds[i]] < least_cost:
                least_cost = r.cost[kinds[i]]
    for i in range(m):
        k = kinds[i]
        if sh_of[i] > best_sh and r.cost[k] >= least_cost:
            ev_at[i] = -1e300   # no attack above the best's and no safer: never the choice
            continue
        if sh_of[i] > best_sh:
            hand_remove(&s.hand, k)
            if sh_of[i] == best_sh + 1 and sh_of[i] < EVAL_FAR:
                u = useful_count(o, r, s, sh_of[i])
            else:
                u = 10.0 + 5.0 * (sh_of[i] - 1)
            ev_at[i] = climb_ev(o, r, s, sh_of[i], u, known, round_risk)
            hand_add(&s.hand, k)
            # further from ready is worth less as an attack: at most the best one's, discounted
            # by what the extra steps cost a typical hand (its own count past the first step
            # would credit a broken hand with draws it lacks); only safety can win then
            u = typical_offence(o, r, s, sh_of[i], round_risk)
            cap = best_offence * u / typical_best if typical_best > 0.0 and u < typical_best else best_offence
            if ev_at[i] > cap:
                ev_at[i] = cap
        ev = (1.0 - r.chance[k]) * ev_at[i] - r.cost[k]
        ev_at[i] = ev
        if ev > best_ev + 1e-9:
            best_ev, best, n_ties = ev, i, 1
        elif ev >= best_ev - 1e-9:
            n_ties += 1
    if acts != NULL and n_ties > 1:   # equal values: the pack greedy's choice when it is among them
        g = e.greedy(NULL, o, acts, n) if e.greedy_known == NULL else e.greedy_known(o, acts, n, after)
        for i in range(m):
            if idx[i] == g and ev_at[i] >= best_ev - 1e-9:
                best = i
                break
    if acts != NULL and sh_of[best] > best_sh:
        # a fold when it gives up hand progress for a tile safer than every best-shanten one
        for i in range(m):
            if sh_of[i] == best_sh and r.chance[kinds[i]] < safest:
                safest = r.chance[kinds[i]]
        if r.chance[kinds[best]] < safest:
            note_fold(o)
    choice[0] = idx[best]
    return best_ev


cdef int pv_turn(const Observation* o, const PackEval* e, double w, const uint16_t* acts, int n) noexcept nogil:
    cdef Seat s = o.me[0]
    cdef Reading r
    cdef int i, t, g, choice, other = 0
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_WIN:
            return i
        if t != ACT_DISCARD:
            other = 1
    if other:   # a kong (or the pack's own offer): as its greedy, whose discard value may still beat
        g = e.greedy(NULL, o, acts, n)
        if g < 0 or act_type(acts[g]) != ACT_DISCARD:
            return g
    read_table(o, e, w, &r)
    best_discard(o, &r, &s, -1, acts, n, &choice)
    return choice if choice != NO_CHOICE else e.greedy(NULL, o, acts, n)


cdef bint apply_call(Seat* s, int t, int k, int c, int source) noexcept nogil:
    """s after the call of type t (kind k: a chow's lowest tile) on the discard c; False for
    another action (s untouched)."""
    cdef int x, mt
    if s.n_melds >= MAX_MELDS:
        return False
    if t == ACT_PUNG or t == ACT_EXPOSED_KONG:
        for x in range(2 if t == ACT_PUNG else 3):
            hand_remove(&s.hand, k)
        mt = MELD_PUNG if t == ACT_PUNG else MELD_EXPOSED_KONG
    elif t == ACT_CHOW:
        for x in range(k, k + 3):
            if x != c:
                hand_remove(&s.hand, x)
        mt = MELD_CHOW
    else:
        return False
    s.melds[s.n_melds].type = <uint8_t>mt
    s.melds[s.n_melds].kind = <uint8_t>k
    s.melds[s.n_melds].source = <int8_t>source
    s.n_melds += 1
    return True


cdef int pv_claim(const Observation* o, const PackEval* e, double w, int gain, const uint16_t* acts, int n) noexcept nogil:
    """A call when the best discard after it (an exposed kong: the hand after it, the replacement
    to come) is worth more than passing; a chow or pung only when it brings the hand `gain` steps
    nearer ready (PackEval.claim_gain: 国标 asks 1, the 8-fan minimum's concealed fans)."""
    cdef Seat s = o.me[0]
    cdef Seat after
    cdef Reading r
    cdef int i, t, best = -1, choice, sh0, sh
    cdef int banned = o.claim_tile if o.rules.no_discard_claimed_tile else -1
    cdef double ev, best_ev
    for i in range(n):
        if act_type(acts[i]) == ACT_PASS:
            best = i
            break
    if best < 0:
        return e.greedy(NULL, o, acts, n)
    read_table(o, e, w, &r)
    sh0 = e.shanten(o, &s)
    best_ev = ev_of(o, &r, &s, sh0, safest_cost(o, &r, &s))
    for i in range(n):
        t = act_type(acts[i])
        after = s
        if not apply_call(&after, t, act_kind(acts[i]), o.claim_tile, o.claim_from):
            continue
        if t == ACT_EXPOSED_KONG:
            sh = e.shanten(o, &after)
            if sh > sh0:
                continue
            ev = ev_of(o, &r, &after, sh, safest_cost(o, &r, &after))
        else:
            # the 3n+2 hand after the call is as far as its best discard leaves it: a call that
            # takes the hand further from ready is worth less than passing
            if e.shanten(o, &after) > sh0 - gain:
                continue
            ev = best_discard(o, &r, &after, banned, NULL, 0, &choice)
        if ev > best_ev:
            best, best_ev = i, ev
    return best


cdef int pv_discard_win(const Observation* o, const PackEval* e, double w, const uint16_t* acts, int n) noexcept nogil:
    """Take a discard (or robbed-kong) win unless waiting on for a self-draw is worth more."""
    cdef Seat s = o.me[0]
    cdef Reading r
    cdef int i, win_at = -1, pass_at = -1, c = o.claim_tile
    cdef double take, wait
    for i in range(n):
        if act_type(acts[i]) == ACT_PASS:
            pass_at = i
        elif win_at < 0:
            win_at = i
    if win_at < 0 or pass_at < 0 or c < 0:
        return win_at if win_at >= 0 else 0
    read_table(o, e, w, &r)
    hand_add(&s.hand, c)
    take = e.win_points(o, &s, c, WIN_DISCARD)
    hand_remove(&s.hand, c)
    r.un[c] = r.un[c] // 2     # the declined kind is barred for a while under most rules (过水)
    un_planes(&r)
    wait = ev_of(o, &r, &s, 0, safest_cost(o, &r, &s))
    return pass_at if wait > take else win_at


cdef int pack_value_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    # state: the seat's storage, p.data[0] the risk weight, p.data[1] the pack's hooks, p.data[2]
    # the claim gain
    cdef void** d = <void**>state
    cdef const PackEval* e = <const PackEval*>d[1]
    cdef double w
    cdef int dec = o.decision
    memcpy(&w, &d[0], sizeof(double))
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return pv_turn(o, e, w, acts, n)
    if dec == DEC_CLAIM:
        return pv_claim(o, e, w, <int><Py_ssize_t>d[2], acts, n)
    if dec == DEC_DISCARD_WIN or dec == DEC_ROB_KONG:
        return pv_discard_win(o, e, w, acts, n)
    if dec == DEC_OPENING_WIN:
        return first_win(acts, n)
    return e.greedy(NULL, o, acts, n)   # the opening window's choices (换三张, 定缺) and the rest


cdef void pack_value_policy(Policy* p, const PackEval* e, double risk_weight, int claim_gain) noexcept nogil:
    """value over the pack's hooks; risk_weight < 0: the pack's own (PackEval.risk_weight)."""
    if risk_weight < 0.0:
        risk_weight = e.risk_weight
    if claim_gain < 0:
        claim_gain = e.claim_gain
    p.choose = pack_value_choose
    memcpy(&p.data[0], &risk_weight, sizeof(double))
    p.data[1] = <void*>e
    p.data[2] = <void*><Py_ssize_t>claim_gain
    p.state = &p.data[0]
