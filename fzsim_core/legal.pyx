# cython: language_level=3
"""Legal actions (docs/spec/RULES.md §4, §5): which chows may be offered (who may win a discard: legal.pxd's
can_discard_win, past the wait mask the rule pack's may_discard_win)."""
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.hand cimport Hand
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat, act, ACT_CHOW
from fzsim_core.tiles cimport HONOR_BASE


cdef int add_chows(const Game* g, const Hand* h, int k, uint16_t* acts, int n) noexcept nogil:
    """Append the chows the next seat can make with discard k (golds never take part; a chow
    that would leave no legal discard is not offered), lowest first: the four neighbours of k
    read once, and no chow at all (the usual answer) before the discard check."""
    cdef int r, gold = g.gold
    cdef const uint8_t* c = <const uint8_t*>h.counts
    cdef bint m2, m1, p1, p2
    if k >= HONOR_BASE:   # honours are never chowed
        return n
    r = k % 9
    m1 = r >= 1 and c[k - 1] and k - 1 != gold
    p1 = r <= 7 and c[k + 1] and k + 1 != gold
    if not (m1 or p1):
        return n
    m2 = m1 and r >= 2 and c[k - 2] and k - 2 != gold
    p2 = p1 and r <= 6 and c[k + 2] and k + 2 != gold
    if not (m2 or (m1 and p1) or p2) or not claim_leaves_discard(g, h, c[k]):
        return n
    if m2:
        acts[n] = act(ACT_CHOW, k - 2)
        n += 1
    if m1 and p1:
        acts[n] = act(ACT_CHOW, k - 1)
        n += 1
    if p2:
        acts[n] = act(ACT_CHOW, k)
        n += 1
    return n
