# cython: language_level=3
"""The Fuzhou mahjong game engine (RULES.md §2-§10) and the `play_block` API (contract 3).

A hand is a C state machine over one `Game` struct: seeded wall, deal, opening 补花, the gold
reveal, the opening window (天胡 / 三金倒 / 抢金), turns with draws, kongs and discards, claims
by priority, the end of the wall, and scoring through `score_win`. Policies are C functions
choosing among the legal actions the engine lists; a Python callable may drive a seat, in which
case the GIL is taken only for that seat's decisions.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdio cimport snprintf
from libc.stdlib cimport malloc, free
from libc.string cimport memset

import numpy as np

from fzsim_core.rules cimport (
    Rules, RuleSet, GOLD_DISCARD_FORBIDDEN, GOLD_DISCARD_SELFDRAW_ONLY, NEXT_DEALER_WINNER, SCORING_YOUJIN,
    DRAW_DEALER_NEXT, DRAW_STREAK_RESET, DRAW_STREAK_INCREMENT,
)
from fzsim_core.scoring cimport (
    WinFacts, ScoreResult, score_win, N_FLOWER_SLOTS,
    WIN_NONE, WIN_SELFDRAW, WIN_DISCARD, WIN_ROBBED_KONG, WIN_QIANGJIN, WIN_SANJINDAO, WIN_TIANHU,
    SP_TIANHU, SP_QIANGJIN, SP_SANJINDAO, SP_JINQUE, SP_JINLONG,
    FLAG_SELFDRAW, FLAG_KONG_REPLACEMENT, FLAG_ROBBED_KONG, FLAG_LAST_TILE, FLAG_XIANJIN, FLAG_LAST_GROUP,
)
from fzsim_core.rng cimport (
    Rng, rng_seed, rng_next, rng_below, STREAM_WALL, STREAM_POLICY, STREAM_MATCH, FZ_FNV_OFFSET, FZ_FNV_PRIME,
)
from fzsim_core.hand cimport Hand, hand_init, hand_add, hand_remove, hand_set_counts, FZ_KPART, FZ_KPOW
from fzsim_core.wintables cimport (
    hand_is_win, hand_wins_with, hand_wait_mask, hand_shanten,
    hand_is_jinque, hand_is_jinlong, hand_is_xianjin_wait,
)

cdef extern from *:
    """
    #include <string.h>
    static inline int popcount64(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    /* Bit k of the result is set iff counts[k] != 0 (or == v): eight counts per 64-bit word,
       the high bit of each byte flags a nonzero byte, a multiply gathers the eight flags. */
    static inline unsigned long long fz_nz_bytes(unsigned long long w) {
        const unsigned long long lo7 = 0x7F7F7F7F7F7F7F7FULL;
        return (((w & lo7) + lo7) | w) & 0x8080808080808080ULL;
    }
    static inline unsigned long long fz_gather8(unsigned long long flags) {
        return ((flags >> 7) * 0x0102040810204080ULL) >> 56;
    }
    #if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    static inline unsigned long long fz_counts_mask(const unsigned char* c, int v) {
        /* byte order unknown or big-endian: the plain loop */
        unsigned long long m = 0;
        int k;
        for (k = 0; k < 34; k++)
            m |= (unsigned long long)(v < 0 ? c[k] != 0 : c[k] == v) << k;
        return m;
    }
    #else
    static inline unsigned long long fz_counts_mask(const unsigned char* c, int v) {
        unsigned long long m = 0, w, rep = v < 0 ? 0 : 0x0101010101010101ULL * (unsigned long long)v;
        unsigned long long flip = v < 0 ? 0 : 0x8080808080808080ULL;
        int i;
        for (i = 0; i < 4; i++) {
            memcpy(&w, c + 8 * i, 8);
            m |= fz_gather8(fz_nz_bytes(w ^ rep) ^ flip) << (8 * i);
        }
        if (v < 0) {
            m |= (unsigned long long)(c[32] != 0) << 32 | (unsigned long long)(c[33] != 0) << 33;
        } else {
            m |= (unsigned long long)(c[32] == v) << 32 | (unsigned long long)(c[33] == v) << 33;
        }
        return m;
    }
    #endif
    """
    int popcount64(uint64_t x) nogil
    int ctz64(uint64_t x) nogil
    uint64_t fz_counts_mask(const uint8_t* c, int v) nogil


cdef inline uint64_t held_mask(const Hand* h) noexcept nogil:
    """Bit k set iff the hand holds kind k."""
    return fz_counts_mask(h.counts, -1)


cdef enum:
    ST_ERR = -1
    ST_CONT = 0
    ST_END = 1
    NO_TILE = 255


class InvariantError(RuntimeError):
    """Raised by `check=True` when the engine breaks one of its own invariants (a bug)."""


#: Decision names (the `decision` field of a Python policy's observation).
DECISIONS = ("turn", "after_claim", "discard_win", "claim", "rob_kong", "opening_win", "dealer_qiangjin")
#: Action type names (the first element of a legal-action tuple).
ACTIONS = ("pass", "discard", "win", "concealed_kong", "added_kong", "pung", "kong", "chow", "qiangjin", "youjin")
#: Event type names, by EventType value.
EVENTS = {
    EV_DEAL: "deal", EV_FLOWER: "flower", EV_REPLACE: "replace", EV_GOLD_FLIP: "gold_flip",
    EV_GOLD: "gold", EV_DRAW: "draw", EV_DISCARD: "discard", EV_CHOW: "chow", EV_PUNG: "pung",
    EV_EXPOSED_KONG: "kong", EV_CONCEALED_KONG: "concealed_kong", EV_ADDED_KONG: "added_kong",
    EV_DECLINE: "decline", EV_LAST_GROUP: "last_group", EV_WIN: "win", EV_DRAWN: "drawn",
    EV_QIANGJIN_GIVE: "qiangjin_give", EV_YOUJIN: "youjin",
}
POLICIES = {"greedy": POLICY_GREEDY, "random": POLICY_RANDOM}

#: Columns of `play_block` (contract 3), in order, with their dtypes.
COLUMNS = (
    ("game_id", np.int64), ("hand", np.int16), ("wall_digest", np.uint64), ("dealer", np.int8),
    ("streak", np.int16), ("gold", np.int8), ("outcome", np.int8), ("winner", np.int8),
    ("discarder", np.int8), ("win_type", np.int8), ("specials", np.uint32),
    ("special_counted", np.uint32), ("flags", np.uint32), ("youjin_level", np.int8),
    ("F", np.int16), ("K", np.int16), ("G", np.int16), ("L", np.int16), ("S", np.int16),
    ("delta_0", np.int32), ("delta_1", np.int32), ("delta_2", np.int32), ("delta_3", np.int32),
    ("turns", np.int16), ("tiles_left", np.int16),
    ("flowers_0", np.int8), ("flowers_1", np.int8), ("flowers_2", np.int8), ("flowers_3", np.int8),
    ("golds_0", np.int8), ("golds_1", np.int8), ("golds_2", np.int8), ("golds_3", np.int8),
)


# ---------------------------------------------------------------------------------------------
# Wall, randomness, small helpers

cdef void fill_sorted_tiles(uint8_t* wall) noexcept nogil:
    """The 144 tiles in canonical order: kinds 0..33 four times each, then the 8 flowers."""
    cdef int t
    for t in range(136):
        wall[t] = t // 4
    for t in range(8):
        wall[136 + t] = 34 + t


cdef void shuffle_wall(uint8_t* wall, uint64_t root, uint64_t game, uint64_t hand) noexcept nogil:
    """Fisher-Yates from the top: for i = 143..1 swap wall[i] with wall[rng_below(i + 1)]."""
    cdef Rng r
    cdef int i, j
    cdef uint8_t t
    rng_seed(&r, root, game, hand, STREAM_WALL)
    fill_sorted_tiles(wall)
    i = 143
    while i > 0:
        j = rng_below(&r, i + 1)
        t = wall[i]
        wall[i] = wall[j]
        wall[j] = t
        i -= 1


cdef uint64_t digest_wall(const uint8_t* wall) noexcept nogil:
    """FNV-1a (64-bit) over the 144 kind bytes, head first."""
    cdef uint64_t h = FZ_FNV_OFFSET
    cdef int i
    for i in range(144):
        h ^= wall[i]
        h *= FZ_FNV_PRIME
    return h


cdef int match_first_dealer(uint64_t root, uint64_t game) noexcept nogil:
    cdef Rng r
    rng_seed(&r, root, game, 0, STREAM_MATCH)
    return rng_below(&r, 4)


cdef inline bint is_flower(const Game* g, int kind) noexcept nogil:
    return kind >= 34 or (kind >= 27 and g.r.honors_are_flowers)


cdef inline int live_tiles(const Game* g) noexcept nogil:
    return g.tail - g.head + 1


cdef int flower_sets(const Seat* s) noexcept nogil:
    """Complete flower sets (four identical honours, 春夏秋冬, 梅兰竹菊) one seat holds."""
    cdef int k, n = 0
    for k in range(7):
        if s.flowers[k] == 4:
            n += 1
    if s.flowers[7] and s.flowers[8] and s.flowers[9] and s.flowers[10]:
        n += 1
    if s.flowers[11] and s.flowers[12] and s.flowers[13] and s.flowers[14]:
        n += 1
    return n


cdef inline int reserve(const Game* g) noexcept nogil:
    """R of §9: live tiles that are never drawn (the indicator is already out of `live`)."""
    return (g.r.reserve_base + g.r.reserve_per_exposed_kong * g.table_exposed_kongs
            + g.r.reserve_per_concealed_kong * g.table_concealed_kongs
            + g.r.reserve_per_flower_set * g.table_flower_sets)


cdef inline void log_event(Game* g, int type, int seat, int tile, int arg) noexcept nogil:
    if g.logging and g.n_events < MAX_EVENTS:
        g.events[g.n_events].type = type
        g.events[g.n_events].seat = seat
        g.events[g.n_events].tile = tile
        g.events[g.n_events].arg = arg
        g.n_events += 1


cdef int fail(Game* g, const char* what, int a, int b) noexcept nogil:
    if g.error == 0:
        g.error = 1
        snprintf(g.errmsg, sizeof(g.errmsg), "%s (%d, %d)", what, a, b)
    return ST_ERR


cdef inline uint16_t act(int type, int kind) noexcept nogil:
    return <uint16_t>((type << 8) | (kind & 0xFF))


cdef inline int act_type(uint16_t a) noexcept nogil:
    return a >> 8


cdef inline int act_kind(uint16_t a) noexcept nogil:
    return a & 0xFF


cdef inline void give_flower(Game* g, int seat, int kind) noexcept nogil:
    """Set a flower aside for `seat`, counting a set it completes (reserve() reads the count on
    every draw, so it is kept up to date here rather than recounted; the invariants recount it)."""
    cdef uint8_t* f = g.seats[seat].flowers
    cdef int slot = kind - 27
    f[slot] += 1
    g.seats[seat].n_flowers += 1
    if slot < 7:
        if f[slot] == 4:
            g.table_flower_sets += 1
    elif slot < 11:
        if f[7] and f[8] and f[9] and f[10]:
            g.table_flower_sets += 1
    elif f[11] and f[12] and f[13] and f[14]:
        g.table_flower_sets += 1
    log_event(g, EV_FLOWER, seat, kind, 0)


cdef inline bint has_pung(const Seat* s, int kind) noexcept nogil:
    cdef int i
    for i in range(s.n_melds):
        if s.melds[i].type == MELD_PUNG and s.melds[i].kind == kind:
            return True
    return False


cdef inline void add_meld(Seat* s, int type, int kind, int source) noexcept nogil:
    s.melds[s.n_melds].type = type
    s.melds[s.n_melds].kind = kind
    s.melds[s.n_melds].source = source
    s.n_melds += 1


# ---------------------------------------------------------------------------------------------
# Invariants (check=True)

cdef int check_invariants(Game* g) noexcept nogil:
    """All 144 tiles accounted for kind by kind, packed hands consistent, hand sizes right."""
    cdef int cnt[42]
    cdef int s, k, i, m, full = 0, total, sets = 0
    cdef Seat* st
    cdef Hand fresh
    memset(cnt, 0, sizeof(cnt))
    for s in range(4):
        st = &g.seats[s]
        sets += flower_sets(st)
        for k in range(34):
            cnt[k] += st.hand.counts[k]
            if st.hand.counts[k] and is_flower(g, k):
                return fail(g, "a flower is held in hand (seat, kind)", s, k)
        for k in range(N_FLOWER_SLOTS):
            cnt[27 + k] += st.flowers[k]
        for i in range(st.n_melds):
            m = st.melds[i].kind
            if st.melds[i].type == MELD_CHOW:
                if m >= 27 or m % 9 > 6:
                    return fail(g, "malformed chow (seat, kind)", s, m)
                if g.gold >= m and g.gold <= m + 2:
                    return fail(g, "a gold used in a chow (seat, kind)", s, m)
                cnt[m] += 1
                cnt[m + 1] += 1
                cnt[m + 2] += 1
            else:
                if m == g.gold:
                    return fail(g, "a gold used in a pung or kong (seat, kind)", s, m)
                cnt[m] += 3 if st.melds[i].type == MELD_PUNG else 4
        if s == 3 and sets != g.table_flower_sets:
            return fail(g, "flower-set count out of step (counted, kept)", sets, g.table_flower_sets)
        fresh = st.hand
        hand_init(&fresh, g.gold)
        for k in range(34):
            for i in range(st.hand.counts[k]):
                hand_add(&fresh, k)
        for i in range(4):
            if fresh.key[i] != st.hand.key[i]:
                return fail(g, "packed hand key out of step with counts (seat, suit)", s, i)
        if fresh.golds != st.hand.golds or fresh.size != st.hand.size:
            return fail(g, "packed hand golds/size out of step (seat, size)", s, st.hand.size)
        total = st.hand.size + 3 * st.n_melds
        if total == 16 and s != g.cur_seat and st.wait_mask != hand_wait_mask(&st.hand):
            return fail(g, "cached wait mask out of step (seat, size)", s, st.hand.size)
        m = 0
        for i in range(st.n_melds):
            if st.melds[i].type == MELD_PUNG:
                m += 1
                if not (st.pung_mask >> st.melds[i].kind) & 1:
                    return fail(g, "pung missing from the pung mask (seat, kind)", s, st.melds[i].kind)
        if m != popcount64(st.pung_mask):
            return fail(g, "pung mask holds extra kinds (seat, pungs)", s, m)
        if total == 17:
            full += 1
        elif total != 16:
            return fail(g, "hand size wrong: concealed + 3 x melds (seat, value)", s, total)
    # 17 tiles: the seat on turn; a winner holding its winning tile beside it; the last group's drawers
    if full > 1 and not g.in_last_group and not (g.row.outcome == 1 and full == 2):
        return fail(g, "more than one seat holds 17 tiles outside the last group (count, 0)", full, 0)
    for k in range(34):
        cnt[k] += g.pond[k]
    for i in range(g.head, g.tail + 1):
        cnt[g.wall[i]] += 1
    if not g.indicator_taken:
        cnt[g.gold] += 1
    for k in range(42):
        if cnt[k] != (4 if k < 34 else 1):
            return fail(g, "tile accounting broken (kind, count)", k, cnt[k])
    return ST_CONT


cdef int others_youjin(const Game* g, int s) noexcept nogil:
    """Highest 游金 level among the other seats."""
    cdef int i, m = 0
    for i in range(4):
        if i != s and g.seats[i].youjin > m:
            m = g.seats[i].youjin
    return m


cdef bint youjin_blocks_win(const Game* g, int s, bint selfdraw, bint from_kong) noexcept nogil:
    """§11 limits on an ordinary win by seat s when the 游金 chain is played: a seat in 游金 wins
    only by self-draw; with >= 2 golds only through 游金 (must_youjin_with_two_golds); while another
    seat is in 双游 only self-draws win, while one is in 三游 only kong replacements."""
    cdef const Seat* st = &g.seats[s]
    cdef int other
    if not g.r.youjin:
        return False
    if st.youjin:
        return not selfdraw
    if g.r.must_youjin_with_two_golds and st.hand.golds >= 2:
        return True
    other = others_youjin(g, s)
    if other >= 3:
        return not (selfdraw and from_kong)
    if other >= 2:
        return not selfdraw
    return False


cdef bint is_youjin_wait(const Game* g, Hand* h) noexcept nogil:
    """A 3n+1 hand holding a gold that any drawable tile completes (the gold is a single)."""
    cdef uint64_t mask
    cdef int k
    if h.golds == 0:
        return False
    mask = hand_wait_mask(h)
    for k in range(g.n_kinds):
        if h.counts[k] < 4 and not (mask >> k) & 1:
            return False
    return True


cdef bint youjin_gold_freed(const Game* g, Hand* h) noexcept nogil:
    """双游/三游 (§11): after a draw in 游金, does throwing a gold leave the hand waiting on any
    tile with a gold single? True for a drawn gold, and for a drawn natural tile that takes the
    place of a gold standing in a meld."""
    cdef bint freed
    if h.golds < 2:
        return False
    hand_remove(h, g.gold)
    freed = is_youjin_wait(g, h)
    hand_add(h, g.gold)
    return freed


cdef bint can_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    """May seat s win on tile k from another seat (a discard or a robbed added kong)?
    fresh=False reads the seat's cached wait mask, fresh=True asks the win search again."""
    cdef Seat* st = &g.seats[s]
    if not fresh and not (st.wait_mask >> k) & 1:   # the usual answer, first
        return False
    if k == g.gold:
        return False
    if g.r.gold_discard == GOLD_DISCARD_SELFDRAW_ONLY and st.discarded_gold:
        return False
    if g.r.guoshui and (st.guoshui_mask >> k) & 1:
        return False
    if fresh:
        if not hand_wins_with(&st.hand, k):
            return False
    elif not (st.wait_mask >> k) & 1:
        return False
    if g.r.xianjin_selfdraw_only and hand_is_xianjin_wait(&st.hand):
        return False
    if youjin_blocks_win(g, s, False, False):
        return False
    return True


