# cython: language_level=3
"""guard on the Beijing pack: the Beijing greedy's hand building (greedy.pyx here: both shapes,
the 惠牌 wild) with waits chosen by value, the seven-pairs route kept, concealment-aware claims and
guard's defend / fold.

- Ready: among the discards that leave the hand ready, the one whose waits are worth most (over
  the winning kinds, unseen copies x the 番 of that win); greedy counts the winning tiles only.
- Building: among greedy's best-shanten discards, those that keep the seven-pairs shanten lowest
  (七对子 is 4 番, 豪华 8, against 推倒和's 1) while that route is at most SP_SLACK behind, then of
  those the ones leaving the most unseen tiles whose draw lowers the shanten (greedy reads only
  how connected the thrown tile is): most of guard's gain.
- Threat reading: after any chow, pung or exposed kong a seat may win only by self-draw (§4.3), so
  no discard can deal into it: its danger is nil, whatever it holds. Each concealed seat's chance
  of being ready is a logistic in its discards (turns played), its concealed kongs and the wall's
  depth; a ready seat's chance of waiting on kind k grows with k's unseen copies (pair / pung
  waits) and its neighbours' (chow waits; unseen_wait_weight, shared with guard), is lower for
  kinds that seat threw itself, and is nil for a discarded 惠牌 while it is dead (BJ-A2 default).
- Fold / defend / push (policies/defence.pyx): ready, it pushes; further, when some concealed seat
  is likely ready, it defends — greedy among the best-shanten discards within MARGIN of the
  safest — and folds (the safest tiles, the nearest to ready among them) only past `fold` scaled
  by the distance from ready. By default it only pushes: it never folds (a deal-in costs F from
  one seat, the same as that seat's self-draw costs each, so giving up the hand lost in every
  duel) and MARGIN = 1 (defending cut deal-ins but cost about as many wins; docs/guide/beijing.md
  has the table). guard:fold=X turns folding on.
- Claims: a chow or pung only when the best discard after it leaves the hand strictly nearer
  ready (stricter gates for a concealed hand — call only to get ready, or never — lost to greedy:
  with four wilds hands are fast and the discard wins a claim forfeits are fewer than the tempo it
  gains); never an exposed kong from a concealed hand (no shanten gained for the right to win on
  a discard); once open, greedy's claims. None while folding. Own kongs and every win: greedy's.

Reads only its Observation; greedy's random tie-break is its only draw. nogil, no Python objects.
Parameter: `fold` (guard:fold=X; default BJ_DEFAULT_FOLD: never).
"""
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.stdio cimport snprintf
from fzsim_core.policy cimport Observation
from fzsim_core.policies.guard cimport Threat, read_threat, unseen_wait_weight
from fzsim_core.policies.defence cimport fold_at, guard_keep
from fzsim_core.table cimport *
from fzsim_core.bits cimport ctz64, fz_counts_mask, fz_unseen_bytes, popcount64
from fzsim_core.policies.greedy cimport near_held
from fzsim_core.kit.hand34 cimport MJ_KINDS, MjHand, mj_claimed
from fzsim_core.hand cimport Hand, hand_remove
from fzsim_core.packs.beijing.shapes cimport (BjDraws, bj_draws_helping_each, bj_draws_set, bj_hand_draw_shanten, bj_may_win_on_discard,
                                              bj_is_seven_pairs, bj_seven_pairs_best_discards, bj_seven_pairs_discard_shanten, bj_shanten,
                                              bj_wait_parts)
from fzsim_core.packs.beijing.score cimport BjRules, BjScore, BJ_F_SELFDRAW, bj_evaluate_of
from fzsim_core.kit.shapes34 cimport mj_is_standard
from fzsim_core.packs.beijing.pack cimport bj_hand_of, bj_rules_of
from fzsim_core.packs.beijing.greedy cimport (bj_claim, bj_claim_shanten, bj_discard_among, bj_discard_reading, bj_packed_hand,
                                              bj_turn_among)
from fzsim_core.packs.beijing.options cimport bj_options

