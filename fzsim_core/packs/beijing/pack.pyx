# cython: language_level=3
"""The Beijing pack (RULES-PACKS §4 北京麻将, 惠牌) on the engine's flow.

136 tiles, no flowers, 13-tile hands. After the deal the tile at the replacement end (the tail)
is turned up as the 惠坯; the 惠牌 is the kind after it (wild.pxd's indicator mapping, BJ-A1) and
is the engine's wild kind (g.gold), so the core's win tables, the discard rule (a discarded wild
is dead) and the meld rules (a wild never joins a chow, pung or kong) are the ones the rules' gold (金,
docs/spec/RULES.md §4) uses. The 14-tile reserve (7 stacks, the 惠坯 among them by default, BJ-A4) is the rules'
reserve_base = 13 with reserve_per_*_kong = -1: a kong's replacement comes out of the reserve, so
the live draws stay at 69 (BJ-17).

Here: what wins (4 sets + a pair or seven pairs, shapes.pxd), who may win how (§4.3: a claimed
meld or three 惠牌 → self-draw only; four 惠牌 win at once), the scoring of each win through
score.pxd (fans from the hand, 庄 / 天和 / 地和 / 海底 / 杠上开花 from the situation, 互包 from the
seats' claims_from counters), 烧庄 watched discard by discard (the `discarded` hook) and paid at
the end of the hand as BJ_PAY_SHAOZHUANG records (on a drawn hand too, BJ-A6).
"""
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from fzsim_core.rules cimport RuleSet
from fzsim_core.win_facts cimport WIN_DISCARD, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE
from fzsim_core.settle cimport record_payment
from fzsim_core.state cimport (Game, Pack, count_reserve, deal_blocks, fail, live_tiles, log_event, no_opening,
                               no_opening_choice, reserve, waits_cached)
from fzsim_core.table cimport (Seat, act, ACT_WIN, NO_TILE, ST_CONT, ST_ERR, EV_GOLD, EV_GOLD_FLIP,
                               MELD_CHOW, MELD_PUNG, MELD_EXPOSED_KONG)
from fzsim_core.tiles cimport N_HAND_KINDS, N_KINDS
from fzsim_core.tileset cimport TileSet, tiles_from_copies
from fzsim_core.winrec cimport WinRec
from fzsim_core.packs.deal cimport seat_dealt_hands
from fzsim_core.kit.hand34 cimport MJ_CONCEALED_KONG, MJ_KINDS, MjHand
from fzsim_core.packs.beijing.wild cimport WILD_NEXT, wild_of
from fzsim_core.packs.beijing.shapes cimport bj_add_natural, bj_is_win, bj_may_win_on_discard, bj_wait_mask
from fzsim_core.kit.shapes34 cimport mj_wilds
from fzsim_core.wintables cimport hand_is_win, hand_wait_mask
from fzsim_core.bits cimport fz_counts_mask
from fzsim_core.kit.tables34 cimport t34_seven_pairs_waits, t34_seven_pairs_win
from fzsim_core.packs.beijing.score cimport (
    BjRules, BjScore, BJ_F_SELFDRAW, BJ_F_KONG_FLOWER, BJ_F_LAST, BJ_F_TIANHE, BJ_F_DIHE, BJ_F_SIHUI,
    BJ_F_DEALER_WINS, BJ_F_DEALER_PAYS, bj_evaluate, bj_hubao_partners, bj_rules_default,
    bj_shaozhuang_deltas, bj_win_deltas,
)
from fzsim_core.packs.beijing.options cimport bj_options

# Game.pack_state of this pack
cdef enum:
    SZ_POS = 0          # discards of the unbroken 烧庄 sequence so far
    SZ_ROUNDS = 1       # R: its complete rounds of four equal discards
    SZ_KIND = 2         # the kind of the round under way
    SZ_BROKEN = 3       # a claim or a different discard ended the sequence
    DISCARDED = 4       # bit per seat: it has discarded this hand (天和 / 地和)
    BJ_FLAG_SHIFT = 16  # a record's flags: the flow's FLAG_* below, score.pxd's BJ_F_* from this bit


cdef void beijing_tiles(TileSet* ts) noexcept nogil:
    cdef int k
    for k in range(N_KINDS):
        ts.copies[k] = 4 if k < N_HAND_KINDS else 0
    tiles_from_copies(ts, 13)


cdef void bj_hand_of(const Seat* st, int wild, MjHand* h) noexcept nogil:
    cdef int i
    memcpy(h.counts, st.hand.counts, MJ_KINDS)
    h.wild = wild
    h.n_melds = st.n_melds
    for i in range(st.n_melds):
        h.meld_type[i] = st.melds[i].type - 1   # MeldType 1..5 (table.pxd) -> MJ_CHOW..MJ_CONCEALED_KONG
        h.meld_kind[i] = st.melds[i].kind