cdef int verify_action(Game* g, int seat, int dec, uint16_t a) noexcept nogil:
    """Independent legality check of a chosen action (check=True)."""
    cdef Seat* st = &g.seats[seat]
    cdef Hand* h = &st.hand
    cdef int t = act_type(a), k = act_kind(a), c = g.claim_tile, lo
    if t == ACT_PASS:
        return ST_CONT if dec >= DEC_DISCARD_WIN else fail(g, "pass on own turn (seat, dec)", seat, dec)
    if t == ACT_DISCARD:
        if dec > DEC_AFTER_CLAIM or k >= 34 or h.counts[k] == 0:
            return fail(g, "illegal discard (seat, kind)", seat, k)
        if not st.youjin and not (discard_mask(g, held_mask(h), g.turn_claimed) >> k) & 1:
            return fail(g, "discard of a claimed kind or a forbidden gold (seat, kind)", seat, k)
        if h.size % 3 != 2:
            return fail(g, "discard from a hand of the wrong size (seat, size)", seat, h.size)
        return ST_CONT
    if t == ACT_WIN:
        if dec == DEC_TURN:
            if not (hand_is_win(h) or h.golds >= 3):
                return fail(g, "self-draw win on a hand that does not win (seat, size)", seat, h.size)
        elif dec == DEC_DISCARD_WIN or dec == DEC_ROB_KONG:
            if not can_discard_win(g, seat, c, True):
                return fail(g, "illegal win on a discard (seat, kind)", seat, c)
        elif dec != DEC_OPENING_WIN:
            return fail(g, "win offered at a wrong decision (seat, dec)", seat, dec)
        return ST_CONT
    if t == ACT_CONCEALED_KONG:
        return ST_CONT if (dec == DEC_TURN and k != g.gold and h.counts[k] == 4) else fail(
            g, "illegal concealed kong (seat, kind)", seat, k)
    if t == ACT_ADDED_KONG:
        return ST_CONT if (dec == DEC_TURN and k != g.gold and h.counts[k] >= 1 and has_pung(st, k)) else fail(
            g, "illegal added kong (seat, kind)", seat, k)
    if t == ACT_PUNG or t == ACT_EXPOSED_KONG:
        if dec != DEC_CLAIM or k != c or c == g.gold or seat == g.claim_from:
            return fail(g, "illegal pung/kong claim (seat, kind)", seat, k)
        if h.counts[k] < (2 if t == ACT_PUNG else 3):
            return fail(g, "pung/kong without the tiles (seat, kind)", seat, k)
        return ST_CONT
    if t == ACT_CHOW:
        lo = k
        if dec != DEC_CLAIM or seat != (g.claim_from + 1) % 4 or c >= 27 or c == g.gold:
            return fail(g, "illegal chow claim (seat, kind)", seat, c)
        if lo >= 27 or lo % 9 > 6 or c < lo or c > lo + 2:
            return fail(g, "chow does not contain the claimed tile (low, claimed)", lo, c)
        for k in range(lo, lo + 3):
            if k != c and (k == g.gold or h.counts[k] == 0):
                return fail(g, "chow without the tiles or with a gold (seat, kind)", seat, k)
        return ST_CONT
    if t == ACT_YOUJIN:
        if dec != DEC_TURN or not g.r.youjin or k >= 34 or h.counts[k] == 0:
            return fail(g, "illegal youjin (seat, kind)", seat, k)
        if st.youjin:
            return ST_CONT if (k == g.gold and st.youjin < 3 and youjin_gold_freed(g, h)) else fail(
                g, "youjin level up without a freed gold (seat, level)", seat, st.youjin)
        if not hand_is_win(h):
            return fail(g, "youjin entered from a hand that is not complete (seat, kind)", seat, k)
        return ST_CONT
    if t == ACT_QIANGJIN:
        return ST_CONT if (dec == DEC_DEALER_QIANGJIN and seat == g.dealer and h.counts[k] > 0) else fail(
            g, "illegal dealer qiangjin (seat, kind)", seat, k)
    return fail(g, "unknown action (seat, code)", seat, a)


