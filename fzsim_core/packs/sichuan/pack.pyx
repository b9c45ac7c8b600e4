# cython: language_level=3
"""The Sichuan pack (RULES-PACKS §2 四川 standard, §3 血战到底) on the engine's flow.

108 tiles (万筒条 ×4), 13-tile hands, no wild, no flowers; an opening window only with the 换三张 /
定缺 options (packs/sichuan/opening), kong payments only with 刮风下雨 on (kongpay). A win is four sets
and a pair or seven pairs using at most two suits (shapes.pxd); its value and payments come from
score.pxd. What the flow does for this pack is set by the rules header of the presets
(fzsim/packs/sichuan/presets/sichuan.toml, xuezhan.toml): no chow, 一炮多响 (multi_win), kong replacements
from the head, a forced win in the last four tiles, and for 血战 play on until three have won.
Here: the deal, what wins (with 过水: after declining a discard win, no discard win until the
own next draw unless it scores more), the scoring of each win (杠上花, 杠上炮, 抢杠, 点杠花 — the
konged discarder pays alone — 天胡 / 地胡), and 查叫 / 查花猪 / 查大叫 when the wall runs out.
"""
from libc.stdint cimport int32_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset
from fzsim_core.rules cimport RuleSet
from fzsim_core.packs.registry cimport SCORING_XUEZHAN
from fzsim_core.win_facts cimport WIN_SELFDRAW, WIN_ROBBED_KONG, FLAG_KONG_REPLACEMENT
from fzsim_core.win_facts import FLAGS

# the situations the flow's flags do not say, set on a win's record (bits above the flow's)
cdef enum:
    FLAG_KONG_DISCARD = 64     # 杠上炮: won on the discard the discarder made after its kong replacement
    FLAG_TIANHU = 128          # 天胡: the dealer's win in its first turn
    FLAG_DIHU = 256            # 地胡: won on the dealer's first discard

#: the bits of a Sichuan win record's flags by name (the flow's, then the pack's)
RECORD_FLAGS = {**FLAGS, "kong_discard": FLAG_KONG_DISCARD, "tianhu": FLAG_TIANHU, "dihu": FLAG_DIHU}
from fzsim_core.settle cimport record_payment
from fzsim_core.state cimport Game, Pack, fail
from fzsim_core.table cimport (Seat, DEC_ROB_KONG, ST_CONT, ST_ERR, MELD_PUNG, MELD_EXPOSED_KONG, MELD_ADDED_KONG,
                               MELD_CONCEALED_KONG)
from fzsim_core.tiles cimport N_KINDS
from fzsim_core.tileset cimport TileSet, tiles_from_copies
from fzsim_core.winrec cimport WinRec, REC_WIN
from fzsim_core.packs.deal cimport deal_without_wild
from fzsim_core.kit.tables34 cimport t34_odd_kinds, t34_std_waits
from fzsim_core.packs.sichuan.opening cimport sc_discard_filter, sc_opening_offer, sc_opening_resolve
from fzsim_core.packs.sichuan.kongpay cimport sc_kong_made, sc_kong_refunds, sc_win_recorded
from fzsim_core.packs.sichuan.shapes cimport (ScHand, SC_KINDS, SC_PUNG, SC_KONG, SC_ADDED_KONG,
                                              SC_CONCEALED_KONG, ScMelds, sc_is_win, sc_melds_add, sc_melds_start, sc_table_is_win,
                                              sc_table_wait_mask, sc_table_waits_from, sc_wait_mask)
from fzsim_core.packs.sichuan.score cimport (ScRules, ScScore, ScPayment, SC_MAX_PAYMENTS, SC_F_SELFDRAW,
                                             SC_F_KONG_FLOWER, SC_F_KONG_DISCARD, SC_F_ROBBED, SC_F_TIANHU,
                                             SC_F_DIHU, sc_end_settle, sc_evaluate, sc_win_deltas)
from fzsim_core.packs.sichuan.options cimport sc_options, SC_GUOSHUI_UNLESS_HIGHER


