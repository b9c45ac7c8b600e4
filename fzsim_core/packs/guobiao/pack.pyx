# cython: language_level=3
"""The 国标 / MCR pack (RULES-PACKS §5) on the engine's flow.

144 tiles: the 136 suited and honour tiles held as ordinary tiles, the 8 flowers set aside and
replaced from the end of the wall (tileset.pxd full_144_tiles with honors_are_flowers = false; the
flow's draws and state.pxd's replace_dealt_flowers do the replacing). 13-tile hands, no wild,
no opening window. What the flow does for this pack is set by the preset (fzsim/packs/guobiao/presets/
guobiao.toml): chow from the previous seat, one winner per discard nearest first, robbing added
kongs, every tile drawable, the deal passing after every hand (next_dealer = rotate) over a 局
of 16 hands.

Here: the deal; what wins — any 国标 shape (four sets and a pair, 七对, 十三幺, 全不靠, 七星不靠,
组合龙: shapes.pxd) carrying at least gb_min_fan fans without flowers, so a win under the minimum
is never offered; the cached wait mask over every shape, so the fan evaluator (fans.pxd) runs
only when a tile completes a shape; the situation fans from the game state (和绝张 from the seen
counts, 妙手回春 / 海底捞月 when no live tile is left, 杠上开花 from the flow's from_kong, 抢杠和
from the win type); the seat wind (dealer 东, then 南西北 counter-clockwise) and the round wind
(hand // 4 of the 局); the payments of §5.4 (底分 = base: on a discard the discarder pays base +
fan and the other two base; a self-draw base + fan from each; flowers count in fan).

gb_variant = botzone (GB-A2): 136 tiles without flowers and a 34-tile wall per seat, dealt and
drawn by its owner (Pack.draw); the hand is drawn when the seat to draw has none left, and the
last-tile fans follow the next seat's empty wall (the Botzone judge).

A win's record: value = the fan total with flowers, gen = the winner's flowers (花牌), points =
base + value, patterns = the ids (fanids.pxd, the rulebook's numbering) of its four highest
fans one byte each, highest first in the lowest byte, base_pattern = the highest fan's id.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memmove, memset
from fzsim_core.bits cimport fz_counts_mask
from fzsim_core.rules cimport RuleSet
from fzsim_core.win_facts cimport WIN_SELFDRAW, WIN_ROBBED_KONG, FLAG_LAST_TILE
from fzsim_core.state cimport (Game, Pack, fail, live_tiles, no_opening, no_opening_choice,
                               reserve)
from fzsim_core.table cimport (Seat, DEC_ROB_KONG, ST_CONT, ST_ERR, MELD_CHOW, MELD_PUNG,
                               MELD_CONCEALED_KONG)
from fzsim_core.tiles cimport FLOWER_BASE, N_HAND_KINDS, N_KINDS
from fzsim_core.tileset cimport MAX_TILES, TileSet, full_144_tiles, tiles_from_copies
from fzsim_core.table cimport EV_DEAL
from fzsim_core.state cimport log_event, waits_cached
from fzsim_core.winrec cimport WinRec
from fzsim_core.packs.deal cimport deal_without_wild, seat_dealt_hands
from fzsim_core.packs.guobiao.fans cimport (GbFans, GbHand, GB_OK, GB_N_FANS, GB_SELFDRAW, GB_ROBBED_KONG,
                                           GB_KONG_REPLACEMENT, GB_LAST_TILE, GB_FOURTH_TILE,
                                           GB_MINGANGANG, GB_FAN_FLOWERS, gb_evaluate)
from fzsim_core.packs.guobiao.fanids cimport GB_VALUE, F_LAST_TILE, F_LAST_TILE_CLAIM, F_LAST_TILE_DRAW
from fzsim_core.packs.guobiao.shapes cimport (GbGate, GbSet, GB_CHOW, GB_PUNG, GB_KONG, gb_gate, gb_is_win,
                                              gb_shape_waits, gb_surely_not_ready, gb_wait_mask)
from fzsim_core.packs.guobiao.options cimport gb_options


cdef void guobiao_tiles(TileSet* ts) noexcept nogil:
    full_144_tiles(ts)          # 34 kinds x 4 + 8 flowers = 144 ...
    ts.hand_size = 13         # ... in 13-tile hands


cdef void botzone_tiles(TileSet* ts) noexcept nogil:
    """GB-A2 Botzone: the 136 suited and honour tiles, no flowers, 13-tile hands."""
    cdef int k
    for k in range(N_KINDS):
        ts.copies[k] = 4 if k < FLOWER_BASE else 0
    tiles_from_copies(ts, 13)


# ---- Botzone walls (GB-A2): one wall per seat -------------------------------------------------
# Seat (dealer + i) % 4 owns wall[34 i : 34 i + 34] of the shuffled (or explicit) 136 and draws
# it front to back: its first 13 tiles are its hand (the dealer's 14th too), every later draw and
# kong replacement is its next tile, and the hand is drawn when the seat to draw has none left
# (the Botzone / IJCAI judge: 136 // 4 tiles a seat, 荒庄 on the drawer's empty wall). The undrawn
# tiles stay wall[head..tail] for the flow, the invariants and the live count: the four walls
# packed there in seat order, seat offset i's from g.seat_wall[i] to the next one's start.

cdef inline int wall_end(const Game* g, int i) noexcept nogil:
    return g.seat_wall[i + 1] if i < 3 else g.tail + 1


cdef int seat_left(const Game* g, int s) noexcept nogil:
    """Tiles left in seat s's own wall."""
    cdef int i = (s - g.dealer + 4) % 4
    return wall_end(g, i) - g.seat_wall[i]