# ---------------------------------------------------------------------------------------------
# Policies

cdef inline int unseen(const Game* g, const Hand* h, int k) noexcept nogil:
    cdef int v = 4 - g.seen[k] - h.counts[k]
    return v if v > 0 else 0


cdef inline uint64_t kinds_mask(const Game* g) noexcept nogil:
    """Kinds that can be held (honours only when they are not flowers)."""
    return ((<uint64_t>1) << g.n_kinds) - 1


cdef uint64_t near_mask(const Game* g, const Hand* h) noexcept nogil:
    """Kinds that can lower a hand's shanten when drawn: held kinds, their neighbours within two
    ranks of the same suit, and the gold. An isolated new tile never helps: below ready every
    meld/pair slot of a best decomposition already holds a tile, so the newcomer could only
    replace one. Shifts move the held suit tiles up or down one or two ranks; the rank masks
    keep them inside their suit."""
    cdef uint64_t gbit = (<uint64_t>1) << g.gold
    cdef uint64_t held = held_mask(h) & kinds_mask(g) & ~gbit
    cdef uint64_t s = held & 0x7FFFFFFULL                   # suited kinds 0..26
    cdef uint64_t r0 = 0x8040201ULL                           # rank 1 of m, p, s (and 1z)
    cdef uint64_t r8 = 0x4020100ULL                           # rank 9 of m, p, s
    cdef uint64_t m = (s | ((s << 1) & ~r0) | ((s << 2) & ~(r0 | (r0 << 1)))
                       | ((s >> 1) & ~r8) | ((s >> 2) & ~(r8 | (r8 >> 1)))) & 0x7FFFFFFULL
    return m | (held & ~0x7FFFFFFULL) | gbit


cdef int useful_draws_plain(const Game* g, Hand* h, int sh) noexcept nogil:
    """Unseen tiles whose draw lowers the shanten of the 3n+1 hand h (at `sh`), every drawable
    kind tried: the definition, which check=True holds the fast count below to."""
    cdef int x, v, total = 0
    for x in range(g.n_kinds):
        v = unseen(g, h, x)
        if v:
            hand_add(h, x)
            if hand_shanten(h) < sh:
                total += v
            hand_remove(h, x)
    return total


cdef int useful_draws(Hand* h, int sh, uint64_t todo, const int* un, int pot, int floor) noexcept nogil:
    """The useful-draw count of the 3n+1 hand h (at shanten `sh` > 0) when `pot` is the count if
    every kind in `todo` helped (unseen counts in `un`), the kinds outside it already settled;
    or -1 as soon as it is sure to stay below `floor` (the best count of an earlier discard: a
    discard that cannot tie it is out of the tie-break whatever its exact count)."""
    cdef int x, q
    cdef uint32_t key
    cdef Hand t = h[0]
    t.size += 1   # trial draws on a copy one tile larger: only one key digit and count change
    while todo:
        x = ctz64(todo)
        todo &= todo - 1
        q = FZ_KPART[x]
        key = t.key[q]
        t.key[q] = key + FZ_KPOW[x]
        t.counts[x] += 1
        if hand_shanten(&t) >= sh:
            pot -= un[x]
            if pot < floor:
                return -1
        t.key[q] = key
        t.counts[x] -= 1
    return pot


cdef int wait_draws(const Game* g, Hand* h) noexcept nogil:
    """Unseen tiles completing the ready 3n+1 hand h."""
    cdef int x, total = 0
    cdef uint64_t m = hand_wait_mask(h) & kinds_mask(g)
    while m:
        x = ctz64(m)
        m &= m - 1
        total += unseen(g, h, x)
    return total


cdef int best_discard_shanten(const Game* g, Hand* h, int banned) noexcept nogil:
    """Lowest shanten reachable by one discard from the 3n+2 hand h (never a gold unless forced)."""
    cdef int k, sh, best = 99, best_gold = 99
    cdef uint64_t m = held_mask(h)
    if banned >= 0:
        m &= ~((<uint64_t>1) << banned)
    while m:
        k = ctz64(m)
        m &= m - 1
        hand_remove(h, k)
        sh = hand_shanten(h)
        hand_add(h, k)
        if k == g.gold:
            best_gold = sh
        elif sh < best:
            best = sh
    return best if best < 99 else best_gold


cdef inline int youjin_multiplier(const RuleSet* r, int level) noexcept nogil:
    """The self-draw multiplier of a win at 游金 level 0..3 (only youjin scoring has them)."""
    if r.scoring != SCORING_YOUJIN:
        return 1
    if level == 0:
        return r.youjin_mult_selfdraw
    if level == 1:
        return r.youjin_mult_single
    if level == 2:
        return r.youjin_mult_double
    return r.youjin_mult_triple


cdef bint youjin_worth_more(const Game* g, int seat) noexcept nogil:
    """Greedy's 游金 choice (§11): instead of winning now, enter or go up the 游金 chain when
    the next level pays a larger multiplier and the seat is sure to draw again (at least four
    draws before the reserve, so the wait on any tile gets its draw unless another seat wins
    first — the risk greedy takes for a doubled payment)."""
    cdef int level = g.seats[seat].youjin
    return (level < 3
            and youjin_multiplier(&g.r, level + 1) > youjin_multiplier(&g.r, level)
            and live_tiles(g) - reserve(g) >= 4)