cdef void sichuan_tiles(TileSet* ts) noexcept nogil:
    cdef int k
    for k in range(N_KINDS):
        ts.copies[k] = 4 if k < SC_KINDS else 0
    tiles_from_copies(ts, 13)


cdef void sc_hand_of(const Seat* st, ScHand* h) noexcept nogil:
    cdef int k, i, t
    for k in range(SC_KINDS):
        h.counts[k] = st.hand.counts[k]
    h.n_melds = st.n_melds
    h.void_suit = <uint8_t>st.void_suit
    for i in range(st.n_melds):
        t = st.melds[i].type
        h.meld_kind[i] = st.melds[i].kind
        h.meld_type[i] = (SC_PUNG if t == MELD_PUNG else SC_KONG if t == MELD_EXPOSED_KONG
                          else SC_ADDED_KONG if t == MELD_ADDED_KONG else SC_CONCEALED_KONG)


cdef void sc_rules_of(const RuleSet* r, ScRules* out) noexcept nogil:
    memset(out, 0, sizeof(ScRules))
    out.xuezhan = r.scoring == SCORING_XUEZHAN
    out.longqidui_value = sc_options(r).sc_longqidui_value
    out.qianggang_base = sc_options(r).sc_qianggang_base
    out.kong_and_gen = sc_options(r).sc_kong_and_gen
    out.chajiao_kongs = sc_options(r).sc_chajiao_kongs
    out.fan_cap = sc_options(r).sc_fan_cap
    out.end_checks = sc_options(r).xz_end_checks_no_winner_only
    out.dajiao_to_winners = sc_options(r).xz_dajiao_to_winners
    out.base = r.base


cdef int sc_setup(Game* g) noexcept nogil:
    """The deal in blocks of 13 from the head (state.pxd), one more to the dealer."""
    return deal_without_wild(g, SC_KINDS, False)


cdef void sc_seat_melds(const Seat* st, ScMelds* m) noexcept nogil:
    """The melds as the table path reads them (shapes.pxd ScMelds)."""
    cdef int i
    sc_melds_start(m, st.void_suit)
    for i in range(st.n_melds):
        sc_melds_add(m, st.melds[i].kind, st.melds[i].type == MELD_PUNG)


cdef void check_table(const Game* g, int s, uint64_t got, bint waits) noexcept nogil:
    """check=True: the table path on the seat's Hand against sc_is_win / sc_wait_mask on an
    ScHand rebuilt from its counts and melds."""
    cdef ScHand h
    sc_hand_of(&g.seats[s], &h)
    if got != (<uint64_t>sc_wait_mask(&h) if waits else <uint64_t>sc_is_win(&h)):
        fail(<Game*>g, "Sichuan table path differs from the ScHand functions (seat, waits)", s, waits)


cdef inline uint64_t table_hook(const Game* g, int s, bint waits) noexcept nogil:
    """sc_wait_mask (waits) or sc_is_win on the seat's own packed Hand: no rebuild."""
    cdef ScMelds m
    cdef uint64_t got
    sc_seat_melds(&g.seats[s], &m)
    got = (<uint64_t>sc_table_wait_mask(&g.seats[s].hand, &m) if waits
           else <uint64_t>sc_table_is_win(&g.seats[s].hand, &m))
    if g.check:
        check_table(g, s, got, waits)
    return got


cdef bint sc_is_win_hook(const Game* g, int s) noexcept nogil:
    return table_hook(g, s, False) != 0


cdef uint64_t sc_waits(const Game* g, int s) noexcept nogil:
    """A seat that is not ready for either shape has no waits: the standard waits and (no melds)
    the seven-pairs single (one odd count among 13 tiles, no gold here) answer that without the
    melds' reading; a ready hand takes the rest of the table path, its standard waits read once."""
    cdef const Seat* st = &g.seats[s]
    cdef uint64_t odd, std
    cdef ScMelds m
    if st.n_melds <= 4 and not g.check and st.hand.size + 3 * st.n_melds == 13:
        std = t34_std_waits(&st.hand)
        if std == 0:
            if st.n_melds:
                return 0   # seven pairs takes no melds
            odd = t34_odd_kinds(st.hand.counts)
            if odd & (odd - 1):
                return 0
        sc_seat_melds(st, &m)
        return sc_table_waits_from(&st.hand, &m, std)   # the standard waits read once
    return table_hook(g, s, True)


