# cython: language_level=3
"""What wins in Fuzhou: five sets and a pair with the gold wild (the core's tables), 三金倒 on the
own turn, minus what 游金 (§11), a discarded gold (§4) and 过水 (§5) forbid."""
from libc.stdint cimport uint64_t
from fzsim_core.rules cimport GOLD_DISCARD_SELFDRAW_ONLY
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat
from fzsim_core.wintables cimport hand_is_win, hand_is_xianjin_wait, hand_wait_mask, hand_wins_with
from fzsim_core.packs.fuzhou.youjin cimport youjin_blocks_win


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
    if g.r.xianjin_selfdraw_only and hand_is_xianjin_wait(&st.hand):
        return False
    if youjin_blocks_win(g, s, False, False):
        return False
    return True


cdef void fz_declined(Game* g, int s, int k) noexcept nogil:
    """过水 (§5, an option): the declined tile is barred until the seat's own discard."""
    if g.r.guoshui:
        g.seats[s].guoshui_mask |= (<uint64_t>1) << k
