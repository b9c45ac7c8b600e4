# cython: language_level=3
"""The rollout policy: determinised Monte Carlo at the decisions where the choice matters.

At an own-turn discard, a claim or a discard win it lists a few candidate actions — the value
policy's choice first, then (discards) the safest tile and the discards that keep the hand
nearest ready with the most useful draws, or (own turn with a win, 游金 or kong on offer) those
actions, or (claims, discard wins) every call and the pass — and, when there are at least two,
plays each on `n` sampled worlds. A world (fzsim_core/determinize) re-deals every tile the seat
cannot see among the arrangements consistent with its view, the other seats' hands built turn by
turn as a player builds them (`world` 1, sample_world_built) or drawn as the best of a few
uniform deals (`world` 0, sample_world_prior). Each candidate is applied on a copy of that world
and played to the end of the hand by a fast playout policy in every seat (`play`: greedy,
guard, value, or value for the deciding seat beside greedy or guard — never this policy, so
there is no recursion), without an event log. The same worlds serve every candidate (common random
numbers), so their differences are paired; with `beta` < 1 each world is weighed by how likely
the other seats' discards are in it (determinize.pxd discard_likelihood). The candidate with the best mean score delta for the
seat is taken when its paired gain over value's choice exceeds `z` standard errors (the search
stops early, value's choice standing, once every other candidate clearly trails it: all_trail);
otherwise, and wherever there is one candidate or no sample can be drawn (another seat in 游金, a win
already accepted by another seat), value's choice stands.

By default only discard wins are searched (`at` 8): taking pays a known amount, and what passing
is worth — a self-draw paid by all three against another seat winning first — is where value's
recursion is roughest (docs/guide/policies.md has what else was tried and what it measured). A
pack may fit its own (kit/evaluate.pxd PackEval.rollout_*): 国标's also searches the pungs of an
honour's discard that value passes (`at` bit 32), scoring sets its nearer-ready rule leaves, on 32 worlds
checked from the 8th (`first`) and dropped as soon as no call does better on average (`futile` 0).

The policy reads only its Observation; the game pointer in it goes straight to sample_world, which
overwrites everything hidden before a playout reads the copy. Its random stream is its own: one
draw of the policy stream per searched decision seeds a substream (STREAM_ROLLOUT) for the
samples and the playouts. nogil, no Python objects, no allocation (the two copies live on the
stack).
"""
from libc.math cimport sqrt
from libc.stdint cimport uint16_t, uint64_t
from libc.stdio cimport snprintf
from libc.string cimport memcpy
from fzsim_core.hand cimport Hand, hand_remove, hand_add
from fzsim_core.policy cimport Observation, Policy, note_fold
from fzsim_core.rng cimport Rng, rng_next, rng_seed
from fzsim_core.state cimport Game, Pack
from fzsim_core.table cimport *
from fzsim_core.flow cimport apply, copy_game, play_until
from fzsim_core.determinize cimport (SAMPLE_OK, can_sample, discard_likelihood, sample_world_built,
                                     sample_world_prior)
from fzsim_core.policies.greedy cimport (View, ctx_of, shanten_less, own_turn_offers, greedy_policy,
                                         useful_draws_plain, wait_draws)
from fzsim_core.policies.guard cimport Threat, read_threat, discard_danger, guard_policy
from fzsim_core.policies.value cimport value_policy
from fzsim_core.policies.pack_value cimport pack_value_policy
from fzsim_core.kit.evaluate cimport PackEval
from fzsim_core.tiles cimport HONOR_BASE

cdef enum:
    MAX_K = 8
    STREAM_ROLLOUT = 3            # beside rng.pxd's wall, policy and match streams

# The search stops early, value's choice standing, when after `first` worlds (and at every
# doubling) every other candidate trails it by more than `futile` paired standard errors: such a
# candidate would seldom end above +z standard errors after all n worlds, and most searched
# decisions are of that kind (taking a discard win that pays), so most searches cost a fraction.
cdef int DEFAULT_FIRST = 32
cdef double DEFAULT_FUTILE = 2.0
# ... and, between two candidates, takes the other one as soon as it leads by LEAD_Z times the
# z standard errors the full search asks for
cdef double LEAD_Z = 2.0

# danger (deal-in chance, guard.pxd) within this of value's choice counts as as safe
cdef double SAFE_MARGIN = 0.005
# a seat's parameters live in its Policy's data (rollout_policy_with): they must fit there
cdef Policy _sized
assert sizeof(RolloutParams) <= sizeof(_sized.data), "RolloutParams outgrew Policy.data"

