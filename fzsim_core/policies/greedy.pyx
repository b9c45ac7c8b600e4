# cython: language_level=3
"""The greedy policy (docs/spec/RULES.md §8): fewest tiles from ready with golds wild, then most useful
draws (unseen copies of the kinds that lower shanten), never a gold unless forced; kongs and
claims only when they do not worsen that; every win taken, 游金 when its next level pays more.

It sees only its Observation (policy.pxd). How it stays fast without changing a decision is told
in the docs (guide/policies.md): shanten from per-suit class tables (fzsim_core/suit_shanten)
with three suits cached per decision, trial draws limited to kinds near a held tile and to those
that lower the undiscarded hand plus the draw, unseen counts once per decision, losses outside
the discarded suit kept per (suit, class); `check` recomputes every fast shanten and
useful-draw count by the plain definition.
"""
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdio cimport snprintf
from fzsim_core.bits cimport ctz64, fz_counts_mask, fz_unseen_bytes, held_mask
from fzsim_core.hand cimport Hand, hand_add, hand_remove, FZ_KPART, FZ_KPOW, FZ_POW5
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.rng cimport rng_below
from fzsim_core.table cimport *
from fzsim_core.wintables cimport hand_shanten, hand_wait_mask
from fzsim_core.youjin cimport youjin_multiplier
from fzsim_core.suit_shanten cimport ShVary, sh_d, sh_vary_d, sh_vary_swap


cdef inline int unseen(const Observation* o, const Hand* h, int k) noexcept nogil:
    cdef int v = 4 - o.seen[k] - h.counts[k]
    return v if v > 0 else 0


cdef int useful_draws_plain(const Observation* o, Hand* h, int sh) noexcept nogil:
    """Unseen tiles whose draw lowers the shanten of the 3n+1 hand h (at `sh`), every drawable
    kind tried: the definition, which check=True holds the fast count below to."""
    cdef int x, v, total = 0
    for x in range(o.n_kinds):
        v = unseen(o, h, x)
        if v:
            hand_add(h, x)
            if hand_shanten(h) < sh:
                total += v
            hand_remove(h, x)
    return total


cdef inline bint no_full_part(const Hand* h) noexcept nogil:
    """No part of h holds 17 real tiles, so one more tile keeps every part within the tables:
    fewer real tiles, or the real tiles spread over two parts or more."""
    cdef uint64_t m
    if h.size - h.golds < 17:
        return 1
    m = held_mask(h)
    if h.gold >= 0:
        m &= ~((<uint64_t>1) << h.gold)
    return ((m & 0x1FF) != m and (m & (0x1FFULL << 9)) != m and (m & (0x1FFULL << 18)) != m
            and (m & (0x7FULL << 27)) != m)


cdef inline int part_lost(const ShVary* v, uint32_t key, uint64_t bits, const uint8_t* u, int lim,
                          int budget) noexcept nogil:
    """Unseen copies (u) of the ranks in `bits` of one part, its key `key` and view v, whose
    draw leaves D >= lim (they do not help), counting stopped once above `budget`."""
    cdef int r, lost = 0
    while bits:
        r = ctz64(bits)
        bits &= bits - 1
        if sh_vary_d(v, key + FZ_POW5[r]) >= lim:
            lost += u[r]
            if lost > budget:
                return lost
    return lost


