# cython: language_level=3
"""greedy on the Beijing pack: every win taken; else the discard leaving the fewest tiles from
ready over both shapes with the 惠牌 wild (shapes.pxd bj_shanten: the standard shape through the
core's wildcard tables, and seven pairs), ties broken by

1. never a 惠牌 while another discard is as good (a wild is worth more held);
2. when the discard leaves the hand ready, the most unseen winning tiles;
3. the least connected tile (held tiles of its suit within two ranks, its own other copies
   counting double; an honour has only its copies), then an honour or terminal, then at random.

Kongs are declared when they leave the hand no further from ready. A claim (chow, pung) costs the
right to win on a discard (§4.3), so greedy takes one only when it brings the hand strictly
closer to ready; an exposed kong when it leaves it no further. It reads only its Observation.
"""
from libc.stdint cimport uint16_t, uint64_t
from libc.stdio cimport snprintf
from fzsim_core.bits cimport ctz64, fz_counts_mask, least_of, popcount64
from fzsim_core.policy cimport Observation
from fzsim_core.policies.ties cimport BestOf, best_init, best_offer, best_pick
from fzsim_core.table cimport *
from fzsim_core.kit.hand34 cimport mj_own_kong, MJ_CHOW, MJ_PUNG, MJ_KONG, MJ_ADDED_KONG, MJ_CONCEALED_KONG, MJ_KINDS, MjHand
from fzsim_core.hand cimport Hand, hand_add, hand_remove, hand_set_counts
from fzsim_core.packs.beijing.shapes cimport bj_shanten, bj_hand_discard_shanten, bj_hand_shanten, bj_wait_mask
from fzsim_core.packs.beijing.pack cimport bj_hand_of


cdef int waits_unseen(const Observation* o, const MjHand* h) noexcept nogil:
    cdef uint64_t m = bj_wait_mask(h)
    cdef int k, v, total = 0
    while m:
        k = ctz64(m)
        m &= m - 1
        v = 4 - o.seen[k] - h.counts[k]
        total += v if v > 0 else 0
    return total


cdef int connection(const MjHand* h, int k) noexcept nogil:
    cdef int r, x, c = 2 * (h.counts[k] - 1)
    if k >= 27:
        return c
    r = k % 9
    for x in range(r - 2, r + 3):
        if x != r and 0 <= x < 9 and k - r + x != h.wild:
            c += h.counts[k - r + x]
    return c


cdef int after_discard(MjHand* h, int banned) noexcept nogil:
    """The lowest shanten one discard (never `banned`) reaches from the 3n+2 hand h."""
    cdef Hand x
    cdef int out[MJ_KINDS]
    cdef uint64_t cand = fz_counts_mask(h.counts, -1)
    if banned >= 0:
        cand &= ~((<uint64_t>1) << banned)
    hand_set_counts(&x, h.counts, h.wild)
    bj_hand_discard_shanten(&x, h.n_melds, cand, out)
    return least_of(out, cand, 99)


cdef int kong_shanten(const MjHand* h, int k, int t) noexcept nogil:
    cdef MjHand x = h[0]
    mj_own_kong(&x, k, t == ACT_CONCEALED_KONG)
    return bj_shanten(&x)


cdef inline int tie_key(const Observation* o, MjHand* h, int k, int best) noexcept nogil:
    """greedy's tie-break key for discarding k from h, which leaves it best from ready (rules 1-3)."""
    cdef int key = (0 if k == h.wild else 1) << 24
    if best == 0:
        h.counts[k] -= 1
        key |= waits_unseen(o, h) << 8
        h.counts[k] += 1
    key |= (31 - connection(h, k)) << 1
    key |= 1 if (k >= 27 or k % 9 == 0 or k % 9 == 8) else 0
    return key


