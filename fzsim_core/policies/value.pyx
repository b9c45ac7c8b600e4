# cython: language_level=3
"""The value policy: every choice by its expected points, under the rule variant being played.

The expected value of a position is the chance of winning, split into self-draw and discard
wins, times what each pays — read from the variant's own scoring (the pack's `score_facts` over
the seat's flowers, kongs and golds, a 金雀 when two golds may stay the pair, 三金倒 and 游金
through the wins greedy takes) — minus the expected cost of dealing in. No fixed thresholds decide: folding,
calls and declined discard wins fall out of comparing these values.

- Win chance (position_ev): a short recursion over the seat's remaining turns (the wall above
  the reserve, four draws a round). Away from ready, a round advances one step with the chance
  that a useful tile comes (own draw, or a claimable discard); ready, it wins by self-draw with
  the share of unseen tiles that complete the hand and on a discard with the chance one of three
  discards does. Another seat ends the hand first at the rate the threat reading (guard.pxd)
  gives for its readiness. Each round still to play costs the deal-in chance of the safest
  tile held times what a deal-in pays.
- Discards: the largest (1 - danger) x EV(hand after it) - danger x cost of dealing in now.
- Claims: a call when the best discard after it is worth more than passing.
- Discard wins: taken unless waiting for a self-draw is worth more (a self-draw is paid by all
  three, RULES §10) — the rules decide how much more, the wall and the threat how likely it is.
  Wins on the own turn, 游金 and kongs follow greedy.

Deterministic given the Observation and its stream; nogil, no Python objects.
"""
from libc.stdio cimport snprintf
from libc.stdint cimport uint16_t, uint64_t
from libc.string cimport memset
from fzsim_core.hand cimport Hand, hand_add, hand_remove, FZ_KPART, FZ_KPOW, FZ_POW5
from fzsim_core.policy cimport Observation, Policy, note_fold
from fzsim_core.win_facts cimport ScoreResult, WinFacts, SP_JINQUE, WIN_DISCARD, WIN_SELFDRAW
from fzsim_core.table cimport *
from fzsim_core.wintables cimport hand_is_jinque, hand_shanten
from fzsim_core.bits cimport ctz64, held_mask
from fzsim_core.suit_shanten cimport ShCtx, ShVary, sh_ctx_replace, sh_vary, sh_vary_d
from fzsim_core.policies.greedy cimport (View, ctx_of, shanten_less, greedy_discard, greedy_among,
                                         kinds_mask, near_mask, near_held, wait_draws, best_discard_shanten,
                                         call_tiles, first_win, own_turn_offers)
from fzsim_core.policies.guard cimport Threat, read_threat, discard_danger

# what ev_less returns when check=True finds its fast count off the definition (errmsg set)
cdef double EV_CHECK_FAILED = -1e300


cdef double win_amount(const Observation* o, int golds, int win_type, bint jinque) noexcept nogil:
    """What this seat receives for a win of `win_type` with `golds` golds, by the variant's
    scoring of its flowers and kongs (the dealer streak is not observed: taken as 0)."""
    cdef WinFacts f
    cdef ScoreResult r
    cdef int i
    memset(&f, 0, sizeof(WinFacts))
    f.winner = o.seat
    f.dealer = o.dealer
    f.discarder = (o.seat + 1) % 4 if win_type == WIN_DISCARD else -1
    if win_type == WIN_DISCARD and o.claim_from >= 0:
        f.discarder = o.claim_from
    f.win_type = win_type
    f.specials = SP_JINQUE if jinque else 0
    for i in range(15):
        f.flowers[i] = o.me.flowers[i]
    f.exposed_kongs = o.me.exposed_kongs
    f.concealed_kongs = o.me.concealed_kongs
    f.golds = golds
    o.score_facts(o.rules, &f, &r)
    return r.deltas[o.seat]