cdef extern from *:
    """
    #if defined(__SSE2__)
    #include <emmintrin.h>
    #endif
    /* The sum of c[k] over the kinds k < 34 in m (c: 34 bytes or more). SSE2: sixteen kinds a
       step, the mask's bits spread to bytes (three unpacks), the bytes they select summed by
       psadbw; else one kind at a time. */
    static inline int bj_bytes_sum(const unsigned char* c, unsigned long long m) {
    #if defined(__SSE2__)
        const __m128i sel = _mm_set_epi8(-128, 64, 32, 16, 8, 4, 2, 1, -128, 64, 32, 16, 8, 4, 2, 1);
        __m128i s = _mm_setzero_si128(), w;
        int q;
        for (q = 0; q < 32; q += 16) {
            w = _mm_cvtsi32_si128((int)((m >> q) & 0xFFFF));
            w = _mm_unpacklo_epi8(w, w);
            w = _mm_unpacklo_epi16(w, w);
            w = _mm_unpacklo_epi32(w, w);   /* bytes 0-7: the low eight bits, 8-15: the high */
            w = _mm_cmpeq_epi8(_mm_and_si128(w, sel), sel);
            s = _mm_add_epi64(s, _mm_sad_epu8(_mm_and_si128(w, _mm_loadu_si128((const __m128i*)(c + q))),
                                              _mm_setzero_si128()));
        }
        s = _mm_add_epi64(s, _mm_unpackhi_epi64(s, s));
        return _mm_cvtsi128_si32(s) + (-(int)((m >> 32) & 1) & c[32]) + (-(int)((m >> 33) & 1) & c[33]);
    #else
        int t = 0;
        for (; m; m &= m - 1)
            t += c[__builtin_ctzll(m)];
        return t;
    #endif
    }
    """
    int bj_bytes_sum(const uint8_t* c, uint64_t m) nogil


# The defaults come from duels against greedy (tuning seeds 101 and 202, docs/guide/beijing.md):
cdef double BJ_DEFAULT_FOLD = 1.0  # never folds: giving up the hand lost to greedy (a discard costs F alone)
cdef double MARGIN = 1.0           # danger within this of the safest counts as equally safe (defending):
                                   # 1.0, no defence — 0.02 gained a little on average but doubled the
                                   # variance, so z fell on both tuning seeds and on a fresh one
cdef double FOLD_MARGIN = 0.008    # ... when folding (guard:fold=X below 1)
cdef int SP_SLACK = 1              # the seven-pairs route is kept while at most this behind the best shanten
cdef double WAIT_SCALE = 0.017     # wait chance per unit of unseen_wait_weight (capped at WAIT_CAP)
cdef double WAIT_CAP = 0.3
cdef double THROWN = 0.55          # a kind the seat threw itself (no 过水 in Beijing, but less wanted)
# above any bj_danger_bound: three ready seats each at WAIT_CAP, with room for rounding
cdef double DANGER_MAX = 1.0 - (1.0 - WAIT_CAP) * (1.0 - WAIT_CAP) * (1.0 - WAIT_CAP) + 1e-9


cdef inline bint is_open(const Meld* melds, int n) noexcept nogil:
    """A claimed meld among them (an added kong rests on a pung; a concealed kong is not one)."""
    cdef int i
    for i in range(n):
        if melds[i].type != MELD_CONCEALED_KONG:
            return True
    return False


cdef void bj_read_threat(const Observation* o, Threat* t) noexcept nogil:
    """guard's reading (its logistic in melds — here only concealed kongs —, discards and the
    wall's depth), then no danger from a seat that has claimed: it may only self-draw."""
    cdef int j
    cdef double none = 1.0
    read_threat(o, t)
    for j in range(4):
        if j != o.seat and is_open(o.table[j].melds, o.table[j].n_melds[0]):
            t.ready[j] = 0.0
        none *= 1.0 - t.ready[j]
    t.total = 1.0 - none


cdef inline double bj_wait_chance(const Threat* t, int j, int k, double open_waits) noexcept nogil:
    """The chance a ready seat j waits on a live kind k, its unseen_wait_weight given (the same
    for every seat: a discard's danger reads it once)."""
    cdef double w = open_waits
    if (t.thrown[j] >> k) & 1:
        w *= THROWN
    w *= WAIT_SCALE
    return w if w < WAIT_CAP else WAIT_CAP


cdef double bj_discard_danger(const Observation* o, const Threat* t, int k) noexcept nogil:
    cdef int j
    cdef double safe = 1.0, open_waits
    if k == o.gold and not bj_options(o.rules).bj_hui_discard:
        return 0.0                   # a discarded 惠牌 is dead (BJ-A2 default)
    open_waits = unseen_wait_weight(t.un, k)
    for j in range(4):
        if j != o.seat and t.ready[j] > 0.0:
            safe *= 1.0 - t.ready[j] * bj_wait_chance(t, j, k, open_waits)
    return 1.0 - safe


