# cython: language_level=3
"""Fuzhou's scoring hook (docs/spec/RULES.md §6, §10): the facts of the winner's full final hand — specials
金雀 / 金龙, 闲金, flowers, kongs, golds, the dealer's streak, the 游金 level — into WinFacts, then
its scoring families' score_win (families.pyx), into the row."""
from libc.stdint cimport uint32_t
from libc.string cimport memset
from fzsim_core.hand cimport Hand, hand_add, hand_remove
from fzsim_core.win_facts cimport WinFacts, ScoreResult, N_FLOWER_SLOTS, SP_JINQUE, SP_JINLONG, FLAG_XIANJIN
from fzsim_core.packs.fuzhou.families cimport score_win
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat, ST_CONT
from fzsim_core.wintables cimport hand_is_win, hand_is_jinque, hand_is_jinlong, hand_is_xianjin_wait


cdef int fuzhou_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                          uint32_t specials, int tile) noexcept nogil:
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
        flags[0] |= FLAG_XIANJIN
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
    g.row.specials = res.specials
    g.row.special_counted = res.special_counted
    g.row.F = res.F
    g.row.K = res.K
    g.row.G = res.G
    g.row.L = res.L
    g.row.S = res.S
    for i in range(4):
        g.row.deltas[i] = res.deltas[i]
    return ST_CONT