cdef double deal_in_cost(const Observation* o, const Threat* t) noexcept nogil:
    """What a deal-in costs, averaged over the other seats by their readiness: their flowers
    counted (as singles) and one gold, the usual winning hand."""
    cdef WinFacts f
    cdef ScoreResult r
    cdef int j, i
    cdef double total = 0.0, weight = 0.0
    for j in range(4):
        if j == o.seat:
            continue
        memset(&f, 0, sizeof(WinFacts))
        f.winner = j
        f.dealer = o.dealer
        f.discarder = o.seat
        f.win_type = WIN_DISCARD
        for i in range(o.table[j].n_flowers[0]):
            if i < 15:
                f.flowers[i if i < 7 else 7 + (i - 7) % 8] += 1
        f.golds = 1
        o.score_facts(o.rules, &f, &r)
        total += (t.ready[j] + 1e-3) * -r.deltas[o.seat]
        weight += t.ready[j] + 1e-3
    # x 1.25: the winners' specials (金雀 and the rest) and streaks, which a plain hand does not
    # show: on greedy and guard tables a deal-in costs about 1.25 times this plain estimate
    return 1.25 * total / weight


cdef double safest_danger(const Observation* o, const Threat* t) noexcept nogil:
    """The danger of the safest tile held (a gold aside): what each round still played risks."""
    cdef int k
    cdef double d, safest = 1.0
    for k in range(34):
        if o.me.hand.counts[k] and k != o.gold:
            d = discard_danger(o, t, k)
            if d < safest:
                safest = d
    return safest if safest < 1.0 else 0.0


cdef void pays_of(const Observation* o, const Threat* t, Pays* p, int golds, double safest) noexcept nogil:
    cdef int k
    cdef double jq = 0.5 if golds >= 2 else 0.0   # two golds kept as the pair: a 金雀 half the time
    p.self_draw = ((1 - jq) * win_amount(o, golds, WIN_SELFDRAW, 0)
                   + jq * win_amount(o, golds, WIN_SELFDRAW, 1))
    p.discard = ((1 - jq) * win_amount(o, golds, WIN_DISCARD, 0)
                 + jq * win_amount(o, golds, WIN_DISCARD, 1))
    p.deal_in = deal_in_cost(o, t)
    p.hazard = 0.0
    for k in range(4):
        p.hazard += 0.3 * t.ready[k]     # a ready seat wins about once in three rounds (hands are short)
    if p.hazard > 0.9:
        p.hazard = 0.9
    p.unseen = 0.0
    for k in range(34):
        p.unseen += t.un[k]
    if p.unseen < 1.0:
        p.unseen = 1.0
    p.typical_wait = 5.0 + 3.0 * golds
    p.round_risk = safest * p.deal_in
    p.rounds = (o.live - o.reserve) // 4
    if p.rounds < 0:
        p.rounds = 0
    if p.rounds > MAX_ROUNDS:
        p.rounds = MAX_ROUNDS


cdef extern from *:
    """
    /* levels_ev's rounds for a hand at most six steps from ready with the steps in registers,
       one loop per step count (a switch inside the round loop costs more than it saves): each
       round updates from the nearest step up, then the ready value; the same operations in the
       same order as levels_ev's loop over an array, so the same value to the last bit
       (tests/test_value_levels.py). */
    #define FZ_STEP(e, below, a) e = stay * ((a) * (below) + (1.0 - (a)) * (e)) - rr
    #define FZ_READY e0 = win_round + go_on * e0
    static double fz_levels_near(int steps, int rounds, const double* adv, double stay, double rr,
                                 double win_round, double go_on) {
        double e0 = 0.0, e1 = 0.0, e2 = 0.0, e3 = 0.0, e4 = 0.0, e5 = 0.0, e6 = 0.0;
        const double a1 = steps >= 1 ? adv[1] : 0.0, a2 = steps >= 2 ? adv[2] : 0.0,
                     a3 = steps >= 3 ? adv[3] : 0.0, a4 = steps >= 4 ? adv[4] : 0.0,
                     a5 = steps >= 5 ? adv[5] : 0.0, a6 = steps >= 6 ? adv[6] : 0.0;
        int r;
        switch (steps) {
        case 0: for (r = 0; r < rounds; r++) { FZ_READY; } return e0;
        case 1: for (r = 0; r < rounds; r++) { FZ_STEP(e1, e0, a1); FZ_READY; } return e1;
        case 2: for (r = 0; r < rounds; r++) { FZ_STEP(e2, e1, a2); FZ_STEP(e1, e0, a1); FZ_READY; } return e2;
        case 3:
            for (r = 0; r < rounds; r++) { FZ_STEP(e3, e2, a3); FZ_STEP(e2, e1, a2); FZ_STEP(e1, e0, a1); FZ_READY; }
            return e3;
        case 4:
            for (r = 0; r < rounds; r++) {
                FZ_STEP(e4, e3, a4); FZ_STEP(e3, e2, a3); FZ_STEP(e2, e1, a2); FZ_STEP(e1, e0, a1); FZ_READY;
            }
            return e4;
        case 5:
            for (r = 0; r < rounds; r++) {
                FZ_STEP(e5, e4, a5); FZ_STEP(e4, e3, a4); FZ_STEP(e3, e2, a3); FZ_STEP(e2, e1, a2);
                FZ_STEP(e1, e0, a1); FZ_READY;
            }
            return e5;
        default:
            for (r = 0; r < rounds; r++) {
                FZ_STEP(e6, e5, a6); FZ_STEP(e5, e4, a5); FZ_STEP(e4, e3, a4); FZ_STEP(e3, e2, a3);
                FZ_STEP(e2, e1, a2); FZ_STEP(e1, e0, a1); FZ_READY;
            }
            return e6;
        }
    }
    """
    double fz_levels_near(int steps, int rounds, const double* adv, double stay, double rr, double win_round,
                          double go_on) nogil


