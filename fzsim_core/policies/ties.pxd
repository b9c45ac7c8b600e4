# The candidate with the highest key, ties broken uniformly by the policy stream: the selection
# loop the packs' greedy policies share (packs/*/greedy.pyx).
from fzsim_core.rng cimport Rng, rng_below
from fzsim_core.table cimport MAX_ACTIONS


ctypedef struct BestOf:
    int key                       # the best key offered so far, -1 before any
    int n                         # candidates holding it
    int at[MAX_ACTIONS]           # ... their action indices


cdef inline void best_init(BestOf* b) noexcept nogil:
    b.key = -1
    b.n = 0


cdef inline void best_offer(BestOf* b, int key, int i) noexcept nogil:
    """Candidate i with key (>= 0): it replaces a lower best, joins an equal one."""
    if key > b.key:
        b.key = key
        b.n = 0
    if key == b.key:
        b.at[b.n] = i
        b.n += 1


cdef inline int best_pick(const BestOf* b, Rng* rng) noexcept nogil:
    """The chosen action index: one of the best drawn from rng when several tie, 0 when none."""
    if b.n == 0:
        return 0
    return b.at[rng_below(rng, b.n)] if b.n > 1 else b.at[0]
