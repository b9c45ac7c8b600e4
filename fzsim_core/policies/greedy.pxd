# The greedy policy (RULES.md §8): see greedy.pyx. Its helpers are shared here with the policies
# built on it (guard, value), so they reuse greedy's shanten machinery without copying it: the
# per-decision View of a hand's parts and the one-tile shanten reads, inline, and greedy's own
# choices as C functions (calling them from another module changes none of greedy's decisions).
from libc.stdint cimport uint16_t
from fzsim_core.hand cimport Hand, FZ_KPART, FZ_KPOW
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.suit_shanten cimport ShCtx, ShVary, sh_tables, sh_ctx_set, sh_d, sh_vary, sh_vary_d


ctypedef struct View:
    ShCtx c          # the parts' classes
    ShVary v[4]      # D as a function of each part's key, the other three as they are


cdef inline void ctx_of(View* w, const Hand* h) noexcept nogil:
    """h's parts with their shanten classes cached, for hand_shanten's n = (size - 1) // 3 —
    also the n of h minus one tile when h is 3n+2, and of h minus one plus one."""
    cdef int q
    sh_ctx_set(&w.c, sh_tables(), h.key, (h.size - 1) // 3)
    for q in range(4):
        sh_vary(&w.v[q], &w.c, q)


cdef inline int shanten_less(const View* w, const Hand* h, int k) noexcept nogil:
    """hand_shanten of the 3n+2 hand h (cached in c) minus one tile of k: only k's part changes."""
    cdef int q
    if k == h.gold:
        return sh_d(&w.c) - h.golds   # one gold fewer: D - (golds - 1) - 1
    q = FZ_KPART[k]
    return sh_vary_d(&w.v[q], w.c.key[q] - FZ_KPOW[k]) - h.golds - 1


cdef void greedy_policy(Policy* p) noexcept nogil
# greedy's own turn (wins, 游金, kongs, discards) over the actions acts[0..n)
cdef int greedy_discard(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# lowest shanten reachable by one discard from the 3n+2 hand h (never a gold unless forced)
cdef int best_discard_shanten(const Observation* o, Hand* h, int banned) noexcept nogil
# unseen tiles whose draw lowers the shanten `sh` of the 3n+1 hand h (the plain definition)
cdef int useful_draws_plain(const Observation* o, Hand* h, int sh) noexcept nogil
# unseen tiles completing the ready 3n+1 hand h
cdef int wait_draws(const Observation* o, Hand* h) noexcept nogil