cdef int greedy_discard(Game* g, int seat, uint16_t* acts, int n) noexcept nogil:
    """Greedy own turn (§8): win (or 游金 when it pays more, see youjin_worth_more), else the discard with the fewest tiles from ready (golds wild),
    then most useful draws, never a gold unless forced; a kong when it does not worsen that."""
    cdef Hand* h = &g.seats[seat].hand
    cdef int i, k, t, sh, best_sh = 99, n_tied = 0, u, best_u, any_plain = 0
    cdef bint back_useful
    cdef int x, uk, pot, pot0
    cdef int un[34]
    cdef uint64_t m, avail, gbit
    cdef int sh_of[MAX_ACTIONS]
    cdef int tied[MAX_ACTIONS]
    cdef uint64_t near
    cdef int win_at = -1, youjin_at = -1
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_WIN and win_at < 0:
            win_at = i
        elif t == ACT_YOUJIN and youjin_at < 0:
            youjin_at = i
        elif t == ACT_DISCARD and act_kind(acts[i]) != g.gold:
            any_plain = 1
    if win_at >= 0 and not (youjin_at >= 0 and youjin_worth_more(g, seat)):
        return win_at
    if youjin_at >= 0:   # 游金 pays more (or no win is allowed, e.g. two golds must 游金)
        return youjin_at
    for i in range(n):
        sh_of[i] = 99
        if act_type(acts[i]) != ACT_DISCARD:
            continue
        k = act_kind(acts[i])
        if k == g.gold and any_plain:
            continue
        hand_remove(h, k)
        sh_of[i] = hand_shanten(h)
        hand_add(h, k)
        if sh_of[i] < best_sh:
            best_sh = sh_of[i]
    for i in range(n):
        t = act_type(acts[i])
        k = act_kind(acts[i])
        if t == ACT_CONCEALED_KONG:
            hand_remove(h, k); hand_remove(h, k); hand_remove(h, k); hand_remove(h, k)
            sh = hand_shanten(h)
            hand_add(h, k); hand_add(h, k); hand_add(h, k); hand_add(h, k)
            if sh <= best_sh:
                return i
        elif t == ACT_ADDED_KONG:
            hand_remove(h, k)
            sh = hand_shanten(h)
            hand_add(h, k)
            if sh <= best_sh:
                return i
    for i in range(n):
        if sh_of[i] == best_sh:
            tied[n_tied] = i
            n_tied += 1
    if n_tied == 1:
        return tied[0]
    # tie-break on useful draws, then uniformly at random among the best. Draws that can help
    # (near_mask) and their unseen counts are those of the hand before the discard except for
    # the discarded kind k itself; a gold always helps (wild: shanten drops by one) and drawing k
    # back helps iff the hand before the discard is below best_sh, the same for every k.
    best_u = -1
    u = 0
    near = near_mask(g, h) & kinds_mask(g)
    gbit = (<uint64_t>1) << g.gold
    avail = 0
    pot0 = 0
    m = near
    while m:
        x = ctz64(m)
        m &= m - 1
        un[x] = unseen(g, h, x)
        if un[x]:
            avail |= (<uint64_t>1) << x
            pot0 += un[x]
    back_useful = best_sh > 0 and hand_shanten(h) < best_sh   # h - k + k = h
    for i in range(n_tied):
        k = act_kind(acts[tied[i]])
        hand_remove(h, k)
        if best_sh == 0:
            u = wait_draws(g, h)
        elif k == g.gold:   # not reached: a gold is only discarded when nothing else may go
            u = useful_draws_plain(g, h, best_sh)
        else:
            uk = unseen(g, h, k)
            pot = pot0 - (un[k] if (avail >> k) & 1 else 0) + (uk if back_useful else 0)
            u = -1 if pot < best_u else useful_draws(
                h, best_sh, avail & ~gbit & ~((<uint64_t>1) << k), un, pot, best_u)
            if g.check:
                pot = useful_draws_plain(g, h, best_sh)
                if (u >= 0 and u != pot) or (u < 0 and pot >= best_u):
                    hand_add(h, k)
                    fail(g, "fast useful-draw count differs from the definition (fast, plain)", u, pot)
                    return 0
        hand_add(h, k)
        sh_of[tied[i]] = u
        if u > best_u:
            best_u = u
    u = 0
    for i in range(n_tied):
        if sh_of[tied[i]] == best_u:
            tied[u] = tied[i]
            u += 1
    return tied[rng_below(&g.prng, u)] if u > 1 else tied[0]


cdef int greedy_claim(Game* g, int seat, uint16_t* acts, int n) noexcept nogil:
    """Claim a pung / kong / chow only when the best hand after it is no further from ready."""
    cdef Hand* h = &g.seats[seat].hand
    cdef int i, t, k, lo, sh, rank, c = g.claim_tile
    cdef int sh0 = hand_shanten(h), best = -1, best_sh, best_rank = 0
    cdef int banned = c if g.r.no_discard_claimed_tile else -1
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
            sh = best_discard_shanten(g, h, banned)
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
            sh = best_discard_shanten(g, h, banned)
            for k in range(lo, lo + 3):
                if k != c:
                    hand_add(h, k)
            rank = 1
        else:
            continue
        if sh < best_sh or (sh == best_sh and rank > best_rank):
            best, best_sh, best_rank = i, sh, rank
    return best


cdef int greedy_choose(Game* g, int seat, int dec, uint16_t* acts, int n) noexcept nogil:
    cdef int i
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return greedy_discard(g, seat, acts, n)
    if dec == DEC_CLAIM:
        return greedy_claim(g, seat, acts, n)
    for i in range(n):   # every win and 抢金 is taken
        if act_type(acts[i]) != ACT_PASS:
            return i
    return 0


cdef int python_choose(Game* g, int seat, int dec, uint16_t* acts, int n) noexcept with gil:
    """Ask a Python callable; an exception is stored in g.py_errors and ends the game."""
    cdef int i
    try:
        fn = <object>g.py_policy[seat]
        legal = [action_tuple(acts[i]) for i in range(n)]
        answer = fn(observation(g, seat, dec), legal)
        if isinstance(answer, tuple):
            if answer not in legal:
                raise ValueError(f"policy for seat {seat} chose {answer!r}, not one of the legal actions {legal}")
            return legal.index(answer)
        if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool) and 0 <= answer < n:
            return int(answer)
        raise ValueError(
            f"policy for seat {seat} returned {answer!r}: allowed an index 0..{n - 1} or one of {legal}")
    except BaseException as exc:
        (<list>g.py_errors).append(exc)
        return -1


cdef int choose(Game* g, int seat, int dec, uint16_t* acts, int n) noexcept nogil:
    """The seat's policy picks one of the n legal actions; -1 on error."""
    cdef int i
    if n == 1:
        i = 0
    elif g.policy[seat] == POLICY_GREEDY:
        i = greedy_choose(g, seat, dec, acts, n)
    elif g.policy[seat] == POLICY_RANDOM:
        i = rng_below(&g.prng, n)
    else:
        i = python_choose(g, seat, dec, acts, n)
        if i < 0:
            g.error = 2
            return -1
    if i < 0 or i >= n:
        fail(g, "policy returned an out-of-range action (seat, index)", seat, i)
        return -1
    if g.error:   # a check inside the policy failed
        return -1
    if g.check and verify_action(g, seat, dec, acts[i]) != ST_CONT:
        return -1
    return i


# ---------------------------------------------------------------------------------------------
# The hand

cdef void finish_row(Game* g) noexcept nogil:
    cdef int s
    g.row.tiles_left = live_tiles(g)
    for s in range(4):
        g.row.flowers[s] = g.seats[s].n_flowers
        g.row.golds[s] = g.seats[s].hand.golds


cdef int end_drawn(Game* g, int reason) noexcept nogil:
    log_event(g, EV_DRAWN, -1, -1, reason)
    g.row.outcome = 0
    finish_row(g)
    return ST_END


cdef int finish_win(Game* g, int winner, int discarder, int win_type, uint32_t flags,
                    uint32_t specials, int tile) noexcept nogil:
    """Record a win: seat `winner` already holds the winning tile `tile` (-1 if none)."""
    cdef Seat* st = &g.seats[winner]
    cdef Hand* h = &st.hand
    cdef WinFacts f
    cdef ScoreResult res
    cdef int i
    cdef bint xianjin = False
    if tile >= 0:
        hand_remove(h, tile)
        xianjin = hand_is_xianjin_wait(h)
        hand_add(h, tile)
    if xianjin:
        flags |= FLAG_XIANJIN
    if hand_is_win(h):
        if hand_is_jinque(h):
            specials |= SP_JINQUE
        if hand_is_jinlong(h):
            specials |= SP_JINLONG
    memset(&f, 0, sizeof(f))
    f.winner = winner
    f.dealer = g.dealer
    f.discarder = discarder
    f.win_type = win_type
    f.specials = specials
    for i in range(N_FLOWER_SLOTS):
        f.flowers[i] = st.flowers[i]
    f.exposed_kongs = st.exposed_kongs
    f.concealed_kongs = st.concealed_kongs
    f.golds = h.golds
    f.dealer_streak = g.streak if g.streak < 255 else 255
    f.youjin_level = st.youjin
    g.row.youjin_level = st.youjin
    memset(&res, 0, sizeof(res))
    score_win(&g.r, &f, &res)
    g.row.outcome = 1
    g.row.winner = winner
    g.row.discarder = discarder
    g.row.win_type = win_type
    g.row.specials = res.specials
    g.row.special_counted = res.special_counted
    g.row.flags = flags
    g.row.F = res.F
    g.row.K = res.K
    g.row.G = res.G
    g.row.L = res.L
    g.row.S = res.S
    for i in range(4):
        g.row.deltas[i] = res.deltas[i]
    finish_row(g)
    log_event(g, EV_WIN, winner, tile, win_type)
    if g.check:
        if res.deltas[0] + res.deltas[1] + res.deltas[2] + res.deltas[3] != 0:
            return fail(g, "scores are not zero-sum (winner, sum)", winner,
                        res.deltas[0] + res.deltas[1] + res.deltas[2] + res.deltas[3])
        if check_invariants(g) != ST_CONT:
            return ST_ERR
    return ST_END


cdef int replacement(Game* g, int seat) noexcept nogil:
    """Replacement draw from the tail for `seat`, setting flowers aside; the kind drawn,
    or -1 when the reserve is reached (the caller ends the hand drawn)."""
    cdef int k
    while True:
        if live_tiles(g) <= reserve(g):
            return -1
        k = g.wall[g.tail]
        g.tail -= 1
        log_event(g, EV_REPLACE, seat, k, 0)
        if is_flower(g, k):
            give_flower(g, seat, k)
            continue
        hand_add(&g.seats[seat].hand, k)
        g.seats[seat].last_draw = k
        return k