cdef double levels_ev(const Pays* p, int steps, const double* useful_at, double ready_waits) noexcept nogil:
    """Expected points of a 3n+1 hand `steps` (0..MAX_STEPS) from ready: useful_at[k] unseen
    tiles lower it from k to k - 1 (k = 1..steps), `ready_waits` complete it once ready, over
    the rounds left (see the module docstring)."""
    cdef double ev[MAX_STEPS + 1]
    cdef double adv[MAX_STEPS + 1]
    cdef double ps, pd, stay, win_round, go_on
    cdef int r, k
    # the per-round chances do not change from round to round: worked out once
    stay = 1.0 - p.hazard
    ps = ready_waits / p.unseen
    pd = 1.0 - 0.6 * ps
    pd = 1.0 - pd * pd * pd       # three discards, each a little safer than a random tile
    if ps + pd > 1.0:
        pd = 1.0 - ps
    win_round = ps * p.self_draw + pd * p.discard - p.round_risk
    go_on = (1.0 - ps - pd) * stay
    for k in range(steps + 1):
        ev[k] = 0.0
        # one draw a round, and now and then a call on a discard
        adv[k] = useful_at[k] / p.unseen * 1.15
        if adv[k] > 0.95:
            adv[k] = 0.95
    if steps <= 6:
        return fz_levels_near(steps, p.rounds, adv, stay, p.round_risk, win_round, go_on)
    for r in range(p.rounds):
        # from the nearest step up, each reading the previous round's value of the step below
        for k in range(steps, 0, -1):
            ev[k] = stay * (adv[k] * ev[k - 1] + (1.0 - adv[k]) * ev[k]) - p.round_risk
        ev[0] = win_round + go_on * ev[0]
    return ev[steps]


cdef double position_ev(const Pays* p, int sh, double useful, double waits) noexcept nogil:
    """Expected points of a 3n+1 hand `sh` from ready (-1: won), `useful` tiles lowering it,
    `waits` completing it when ready, over the rounds left (see the module docstring)."""
    cdef double useful_at[MAX_STEPS + 1]
    cdef int k, steps = sh if sh < MAX_STEPS else MAX_STEPS
    if sh < 0:
        return p.self_draw
    # the steps after the first go at typical rates, the same for every candidate: taken from
    # this hand's own count they would favour broken hands, which have more useful draws
    for k in range(steps + 1):
        useful_at[k] = useful if k == steps else 10.0 + 5.0 * (k - 1)
    return levels_ev(p, steps, useful_at, waits if sh == 0 else p.typical_wait)