cdef bint sc_may_self_win(const Game* g, int s) noexcept nogil:
    """After a plain draw (no kong, no claim this turn) the seat's cached wait mask answers: the
    flow keeps it exact for the 3n+1 hand the seat held before the draw (invariants.pyx), and a
    drawn kind is one the mask may hold (never four copies already in hand and melds)."""
    cdef const Seat* st = &g.seats[s]
    cdef bint got
    if st.last_draw >= 0 and not g.flow.from_kong and g.flow.claimed < 0 and st.hand.size + 3 * st.n_melds == 14:
        got = (st.wait_mask >> st.last_draw) & 1
        if g.check and got != sc_is_win_hook(g, s):
            fail(<Game*>g, "Sichuan self-draw win from the wait mask differs from the table path (seat, tile)",
                 s, st.last_draw)
        return got
    return sc_is_win_hook(g, s)


cdef int win_flags(const Game* g, int winner, int discarder, bint robbed, bint from_kong) noexcept nogil:
    """The situation of a win as score.pxd's SC_F_* flags."""
    cdef int f = 0, d = g.dealer
    if discarder < 0:
        f |= SC_F_SELFDRAW
        if from_kong:
            f |= SC_F_KONG_FLOWER
        if winner == d and g.row.turns == 1:
            f |= SC_F_TIANHU   # the dealer's own first turn: the deal itself wins
    elif robbed:
        f |= SC_F_ROBBED
    else:
        if g.flow.from_kong:
            f |= SC_F_KONG_DISCARD   # the discarder threw right after its kong replacement
        if discarder == d and g.row.turns == 1 and g.seats[d].n_discards == 1:
            f |= SC_F_DIHU   # on the dealer's first discard
    return f


cdef int discard_win_value(Game* g, int s, int k) noexcept nogil:
    """The value (分, or 番 after the cap) of seat s winning on tile k now, -1 if it does not win."""
    cdef ScHand h
    cdef ScScore sc
    cdef ScRules r
    sc_hand_of(&g.seats[s], &h)
    if h.counts[k] >= 4:
        return -1
    h.counts[k] += 1
    sc_rules_of(&g.r, &r)
    if sc_evaluate(&r, &h, win_flags(g, s, g.claim_from, g.flow.offer_decision == DEC_ROB_KONG, False), &sc) < 0:
        return -1
    return sc.value


cdef bint sc_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    cdef int v, declined = g.seats[s].declined_value
    if not fresh and declined < 0:
        return True   # the wait mask already holds k (legal.pxd): a win, no 过水 pending
    v = discard_win_value(g, s, k)
    if v < 0:
        return False
    return declined < 0 or sc_options(&g.r).sc_guoshui != SC_GUOSHUI_UNLESS_HIGHER or v > declined


cdef void sc_declined(Game* g, int s, int k) noexcept nogil:
    """过水: remember the best declined value until the seat's own draw (the flow resets it)."""
    cdef int v
    if sc_options(&g.r).sc_guoshui != SC_GUOSHUI_UNLESS_HIGHER:
        return
    v = discard_win_value(g, s, k)
    if v > g.seats[s].declined_value:
        g.seats[s].declined_value = v


