# cython: language_level=3
"""What wins in Fuzhou: five sets and a pair with the gold wild (the core's tables), 三金倒 on the
own turn, minus what 游金 (§11), a discarded gold (§4) and 过水 (§5) forbid; and the own turn's
offers of 游金 (entering it, the locked hand's choices)."""
from libc.stdint cimport uint16_t, uint32_t, uint64_t
from fzsim_core.hand cimport Hand, hand_add, hand_remove
from fzsim_core.rules cimport GOLD_DISCARD_SELFDRAW_ONLY
from fzsim_core.win_facts cimport WIN_SELFDRAW, WIN_SANJINDAO, SP_SANJINDAO
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat, act, ACT_DISCARD, ACT_WIN, ACT_YOUJIN, NO_TILE
from fzsim_core.wintables cimport hand_is_win, hand_is_xianjin_wait, hand_wait_mask, hand_wins_with
from fzsim_core.youjin cimport is_youjin_wait, youjin_blocks_win, youjin_gold_freed
from fzsim_core.packs.fuzhou.options cimport fz_options


cdef bint fz_is_win(const Game* g, int s) noexcept nogil:
    return hand_is_win(&g.seats[s].hand)


cdef bint fz_may_self_win(const Game* g, int s) noexcept nogil:
    """A complete hand or three golds (三金倒), on the seat's own turn (from a kong replacement when
    g.flow.from_kong), unless 游金 forbids it."""
    cdef const Seat* st = &g.seats[s]
    return st.hand.golds >= 3 or (hand_is_win(&st.hand) and not youjin_blocks_win(g, s, True, g.flow.from_kong))


cdef uint64_t fz_waits(const Game* g, int s) noexcept nogil:
    return hand_wait_mask(&g.seats[s].hand)


cdef bint fz_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    cdef Seat* st = &g.seats[s]
    if k == g.gold:
        return False
    if g.r.gold_discard == GOLD_DISCARD_SELFDRAW_ONLY and st.discarded_gold:
        return False
    if g.r.guoshui and (st.guoshui_mask >> k) & 1:
        return False
    if fresh and not hand_wins_with(&st.hand, k):
        return False
    if fz_options(&g.r).xianjin_selfdraw_only and hand_is_xianjin_wait(&st.hand):
        return False
    if youjin_blocks_win(g, s, False, False):
        return False
    return True


cdef void fz_declined(Game* g, int s, int k) noexcept nogil:
    """过水 (§5, an option): the declined tile is barred until the seat's own discard."""
    if g.r.guoshui:
        g.seats[s].guoshui_mask |= (<uint64_t>1) << k


cdef int fz_turn_offer(Game* g, int s, uint16_t* acts) noexcept nogil:
    """A seat in 游金 holding its draw is locked (§11): win, go up a level by throwing a freed
    gold, or throw the draw. Otherwise, on a turn that may end in a win: the win (三金倒 too),
    and entering 游金 by throwing the gold's partner when the rest waits on anything."""
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    cdef int n = 0, k
    cdef bint rise
    g.flow.locked = st.youjin and st.last_draw >= 0 and h.counts[st.last_draw]
    if g.flow.locked:
        if not youjin_blocks_win(g, s, True, g.flow.from_kong):
            acts[n] = act(ACT_WIN, st.last_draw)
            n += 1
        rise = st.youjin < 3 and youjin_gold_freed(g, h)
        if rise:
            acts[n] = act(ACT_YOUJIN, g.gold)
            n += 1
        if st.last_draw != g.gold or not rise:
            acts[n] = act(ACT_DISCARD, st.last_draw)
            n += 1
        return n
    if g.flow.claimed >= 0 or not g.flow.may_win:
        return 0
    if fz_may_self_win(g, s):
        acts[n] = act(ACT_WIN, st.last_draw if st.last_draw >= 0 else NO_TILE)
        n += 1
    if g.r.youjin and h.golds and hand_is_win(h):
        for k in range(g.n_kinds):
            if h.counts[k] == 0 or k == g.gold:
                continue
            hand_remove(h, k)
            if is_youjin_wait(g, h):
                acts[n] = act(ACT_YOUJIN, k)
                n += 1
            hand_add(h, k)
    return n


cdef int fz_self_win_kind(Game* g, int s, uint32_t* specials) noexcept nogil:
    """三金倒 when the seat holds three golds (unless its 游金-locked hand wins on the draw)."""
    if g.seats[s].hand.golds >= 3 and not g.flow.locked:
        specials[0] |= SP_SANJINDAO
        return WIN_SANJINDAO
    return WIN_SELFDRAW