cdef int DEFAULT_N = 256
cdef int DEFAULT_K = 4
cdef int DEFAULT_PLAY = PLAY_MIXED
cdef int DEFAULT_AT = AT_WIN   # see docs/guide/policies.md for the others tried
cdef int DEFAULT_PRIOR = 2
cdef double DEFAULT_BETA = 1.0
cdef double DEFAULT_Z = 2.0
cdef int DEFAULT_WORLD = WORLD_BUILT


cdef inline void bind_value(Policy* p, const PackEval* e) noexcept nogil:
    """value for a game whose pack has evaluation hooks `e` (pack_value.pyx), else the generic value.pyx (RULES.md §10 scoring)."""
    if e != NULL:
        pack_value_policy(p, e, -1.0, -1)
    else:
        value_policy(p)


cdef int value_choice(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """The value policy's choice, without counting its folds (this policy counts its own)."""
    cdef Policy v
    cdef int i, kept = o.folds[0] if o.folds != NULL else 0
    bind_value(&v, <const PackEval*>o.eval)
    i = v.choose(v.state, o, acts, n)
    if o.folds != NULL:
        o.folds[0] = kept
    return i


cdef void bind_playout(Policy* p, int play, const Pack* pack) noexcept nogil:
    """A playout seat's policy: the pack's own greedy / guard where it has them (as registry.bind_policy)."""
    if play == PLAY_VALUE:
        bind_value(p, pack.eval)
    elif play == PLAY_GUARD:
        guard_policy(p)
        if pack.guard != NULL:
            p.choose = pack.guard
    else:
        greedy_policy(p)
        if pack.greedy != NULL:
            p.choose = pack.greedy


cdef inline int add_cand(int* cand, int m, int k, int i) noexcept nogil:
    """Append action index i to cand[0..m) unless present or full; the new count."""
    cdef int j
    if m >= k:
        return m
    for j in range(m):
        if cand[j] == i:
            return m
    cand[m] = i
    return m + 1


cdef int discard_candidates(const Observation* o, const uint16_t* acts, int n, int base, int k,
                            int* cand, int* fold_of, int* cand_sh) noexcept nogil:
    """Own-turn candidates (value's choice `base` first) into cand; fold_of[i] is 1 for the
    discards that would be a fold (further from ready than the best and safer than every
    best-shanten discard). Returns the count."""
    cdef Hand own = o.me.hand
    cdef View ctx
    cdef Threat th
    cdef int i, j, kk, m = 1, any_plain, best_sh = 99, safest = -1, eligible_sh
    cdef int sh_of[MAX_ACTIONS]
    cdef int use[MAX_ACTIONS]
    cdef double dang[MAX_ACTIONS]
    cdef double min_best = 9.0
    cdef bint taken[MAX_ACTIONS]
    cand[0] = base
    cand_sh[0] = 99
    any_plain = own_turn_offers(o, acts, n)
    for i in range(n):
        fold_of[i] = 0
    if any_plain == 2:   # a win, 游金 or a kong on offer: those are the question
        for i in range(n):
            if act_type(acts[i]) != ACT_DISCARD:
                m = add_cand(cand, m, k, i)
        return m
    read_threat(o, &th)
    ctx_of(&ctx, &own)
    for i in range(n):
        sh_of[i] = 99
        kk = act_kind(acts[i])
        if act_type(acts[i]) != ACT_DISCARD or (any_plain and kk == o.gold):
            continue
        sh_of[i] = shanten_less(&ctx, &own, kk)
        dang[i] = discard_danger(o, &th, kk)
        if sh_of[i] < best_sh:
            best_sh = sh_of[i]
        if safest < 0 or dang[i] < dang[safest]:
            safest = i
    for i in range(n):
        if sh_of[i] == best_sh and dang[i] < min_best:
            min_best = dang[i]
    for i in range(n):
        fold_of[i] = sh_of[i] != 99 and sh_of[i] > best_sh and dang[i] < min_best
    # defence stays value's: only discards about as safe as its choice compete (a sampled world
    # knows nothing of what the other seats' discards say about their hands, so a search among
    # riskier tiles would favour them); among those, the nearest to ready with the most useful
    # draws (or waits when ready) first
    eligible_sh = 99
    for i in range(n):
        taken[i] = 0
        use[i] = -1
        if sh_of[i] != 99 and dang[i] <= dang[base] + SAFE_MARGIN and sh_of[i] < eligible_sh:
            eligible_sh = sh_of[i]
    for i in range(n):
        if sh_of[i] == eligible_sh and dang[i] <= dang[base] + SAFE_MARGIN:
            kk = act_kind(acts[i])
            hand_remove(&own, kk)
            use[i] = wait_draws(o, &own) if eligible_sh == 0 else useful_draws_plain(o, &own, eligible_sh)
            hand_add(&own, kk)
    cand_sh[0] = eligible_sh
    while m < k:
        j = -1
        for i in range(n):
            if use[i] >= 0 and not taken[i] and (j < 0 or use[i] > use[j]):
                j = i
        if j < 0:
            break
        taken[j] = 1
        m = add_cand(cand, m, k, j)
    return m


cdef bint all_trail(const double* dsum, const double* dsq, int m, double wsum, double w2sum,
                    double futile) noexcept nogil:
    """Every candidate 1..m-1 trails candidate 0 by more than `futile` paired standard errors so far
    (or has done no better on any world: it cannot be taken)."""
    cdef int c
    cdef double mean, var, se, ess = wsum * wsum / w2sum if w2sum > 0 else 0.0
    if ess <= 1:
        return False
    for c in range(1, m):
        mean = dsum[c] / wsum
        var = dsq[c] / wsum - mean * mean
        se = sqrt(var / (ess - 1)) if var > 0 else 0.0
        if not (mean < -futile * se or (se == 0 and mean <= 0)):
            return False
    return True


cdef bint clearly_leads(double dsum, double dsq, double wsum, double w2sum, double z) noexcept nogil:
    """The one other candidate leads candidate 0 by more than LEAD_Z x z paired standard errors so
    far: it would almost surely still lead by z at the end."""
    cdef double mean, var, se, ess = wsum * wsum / w2sum if w2sum > 0 else 0.0
    if ess <= 1:
        return False
    mean = dsum / wsum
    var = dsq / wsum - mean * mean
    se = sqrt(var / (ess - 1)) if var > 0 else 0.0
    return se > 0 and mean > LEAD_Z * z * se


def _clearly_leads(double dsum, double dsq, double wsum, double w2sum, double z=2.0):
    """Test hook: clearly_leads on one other candidate's paired sums."""
    return bool(clearly_leads(dsum, dsq, wsum, w2sum, z))


def _all_trail(dsum, dsq, double wsum, double w2sum, double futile=DEFAULT_FUTILE):
    """Test hook: all_trail on the paired sums of candidates 1.. (lists; candidate 0's entries are
    not read)."""
    cdef double ds[MAX_K]
    cdef double dq[MAX_K]
    cdef int c, m = len(dsum)
    if not 2 <= m <= MAX_K or len(dsq) != m:
        raise ValueError(f"dsum and dsq must be two lists of 2..{MAX_K} candidates' sums")
    for c in range(m):
        ds[c] = dsum[c]
        dq[c] = dsq[c]
    return bool(all_trail(ds, dq, m, wsum, w2sum, futile))


cdef int search(const Observation* o, const RolloutParams* prm, const uint16_t* acts, int n,
                const int* cand, int m) noexcept nogil:
    """The candidate (an index into acts) with the best mean outcome over prm.n sampled worlds,
    cand[0] unless another beats it by prm.z paired standard errors; -1 on a playout error, -2
    when the worlds cannot be sampled."""
    cdef const Game* g = <const Game*>o.game
    cdef Game world
    cdef Game sim
    cdef Rng rng
    cdef int j, c, s, st, best
    cdef double d, mean, se, var, best_mean, w, wsum, w2sum, ess
    cdef double total[MAX_K]
    cdef double dsum[MAX_K]
    cdef double dsq[MAX_K]
    cdef double v[MAX_K]
    cdef int tries[4]
    cdef int check = prm.first
    if g == NULL or can_sample(g, o.seat) != SAMPLE_OK:
        return -2
    rng_seed(&rng, rng_next(o.rng), <uint64_t>o.seat, <uint64_t>o.live, STREAM_ROLLOUT)
    for c in range(m):
        total[c] = 0.0
        dsum[c] = 0.0
        dsq[c] = 0.0
    for s in range(4):
        if prm.world == WORLD_BUILT:   # as many draw-and-throw turns as the seat has thrown
            tries[s] = o.table[s].n_discards[0]
        else:
            tries[s] = 1 + prm.prior * (o.table[s].n_discards[0] + o.table[s].n_melds[0])
    wsum = 0.0
    w2sum = 0.0
    for j in range(prm.n):
        if prm.world == WORLD_BUILT:
            sample_world_built(&world, g, o.seat, &rng, tries)
        else:
            sample_world_prior(&world, g, o.seat, &rng, tries)
        w = discard_likelihood(&world, o.seat, prm.beta)
        wsum += w
        w2sum += w * w
        world.check = o.check
        world.obs.check = o.check
        for s in range(4):
            if prm.play == PLAY_MIXED:
                bind_playout(&world.policies[s], PLAY_VALUE if s == o.seat else PLAY_GREEDY, &world.pack)
            elif prm.play == PLAY_MIXED_GUARD:
                bind_playout(&world.policies[s], PLAY_VALUE if s == o.seat else PLAY_GUARD, &world.pack)
            else:
                bind_playout(&world.policies[s], prm.play, &world.pack)
        for c in range(m):
            copy_game(&sim, &world, NULL)
            st = apply(&sim, cand[c])
            if st == ST_DECIDE:
                st = play_until(&sim, 0)
            if st != ST_END or sim.error:
                snprintf(o.errmsg, o.errmsg_size, "rollout playout failed (seat %d, candidate %d): %s",
                         o.seat, cand[c], sim.errmsg)
                return -1
            v[c] = sim.row.deltas[o.seat]
            total[c] += w * v[c]
        for c in range(1, m):
            d = v[c] - v[0]
            dsum[c] += w * d
            dsq[c] += w * d * d
        if j + 1 == check and j + 1 < prm.n:
            check *= 2
            if all_trail(dsum, dsq, m, wsum, w2sum, prm.futile):
                return cand[0]
            if m == 2 and clearly_leads(dsum[1], dsq[1], wsum, w2sum, prm.z):
                return cand[1]
    # weighted means; the paired gain's standard error over the effective sample size
    ess = wsum * wsum / w2sum if w2sum > 0 else 0.0
    best = 0
    best_mean = total[0]
    for c in range(1, m):
        if total[c] > best_mean:
            mean = dsum[c] / wsum
            var = dsq[c] / wsum - mean * mean
            se = sqrt(var / (ess - 1)) if ess > 1 and var > 0 else 0.0
            if mean > prm.z * se:
                best = c
                best_mean = total[c]
    return cand[best]


cdef inline bint claim_searched(int at, int dec, int claim_tile, int base_type) noexcept nogil:
    """A claim or discard win with value's choice of type base_type is searched: every claim
    under bit AT_CLAIM, a call on an honour's discard that value passes under AT_HONOUR_CLAIM, a
    discard (or robbed-kong) win under AT_WIN."""
    if dec == DEC_CLAIM:
        return (at & AT_CLAIM) != 0 or ((at & AT_HONOUR_CLAIM) != 0 and claim_tile >= HONOR_BASE
                                         and base_type == ACT_PASS)
    return (dec == DEC_DISCARD_WIN or dec == DEC_ROB_KONG) and (at & AT_WIN) != 0


def _claim_searched(int at, int dec, int claim_tile, int base_type):
    """Test hook: claim_searched."""
    return bool(claim_searched(at, dec, claim_tile, base_type))


cdef int rollout_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef RolloutParams* prm = <RolloutParams*>state
    cdef int dec = o.decision, base, i, m = 0, pick, eligible_sh
    cdef bint searched
    cdef int cand[MAX_K]
    cdef int fold_of[MAX_ACTIONS]
    cdef int k = prm.k if prm.k <= MAX_K else MAX_K
    base = value_choice(o, acts, n)
    if base < 0 or n < 2:
        return base
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        m = discard_candidates(o, acts, n, base, k, cand, fold_of, &eligible_sh)
        if own_turn_offers(o, acts, n) == 2:
            searched = prm.at & AT_OWN_OFFER
        else:
            searched = prm.at & AT_DISCARD or (prm.at & AT_READY_DISCARD and eligible_sh == 0)
        if not searched:
            m = 1
    elif claim_searched(prm.at, dec, o.claim_tile, act_type(acts[base])):
        cand[0] = base
        m = 1
        for i in range(n):
            m = add_cand(cand, m, k, i)
    else:
        return base   # not searched; the opening window (天胡, 三金倒, 抢金): value takes what pays most
    pick = base
    if m >= 2:
        pick = search(o, prm, acts, n, cand, m)
        if pick == -2:
            pick = base
        elif pick < 0:
            return -1
    if (dec == DEC_TURN or dec == DEC_AFTER_CLAIM) and fold_of[pick]:
        note_fold(o)
    return pick


cdef void rollout_policy(Policy* p) noexcept nogil:
    rollout_policy_with(p, DEFAULT_N, DEFAULT_K, DEFAULT_PLAY, DEFAULT_AT, DEFAULT_PRIOR, DEFAULT_BETA, DEFAULT_Z,
                        DEFAULT_WORLD, DEFAULT_FIRST, DEFAULT_FUTILE)


cdef void rollout_policy_with(Policy* p, int n, int k, int play, int at, int prior, double beta, double z,
                              int world, int first, double futile) noexcept nogil:
    """rollout with its parameters kept in the seat's own storage (p.data)."""
    cdef RolloutParams prm
    prm.n = n
    prm.first = first
    prm.futile = <float>futile
    prm.k = k
    prm.play = play
    prm.at = at
    prm.prior = prior
    prm.beta = <float>beta
    prm.z = <float>z
    prm.world = world
    p.choose = rollout_choose
    memcpy(&p.data[0], &prm, sizeof(RolloutParams))
    p.state = &p.data[0]