cdef int gb_botzone_setup(Game* g) noexcept nogil:
    cdef uint8_t raw[4][N_KINDS]
    cdef uint8_t rest[MAX_TILES]
    cdef int i, j, s, k, dealt, n = 0, w = g.ts.n_tiles // 4, h = g.ts.hand_size
    memset(&raw[0][0], 0, sizeof(raw))
    for i in range(4):
        s = (g.dealer + i) % 4
        dealt = h + (1 if i == 0 else 0)
        g.seat_wall[i] = n          # where its undrawn part starts in rest
        for j in range(w):
            k = g.wall[w * i + j]
            if j < dealt:
                raw[s][k] += 1
                log_event(g, EV_DEAL, s, k, 0)
            else:
                rest[n] = k
                n += 1
    g.head = g.ts.n_tiles - n
    g.tail = g.ts.n_tiles - 1
    memcpy(&g.wall[g.head], rest, n)
    for i in range(4):
        g.seat_wall[i] += g.head
    return seat_dealt_hands(g, &raw[0][0], N_HAND_KINDS, -1)


cdef int gb_botzone_draw(Game* g, int s, bint replacement) noexcept nogil:
    """Seat s's next tile from its own wall (a replacement too), -1 when it is empty. The tiles
    before it in wall[head..] move up one place, so the undrawn ones stay contiguous."""
    cdef int i = (s - g.dealer + 4) % 4, j, k, at = g.seat_wall[i]
    if at >= wall_end(g, i):
        return -1
    k = g.wall[at]
    memmove(&g.wall[g.head + 1], &g.wall[g.head], at - g.head)
    g.head += 1
    for j in range(i + 1):
        g.seat_wall[j] += 1
    return k


cdef bint last_tile_now(const Game* g, int s, int how) noexcept nogil:
    """The win is on the last tile of play (妙手回春 / 海底捞月): rulebook, no live tile is left;
    Botzone, the seat that would draw next (after the drawer, or after the discarder) has an
    empty wall, as the judge reads it."""
    if how == 2:
        return False
    if gb_options(&g.r).gb_variant == GB_VARIANT_BOTZONE:
        return seat_left(g, ((s if how == 0 else g.claim_from) + 1) % 4) == 0
    return live_tiles(g) <= reserve(g)


cdef int gb_melds_of(const Seat* st, GbSet* out) noexcept nogil:
    cdef int i, t
    for i in range(st.n_melds):
        t = st.melds[i].type
        out[i].tile = st.melds[i].kind
        out[i].type = GB_CHOW if t == MELD_CHOW else GB_PUNG if t == MELD_PUNG else GB_KONG
        out[i].exposed = t != MELD_CONCEALED_KONG
    return st.n_melds


cdef void held_counts(const Seat* st, uint8_t* held) noexcept nogil:
    """Every tile the seat holds by kind, its declared sets included (a kong as 4)."""
    cdef int i, k, t
    for k in range(N_HAND_KINDS):
        held[k] = st.hand.counts[k]
    for i in range(st.n_melds):
        k = st.melds[i].kind
        t = st.melds[i].type
        if t == MELD_CHOW:
            held[k] += 1
            held[k + 1] += 1
            held[k + 2] += 1
        else:
            held[k] += 3 if t == MELD_PUNG else 4