cdef double bj_danger_bound(const Observation* o, const Threat* t) noexcept nogil:
    """No discard's bj_discard_danger is above this (each ready seat's wait chance at WAIT_CAP;
    every factor of the product is then no larger, rounding included)."""
    cdef int j
    cdef double safe = 1.0
    for j in range(4):
        if j != o.seat and t.ready[j] > 0.0:
            safe *= 1.0 - t.ready[j] * WAIT_CAP
    return 1.0 - safe


cdef inline bint folding(const Threat* t, int sh, double fold) noexcept nogil:
    """Whether a hand `sh` from ready would fold: a typical live tile is too dangerous for it."""
    return sh > 0 and t.total * 0.05 > fold_at(fold, sh)


cdef inline bint may_fold(int sh, double fold) noexcept nogil:
    """Whether some threat could make folding() true (t.total is at most 1): if not, a claim
    need not read it (by default it never is: fold_at is at least 0.6)."""
    return sh > 0 and 0.05 > fold_at(fold, sh)


cdef inline bint may_defend(const Observation* o, int sh, double fold) noexcept nogil:
    """Whether some threat could take a turn `sh` from ready off build(), bj_danger_bound
    reaching fold_at or MARGIN: it stays below DANGER_MAX (0.657), so by default (fold_at 1.5
    at 1 from ready, 1.0 at 2, 0.6 further) only a hand 3 or more from ready reads the threat,
    and then only while the three other seats are all concealed (with c of them, the bound is
    below 1 - (1 - WAIT_CAP)^c: 0.51 for two)."""
    cdef int j
    cdef double safe = 1.0, top
    if fold_at(fold, sh) >= DANGER_MAX and MARGIN >= DANGER_MAX:
        return 0
    for j in range(4):   # bj_read_threat's seats that may be ready
        if j != o.seat and not is_open(o.table[j].melds, o.table[j].n_melds[0]):
            safe *= 1.0 - WAIT_CAP
    top = 1.0 - safe + 1e-9
    return fold_at(fold, sh) < top or MARGIN < top


cdef int ready_value(const Observation* o, MjHand* h, const BjRules* r) noexcept nogil:
    """What a ready 13 - 3 n_melds hand h is worth: over its winning kinds (a drawn 惠牌 among
    them), the unseen copies times the hand's 番 won on that tile (a discard win while concealed,
    else a self-draw; no situational fans), each tile's shape facts read off the waits; -1 when
    check=True finds them wrong."""
    cdef uint64_t std, sp, m = bj_wait_parts(h, &std, &sp)
    cdef BjScore sc
    cdef bint is_std, is_sp
    cdef int k, v, total = 0, flags = 0 if bj_may_win_on_discard(h) else BJ_F_SELFDRAW
    while m:
        k = ctz64(m)
        m &= m - 1
        v = 4 - o.seen[k] - h.counts[k]
        if v <= 0:
            continue
        h.counts[k] += 1
        is_std = (std >> k) & 1
        is_sp = (sp >> k) & 1
        if o.check and (is_std != mj_is_standard(h) or is_sp != bj_is_seven_pairs(h)):
            snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                     "Beijing guard: a winning tile's shape read off the waits differs from the hand's (kind, standard)",
                     k, is_std)
            return -1
        if bj_evaluate_of(r, h, flags, k, is_std, is_sp, &sc) >= 0:
            total += v * sc.total
        h.counts[k] -= 1
    return total


cdef int best_ready(const Observation* o, MjHand* h, const uint16_t* acts, int n, uint64_t discards,
                    uint64_t ready) noexcept nogil:
    """Among the discards of the kinds `ready` (those that leave the seat's hand h ready), the
    one whose waits are worth most; -1 when two tie (greedy decides then), -2 when check=True
    finds an error. A lone one is returned unread: greedy, its only best-shanten discard, would
    throw it too, drawing nothing to break a tie."""
    cdef BjRules r
    cdef int i, k, v, best = -1, best_v = 0, ties = 0
    if not ready & (ready - 1):
        i = discard_at(o, acts, n, discards, ctz64(ready))
        return i if i >= 0 else -2
    bj_rules_of(o.rules, &r)
    for i in range(n):
        if act_type(acts[i]) != ACT_DISCARD or not (ready >> act_kind(acts[i])) & 1:
            continue
        k = act_kind(acts[i])
        h.counts[k] -= 1
        v = ready_value(o, h, &r)
        h.counts[k] += 1
        if v < 0:
            return -2
        if v > best_v:
            best, best_v, ties = i, v, 0
        elif v == best_v and v > 0:
            ties += 1
    return best if ties == 0 else -1