cdef int useful_near(const Observation* o, Hand* h, int sh) noexcept nogil:
    """Unseen tiles whose draw lowers the shanten `sh` (>= 1) of the 3n+1 hand h: the draws
    near a held tile only (greedy's near_mask: an isolated tile cannot help below ready)."""
    cdef uint64_t m = near_mask(o, h) & kinds_mask(o)
    cdef int x, v, total = 0
    while m:
        x = ctz64(m)
        m &= m - 1
        v = 4 - o.seen[x] - h.counts[x]
        if v > 0:
            hand_add(h, x)
            if hand_shanten(h) < sh:
                total += v
            hand_remove(h, x)
    return total


cdef double hand_ev(const Observation* o, const Pays* p, Hand* h, int sh) noexcept nogil:
    """position_ev of the 3n+1 hand h at shanten `sh` (its useful draws or waits counted)."""
    if sh < 0:
        return p.self_draw
    if sh == 0:
        return position_ev(p, 0, 0.0, wait_draws(o, h))
    return position_ev(p, sh, useful_near(o, h, sh), 0.0)


cdef int useful_less(const Observation* o, const View* w, const Hand* h, int k, int sh) noexcept nogil:
    """useful_near of the 3n+2 hand h minus one k (k not a gold, `sh` >= 1 its shanten), read
    through h's View w instead of a shanten per draw: a draw changes one part, so its D comes
    from w's own view of k's part for a draw there, and from a view with k's part replaced for
    the others (greedy's reads, suit_shanten.pxd); the gold, wild, always helps below ready."""
    cdef ShCtx c
    cdef ShVary v
    cdef const ShVary* vp
    cdef int q = FZ_KPART[k], part, r, x, u, total = 0, lim = sh + h.golds + 1
    cdef uint64_t held = held_mask(h), m, bits
    if h.counts[k] == 1:
        held &= ~((<uint64_t>1) << k)
    m = near_held(o, held) & kinds_mask(o)
    if o.gold >= 0 and (m >> o.gold) & 1:
        m &= ~((<uint64_t>1) << o.gold)
        u = 4 - o.seen[o.gold] - h.counts[o.gold]
        if u > 0:
            total += u
    c = w.c
    sh_ctx_replace(&c, q, c.key[q] - FZ_KPOW[k])
    for part in range(4):
        bits = (m >> (9 * part)) & 0x1FF
        if not bits:
            continue
        if part == q:
            vp = &w.v[q]   # a part's view does not depend on its own key
        else:
            sh_vary(&v, &c, part)
            vp = &v
        while bits:
            r = ctz64(bits)
            bits &= bits - 1
            x = 9 * part + r
            u = 4 - o.seen[x] - h.counts[x] + (x == k)   # one k fewer held once it goes
            if u > 0 and sh_vary_d(vp, c.key[part] + FZ_POW5[r]) < lim:
                total += u
    return total


cdef double ev_less(const Observation* o, const Pays* p, const View* w, Hand* h, int k, int sh) noexcept nogil:
    """hand_ev of the 3n+2 hand h (its View w) minus one k at shanten `sh`; check=True holds
    the fast useful count to useful_near (EV_CHECK_FAILED, errmsg set, when they differ)."""
    cdef int u, plain
    cdef double ev
    if sh < 1 or k == o.gold:
        hand_remove(h, k)
        ev = hand_ev(o, p, h, sh)
        hand_add(h, k)
        return ev
    u = useful_less(o, w, h, k, sh)
    if o.check:
        hand_remove(h, k)
        plain = useful_near(o, h, sh)
        hand_add(h, k)
        if plain != u:
            snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                     "value's fast useful-draw count differs from useful_near (fast, plain)", u, plain)
            return EV_CHECK_FAILED
    return position_ev(p, sh, u, 0.0)


