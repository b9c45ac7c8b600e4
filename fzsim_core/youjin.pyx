# cython: language_level=3
"""The 游金 chain (docs/spec/RULES.md §11): the limits it puts on wins and the gold a draw frees."""
from fzsim_core.hand cimport Hand, hand_add, hand_remove
from libc.stdint cimport uint64_t
from fzsim_core.state cimport Game
from fzsim_core.table cimport Seat
from fzsim_core.wintables cimport hand_wait_mask


cdef int others_youjin(const Game* g, int s) noexcept nogil:
    """Highest 游金 level among the other seats."""
    cdef int i, m = 0
    for i in range(4):
        if i != s and g.seats[i].youjin > m:
            m = g.seats[i].youjin
    return m


cdef bint youjin_blocks_win(const Game* g, int s, bint selfdraw, bint from_kong) noexcept nogil:
    """§11 limits on an ordinary win by seat s when the 游金 chain is played: a seat in 游金 wins
    only by self-draw; with >= 2 golds only through 游金 (must_youjin_with_two_golds); while another
    seat is in 双游 only self-draws win, while one is in 三游 only kong replacements."""
    cdef const Seat* st = &g.seats[s]
    cdef int other
    if not g.r.youjin:
        return False
    if st.youjin:
        return not selfdraw
    if g.r.must_youjin_with_two_golds and st.hand.golds >= 2:
        return True
    other = others_youjin(g, s)
    if other >= 3:
        return not (selfdraw and from_kong)
    if other >= 2:
        return not selfdraw
    return False


cdef bint is_youjin_wait(const Game* g, Hand* h) noexcept nogil:
    """A 3n+1 hand holding a gold that any drawable tile completes (the gold is a single)."""
    cdef uint64_t mask
    cdef int k
    if h.golds == 0:
        return False
    mask = hand_wait_mask(h)
    for k in range(g.n_kinds):
        if h.counts[k] < 4 and not (mask >> k) & 1:
            return False
    return True


cdef bint youjin_gold_freed(const Game* g, Hand* h) noexcept nogil:
    """双游/三游 (§11): after a draw in 游金, does throwing a gold leave the hand waiting on any
    tile with a gold single? True for a drawn gold, and for a drawn natural tile that takes the
    place of a gold standing in a meld."""
    cdef bint freed
    if h.golds < 2:
        return False
    hand_remove(h, g.gold)
    freed = is_youjin_wait(g, h)
    hand_add(h, g.gold)
    return freed

