# cython: language_level=3
"""Settlement (RULES.md §6, §9, §10): the end of a hand, drawn or won, into the row. The winner's
scores come from the rule pack's hook (Game.pack.score_win); the checks after it are the pack's
common ones (zero-sum, the invariants)."""
from libc.stdint cimport uint32_t
from fzsim_core.state cimport Game, fail, live_tiles, log_event
from fzsim_core.table cimport ST_END, ST_CONT, ST_ERR, EV_DRAWN, EV_WIN
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
    cdef int total
    if g.pack.score_win(g, winner, discarder, win_type, &flags, specials, tile) != ST_CONT:
        return ST_ERR
    g.row.outcome = 1
    g.row.winner = winner
    g.row.discarder = discarder
    g.row.win_type = win_type
    g.row.flags = flags
    finish_row(g)
    log_event(g, EV_WIN, winner, tile, win_type)
    if g.check:
        total = g.row.deltas[0] + g.row.deltas[1] + g.row.deltas[2] + g.row.deltas[3]
        if total != 0:
            return fail(g, "scores are not zero-sum (winner, sum)", winner, total)
        if check_invariants(g) != ST_CONT:
            return ST_ERR
    return ST_END
