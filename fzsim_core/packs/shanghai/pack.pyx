# cython: language_level=3
"""The Shanghai pack (RULES-PACKS §1 上海麻将, 清混碰 / 勒子) on the engine's flow.

144 tiles: the 136 suited and honour tiles held as ordinary tiles, the 8 flowers set aside and
replaced from the end of the wall (the 国标 tile set). 13-tile hands, no wild, no opening window.
What the flow does for this pack is set by the preset (fzsim/packs/shanghai/presets/shanghai.toml): chow from
the previous seat, pung and kong (the 下家 too unless sh_xiajia_can_kong is off), 一炮多响, robbing
added kongs, every tile drawable, the winner dealing next (advance_match: the nearest winner after
a multiple ron, SH-A1, and the 荒番 counter carried across the hands of a match in row.carry).
The opening dice are rolled by init_game from their own stream (Pack.rolls_dice, row.dice).

Here: what wins — four sets and a pair (or 14 honours: 风一色) that is one of the seven patterns
of the minimum (shapes.pxd), so a hand below it is never offered, and 八花齐 on the seat's first
own turn holding all eight flowers; 漏胡 (a declined discard win bars that kind; the bar is the
seat's guoshui_mask, which the flow clears at the seat's own discard — equivalent to "until its
next draw or claim", since between that draw or claim and its discard no other seat discards);
the scoring through score.pxd (底分 + 花分 capped at a 勒子, the fixed patterns, the 杠开 / 大吊车
floor, 开宝 from row.dice and 荒番 from row.carry each doubling score and cap) and the payments
with 承包 from Seat.claims_from (three or more claims between the winner and a seat, either
way, a mutual relation counted twice; a robbed kong's konger pays 3 shares).

A win's record: patterns = every allowed pattern the hand forms (bit i = shapes.pxd SH_*),
base_pattern = the counted one, gen = the winner's flowers (花牌, 0..8), value = the value after
the 杠开 / 大吊车 floor and before the multipliers, points = P (per payer), flags with FLAG_SH_*.
The row: F = the flower points, S = P.
"""
from libc.stdint cimport int8_t, int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from fzsim_core.rules cimport RuleSet
from fzsim_core.win_facts cimport WIN_SELFDRAW, WIN_ROBBED_KONG, FLAG_KONG_REPLACEMENT
from fzsim_core.state cimport Game, Pack, fail, no_opening, no_opening_choice, waits_cached
from fzsim_core.table cimport (Seat, DEC_ROB_KONG, ST_CONT, ST_ERR, NO_TILE, ACT_WIN, act, MELD_CHOW, MELD_PUNG,
                               MELD_EXPOSED_KONG, MELD_ADDED_KONG, MELD_CONCEALED_KONG)
from fzsim_core.tiles cimport N_HAND_KINDS
from fzsim_core.tileset cimport TileSet, full_144_tiles
from fzsim_core.winrec cimport WinRec
from fzsim_core.packs.deal cimport deal_without_wild
from fzsim_core.kit.hand34 cimport (MjHand, MJ_CHOW, MJ_PUNG, MJ_KONG, MJ_ADDED_KONG, MJ_CONCEALED_KONG,
                                            mj_claimed, mj_held)
from fzsim_core.kit.shapes34 cimport mj_is_standard
from fzsim_core.packs.shanghai.shapes cimport (ShShape, sh_hand_may_wait, sh_hand_surely_no_wait, sh_patterns,
                                               sh_wait_mask, sh_wait_mask_packed)
from fzsim_core.packs.shanghai.score cimport (ShRules, ShScore, SH_CB_EXTRA, SH_CB_FULL, SH_F_SELFDRAW, SH_F_GANGKAI,
                                             SH_F_ROBBED, SH_F_BAHUA, sh_evaluate, sh_rules_default, sh_win_deltas)
from fzsim_core.packs.shanghai.play cimport sh_chengbao_relations, sh_kaibao
from fzsim_core.packs.shanghai.options cimport sh_options, SH_OPT_OTHER


cdef void shanghai_tiles(TileSet* ts) noexcept nogil:
    full_144_tiles(ts)          # 34 kinds x 4 + 8 flowers = 144 ...
    ts.hand_size = 13         # ... in 13-tile hands