cdef void bj_rules_of(const RuleSet* r, BjRules* out) noexcept nogil:
    bj_rules_default(out, r.base)
    out.haidi_discard = bj_options(r).bj_haidi_discard
    out.unique_wuhui = bj_options(r).bj_zhuowukui_unique
    out.sihui_shape = bj_options(r).bj_sihui_shape


cdef int bj_setup(Game* g) noexcept nogil:
    """The deal, then the 惠坯 turned up at the tail (it stays out; replacements start below it)."""
    cdef uint8_t raw[4][N_KINDS]
    cdef int ind, st
    deal_blocks(g, &raw[0][0])
    ind = g.wall[g.tail]
    g.tail -= 1
    log_event(g, EV_GOLD_FLIP, -1, ind, 0)
    g.indicator = ind
    g.seen[ind] += 1
    if not bj_options(&g.r).bj_indicator_in_reserve:
        g.r.reserve_base += 1    # BJ-A4 "no": the 14 reserved tiles lie beyond the 惠坯 (68 live draws)
        count_reserve(g)
    st = seat_dealt_hands(g, &raw[0][0], N_HAND_KINDS, wild_of(ind, WILD_NEXT + bj_options(&g.r).bj_north_next))
    log_event(g, EV_GOLD, -1, g.gold, 0)
    return st


cdef bint bj_is_win_hook(const Game* g, int s) noexcept nogil:
    """A win shape, or all four 惠牌 (an automatic win whatever the shape). The standard shape is
    read off the seat's own packed Hand (its gold is the 惠牌): shapes.pxd's bj_is_win without
    rebuilding it; check=True compares the two."""
    cdef MjHand h
    cdef const Seat* st = &g.seats[s]
    cdef bint win
    if st.hand.golds == 4:
        return True
    win = hand_is_win(&st.hand)
    if not win and st.n_melds == 0:
        win = t34_seven_pairs_win(&st.hand, True)   # the 惠牌 fill the singles (kit/tables34)
    if g.check:
        bj_hand_of(st, g.gold, &h)
        if win != bj_is_win(&h):
            fail(<Game*>g, "Beijing fast win check differs from bj_is_win (seat, fast)", s, win)
    return win


cdef bint bj_may_self_win(const Game* g, int s) noexcept nogil:
    """As bj_is_win_hook, the shape read from the cached wait mask while it is still the hand's
    (state.pxd waits_cached); else the hand is searched."""
    cdef const Seat* st = &g.seats[s]
    cdef int k = st.last_draw
    cdef bint win
    if st.hand.golds == 4:
        return True
    if not waits_cached(g, st):
        return bj_is_win_hook(g, s)
    win = (st.wait_mask >> k) & 1
    if g.check and win != bj_is_win_hook(g, s):
        fail(<Game*>g, "Beijing: cached wait mask disagrees with the win search (seat, tile)", s, k)
        return False
    return win


cdef uint64_t bj_waits(const Game* g, int s) noexcept nogil:
    """shapes.pxd's bj_wait_mask, the standard part off the seat's packed Hand (check=True
    compares the two)."""
    cdef const Seat* st = &g.seats[s]
    cdef uint64_t mask = hand_wait_mask(&st.hand), pairs   # (it drops kinds held 4 times in the hand)
    if st.n_melds == 0:
        # closed form on the packed Hand (kit/tables34), kinds held 4 times dropped
        pairs = t34_seven_pairs_waits(&st.hand, True)
        if pairs:
            mask |= pairs & ~fz_counts_mask(st.hand.counts, 4)
    elif not mask and not g.check:
        return 0   # the usual hand with sets: not ready
    if g.check or st.n_melds:
        return waits_rest[0](g, s, mask)
    return mask


# bj_waits of a ready hand with sets (or under check=True), called through a pointer set at import
# so that the compiler keeps it out of line: the usual hand then needs no stack frame.
ctypedef uint64_t (*HeldWaits)(const Game* g, int s, uint64_t mask) noexcept nogil
cdef HeldWaits waits_rest[1]