cdef int value_turn(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """Own turn: wins, 游金 and kongs as greedy; otherwise the discard of largest value."""
    cdef Hand own = o.me.hand
    cdef View ctx
    cdef Threat th
    cdef Pays p
    cdef int i, k, sh, best_sh = 99, any_plain
    cdef double ev, d, safest, best_ev = -1e18
    cdef int sh_of[MAX_ACTIONS]
    cdef double ev_of[MAX_ACTIONS]
    cdef double d_of[MAX_ACTIONS]
    cdef bint keep[MAX_ACTIONS]
    any_plain = own_turn_offers(o, acts, n)
    if any_plain == 2:
        return greedy_discard(o, acts, n)   # wins, 游金 and kongs as greedy
    read_threat(o, &th)
    ctx_of(&ctx, &own)
    for i in range(n):
        sh_of[i] = 99
        k = act_kind(acts[i])
        if act_type(acts[i]) == ACT_DISCARD and not (any_plain and k == o.gold):
            sh_of[i] = shanten_less(&ctx, &own, k)
            if sh_of[i] < best_sh:
                best_sh = sh_of[i]
    safest = 1.0
    for i in range(n):
        if sh_of[i] != 99:
            d_of[i] = discard_danger(o, &th, act_kind(acts[i]))
            if d_of[i] < safest:
                safest = d_of[i]
    pays_of(o, &th, &p, own.golds, safest)
    for i in range(n):
        if sh_of[i] == 99:
            continue
        k = act_kind(acts[i])
        sh = sh_of[i]
        if sh > best_sh:
            # behind the best: a typical useful count for that distance is close enough (these
            # are chosen when they are much safer, not for their exact count)
            ev = position_ev(&p, sh, 10.0 + 5.0 * (sh - 1), 0.0)
        else:
            ev = ev_less(o, &p, &ctx, &own, k, sh)
            if ev == EV_CHECK_FAILED:
                return -1
        d = d_of[i]
        ev = (1.0 - d) * ev - d * p.deal_in
        ev_of[i] = ev
        if ev > best_ev:
            best_ev = ev
    for i in range(n):   # equal values: greedy's tie-break among them
        keep[i] = sh_of[i] != 99 and ev_of[i] >= best_ev - 1e-9
    i = greedy_among(o, acts, n, keep)
    if i >= 0 and sh_of[i] > best_sh:
        # a fold when it gives up hand progress for a tile safer than every best-shanten one
        safest = 9.0
        for k in range(n):
            if sh_of[k] == best_sh and d_of[k] < safest:
                safest = d_of[k]
        if d_of[i] < safest:
            note_fold(o)
    return i


cdef double best_after_call(const Observation* o, const Threat* th, const Pays* p, Hand* h,
                            int banned) noexcept nogil:
    """The value of the 3n+2 hand h after a call: its best discard's, danger counted, among
    the discards that keep the lowest shanten (the others are worth less after a call)."""
    cdef int k, sh, min_sh = 99
    cdef bint plain = 0
    cdef double ev, d, best = -1e18
    cdef int sh_of[34]
    cdef View w
    ctx_of(&w, h)
    for k in range(34):
        if h.counts[k] and k != banned and k != o.gold:
            plain = 1
    for k in range(34):
        sh_of[k] = 99
        # the tiles that may go: not the claimed kind (when barred), a gold only when forced
        if not h.counts[k] or k == banned or (plain and k == o.gold):
            continue
        sh_of[k] = shanten_less(&w, h, k)
        if o.check:
            hand_remove(h, k)
            sh = hand_shanten(h)
            hand_add(h, k)
            if sh != sh_of[k]:
                snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                         "value's fast shanten after a call differs from hand_shanten (fast, plain)", sh_of[k], sh)
                return EV_CHECK_FAILED
        if sh_of[k] < min_sh:
            min_sh = sh_of[k]
    for k in range(34):
        if sh_of[k] != min_sh:
            continue
        ev = ev_less(o, p, &w, h, k, min_sh)
        if ev == EV_CHECK_FAILED:
            return ev
        d = discard_danger(o, th, k)
        ev = (1.0 - d) * ev - d * p.deal_in
        if ev > best:
            best = ev
    return best