cdef int bj_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep,
                       const int* known) noexcept nogil:
    """greedy's own turn; keep != NULL (guard's defence): only the discards it marks, by greedy's
    tie-break, no win or kong considered (the caller has handled those)."""
    cdef MjHand h
    cdef int i, t, best = 99
    cdef int sh_of[MAX_ACTIONS]
    cdef int out[MJ_KINDS]
    cdef uint64_t cand = 0
    cdef BestOf choice
    best_init(&choice)
    bj_hand_of(o.me, o.gold, &h)
    for i in range(n):   # the first win (unless guard's defence asks), and the discards to read
        t = act_type(acts[i])
        if t == ACT_WIN and keep == NULL:
            return i
        if t == ACT_DISCARD and (keep == NULL or keep[i]):
            cand |= (<uint64_t>1) << act_kind(acts[i])
    if known == NULL and bj_discard_reading(o, &h, cand, out) < 0:
        return -1
    for i in range(n):
        sh_of[i] = 99
        if act_type(acts[i]) == ACT_DISCARD and (keep == NULL or keep[i]):
            sh_of[i] = known[i] if known != NULL else out[act_kind(acts[i])]
            if sh_of[i] < best:
                best = sh_of[i]
    if keep == NULL:
        for i in range(n):
            t = act_type(acts[i])
            if (t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG) and kong_shanten(&h, act_kind(acts[i]), t) <= best:
                return i
    for i in range(n):
        if sh_of[i] == best:
            best_offer(&choice, tie_key(o, &h, act_kind(acts[i]), best), i)
    return best_pick(&choice, o.rng)


cdef int bj_discard_among(const Observation* o, const uint16_t* acts, int n, MjHand* h, uint64_t among,
                          uint64_t discards, int best) noexcept nogil:
    """bj_turn_among's offers, in its order (the actions close with the discards in kind order),
    each at its place among the discards instead of a loop over every action."""
    cdef int i, k
    cdef BestOf choice
    best_init(&choice)
    while among:
        k = ctz64(among)
        among &= among - 1
        i = n - popcount64(discards >> k)
        if o.check and acts[i] != act(ACT_DISCARD, k):
            snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                     "Beijing greedy: a discard's place read off the kinds holds another action (kind, index)", k, i)
            return -1
        best_offer(&choice, tie_key(o, h, k, best), i)
    return best_pick(&choice, o.rng)


cdef int bj_claim_shanten(const Observation* o, const MjHand* h, uint16_t a) noexcept nogil:
    """The shanten claim `a` on o.claim_tile reaches: after the kong for an exposed kong, after the
    best discard (not a banned claimed tile) for a chow or pung; 99 for anything else."""
    cdef MjHand x = h[0]
    cdef int t = act_type(a), k = act_kind(a), c = o.claim_tile, j
    cdef int banned = c if o.rules.no_discard_claimed_tile else -1
    x.meld_kind[x.n_melds] = k
    if t == ACT_PUNG:
        x.counts[c] -= 2
        x.meld_type[x.n_melds] = MJ_PUNG
    elif t == ACT_CHOW:
        for j in range(k, k + 3):
            if j != c:
                x.counts[j] -= 1
        x.meld_type[x.n_melds] = MJ_CHOW
    elif t == ACT_EXPOSED_KONG:
        x.counts[c] -= 3
        x.meld_type[x.n_melds] = MJ_KONG
    else:
        return 99
    x.n_melds += 1
    return bj_shanten(&x) if t == ACT_EXPOSED_KONG else after_discard(&x, banned)


cdef int bj_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """A chow or pung that brings the hand strictly closer to ready, an exposed kong that leaves it
    no further; the one reaching the lowest shanten (the first of equals), else pass."""
    cdef MjHand h
    cdef int i, t, sh, sh0, best = -1, best_sh = 99, pass_at = 0
    bj_hand_of(o.me, o.gold, &h)
    sh0 = bj_shanten(&h)
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_PASS:
            pass_at = i
            continue
        sh = bj_claim_shanten(o, &h, acts[i])
        if sh == 99:
            continue
        if (sh <= sh0 if t == ACT_EXPOSED_KONG else sh < sh0) and sh < best_sh:
            best, best_sh = i, sh
    return best if best >= 0 else pass_at


cdef int bj_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int i, dec = o.decision
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return bj_turn_among(o, acts, n, NULL, NULL)
    if dec == DEC_CLAIM:
        return bj_claim(o, acts, n)
    for i in range(n):   # a win on a discard or a robbed kong: taken
        if act_type(acts[i]) != ACT_PASS:
            return i
    return 0