cdef void sh_hand_of(const Seat* st, MjHand* h) noexcept nogil:
    cdef int i, t
    memcpy(h.counts, st.hand.counts, N_HAND_KINDS)
    h.wild = -1
    h.n_melds = st.n_melds if st.n_melds <= 4 else 4
    for i in range(h.n_melds):
        t = st.melds[i].type
        h.meld_kind[i] = st.melds[i].kind
        h.meld_type[i] = (MJ_CHOW if t == MELD_CHOW else MJ_PUNG if t == MELD_PUNG else MJ_KONG if t == MELD_EXPOSED_KONG
                          else MJ_ADDED_KONG if t == MELD_ADDED_KONG else MJ_CONCEALED_KONG)


cdef void sh_rules_of(const RuleSet* r, ShRules* out) noexcept nogil:
    sh_rules_default(out)
    if not sh_options(r).sh_feng_includes_dragons:
        out.shape.feng = (<uint64_t>0xF) << 27      # SH-A3: the four winds only
    out.shape.fengyise_shape = sh_options(r).sh_fengyise_shape
    out.base_points = <short>r.base
    out.flower_point = <short>r.flower_point
    out.lezi = <short>sh_options(r).sh_lezi
    out.bahua_lezi = <uint8_t>sh_options(r).sh_bahua_lezi
    out.floor_cap = sh_options(r).sh_gangkai_over_lezi == SH_OPT_OTHER
    out.stack_max = sh_options(r).sh_kaibao_huangfan_stack == SH_OPT_OTHER
    out.huangfan_pow = sh_options(r).sh_huangfan_mult == SH_OPT_OTHER
    out.standalone = sh_options(r).sh_dadiaoche_standalone
    out.chengbao = SH_CB_FULL if sh_options(r).sh_chengbao == SH_OPT_OTHER else SH_CB_EXTRA


cdef int sh_setup(Game* g) noexcept nogil:
    """The deal in blocks of 13 from the head (state.pxd), one more to the dealer, then 补花 in
    rounds from the dealer, each flower replaced from the tail."""
    return deal_without_wild(g, N_HAND_KINDS, True)


cdef inline bint bahua_now(const Game* g, int s) noexcept nogil:
    """八花齐 may be declared now: the seat's own turn on which it was first offered (turn_offer
    marks it with the turn counter, which a kong within the turn leaves unchanged)."""
    return g.seats[s].n_flowers >= 8 and g.pack_state[s] == g.row.turns and g.cur_seat == s


cdef int win_flags(const Game* g, int s, int discarder, bint robbed, bint from_kong, bint bahua) noexcept nogil:
    cdef int f = 0
    if discarder < 0:
        f = SH_F_SELFDRAW
        if from_kong:
            f |= SH_F_GANGKAI
        if bahua:
            f |= SH_F_BAHUA
    elif robbed:
        f = SH_F_ROBBED
    return f


