# The greedy policy (docs/spec/RULES.md §8): see greedy.pyx. Its helpers are shared here with the policies
# built on it (guard, value), so they reuse greedy's shanten machinery without copying it: the
# per-decision View of a hand's parts and the one-tile shanten reads, inline, and greedy's own
# choices as C functions (calling them from another module changes none of greedy's decisions).
from libc.stdint cimport uint16_t, uint64_t
from fzsim_core.bits cimport held_mask
from fzsim_core.hand cimport Hand, FZ_KPART, FZ_KPOW, hand_add, hand_remove
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.table cimport (ACT_ADDED_KONG, ACT_CHOW, ACT_CONCEALED_KONG, ACT_DISCARD, ACT_EXPOSED_KONG,
                               ACT_PASS, ACT_PUNG, ACT_WIN, ACT_YOUJIN, MAX_ACTIONS, act_kind, act_type)
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


cdef inline int d_less(const View* w, int k) noexcept nogil:
    """D of the hand cached in w minus one tile of k, not the gold: only k's part changes."""
    cdef int q = FZ_KPART[k]
    return sh_vary_d(&w.v[q], w.c.key[q] - FZ_KPOW[k])


cdef inline int shanten_less(const View* w, const Hand* h, int k) noexcept nogil:
    """hand_shanten of the 3n+2 hand h (cached in c) minus one tile of k."""
    if k == h.gold:
        return sh_d(&w.c) - h.golds   # one gold fewer: D - (golds - 1) - 1
    return d_less(w, k) - h.golds - 1


cdef inline uint64_t kinds_mask(const Observation* o) noexcept nogil:
    """Kinds that can be held (honours only when they are not flowers)."""
    return ((<uint64_t>1) << o.n_kinds) - 1


cdef inline uint64_t obs_gold_bit(const Observation* o) noexcept nogil:
    """The gold kind's bit, 0 when there is none (a shift by -1 would be undefined)."""
    return (<uint64_t>1) << o.gold if o.gold >= 0 else 0


cdef inline uint64_t near_held(const Observation* o, uint64_t held_kinds) noexcept nogil:
    """near_mask of a hand holding the kinds in the mask `held_kinds`."""
    cdef uint64_t gbit = obs_gold_bit(o)
    cdef uint64_t held = held_kinds & kinds_mask(o) & ~gbit
    cdef uint64_t s = held & 0x7FFFFFFULL                   # suited kinds 0..26
    cdef uint64_t r0 = 0x8040201ULL                           # rank 1 of m, p, s (and 1z)
    cdef uint64_t r8 = 0x4020100ULL                           # rank 9 of m, p, s
    cdef uint64_t m = (s | ((s << 1) & ~r0) | ((s << 2) & ~(r0 | (r0 << 1)))
                       | ((s >> 1) & ~r8) | ((s >> 2) & ~(r8 | (r8 >> 1)))) & 0x7FFFFFFULL
    return m | (held & ~0x7FFFFFFULL) | gbit


cdef inline uint64_t near_mask(const Observation* o, const Hand* h) noexcept nogil:
    """Kinds that can lower a hand's shanten when drawn: held kinds, their neighbours within two
    ranks of the same suit, and the gold. An isolated new tile never helps: below ready every
    meld/pair slot of a best decomposition already holds a tile, so the newcomer could only
    replace one. Shifts move the held suit tiles up or down one or two ranks; the rank masks
    keep them inside their suit."""
    return near_held(o, held_mask(h))


cdef inline int own_turn_offers(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """An own turn's offer: 2 when a win, 游金 or kong is among acts (guard and value leave
    those turns to greedy), else 1 when a tile other than a gold may be discarded, else 0."""
    cdef int i, t, plain = 0
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_WIN or t == ACT_YOUJIN or t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
            return 2
        if t == ACT_DISCARD and act_kind(acts[i]) != o.gold:
            plain = 1
    return plain


cdef inline int first_win(const uint16_t* acts, int n) noexcept nogil:
    """The first action that is not a pass (a win or 抢金 where only those are offered), else 0."""
    cdef int i
    for i in range(n):
        if act_type(acts[i]) != ACT_PASS:
            return i
    return 0


cdef inline int call_tiles(Hand* h, int t, int k, int c, bint take) noexcept nogil:
    """Take from h (take=1) or give back (take=0) the tiles a call of type t on the discard c
    uses: two of k for a pung, three for an exposed kong, the chow's two other tiles (k its
    lowest). Returns 1 for those calls, 0 (h untouched) for any other action."""
    cdef int x, m = 2 if t == ACT_PUNG else 3
    if t == ACT_PUNG or t == ACT_EXPOSED_KONG:
        for x in range(m):
            if take:
                hand_remove(h, k)
            else:
                hand_add(h, k)
        return 1
    if t == ACT_CHOW:
        for x in range(k, k + 3):
            if x != c:
                if take:
                    hand_remove(h, x)
                else:
                    hand_add(h, x)
        return 1
    return 0


cdef void greedy_policy(Policy* p) noexcept nogil
# greedy's own turn (wins, 游金, kongs, discards) over the actions acts[0..n)
cdef int greedy_discard(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# lowest shanten reachable by one discard from the 3n+2 hand h (never a gold unless forced)
cdef int best_discard_shanten(const Observation* o, Hand* h, int banned) noexcept nogil
# unseen tiles whose draw lowers the shanten `sh` of the 3n+1 hand h (the plain definition)
cdef int useful_draws_plain(const Observation* o, Hand* h, int sh) noexcept nogil
# unseen tiles completing the ready 3n+1 hand h
cdef int wait_draws(const Observation* o, Hand* h) noexcept nogil


cdef inline int greedy_among(const Observation* o, const uint16_t* acts, int n, const bint* keep) noexcept nogil:
    """greedy's choice among the actions acts[i] with keep[i] set, as an index into acts (how
    guard and value break ties among the discards they find equally good)."""
    cdef uint16_t sub[MAX_ACTIONS]
    cdef int at[MAX_ACTIONS]
    cdef int i, m = 0, pick
    for i in range(n):
        if keep[i]:
            sub[m] = acts[i]
            at[m] = i
            m += 1
    if m == 1:
        return at[0]
    pick = greedy_discard(o, sub, m)
    return at[pick] if pick >= 0 else -1