cdef uint64_t _waits_rest(const Game* g, int s, uint64_t mask) noexcept nogil:
    """The waits `mask` less (with sets) the kinds whose other copies lie in the hand and the sets:
    they cannot be drawn; check=True compares the result with shapes.pxd's bj_wait_mask."""
    cdef const Seat* st = &g.seats[s]
    cdef uint8_t held[MJ_KINDS]
    cdef MjHand h
    cdef int i, m
    if st.n_melds and mask:
        memcpy(held, st.hand.counts, MJ_KINDS)
        for i in range(st.n_melds):
            m = st.melds[i].kind
            if st.melds[i].type == MELD_CHOW:
                held[m] += 1; held[m + 1] += 1; held[m + 2] += 1
            else:
                held[m] += 3 if st.melds[i].type == MELD_PUNG else 4
        mask &= ~fz_counts_mask(held, 4)   # (four is every copy of a kind)
    if g.check:
        bj_hand_of(st, g.gold, &h)
        if mask != bj_wait_mask(&h):
            fail(<Game*>g, "Beijing fast wait mask differs from bj_wait_mask (seat, size)", s, st.hand.size)
    return mask


waits_rest[0] = _waits_rest


cdef bint bj_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    """§4.3: only a concealed hand (concealed kongs allowed) holding fewer than three 惠牌 wins on
    another's tile (a discard, or a robbed added kong). A discarded 惠牌 (reaching here only under
    BJ-A2 natural) wins at its face value: the wait mask's bit for the wild kind says "ready" (a
    drawn 惠牌 wins any ready hand), so it is checked afresh as a natural tile."""
    cdef MjHand h
    bj_hand_of(&g.seats[s], g.gold, &h)
    if not bj_may_win_on_discard(&h):
        return False
    if not fresh and k != g.gold:
        return True
    if h.counts[k] >= 4:
        return False
    bj_add_natural(&h, k)
    return bj_is_win(&h)


cdef void bj_declined(Game* g, int s, int k) noexcept nogil:
    pass   # no 过水 in the Beijing text (§4.3)


cdef int bj_turn_offer(Game* g, int s, uint16_t* acts) noexcept nogil:
    """The own turn's win: four 惠牌 win at once (the only action, BJ-16); else a self-draw win
    when the hand wins. Nothing after a claim."""
    cdef const Seat* st = &g.seats[s]
    if g.flow.claimed >= 0 or not g.flow.may_win:
        return 0
    if (st.hand.golds != 4 and not g.check and waits_cached(g, st)
            and not (st.wait_mask >> st.last_draw) & 1):
        return 0   # the usual draw: not among the cached waits
    return turn_win_offer[0](g, s, acts)


# bj_turn_offer past the usual draw, called through a pointer set at import so that the compiler
# keeps it out of line: the usual draw then returns before any register is saved.
ctypedef int (*TurnOffer)(Game* g, int s, uint16_t* acts) noexcept nogil
cdef TurnOffer turn_win_offer[1]


cdef int _turn_win_offer(Game* g, int s, uint16_t* acts) noexcept nogil:
    cdef Seat* st = &g.seats[s]
    if st.hand.golds == 4:
        acts[0] = act(ACT_WIN, st.last_draw if st.last_draw >= 0 else NO_TILE)
        g.flow.locked = True
        return 1
    if bj_may_self_win(g, s):
        acts[0] = act(ACT_WIN, st.last_draw if st.last_draw >= 0 else NO_TILE)
        return 1
    return 0


turn_win_offer[0] = _turn_win_offer


cdef void bj_discarded(Game* g, int s, int k) noexcept nogil:
    """烧庄 watch: round k is 烧庄 if the k-th discards of the dealer and the three others, in turn
    and with no claim before them, are one kind, and so were rounds 1..k-1 (§4.3; BJ-18)."""
    cdef int32_t* ps = g.pack_state
    cdef int pos = ps[SZ_POS], c
    ps[DISCARDED] |= 1 << s
    if ps[SZ_BROKEN]:
        return
    c = g.row.claims[0] + g.row.claims[1] + g.row.claims[2] + g.row.claims[3]
    if c or s != (g.dealer + pos) % 4:   # a claim breaks the sequence (BJ-A6)
        ps[SZ_BROKEN] = 1
        return
    if pos % 4 == 0:
        ps[SZ_KIND] = k
    elif k != ps[SZ_KIND]:
        ps[SZ_BROKEN] = 1
        return
    ps[SZ_POS] = pos + 1
    if pos % 4 == 3:
        ps[SZ_ROUNDS] += 1


