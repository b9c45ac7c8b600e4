# cython: language_level=3
"""Legal actions (RULES.md §4, §5): who may win a discard, which chows may be offered."""
from libc.stdint cimport uint16_t, uint64_t
from fzsim_core.hand cimport Hand
from fzsim_core.rules cimport GOLD_DISCARD_SELFDRAW_ONLY
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat, act, ACT_CHOW
from fzsim_core.tiles cimport HONOR_BASE
from fzsim_core.wintables cimport hand_wins_with, hand_is_xianjin_wait
from fzsim_core.packs.fuzhou.youjin cimport youjin_blocks_win


cdef bint discard_win_allowed(Game* g, int s, int k, bint fresh) noexcept nogil:
    """can_discard_win (legal.pxd) past its inline wait-mask test."""
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


cdef int add_chows(const Game* g, const Hand* h, int k, uint16_t* acts, int n) noexcept nogil:
    """Append the chows the next seat can make with discard k (golds never take part; a chow
    that would leave no legal discard is not offered)."""
    cdef int lo, x, base
    cdef bint ok
    if k >= HONOR_BASE:   # honours are never chowed
        return n
    base = k - k % 9
    for lo in range(k - 2, k + 1):
        if lo < base or lo > base + 6:
            continue
        ok = True
        for x in range(lo, lo + 3):
            if x != k and (x == g.gold or h.counts[x] == 0):
                ok = False
        if ok and claim_leaves_discard(g, h, h.counts[k]):
            acts[n] = act(ACT_CHOW, lo)
            n += 1
    return n