cdef int setup(Game* g) noexcept nogil:
    """Deal, opening 补花 in rounds from the dealer (§3), gold reveal (§4)."""
    cdef uint8_t raw[4][42]
    cdef bint active[4]
    cdef bint drew[4]
    cdef int i, j, s, k, c, nf, any_drew
    memset(raw, 0, sizeof(raw))
    for i in range(4):
        s = (g.dealer + i) % 4
        for j in range(16):
            k = g.wall[16 * i + j]
            raw[s][k] += 1
            log_event(g, EV_DEAL, s, k, 0)
    raw[g.dealer][g.wall[64]] += 1
    log_event(g, EV_DEAL, g.dealer, g.wall[64], 0)
    g.head = 65
    g.tail = 143
    for s in range(4):
        active[s] = True
    while True:
        any_drew = 0
        for i in range(4):
            s = (g.dealer + i) % 4
            drew[s] = False
            if not active[s]:
                continue
            nf = 0
            for k in range(27, 42):
                if is_flower(g, k):
                    c = raw[s][k]
                    for j in range(c):
                        give_flower(g, s, k)
                    raw[s][k] = 0
                    nf += c
            for j in range(nf):
                k = g.wall[g.tail]
                g.tail -= 1
                log_event(g, EV_REPLACE, s, k, 0)
                raw[s][k] += 1
                if is_flower(g, k):
                    drew[s] = True
                    any_drew = 1
        if not any_drew:
            break
        for s in range(4):
            active[s] = drew[s]
    while True:   # flip at the tail until a non-flower; flipped flowers go to the dealer
        k = g.wall[g.tail]
        g.tail -= 1
        if is_flower(g, k):
            log_event(g, EV_GOLD_FLIP, g.dealer, k, 1)
            give_flower(g, g.dealer, k)
            continue
        log_event(g, EV_GOLD_FLIP, -1, k, 0)
        break
    g.gold = k
    g.row.gold = k
    g.seen[k] += 1
    log_event(g, EV_GOLD, -1, k, 0)
    g.n_kinds = 27 if g.r.honors_are_flowers else 34
    for s in range(4):
        hand_set_counts(&g.seats[s].hand, raw[s], g.gold)   # flowers are already out of raw
        if s != g.dealer:
            g.seats[s].wait_mask = hand_wait_mask(&g.seats[s].hand)
    if g.check:
        return check_invariants(g)
    return ST_CONT


cdef int opening_window(Game* g) noexcept nogil:
    """§7 in priority order: 天胡 (or dealer 三金倒), non-dealer 三金倒, non-dealer 抢金, dealer 抢金."""
    cdef uint16_t acts[MAX_ACTIONS]
    cdef int d = g.dealer, i, s, k, n, c
    cdef Hand* h = &g.seats[d].hand
    cdef bint tian = hand_is_win(h), three = h.golds >= 3
    if tian or three:
        acts[0] = act(ACT_WIN, NO_TILE)
        acts[1] = act(ACT_PASS, NO_TILE)
        c = choose(g, d, DEC_OPENING_WIN, acts, 2)
        if c < 0:
            return ST_ERR
        if c == 0:
            g.row.turns = 1
            return finish_win(g, d, -1, WIN_TIANHU if tian else WIN_SANJINDAO, FLAG_SELFDRAW,
                              (SP_TIANHU if tian else 0) | (SP_SANJINDAO if three else 0), -1)
        log_event(g, EV_DECLINE, d, -1, DEC_OPENING_WIN)
    for i in range(1, 4):
        s = (d + i) % 4
        if g.seats[s].hand.golds >= 3:
            acts[0] = act(ACT_WIN, NO_TILE)
            acts[1] = act(ACT_PASS, NO_TILE)
            c = choose(g, s, DEC_OPENING_WIN, acts, 2)
            if c < 0:
                return ST_ERR
            if c == 0:
                g.row.turns = 1
                return finish_win(g, s, -1, WIN_SANJINDAO, FLAG_SELFDRAW, SP_SANJINDAO, -1)
            log_event(g, EV_DECLINE, s, -1, DEC_OPENING_WIN)
    for i in range(1, 4):
        s = (d + i) % 4
        if hand_wins_with(&g.seats[s].hand, g.gold):
            acts[0] = act(ACT_WIN, g.gold)
            acts[1] = act(ACT_PASS, NO_TILE)
            c = choose(g, s, DEC_OPENING_WIN, acts, 2)
            if c < 0:
                return ST_ERR
            if c == 0:
                hand_add(&g.seats[s].hand, g.gold)
                g.indicator_taken = True
                g.seen[g.gold] -= 1
                g.row.turns = 1
                return finish_win(g, s, -1, WIN_QIANGJIN, FLAG_SELFDRAW, SP_QIANGJIN, g.gold)
            log_event(g, EV_DECLINE, s, g.gold, DEC_OPENING_WIN)
    n = 0
    for k in range(34):
        if h.counts[k] == 0 or k == g.gold:
            continue
        hand_remove(h, k)
        if hand_wins_with(h, g.gold):
            acts[n] = act(ACT_QIANGJIN, k)
            n += 1
        hand_add(h, k)
    if n:
        acts[n] = act(ACT_PASS, NO_TILE)
        c = choose(g, d, DEC_DEALER_QIANGJIN, acts, n + 1)
        if c < 0:
            return ST_ERR
        if c < n:
            k = act_kind(acts[c])
            hand_remove(h, k)
            g.pond[k] += 1
            g.seen[k] += 1
            g.seats[d].discards[g.seats[d].n_discards] = k
            g.seats[d].n_discards += 1
            log_event(g, EV_QIANGJIN_GIVE, d, k, 0)
            hand_add(h, g.gold)
            g.indicator_taken = True
            g.seen[g.gold] -= 1
            g.row.turns = 1
            return finish_win(g, d, -1, WIN_QIANGJIN, FLAG_SELFDRAW, SP_QIANGJIN, g.gold)
        log_event(g, EV_DECLINE, d, g.gold, DEC_DEALER_QIANGJIN)
    return ST_CONT


cdef int pick_discard_winner(Game* g, int from_seat, int k, int dec) noexcept nogil:
    """Offer a win on tile k (a discard or a robbed kong) to every seat that may take it;
    of those who accept, a 金雀 wins first, then the nearest counter-clockwise (截胡).
    Returns the winning seat, -1 for none, -2 on error."""
    cdef uint16_t acts[2]
    cdef int i, s, c, best = -1
    cdef bint jq, best_jq = False
    cdef Hand* h
    acts[0] = act(ACT_WIN, k)
    acts[1] = act(ACT_PASS, NO_TILE)
    for i in range(1, 4):
        s = (from_seat + i) % 4
        if not can_discard_win(g, s, k, False):
            continue
        c = choose(g, s, dec, acts, 2)
        if c < 0:
            return -2
        if c == 0:
            h = &g.seats[s].hand
            hand_add(h, k)
            jq = hand_is_jinque(h)
            hand_remove(h, k)
            if best < 0 or (jq and not best_jq):
                best = s
                best_jq = jq
        else:
            log_event(g, EV_DECLINE, s, k, dec)
            if g.r.guoshui:
                g.seats[s].guoshui_mask |= (<uint64_t>1) << k
    return best


cdef uint64_t discard_mask(const Game* g, uint64_t held, int claimed) noexcept nogil:
    """Kinds that may be discarded from the held kinds (§4, §5). After a chow or pung of kind
    `claimed` (>= 0) that kind never goes (no_discard_claimed_tile), even when only golds remain
    beside it, and under gold_discard = "forbidden" no gold goes either: the mask could then be
    empty, so such a claim is not offered (claim_leaves_discard). On an ordinary turn a
    forbidden gold goes only when nothing else is held."""
    cdef uint64_t gbit = (<uint64_t>1) << g.gold
    cdef uint64_t m = held
    if claimed >= 0 and g.r.no_discard_claimed_tile:
        m &= ~((<uint64_t>1) << claimed)
    if g.r.gold_discard == GOLD_DISCARD_FORBIDDEN and (claimed >= 0 or m & ~gbit):
        m &= ~gbit
    return m


cdef inline bint claim_leaves_discard(const Game* g, const Hand* h, int k_left) noexcept nogil:
    """Would the size - 2 tiles a chow or pung leaves (k_left of them of the claimed kind) have a
    discard in discard_mask? Counted instead of masked: it runs on every offer of a claim."""
    cdef int others = h.size - 2 - k_left - h.golds
    return (others > 0 or (k_left > 0 and not g.r.no_discard_claimed_tile)
            or (h.golds > 0 and g.r.gold_discard != GOLD_DISCARD_FORBIDDEN))