cdef struct Draws:
    uint8_t un[40]         # unseen copies by kind, before the discard (40: read as whole words)
    uint64_t unseen        # the kinds with some unseen
    BjDraws shanten        # the hand's shanten after a discard and a draw (shapes.pxd)


cdef inline void draws_set(const Observation* o, const MjHand* h, const Hand* x, uint64_t discards, int sh,
                           Draws* d) noexcept nogil:
    """The draws' reading for the 3n+2 hand h (x: packed) and the discards it may make."""
    cdef int k
    fz_unseen_bytes(o.seen, h.counts, d.un)
    for k in range(MJ_KINDS, 40):
        d.un[k] = 0
    d.unseen = fz_counts_mask(d.un, -1)
    # only draws near the hand can help (draws_that_help)
    bj_draws_set(&d.shanten, x, h.n_melds, (d.unseen | discards) & near_held(o, fz_counts_mask(h.counts, -1)), sh)


cdef int draws_that_help(const Observation* o, const MjHand* h, Draws* d, int k, int sh, uint64_t helps) noexcept nogil:
    """Unseen tiles whose draw takes the 3n+2 hand h without one k below shanten sh >= 1: a 惠牌
    always does, the others are `helps`, read off the turn's reading d without rebuilding the
    hand (shapes.pxd bj_draws_helping_each: of the standard shape's, only draws near h are read
    — an isolated tile never helps below ready (greedy.pxd near_mask), nor one near only the
    discarded copy; of the seven pairs', a draw pairing a single: below ready a new single adds
    none). The discarded copy counts as unseen; -1 when check=True finds the one reading wrong."""
    cdef int j, total = 0, plain = 0
    cdef int out[MJ_KINDS]
    cdef uint64_t cand = d.unseen | (<uint64_t>1) << k, m
    cdef Hand y
    if h.wild >= 0:
        total = d.un[h.wild] + (k == h.wild)
        cand &= ~((<uint64_t>1) << h.wild)
    if o.check:
        y = d.shanten.x[0]
        hand_remove(&y, k)
        bj_hand_draw_shanten(&y, h.n_melds, cand, out)
        m = cand
        while m:
            j = ctz64(m)
            m &= m - 1
            if (out[j] < sh) != ((helps >> j) & 1):
                snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                         "Beijing guard: a useful draw read in place differs from bj_hand_draw_shanten (discard, draw)",
                         k, j)
                return -1
            plain += d.un[j] if (helps >> j) & 1 else 0
        if plain != bj_bytes_sum(d.un, helps):
            snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                     "Beijing guard: the unseen copies of the useful draws summed by bytes differ from one by one (discard, sum)",
                     k, plain)
            return -1
    return total + bj_bytes_sum(d.un, helps) + <int>((helps >> k) & 1)


cdef inline int discard_shanten(const Observation* o, MjHand* h, uint64_t cand, int* out, uint64_t* best_kinds) noexcept nogil:
    """out[k]: the shanten the discard of each kind k of cand leaves from the seat's hand h;
    returns the lowest (99 when cand is empty; best_kinds: the kinds whose discard leaves it),
    or -1 when check=True finds the one reading wrong (greedy.pxd bj_discard_reading)."""
    cdef int k, best = 99
    if bj_discard_reading(o, h, cand, out) < 0:
        return -1
    best_kinds[0] = 0
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        if out[k] < best:
            best, best_kinds[0] = out[k], 0
        if out[k] == best:
            best_kinds[0] |= (<uint64_t>1) << k
    return best