cdef int evaluate(const Game* g, int s, int f, MjHand* h, ShScore* out) noexcept nogil:
    """sh_evaluate of the seat's hand h now (the dice and the match's 荒番 from the row)."""
    cdef ShRules r
    cdef int d = g.row.dice
    sh_rules_of(&g.r, &r)
    return sh_evaluate(&r, h, f, g.seats[s].n_flowers if g.seats[s].n_flowers < 8 else 8,
                       d > 0 and sh_kaibao(d // 10, d % 10), g.row.carry, out)


cdef inline void shape_of(const RuleSet* r, ShShape* sh) noexcept nogil:
    sh.feng = (<uint64_t>0x7F) << 27 if sh_options(r).sh_feng_includes_dragons else (<uint64_t>0xF) << 27
    sh.fengyise_shape = sh_options(r).sh_fengyise_shape


cdef bint complete(const Game* g, int s, bint from_kong, int extra=-1) noexcept nogil:
    """The seat's 3n+2 tiles (with `extra` added: a discard) form an allowed pattern (or, under
    SH-A8, a standard shape that 杠开 or 大吊车 make a win)."""
    cdef MjHand h
    cdef ShShape sh
    sh_hand_of(&g.seats[s], &h)
    if extra >= 0:
        h.counts[extra] += 1
    shape_of(&g.r, &sh)
    if sh_patterns(&sh, &h):
        return True
    return sh_options(&g.r).sh_dadiaoche_standalone and (from_kong or (h.n_melds == 4 and mj_claimed(&h) == 4)) and mj_is_standard(&h)


cdef bint sh_is_win_hook(const Game* g, int s) noexcept nogil:
    """The definition (invariants re-check a self-draw against it): an allowed pattern, or 八花齐 now."""
    return bahua_now(g, s) or complete(g, s, g.flow.from_kong and g.cur_seat == s)


cdef inline bint cached_waits_hold(const Game* g, int s) noexcept nogil:
    """The seat's cached wait mask answers its self-draw: an ordinary draw (or a flower's
    replacement) onto the 13 tiles of its last discard or the deal, not after a kong, not on the
    first turn, and not under SH-A8 (a 大吊车 is searched)."""
    return waits_cached(g, &g.seats[s]) and not sh_options(&g.r).sh_dadiaoche_standalone


cdef bint sh_may_self_win(const Game* g, int s) noexcept nogil:
    """As complete(), read from the cached wait mask while it is still the hand's
    (cached_waits_hold)."""
    cdef int k = g.seats[s].last_draw
    if k < 0:
        return False
    if g.check or not cached_waits_hold(g, s):
        return self_win_searched[0](g, s)
    return (g.seats[s].wait_mask >> k) & 1


# sh_may_self_win where the hand is searched (after a kong, on the first turn, under SH-A8, or to
# compare under check=True), called through a pointer set at import so that the compiler keeps
# it out of line: the usual draw then needs no stack frame.
ctypedef bint (*SeatTest)(const Game* g, int s) noexcept nogil
cdef SeatTest self_win_searched[1]


cdef bint _self_win_searched(const Game* g, int s) noexcept nogil:
    cdef int k = g.seats[s].last_draw
    cdef bint w
    if not cached_waits_hold(g, s):
        return complete(g, s, g.flow.from_kong)
    w = (g.seats[s].wait_mask >> k) & 1
    if w != complete(g, s, False):
        fail(<Game*>g, "shanghai: cached wait mask disagrees with the win search (seat, tile)", s, k)
        return False
    return w


self_win_searched[0] = _self_win_searched


cdef int sh_turn_offer(Game* g, int s, uint16_t* acts) noexcept nogil:
    """A self-draw win when the hand is complete, or 八花齐 on the first own turn holding all eight
    flowers (taken at once when sh_bahua_optional is off: the hand is locked to it)."""
    cdef const Seat* st = &g.seats[s]
    # The usual draw: no 八花齐 and the drawn kind not among the cached waits, answered before any
    # other test, as only "no" is answered here (a claim's turn, or one that may not win, is "no"
    # too, tested past this line).
    if (st.n_flowers < 8 and not g.check and cached_waits_hold(g, s)
            and not (st.wait_mask >> st.last_draw) & 1):
        return 0
    return turn_win_offer[0](g, s, acts)


# sh_turn_offer past the usual draw (a claim's turn too), called through a pointer set at import
# so that the compiler keeps it out of line: the usual draw then returns before any register is
# saved.
ctypedef int (*TurnOffer)(Game* g, int s, uint16_t* acts) noexcept nogil
cdef TurnOffer turn_win_offer[1]


cdef int _turn_win_offer(Game* g, int s, uint16_t* acts) noexcept nogil:
    cdef bint bahua = False
    if g.flow.claimed >= 0 or not g.flow.may_win:
        return 0
    if g.seats[s].n_flowers >= 8:
        if g.pack_state[s] == 0:
            g.pack_state[s] = g.row.turns   # pack_state[seat]: the turn 八花齐 was first offered
        bahua = bahua_now(g, s)
    if bahua or sh_may_self_win(g, s):
        acts[0] = act(ACT_WIN, g.seats[s].last_draw if g.seats[s].last_draw >= 0 else NO_TILE)
        if bahua and not sh_options(&g.r).sh_bahua_optional:
            g.flow.locked = True
        return 1
    return 0


turn_win_offer[0] = _turn_win_offer


cdef int sh_self_win_kind(Game* g, int s, uint32_t* specials) noexcept nogil:
    """WIN_SELFDRAW; scored as 八花齐 when that is declarable and worth at least the hand's own win
    ("其他胡法照算": a complete hand may instead be scored as itself)."""
    cdef MjHand h
    cdef ShScore a, b
    if not bahua_now(g, s):
        return WIN_SELFDRAW
    sh_hand_of(&g.seats[s], &h)
    if (not complete(g, s, g.flow.from_kong)
            or evaluate(g, s, win_flags(g, s, -1, False, g.flow.from_kong, False), &h, &a) < 0):
        specials[0] |= SP_SH_BAHUA
        return WIN_SELFDRAW
    evaluate(g, s, win_flags(g, s, -1, False, g.flow.from_kong, True), &h, &b)
    if b.per_payer >= a.per_payer:
        specials[0] |= SP_SH_BAHUA
    return WIN_SELFDRAW


cdef uint64_t sh_waits(const Game* g, int s) noexcept nogil:
    """Kinds completing the seat's 13 tiles into an allowed pattern (and under SH-A8 the pair of
    a 大吊车), kinds it holds four of left out."""
    cdef const Seat* st = &g.seats[s]
    if (sh_hand_surely_no_wait(&st.hand) and not g.check
            and not (sh_options(&g.r).sh_dadiaoche_standalone and st.n_melds >= 4)):
        return 0   # the common hand: no melds read, no MjHand, no search
    return waits_searched[0](g, s)


# sh_waits past the common hand, called through a pointer set at import so that the compiler
# keeps it out of line: the common hand then needs no stack frame.
ctypedef uint64_t (*SeatMask)(const Game* g, int s) noexcept nogil
cdef SeatMask waits_searched[1]


cdef uint64_t _waits_searched(const Game* g, int s) noexcept nogil:
    cdef MjHand h
    cdef ShShape sh
    cdef const Seat* st = &g.seats[s]
    cdef uint64_t m = 0, meld_kinds = 0
    cdef int i, k
    for i in range(st.n_melds):
        meld_kinds |= (<uint64_t>1) << st.melds[i].kind
    shape_of(&g.r, &sh)
    if sh_hand_may_wait(&sh, &st.hand, meld_kinds):
        if g.check and sh_hand_surely_no_wait(&st.hand):
            fail(<Game*>g, "Shanghai: the quick no-wait test dropped a hand the gate lets through (seat, size)",
                 s, st.hand.size)
        sh_hand_of(st, &h)
        m = sh_wait_mask_packed(&sh, &h, &st.hand)
    elif g.check:
        sh_hand_of(st, &h)
        if sh_wait_mask(&sh, &h):
            fail(<Game*>g, "Shanghai: the gate filter dropped a hand with waits (seat, size)", s, st.hand.size)
    if sh_options(&g.r).sh_dadiaoche_standalone and st.n_melds >= 4:
        sh_hand_of(st, &h)
        if mj_claimed(&h) != 4:
            return m
        for k in range(N_HAND_KINDS):
            if h.counts[k] == 1 and mj_held(&h, k) < 4:
                m |= (<uint64_t>1) << k
    return m


waits_searched[0] = _waits_searched


cdef bint sh_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    """漏胡 first (a kind the seat declined since its own discard), then the hand (fresh: search)."""
    if sh_options(&g.r).sh_louhu and (g.seats[s].guoshui_mask >> k) & 1:
        return False
    if not fresh:
        return True   # the wait mask already holds k (legal.pxd)
    return complete(g, s, False, k)


cdef void sh_declined(Game* g, int s, int k) noexcept nogil:
    """漏胡: the declined kind is barred for discard wins until the seat moves (see the module doc)."""
    if sh_options(&g.r).sh_louhu:
        g.seats[s].guoshui_mask |= (<uint64_t>1) << k


cdef void claims_table(const Game* g, uint8_t* claims) noexcept nogil:
    """claims[4 a + b]: sets seat a took from seat b's discards this hand (承包's count; without
    exposed kongs under sh_chengbao_claims = chow_pung)."""
    cdef int a, b, i
    cdef const Seat* st
    for a in range(4):
        st = &g.seats[a]
        for b in range(4):
            claims[4 * a + b] = st.claims_from[b]
        if sh_options(&g.r).sh_chengbao_claims == SH_OPT_OTHER:
            for i in range(st.n_melds):
                if st.melds[i].type == MELD_EXPOSED_KONG and st.melds[i].source >= 0:
                    claims[4 * a + st.melds[i].source] -= 1


cdef int sh_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                      uint32_t specials, int tile) noexcept nogil:
    cdef MjHand h
    cdef ShScore sc
    cdef ShRules r
    cdef uint8_t claims[16]
    cdef uint8_t liable[4]
    cdef WinRec* rec = &g.recs[g.n_recs - 1]   # this win's record (settle.record_win)
    cdef int f, x, d = g.row.dice
    cdef bint robbed = win_type == WIN_ROBBED_KONG, bahua = (specials & SP_SH_BAHUA) != 0
    sh_hand_of(&g.seats[winner], &h)
    sh_rules_of(&g.r, &r)
    f = win_flags(g, winner, discarder, robbed, (flags[0] & FLAG_KONG_REPLACEMENT) != 0, bahua)
    if evaluate(g, winner, f, &h, &sc) < 0:
        return fail(g, "shanghai win below the minimum (seat, tile)", winner, tile)
    if g.check:
        # every win passes the gate (or is 八花齐 with eight flowers); P within its cap
        if not bahua and not sh_patterns(&r.shape, &h) and not r.standalone:
            return fail(g, "shanghai win without an allowed pattern (seat, patterns)", winner, sc.patterns)
        if bahua and g.seats[winner].n_flowers != 8:
            return fail(g, "shanghai bahua (8 flowers) without eight flowers (seat, flowers)", winner, g.seats[winner].n_flowers)
        if sc.per_payer > sc.cap or sc.per_payer <= 0:
            return fail(g, "shanghai P over its cap (P, cap)", sc.per_payer, sc.cap)
    claims_table(g, claims)
    sh_chengbao_relations(claims, winner, liable)
    sh_win_deltas(&r, sc.per_payer, winner, discarder, f, liable, g.row.deltas)
    if d > 0 and sh_kaibao(d // 10, d % 10):
        flags[0] |= FLAG_SH_KAIBAO
    if g.row.carry >= 1:
        flags[0] |= FLAG_SH_HUANGFAN
    if sc.dadiaoche:
        flags[0] |= FLAG_SH_DADIAOCHE
    if bahua:
        flags[0] |= FLAG_SH_BAHUA
    for x in range(4):
        if liable[x]:
            flags[0] |= FLAG_SH_CHENGBAO
    g.row.S = <short>sc.per_payer if sc.per_payer < 32767 else 32767
    g.row.F = sc.flowers
    rec.patterns = <uint32_t>sc.patterns
    rec.base_pattern = <int8_t>sc.pattern
    rec.gen = <int8_t>g.seats[winner].n_flowers
    rec.value = sc.floored
    rec.points = sc.per_payer
    return ST_CONT


cdef void shanghai_pack(Pack* p, TileSet* ts) noexcept nogil:
    shanghai_tiles(ts)
    p.setup = sh_setup
    p.opening_offer = no_opening
    p.opening_resolve = no_opening_choice
    p.dealer_may_win_first = True
    p.score_win = sh_score_win
    p.is_win = sh_is_win_hook
    p.may_self_win = sh_may_self_win
    p.waits = sh_waits
    p.waits_of_hand = True                    # hand and melds only
    p.may_discard_win = sh_may_discard_win
    p.declined = sh_declined
    p.turn_offer = sh_turn_offer
    p.self_win_kind = sh_self_win_kind
    p.end_drawn = NULL
    p.rolls_dice = True


#: the bits of a Shanghai win record's flags by name (the flow's, then the pack's FLAG_SH_*)
RECORD_FLAGS = {"selfdraw": 1, "kong_replacement": FLAG_KONG_REPLACEMENT, "robbed_kong": 4, "last_tile": 8,
                "kaibao": FLAG_SH_KAIBAO, "huangfan": FLAG_SH_HUANGFAN, "dadiaoche": FLAG_SH_DADIAOCHE,
                "chengbao": FLAG_SH_CHENGBAO, "bahua": FLAG_SH_BAHUA}