cdef int gb_fans_now(const Game* g, int s, int k, int how, bint in_hand, GbFans* out) noexcept nogil:
    cdef GbHand h
    cdef const Seat* st = &g.seats[s]
    cdef int i, f = 0
    for i in range(N_HAND_KINDS):
        h.counts[i] = st.hand.counts[i]
    h.n_melds = gb_melds_of(st, h.melds)
    if not in_hand:
        h.counts[k] += 1
    h.win_tile = k
    if how == 0:
        f = GB_SELFDRAW
        if g.flow.from_kong:
            f |= GB_KONG_REPLACEMENT     # a kong's replacement (a flower's is no 杠上开花)
        if g.seen[k] >= 3 and h.counts[k] == 1:
            f |= GB_FOURTH_TILE          # the other three copies lie in discards or exposed sets
    elif how == 1:
        if g.seen[k] >= 4 and h.counts[k] == 1:   # seen counts the discard itself
            f |= GB_FOURTH_TILE
    else:
        f = GB_ROBBED_KONG               # 抢杠和 is the fourth tile by itself (不计和绝张)
    if last_tile_now(g, s, how):
        f |= GB_LAST_TILE                # 妙手回春 / 海底捞月
    if gb_options(&g.r).gb_mingangang:
        f |= GB_MINGANGANG
    h.flags = <uint8_t>f
    h.flowers = <uint8_t>(st.n_flowers if st.n_flowers < 8 else 8)
    h.seat_wind = <uint8_t>((s - g.dealer + 4) % 4)
    h.round_wind = <uint8_t>((g.row.hand // 4) % 4)
    return gb_evaluate(&h, out)


cdef inline bint enough(const Game* g, int s, int k, int how) noexcept nogil:
    """The win on k carries the minimum without flowers."""
    cdef GbFans f
    return gb_fans_now(g, s, k, how, how == 0, &f) == GB_OK and f.base >= gb_options(&g.r).gb_min_fan


cdef int gb_setup(Game* g) noexcept nogil:
    """The deal in blocks of 13 from the head (state.pxd), one more to the dealer, then 补花 in
    rounds from the dealer, each flower replaced from the tail."""
    return deal_without_wild(g, N_HAND_KINDS, True)


cdef const GbGate* GATE = gb_gate()   # the tables of gb_surely_not_ready


cdef uint64_t gb_waits(const Game* g, int s) noexcept nogil:
    """Kinds completing the seat's 13 tiles in any 国标 shape (not yet the fan minimum), kinds it
    holds four of left out."""
    if gb_surely_not_ready(&g.seats[s].hand, g.seats[s].n_melds, GATE):
        return 0   # the common hand: not ready in any shape (inline, no call and no frame)
    return held_waits[0](g, s)


# gb_waits of a hand that may be ready, called through a pointer set at import so that the
# compiler keeps it out of line.
ctypedef uint64_t (*HeldWaits)(const Game* g, int s) noexcept nogil
cdef HeldWaits held_waits[1]


cdef uint64_t _held_waits(const Game* g, int s) noexcept nogil:
    """The hand's waits by every shape's test, less the kinds the seat holds four of (its sets
    included)."""
    cdef uint8_t held[N_HAND_KINDS]
    cdef const Seat* st = &g.seats[s]
    cdef uint64_t mask = gb_shape_waits(&st.hand, st.n_melds)
    if mask == 0:
        return 0
    held_counts(st, held)
    mask &= ~fz_counts_mask(held, 4)
    if g.check and mask != gb_wait_mask(st.hand.counts, held, st.n_melds):
        fail(<Game*>g, "guobiao: the seat's Hand wait mask differs from gb_wait_mask (seat, size)", s, st.hand.size)
    return mask


held_waits[0] = _held_waits


cdef bint gb_is_win_hook(const Game* g, int s) noexcept nogil:
    """The seat's 14 tiles win by self-draw on its last draw: a shape and the minimum (the
    definition: invariants re-check a self-draw against it)."""
    cdef const Seat* st = &g.seats[s]
    if st.last_draw < 0 or not gb_is_win(st.hand.counts, st.n_melds):
        return False
    return enough(g, s, st.last_draw, 0)


cdef bint gb_may_self_win(const Game* g, int s) noexcept nogil:
    """As gb_is_win_hook, the shape read from the cached wait mask when it is still the hand's:
    an ordinary draw (or a flower's replacement) onto the 13 tiles of the seat's last discard
    (or the deal). After a kong, or on the dealer's first turn, the shape is searched."""
    cdef const Seat* st = &g.seats[s]
    cdef int k = st.last_draw
    if k < 0:
        return False
    if not g.check and waits_cached(g, st) and not (st.wait_mask >> k) & 1:
        return False   # the usual draw: not among the cached waits
    return self_win_rest[0](g, s)


# gb_may_self_win past the usual answer, called through a pointer set at import so that the
# compiler keeps it out of line: the usual draw then returns before any register is saved.
ctypedef bint (*SeatTest)(const Game* g, int s) noexcept nogil
cdef SeatTest self_win_rest[1]


cdef bint _self_win_rest(const Game* g, int s) noexcept nogil:
    cdef const Seat* st = &g.seats[s]
    cdef int k = st.last_draw
    cdef bint shape
    if not waits_cached(g, st):
        shape = gb_is_win(st.hand.counts, st.n_melds)
    else:
        shape = (st.wait_mask >> k) & 1
        if g.check and shape != gb_is_win(st.hand.counts, st.n_melds):
            fail(<Game*>g, "guobiao: cached wait mask disagrees with the win search (seat, tile)", s, k)
            return False
    return shape and enough(g, s, k, 0)


self_win_rest[0] = _self_win_rest


cdef bint gb_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    if fresh and not (gb_waits(g, s) >> k) & 1:
        return False
    return enough(g, s, k, 2 if g.flow.offer_decision == DEC_ROB_KONG else 1)


cdef void gb_declined(Game* g, int s, int k) noexcept nogil:
    pass   # the rulebook has no 过水


cdef uint32_t top_fans(const GbFans* f, int* top) noexcept nogil:
    """The ids of the four highest fans (by value, then id), packed one byte each, the highest in
    `top` (0 when none): one pass over the ids, each counted fan inserted after those of at least
    its value (the ids ascend, so of equal values the lower id stays first)."""
    cdef int ids[4]
    cdef uint32_t packed = 0
    cdef int i, j, m, n = 0
    for i in range(1, GB_N_FANS):
        if not f.count[i]:
            continue
        j = n
        while j > 0 and GB_VALUE[ids[j - 1]] < GB_VALUE[i]:
            j -= 1
        if j >= 4:
            continue
        m = n if n < 4 else 3   # (the fourth drops out when the list is full)
        while m > j:
            ids[m] = ids[m - 1]
            m -= 1
        ids[j] = i
        if n < 4:
            n += 1
    for j in range(n):
        packed |= (<uint32_t>ids[j]) << (8 * j)
    top[0] = ids[0] if n else 0
    return packed


cdef int gb_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                      uint32_t specials, int tile) noexcept nogil:
    cdef GbFans f
    cdef WinRec* rec = &g.recs[g.n_recs - 1]   # this win's record (settle.record_win)
    cdef int s, b = g.r.base, how, top, st
    how = 0 if discarder < 0 else 2 if win_type == WIN_ROBBED_KONG else 1
    st = gb_fans_now(g, winner, tile, how, True, &f)   # the flow has given the winner its tile
    if st != GB_OK:
        return fail(g, "guobiao win the fan evaluator refuses (seat, status)", winner, st)
    if f.base < gb_options(&g.r).gb_min_fan:
        return fail(g, "guobiao win under the fan minimum (seat, fans)", winner, f.base)
    for s in range(4):
        if s == winner:
            continue
        g.row.deltas[s] = -(b + f.total) if discarder < 0 or s == discarder else -b
        g.row.deltas[winner] -= g.row.deltas[s]
    if gb_options(&g.r).gb_variant == GB_VARIANT_BOTZONE:
        flags[0] &= ~(<uint32_t>FLAG_LAST_TILE)   # the flow's is the shared wall's last tile: the fans' here
    if f.count[F_LAST_TILE_DRAW] or f.count[F_LAST_TILE_CLAIM]:     # 妙手回春 / 海底捞月: the flow flags only a self-drawn one
        flags[0] |= FLAG_LAST_TILE
    if f.count[F_LAST_TILE]:                    # 和绝张
        flags[0] |= FLAG_GB_FOURTH_TILE
    g.row.S = f.total
    g.row.F = f.count[GB_FAN_FLOWERS]
    rec.patterns = top_fans(&f, &top)
    rec.base_pattern = top
    rec.gen = f.count[GB_FAN_FLOWERS]
    rec.value = f.total
    rec.points = b + f.total
    return ST_CONT


cdef void guobiao_pack(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    cdef bint botzone = r != NULL and gb_options(r).gb_variant == GB_VARIANT_BOTZONE
    if botzone:
        botzone_tiles(ts)
    else:
        guobiao_tiles(ts)
    p.setup = gb_botzone_setup if botzone else gb_setup
    p.opening_offer = no_opening
    p.opening_resolve = no_opening_choice
    p.dealer_may_win_first = True
    p.score_win = gb_score_win
    p.is_win = gb_is_win_hook
    p.may_self_win = gb_may_self_win
    p.waits = gb_waits
    p.waits_of_hand = True                    # hand and melds only
    p.may_discard_win = gb_may_discard_win
    p.declined = gb_declined
    p.turn_offer = NULL        # the flow's own: a self-draw win when gb_may_self_win allows it
    p.self_win_kind = NULL     # WIN_SELFDRAW
    p.end_drawn = NULL
    if botzone:   # else NULL (bind_pack zeroed it): the flow's one wall
        p.draw = gb_botzone_draw
