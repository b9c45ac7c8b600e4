# cython: language_level=3
"""The Sichuan opening window when its options are on (RULES-PACKS §3.2, SC-A7): 换三张, then 定缺.

换三张 (rules.sc_exchange): from the dealer on, each seat picks three tiles of one suit, one
decision per tile (DEC_EXCHANGE; the first pick fixes the suit, which must hold three tiles); the
picks leave the hand at once, and when all twelve are made each seat receives the three of the
seat that passes to it — clockwise (the default direction when on): seat s gives to (s + 3) % 4,
the seat before it in turn order; counterclockwise: to (s + 1) % 4; across: to (s + 2) % 4.

定缺 (rules.sc_dingque): from the dealer on, each seat declares one suit void (DEC_DINGQUE, kind =
9 x the suit, the suit's 1). From then on Seat.void_suit makes shapes.pxd read the declared suit as the one given up:
a win holds none of it, a seat holding it is 花猪 at the end, and (discard_filter below) while a
seat holds a tile of it, its discards are of that suit only.

The window keeps its place in Game.flow.step: 0..11 the picks (seat offset from the dealer =
step / 3), then the 定缺 declarations one per seat.
"""
from libc.stdint cimport uint16_t, uint64_t
from fzsim_core.hand cimport hand_add, hand_remove

from fzsim_core.state cimport Game, fail, log_event, post
from fzsim_core.table cimport (ACT_DINGQUE, ACT_EXCHANGE, DEC_DINGQUE, DEC_EXCHANGE, EV_DINGQUE, EV_EXCHANGE,
                               ST_CONT, ST_ERR, act, act_kind, act_type)
from fzsim_core.packs.sichuan.options cimport sc_options, SC_EXCHANGE_OFF, SC_EXCHANGE_CLOCKWISE, SC_EXCHANGE_COUNTERCLOCKWISE

cdef enum:
    N_PICKS = 12                  # three tiles for each of four seats


cdef inline int suit_count(const Game* g, int s, int suit) noexcept nogil:
    cdef int k, n = 0
    for k in range(9 * suit, 9 * suit + 9):
        n += g.seats[s].hand.counts[k]
    return n


cdef int exchange_target(int rule, int s) noexcept nogil:
    """The seat that receives seat s's three tiles."""
    if rule == SC_EXCHANGE_CLOCKWISE:
        return (s + 3) % 4
    if rule == SC_EXCHANGE_COUNTERCLOCKWISE:
        return (s + 1) % 4
    return (s + 2) % 4


cdef void pass_tiles(Game* g) noexcept nogil:
    """Every seat receives the three tiles passed to it (picked tiles already left the hands)."""
    cdef int s, t, j, k
    for s in range(4):
        t = exchange_target(sc_options(&g.r).sc_exchange, s)
        for j in range(3):
            k = g.seats[s].passed[j]
            hand_add(&g.seats[t].hand, k)
            log_event(g, EV_EXCHANGE, s, k, t)


cdef void refresh_waits(Game* g) noexcept nogil:
    cdef int s
    for s in range(4):
        if s != g.dealer:
            g.seats[s].wait_mask = g.pack.waits(g, s)


cdef int sc_opening_offer(Game* g) noexcept nogil:
    cdef int step = g.flow.step, n = 0, s, j, k, suit
    cdef bint exchange = sc_options(&g.r).sc_exchange != SC_EXCHANGE_OFF
    cdef uint16_t* acts = g.pend.acts
    if exchange and step < N_PICKS:
        s = (g.dealer + step // 3) % 4
        j = step % 3
        for k in range(27):
            if g.seats[s].hand.counts[k] == 0:
                continue
            suit = k // 9
            if (j == 0 and suit_count(g, s, suit) >= 3) or (j > 0 and suit == g.seats[s].passed[0] // 9):
                acts[n] = act(ACT_EXCHANGE, k)
                n += 1
        if n == 0:
            return fail(g, "exchange (huansanzhang): no suit to pass from (seat, pick)", s, j)
        return post(g, s, DEC_EXCHANGE, n)
    if exchange:
        step -= N_PICKS
    if sc_options(&g.r).sc_dingque and step < 4:
        s = (g.dealer + step) % 4
        for suit in range(3):
            acts[suit] = act(ACT_DINGQUE, 9 * suit)   # the suit named by its 1
        return post(g, s, DEC_DINGQUE, 3)
    return ST_CONT


cdef int sc_opening_resolve(Game* g, int c) noexcept nogil:
    cdef uint16_t a = g.pend.acts[c]
    cdef int s = g.pend.seat, k = act_kind(a), t = act_type(a), j
    if t == ACT_EXCHANGE:
        j = g.flow.step % 3
        hand_remove(&g.seats[s].hand, k)
        g.seats[s].passed[j] = k
        g.flow.step += 1
        if g.flow.step == N_PICKS:
            pass_tiles(g)
            refresh_waits(g)
    elif t == ACT_DINGQUE:
        g.seats[s].void_suit = k // 9 + 1
        log_event(g, EV_DINGQUE, s, -1, k // 9)
        g.flow.step += 1
        refresh_waits(g)
    else:
        return fail(g, "an action the Sichuan opening window did not offer (seat, action)", s, a)
    return sc_opening_offer(g)


cdef uint64_t sc_discard_filter(const Game* g, int s, uint64_t legal) noexcept nogil:
    """定缺: while the seat holds its declared suit, only that suit may be discarded."""
    cdef int v = g.seats[s].void_suit
    cdef uint64_t suit
    if v == 0:
        return legal
    suit = (<uint64_t>0x1FF) << (9 * (v - 1))
    return legal & suit if legal & suit else legal
