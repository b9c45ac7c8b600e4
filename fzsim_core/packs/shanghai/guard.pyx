# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""guard on the Shanghai pack: the Shanghai greedy's hand building (greedy.pyx here: the gate-aware
shanten, so a hand below the minimum never counts as near a win) with value-aware waits, a
Shanghai threat reading, strict claims and guard's fold / defend / push.

- Ready: among the discards that leave the hand ready, the one whose waits are worth most (over
  the winning kinds, unseen copies x the P that win scores: 清一色's 勒子 against a 碰碰胡's 2 + 花);
  greedy counts the winning tiles only.
- Threat reading: a seat's shown melds narrow what it can hold, since every win must be one of the
  allowed patterns — a chow ties it to that one suit (and the honours), pungs of two suits leave
  only 碰碰胡 (no chow waits), pungs of one suit a flush or 碰碰胡, a chow beside another suit no
  pattern at all; a concealed seat whose pond lacks one suit is read as flushing it. Its chance of
  being ready is a logistic in its melds, its discards and the wall's depth; its chance of
  waiting on kind k follows the unseen copies (pair / pung waits) and neighbours (chow waits,
  only where its pattern allows them), lower for a kind it threw itself.
- Cost of a discard: over the seats, ready x wait x what its win would cost me — a flush's 勒子, a
  碰碰胡's 2 + its visible 花 capped at a 勒子, twice that when a 承包 relation ties us (I pay as
  discarder and as partner). Measured against what my own hand would win (its pattern's value),
  this drives guard_keep (policies/defence): push, defend (greedy among the best discards of
  nearly least cost), or fold (the least costly tiles) past `fold` scaled by the distance from
  ready.
- Claims: greedy's rule (a pung or exposed kong no further from the minimum, a chow only strictly
  nearer; strict pungs lost to greedy in duels), none while folding, and not the third claim from
  one seat (which makes a 承包 relation: each then pays for the other's win) while that seat looks
  likely ready, unless the claim leaves me ready. Wins (八花齐 included) and own kongs: greedy's.

Decisions are deterministic given the Observation and the policy stream (greedy's random tie-break
is the only draw). Parameter: `fold` (guard:fold=X; default SH_DEFAULT_FOLD).
"""
from libc.math cimport exp
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from libc.string cimport memset
from fzsim_core.bits cimport ctz64, fz_unseen_bytes
from fzsim_core.hand cimport FZ_KPART
from fzsim_core.policy cimport Observation

from fzsim_core.table cimport *
from fzsim_core.kit.hand34 cimport MjHand, MJ_CHOW, MJ_PUNG, MJ_KONG, MJ_ADDED_KONG, MJ_CONCEALED_KONG
from fzsim_core.packs.shanghai.shapes cimport ShShape, SH_NO_WIN, SH_NO_SHAPE, sh_discard_shanten, sh_shanten, sh_wait_mask
from fzsim_core.packs.shanghai.score cimport ShRules, ShScore, sh_evaluate, sh_flower_points
from fzsim_core.packs.shanghai.pack cimport sh_hand_of, sh_rules_of
from fzsim_core.packs.shanghai.greedy cimport sh_after_claim, sh_greedy_choose, sh_turn_among, shape_of, suit_tiles
from fzsim_core.policies.defence cimport chow_unseen, fold_at, guard_keep
from fzsim_core.packs.shanghai.options cimport sh_options, SH_OPT_OTHER

# chosen by duels against greedy (seed 101, 10,000 walls each; docs/guide/shanghai.md): defence
# within a margin of 0.04 of my hand's value paid best (0.03 .. 0.065 alike); folding from 0.08 to
# 0.15 gained a little over none (0.5), 0.04 lost; strict pungs (only when strictly nearer) lost
cdef double SH_DEFAULT_FOLD = 0.12
cdef double SH_QUIET = 0.3           # below this chance that anyone is ready: greedy's discard
cdef double SH_MARGIN = 0.04         # cost (in my hand's values) within this of the least: as safe
cdef double SH_FOLD_MARGIN = 0.01
cdef double SH_WAIT_SCALE = 0.02     # a live tile's chance to be a ready seat's wait, per weight
cdef double SH_CB_READY = 0.25       # no third claim from a seat this likely ready (承包)
cdef int SH_DEAD = 50                # the shanten a discard leaving no pattern reachable counts as


cdef inline int popcount3(int m) noexcept nogil:
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1)


cdef int claims_between(const Observation* o, int a, int b) noexcept nogil:
    """Sets seat a shows claimed from seat b's discards (承包's count: chows, pungs and exposed
    kongs, or without the kongs under sh_chengbao_claims = chow_pung)."""
    cdef int i, t, c = 0
    for i in range(o.table[a].n_melds[0]):
        if o.table[a].melds[i].source != b:
            continue
        t = o.table[a].melds[i].type
        if t == MELD_CHOW or t == MELD_PUNG or t == MELD_ADDED_KONG:
            c += 1         # an added kong was a pung claimed from b
        elif t == MELD_EXPOSED_KONG and sh_options(o.rules).sh_chengbao_claims != SH_OPT_OTHER:
            c += 1
    return c


cdef inline int liable_with(const Observation* o, int j) noexcept nogil:
    """承包 relations between the deciding seat and seat j (2 when mutual); a seat with fewer than
    three sets shown has claimed three from nobody."""
    return ((1 if o.table[o.seat].n_melds[0] >= 3 and claims_between(o, o.seat, j) >= 3 else 0)
            + (1 if o.table[j].n_melds[0] >= 3 and claims_between(o, j, o.seat) >= 3 else 0))


cdef void public_hand(const Observation* o, int j, MjHand* h) noexcept nogil:
    """Seat j's shown melds as an MjHand with no concealed tiles (its visible 花 points)."""
    cdef int i, t
    memset(h.counts, 0, 34)
    h.wild = -1
    h.n_melds = o.table[j].n_melds[0] if o.table[j].n_melds[0] <= 4 else 4
    for i in range(h.n_melds):
        t = o.table[j].melds[i].type
        h.meld_kind[i] = o.table[j].melds[i].kind
        h.meld_type[i] = (MJ_CHOW if t == MELD_CHOW else MJ_PUNG if t == MELD_PUNG else MJ_KONG if t == MELD_EXPOSED_KONG
                          else MJ_ADDED_KONG if t == MELD_ADDED_KONG else MJ_CONCEALED_KONG)


