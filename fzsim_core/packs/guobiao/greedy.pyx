# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""greedy on the 国标 pack: every win taken (the pack offers only wins of at least gb_min_fan
fans), else it plays towards the nearest *fan target* (reach.pxd: 191 targets over 21 families —
清一色, 混一色+碰碰和, 七对, 一条龙, 三色三同顺, 十三幺, 全不靠, 组合龙 ...). A hand's goal need G is
the fewest tiles to exchange for a winning hand carrying one of them, a family worth less than
the minimum on its own (碰碰和, 混一色, 三色三步高: 6) counting one tile further.

* A discard: the lowest G after it; ties by the lowest need over every winning shape (shanten.pxd,
  the special shapes included), then keeping the most nearest targets alive (up to 6), then the least
  connected tile, then at random.
* A kong (concealed or added) when G after it is no worse than after the best discard, and a
  live tile is left for the replacement; a pung, chow or exposed kong on a discard when G after
  it (and the best discard) is lower than now (a kong: no higher).

Speed: each target's need is bounded cheaply (the standard need of its allowed tiles alone, the
tiles its required sets lack, 组合龙's missing knitted tiles, seven pairs, 十三幺, 全不靠 and 七星不靠
exactly; read from small per-hand tables) and the targets are read by rising bound, so most are
cut; the 168 targets with required sets are bounded group by group first (a family in one suit, a
family with a set in each suit), a group opened only when the search reaches its bound. Only the
targets at G are re-read per candidate discard (a discard never lowers a target's need, and the
best discard keeps it, so no other target can decide the choice; one whose allowed kinds leave
the discard out keeps its need unread, one with a term of its bound alone at G that the discard
raises is at G + 1 unread: a discard raises a need by at most one), and their needs are kept for
the tie-break. A claim's
hand is the hand with the discard drawn, its set declared, so no claim's G is below G0 - 1 and
only the targets at G0 can take it there: a pung or chow is read off those alone (with an exposed
kong on offer, every claim's G is looked for up to G0); a concealed or added kong's G only up to
the G it must match. The need over every shape is read only for the discards a tie-break asks
about, from the hand's facts read once a turn. A claim's G0 goes through goal_remembered (the thread's last answers kept, keyed by the hand
exactly): a hand waiting for its turn is asked again on each discard it may claim, and guard asks
it before greedy's claim. It decides on its Observation alone. The pieces of a turn
(gb_discard_goals, gb_kong_keeping, gb_pick_discard) serve the 国标 guard too; goal_remembered
and gb_draws_lowering serve the value hooks (evaluate.pyx: the useful draws from the targets at G).
"""
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from fzsim_core.bits cimport ctz64
from fzsim_core.policy cimport Observation
from fzsim_core.policies.ties cimport BestOf, best_init, best_offer, best_pick
from fzsim_core.table cimport *
from fzsim_core.packs.guobiao.pack cimport gb_melds_of
from fzsim_core.hand cimport FZ_KPART, FZ_KPOW
from fzsim_core.packs.guobiao.reach cimport GbReqTiles, GbTarget, GB_MAX_TARGETS, gb_target_table, gb_target_need_keyed
from fzsim_core.packs.guobiao.shanten cimport (GB_NO_SHAPE, GB_SHAPE_BASIC, GB_SHAPE_HONORS_KNITTED,
                                               GB_SHAPE_KNITTED_STRAIGHT, GB_SHAPE_SEVEN_PAIRS,
                                               GB_SHAPE_SEVEN_STARS, GB_SHAPE_THIRTEEN_ORPHANS, GB_SHAPES_ALL, gb_keys, gb_keys_need,
                                               gb_discard_facts, gb_need_after_discard,
                                               gb_straight_need_keyed)
from fzsim_core.packs.guobiao.shapes cimport GbSet, GB_CHOW, GB_KNIT, GB_KONG, GB_N_KNIT, GB_PUNG, GB_RESIDUE
from fzsim_core.packs.guobiao.options cimport gb_options


cdef enum:
    ALIVE_CAP = 6


cdef inline int eff_need(const GbTarget* T, const uint8_t* V, int t, const uint8_t* c, const uint32_t* key,
                         const GbSet* m, int nm, int min_fan) noexcept nogil:
    cdef int d = gb_target_need_keyed(c, key, m, nm, &T[t])
    return d + (1 if V[t] < min_fan and d < GB_NO_SHAPE else 0)


# most targets' required sets share no kind: their bound is then a sum of each set's own
# missing tiles, read from a per-hand table of slots (a pung of k at k, a chow from k at 34 + k)
# (declared sets standing for a required one: their slot reads 0). The others' bound with no
# declared set: up to 9 reads of a per-hand table of each kind's missing copies for 1, 2, 3
# held (at (q - 1) * 34 + kind), padded; with declared sets, the tiles of the sets left
# (reach.pxd GbTarget.left).
cdef enum:
    ZERO_SLOT = 34 + 27      # always 0: pads REQ_SLOT past a target's required sets
    N_SLOTS = 34 + 27 + 1
    ZERO_Q = 3 * 34          # always 0: pads FULL_Q
    N_Q = 3 * 34 + 1
cdef bint DISJOINT[GB_MAX_TARGETS]
cdef uint8_t REQ_SLOT[GB_MAX_TARGETS][3]
cdef uint8_t FULL_Q[GB_MAX_TARGETS][9]
# bit p: the target's allowed kinds include part p (0..2 the suits, 3 the honours; whole parts)
cdef uint8_t PARTS[GB_MAX_TARGETS]
# goal() reads the bounds of the 168 targets of the standard shape over every kind with required
# sets (the rest: target_bound) group by group: a family's targets in one suit, or a family giving
# each suit one set (三色, 花龙, 三同刻), with a bound for the whole group read first from a few
# per-suit counts, so a group whose bound passes G is never opened. Each member's bound is the
# larger of the standard need and its sets' missing tiles: a sum of three slots when its sets share
# no kind (req_bound otherwise).
ctypedef struct ReqTarget:
    uint8_t slot[3]          # its required sets' slots (REQ_SLOT)
    uint8_t target
    uint8_t shared           # its sets share kinds: req_bound
cdef enum:
    GROUP_ANY = 0            # no group bound but the standard need's (三风刻, 大三元)
    GROUP_ONE_SUIT = 1       # nine tiles of one suit (GROUP_WIDTH kinds, GROUP_CAP copies at most)
    GROUP_SUIT_PUNGS = 2     # a pung in each suit
    GROUP_SUIT_CHOWS = 3     # a chow in each suit
    MAX_GROUPS = 64
cdef int N_GROUPS, N_OTHER
cdef ReqTarget MEMBERS[GB_MAX_TARGETS]
cdef int GROUP_START[MAX_GROUPS + 1]
cdef uint8_t GROUP_KIND[MAX_GROUPS]
cdef uint8_t GROUP_SUIT[MAX_GROUPS]
cdef uint8_t GROUP_VALUE[MAX_GROUPS]
cdef uint8_t GROUP_WIDTH[MAX_GROUPS]  # GROUP_ONE_SUIT: the most kinds and copies of a kind a member's sets take
cdef uint8_t GROUP_CAP[MAX_GROUPS]
cdef uint8_t OTHER_T[GB_MAX_TARGETS]


def _fill_requirements():
    global N_GROUPS, N_OTHER
    cdef int nt, t, j, n
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    groups = {}
    N_OTHER = 0
    for t in range(nt):
        kinds = []
        REQ_SLOT[t][0] = REQ_SLOT[t][1] = REQ_SLOT[t][2] = ZERO_SLOT
        for j in range(T[t].n_req):
            chow = T[t].req[j].type == GB_CHOW
            REQ_SLOT[t][j] = 34 + T[t].req[j].tile if chow else T[t].req[j].tile
            kinds += [T[t].req[j].tile + i for i in range(3)] if chow else [T[t].req[j].tile]
        DISJOINT[t] = len(kinds) == len(set(kinds))
        PARTS[t] = sum(1 << p for p in range(4) if (T[t].allowed >> (9 * p)) & 1)
        full = T[t].left[(1 << T[t].n_req) - 1]
        for j in range(9):
            FULL_Q[t][j] = (full.copies[j] - 1) * 34 + full.kind[j] if j < full.n else ZERO_Q
        if T[t].shape == GB_SHAPE_BASIC and PARTS[t] == 15 and T[t].n_req == 3 and not T[t].pungs_only:
            sets = [(T[t].req[j].type, T[t].req[j].tile) for j in range(3)]
            suits = sorted(tile // 9 for _, tile in sets)
            types = {typ for typ, _ in sets}
            if suits[0] == suits[2] < 3:
                kind, suit = GROUP_ONE_SUIT, suits[0]
            elif suits == [0, 1, 2] and types == {GB_PUNG}:
                kind, suit = GROUP_SUIT_PUNGS, 0
            elif suits == [0, 1, 2] and types == {GB_CHOW}:
                kind, suit = GROUP_SUIT_CHOWS, 0
            else:
                kind, suit = GROUP_ANY, 0
            groups.setdefault((T[t].family, kind, suit, V[t]), []).append(t)
        else:
            OTHER_T[N_OTHER] = t
            N_OTHER += 1
    assert len(groups) <= MAX_GROUPS
    N_GROUPS = n = 0
    for (family, kind, suit, value), members in sorted(groups.items()):
        GROUP_START[N_GROUPS] = n
        GROUP_KIND[N_GROUPS] = kind
        GROUP_SUIT[N_GROUPS] = suit
        GROUP_VALUE[N_GROUPS] = value
        GROUP_WIDTH[N_GROUPS] = max(T[t].left[7].n for t in members)
        GROUP_CAP[N_GROUPS] = max(max(T[t].left[7].copies[j] for j in range(T[t].left[7].n)) for t in members)
        for t in members:
            for j in range(3):
                MEMBERS[n].slot[j] = REQ_SLOT[t][j]
            MEMBERS[n].target = t
            MEMBERS[n].shared = not DISJOINT[t]
            n += 1
        N_GROUPS += 1
    GROUP_START[N_GROUPS] = n


_fill_requirements()


cdef inline void slot_misses(const uint8_t* c, const GbSet* m, int nm, uint8_t* miss, uint8_t* mq) noexcept nogil:
    """miss[slot]: the tiles of that one set the counts lack, 0 when a declared set stands for
    it (chow slots of ranks 8, 9 unused); mq[(q - 1) * 34 + k]: the copies of k short of q."""
    cdef int k, q
    for k in range(34):
        for q in range(3):
            mq[q * 34 + k] = q + 1 - c[k] if c[k] <= q else 0
        miss[k] = mq[2 * 34 + k]
    for k in range(27):
        if k % 9 < 7:
            miss[34 + k] = mq[k] + mq[k + 1] + mq[k + 2]
    miss[ZERO_SLOT] = 0
    mq[ZERO_Q] = 0
    for k in range(nm):
        miss[(34 + m[k].tile) if m[k].type == GB_CHOW else m[k].tile] = 0


cdef inline int req_bound(const GbTarget* t, int ti, const uint8_t* c, const uint8_t* slot_miss,
                          const uint8_t* mq, uint64_t chows, uint64_t pungs) noexcept nogil:
    """A lower bound of the target's need: the tiles its required sets lack, taken together,
    those a declared set could stand for left out (the full need also pays for the rest).
    chows / pungs: bit k, a declared chow from k / pung or kong of k (one may stand for several
    required sets: the bound stays a bound). Sets sharing no kind: the sum of slot_miss."""
    cdef int j, q, miss = 0, left = (1 << t.n_req) - 1
    cdef const GbReqTiles* need
    cdef const uint8_t* slot = REQ_SLOT[ti]
    cdef const uint8_t* full = FULL_Q[ti]
    if DISJOINT[ti]:   # three reads, padded (a set a declared one stands for reads 0)
        return slot_miss[slot[0]] + slot_miss[slot[1]] + slot_miss[slot[2]]
    if not (chows | pungs):
        return (mq[full[0]] + mq[full[1]] + mq[full[2]] + mq[full[3]] + mq[full[4]] + mq[full[5]]
                + mq[full[6]] + mq[full[7]] + mq[full[8]])
    for j in range(t.n_req):
        if ((chows if t.req[j].type == GB_CHOW else pungs) >> t.req[j].tile) & 1:
            left &= ~(1 << j)
    need = &t.left[left]
    for j in range(need.n):
        q = need.copies[j] - c[need.kind[j]]
        if q > 0:
            miss += q
    return miss


# What goal() reads of a hand once, for every target's bound.
ctypedef struct HandFacts:
    uint64_t chows, pungs    # bit k: a declared chow from k / pung or kong of k
    int meld_parts           # bit p: a declared set in part p
    int nm
    int part_pairs[4]        # by part: pairs held (a four: two), single tiles left over
    int part_singles[4]
    int std[16]              # by allowed parts: the standard need of the allowed tiles alone
    int knit_miss            # 组合龙: the fewest knitted tiles missing over the six knittings
    int knitted_need         # 全不靠, 七星不靠, 十三幺: their needs (closed forms, shanten.pyx)
    int stars_need
    int orphans_need
    uint8_t suit_hist[3][5]  # by suit: its kinds held 0, 1, 2, 3, 4 times
    int pung_short[3]        # by suit: the fewest tiles one of its pungs lacks
    int chow_short[3]        # by suit: the fewest tiles one of its chows lacks
    uint8_t slot_miss[N_SLOTS]
    uint8_t mq[N_Q]


cdef extern from *:
    """
    static const unsigned char GB_GREEDY_ORPHANS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    """
    const uint8_t GB_GREEDY_ORPHANS[13]


cdef extern from *:
    """
    static const unsigned char GB_GREEDY_PART_SETS[8] = {15, 8, 1, 2, 4, 9, 10, 12};
    """
    # the allowed part sets of the target table (bit p: part p): all, one suit (+ honours), honours
    const uint8_t PART_SETS "GB_GREEDY_PART_SETS"[8]


cdef void read_facts(const uint8_t* c, const uint32_t* key, const GbSet* m, int nm, HandFacts* f) noexcept nogil:
    cdef int i, k, p, x, kn, hon = 0, most = 0, paired = 0
    cdef const uint8_t* h
    cdef int held[9]          # distinct kinds held of suit s, ranks r, r + 3, r + 6: at s * 3 + r
    cdef uint32_t mk[4]
    f.chows = f.pungs = 0
    f.meld_parts = 0
    f.nm = nm
    for i in range(nm):
        if m[i].type == GB_CHOW:
            f.chows |= (<uint64_t>1) << m[i].tile
        else:
            f.pungs |= (<uint64_t>1) << m[i].tile
        f.meld_parts |= 1 << (m[i].tile // 9)
    for i in range(8):   # the part sets the target table uses: all, one suit (+ honours), honours
        p = PART_SETS[i]
        for k in range(4):
            mk[k] = key[k] if (p >> k) & 1 else 0
        f.std[p] = gb_keys_need(mk, 4 - nm)
    slot_misses(c, m, nm, f.slot_miss, f.mq)
    memset(f.suit_hist, 0, sizeof(f.suit_hist))
    for k in range(27):     # (the group bounds: read by goal() with no declared set only)
        f.suit_hist[k // 9][c[k]] += 1
    for p in range(3):
        h = f.suit_hist[p]
        f.pung_short[p] = 0 if h[3] or h[4] else 1 if h[2] else 2 if h[1] else 3
        f.chow_short[p] = 3
        for k in range(9 * p, 9 * p + 7):
            if f.slot_miss[34 + k] < f.chow_short[p]:
                f.chow_short[p] = f.slot_miss[34 + k]
    f.knit_miss = f.knitted_need = f.stars_need = f.orphans_need = GB_NO_SHAPE
    if nm > 1:
        return                # the special shapes and seven pairs are out of reach
    for p in range(4):
        f.part_pairs[p] = f.part_singles[p] = 0
    for i in range(9):
        held[i] = 0
    for k in range(27):
        x = c[k]
        p = k // 9
        f.part_pairs[p] += x >> 1
        f.part_singles[p] += x & 1
        held[GB_RESIDUE[k]] += x > 0
    for k in range(27, 34):
        x = c[k]
        f.part_pairs[3] += x >> 1
        f.part_singles[3] += x & 1
        hon += x > 0
    for p in range(GB_N_KNIT):
        kn = held[GB_KNIT[p][0]] + held[3 + GB_KNIT[p][1]] + held[6 + GB_KNIT[p][2]]
        if kn > most:
            most = kn
    f.knit_miss = 9 - most
    if nm == 0:
        f.knitted_need = 14 - (most + hon if most + hon < 14 else 14)
        f.stars_need = (7 - hon) + (7 - (most if most < 7 else 7))
        x = 0
        for i in range(13):
            if c[GB_GREEDY_ORPHANS[i]]:
                x += 1
                if c[GB_GREEDY_ORPHANS[i]] >= 2:
                    paired = 1
        f.orphans_need = 14 - x - paired


cdef inline int target_bound(const GbTarget* t, int ti, const uint8_t* c, const HandFacts* f) noexcept nogil:
    """A lower bound of gb_target_need (GB_NO_SHAPE: it is that). Every winning hand a target
    accepts is a standard / seven-pairs / special win of its allowed tiles, so its need is at
    least the standard need of those tiles alone (any shape: the 14 - 3 nm tiles it ends with
    less those held) and at least the tiles its required sets lack; seven pairs and the
    special shapes but 组合龙 are read exactly (closed forms on a few counts)."""
    cdef int i, b, pairs = 0, singles = 0, pm = PARTS[ti]
    if f.meld_parts & ~pm:
        return GB_NO_SHAPE            # a declared set outside the allowed kinds
    if t.shape == GB_SHAPE_BASIC:
        b = req_bound(t, ti, c, f.slot_miss, f.mq, f.chows, f.pungs)
        return b if b > f.std[pm] else f.std[pm]
    if f.nm > (1 if t.shape == GB_SHAPE_KNITTED_STRAIGHT else 0):
        return GB_NO_SHAPE            # the other shapes are concealed (组合龙: one set declared)
    if t.shape == GB_SHAPE_KNITTED_STRAIGHT:
        return f.knit_miss
    if t.shape == GB_SHAPE_SEVEN_PAIRS:   # reach.pyx's count on the allowed parts
        for i in range(4):
            if (pm >> i) & 1:
                pairs += f.part_pairs[i]
                singles += f.part_singles[i]
        if pairs >= 7:
            return 0
        return 7 - pairs if singles >= 7 - pairs else singles + 2 * (7 - pairs - singles)
    if t.shape == GB_SHAPE_HONORS_KNITTED:
        return f.knitted_need
    if t.shape == GB_SHAPE_SEVEN_STARS:
        return f.stars_need
    if t.shape == GB_SHAPE_THIRTEEN_ORPHANS:
        return f.orphans_need
    return 0


cdef enum:
    # goal() keeps each target's bound, capped at TOP_LEVEL (which then stands for every bound
    # from it to GB_NO_SHAPE: a hand that far from every target is rare), one byte a target,
    # and a bit per bound present
    TOP_LEVEL = 63
    BOUND_WORDS = GB_MAX_TARGETS / 8 + 1


cdef inline uint64_t bytes_equal(uint64_t w, uint64_t level) noexcept nogil:
    """0x80 in each byte of w equal to level (level in every byte), 0 elsewhere: exact, no
    carry crosses a byte."""
    cdef uint64_t x = w ^ level
    cdef uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL
    return ~(((x & low7) + low7) | x | low7)


cdef inline int group_bound(int i, const HandFacts* f) noexcept nogil:
    """At most the missing required tiles of every member of group i (no declared set)."""
    cdef int kind = GROUP_KIND[i], held = 0, left, v, take
    cdef const uint8_t* hist
    if kind == GROUP_ONE_SUIT:    # nine tiles of the suit: at most GROUP_CAP of each of GROUP_WIDTH kinds
        hist = f.suit_hist[GROUP_SUIT[i]]
        left = GROUP_WIDTH[i]
        for v in range(4, 0, -1):  # the fullest kinds first
            take = hist[v] if hist[v] < left else left
            held += take * (v if v < GROUP_CAP[i] else GROUP_CAP[i])
            left -= take
        return 9 - (held if held < 9 else 9)
    if kind == GROUP_SUIT_PUNGS:  # each suit's pung at least as short as its fullest kind's
        return f.pung_short[0] + f.pung_short[1] + f.pung_short[2]
    if kind == GROUP_SUIT_CHOWS:
        return f.chow_short[0] + f.chow_short[1] + f.chow_short[2]
    return 0


cdef uint64_t open_group(int i, const uint8_t* c, const HandFacts* f, int std, int min_fan,
                         uint8_t* bound) noexcept nogil:
    """Group i's members' bounds into bound[]; the bit of each bound met."""
    cdef int j, d, adj = GROUP_VALUE[i] < min_fan
    cdef uint64_t at = 0
    cdef const ReqTarget* r
    cdef const GbTarget* T
    cdef const uint8_t* V
    cdef int nt
    T = gb_target_table(&nt, &V)
    for j in range(GROUP_START[i], GROUP_START[i + 1]):
        r = &MEMBERS[j]
        if r.shared:
            d = req_bound(&T[r.target], r.target, c, f.slot_miss, f.mq, f.chows, f.pungs)
        else:
            d = f.slot_miss[r.slot[0]] + f.slot_miss[r.slot[1]] + f.slot_miss[r.slot[2]]
        d = (d if d > std else std) + adj
        bound[r.target] = <uint8_t>d
        at |= (<uint64_t>1) << d
    return at


cdef int goal(const uint8_t* c, const GbSet* m, int nm, int min_fan, int* near, int* n_near,
              int cap=GB_NO_SHAPE) noexcept nogil:
    """G of the hand (13 - 3 nm or 14 - 3 nm concealed tiles c, declared sets m); the targets at
    G into near[0..n_near) (near may be NULL). A target whose bound already passes the best so
    far is not read (with near: only one strictly past it, so every target at G is listed).
    A G above `cap` is not looked for: cap + 1 then stands for any G past it."""
    cdef int nt, t, i, w, d, lev, std, best = GB_NO_SHAPE + 1
    cdef uint64_t present = 0, groups = 0, x, level
    cdef uint8_t group_at[MAX_GROUPS]
    cdef uint64_t words[BOUND_WORDS]
    cdef uint8_t* bound = <uint8_t*>words     # (bytes written through a char pointer: no aliasing trouble)
    cdef HandFacts f
    cdef uint32_t key[4]
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    if near != NULL:
        n_near[0] = 0
    # every target's bound (its own rule, eff_need's: a family short of the minimum pays 1),
    # then the targets read by rising bound (index order within one), so the best is met early
    # and the rest is cut by it
    gb_keys(c, key)
    read_facts(c, key, m, nm, &f)
    std = f.std[15]
    for w in range((nt + 7) >> 3):
        words[w] = 0xFFFFFFFFFFFFFFFFULL       # no level (a group not opened, past the table)
    for i in range(N_OTHER):
        t = OTHER_T[i]
        d = target_bound(&T[t], t, c, &f)
        if d < GB_NO_SHAPE:
            d += V[t] < min_fan
        d = d if d < TOP_LEVEL else TOP_LEVEL
        bound[t] = <uint8_t>d
        present |= (<uint64_t>1) << d
    for i in range(N_GROUPS):   # each group's bound: at most each member's (at most 9 + 8 + 1)
        d = group_bound(i, &f) if nm == 0 else 0
        d = (d if d > std else std) + (GROUP_VALUE[i] < min_fan)
        group_at[i] = <uint8_t>d
        groups |= (<uint64_t>1) << d
    while present | groups:
        lev = ctz64(present | groups)
        if lev > best or (lev == best and near == NULL) or lev > cap:
            break
        if (groups >> lev) & 1:            # open the groups bounded here: members at lev or later
            for i in range(N_GROUPS):
                if group_at[i] == lev:
                    present |= open_group(i, c, &f, std, min_fan, bound)
            groups &= ~((<uint64_t>1) << lev)
        present &= ~((<uint64_t>1) << lev)
        level = 0x0101010101010101ULL * <uint64_t>lev
        for w in range((nt + 7) >> 3):
            x = bytes_equal(words[w], level)
            while x:
                t = (w << 3) | (ctz64(x) >> 3)
                x &= x - 1
                d = eff_need(T, V, t, c, key, m, nm, min_fan)
                if d < best:
                    best = d
                    if near != NULL:
                        n_near[0] = 0
                if d == best and near != NULL:
                    near[n_near[0]] = t
                    n_near[0] += 1
    return best if best <= cap else cap + 1


# The value policy asks a hand's G twice in a row: its shanten hook on each discard, then its
# useful-draws hook on the best ones. goal_remembered keeps the last GOAL_MEMO answers (G and the
# targets at G) of this thread, keyed by the hand exactly (its part keys, sets, the minimum), so
# the second ask is a lookup; a thread of its own for each thread playing, so nothing is shared.
cdef extern from *:
    """
    #define GB_GOAL_MEMO 16
    typedef struct {
        unsigned int key[4];            /* the concealed counts' part keys: the counts exactly */
        unsigned char sets[4];          /* declared sets: type * 34 + tile */
        unsigned char n_sets, min_fan, g, n_near;
        unsigned char near[256];
    } gb_goal_memo_t;
    static __thread gb_goal_memo_t gb_goal_memo[GB_GOAL_MEMO];
    static __thread int gb_goal_memo_used, gb_goal_memo_next;
    """
    enum: GOAL_MEMO "GB_GOAL_MEMO"
    ctypedef struct GoalMemo "gb_goal_memo_t":
        uint32_t key[4]
        uint8_t sets[4]
        uint8_t n_sets, min_fan, g, n_near
        uint8_t near[256]
    GoalMemo goal_memo "gb_goal_memo"[GOAL_MEMO]
    int goal_memo_used "gb_goal_memo_used"
    int goal_memo_next "gb_goal_memo_next"


cdef int goal_remembered(const uint8_t* c, const GbSet* m, int nm, int min_fan, int* near,
                         int* n_near) noexcept nogil:
    """goal(c, m, nm, min_fan, near, n_near), the answer kept for the next ask of the same hand."""
    global goal_memo_used, goal_memo_next
    cdef uint32_t key[4]
    cdef uint8_t sets[4]
    cdef int i, j, g
    cdef GoalMemo* e
    gb_keys(c, key)
    for i in range(4):
        sets[i] = <uint8_t>(m[i].type * 34 + m[i].tile) if i < nm else 0xFF
    for i in range(goal_memo_used):
        e = &goal_memo[i]
        if (e.key[0] == key[0] and e.key[1] == key[1] and e.key[2] == key[2] and e.key[3] == key[3]
                and e.n_sets == nm and e.min_fan == min_fan and e.sets[0] == sets[0] and e.sets[1] == sets[1]
                and e.sets[2] == sets[2] and e.sets[3] == sets[3]):
            n_near[0] = e.n_near
            for j in range(e.n_near):
                near[j] = e.near[j]
            return e.g
    g = goal(c, m, nm, min_fan, near, n_near)
    e = &goal_memo[goal_memo_next]
    goal_memo_next = (goal_memo_next + 1) % GOAL_MEMO
    if goal_memo_used < GOAL_MEMO:
        goal_memo_used += 1
    for i in range(4):
        e.key[i] = key[i]
        e.sets[i] = sets[i]
    e.n_sets = <uint8_t>nm
    e.min_fan = <uint8_t>min_fan
    e.g = <uint8_t>g
    e.n_near = <uint8_t>n_near[0]
    for j in range(n_near[0]):
        e.near[j] = <uint8_t>near[j]
    return g


cdef void draw_check(const GbTarget* t, int ti, int g_less, const uint8_t* c, const uint32_t* key,
                     const GbSet* m, int nm, DrawCheck* d) noexcept nogil:
    """d for target t (standard shape) at need g_less + its family's extra, with counts c (greedy.pxd
    DrawCheck)."""
    cdef int i, j, q, miss = 0, left = (1 << t.n_req) - 1
    cdef uint64_t chows = 0, pungs = 0
    cdef const GbReqTiles* need
    for i in range(4):
        d.key[i] = key[i] if (PARTS[ti] >> i) & 1 else 0
    d.std = gb_keys_need(d.key, 4 - nm)
    if d.std != g_less:
        d.std = -1
    for i in range(nm):   # (req_bound's rule: a declared set stands for any required one it matches)
        if m[i].type == GB_CHOW:
            chows |= (<uint64_t>1) << m[i].tile
        else:
            pungs |= (<uint64_t>1) << m[i].tile
    for j in range(t.n_req):
        if ((chows if t.req[j].type == GB_CHOW else pungs) >> t.req[j].tile) & 1:
            left &= ~(1 << j)
    need = &t.left[left]
    d.req_kinds = d.req_full = 0
    for j in range(need.n):
        q = need.copies[j] - c[need.kind[j]]
        if q > 0:
            miss += q
            d.req_kinds |= (<uint64_t>1) << need.kind[j]
        if q >= 0:
            d.req_full |= (<uint64_t>1) << need.kind[j]
    d.req_tight = miss == g_less


cdef uint64_t gb_draws_lowering(const uint8_t* counts, const GbSet* m, int nm, int min_fan, uint64_t cand,
                                 int g_max) noexcept nogil:
    """The kinds of cand whose draw into the hand (13 - 3 nm concealed counts) leaves its G at
    most g_max. A draw lowers each target's need by at most one and never raises it: with G the
    hand's own, every kind when G <= g_max, none when G > g_max + 1, else the kinds lowering one
    of the targets at G — one goal search and a few target reads a kind instead of a search a
    kind (the value policy's useful draws, evaluate.pyx). A standard-shape target is read only
    for a draw that lowers every term of its bound that alone reaches G (DrawCheck)."""
    cdef uint8_t c[34]
    cdef uint32_t key[4]
    cdef uint32_t dk[4]
    cdef int near[GB_MAX_TARGETS]
    cdef DrawCheck check[GB_MAX_TARGETS]
    cdef int n_near, g, j, k, t, nt, d
    cdef uint64_t found = 0
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    if g_max < 0 or cand == 0:
        return 0
    memcpy(c, counts, 34)
    g = goal_remembered(c, m, nm, min_fan, near, &n_near)
    if g <= g_max:
        return cand
    if g > g_max + 1 or g >= GB_NO_SHAPE:
        return 0
    gb_keys(c, key)
    for j in range(n_near):
        t = near[j]
        check[j].std = -1
        check[j].req_tight = False
        if T[t].shape == GB_SHAPE_BASIC:
            draw_check(&T[t], t, g - (V[t] < min_fan), c, key, m, nm, &check[j])
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        c[k] += 1
        key[FZ_KPART[k]] += FZ_KPOW[k]
        for j in range(n_near):
            t = near[j]
            if not (T[t].allowed >> k) & 1:
                continue                   # its need reads the allowed kinds only: still G
            if check[j].req_tight and not (check[j].req_kinds >> k) & 1:
                continue                   # its required sets still lack G tiles
            if check[j].std >= 0:
                dk[0] = check[j].key[0]
                dk[1] = check[j].key[1]
                dk[2] = check[j].key[2]
                dk[3] = check[j].key[3]
                dk[FZ_KPART[k]] += FZ_KPOW[k]
                if gb_keys_need(dk, 4 - nm) >= check[j].std:
                    continue               # its allowed tiles' standard need is still G
            if T[t].shape == GB_SHAPE_KNITTED_STRAIGHT:
                # 组合龙 (nm <= 1 at G): only a knitting missing fewer tiles than its G can
                # get below it, so the others are cut (min(G less its extra, need))
                d = g - (V[t] < min_fan)
                if gb_straight_need_keyed(c, key, nm, d) < d:
                    found |= (<uint64_t>1) << k
                    break
            elif eff_need(T, V, t, c, key, m, nm, min_fan) <= g_max:
                found |= (<uint64_t>1) << k
                break
        c[k] -= 1
        key[FZ_KPART[k]] -= FZ_KPOW[k]
    return found


cdef int connectivity(const uint8_t* c, int k) noexcept nogil:
    """Held tiles within two ranks of k in its suit (honours: its own copies), k's others double."""
    cdef int r, base, x, n = 2 * (c[k] - 1)
    if k >= 27:
        return n
    r = k % 9
    base = k - r
    for x in range(r - 2, r + 3):
        if x != r and 0 <= x < 9:
            n += c[base + x]
    return n


cdef inline void take(GbTurn* v, int k) noexcept nogil:
    v.c[k] -= 1
    v.key[FZ_KPART[k]] -= FZ_KPOW[k]


cdef inline void give(GbTurn* v, int k) noexcept nogil:
    v.c[k] += 1
    v.key[FZ_KPART[k]] += FZ_KPOW[k]


cdef int gb_shape_need(GbTurn* v, int k) noexcept nogil:
    """The need over every shape after discarding kind k (held), read once per turn and kind,
    from the hand's facts read once per turn (shanten.pxd gb_need_after_discard)."""
    if v.shape_need[k] < 0:
        if not v.facts_read:
            gb_discard_facts(v.c, v.nm, &v.shape_facts)
            v.facts_read = True
        v.shape_need[k] = <int8_t>gb_need_after_discard(&v.shape_facts, v.c, k)
    return v.shape_need[k]


cdef inline int after_discard(GbTurn* v, const GbTarget* T, const uint8_t* V, int j, int k) noexcept nogil:
    """eff_need of target v.near[j] (at G0) with kind k taken out of v.c (by the caller). A discard
    raises a need by at most one, so when a term of the target's bound that alone reaches G0
    rises (DrawCheck), it is G0 + 1 unread; allowed kinds leaving k out: G0 unread."""
    cdef int t = v.near[j]
    cdef uint32_t dk[4]
    cdef const DrawCheck* ck = &v.check[j]
    if not (T[t].allowed >> k) & 1:
        return v.g0
    if ck.req_tight and (ck.req_full >> k) & 1:
        return v.g0 + 1                    # a tile its required sets take
    if ck.std >= 0:
        dk[0] = ck.key[0]
        dk[1] = ck.key[1]
        dk[2] = ck.key[2]
        dk[3] = ck.key[3]
        dk[FZ_KPART[k]] -= FZ_KPOW[k]
        if gb_keys_need(dk, 4 - v.nm) > ck.std:
            return v.g0 + 1                # its allowed tiles' standard need rises
    return eff_need(T, V, t, v.c, v.key, v.m, v.nm, v.min_fan)


cdef void turn_checks(GbTurn* v) noexcept nogil:
    """v.check for each target of v.near: what a discard must move to take it past G0."""
    cdef int j, t, nt
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    for j in range(v.n_near):
        t = v.near[j]
        v.check[j].std = -1
        v.check[j].req_tight = False
        if T[t].shape == GB_SHAPE_BASIC and v.g0 < GB_NO_SHAPE:
            draw_check(&T[t], t, v.g0 - (V[t] < v.min_fan), v.c, v.key, v.m, v.nm, &v.check[j])


cdef int gb_discard_goals(const Observation* o, const uint16_t* acts, int n, GbTurn* v,
                          int* g_of) noexcept nogil:
    """The turn's hand into v (its G and the targets at G, the need over every shape after each
    discard) and G after each discard action into g_of (others: GB_NO_SHAPE + 2); the best."""
    cdef int i, j, t, k, g, nt, read, best_g = GB_NO_SHAPE + 2
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    memcpy(v.c, o.me.hand.counts, 34)
    gb_keys(v.c, v.key)
    v.min_fan = gb_options(o.rules).gb_min_fan
    v.nm = gb_melds_of(o.me, v.m)
    v.g0 = goal(v.c, v.m, v.nm, v.min_fan, v.near, &v.n_near)
    turn_checks(v)
    v.facts_read = False
    for k in range(34):   # read on demand (gb_shape_need): only the discards at the best G ask
        v.shape_need[k] = -1
        v.n_after[k] = 0
    for i in range(n):   # G after each discard, over the targets at g0
        g_of[i] = GB_NO_SHAPE + 2
        if act_type(acts[i]) != ACT_DISCARD:
            continue
        k = act_kind(acts[i])
        take(v, k)
        g = GB_NO_SHAPE + 1
        read = 0
        for j in range(v.n_near):
            t = after_discard(v, T, V, j, k)
            v.after[k][j] = <uint8_t>t
            read = j + 1
            if t < g:
                g = t
                if g == v.g0:   # a discard never lowers a need: no target does better
                    break
        v.n_after[k] = <uint8_t>read
        give(v, k)
        g_of[i] = g
        if g < best_g:
            best_g = g
    return best_g


cdef int gb_kong_keeping(const Observation* o, const uint16_t* acts, int n, GbTurn* v,
                         int best_g) noexcept nogil:
    """A kong (concealed or added) whose G is no worse than best_g, while a live tile is left
    for its replacement; -1 if none."""
    cdef int i, t
    if o.live > 0:
        for i in range(n):
            t = act_type(acts[i])
            if t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
                if kong_goal(v.c, v.m, v.nm, act_kind(acts[i]), t, v.min_fan, best_g) <= best_g:
                    return i
    return -1


cdef int gb_pick_discard(const Observation* o, const uint16_t* acts, int n, GbTurn* v,
                         const int* g_of, const bint* keep) noexcept nogil:
    """greedy's choice among the discards of keep (all at one G): the lowest need over every
    shape, then the most targets of v.near kept at that G (up to ALIVE_CAP), then the least
    connected tile, then at random. 0 if keep is empty."""
    cdef int i, j, k, alive, key, nt
    cdef BestOf choice
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    best_init(&choice)
    for i in range(n):
        if not keep[i]:
            continue
        k = act_kind(acts[i])
        take(v, k)
        alive = 0
        for j in range(v.n_near):   # counted up to ALIVE_CAP: enough to tell flexible discards apart
            if j < v.n_after[k]:
                alive += v.after[k][j] == g_of[i]
            else:
                alive += after_discard(v, T, V, j, k) == g_of[i]
            if alive == ALIVE_CAP:
                break
        give(v, k)
        # a larger key is better: lower need over all shapes, more targets kept, less connected
        key = ((GB_NO_SHAPE - gb_shape_need(v, k)) << 20) | (alive << 8) | (31 - connectivity(v.c, k))
        best_offer(&choice, key, i)
    return best_pick(&choice, o.rng)


cdef int gb_turn(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef GbTurn v
    cdef int i, best_g
    cdef int g_of[MAX_ACTIONS]
    cdef bint keep[MAX_ACTIONS]
    for i in range(n):
        if act_type(acts[i]) == ACT_WIN:
            return i
    best_g = gb_discard_goals(o, acts, n, &v, g_of)
    i = gb_kong_keeping(o, acts, n, &v, best_g)
    if i >= 0:
        return i
    for i in range(n):
        keep[i] = g_of[i] == best_g
    return gb_pick_discard(o, acts, n, &v, g_of, keep)


cdef int kong_goal(uint8_t* c, const GbSet* m, int nm, int k, int t, int min_fan, int cap) noexcept nogil:
    """G of the 13 - 3 (nm + 1) tiles a kong of kind k (action type t) leaves (cap + 1 past cap)."""
    cdef GbSet x[5]
    cdef int i, g
    memcpy(x, m, nm * sizeof(GbSet))
    if t == ACT_CONCEALED_KONG:
        c[k] -= 4
        x[nm].type = GB_KONG
        x[nm].tile = k
        x[nm].exposed = 0
        g = goal(c, x, nm + 1, min_fan, NULL, NULL, cap)
        c[k] += 4
        return g
    c[k] -= 1
    for i in range(nm):
        if x[i].type == GB_PUNG and x[i].tile == k:
            x[i].type = GB_KONG
    g = goal(c, x, nm, min_fan, NULL, NULL, cap)
    c[k] += 1
    return g


cdef inline void claim_into(uint8_t* c, GbSet* m, int nm, int t, int k, int ck, int sign) noexcept nogil:
    """Make (sign -1) or undo (sign +1) the claim of type t, kind k (a chow: its lowest kind) on
    the discard ck: its tiles leave (return to) the concealed counts, m[nm] is the new set."""
    cdef int x
    m[nm].tile = k
    m[nm].exposed = 1
    if t == ACT_PUNG:
        m[nm].type = GB_PUNG
        c[k] += 2 * sign
    elif t == ACT_EXPOSED_KONG:
        m[nm].type = GB_KONG
        c[k] += 3 * sign
    else:
        m[nm].type = GB_CHOW
        for x in range(k, k + 3):
            if x != ck:
                c[x] += sign


cdef int claim_by_goals(const Observation* o, const uint16_t* acts, int n, uint8_t* c, GbSet* m, int nm,
                        int min_fan, int g0) noexcept nogil:
    """The claim rule read off each claim's G (looked for only up to g0: one past it stands for
    any G that loses to passing): the lowest G, a pung or chow before a kong at the same G,
    taken when below g0 (a kong: at g0 too)."""
    cdef int i, t, k, g, best = -1, best_g = GB_NO_SHAPE + 1, pass_at = 0
    cdef bint kong = False
    for i in range(n):
        t = act_type(acts[i])
        k = act_kind(acts[i])
        if t == ACT_PASS:
            pass_at = i
            continue
        if t != ACT_PUNG and t != ACT_CHOW and t != ACT_EXPOSED_KONG:
            continue
        claim_into(c, m, nm, t, k, o.claim_tile, -1)
        g = goal(c, m, nm + 1, min_fan, NULL, NULL, g0)
        claim_into(c, m, nm, t, k, o.claim_tile, 1)
        if t == ACT_EXPOSED_KONG:
            if o.live > 0 and g < best_g:
                best, best_g = i, g
                kong = True
            continue
        if g < best_g or (g == best_g and kong):   # a pung or chow before a kong at the same G
            best, best_g, kong = i, g, False
    if best < 0:
        return pass_at
    if g0 < best_g or (g0 == best_g and not kong):
        return pass_at
    return best


cdef int gb_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """Pung, chow or exposed kong when G after it is lower than now (a kong: no higher).

    A claim's hand holds its set's tiles as the hand holding the discard would, concealed: no
    target's need is lower after it than with the discard drawn, so a claim's G is at least
    G0 - 1 (a kong's at least G0), and only the targets at G0 can take it to G0 - 1. With no
    kong on offer, the first pung or chow lowering one of them is the claim (no other can beat
    it), else none is; a kong on offer reads every claim's G (claim_by_goals)."""
    cdef uint8_t c[34]
    cdef uint32_t key[4]
    cdef GbSet m[5]
    cdef int near[GB_MAX_TARGETS]
    cdef int i, j, t, k, nm, g0, n_near, nt, pass_at = 0
    cdef int min_fan = gb_options(o.rules).gb_min_fan
    cdef bint kong_offered = False, lowers
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    memcpy(c, o.me.hand.counts, 34)
    nm = gb_melds_of(o.me, m)
    if nm >= 4:
        return 0
    g0 = goal_remembered(c, m, nm, min_fan, near, &n_near)   # (asked again while the hand waits)
    for i in range(n):
        t = act_type(acts[i])
        k = act_kind(acts[i])
        if t == ACT_PASS:
            pass_at = i
        elif t == ACT_EXPOSED_KONG:
            kong_offered = kong_offered or o.live > 0
        elif t == ACT_PUNG or t == ACT_CHOW:
            claim_into(c, m, nm, t, k, o.claim_tile, -1)
            gb_keys(c, key)
            lowers = False
            for j in range(n_near):
                if eff_need(T, V, near[j], c, key, m, nm + 1, min_fan) < g0:
                    lowers = True
                    break
            claim_into(c, m, nm, t, k, o.claim_tile, 1)
            if lowers:
                return i
    if not kong_offered:
        return pass_at
    return claim_by_goals(o, acts, n, c, m, nm, min_fan, g0)


cdef int gb_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int dec = o.decision, i
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return gb_turn(o, acts, n)
    if dec == DEC_CLAIM:
        return gb_claim(o, acts, n)
    for i in range(n):   # a win on a discard or a robbed kong: always taken
        if act_type(acts[i]) == ACT_WIN:
            return i
    return 0


# ---------------------------------------------------------------------------------------------
# Python entry points (validated), for tests: the policy's goal G as it computes it

def goal_need(const uint8_t[::1] counts, const int8_t[:, ::1] melds, int min_fan=8):
    """G of a 13 - 3 m or 14 - 3 m tile hand (34 concealed counts) with declared sets `melds`
    ((m, 3) int8 rows of type 0 chow / 1 pung / 2 kong, lowest kind, exposed) as the greedy
    computes it (bounded, targets by rising bound), and the indices of the targets at G."""
    cdef GbSet ms[5]
    cdef int near[GB_MAX_TARGETS]
    cdef int n_near = 0, k, i, size = 0, nm, g
    if counts.shape[0] != 34:
        raise ValueError(f"counts must have 34 entries, not {counts.shape[0]}")
    if melds.shape[0] > 4 or (melds.shape[0] and melds.shape[1] != 3):
        raise ValueError("melds must be an (m, 3) int8 array of (type, tile, exposed), m <= 4")
    for k in range(34):
        if counts[k] > 4:
            raise ValueError(f"kind {k} is held {counts[k]} times (at most 4)")
        size += counts[k]
    nm = melds.shape[0]
    for i in range(nm):
        if melds[i, 0] not in (GB_CHOW, GB_PUNG, GB_KONG) or not 0 <= melds[i, 1] < 34 or (
                melds[i, 0] == GB_CHOW and (melds[i, 1] >= 27 or melds[i, 1] % 9 > 6)):
            raise ValueError(f"meld {i} ({melds[i, 0]}, {melds[i, 1]}) is not a chow, pung or kong")
        ms[i].type = <uint8_t>melds[i, 0]
        ms[i].tile = <uint8_t>melds[i, 1]
        ms[i].exposed = <uint8_t>(melds[i, 2] != 0)
    if size not in (13 - 3 * nm, 14 - 3 * nm):
        raise ValueError(f"{size} concealed tiles with {nm} declared set(s): expected {13 - 3 * nm} or {14 - 3 * nm}")
    if not 1 <= min_fan <= 88:
        raise ValueError(f"min_fan {min_fan} must be 1..88")
    g = goal(&counts[0], ms, nm, min_fan, near, &n_near)
    return g, [near[i] for i in range(n_near)]


def goal_capped(const uint8_t[::1] counts, const int8_t[:, ::1] melds, int min_fan, int cap):
    """goal() looking no further than `cap` (the claims' and kongs' search): G if G <= cap, else
    cap + 1. Same arguments as goal_need (checked by it)."""
    cdef GbSet ms[5]
    cdef int i
    goal_need(counts, melds, min_fan)
    if not 0 <= cap <= GB_NO_SHAPE:
        raise ValueError(f"cap {cap} must be 0..{GB_NO_SHAPE}")
    for i in range(melds.shape[0]):
        ms[i].type = <uint8_t>melds[i, 0]
        ms[i].tile = <uint8_t>melds[i, 1]
        ms[i].exposed = <uint8_t>(melds[i, 2] != 0)
    return goal(&counts[0], ms, melds.shape[0], min_fan, NULL, NULL, cap)


def goal_remembered_need(const uint8_t[::1] counts, const int8_t[:, ::1] melds, int min_fan=8):
    """goal_need through goal_remembered (the value hooks' path: the thread's last answers kept),
    for tests. Same arguments as goal_need (checked by it)."""
    cdef GbSet ms[5]
    cdef int near[GB_MAX_TARGETS]
    cdef int n_near = 0, i, g
    goal_need(counts, melds, min_fan)
    for i in range(melds.shape[0]):
        ms[i].type = <uint8_t>melds[i, 0]
        ms[i].tile = <uint8_t>melds[i, 1]
        ms[i].exposed = <uint8_t>(melds[i, 2] != 0)
    g = goal_remembered(&counts[0], ms, melds.shape[0], min_fan, near, &n_near)
    return g, [near[i] for i in range(n_near)]


def _after_discard_check(const uint8_t[::1] counts, const int8_t[:, ::1] melds, int min_fan=8):
    """Test hook: for a 14 - 3 m tile hand, [(kind, [after_discard of each target at G], [its
    eff_need read in full])] over the kinds held (the turn's unread shortcuts against the reads)."""
    cdef GbTurn v
    cdef int i, j, k, nt
    cdef const uint8_t* V
    cdef const GbTarget* T = gb_target_table(&nt, &V)
    goal_need(counts, melds, min_fan)
    if counts.shape[0] != 34 or sum(counts) + 3 * melds.shape[0] != 14:
        raise ValueError("a 14 - 3 m tile hand")
    for k in range(34):
        v.c[k] = counts[k]
    gb_keys(v.c, v.key)
    v.nm = melds.shape[0]
    for i in range(v.nm):
        v.m[i].type = <uint8_t>melds[i, 0]
        v.m[i].tile = <uint8_t>melds[i, 1]
        v.m[i].exposed = <uint8_t>(melds[i, 2] != 0)
    v.min_fan = min_fan
    v.g0 = goal(v.c, v.m, v.nm, v.min_fan, v.near, &v.n_near)
    turn_checks(&v)
    out = []
    for k in range(34):
        if v.c[k] == 0:
            continue
        take(&v, k)
        out.append((k, [after_discard(&v, T, V, j, k) for j in range(v.n_near)],
                    [eff_need(T, V, v.near[j], v.c, v.key, v.m, v.nm, v.min_fan) for j in range(v.n_near)]))
        give(&v, k)
    return out