cdef bint seven_pairs_route_wrong(const Observation* o, const Hand* x, int n_melds, uint64_t cand, uint64_t route,
                                  int best_sp) noexcept nogil:
    """check=True: the seven-pairs route read by class (bj_seven_pairs_best_discards) against
    the lowest of the discards' values one by one (bj_seven_pairs_discard_shanten)."""
    cdef int k, low = 99
    cdef int sp_by_kind[MJ_KINDS]
    cdef uint64_t m = cand, kinds = 0
    bj_seven_pairs_discard_shanten(x, n_melds, cand, sp_by_kind)
    while m:
        k = ctz64(m)
        m &= m - 1
        if sp_by_kind[k] < low:
            low, kinds = sp_by_kind[k], 0
        if sp_by_kind[k] == low:
            kinds |= (<uint64_t>1) << k
    if low == 99:
        kinds = cand          # with melds every discard is alike
    if low == best_sp and kinds == route:
        return 0
    snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
             "Beijing guard: the seven-pairs route read by class differs from the discards' (fast, plain)", best_sp, low)
    return 1


cdef int building_choice(const Observation* o, MjHand* h, uint64_t cand, int best, uint64_t* kept) noexcept nogil:
    """kept: among greedy's best-shanten discards (cand, by kind: one discard action a kind, best
    1 or more), those that keep the seven-pairs route (its shanten lowest while at most SP_SLACK
    behind: 七对子 is 4 番 against 推倒和's 1), then among them those leaving the most unseen tiles
    that help. 0 when that keeps every best discard, else 1; -1 when check=True finds a useful
    draw read wrong."""
    cdef int k, u, best_sp, best_u = -1
    cdef uint64_t helps[MJ_KINDS]
    cdef uint64_t route, m
    cdef Hand packed
    cdef Draws d
    bj_packed_hand(o, h, &packed)
    route = bj_seven_pairs_best_discards(&packed, h.n_melds, cand, &best_sp)
    if o.check and seven_pairs_route_wrong(o, &packed, h.n_melds, cand, route, best_sp):
        return -1
    if best_sp > best + SP_SLACK:
        route = cand          # off the seven-pairs route: every best discard stays
    kept[0] = 0
    if not route & (route - 1) and not o.check:
        kept[0] = route       # one left: no count to compare (check=True counts it all the same)
    else:
        draws_set(o, h, &packed, cand, best, &d)
        # the wild's own draws are counted apart (draws_that_help)
        bj_draws_helping_each(&d.shanten, route, d.unseen & ~d.shanten.gbit, helps)
        m = route
        while m:
            k = ctz64(m)
            m &= m - 1
            u = draws_that_help(o, h, &d, k, best, helps[k])
            if u < 0:
                return -1
            if u > best_u:
                best_u, kept[0] = u, 0
            if u == best_u:
                kept[0] |= (<uint64_t>1) << k
    return kept[0] != cand


cdef inline int turn_discards(const Observation* o, const uint16_t* acts, int n, uint64_t* discards) noexcept nogil:
    """discards: the kinds acts offers to throw; returns 1 when a win or kong is offered (greedy's
    turn then), -1 when check=True finds the short reading wrong, else 0. The engine lists a win
    first, then the kongs, then one discard a kind in kind order (flow.pyx turn_offer): a list
    opening with a discard and as long as the held kinds offers them all, read with no loop."""
    cdef uint64_t held = fz_counts_mask(o.me.hand.counts, -1), m = 0
    cdef int i, t
    cdef bint short = n > 0 and act_type(acts[0]) == ACT_DISCARD and popcount64(held) == n
    if short and not o.check:
        discards[0] = held
        return 0
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_WIN or t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
            m = <uint64_t>-1
            break
        if t == ACT_DISCARD:
            m |= (<uint64_t>1) << act_kind(acts[i])
    if short and m != held:
        snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                 "Beijing guard: the discards read off the held kinds differ from the actions' (actions, held)",
                 n, popcount64(held))
        return -1
    discards[0] = m
    return m == <uint64_t>-1


cdef inline int discard_at(const Observation* o, const uint16_t* acts, int n, uint64_t discards, int k) noexcept nogil:
    """The action discarding k (a kind of discards): the discards close the list in kind order
    (turn_discards); -1 when check=True finds another action there."""
    cdef int i = n - popcount64(discards >> k)
    if o.check and acts[i] != act(ACT_DISCARD, k):
        snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                 "Beijing guard: the discard's place read off the kinds holds another action (kind, index)", k, i)
        return -1
    return i