cdef inline int useful_draws(const View* w, int q, uint32_t qkey, int lim, uint64_t todo, const uint8_t* un,
                             int pot, int floor, int* memo, int* n_memo) noexcept nogil:
    """The useful-draw count of the 3n+1 hand w with part q holding qkey (the discard made),
    a draw being useful iff D falls below `lim` (shanten below the best), when `pot` is the
    count if every kind in `todo` helped (unseen counts in `un`), the kinds outside it already
    settled; or -1 as soon as it is sure to stay below `floor` (the best count of an earlier
    discard: a discard that cannot tie it is out of the tie-break whatever its exact count).
    Each draw changes one part: D from that part's new class and the other three cached (a
    draw in part q itself reads w's own view of q, which does not depend on q). The draws
    outside part q depend on the discard only through q's new class, so their loss is kept per
    (q, class) in memo[0..n_memo) (pairs key, loss) for the decision's later discards."""
    cdef ShVary v
    cdef int part, i, mk, lost, qcls
    cdef uint64_t bits
    pot -= part_lost(&w.v[q], qkey, (todo >> (9 * q)) & 0x1FF, un + 9 * q, lim, pot - floor)
    if pot < floor:
        return -1
    qcls = w.v[q].cls[qkey]
    mk = (q << 8) | qcls
    for i in range(n_memo[0]):
        if memo[2 * i] == mk:
            pot -= memo[2 * i + 1]
            return pot if pot >= floor else -1
    lost = 0
    for part in range(4):
        bits = (todo >> (9 * part)) & 0x1FF
        if part != q and bits:
            v = w.v[part]
            sh_vary_swap(&v, &w.c, part, q, qcls)
            lost += part_lost(&v, w.c.key[part], bits, un + 9 * part, lim, pot - floor - lost)
            if lost > pot - floor:
                return -1   # stopped early: not a complete loss, not kept
    memo[2 * n_memo[0]] = mk
    memo[2 * n_memo[0] + 1] = lost
    n_memo[0] += 1
    return pot - lost


cdef int wait_draws(const Observation* o, Hand* h) noexcept nogil:
    """Unseen tiles completing the ready 3n+1 hand h."""
    cdef int x, total = 0
    cdef uint64_t m = hand_wait_mask(h) & kinds_mask(o)
    while m:
        x = ctz64(m)
        m &= m - 1
        total += unseen(o, h, x)
    return total


cdef int best_discard_shanten(const Observation* o, Hand* h, int banned) noexcept nogil:
    """Lowest shanten reachable by one discard from the 3n+2 hand h (never a gold unless forced),
    suit by suit through the views of h."""
    cdef int q, r, d, best_d = 999, best_gold = 99
    cdef uint64_t m = held_mask(h), bits
    cdef uint32_t key
    cdef View c
    ctx_of(&c, h)
    if banned >= 0:
        m &= ~((<uint64_t>1) << banned)
    if o.gold >= 0 and (m >> o.gold) & 1:   # the hand's gold kind is the game's (h.gold)
        m &= ~((<uint64_t>1) << o.gold)
        best_gold = shanten_less(&c, h, o.gold)
    for q in range(4):
        bits = (m >> (9 * q)) & 0x1FF
        key = c.c.key[q]
        while bits:
            r = ctz64(bits)
            bits &= bits - 1
            d = sh_vary_d(&c.v[q], key - FZ_POW5[r])
            if d < best_d:
                best_d = d
    return best_d - h.golds - 1 if best_d < 999 else best_gold


cdef bint youjin_worth_more(const Observation* o) noexcept nogil:
    """Greedy's 游金 choice (§11): instead of winning now, enter or go up the 游金 chain when
    the next level pays a larger multiplier and the seat is sure to draw again (at least four
    draws before the reserve, so the wait on any tile gets its draw unless another seat wins
    first — the risk greedy takes for a doubled payment)."""
    cdef int level = o.me.youjin
    return (level < 3
            and youjin_multiplier(o.rules, level + 1) > youjin_multiplier(o.rules, level)
            and o.live - o.reserve >= 4)