cdef int own_turn(Game* g, int s, bint may_win, bint from_kong, int claimed) noexcept nogil:
    """Seat s holds 3n+2 tiles: win, kong (then replace and go on), or discard.
    `claimed` >= 0 after a chow/pung (discard only). Returns ST_CONT after a discard
    (g.last_discard), ST_END when the hand ended, ST_ERR on error."""
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    cdef uint16_t acts[MAX_ACTIONS]
    cdef int n, k, c, t, dec, w, wt
    cdef uint64_t held, gbit, four, added, m
    cdef uint32_t flags, sp
    cdef bint rise
    g.row.turns += 1
    g.cur_seat = s
    while True:
        n = 0
        dec = DEC_AFTER_CLAIM if claimed >= 0 else DEC_TURN
        g.turn_claimed = claimed
        if st.youjin and st.last_draw >= 0 and h.counts[st.last_draw]:
            # 游金 (§11): the hand is locked — win, go up a level by throwing a freed gold, or
            # throw the draw
            if not youjin_blocks_win(g, s, True, from_kong):
                acts[n] = act(ACT_WIN, st.last_draw)
                n += 1
            rise = st.youjin < 3 and youjin_gold_freed(g, h)
            if rise:
                acts[n] = act(ACT_YOUJIN, g.gold)
                n += 1
            if st.last_draw != g.gold or not rise:
                acts[n] = act(ACT_DISCARD, st.last_draw)
                n += 1
            c = choose(g, s, dec, acts, n)
            if c < 0:
                return ST_ERR
            t = act_type(acts[c])
            k = act_kind(acts[c])
            if t == ACT_WIN:
                flags = FLAG_SELFDRAW
                if from_kong:
                    flags |= FLAG_KONG_REPLACEMENT
                if live_tiles(g) <= reserve(g):
                    flags |= FLAG_LAST_TILE
                return finish_win(g, s, -1, WIN_SELFDRAW, flags, 0, st.last_draw)
            return discard_tile(g, s, k, t == ACT_YOUJIN)
        held = held_mask(h) & kinds_mask(g)
        gbit = (<uint64_t>1) << g.gold
        if dec == DEC_TURN:
            if may_win and (h.golds >= 3 or (hand_is_win(h) and not youjin_blocks_win(g, s, True, from_kong))):
                acts[n] = act(ACT_WIN, st.last_draw if st.last_draw >= 0 else NO_TILE)
                n += 1
            if g.r.youjin and may_win and h.golds and hand_is_win(h):
                for k in range(g.n_kinds):   # enter 游金: throw the gold's partner, wait on anything
                    if h.counts[k] == 0 or k == g.gold:
                        continue
                    hand_remove(h, k)
                    if is_youjin_wait(g, h):
                        acts[n] = act(ACT_YOUJIN, k)
                        n += 1
                    hand_add(h, k)
            # kongs in kind order, a concealed kong before an added one of the same kind
            four = fz_counts_mask(h.counts, 4) & held & ~gbit
            added = held & st.pung_mask
            m = four | added
            while m:
                k = ctz64(m)
                m &= m - 1
                if (four >> k) & 1:
                    acts[n] = act(ACT_CONCEALED_KONG, k)
                    n += 1
                if (added >> k) & 1:
                    acts[n] = act(ACT_ADDED_KONG, k)
                    n += 1
        m = discard_mask(g, held, claimed)   # discards in kind order
        if m == 0:   # claim_leaves_discard let a claim through that leaves nothing to throw
            return fail(g, "no legal discard after a claim (seat, kind)", s, claimed)
        while m:
            k = ctz64(m)
            m &= m - 1
            acts[n] = act(ACT_DISCARD, k)
            n += 1
        c = choose(g, s, dec, acts, n)
        if c < 0:
            return ST_ERR
        t = act_type(acts[c])
        k = act_kind(acts[c])
        if t == ACT_WIN:
            wt = WIN_SELFDRAW
            sp = 0
            if h.golds >= 3:
                wt = WIN_SANJINDAO
                sp = SP_SANJINDAO
            flags = FLAG_SELFDRAW
            if from_kong:
                flags |= FLAG_KONG_REPLACEMENT
            if live_tiles(g) <= reserve(g):
                flags |= FLAG_LAST_TILE
            return finish_win(g, s, -1, wt, flags, sp, st.last_draw)
        if t == ACT_CONCEALED_KONG:
            hand_remove(h, k); hand_remove(h, k); hand_remove(h, k); hand_remove(h, k)
            add_meld(st, MELD_CONCEALED_KONG, k, -1)
            st.concealed_kongs += 1
            g.table_concealed_kongs += 1
            log_event(g, EV_CONCEALED_KONG, s, k, 0)
        elif t == ACT_ADDED_KONG:
            hand_remove(h, k)
            log_event(g, EV_ADDED_KONG, s, k, 0)
            g.claim_tile = k
            g.claim_from = s
            w = pick_discard_winner(g, s, k, DEC_ROB_KONG)
            if w == -2:
                return ST_ERR
            if w >= 0:
                hand_add(&g.seats[w].hand, k)
                return finish_win(g, w, s, WIN_ROBBED_KONG, FLAG_ROBBED_KONG, 0, k)
            g.claim_tile = -1
            g.claim_from = -1
            for w in range(st.n_melds):
                if st.melds[w].type == MELD_PUNG and st.melds[w].kind == k:
                    st.melds[w].type = MELD_ADDED_KONG
                    break
            st.pung_mask &= ~((<uint64_t>1) << k)
            st.exposed_kongs += 1
            g.table_exposed_kongs += 1
            g.seen[k] += 1
        else:   # discard (or enter 游金 with one)
            return discard_tile(g, s, k, t == ACT_YOUJIN)
        # after a kong: replacement from the tail, then the same seat goes on
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
        if replacement(g, s) < 0:
            return end_drawn(g, 1)
        may_win = True
        from_kong = True
        claimed = -1


cdef int add_chows(const Game* g, const Hand* h, int k, uint16_t* acts, int n) noexcept nogil:
    """Append the chows the next seat can make with discard k (golds never take part; a chow
    that would leave no legal discard is not offered)."""
    cdef int lo, x, base
    cdef bint ok
    if k >= 27:
        return n
    base = k - k % 9
    for lo in range(k - 2, k + 1):
        if lo < base or lo > base + 6:
            continue
        ok = True
        for x in range(lo, lo + 3):
            if x != k and (x == g.gold or h.counts[x] == 0):
                ok = False
        if ok and claim_leaves_discard(g, h, h.counts[k]):
            acts[n] = act(ACT_CHOW, lo)
            n += 1
    return n


cdef int discard_tile(Game* g, int s, int k, bint youjin) noexcept nogil:
    """Seat s discards k; with youjin=True that discard enters 游金 or raises its level."""
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    hand_remove(h, k)
    st.discards[st.n_discards] = k
    st.n_discards += 1
    g.pond[k] += 1
    g.seen[k] += 1
    st.guoshui_mask = 0
    st.wait_mask = hand_wait_mask(h)
    g.cur_seat = -1
    if k == g.gold:
        st.discarded_gold = True
    g.last_discard = k
    if youjin:
        st.youjin += 1
        log_event(g, EV_YOUJIN, s, k, st.youjin)
    else:
        log_event(g, EV_DISCARD, s, k, 0)
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    return ST_CONT


cdef int offer_claim(Game* g, int seat, int k, uint16_t* acts, int n, int* claimer) noexcept nogil:
    """Offer `seat` the calls acts[0..n) on discard k, or a pass. Returns 1 when it called
    (recorded in *claimer and g.claim_action), 0 when it passed, -1 on error."""
    cdef int c
    acts[n] = act(ACT_PASS, NO_TILE)
    c = choose(g, seat, DEC_CLAIM, acts, n + 1)
    if c < 0:
        return -1
    if act_type(acts[c]) == ACT_PASS:
        return 0
    g.pond[k] -= 1
    claimer[0] = seat
    g.claim_action = acts[c]
    return 1


cdef int claim_discard(Game* g, int ds, int k, int* claimer) noexcept nogil:
    """Claims on seat ds's discard k (§5): win > kong = pung > chow. Returns ST_END on a win,
    ST_CONT with *claimer = the claiming seat (-1 for none) and g.claim_action, or ST_ERR."""
    cdef uint16_t acts[MAX_ACTIONS]
    cdef int i, s, n, c, w, ps, nxt = (ds + 1) % 4
    cdef Hand* h
    claimer[0] = -1
    if k == g.gold:   # a discarded gold can never be claimed
        return ST_CONT
    g.claim_tile = k
    g.claim_from = ds
    w = pick_discard_winner(g, ds, k, DEC_DISCARD_WIN)
    if w == -2:
        return ST_ERR
    if w >= 0:
        g.pond[k] -= 1
        hand_add(&g.seats[w].hand, k)
        return finish_win(g, w, ds, WIN_DISCARD, 0, 0, k)
    ps = -1   # after one discard at most one other seat can hold two more copies
    for i in range(1, 4):
        s = (ds + i) % 4
        if g.seats[s].hand.counts[k] >= 2 and not g.seats[s].youjin:
            ps = s
            break
    if ps >= 0:
        h = &g.seats[ps].hand
        n = 0
        if claim_leaves_discard(g, h, h.counts[k] - 2):
            acts[n] = act(ACT_PUNG, k)
            n += 1
        if h.counts[k] >= 3:
            acts[n] = act(ACT_EXPOSED_KONG, k)
            n += 1
        if ps == nxt:
            n = add_chows(g, h, k, acts, n)
        c = offer_claim(g, ps, k, acts, n, claimer) if n else 0
        if c != 0:
            return ST_ERR if c < 0 else ST_CONT
    if ps != nxt and not g.seats[nxt].youjin:
        n = add_chows(g, &g.seats[nxt].hand, k, acts, 0)
        if n:
            c = offer_claim(g, nxt, k, acts, n, claimer)
            if c != 0:
                return ST_ERR if c < 0 else ST_CONT
    g.claim_tile = -1
    g.claim_from = -1
    return ST_CONT


cdef int last_group(Game* g, int s) noexcept nogil:
    """§9: live - R draws in turn order from seat s, no discards; a completing draw wins."""
    cdef int n = live_tiles(g) - reserve(g), i, seat, k
    cdef Hand* h
    cdef uint32_t flags, sp
    g.in_last_group = True
    if n > g.r.last_group_size:
        n = g.r.last_group_size
    log_event(g, EV_LAST_GROUP, s, -1, n if n > 0 else 0)
    for i in range(n):
        seat = (s + i) % 4
        k = g.wall[g.head]
        g.head += 1
        g.row.turns += 1
        g.cur_seat = -1   # nobody discards any more; waits no longer matter
        log_event(g, EV_DRAW, seat, k, 0)
        if is_flower(g, k):
            give_flower(g, seat, k)
            continue
        h = &g.seats[seat].hand
        hand_add(h, k)
        g.seats[seat].last_draw = k
        if h.golds >= 3 or (hand_is_win(h) and not youjin_blocks_win(g, seat, True, False)):
            flags = FLAG_SELFDRAW | FLAG_LAST_GROUP
            if live_tiles(g) <= reserve(g):
                flags |= FLAG_LAST_TILE
            sp = SP_SANJINDAO if h.golds >= 3 else 0
            return finish_win(g, seat, -1, WIN_SANJINDAO if h.golds >= 3 else WIN_SELFDRAW, flags, sp, k)
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
    return end_drawn(g, 0)


