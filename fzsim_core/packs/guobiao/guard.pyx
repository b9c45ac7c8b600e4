# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""guard on the 国标 pack: greedy's fan targets (greedy.pyx here: the goal G, the fewest tiles to
exchange for a win of at least gb_min_fan fans) with defence.

* Threat: each other seat's chance of being ready, a logistic in its declared sets and its
  discards, raised late in the wall (the 8-fan minimum slows readiness);
  a discard's danger for it grows with the unseen copies of the kind (pair / pung waits) and of
  its neighbours (chow waits), is lower for kinds it threw itself, and follows the suit its
  declared sets show: two or more sets in one suit (honours aside) read as 混一色 / 清一色, so
  that suit and the honours are dangerous and the other suits nearly safe.
* Discard: with nobody near, greedy's. Otherwise the discards of best G; if even the safest of
  them is more dangerous than the fold level for G (none when ready, earlier the further from
  an 8-fan win), it folds: the safest tiles, the nearest G among them; else it defends: greedy's
  choice among the best-G discards within a small margin of the safest.
* Kongs as greedy while not folding; claims as greedy, none while folding; every win taken.

Reads only its Observation; greedy's random tie-break is its only draw. nogil, no Python objects.
"""
from libc.math cimport exp
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.bits cimport fz_unseen_bytes
from fzsim_core.policy cimport Observation, note_fold
from fzsim_core.policies.guard cimport unseen_wait_weight
from fzsim_core.table cimport *
from fzsim_core.packs.guobiao.greedy cimport (GbTurn, goal_remembered, gb_discard_goals, gb_kong_keeping,
                                              gb_pick_discard, gb_claim, gb_shape_need)
from fzsim_core.packs.guobiao.pack cimport gb_melds_of
from fzsim_core.packs.guobiao.reach cimport GB_MAX_TARGETS
from fzsim_core.packs.guobiao.shanten cimport GB_NO_SHAPE
from fzsim_core.packs.guobiao.shapes cimport GbSet, GB_CHOW
from fzsim_core.packs.guobiao.options cimport gb_options

cdef double GB_FOLD = 0.2          # the danger a hand 2 tiles from an 8-fan win folds above
cdef double GB_MARGIN = 0.025      # danger within this of the safest counts as equally safe
cdef double GB_QUIET = 0.10        # below this chance that anyone is ready: greedy's discard


cdef void gb_read_threat(const Observation* o, GbThreat* t) noexcept nogil:
    cdef int j, k, i, s, nm, nsuited
    cdef double x, none = 1.0
    fz_unseen_bytes(o.seen, o.me.hand.counts, t.un)
    for j in range(4):
        t.ready[j] = 0.0
        t.thrown[j] = 0
        t.suit[j] = -1
        if j == o.seat:
            continue
        for k in range(o.table[j].n_discards[0]):
            t.thrown[j] |= (<uint64_t>1) << o.table[j].discards[k]
        nm = o.table[j].n_melds[0]
        s = -1
        nsuited = 0
        for i in range(nm):
            k = o.table[j].melds[i].kind
            if k >= 27:
                continue
            nsuited += 1
            if s == -1:
                s = k // 9
            elif s != k // 9:
                s = -2
        if nsuited >= 2 and s >= 0:
            t.suit[j] = s
        # greedy tables (bench_guobiao_pack): a hand lasts ~13 discards a seat and is won ~96%
        # of the time, so a seat is likely ready only after some 8 discards, sooner with sets
        x = -3.6 + 0.75 * nm + 0.32 * o.table[j].n_discards[0] + (0.6 if o.live < 24 else 0.0)
        t.ready[j] = 1.0 / (1.0 + exp(-x))
        none *= 1.0 - t.ready[j]
    t.total = 1.0 - none


cdef inline double gb_wait_chance(const GbThreat* t, int j, int k, double open_waits) noexcept nogil:
    """The chance a ready seat j waits on kind k: the open waits of guard's model
    (unseen_wait_weight, the same for every seat: given), fewer on a kind it threw, and the suit
    its declared sets show."""
    cdef double w = open_waits
    if (t.thrown[j] >> k) & 1:
        w *= 0.55
    if t.suit[j] >= 0:        # a one-suit hand on show: its suit and honours, not the others
        w *= 0.15 if (k < 27 and k // 9 != t.suit[j]) else 1.6
    w *= 0.02
    return w if w < 0.3 else 0.3


cdef double gb_danger(const Observation* o, const GbThreat* t, int k) noexcept nogil:
    cdef int j
    cdef double safe = 1.0, open_waits = unseen_wait_weight(t.un, k)
    for j in range(4):
        if j != o.seat and t.ready[j] > 0.0:
            safe *= 1.0 - t.ready[j] * gb_wait_chance(t, j, k, open_waits)
    return 1.0 - safe


cdef inline double fold_at(double fold, int g) noexcept nogil:
    """The danger above which a hand at goal need g folds: never when ready (g <= 1), then
    earlier the further from an 8-fan win."""
    if g <= 1:
        return 2.0
    if g == 2:
        return fold
    if g == 3:
        return 0.6 * fold
    return 0.4 * fold


cdef int gb_guard_turn(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    cdef GbTurn v
    cdef GbThreat th
    cdef int i, g, best_g, kong, sn = GB_NO_SHAPE + 1
    cdef double min_best = 9.0, min_all = 9.0, max_best = -1.0, limit
    cdef int g_of[MAX_ACTIONS]
    cdef double dang[MAX_ACTIONS]
    cdef bint keep[MAX_ACTIONS]
    for i in range(n):
        if act_type(acts[i]) == ACT_WIN:
            return i
    best_g = gb_discard_goals(o, acts, n, &v, g_of)
    gb_read_threat(o, &th)
    for i in range(n):   # greedy's first key among the best-G discards: the need over every shape
        if g_of[i] == best_g and gb_shape_need(&v, act_kind(acts[i])) < sn:
            sn = gb_shape_need(&v, act_kind(acts[i]))
    for i in range(n):
        keep[i] = g_of[i] == best_g and gb_shape_need(&v, act_kind(acts[i])) == sn
        dang[i] = 9.0
        if g_of[i] > GB_NO_SHAPE + 1:
            continue                       # not a discard
        dang[i] = gb_danger(o, &th, act_kind(acts[i]))
        if dang[i] < min_all:
            min_all = dang[i]
        if keep[i]:
            if dang[i] < min_best:
                min_best = dang[i]
            if dang[i] > max_best:
                max_best = dang[i]
    if th.total < GB_QUIET or min_best <= fold_at(fold, best_g):
        kong = gb_kong_keeping(o, acts, n, &v, best_g)
        if kong >= 0:
            return kong
        if th.total < GB_QUIET or max_best - min_best <= GB_MARGIN:
            for i in range(n):
                keep[i] = g_of[i] == best_g
            return gb_pick_discard(o, acts, n, &v, g_of, keep)   # push: greedy's own
        # defend: greedy's among the safe best-G discards of its best need over every shape
        for i in range(n):
            keep[i] = keep[i] and dang[i] <= min_best + GB_MARGIN
        return gb_pick_discard(o, acts, n, &v, g_of, keep)
    limit = min_all + GB_MARGIN         # fold: the safest tiles, the nearest G among them
    g = GB_NO_SHAPE + 2
    for i in range(n):
        if dang[i] <= limit and g_of[i] < g:
            g = g_of[i]
    if g > best_g:
        note_fold(o)
    for i in range(n):
        keep[i] = g_of[i] == g and dang[i] <= limit
    return gb_pick_discard(o, acts, n, &v, g_of, keep)


cdef int gb_guard_claim(const Observation* o, const uint16_t* acts, int n, double fold) noexcept nogil:
    """greedy's claim, unless the hand would fold: far from an 8-fan win with a threat ready."""
    cdef GbThreat th
    cdef GbSet m[5]
    cdef int near[GB_MAX_TARGETS]
    cdef int i, nm, g, n_near
    gb_read_threat(o, &th)
    if th.total >= GB_QUIET:
        nm = gb_melds_of(o.me, m)
        # (kept: greedy's claim below asks the same hand)
        g = goal_remembered(o.me.hand.counts, m, nm, gb_options(o.rules).gb_min_fan, near, &n_near)
        # the hand's 13 tiles at G g: a typical live tile (danger ~ total x 2%) against its fold level
        if th.total * 0.02 * 2.5 > fold_at(fold, g):
            for i in range(n):
                if act_type(acts[i]) == ACT_PASS:
                    return i
    return gb_claim(o, acts, n)


cdef int gb_guard_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int dec = o.decision, i
    cdef double fold = GB_FOLD if state == NULL else (<double*>state)[0]
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return gb_guard_turn(o, acts, n, fold)
    if dec == DEC_CLAIM:
        return gb_guard_claim(o, acts, n, fold)
    for i in range(n):   # a win on a discard or a robbed kong: always taken
        if act_type(acts[i]) == ACT_WIN:
            return i
    return 0