cdef int greedy_discard(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """Greedy own turn (§8): win (or 游金 when it pays more, see youjin_worth_more), else the discard with the fewest tiles from ready (golds wild),
    then most useful draws, never a gold unless forced; a kong when it does not worsen that."""
    cdef Hand own = o.me.hand   # trial discards edit a copy
    cdef Hand* h = &own
    cdef int i, k, t, sh, d, best_d = 999, best_sh = 99, n_tied = 0, u, best_u
    cdef bint back_useful, filt
    cdef int x, uk, pot, pot0, q, lim
    cdef uint8_t un[40]   # unseen copies by kind (40: read as whole words)
    cdef uint64_t nz, bits
    cdef View ctx
    cdef uint64_t m, avail, gbit
    cdef int u_of[MAX_ACTIONS]   # useful draws of tied[i]
    cdef int tied[MAX_ACTIONS]
    cdef uint8_t tied_k[MAX_ACTIONS]   # the kind tied[i] discards (plain discards only)
    cdef int memo[2 * MAX_ACTIONS]
    cdef int n_memo = 0
    cdef int win_at = -1, youjin_at = -1, gold_at = -1, best_gold = 99
    cdef bint any_kong = 0
    cdef bint check = o.check   # (locals: the loops below keep them in registers)
    cdef int gold = o.gold
    ctx_of(&ctx, h)
    for i in range(n):   # one pass: wins, and D after each discard (golds apart)
        t = act_type(acts[i])
        if t == ACT_DISCARD:
            k = act_kind(acts[i])
            if k == gold:
                gold_at = i
                best_gold = sh = shanten_less(&ctx, h, k)
            else:   # the discards at the lowest D (so shanten) so far, in action order
                d = d_less(&ctx, k)
                sh = d - h.golds - 1
                if d < best_d:
                    best_d = d
                    n_tied = 0
                if d == best_d:
                    tied[n_tied] = i
                    tied_k[n_tied] = k
                    n_tied += 1
            if check:
                hand_remove(h, k)
                x = hand_shanten(h)
                hand_add(h, k)
                if x != sh:
                    snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                             "fast discard shanten differs from hand_shanten (fast, plain)", sh, x)
                    return -1
        elif t == ACT_WIN and win_at < 0:
            win_at = i
        elif t == ACT_YOUJIN and youjin_at < 0:
            youjin_at = i
        elif t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
            any_kong = 1
    if win_at >= 0 and not (youjin_at >= 0 and youjin_worth_more(o)):
        return win_at
    if youjin_at >= 0:   # 游金 pays more (or no win is allowed, e.g. two golds must 游金)
        return youjin_at
    if n_tied:
        best_sh = best_d - h.golds - 1
    elif gold_at >= 0:   # never a gold while another tile may go
        best_sh = best_gold
        tied[0] = gold_at
        n_tied = 1
    if any_kong:
        for i in range(n):   # a kong no worse than the best discard is taken, the first one
            t = act_type(acts[i])
            if t == ACT_CONCEALED_KONG:
                k = act_kind(acts[i])
                hand_remove(h, k); hand_remove(h, k); hand_remove(h, k); hand_remove(h, k)
                sh = hand_shanten(h)
                hand_add(h, k); hand_add(h, k); hand_add(h, k); hand_add(h, k)
                if sh <= best_sh:
                    return i
            elif t == ACT_ADDED_KONG:
                k = act_kind(acts[i])
                hand_remove(h, k)
                sh = hand_shanten(h)
                hand_add(h, k)
                if sh <= best_sh:
                    return i
    if n_tied == 1:
        return tied[0]
    # tie-break on useful draws, then uniformly at random among the best. Draws that can help
    # (near_mask) and their unseen counts are those of the hand before the discard except for
    # the discarded kind k itself; a gold always helps (wild: shanten drops by one) and drawing k
    # back helps iff the hand before the discard is below best_sh, the same for every k.
    best_u = -1
    u = 0
    gbit = obs_gold_bit(o)
    avail = 0
    pot0 = 0
    back_useful = best_sh > 0 and sh_d(&ctx.c) - h.golds - 1 < best_sh   # h - k + k = h
    lim = best_sh + h.golds + 1   # a draw (neither it nor k a gold) helps iff D < lim
    # h - k + x is within h + x, so D(h - k + x) >= D(h + x) (same n): a draw that leaves h + x
    # at lim helps no discard. (When h itself is below lim every draw passes this.)
    filt = not back_useful and no_full_part(h)
    if best_sh > 0:
        fz_unseen_bytes(o.seen, h.counts, un)
        for x in range(34, 40):
            un[x] = 0
        nz = fz_counts_mask(un, -1)
        m = near_mask(o, h) & kinds_mask(o) & nz
    else:
        m = 0
    if filt:   # part by part: one view and key per part
        avail = m & gbit
        if avail:
            pot0 = un[gold]
        m &= ~gbit
        for q in range(4):
            bits = (m >> (9 * q)) & 0x1FF
            while bits:
                x = ctz64(bits)
                bits &= bits - 1
                if sh_vary_d(&ctx.v[q], ctx.c.key[q] + FZ_POW5[x]) < lim:
                    avail |= (<uint64_t>1) << (9 * q + x)
                    pot0 += un[9 * q + x]
    else:
        avail = m
        while m:
            x = ctz64(m)
            m &= m - 1
            pot0 += un[x]
    for i in range(n_tied):
        k = tied_k[i]   # (n_tied > 1: plain discards)
        if best_sh > 0:
            pot = pot0 - (un[k] if (avail >> k) & 1 else 0)
            if back_useful:
                uk = 5 - o.seen[k] - h.counts[k]   # unseen copies of k once it is discarded
                if uk > 0:
                    pot += uk
            q = FZ_KPART[k]
            u = -1 if pot < best_u else useful_draws(
                &ctx, q, ctx.c.key[q] - FZ_KPOW[k], lim, avail & ~gbit & ~((<uint64_t>1) << k), un,
                pot, best_u, memo, &n_memo)
            if check:
                hand_remove(h, k)
                pot = useful_draws_plain(o, h, best_sh)
                hand_add(h, k)
                if (u >= 0 and u != pot) or (u < 0 and pot >= best_u):
                    snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                             "fast useful-draw count differs from the definition (fast, plain)", u, pot)
                    return -1
        else:
            hand_remove(h, k)
            # ready (a lone gold discard never reaches this loop: n_tied == 1)
            u = wait_draws(o, h) if best_sh == 0 else useful_draws_plain(o, h, best_sh)
            hand_add(h, k)
        u_of[i] = u
        if u > best_u:
            best_u = u
    u = 0
    for i in range(n_tied):
        if u_of[i] == best_u:
            tied[u] = tied[i]
            u += 1
    return tied[rng_below(o.rng, u)] if u > 1 else tied[0]


