# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The 国标 / MCR fan evaluator (docs/spec/RULES-PACKS.md §5.4): the 81 fans of the official rulebook.

`gb_evaluate` reads every reading of a winning hand — each decomposition into sets and a pair
(declared sets fixed), each set the winning tile may have completed, 组合龙 + set + pair, 七对,
十三幺, 全不靠 / 七星不靠, with 九莲宝灯 laid over the basic shape — scores each one and keeps the
highest (就高不就低). Within one reading the five principles are applied as follows:

* 不重复: a fan's implied fans are not counted (EXCLUDES below, applied from the highest fan
  down; a fan that is itself not counted excludes nothing, so e.g. 四暗刻 drops 不求人 but the
  self-draw still counts 自摸);
* 不拆移 / 不得相同 / 套算一次, for the fans between sets (一般高 … 一色四同顺 among chows,
  双同刻 … 一色四节高 among pungs): a fan of all four sets stands alone; a fan of three sets
  leaves the fourth one pairing once with one of them; otherwise the pair fans form a forest
  (no set joins a group twice) in which two fans of the same name share no set.

Readings where the rulebook text (docs/spec/RULES-PACKS.md §5.4, seed 000 ⑧) leaves room, chosen to agree
with PyMahjongGB, the calculator docs/spec/RULES-PACKS.md §7.1 names as the cross-check (0 differences in
1,000,000 random hands, tests/test_guobiao_oracle.py):

* 边张 / 嵌张 / 单钓 need 独听: one kind completes the 13 tiles in any shape, a fifth copy
  counted as a wait ("12345和3 … 不算边张": a second wait voids them);
* 和绝张 (GB-A3): the caller's flag, and also when the winner's own exposed sets show the other
  three copies; the flag with another copy in the concealed hand is an error (GB_ERR_FLAGS);
* 九莲宝灯 不计清一色、门前清 and the one 幺九刻 its shape always holds (111 or 999);
* 清幺九 不计双同刻 but counts 三同刻; 四暗刻 drops 不求人 and keeps 自摸;
* 明暗杠 (an exposed + a concealed kong, 5) is not a rulebook fan: 明杠 1 + 暗杠 2 unless the
  GB_MINGANGANG option (PyMahjongGB, Botzone) asks for it;
* readings of equal value (the rulebook does not order them): the one with 一色三同顺 / 三同刻 /
  全中 / 全带五; of two with 一色三同顺 the later; else the first (pung, then chows, then the pair
  at the lowest tile); within one decomposition 边张 over 嵌张 over 单钓.

