# cython: language_level=3
"""Settlement (RULES.md §6, §9, §10): a drawn hand, or a win -> the facts of the full final hand
(specials 金雀 / 金龙, 闲金, flowers, kongs, golds, streak, 游金 level) -> score_win -> the row."""
from libc.stdint cimport uint32_t
from libc.string cimport memset
from fzsim_core.hand cimport Hand, hand_add, hand_remove
from fzsim_core.scoring cimport (
    WinFacts, ScoreResult, score_win, N_FLOWER_SLOTS, SP_JINQUE, SP_JINLONG, FLAG_XIANJIN,
)
from fzsim_core.state cimport Game, fail, live_tiles, log_event
from fzsim_core.table cimport Seat, ST_END, ST_CONT, ST_ERR, EV_DRAWN, EV_WIN
from fzsim_core.wintables cimport hand_is_win, hand_is_jinque, hand_is_jinlong, hand_is_xianjin_wait
from fzsim_core.invariants cimport check_invariants


cdef inline void finish_row(Game* g) noexcept nogil:
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