cdef int bj_win_flags(const Game* g, int winner, int discarder, int win_type, uint32_t flags,
                      const MjHand* h) noexcept nogil:
    """The situation of a win as score.pxd's BJ_F_* flags."""
    cdef int f = 0, d = g.dealer, done = g.pack_state[DISCARDED]
    cdef int claims = g.row.claims[0] + g.row.claims[1] + g.row.claims[2] + g.row.claims[3]
    if discarder < 0:
        f |= BJ_F_SELFDRAW
        if flags & FLAG_KONG_REPLACEMENT:
            f |= BJ_F_KONG_FLOWER
        if flags & FLAG_LAST_TILE:
            f |= BJ_F_LAST
        if mj_wilds(h) == 4:
            f |= BJ_F_SIHUI
        if winner == d and done == 0:
            f |= BJ_F_TIANHE   # the dealer complete before any discard
    elif win_type == WIN_DISCARD and live_tiles(g) <= reserve(g):
        f |= BJ_F_LAST         # the last discard: nobody draws after it
    if winner == d:
        f |= BJ_F_DEALER_WINS
    elif discarder == d:
        f |= BJ_F_DEALER_PAYS
    if winner != d and not (done >> winner) & 1 and (claims == 0 or bj_options(&g.r).bj_dihe_after_claims):
        f |= BJ_F_DIHE         # before its own first discard (BJ-A11)
    return f


cdef int bj_partners(const Game* g, int winner) noexcept nogil:
    """互包 partners of the winner: 3 嘴 taken between the two (chows, pungs and by default exposed
    kongs from a discard, BJ-A7), either way."""
    cdef uint8_t claims[16]
    cdef int a, b, i, n
    for a in range(4):
        for b in range(4):
            n = g.seats[a].claims_from[b]
            if bj_options(&g.r).bj_hubao_count == 1:
                for i in range(g.seats[a].n_melds):
                    if g.seats[a].melds[i].type == MELD_EXPOSED_KONG and g.seats[a].melds[i].source == b:
                        n -= 1
            claims[4 * a + b] = n
    return bj_hubao_partners(claims, winner)


cdef int bj_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                      uint32_t specials, int tile) noexcept nogil:
    cdef MjHand h
    cdef BjRules r
    cdef BjScore sc
    cdef WinRec* rec = &g.recs[g.n_recs - 1]   # this win's record (settle.record_win)
    cdef int f
    bj_hand_of(&g.seats[winner], g.gold, &h)
    if discarder >= 0 and tile == g.gold:   # a discarded 惠牌 won at its face value (BJ-A2 natural)
        h.counts[tile] -= 1
        bj_add_natural(&h, tile)
    bj_rules_of(&g.r, &r)
    f = bj_win_flags(g, winner, discarder, win_type, flags[0], &h)
    if bj_evaluate(&r, &h, f, tile, &sc) < 0:
        return fail(g, "Beijing win that bj_evaluate does not accept (seat, tile)", winner, tile)
    if g.check and discarder >= 0:
        h.counts[tile] -= 1
        if (tile == g.gold and not bj_options(&g.r).bj_hui_discard) or not bj_may_win_on_discard(&h):
            return fail(g, "Beijing discard win by a claimed hand, one holding three wilds or on a dead wild (seat, tile)",
                        winner, tile)
    bj_win_deltas(sc.total, r.base, winner, discarder, bj_partners(g, winner), g.row.deltas)
    flags[0] |= (<uint32_t>f) << BJ_FLAG_SHIFT
    g.row.S = sc.total
    rec.patterns = sc.fans
    rec.value = sc.total
    rec.points = sc.total * r.base
    return ST_CONT


cdef int pay_shaozhuang(Game* g) noexcept nogil:
    """The 烧庄 part: the dealer pays each other seat 2^(R-1) d, one record each (§4.4)."""
    cdef int32_t d[4]
    cdef int s, rounds = g.pack_state[SZ_ROUNDS]
    if g.error:   # a check inside a hook that returns no status (is_win, waits) failed
        return ST_ERR
    if rounds <= 0:
        return ST_CONT
    memset(d, 0, sizeof(d))
    bj_shaozhuang_deltas(rounds, g.r.base, g.dealer, d)
    for s in range(4):
        if s != g.dealer and record_payment(g, BJ_PAY_SHAOZHUANG, g.dealer, s, d[s]) == NULL:
            return ST_ERR
    return ST_CONT


cdef int bj_end_drawn(Game* g) noexcept nogil:
    if g.error:
        return ST_ERR
    return pay_shaozhuang(g) if bj_options(&g.r).bj_shaozhuang_on_draw else ST_CONT


cdef void beijing_pack(Pack* p, TileSet* ts) noexcept nogil:
    beijing_tiles(ts)
    p.setup = bj_setup
    p.opening_offer = no_opening
    p.opening_resolve = no_opening_choice
    p.dealer_may_win_first = True
    p.score_win = bj_score_win
    p.is_win = bj_is_win_hook
    p.may_self_win = bj_may_self_win
    p.waits = bj_waits
    p.waits_of_hand = True                    # hand and melds only
    p.may_discard_win = bj_may_discard_win
    p.declined = bj_declined
    p.turn_offer = bj_turn_offer
    p.end_drawn = bj_end_drawn
    p.discarded = bj_discarded
    p.end_won = pay_shaozhuang