cdef int value_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """A call when the best discard after it is worth more than passing and drawing on. A chow
    or pung that leaves the hand further from ready is not valued at all: its best discard is
    worth less than the hand as it is (greedy's fast best-discard shanten tells)."""
    cdef Hand own = o.me.hand
    cdef Hand* h = &own
    cdef Threat th
    cdef Pays p
    cdef int i, t, c = o.claim_tile, best = -1, sh0 = hand_shanten(h), n_live = 0
    cdef int banned = c if o.rules.no_discard_claimed_tile else -1
    cdef double ev, best_ev
    cdef bint live[MAX_ACTIONS]
    for i in range(n):
        t = act_type(acts[i])
        live[i] = 0
        if t == ACT_PASS and best < 0:
            best = i
        elif t == ACT_EXPOSED_KONG:
            live[i] = 1
        elif call_tiles(h, t, act_kind(acts[i]), c, 1):   # a chow or pung
            live[i] = best_discard_shanten(o, h, banned) <= sh0
            call_tiles(h, t, act_kind(acts[i]), c, 0)
        n_live += live[i]
    if not n_live:
        return best
    read_threat(o, &th)
    pays_of(o, &th, &p, own.golds, safest_danger(o, &th))
    best_ev = hand_ev(o, &p, h, sh0)
    for i in range(n):
        if not live[i]:
            continue
        t = act_type(acts[i])
        call_tiles(h, t, act_kind(acts[i]), c, 1)
        if t == ACT_EXPOSED_KONG:
            ev = hand_ev(o, &p, h, hand_shanten(h))   # the replacement draw comes on top
        else:
            ev = best_after_call(o, &th, &p, h, banned)
        call_tiles(h, t, act_kind(acts[i]), c, 0)
        if ev == EV_CHECK_FAILED:
            return -1
        if ev > best_ev:
            best, best_ev = i, ev
    return best


cdef int value_discard_win(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """Take a discard (or robbed-kong) win unless waiting on for a self-draw is worth more."""
    cdef Hand own = o.me.hand
    cdef Threat th
    cdef Pays p
    cdef int i, win_at = -1, pass_at = -1, c = o.claim_tile
    cdef double take, wait, w
    for i in range(n):
        if act_type(acts[i]) == ACT_PASS:
            pass_at = i
        elif win_at < 0:
            win_at = i
    if win_at < 0 or pass_at < 0 or c < 0:
        return win_at if win_at >= 0 else 0
    read_threat(o, &th)
    pays_of(o, &th, &p, own.golds, safest_danger(o, &th))
    hand_add(&own, c)
    take = win_amount(o, own.golds, WIN_DISCARD, hand_is_jinque(&own))
    hand_remove(&own, c)
    w = wait_draws(o, &own)
    if o.rules.guoshui and th.un[c]:
        w -= 0.5 * th.un[c]     # 过水: this kind is barred from discard wins for a round
    wait = position_ev(&p, 0, 0.0, w if w > 0 else 0.0)
    return pass_at if wait > take else win_at


cdef int value_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    # the packs it plays are in their descriptors (Pack.policies): another is refused at setup
    cdef int dec = o.decision
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return value_turn(o, acts, n)
    if dec == DEC_CLAIM:
        return value_claim(o, acts, n)
    if dec == DEC_DISCARD_WIN or dec == DEC_ROB_KONG:
        return value_discard_win(o, acts, n)
    return first_win(acts, n)   # the opening window's wins (天胡, 三金倒, 抢金) pay the most


cdef void value_policy(Policy* p) noexcept nogil:
    p.choose = value_choose
    p.state = NULL


def _levels_check(self_draw, discard, hazard, round_risk, unseen, int rounds, int steps, useful_at, ready_waits):
    """Test hook: levels_ev of these inputs (the Pays fields it reads; steps 0..MAX_STEPS)."""
    cdef Pays p
    cdef double u[MAX_STEPS + 1]
    if not 0 <= steps <= MAX_STEPS or len(useful_at) != steps + 1 or not 0 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"steps {steps} (0..{MAX_STEPS}) with {steps + 1} useful counts, rounds {rounds} "
                         f"(0..{MAX_ROUNDS})")
    p.self_draw, p.discard, p.deal_in, p.hazard = self_draw, discard, 0.0, hazard
    p.round_risk, p.unseen, p.typical_wait, p.rounds = round_risk, unseen, 0.0, rounds
    for k in range(steps + 1):
        u[k] = useful_at[k]
    return levels_ev(&p, steps, u, ready_waits)