cdef int draw_turn(Game* g, int s) noexcept nogil:
    """Seat s's turn after an unclaimed discard: a head draw (or the last group)."""
    cdef int k
    if live_tiles(g) <= reserve(g) + g.r.last_group_size:
        return last_group(g, s)
    k = g.wall[g.head]
    g.head += 1
    log_event(g, EV_DRAW, s, k, 0)
    if is_flower(g, k):
        give_flower(g, s, k)
        if replacement(g, s) < 0:
            return end_drawn(g, 1)
    else:
        hand_add(&g.seats[s].hand, k)
        g.seats[s].last_draw = k
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    return own_turn(g, s, True, False, -1)


cdef int play_one_hand(Game* g) noexcept nogil:
    """Play the hand set up in g (wall, dealer, streak, rules, policies) to its end."""
    cdef int st, cur, claimer, k, t, lo, x
    cdef uint16_t a
    cdef Seat* cs
    st = setup(g)
    if st != ST_CONT:
        return st
    st = opening_window(g)
    if st != ST_CONT:
        return st
    cur = g.dealer
    st = own_turn(g, cur, False, False, -1)
    while st == ST_CONT:
        k = g.last_discard
        st = claim_discard(g, cur, k, &claimer)
        if st != ST_CONT:
            return st
        if claimer < 0:
            cur = (cur + 1) % 4
            st = draw_turn(g, cur)
            continue
        a = <uint16_t>g.claim_action
        t = act_type(a)
        cs = &g.seats[claimer]
        g.seats[cur].n_discards -= 1   # the tile leaves the discarder's pond
        if t == ACT_PUNG:
            hand_remove(&cs.hand, k); hand_remove(&cs.hand, k)
            add_meld(cs, MELD_PUNG, k, cur)
            cs.pung_mask |= (<uint64_t>1) << k
            g.seen[k] += 2
            log_event(g, EV_PUNG, claimer, k, cur)
        elif t == ACT_CHOW:
            lo = act_kind(a)
            for x in range(lo, lo + 3):
                if x != k:
                    hand_remove(&cs.hand, x)
                    g.seen[x] += 1
            add_meld(cs, MELD_CHOW, lo, cur)
            log_event(g, EV_CHOW, claimer, lo, k)
        else:   # exposed kong
            hand_remove(&cs.hand, k); hand_remove(&cs.hand, k); hand_remove(&cs.hand, k)
            add_meld(cs, MELD_EXPOSED_KONG, k, cur)
            cs.exposed_kongs += 1
            g.table_exposed_kongs += 1
            g.seen[k] += 3
            log_event(g, EV_EXPOSED_KONG, claimer, k, cur)
        g.claim_tile = -1
        g.claim_from = -1
        cur = claimer
        g.cur_seat = cur
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
        if t == ACT_EXPOSED_KONG:
            if replacement(g, cur) < 0:
                return end_drawn(g, 1)
            st = own_turn(g, cur, True, True, -1)
        else:
            st = own_turn(g, cur, False, False, k)
    return st


# ---------------------------------------------------------------------------------------------
# Setting a hand up, and the Python surface

cdef void init_game(Game* g, const RuleSet* rules, uint64_t root, int64_t game_id, int hand,
                    int dealer, int streak, const int* policy, void** py_policy, void* py_errors,
                    const uint8_t* wall, bint check, bint logging) noexcept nogil:
    cdef int s
    # everything but the event buffer (4 KB, only read up to n_events) starts zeroed
    memset(g, 0, <size_t>(<char*>&g.events[0] - <char*>g))
    g.n_events = 0
    g.r = rules[0]
    if wall != NULL:
        for s in range(144):
            g.wall[s] = wall[s]
    else:
        shuffle_wall(g.wall, root, <uint64_t>game_id, <uint64_t>hand)
    rng_seed(&g.prng, root, <uint64_t>game_id, <uint64_t>hand, STREAM_POLICY)
    g.dealer = dealer
    g.streak = streak
    g.claim_tile = -1
    g.claim_from = -1
    g.turn_claimed = -1
    g.cur_seat = -1
    g.gold = -1
    for s in range(4):
        g.policy[s] = policy[s]
        g.py_policy[s] = py_policy[s]
        g.seats[s].last_draw = -1
    g.py_errors = py_errors
    g.check = check
    g.logging = logging
    g.row.game_id = game_id
    g.row.hand = hand
    g.row.wall_digest = digest_wall(g.wall)
    g.row.dealer = dealer
    g.row.streak = streak
    g.row.winner = -1
    g.row.discarder = -1
    g.row.win_type = WIN_NONE


cdef inline void advance_match(const RuleSet* r, const Row* row, int* dealer, int* streak) noexcept nogil:
    """§2: the dealer keeps the deal (streak + 1) on a dealer win; after a drawn hand the deal and
    the streak follow draw_dealer / draw_streak; otherwise the next seat (or the winner) deals at 0."""
    if row.outcome == 0:
        if r.draw_dealer == DRAW_DEALER_NEXT:
            dealer[0] = (dealer[0] + 1) % 4
            streak[0] = 0
        elif r.draw_streak == DRAW_STREAK_RESET:
            streak[0] = 0
        elif r.draw_streak == DRAW_STREAK_INCREMENT:
            streak[0] += 1
    elif row.winner == dealer[0]:
        streak[0] += 1
    else:
        dealer[0] = row.winner if r.next_dealer == NEXT_DEALER_WINNER else (dealer[0] + 1) % 4
        streak[0] = 0


cdef tuple parse_policies(policies, int* kinds, void** callables):
    """Policies: one name/callable for all seats or four of them. Returns the objects to keep alive."""
    if isinstance(policies, str) or callable(policies):
        policies = (policies,) * 4
    try:
        seq = tuple(policies)
    except TypeError:
        raise ValueError(f"policies must be a name, a callable or 4 of them, got {policies!r}") from None
    if len(seq) == 1:
        seq = seq * 4
    if len(seq) != 4:
        raise ValueError(f"policies must name 1 or 4 seats, got {len(seq)}: {seq!r}")
    for s, p in enumerate(seq):
        if isinstance(p, str):
            if p not in POLICIES:
                raise ValueError(f"unknown policy {p!r} for seat {s}: allowed {sorted(POLICIES)} or a callable")
            kinds[s] = POLICIES[p]
            callables[s] = NULL
        elif callable(p):
            kinds[s] = POLICY_PYTHON
            callables[s] = <void*>p
        else:
            raise ValueError(f"policy {p!r} for seat {s} is neither a name {sorted(POLICIES)} nor a callable")
    return seq


cdef object row_dict(const Row* r):
    return dict(
        game_id=r.game_id, hand=r.hand, wall_digest=r.wall_digest, dealer=r.dealer, streak=r.streak,
        gold=r.gold, outcome=r.outcome, winner=r.winner, discarder=r.discarder, win_type=r.win_type,
        specials=r.specials, special_counted=r.special_counted, flags=r.flags,
        youjin_level=r.youjin_level, F=r.F, K=r.K, G=r.G, L=r.L, S=r.S,
        delta_0=r.deltas[0], delta_1=r.deltas[1], delta_2=r.deltas[2], delta_3=r.deltas[3],
        turns=r.turns, tiles_left=r.tiles_left,
        flowers_0=r.flowers[0], flowers_1=r.flowers[1], flowers_2=r.flowers[2], flowers_3=r.flowers[3],
        golds_0=r.golds[0], golds_1=r.golds[1], golds_2=r.golds[2], golds_3=r.golds[3],
    )


cdef object raise_game_error(Game* g, list errors):
    if errors:
        raise errors[0]
    raise InvariantError(
        f"game {g.row.game_id} hand {g.row.hand}: {g.errmsg.decode('utf-8', 'replace')}")