cdef inline int build(const Observation* o, MjHand* h, const uint16_t* acts, int n, uint64_t discards, int best,
                      uint64_t best_kinds) noexcept nogil:
    """The offensive discard: greedy's among building_choice's (-1: check=True found an error). A
    lone one is returned as greedy would: no tie to break (no win or kong is among acts here)."""
    cdef uint64_t kept
    if building_choice(o, h, best_kinds, best, &kept) < 0:
        return -1
    if kept and not kept & (kept - 1):
        return discard_at(o, acts, n, discards, ctz64(kept))
    return bj_discard_among(o, acts, n, h, kept, discards, best)


cdef int bj_guard_turn(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    cdef MjHand h
    cdef Threat th
    cdef int i, k, t, best_sh = 99
    cdef int out[MJ_KINDS]
    cdef int sh_of[MAX_ACTIONS]
    cdef double dang[MAX_ACTIONS]
    cdef double bound
    cdef bint keep[MAX_ACTIONS]
    cdef uint64_t discards = 0, best_kinds
    t = turn_discards(o, acts, n, &discards)
    if t:
        return bj_turn_among(o, acts, n, NULL, NULL) if t > 0 else -1   # wins and kongs as greedy
    bj_hand_of(o.me, o.gold, &h)
    best_sh = discard_shanten(o, &h, discards, out, &best_kinds)
    if best_sh < 0:
        return -1
    if best_sh == 0:
        i = best_ready(o, &h, acts, n, discards, best_kinds)
        if i >= 0:   # a discard that leaves the hand ready: the waits worth most
            return i
        if i == -2:
            return -1
        return bj_discard_among(o, acts, n, &h, best_kinds, discards, 0)   # ready: push, greedy's most winning tiles (threat or not)
    if best_sh == 99:
        return bj_turn_among(o, acts, n, NULL, NULL)   # no discard: greedy's pick
    if not may_defend(o, best_sh, fold):
        return build(o, &h, acts, n, discards, best_sh, best_kinds)   # no threat could make guard_keep fold or defend
    bj_read_threat(o, &th)
    if th.total < 0.05:
        return build(o, &h, acts, n, discards, best_sh, best_kinds)   # nobody near a discard win: build the hand
    bound = bj_danger_bound(o, &th)
    if bound <= fold_at(fold, best_sh) and bound <= MARGIN:
        return build(o, &h, acts, n, discards, best_sh, best_kinds)   # no discard could make guard_keep fold or defend
    for i in range(n):
        sh_of[i] = 99
        if act_type(acts[i]) == ACT_DISCARD:
            sh_of[i] = out[act_kind(acts[i])]
            dang[i] = bj_discard_danger(o, &th, act_kind(acts[i]))
    if not guard_keep(o, sh_of, dang, n, fold, FOLD_MARGIN, MARGIN, keep):
        return build(o, &h, acts, n, discards, best_sh, best_kinds)   # every best discard is about as safe
    return bj_turn_among(o, acts, n, keep, sh_of)


cdef int bj_guard_claim(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    cdef MjHand h
    cdef Threat th
    cdef int i, t, sh, sh0, best = -1, best_sh = 99, pass_at = 0
    bj_hand_of(o.me, o.gold, &h)
    for i in range(n):
        if act_type(acts[i]) == ACT_PASS:
            pass_at = i
    sh0 = bj_shanten(&h)
    if may_fold(sh0, fold):
        bj_read_threat(o, &th)
        if folding(&th, sh0, fold):
            return pass_at
    if mj_claimed(&h):
        return bj_claim(o, acts, n)   # already self-draw only: greedy's claims
    for i in range(n):
        t = act_type(acts[i])
        if t != ACT_CHOW and t != ACT_PUNG:
            continue                  # never an exposed kong from a concealed hand
        sh = bj_claim_shanten(o, &h, acts[i])
        if sh < sh0 and sh < best_sh:
            best, best_sh = i, sh
    return best if best >= 0 else pass_at


cdef int bj_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int i, dec = o.decision
    cdef double fold = BJ_DEFAULT_FOLD if state == NULL else (<double*>state)[0]
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return bj_guard_turn(o, acts, n, fold)
    if dec == DEC_CLAIM:
        return bj_guard_claim(o, acts, n, fold)
    for i in range(n):   # a win on a discard or a robbed kong: taken
        if act_type(acts[i]) != ACT_PASS:
            return i
    return 0