# the logistic of _ready_chance by (melds, discards, wall under 30), filled at import by that very
# function (the same doubles): exp was a tenth of guard's turn
DEF SH_READY_ND = 64
cdef double SH_READY_AT[5][SH_READY_ND][2]


cdef inline double _ready_chance(int nm, int nd, bint late) noexcept nogil:
    """A seat's chance of being ready from its melds, its discards and the wall's depth."""
    # tuned by duels (seed 101): an intercept of -3.4 read seats as ready too early, and
    # guard defended away its own wins (-4.0 .. -5.2 all did better, -4.6 best)
    cdef double x = (-4.6 + 0.75 * nm + 0.3 * nd + (0.5 if late else 0.0))
    return 1.0 / (1.0 + exp(-x))


cdef void _init_ready() noexcept nogil:
    cdef int nm, nd, b
    for nm in range(5):
        for nd in range(SH_READY_ND):
            for b in range(2):
                SH_READY_AT[nm][nd][b] = _ready_chance(nm, nd, b)


_init_ready()


cdef void sh_read_threat(const Observation* o, ShThreat* t) noexcept nogil:
    cdef ShRules r
    sh_rules_of(o.rules, &r)
    _read_ready(o, t)
    _read_rest(o, &r, t)


cdef void _read_ready(const Observation* o, ShThreat* t) noexcept nogil:
    """The part of the reading a claim (and a quiet turn) needs: each seat's pattern from its shown
    melds (read, suit), its chance of being ready, total; _read_rest completes it."""
    cdef int j, k, i, nm, nd, suits, chow, hon
    cdef bint late = o.live < 30
    cdef double none = 1.0
    for j in range(4):
        t.ready[j] = 0.0
        t.read[j] = SH_READ_OPEN
        t.suit[j] = -1
        if j == o.seat:
            continue
        nm = o.table[j].n_melds[0]
        suits = chow = hon = 0
        for i in range(nm):
            k = o.table[j].melds[i].kind
            if k < 27:
                suits |= 1 << (k // 9)
                if o.table[j].melds[i].type == MELD_CHOW:
                    chow = 1
            else:
                hon += 1
        if chow and popcount3(suits) >= 2 and not sh_options(o.rules).sh_dadiaoche_standalone:
            t.read[j] = SH_READ_DEAD
            continue       # no allowed pattern is left to it: no threat
        if chow:
            t.read[j] = SH_READ_FLUSH
        elif popcount3(suits) >= 2:
            t.read[j] = SH_READ_PUNGS
        elif suits:
            t.read[j] = SH_READ_SUIT
        elif hon:
            t.read[j] = SH_READ_HONOURS
        if suits and popcount3(suits) == 1:
            t.suit[j] = 0 if suits == 1 else (1 if suits == 2 else 2)
        nd = o.table[j].n_discards[0]
        if 0 <= nm < 5 and 0 <= nd < SH_READY_ND:
            t.ready[j] = SH_READY_AT[nm][nd][late]
        else:
            t.ready[j] = _ready_chance(nm, nd, late)
        none *= 1.0 - t.ready[j]
    t.total = 1.0 - none


cdef void _read_rest(const Observation* o, const ShRules* r, ShThreat* t) noexcept nogil:
    """The reading past _read_ready's: the unseen copies, each seat's pond (the kinds it threw; a
    concealed seat's suit) and what its win on my discard would cost me."""
    cdef MjHand h
    cdef int j, k, i, nd, nf
    cdef int pond[4]
    cdef uint64_t thrown
    cdef const uint8_t* pond_kinds
    cdef double f
    fz_unseen_bytes(o.seen, o.me.hand.counts, t.un)
    for j in range(4):
        t.value[j] = 0.0
        t.thrown[j] = 0
        if j == o.seat:
            continue
        pond[0] = pond[1] = pond[2] = pond[3] = 0
        thrown = 0
        nd = o.table[j].n_discards[0]
        pond_kinds = o.table[j].discards
        for i in range(nd):   # (pond[3]: the honours, not read)
            k = pond_kinds[i]
            thrown |= (<uint64_t>1) << k
            pond[FZ_KPART[k]] += 1
        t.thrown[j] = thrown
        if t.read[j] == SH_READ_DEAD:
            continue
        if (t.read[j] == SH_READ_OPEN or t.read[j] == SH_READ_HONOURS) and nd >= 6:   # no suited meld
            # a concealed flush clears the other two suits: a suit nearly absent from a long pond
            for i in range(3):
                if pond[i] <= 1 and pond[(i + 1) % 3] + pond[(i + 2) % 3] >= 5:
                    t.suit[j] = i
        # what its win on my discard costs me: a flush (or an honour hand) a 勒子, a 碰碰胡 2 + its
        # visible 花 (and some concealed) capped at a 勒子; x (1 + 承包 relations with me)
        public_hand(o, j, &h)
        nf = o.table[j].n_flowers[0]
        f = r.base_points + sh_flower_points(r, &h, nf if nf < 8 else 8) + 1.0
        if t.read[j] == SH_READ_FLUSH or t.read[j] == SH_READ_HONOURS or t.suit[j] >= 0:
            f = r.lezi
        elif f > r.lezi:
            f = r.lezi
        t.value[j] = f * (1 + liable_with(o, j))


cdef inline double _wait_chance(const ShThreat* t, int j, int k, int ks, double pair, double chow) noexcept nogil:
    """The chance that a ready seat j waits on kind k: pair / pung waits on k's own unseen copies
    (`pair`), chow waits on its neighbours (`chow`), each where the seat's readable pattern allows
    them; k's suit ks (-1 for an honour) and both weights read by the caller (none depends on the
    seat)."""
    cdef double w
    cdef int rd = t.read[j], s = t.suit[j]
    cdef bint in_suit = ks >= 0 and s >= 0 and ks == s, other = ks >= 0 and s >= 0 and ks != s
    if rd == SH_READ_DEAD:
        return 0.0
    if rd == SH_READ_PUNGS:
        w = pair
    elif rd == SH_READ_FLUSH:
        w = 0.0 if other else pair + chow
    elif rd == SH_READ_SUIT:
        w = 0.5 * pair if other else pair + chow
    elif rd == SH_READ_HONOURS:
        w = 1.3 * pair if k >= 27 else pair + 0.5 * chow
    elif other:        # a concealed seat read as flushing another suit: only its pungs could use k
        w = 0.5 * pair
    elif in_suit:
        w = 1.3 * (pair + chow)
    else:
        w = pair + 0.6 * chow
    if (t.thrown[j] >> k) & 1:
        w *= 0.55      # it threw this kind itself: less likely to want it now
    w *= SH_WAIT_SCALE
    return w if w < 0.3 else 0.3


cdef double sh_discard_cost(const Observation* o, const ShThreat* t, int k) noexcept nogil:
    cdef int j
    cdef double c = 0.0
    cdef double pair = 0.35 * t.un[k] + 0.15, chow = 0.2 * chow_unseen(t.un, k) if k < 27 else 0.0
    cdef int ks = k // 9 if k < 27 else -1
    for j in range(4):
        if j != o.seat and t.ready[j] > 0.0:
            c += t.ready[j] * _wait_chance(t, j, k, ks, pair, chow) * t.value[j]
    return c


cdef void sh_discard_risk(const Observation* o, const ShThreat* t, int k, double* chance, double* cost) noexcept nogil:
    cdef int j
    cdef double none = 1.0, c = 0.0, w
    cdef double pair = 0.35 * t.un[k] + 0.15, chow = 0.2 * chow_unseen(t.un, k) if k < 27 else 0.0
    cdef int ks = k // 9 if k < 27 else -1
    for j in range(4):
        if j != o.seat and t.ready[j] > 0.0:
            w = _wait_chance(t, j, k, ks, pair, chow)
            none *= 1.0 - t.ready[j] * w
            c += t.ready[j] * w * t.value[j]
    chance[0] = 1.0 - none
    cost[0] = c


cdef double own_value(const Observation* o, const ShRules* r, const MjHand* h) noexcept nogil:
    """What my hand would win per payer, read from its make-up: a 勒子 when nearly all its tiles
    are one suit and honours (a flush), else 2 + its 花 points capped at a 勒子 (碰碰胡)."""
    cdef int n[3]
    cdef int i, main = 0, total = 0, nf = o.me.n_flowers
    cdef double v
    suit_tiles(h, n)
    for i in range(3):
        total += n[i]
        if n[i] > n[main]:
            main = i
    if total - n[main] <= 2:
        return r.lezi
    v = r.base_points + sh_flower_points(r, h, nf if nf < 8 else 8)
    return v if v < r.lezi else r.lezi


cdef int ready_value(const Observation* o, const ShShape* sh, const ShRules* r, MjHand* h) noexcept nogil:
    """Over the winning kinds of a ready 3n+1 hand: unseen copies x the P of that win on a discard
    (no 开宝 / 荒番: they scale every wait alike)."""
    cdef uint64_t m = sh_wait_mask(sh, h)
    cdef ShScore sc
    cdef int k, v, total = 0, nf = o.me.n_flowers
    while m:   # the winning kinds in kind order
        k = ctz64(m)
        m &= m - 1
        v = 4 - o.seen[k] - h.counts[k]
        if v <= 0:
            continue
        h.counts[k] += 1
        if sh_evaluate(r, h, 0, nf if nf < 8 else 8, False, 0, &sc) >= 0:
            total += v * sc.per_payer
        h.counts[k] -= 1
    return total


cdef int best_ready(const Observation* o, const ShRules* r, const uint16_t* acts, int n, MjHand* h) noexcept nogil:
    """Among the discards that leave the hand ready, the one whose waits are worth most; -1 when
    none does or two tie (greedy decides)."""
    cdef int i, k, v, best = -1, best_v = 0, ties = 0
    for i in range(n):
        if act_type(acts[i]) != ACT_DISCARD:
            continue
        k = act_kind(acts[i])
        h.counts[k] -= 1
        v = ready_value(o, &r.shape, r, h)
        h.counts[k] += 1
        if v > best_v:
            best, best_v, ties = i, v, 0
        elif v == best_v and v > 0:
            ties += 1
    return best if ties == 0 else -1


cdef int sh_guard_turn(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    cdef MjHand h
    cdef ShShape sh
    cdef ShThreat th
    cdef ShRules r
    cdef int i, k, t, g, best_sh = 999, kong = 0
    cdef double mine
    cdef int sh_of[MAX_ACTIONS]
    cdef int raw[MAX_ACTIONS]          # sh_shanten as computed (greedy reuses it)
    cdef int out[34]
    cdef uint64_t m
    cdef double dang[MAX_ACTIONS]
    cdef bint keep[MAX_ACTIONS]
    m = 0
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_DISCARD:
            m |= (<uint64_t>1) << act_kind(acts[i])
        elif t == ACT_WIN:
            return i                    # every win, 八花齐 included
        elif t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
            kong = 1
    if kong:                            # greedy's kong rule: one that keeps the hand as near
        g = sh_turn_among(o, acts, n, NULL, NULL)
        t = act_type(acts[g])
        if t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
            return g
    sh_hand_of(o.me, &h)
    shape_of(o, &sh)
    sh_rules_of(o.rules, &r)
    sh_discard_shanten(&sh, &h, o.me.hand.key, m, out)   # every discard's shanten, the hand read once (greedy's turn checks it)
    for i in range(n):
        sh_of[i] = 99
        if act_type(acts[i]) != ACT_DISCARD:
            continue
        sh_of[i] = raw[i] = out[act_kind(acts[i])]
        if sh_of[i] >= SH_NO_WIN:
            sh_of[i] = SH_DEAD          # no pattern reachable: as far as it gets (99 is "no discard")
        if sh_of[i] < best_sh:
            best_sh = sh_of[i]
    if best_sh == 0:
        i = best_ready(o, &r, acts, n, &h)  # ready: the waits worth most
        if i >= 0:
            return i
    _read_ready(o, &th)
    if th.total < SH_QUIET or best_sh == 999:
        return sh_turn_among(o, acts, n, NULL, raw)
    _read_rest(o, &r, &th)
    mine = own_value(o, &r, &h)
    for i in range(n):
        if sh_of[i] != 99:
            dang[i] = sh_discard_cost(o, &th, act_kind(acts[i])) / mine
    if not guard_keep(o, sh_of, dang, n, fold, SH_FOLD_MARGIN, SH_MARGIN, keep):
        return sh_turn_among(o, acts, n, NULL, raw)   # push: every best discard is about as safe
    return sh_turn_among(o, acts, n, keep, raw)


cdef int sh_guard_claim(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    cdef MjHand h
    cdef ShShape sh
    cdef ShThreat th
    cdef int i, t, s, rank, sh0, best = -1, best_sh, best_rank = 0, pass_at = 0, c = o.claim_tile
    cdef int x = o.claim_from
    cdef bint third
    sh_hand_of(o.me, &h)
    shape_of(o, &sh)
    sh0 = sh_shanten(&sh, &h)
    for i in range(n):
        if act_type(acts[i]) == ACT_PASS:
            pass_at = i
    _read_ready(o, &th)   # (ready and total only)
    if sh0 > 0 and th.total >= SH_QUIET and th.total * SH_WAIT_SCALE * 2.5 > fold_at(fold, sh0 if sh0 < SH_NO_WIN else SH_DEAD):
        return pass_at                  # folding: keep every tile for defence
    # the third claim from x makes a 承包 relation (unless x already has one with me)
    third = (x >= 0 and claims_between(o, o.seat, x) == 2 and claims_between(o, x, o.seat) < 3
             and th.ready[x] > SH_CB_READY)
    best_sh = sh0 + 1
    for i in range(n):
        t = act_type(acts[i])
        s = sh_after_claim(&sh, &h, t, act_kind(acts[i]), c)
        if s == SH_NO_SHAPE or s >= SH_NO_WIN or (third and s > 0):
            continue         # a 承包-making claim only when it leaves me ready
        if t == ACT_EXPOSED_KONG:
            rank = 3
        else:
            rank = 2 if t == ACT_PUNG else 1
            if t == ACT_CHOW:
                s += 1           # a chow must reach strictly below sh0 (a pung: no further)
        if s <= sh0 and (s < best_sh or (s == best_sh and rank > best_rank)):
            best, best_sh, best_rank = i, s, rank
    return best if best >= 0 else pass_at


cdef int sh_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int dec = o.decision
    cdef double fold = SH_DEFAULT_FOLD if state == NULL else (<double*>state)[0]
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return sh_guard_turn(o, acts, n, fold)
    if dec == DEC_CLAIM:
        return sh_guard_claim(o, acts, n, fold)
    return sh_greedy_choose(NULL, o, acts, n)   # a win on a discard or a robbed kong: taken