Everything is C: no GIL, no Python objects, safe from several threads at once. The tables
(values, exclusions) are static or filled once at import. The Python surface is `fzsim.fans`.
"""
from libc.stdint cimport int8_t, int16_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

from fzsim_core.packs.guobiao.shapes cimport (
    GB_CHOW, GB_KONG, GB_KNIT, GB_MAX_DECOMP, GB_N_KNIT, GB_PUNG, GbDecomp, GbSet, gb_decompose,
    gb_has_knitted_straight, gb_honors_knitted, gb_is_seven_pairs, gb_is_thirteen_orphans,
    gb_wait_mask)

from fzsim_core.packs.guobiao.fanids cimport *
from fzsim_core.packs.guobiao.relations cimport gb_set_relations

cdef extern from *:
    int __builtin_ctzll(unsigned long long) nogil

# where the winning tile sits in a reading
cdef enum:
    P_NONE = 0      # a special shape: no wait fan
    P_PAIR = 1
    P_PUNG = 2
    P_EDGE = 3      # the 3 of 123 or the 7 of 789
    P_CLOSED = 4    # the middle of a chow
    P_OPEN = 5      # an end of a chow that is no edge
    P_KNIT = 6      # one of the 9 tiles of a 组合龙

# 不重复: the fans each fan makes implied (applied from fan 1 down, by counted fans only).
EXCLUDES = {
    F_BIG_FOUR_WINDS: (F_PREVALENT_WIND, F_SEAT_WIND, F_BIG_THREE_WINDS, F_ALL_PUNGS, F_LITTLE_FOUR_WINDS),
    F_BIG_THREE_DRAGONS: (F_DRAGON_PUNG, F_TWO_DRAGON_PUNGS),
    F_ALL_GREEN: (F_HALF_FLUSH,),
    F_NINE_GATES: (F_FULL_FLUSH, F_CONCEALED_HAND, F_FULLY_CONCEALED, F_NO_HONORS, F_ONE_VOIDED_SUIT),
    F_FOUR_KONGS: (F_THREE_KONGS, F_TWO_MELDED_KONGS, F_TWO_CONCEALED_KONGS, F_MELDED_KONG,
                   F_CONCEALED_KONG, 82, F_ALL_PUNGS, F_SINGLE_WAIT),
    F_SEVEN_SHIFTED_PAIRS: (F_SEVEN_PAIRS, F_FULL_FLUSH, F_FULLY_CONCEALED, F_CONCEALED_HAND,
                            F_SINGLE_WAIT, F_NO_HONORS, F_ONE_VOIDED_SUIT),
    F_THIRTEEN_ORPHANS: (F_ALL_TYPES, F_FULLY_CONCEALED, F_CONCEALED_HAND, F_SINGLE_WAIT,
                         F_ALL_TERMINALS_HONORS, F_OUTSIDE_HAND),
    F_ALL_TERMINALS: (F_ALL_PUNGS, F_DOUBLE_PUNG, F_NO_HONORS, F_TERMINAL_PUNG,
                      F_OUTSIDE_HAND, F_ALL_TERMINALS_HONORS),
    F_LITTLE_FOUR_WINDS: (F_BIG_THREE_WINDS,),
    F_LITTLE_THREE_DRAGONS: (F_DRAGON_PUNG, F_TWO_DRAGON_PUNGS),
    F_ALL_HONORS: (F_ALL_PUNGS, F_ALL_TERMINALS_HONORS, F_TERMINAL_PUNG, F_OUTSIDE_HAND),
    F_FOUR_CONCEALED_PUNGS: (F_CONCEALED_HAND, F_FULLY_CONCEALED, F_ALL_PUNGS,
                             F_THREE_CONCEALED_PUNGS, F_TWO_CONCEALED_PUNGS),
    F_PURE_TERMINAL_CHOWS: (F_ALL_CHOWS, F_SEVEN_PAIRS, F_FULL_FLUSH, F_NO_HONORS, F_ONE_VOIDED_SUIT),
    F_QUADRUPLE_CHOW: (F_TILE_HOG,),
    F_FOUR_SHIFTED_PUNGS: (F_ALL_PUNGS,),
    F_THREE_KONGS: (F_TWO_MELDED_KONGS, F_TWO_CONCEALED_KONGS, F_MELDED_KONG, F_CONCEALED_KONG, 82),
    F_ALL_TERMINALS_HONORS: (F_ALL_PUNGS, F_TERMINAL_PUNG, F_OUTSIDE_HAND),
    F_SEVEN_PAIRS: (F_FULLY_CONCEALED, F_CONCEALED_HAND, F_SINGLE_WAIT),
    F_GREATER_KNITTED: (F_ALL_TYPES, F_FULLY_CONCEALED, F_CONCEALED_HAND, F_SINGLE_WAIT,
                        F_LESSER_KNITTED),
    F_ALL_EVEN_PUNGS: (F_ALL_PUNGS, F_ALL_SIMPLES, F_NO_HONORS),
    F_FULL_FLUSH: (F_NO_HONORS, F_ONE_VOIDED_SUIT),
    F_UPPER_TILES: (F_NO_HONORS, F_UPPER_FOUR),
    F_MIDDLE_TILES: (F_ALL_SIMPLES, F_NO_HONORS),
    F_LOWER_TILES: (F_NO_HONORS, F_LOWER_FOUR),
    F_THREE_SUITED_TERMINAL_CHOWS: (F_NO_HONORS, F_ALL_CHOWS),
    F_ALL_FIVE: (F_ALL_SIMPLES, F_NO_HONORS),
    F_THREE_CONCEALED_PUNGS: (F_TWO_CONCEALED_PUNGS,),
    F_LESSER_KNITTED: (F_ALL_TYPES, F_FULLY_CONCEALED, F_CONCEALED_HAND, F_SINGLE_WAIT),
    F_UPPER_FOUR: (F_NO_HONORS,),
    F_LOWER_FOUR: (F_NO_HONORS,),
    F_REVERSIBLE: (F_ONE_VOIDED_SUIT,),
    F_LAST_TILE_DRAW: (F_SELF_DRAWN,),
    F_OUT_WITH_REPLACEMENT: (F_SELF_DRAWN,),
    F_ROBBING_KONG: (F_LAST_TILE,),
    F_MELDED_HAND: (F_SINGLE_WAIT,),
    F_TWO_CONCEALED_KONGS: (F_CONCEALED_KONG, F_TWO_CONCEALED_PUNGS),
    F_TWO_DRAGON_PUNGS: (F_DRAGON_PUNG,),
    F_FULLY_CONCEALED: (F_CONCEALED_HAND, F_SELF_DRAWN),
    F_TWO_MELDED_KONGS: (F_MELDED_KONG,),
    F_ALL_CHOWS: (F_NO_HONORS,),
    F_ALL_SIMPLES: (F_NO_HONORS,),
    82: (F_CONCEALED_KONG, F_MELDED_KONG),
}

cdef uint64_t EXCL[GB_N_FANS][2]


def _fill_exclusions():
    cdef int f, g
    memset(EXCL, 0, sizeof(EXCL))
    for f, gs in EXCLUDES.items():
        for g in gs:
            if g <= f and f != GB_FAN_MINGANGANG:
                raise AssertionError(f"fan {f} cannot exclude the higher fan {g}")
            EXCL[f][g >> 6] |= (<uint64_t>1) << (g & 63)


_fill_exclusions()


ctypedef struct Ctx:
    uint8_t held[34]          # all 14 tiles by kind, a kong as 4
    uint8_t tileset[GB_N_FANS]  # the fans of the tile set alone
    uint8_t flags
    uint8_t flowers
    int seat                  # kinds
    int round
    int n_melds
    int n_exposed             # declared sets that are not concealed kongs
    int win
    bint selfdraw
    bint unique               # 独听: one kind completes the hand
    bint nine_gates
    uint8_t hog               # 四归一: kinds held 4 times and not as a (declared) kong


cdef inline bint _is_orphan(int k) noexcept nogil:
    return k >= 27 or k % 9 == 0 or k % 9 == 8


cdef void _tileset_fans(Ctx* c) noexcept nogil:
    """Fans fixed by which tiles the hand holds, whatever its reading."""
    cdef int k, s, r, suits = 0, nsuits = 0
    cdef bint honors = 0, winds = 0, dragons = 0, green = 1, rev = 1, orphans = 1, terms = 1
    cdef bint simples = 1, even = 1
    cdef int lo = 9, hi = -1
    cdef uint8_t* t = c.tileset
    memset(t, 0, GB_N_FANS)
    for k in range(34):
        if c.held[k] == 0:
            continue
        if k >= 27:
            honors = 1
            if k <= 30:
                winds = 1
            else:
                dragons = 1
            terms = 0
            simples = 0
            even = 0
            if k != 32:
                green = 0
            if k != 31:
                rev = 0
            continue
        s = k // 9
        r = k % 9
        suits |= 1 << s
        if r < lo:
            lo = r
        if r > hi:
            hi = r
        if not (s == 2 and (r == 1 or r == 2 or r == 3 or r == 5 or r == 7)):
            green = 0
        if not ((s == 1 and (r <= 4 or r == 7 or r == 8)) or (s == 2 and (r == 1 or r == 3 or r == 4 or r == 5 or r == 7 or r == 8))):
            rev = 0
        if r == 0 or r == 8:
            simples = 0
        else:
            orphans = 0
            terms = 0
        if r % 2 == 0:
            even = 0
    for s in range(3):
        if suits >> s & 1:
            nsuits += 1
    if green:
        t[F_ALL_GREEN] = 1
    if rev:
        t[F_REVERSIBLE] = 1
    if orphans:
        t[F_ALL_TERMINALS_HONORS] = 1
    if terms and not honors:
        t[F_ALL_TERMINALS] = 1
    if nsuits == 0:
        t[F_ALL_HONORS] = 1
    elif nsuits == 1:
        t[F_HALF_FLUSH if honors else F_FULL_FLUSH] = 1
    elif nsuits == 2:
        t[F_ONE_VOIDED_SUIT] = 1
    if nsuits == 3 and winds and dragons:
        t[F_ALL_TYPES] = 1
    if not honors:
        t[F_NO_HONORS] = 1
        if lo >= 6:
            t[F_UPPER_TILES] = 1
        if lo >= 3 and hi <= 5:
            t[F_MIDDLE_TILES] = 1
        if hi <= 2:
            t[F_LOWER_TILES] = 1
        if lo >= 5:
            t[F_UPPER_FOUR] = 1
        if hi <= 3:
            t[F_LOWER_FOUR] = 1
        if even:
            t[F_ALL_EVEN_PUNGS] = 1   # kept only for a basic reading (all pungs)
    if simples:
        t[F_ALL_SIMPLES] = 1


# ---------------------------------------------------------------------------------------------
# One reading of the hand

cdef void _score_sets(const Ctx* c, const GbSet* sets, int n_sets, int pair, bint knitted,
                      int place, int place_set, uint8_t* cnt) noexcept nogil:
    """The fans of a basic reading (n_sets = 4) or of 组合龙 + set + pair (knitted, n_sets = 1),
    before the situation fans; `place_set` is the set holding the winning tile (-1: none)."""
    cdef int i, t, r, s, nchow = 0, npung = 0, nsp = 0, winds = 0, dragons = 0, yj = 0
    cdef int dark = 0, mk = 0, ak = 0, windmask = 0, nk
    cdef int chow[4]
    cdef int spung[4]
    cdef bint outside = 1, fives = 1
    memcpy(cnt, c.tileset, GB_N_FANS)
    cnt[F_ALL_EVEN_PUNGS] = 0
    cnt[F_TILE_HOG] = c.hog
    for i in range(n_sets):
        t = sets[i].tile
        if sets[i].type == GB_CHOW:
            chow[nchow] = t
            nchow += 1
            r = t % 9
            if r != 0 and r != 6:
                outside = 0
            if r < 2 or r > 4:
                fives = 0
            continue
        npung += 1
        if not _is_orphan(t):
            outside = 0
        if t >= 27 or t % 9 != 4:
            fives = 0
        if t < 27:
            spung[nsp] = t
            nsp += 1
            if t % 9 == 0 or t % 9 == 8:
                yj += 1
        elif t <= 30:
            winds += 1
            windmask |= 1 << (t - 27)
        else:
            dragons += 1
        if sets[i].type == GB_KONG:
            if sets[i].exposed:
                mk += 1
            else:
                ak += 1
        if not sets[i].exposed and not (i == place_set and place == P_PUNG and not c.selfdraw):
            dark += 1
    if not _is_orphan(pair):
        outside = 0
    if pair >= 27 or pair % 9 != 4:
        fives = 0
    # winds and dragons
    if winds == 4:
        cnt[F_BIG_FOUR_WINDS] = 1
    elif winds == 3:
        cnt[F_BIG_THREE_WINDS] = 1
        if 27 <= pair <= 30:
            cnt[F_LITTLE_FOUR_WINDS] = 1
    if windmask >> (c.round - 27) & 1:
        cnt[F_PREVALENT_WIND] = 1
    if windmask >> (c.seat - 27) & 1:
        cnt[F_SEAT_WIND] = 1
    if winds < 3:
        for i in range(4):
            if windmask >> i & 1 and 27 + i != c.round and 27 + i != c.seat:
                yj += 1
    if dragons == 3:
        cnt[F_BIG_THREE_DRAGONS] = 1
    elif dragons == 2:
        cnt[F_TWO_DRAGON_PUNGS] = 1
        if pair >= 31:
            cnt[F_LITTLE_THREE_DRAGONS] = 1
    cnt[F_DRAGON_PUNG] = <uint8_t>dragons
    if c.nine_gates and yj > 0:
        yj -= 1   # 九莲宝灯 不计幺九刻: the pung of its 1s or 9s
    cnt[F_TERMINAL_PUNG] = <uint8_t>yj
    # concealed pungs and kongs
    if dark >= 2:
        cnt[F_TWO_CONCEALED_PUNGS if dark == 2 else
            F_THREE_CONCEALED_PUNGS if dark == 3 else F_FOUR_CONCEALED_PUNGS] = 1
    nk = mk + ak
    if nk >= 3:
        cnt[F_THREE_KONGS if nk == 3 else F_FOUR_KONGS] = 1
    elif mk == 2:
        cnt[F_TWO_MELDED_KONGS] = 1
    elif ak == 2:
        cnt[F_TWO_CONCEALED_KONGS] = 1
    elif mk == 1 and ak == 1 and c.flags & GB_MINGANGANG:
        cnt[GB_FAN_MINGANGANG] = 1
    else:
        cnt[F_MELDED_KONG] = <uint8_t>mk
        cnt[F_CONCEALED_KONG] = <uint8_t>ak
    if c.nine_gates:
        cnt[F_NINE_GATES] = 1
    if knitted:
        cnt[F_KNITTED_STRAIGHT] = 1
        if nchow == n_sets and pair < 27:
            cnt[F_ALL_CHOWS] = 1
        return
    if npung == 4:
        cnt[F_ALL_PUNGS] = 1
        if c.tileset[F_ALL_EVEN_PUNGS]:
            cnt[F_ALL_EVEN_PUNGS] = 1
    if outside:
        cnt[F_OUTSIDE_HAND] = 1
    if fives:
        cnt[F_ALL_FIVE] = 1
    if nchow == 4 and pair < 27:
        cnt[F_ALL_CHOWS] = 1
        if _double_dragon(chow, pair, cnt):
            return
    gb_set_relations(1, chow, nchow, cnt)
    gb_set_relations(0, spung, nsp, cnt)


cdef bint _double_dragon(const int* chow, int pair, uint8_t* cnt) noexcept nogil:
    """一色双龙会 / 三色双龙会: 123 + 789 twice and a pair of 5 (they use all four chows)."""
    cdef int i, lo = 0, hi = 0, lo_s = 0, hi_s = 0, s, ps = pair // 9
    if pair % 9 != 4:
        return 0
    for i in range(4):
        s = chow[i] // 9
        if chow[i] % 9 == 0:
            lo += 1
            lo_s |= 1 << s
        elif chow[i] % 9 == 6:
            hi += 1
            hi_s |= 1 << s
    if lo != 2 or hi != 2 or lo_s != hi_s:
        return 0
    if lo_s == 1 << ps:
        # same suit twice on both ends: needs both 123s and both 789s in that suit
        cnt[F_PURE_TERMINAL_CHOWS] = 1
        return 1
    if lo_s & (1 << ps) == 0 and lo_s != 1 and lo_s != 2 and lo_s != 4:
        cnt[F_THREE_SUITED_TERMINAL_CHOWS] = 1
        return 1
    return 0


cdef void _special(const Ctx* c, int fan, uint8_t* cnt) noexcept nogil:
    """A special shape: its own fan over the tile-set fans and 四归一."""
    memcpy(cnt, c.tileset, GB_N_FANS)
    cnt[F_ALL_EVEN_PUNGS] = 0
    cnt[F_TILE_HOG] = c.hog    # special shapes have no kong
    cnt[fan] = 1


cdef void _finish(const Ctx* c, uint8_t* cnt, int place, GbFans* out) noexcept nogil:
    """Add the situation and wait fans, apply 不重复 and total the reading into `out`."""
    cdef int f, g, base = 0
    cdef uint64_t e0, e1
    cdef uint8_t fl = c.flags
    if c.n_exposed == 0:
        cnt[F_FULLY_CONCEALED if c.selfdraw else F_CONCEALED_HAND] = 1
    elif c.n_exposed == 4 and not c.selfdraw:
        cnt[F_MELDED_HAND] = 1
    if c.selfdraw:
        cnt[F_SELF_DRAWN] = 1
    if fl & GB_LAST_TILE:
        cnt[F_LAST_TILE_DRAW if c.selfdraw else F_LAST_TILE_CLAIM] = 1
    if fl & GB_KONG_REPLACEMENT:
        cnt[F_OUT_WITH_REPLACEMENT] = 1
    if fl & GB_ROBBED_KONG:
        cnt[F_ROBBING_KONG] = 1
    if fl & GB_FOURTH_TILE:
        cnt[F_LAST_TILE] = 1
    if c.unique:
        if place == P_PAIR:
            cnt[F_SINGLE_WAIT] = 1
        elif place == P_EDGE:
            cnt[F_EDGE_WAIT] = 1
        elif place == P_CLOSED:
            cnt[F_CLOSED_WAIT] = 1
    for f in range(1, GB_N_FANS):
        if cnt[f] == 0:
            continue
        e0 = EXCL[f][0]
        e1 = EXCL[f][1]
        while e0:
            cnt[__builtin_ctzll(e0)] = 0
            e0 &= e0 - 1
        while e1:
            cnt[64 + __builtin_ctzll(e1)] = 0
            e1 &= e1 - 1
    cnt[GB_FAN_FLOWERS] = 0
    cnt[GB_FAN_CHICKEN] = 0
    for f in range(1, GB_N_FANS):
        base += cnt[f] * GB_VALUE[f]
    if base == 0:
        cnt[GB_FAN_CHICKEN] = 1
        base = GB_VALUE[GB_FAN_CHICKEN]
    cnt[GB_FAN_FLOWERS] = c.flowers
    out.base = <int16_t>base
    out.total = <int16_t>(base + c.flowers)
    memcpy(out.count, cnt, GB_N_FANS)


cdef inline int _wait_rank(const GbFans* f) noexcept nogil:
    return 3 * f.count[F_EDGE_WAIT] + 2 * f.count[F_CLOSED_WAIT] + f.count[F_SINGLE_WAIT]


cdef inline void _keep_place(GbFans* best, const GbFans* cand) noexcept nogil:
    """Of the places of the winning tile in one decomposition, keep the highest; of equal ones
    the better wait fan (边张 over 嵌张 over 单钓: a tile read as edge and as pair is 边张)."""
    if cand.base > best.base or (cand.base == best.base and _wait_rank(cand) > _wait_rank(best)):
        memcpy(best, cand, sizeof(GbFans))


cdef inline int _prefer(const GbFans* f) noexcept nogil:
    return (f.count[F_PURE_TRIPLE_CHOW] + f.count[F_TRIPLE_PUNG] + f.count[F_MIDDLE_TILES]
            + f.count[F_ALL_FIVE])


cdef inline void _keep(GbFans* best, const GbFans* cand) noexcept nogil:
    """Keep the higher of two readings (就高不就低). The rulebook does not order readings of equal
    value; to list the same fans as PyMahjongGB, prefer the one with 一色三同顺 / 三同刻 / 全中 /
    全带五, else the first found (decompositions come pung first, then chows, then the pair, at
    the lowest tile)."""
    cdef int a, b
    if cand.base != best.base:
        if cand.base > best.base:
            memcpy(best, cand, sizeof(GbFans))
        return
    a = _prefer(cand)
    b = _prefer(best)
    if a > b or (a == b and cand.count[F_PURE_TRIPLE_CHOW] and best.count[F_PURE_TRIPLE_CHOW]):
        # two readings with 一色三同顺 of equal worth: PyMahjongGB keeps the later one
        memcpy(best, cand, sizeof(GbFans))


# ---------------------------------------------------------------------------------------------
# The evaluator

cdef int _check(const GbHand* h, uint8_t* held) noexcept nogil:
    """GB_OK, or why the input is no hand (fills `held`: every tile by kind, a kong as 4)."""
    cdef int i, k, size = 0, kongs = 0
    cdef const GbSet* m
    cdef uint8_t fl = h.flags
    if h.n_melds > 4:
        return GB_ERR_COUNT
    for k in range(34):
        held[k] = h.counts[k]
        size += h.counts[k]
    if size != 14 - 3 * h.n_melds:
        return GB_ERR_COUNT
    for i in range(h.n_melds):
        m = &h.melds[i]
        if m.type == GB_CHOW:
            if m.tile >= 27 or m.tile % 9 > 6 or not m.exposed:
                return GB_ERR_MELD
            held[m.tile] += 1
            held[m.tile + 1] += 1
            held[m.tile + 2] += 1
        elif m.type == GB_PUNG or m.type == GB_KONG:
            if m.tile >= 34 or (m.type == GB_PUNG and not m.exposed):
                return GB_ERR_MELD
            held[m.tile] += 3 if m.type == GB_PUNG else 4
            kongs += m.type == GB_KONG
        else:
            return GB_ERR_MELD
    for k in range(34):
        if held[k] > 4:
            return GB_ERR_FIVE
    if h.win_tile >= 34 or h.counts[h.win_tile] == 0:
        return GB_ERR_WIN_TILE
    if h.seat_wind > 3 or h.round_wind > 3 or h.flowers > 8:
        return GB_ERR_FLAGS
    if fl & GB_ROBBED_KONG and (fl & GB_SELFDRAW or held[h.win_tile] != 1):
        return GB_ERR_FLAGS
    if fl & GB_KONG_REPLACEMENT and (not fl & GB_SELFDRAW or kongs == 0):
        return GB_ERR_FLAGS
    if fl & GB_FOURTH_TILE and h.counts[h.win_tile] != 1:
        return GB_ERR_FLAGS
    return GB_OK


cdef bint _nine_gates(const uint8_t* c13) noexcept nogil:
    """The 13 tiles before the win are 1112345678999 of one suit."""
    cdef int s, r, k, want
    for s in range(3):
        if c13[s * 9] != 3:
            continue
        for k in range(34):
            if k // 9 == s and k < 27:
                r = k % 9
                want = 3 if r == 0 or r == 8 else 1
            else:
                want = 0
            if c13[k] != want:
                return 0
        return 1
    return 0


cdef void _readings(const Ctx* c, const GbSet* sets, int n_sets, int pair, int knit, GbFans* best) noexcept nogil:
    """Score the reading once per place the winning tile can take in it; keep the best."""
    cdef int i, t, place, w = c.win
    cdef uint8_t cnt[GB_N_FANS]
    cdef GbFans cand, local
    local.base = -1
    if pair == w:
        _score_sets(c, sets, n_sets, pair, knit >= 0, P_PAIR, -1, cnt)
        _finish(c, cnt, P_PAIR, &cand)
        _keep_place(&local, &cand)
    for i in range(c.n_melds, n_sets):
        t = sets[i].tile
        if sets[i].type == GB_PUNG:
            if t != w:
                continue
            place = P_PUNG
        elif t <= w <= t + 2:
            if w == t + 1:
                place = P_CLOSED
            elif (w == t + 2 and t % 9 == 0) or (w == t and t % 9 == 6):
                place = P_EDGE
            else:
                place = P_OPEN
        else:
            continue
        _score_sets(c, sets, n_sets, pair, knit >= 0, place, i, cnt)
        _finish(c, cnt, place, &cand)
        _keep_place(&local, &cand)
    if knit >= 0 and w < 27 and (w % 9) % 3 == GB_KNIT[knit][w // 9]:
        _score_sets(c, sets, n_sets, pair, 1, P_KNIT, -1, cnt)
        _finish(c, cnt, P_KNIT, &cand)
        _keep_place(&local, &cand)
    if local.base >= 0:
        _keep(best, &local)


cdef void _shape(const Ctx* c, int fan, int extra, GbFans* best) noexcept nogil:
    cdef uint8_t cnt[GB_N_FANS]
    cdef GbFans cand
    _special(c, fan, cnt)
    if extra:
        cnt[extra] = 1
    _finish(c, cnt, P_NONE, &cand)
    _keep(best, &cand)


cdef int gb_evaluate(const GbHand* h, GbFans* out) noexcept nogil:
    cdef Ctx c
    cdef GbDecomp decs[GB_MAX_DECOMP]
    cdef GbSet sets[4]
    cdef uint8_t c13[34]
    cdef uint8_t held13[34]
    cdef uint8_t rest[34]
    cdef int i, k, d, nd, p, s, r, n_honors, st
    cdef unsigned long long mask
    memset(out, 0, sizeof(GbFans))
    st = _check(h, c.held)
    if st != GB_OK:
        return st
    out.base = -1
    c.flags = h.flags
    c.flowers = h.flowers
    c.seat = 27 + h.seat_wind
    c.round = 27 + h.round_wind
    c.n_melds = h.n_melds
    c.n_exposed = 0
    for i in range(h.n_melds):
        c.n_exposed += h.melds[i].exposed != 0
        sets[i] = h.melds[i]
    c.win = h.win_tile
    c.selfdraw = (h.flags & GB_SELFDRAW) != 0
    memcpy(c13, h.counts, 34)
    c13[c.win] -= 1
    # 和绝张 also when the winner's own exposed sets show the other three copies
    k = 0
    for i in range(h.n_melds):
        if h.melds[i].exposed:
            if h.melds[i].type == GB_CHOW:
                k += h.melds[i].tile <= c.win <= h.melds[i].tile + 2
            elif h.melds[i].tile == c.win:
                k += 3
    if k >= 3 and not (h.flags & GB_ROBBED_KONG):
        c.flags |= GB_FOURTH_TILE
    memset(held13, 0, 34)
    mask = gb_wait_mask(c13, held13, h.n_melds)
    c.unique = mask != 0 and (mask & (mask - 1)) == 0
    c.nine_gates = h.n_melds == 0 and _nine_gates(c13)
    _tileset_fans(&c)
    c.hog = 0
    for k in range(34):
        c.hog += c.held[k] == 4
    for i in range(h.n_melds):
        c.hog -= h.melds[i].type == GB_KONG
    # the basic shape: declared sets + a decomposition of the concealed tiles
    nd = gb_decompose(h.counts, 4 - h.n_melds, decs, GB_MAX_DECOMP)
    for d in range(nd):
        for i in range(decs[d].n_sets):
            sets[h.n_melds + i] = decs[d].sets[i]
        _readings(&c, sets, 4, decs[d].pair, -1, out)
    c.nine_gates = 0
    # 组合龙 + one set + a pair
    if h.n_melds <= 1:
        for p in range(GB_N_KNIT):
            if not gb_has_knitted_straight(h.counts, p):
                continue
            memcpy(rest, h.counts, 34)
            for s in range(3):
                r = GB_KNIT[p][s]
                while r < 9:
                    rest[s * 9 + r] -= 1
                    r += 3
            nd = gb_decompose(rest, 1 - h.n_melds, decs, GB_MAX_DECOMP)
            for d in range(nd):
                if h.n_melds == 0:
                    sets[0] = decs[d].sets[0]
                _readings(&c, sets, 1, decs[d].pair, p, out)
    if h.n_melds == 0:
        if gb_is_seven_pairs(h.counts):
            _shape(&c, F_SEVEN_SHIFTED_PAIRS if _shifted_pairs(h.counts) else F_SEVEN_PAIRS, 0, out)
        if gb_is_thirteen_orphans(h.counts):
            _shape(&c, F_THIRTEEN_ORPHANS, 0, out)
        p = gb_honors_knitted(h.counts)
        if p >= 0:
            n_honors = 0
            for k in range(27, 34):
                n_honors += h.counts[k]
            _shape(&c, F_GREATER_KNITTED if n_honors == 7 else F_LESSER_KNITTED,
                   F_KNITTED_STRAIGHT if gb_has_knitted_straight(h.counts, p) else 0, out)
    if out.base < 0:
        memset(out, 0, sizeof(GbFans))
        return GB_ERR_NOT_WIN
    return GB_OK


cdef bint _shifted_pairs(const uint8_t* counts) noexcept nogil:
    """七对 of one suit on seven consecutive ranks (连七对)."""
    cdef int k, lo = -1, n = 0
    for k in range(34):
        if counts[k]:
            if k >= 27 or counts[k] != 2:
                return 0
            if lo < 0:
                lo = k
            elif k != lo + n or k // 9 != lo // 9:
                return 0
            n += 1
    return n == 7