def play_block(Rules rules, uint64_t root_seed, int64_t first_game, int64_t n_games,
               policies=("greedy",) * 4, bint check=False):
    """Play games first_game .. first_game + n_games - 1, `rules.c.hands_per_match` hands each.

    Returns a dict of numpy arrays, one row per hand in (game_id, hand) order, with the columns
    of `COLUMNS` (contract 3). The GIL is released while playing (a Python policy takes it only
    for its own decisions). check=True verifies the invariants after every action and raises
    `InvariantError` on a violation.
    """
    cdef int kinds[4]
    cdef void* callables[4]
    keep = parse_policies(policies, kinds, callables)
    if n_games < 0:
        raise ValueError(f"n_games must be >= 0, got {n_games}")
    if first_game < 0:
        raise ValueError(f"first_game must be >= 0, got {first_game}")
    cdef int hpm = rules.c.hands_per_match
    if hpm < 1:
        raise ValueError(f"hands_per_match must be >= 1, got {hpm}")
    cdef int64_t n_rows = n_games * hpm
    out = {name: np.zeros(n_rows, dtype=dt) for name, dt in COLUMNS}
    cdef int64_t[::1] c_game = out["game_id"]
    cdef int16_t[::1] c_hand = out["hand"]
    cdef uint64_t[::1] c_digest = out["wall_digest"]
    cdef int8_t[::1] c_dealer = out["dealer"]
    cdef int16_t[::1] c_streak = out["streak"]
    cdef int8_t[::1] c_gold = out["gold"]
    cdef int8_t[::1] c_outcome = out["outcome"]
    cdef int8_t[::1] c_winner = out["winner"]
    cdef int8_t[::1] c_discarder = out["discarder"]
    cdef int8_t[::1] c_win_type = out["win_type"]
    cdef uint32_t[::1] c_specials = out["specials"]
    cdef uint32_t[::1] c_counted = out["special_counted"]
    cdef uint32_t[::1] c_flags = out["flags"]
    cdef int8_t[::1] c_youjin = out["youjin_level"]
    cdef int16_t[::1] c_F = out["F"]
    cdef int16_t[::1] c_K = out["K"]
    cdef int16_t[::1] c_G = out["G"]
    cdef int16_t[::1] c_L = out["L"]
    cdef int16_t[::1] c_S = out["S"]
    cdef int32_t[::1] c_d0 = out["delta_0"]
    cdef int32_t[::1] c_d1 = out["delta_1"]
    cdef int32_t[::1] c_d2 = out["delta_2"]
    cdef int32_t[::1] c_d3 = out["delta_3"]
    cdef int16_t[::1] c_turns = out["turns"]
    cdef int16_t[::1] c_left = out["tiles_left"]
    cdef int8_t[::1] c_f0 = out["flowers_0"]
    cdef int8_t[::1] c_f1 = out["flowers_1"]
    cdef int8_t[::1] c_f2 = out["flowers_2"]
    cdef int8_t[::1] c_f3 = out["flowers_3"]
    cdef int8_t[::1] c_g0 = out["golds_0"]
    cdef int8_t[::1] c_g1 = out["golds_1"]
    cdef int8_t[::1] c_g2 = out["golds_2"]
    cdef int8_t[::1] c_g3 = out["golds_3"]
    cdef list errors = []
    cdef Game* g = <Game*>malloc(sizeof(Game))
    if g == NULL:
        raise MemoryError()
    cdef int64_t gi, row = 0
    cdef int hi, dealer, streak, st = ST_CONT
    cdef const Row* r
    try:
        with nogil:
            for gi in range(n_games):
                dealer = match_first_dealer(root_seed, <uint64_t>(first_game + gi))
                streak = 0
                for hi in range(hpm):
                    init_game(g, &rules.c, root_seed, first_game + gi, hi, dealer, streak, kinds,
                              callables, <void*>errors, NULL, check, False)
                    st = play_one_hand(g)
                    if st == ST_ERR:
                        break
                    r = &g.row
                    c_game[row] = r.game_id; c_hand[row] = r.hand; c_digest[row] = r.wall_digest
                    c_dealer[row] = r.dealer; c_streak[row] = r.streak; c_gold[row] = r.gold
                    c_outcome[row] = r.outcome; c_winner[row] = r.winner; c_discarder[row] = r.discarder
                    c_win_type[row] = r.win_type; c_specials[row] = r.specials
                    c_counted[row] = r.special_counted; c_flags[row] = r.flags
                    c_youjin[row] = r.youjin_level
                    c_F[row] = r.F; c_K[row] = r.K; c_G[row] = r.G; c_L[row] = r.L; c_S[row] = r.S
                    c_d0[row] = r.deltas[0]; c_d1[row] = r.deltas[1]
                    c_d2[row] = r.deltas[2]; c_d3[row] = r.deltas[3]
                    c_turns[row] = r.turns; c_left[row] = r.tiles_left
                    c_f0[row] = r.flowers[0]; c_f1[row] = r.flowers[1]
                    c_f2[row] = r.flowers[2]; c_f3[row] = r.flowers[3]
                    c_g0[row] = r.golds[0]; c_g1[row] = r.golds[1]
                    c_g2[row] = r.golds[2]; c_g3[row] = r.golds[3]
                    row += 1
                    advance_match(&rules.c, r, &dealer, &streak)
                if st == ST_ERR:
                    break
        if st == ST_ERR:
            raise_game_error(g, errors)
    finally:
        free(g)
    return out


def play_hand_raw(Rules rules, uint64_t root_seed, int64_t game_id, int hand, int dealer, int streak,
                  policies=("greedy",) * 4, wall=None, bint log=False, bint check=False):
    """One hand with an explicit dealer and streak (fzsim.game builds play_hand on this).

    `wall` (optional) is 144 kind indices, index 0 = the head (see engine.pxd for the deal).
    Returns (row dict, events list of (type, seat, tile, arg) tuples or None).
    """
    cdef int kinds[4]
    cdef void* callables[4]
    cdef uint8_t wall_buf[144]
    cdef const uint8_t* wall_ptr = NULL
    cdef int i
    keep = parse_policies(policies, kinds, callables)
    if not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat 0..3, got {dealer}")
    if streak < 0:
        raise ValueError(f"streak must be >= 0, got {streak}")
    if hand < 0:
        raise ValueError(f"hand must be >= 0, got {hand}")
    if wall is not None:
        arr = validate_wall(wall)
        for i in range(144):
            wall_buf[i] = arr[i]
        wall_ptr = wall_buf
    cdef list errors = []
    cdef Game* g = <Game*>malloc(sizeof(Game))
    if g == NULL:
        raise MemoryError()
    cdef int st
    try:
        init_game(g, &rules.c, root_seed, game_id, hand, dealer, streak, kinds, callables,
                  <void*>errors, wall_ptr, check, log)
        with nogil:
            st = play_one_hand(g)
        if st == ST_ERR:
            raise_game_error(g, errors)
        row = row_dict(&g.row)
        events = None
        if log:
            events = [(g.events[i].type, g.events[i].seat, g.events[i].tile, g.events[i].arg)
                      for i in range(g.n_events)]
        return row, events
    finally:
        free(g)


def validate_wall(wall):
    """A wall as 144 kind indices (uint8 array); ValueError unless it is exactly the tile set."""
    arr = np.asarray(wall)
    if arr.ndim != 1 or arr.shape[0] != 144:
        raise ValueError(f"a wall is 144 tile kinds, got shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"a wall holds integer kind indices, got dtype {arr.dtype}")
    if arr.min() < 0 or arr.max() > 41:
        raise ValueError(f"wall kinds must be 0..41, got {int(arr.min())}..{int(arr.max())}")
    counts = np.bincount(arr.astype(np.int64), minlength=42)
    want = np.array([4] * 34 + [1] * 8)
    bad = np.flatnonzero(counts != want)
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"the wall holds {counts[k]} copies of kind {k}; the tile set has {want[k]}")
    return arr.astype(np.uint8)


def first_dealer(uint64_t root_seed, int64_t game_id):
    """The first dealer of a match (STREAM_MATCH of hand 0)."""
    return match_first_dealer(root_seed, <uint64_t>game_id)


def next_dealer(Rules rules, int dealer, int streak, int outcome, int winner):
    """(dealer, streak) of the next hand of a match after a hand with this outcome and winner."""
    cdef Row row
    row.outcome = outcome
    row.winner = winner
    advance_match(&rules.c, &row, &dealer, &streak)
    return dealer, streak


def shuffled_wall(uint64_t root_seed, int64_t game_id, int hand=0):
    """The seeded wall of (root_seed, game_id, hand) as 144 kind indices, index 0 = head."""
    cdef uint8_t w[144]
    shuffle_wall(w, root_seed, <uint64_t>game_id, <uint64_t>hand)
    return np.array([w[i] for i in range(144)], dtype=np.uint8)


def wall_digest(wall):
    """The 64-bit digest recorded for a wall (FNV-1a over its kind bytes)."""
    arr = validate_wall(wall)
    cdef uint8_t w[144]
    cdef int i
    for i in range(144):
        w[i] = arr[i]
    return digest_wall(w)


def rng_outputs(uint64_t root_seed, uint64_t game_id, uint64_t hand, uint64_t stream, int n, uint32_t below=0):
    """The first n outputs of the core generator (rng_next, or rng_below(below) if below > 0)."""
    cdef Rng r
    rng_seed(&r, root_seed, game_id, hand, stream)
    out = []
    for _ in range(n):
        out.append(rng_below(&r, below) if below else rng_next(&r))
    return out


# ---------------------------------------------------------------------------------------------
# What a Python policy sees

cdef object action_tuple(uint16_t a):
    from fzsim.tiles import kind_name
    cdef int k = act_kind(a)
    return (ACTIONS[act_type(a)], kind_name(k) if k != NO_TILE else None)


cdef object observation(Game* g, int seat, int dec):
    from fzsim.tiles import fmt, kind_name
    cdef int s, i
    cdef Seat* st
    cdef Seat* me
    seats = []
    for s in range(4):
        st = &g.seats[s]
        seats.append(dict(
            melds=[(("chow", "pung", "kong", "added_kong", "concealed_kong")[st.melds[i].type - 1],
                    kind_name(st.melds[i].kind)) for i in range(st.n_melds)],
            flowers=st.n_flowers,
            discards=[kind_name(st.discards[i]) for i in range(st.n_discards)],
        ))
    me = &g.seats[seat]
    return dict(
        seat=seat, decision=DECISIONS[dec], dealer=g.dealer,
        hand=fmt(np.array([me.hand.counts[i] for i in range(34)], dtype=np.uint8)),
        gold=kind_name(g.gold), golds=me.hand.golds, youjin=me.youjin,
        tile=kind_name(g.claim_tile) if g.claim_tile >= 0 else None,
        last_draw=kind_name(me.last_draw) if me.last_draw >= 0 else None,
        live=live_tiles(g), reserve=reserve(g), seats=seats,
    )