cdef int sc_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                      uint32_t specials, int tile) noexcept nogil:
    cdef ScHand h
    cdef ScScore sc
    cdef ScRules r
    cdef WinRec* rec = &g.recs[g.n_recs - 1]   # this win's record (settle.record_win)
    cdef int s, payer = discarder, payers = 0
    cdef bint kong_flower = (flags[0] & FLAG_KONG_REPLACEMENT) != 0
    cdef int situation = win_flags(g, winner, discarder, win_type == WIN_ROBBED_KONG, kong_flower)
    sc_hand_of(&g.seats[winner], &h)
    sc_rules_of(&g.r, &r)
    if sc_evaluate(&r, &h, situation, &sc) < 0:
        return fail(g, "Sichuan win that sc_evaluate does not accept (seat, tile)", winner, tile)
    # the situations the flow's flags do not say, on the record (the row keeps the flow's flags)
    if situation & SC_F_KONG_DISCARD:
        rec.flags |= FLAG_KONG_DISCARD
    if situation & SC_F_TIANHU:
        rec.flags |= FLAG_TIANHU
    if situation & SC_F_DIHU:
        rec.flags |= FLAG_DIHU
    if discarder < 0:
        if kong_flower and g.flow.kong_source >= 0 and not (g.r.scoring == SCORING_XUEZHAN
                                                            and sc_options(&g.r).xz_dian_gang_hua_selfdraw):
            payer = g.flow.kong_source   # 点杠花: the discarder whose tile was konged pays alone (XZ-A9 in 血战)
        for s in range(4):
            if s != winner and (not g.seats[s].finished or sc_options(&g.r).xz_selfdraw_all_pay):
                payers |= 1 << s
    sc_win_deltas(&sc, r.base, winner, payer, payers, g.row.deltas)
    g.row.S = sc.value   # the row's specials are the SP_* bits of RULES.md §6: the patterns go to the record
    rec.patterns = sc.patterns
    rec.base_pattern = sc.base_pattern
    rec.gen = sc.gen
    rec.value = sc.value
    rec.points = sc.unit * r.base
    return ST_CONT


cdef void before_win(const Game* g, int s, ScHand* h) noexcept nogil:
    """A winner's hand as it stood before its winning tile (the first winner on a discard, and a
    self-drawer, still hold it; a later winner on the same discard never took it)."""
    cdef int i, k, size = 0
    for k in range(SC_KINDS):
        size += h.counts[k]
    if size % 3 != 2:
        return
    for i in range(g.n_recs):
        if g.recs[i].kind == REC_WIN and g.recs[i].seat == s and g.recs[i].tile >= 0:
            h.counts[g.recs[i].tile] -= 1
            return


cdef int sc_end_drawn(Game* g) noexcept nogil:
    """The wall ran out: 查叫 (§2), or 查花猪 then 查大叫 (§3), each payment a record."""
    cdef ScHand hands[4]
    cdef uint8_t won[4]
    cdef int32_t scratch[4]
    cdef ScPayment pays[SC_MAX_PAYMENTS]
    cdef ScRules r
    cdef bint ready[4]
    cdef int s, i, n
    sc_rules_of(&g.r, &r)
    for s in range(4):
        sc_hand_of(&g.seats[s], &hands[s])
        ready[s] = sc_waits(g, s) != 0
        won[s] = g.seats[s].finished
        scratch[s] = 0
        if won[s] and r.dajiao_to_winners:
            before_win(g, s, &hands[s])
    n = sc_end_settle(&r, hands, won, scratch, pays)
    for i in range(n):
        if record_payment(g, pays[i].kind, pays[i].payer, pays[i].receiver, pays[i].amount) == NULL:
            return ST_ERR
    return sc_kong_refunds(g, ready)


cdef void sichuan_pack(Pack* p, TileSet* ts) noexcept nogil:
    sichuan_tiles(ts)
    p.setup = sc_setup
    p.opening_offer = sc_opening_offer        # 换三张 / 定缺 when on, else nothing
    p.opening_resolve = sc_opening_resolve
    p.dealer_may_win_first = True
    p.score_win = sc_score_win
    p.is_win = sc_is_win_hook
    p.may_self_win = sc_may_self_win
    p.waits = sc_waits
    p.waits_of_hand = True                    # hand, melds and 定缺 only
    p.may_discard_win = sc_may_discard_win
    p.declined = sc_declined
    p.turn_offer = NULL
    p.self_win_kind = NULL
    p.end_drawn = sc_end_drawn
    p.discard_filter = sc_discard_filter
    p.kong_made = sc_kong_made
    p.win_recorded = sc_win_recorded