cdef int greedy_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """Claim a pung / kong / chow only when the best hand after it is no further from ready."""
    cdef Hand own = o.me.hand
    cdef Hand* h = &own
    cdef int i, t, k, lo, sh, rank, c = o.claim_tile
    cdef int sh0 = hand_shanten(h), best = -1, best_sh, best_rank = 0
    cdef int banned = c if o.rules.no_discard_claimed_tile else -1
    best_sh = sh0
    for i in range(n):
        t = act_type(acts[i])
        k = act_kind(acts[i])
        if t == ACT_PASS:
            if best < 0:
                best = i
            continue
        if t == ACT_PUNG:
            hand_remove(h, k); hand_remove(h, k)
            sh = best_discard_shanten(o, h, banned)
            hand_add(h, k); hand_add(h, k)
            rank = 2
        elif t == ACT_EXPOSED_KONG:
            hand_remove(h, k); hand_remove(h, k); hand_remove(h, k)
            sh = hand_shanten(h)
            hand_add(h, k); hand_add(h, k); hand_add(h, k)
            rank = 3
        elif t == ACT_CHOW:
            lo = k
            for k in range(lo, lo + 3):
                if k != c:
                    hand_remove(h, k)
            sh = best_discard_shanten(o, h, banned)
            for k in range(lo, lo + 3):
                if k != c:
                    hand_add(h, k)
            rank = 1
        else:
            continue
        if sh < best_sh or (sh == best_sh and rank > best_rank):
            best, best_sh, best_rank = i, sh, rank
    return best


cdef int greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """The policy's choose function (policy.pxd): discards and kongs, claims, and every win taken.
    A pack with its own shapes has its own greedy (its descriptor's `greedy`, bound in its place by
    policies/registry)."""
    cdef int dec = o.decision
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return greedy_discard(o, acts, n)
    if dec == DEC_CLAIM:
        return greedy_claim(o, acts, n)
    return first_win(acts, n)   # every win and 抢金 is taken


cdef void greedy_policy(Policy* p) noexcept nogil:
    p.choose = greedy_choose
    p.state = NULL
