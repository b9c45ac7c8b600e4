# cython: language_level=3
"""Legal actions (docs/spec/RULES.md §4, §5): which chows may be offered (who may win a discard: legal.pxd's
can_discard_win, past the wait mask the rule pack's may_discard_win)."""
from libc.stdint cimport uint16_t, uint64_t
from fzsim_core.hand cimport Hand
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat, act, ACT_CHOW
from fzsim_core.tiles cimport HONOR_BASE


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

