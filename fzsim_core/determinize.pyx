# cython: language_level=3
"""Information-set sampling: `sample_world` re-deals the tiles one seat cannot see.

What `seat` observes (docs/spec/RULES.md; policy.pxd's Observation): its own hand, every meld, discard and
flower, the gold and its indicator, how many tiles each other seat holds concealed and how many
are left in the wall. Hidden: the other seats' concealed tiles and the order of the live wall
(the reserve at its end included). Flowers are always set aside on being drawn, so a hidden
flower can only be in the wall. `sample_world` pools the hidden tiles and draws a uniform
arrangement: the flowers' wall positions uniformly, their order uniformly, and a uniform
permutation of the other tiles over the remaining wall positions and the other seats' hands
(each keeping its size). State derived from a hidden hand is rebuilt from the new one (the wait
mask) or cleared when it records hidden choices (过水 after a silently declined win, the last
tile drawn); the policy stream of the copy is reseeded from `rng`, so its playouts do not follow
the real game's stream.

`sample_world_prior` is the same draw with a prior on how far the other seats have got: each
other seat's hand, in turn, is the best (lowest shanten) of several uniform draws from the hidden
tiles still unassigned, a ready hand waiting on a kind that seat discarded itself counting as
one step further. Uniform arrangements ignore that the other seats have been building
their hands — a uniform hand is as far from ready as a fresh deal, so a search on such worlds
underrates the danger of every discard and overrates waiting for a self-draw. With one try per
seat it is exactly sample_world.

Not sampled (SAMPLE_UNSUPPORTED): a table where another seat is in 游金 (its hand is public to be
a complete hand waiting on anything, a constraint counts alone cannot keep), a win offer that
another seat has already accepted (its hand must win on the tile), and a pack whose deal
constrains the hands beyond counts (Pack.hidden_constraints: 定缺 or 换三张 on, RULES-PACKS §3.2). A
seat that has won and left (血战到底) showed its hand: it is not re-dealt. The caller falls back
to a decision that needs no sample. Other packs' walls are sampled the same way (Botzone's
per-seat walls too: wall[head..tail] keeps each seat's undrawn part, so a re-dealt wall keeps
every seat's count). "How far" a hand is from a win (the prior's draws, the built hands' throws)
is the pack's own shanten where it has evaluation hooks (Pack.eval: its filters and minimums —
a two-suit rule, a fan minimum, a gate), else the standard shape's with the gold: a hand built by
the standard shape's shanten under a two-suit rule keeps three suits and seldom wins, which made
passing a discard win look safer than it is (docs/guide/policies.md).

`sample_world_built` builds each other seat's hand the way a player builds one instead: a uniform
deal from the hidden tiles, then one turn per discard that seat has made of drawing a hidden tile
and throwing back the tile whose loss leaves the lowest shanten (a kind it really threw first
among equals). On greedy tables (40 hands, four decisions each) the real other hands were ready 19% of the
time (mean shanten 1.34): uniform draws 1%, best-of draws as rollout's prior 2 gives them 8% (mean
1.29), built hands 12% (1.61) — a hand gets ready through many small choices, which one lucky
uniform draw seldom matches.

`discard_likelihood` weighs a sampled world by what the other seats' discards say: a seat rarely
throws a kind its hand would want, so a world where their hands want their own discards is
less likely (a plain model of the reading a player does, for importance weights).
"""
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.flow cimport copy_game
from fzsim_core.hand cimport Hand, hand_add, hand_init, hand_remove, hand_set_counts
from fzsim_core.rng cimport Rng, rng_below, rng_next
from fzsim_core.state cimport Game, is_flower
from fzsim_core.table cimport DEC_DISCARD_WIN, DEC_ROB_KONG
from fzsim_core.tiles cimport N_HAND_KINDS, N_KINDS
from fzsim_core.tileset cimport MAX_TILES
from fzsim_core.wintables cimport hand_shanten, hand_wait_mask
from fzsim_core.kit.evaluate cimport EVAL_FAR, PackEval
from fzsim_core.policy cimport Observation
from fzsim_core.table cimport Seat


cdef int can_sample(const Game* src, int seat) noexcept nogil:
    cdef int s
    if src.pack.hidden_constraints:
        return SAMPLE_UNSUPPORTED   # the deal constrains the hands beyond counts (定缺, 换三张)
    for s in range(4):
        if s != seat and src.seats[s].youjin:
            return SAMPLE_UNSUPPORTED
    if ((src.pend.decision == DEC_DISCARD_WIN or src.pend.decision == DEC_ROB_KONG)
            and ((src.flow.best >= 0 and src.flow.best != seat) or src.flow.accepted & ~(1u << seat))):
        return SAMPLE_UNSUPPORTED
    return SAMPLE_OK


cdef inline int seat_shanten(const PackEval* e, const Observation* o, const Seat* st) noexcept nogil:
    """How far seat st's hand is from a win: the pack's own shanten (its filters and minimums:
    a two-suit rule, a fan minimum, ...) when it has evaluation hooks, else the standard
    shape's with the gold."""
    return e.shanten(o, st) if e != NULL else hand_shanten(&st.hand)


cdef inline int seat_shanten_at_most(const PackEval* e, const Observation* o, const Seat* st,
                                     int cap) noexcept nogil:
    """seat_shanten when it is at most cap, else a value above cap (the pack's capped search
    where it has one: kit/evaluate.pxd EvalShantenAtMost)."""
    if e != NULL and e.shanten_at_most != NULL and 0 <= cap < EVAL_FAR:
        return e.shanten_at_most(o, st, cap)
    return seat_shanten(e, o, st)


cdef inline uint64_t seat_waits(const PackEval* e, const Observation* o, const Seat* st) noexcept nogil:
    return e.waits(o, st) if e != NULL else hand_wait_mask(&st.hand)


cdef inline void shuffle_u8(uint8_t* a, int n, Rng* rng) noexcept nogil:
    """Fisher-Yates: a uniform permutation of a[0..n)."""
    cdef int i, j
    cdef uint8_t t
    for i in range(n - 1, 0, -1):
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t


cdef int sample_world(Game* dst, const Game* src, int seat, Rng* rng) noexcept nogil:
    return sample_world_prior(dst, src, seat, rng, NULL)


cdef int draw_hand(uint8_t* pool, int n_pool, int size, int tries, uint64_t avoid, Rng* rng,
                   const PackEval* e, const Observation* o, Seat* st) noexcept nogil:
    """Move a hand of `size` tiles to pool[0..size) by a partial Fisher-Yates draw: the best of
    `tries` draws (lowest shanten, the first among equals; a ready hand waiting on a kind of
    `avoid` counts as one step further), into st.hand. Returns its shanten."""
    cdef uint8_t counts[N_HAND_KINDS]
    cdef uint8_t keep[MAX_TILES]
    cdef int t, i, j, k, sh, best = 999
    cdef int gold = st.hand.gold
    cdef uint8_t x
    for t in range(tries if tries > 1 else 1):
        for i in range(size):
            j = i + <int>rng_below(rng, n_pool - i)
            x = pool[i]
            pool[i] = pool[j]
            pool[j] = x
        if tries <= 1:
            best = 0
            for i in range(size):
                keep[i] = pool[i]
            break
        for k in range(N_HAND_KINDS):
            counts[k] = 0
        for i in range(size):
            counts[pool[i]] += 1
        hand_set_counts(&st.hand, counts, gold)
        sh = seat_shanten(e, o, st)
        if sh == 0 and seat_waits(e, o, st) & avoid:
            sh = 1   # ready on a kind it threw itself: a player would rather have kept it
        if sh < best:
            best = sh
            for i in range(size):
                keep[i] = pool[i]
    # the kept draw to the front: swap each kept tile into place (a multiset, so any copy will do)
    for i in range(size):
        for j in range(i, n_pool):
            if pool[j] == keep[i]:
                x = pool[i]
                pool[i] = pool[j]
                pool[j] = x
                break
    for k in range(N_HAND_KINDS):
        counts[k] = 0
    for i in range(size):
        counts[pool[i]] += 1
    hand_set_counts(&st.hand, counts, gold)
    return best


cdef inline int best_throw(const PackEval* e, const Observation* o, Seat* st, uint64_t avoid, int floor,
                           int limit, int* best_sh) noexcept nogil:
    """The kind draw_and_throw throws from st's 3n+2 hand (its shanten after into *best_sh): the
    lowest shanten (never a gold while another tile may go; among equals a kind of `avoid`, then
    the first). `floor`: at most the lowest shanten any throw leaves; `limit`: the exact shanten
    is asked only up to it (the caller asks again without one if no throw comes within it)."""
    cdef int k, sh, cap, best = 999, throw_k = -1, throw_avoid = 0
    cdef Hand* h = &st.hand
    for k in range(N_HAND_KINDS):
        if not h.counts[k] or (k == h.gold and h.golds < h.size):
            continue
        # once a throw reaches the floor, only a kind of `avoid` can still change the choice
        if best <= floor and not (avoid >> k) & 1:
            continue
        # only a throw that would be taken needs its exact shanten: below the best so far (or
        # equal to it, for the first kind of `avoid`)
        cap = best if (avoid >> k) & 1 and not throw_avoid else best - 1
        hand_remove(h, k)
        sh = seat_shanten_at_most(e, o, st, cap if cap < limit else limit)
        hand_add(h, k)
        if sh < best or (sh == best and not throw_avoid and (avoid >> k) & 1):
            best = sh
            throw_k = k
            throw_avoid = (avoid >> k) & 1
            if best <= floor and throw_avoid:
                break
    best_sh[0] = best
    return throw_k


cdef inline int draw_and_throw(uint8_t* pool, int n_pool, int size, uint64_t avoid, Rng* rng,
                               const PackEval* e, const Observation* o, Seat* st, int before) noexcept nogil:
    """One turn of the hand pool[0..size) (also in st.hand): draw a uniform tile from the rest of
    the pool, throw back the tile best_throw picks. `before`: the hand's shanten before the draw
    (-2 unknown). Returns the shanten after the throw."""
    cdef int i, j, floor, best, throw_k, limit = 999
    cdef Hand* h = &st.hand
    cdef uint8_t x
    j = size + <int>rng_below(rng, n_pool - size)
    x = pool[size]
    pool[size] = pool[j]
    pool[j] = x
    hand_add(h, pool[size])
    # no throw leaves the hand nearer a win than the hand with the drawn tile is (its own
    # shanten, the floor); with the shanten before the draw known and a capped search, the floor
    # is that or one below, and no throw past it needs its exact shanten (throwing the draw back
    # leaves it)
    if before >= 1 and e != NULL and e.shanten_at_most != NULL:
        floor = seat_shanten_at_most(e, o, st, before - 1)
        if floor > before - 1:
            floor = before
        limit = before
    else:
        floor = seat_shanten(e, o, st)
    throw_k = best_throw(e, o, st, avoid, floor, limit, &best)
    if best > limit:   # (throwing the draw back leaves `before`: only a drawn wild, kept, gets here)
        throw_k = best_throw(e, o, st, avoid, floor if floor < before else -2, 999, &best)
    hand_remove(h, throw_k)
    # the thrown tile back to the pool side: swap one copy of it into slot `size`
    for i in range(size + 1):
        if pool[i] == throw_k:
            x = pool[i]
            pool[i] = pool[size]
            pool[size] = x
            break
    return best


cdef void build_hand(uint8_t* pool, int n_pool, int size, int steps, uint64_t avoid, Rng* rng,
                     const PackEval* e, const Observation* o, Seat* st) noexcept nogil:
    """Move a hand of `size` tiles to pool[0..size), built the way a player builds one: a
    uniform deal, then `steps` draw-and-throw turns. Into st.hand."""
    cdef int t, i, j, sh
    cdef uint8_t x
    for i in range(size):
        j = i + <int>rng_below(rng, n_pool - i)
        x = pool[i]
        pool[i] = pool[j]
        pool[j] = x
    hand_init(&st.hand, st.hand.gold)
    for i in range(size):
        hand_add(&st.hand, pool[i])
    sh = -2
    for t in range(steps):
        if size >= n_pool:
            break
        sh = draw_and_throw(pool, n_pool, size, avoid, rng, e, o, st, sh)


cdef int sample_world_prior(Game* dst, const Game* src, int seat, Rng* rng, const int* tries) noexcept nogil:
    return sample_world_with(dst, src, seat, rng, tries, 0)


cdef int sample_world_built(Game* dst, const Game* src, int seat, Rng* rng, const int* steps) noexcept nogil:
    return sample_world_with(dst, src, seat, rng, steps, 1)


cdef int sample_world_with(Game* dst, const Game* src, int seat, Rng* rng, const int* per_seat,
                           bint build) noexcept nogil:
    """sample_world_prior (build 0: per_seat the tries) or sample_world_built (1: the turns)."""
    cdef uint8_t plain[MAX_TILES]       # hidden tiles that may be held
    cdef uint8_t flowers[MAX_TILES]     # hidden flowers (wall only)
    cdef uint8_t is_fl[MAX_TILES]       # wall slot j (from the head) holds a flower
    cdef int s, k, i, j, d, n_plain = 0, n_fl = 0, at = 0, n_wall, size, f = 0
    cdef uint64_t avoid
    cdef int pool[N_KINDS]
    if can_sample(src, seat) != SAMPLE_OK:
        return SAMPLE_UNSUPPORTED
    copy_game(dst, src, NULL)
    # the hidden tiles as counts, then laid out in kind order: the draw must not depend on where
    # they really lie (the same seed then gives the same sample for every arrangement)
    for k in range(N_KINDS):
        pool[k] = 0
    for s in range(4):
        if s != seat and not src.seats[s].finished:   # a seat that won and left showed its hand
            for k in range(N_HAND_KINDS):
                pool[k] += src.seats[s].hand.counts[k]
    n_wall = src.tail - src.head + 1
    for i in range(src.head, src.tail + 1):
        pool[src.wall[i]] += 1
    for k in range(N_KINDS):
        for i in range(pool[k]):
            if is_flower(src, k):
                flowers[n_fl] = <uint8_t>k
                n_fl += 1
            else:
                plain[n_plain] = <uint8_t>k
                n_plain += 1
    for d in range(1, 4):
        s = (seat + d) % 4
        if src.seats[s].finished:
            continue
        size = src.seats[s].hand.size
        avoid = 0
        for i in range(src.seats[s].n_discards):
            avoid |= (<uint64_t>1) << src.seats[s].discards[i]
        dst.seats[s].hand.gold = src.gold
        if build:
            build_hand(plain + at, n_plain - at, size, per_seat[s], avoid, rng, dst.pack.eval, &dst.obs,
                       &dst.seats[s])
        else:
            draw_hand(plain + at, n_plain - at, size, per_seat[s] if per_seat != NULL else 1, avoid, rng,
                      dst.pack.eval, &dst.obs, &dst.seats[s])
        at += size
        if size + 3 * src.seats[s].n_melds == src.ts.hand_size:
            dst.seats[s].wait_mask = dst.pack.waits(dst, s)
        dst.seats[s].guoshui_mask = 0
        dst.seats[s].last_draw = -1
    shuffle_u8(plain + at, n_plain - at, rng)
    shuffle_u8(flowers, n_fl, rng)
    # the flowers' positions: the first n_fl slots marked, then shuffled (a uniform subset)
    for j in range(n_wall):
        is_fl[j] = j < n_fl
    shuffle_u8(is_fl, n_wall, rng)
    for j in range(n_wall):
        if is_fl[j]:
            dst.wall[src.head + j] = flowers[f]
            f += 1
        else:
            dst.wall[src.head + j] = plain[at]
            at += 1
    for i in range(4):
        dst.prng.s[i] = rng_next(rng)
    if dst.prng.s[0] == 0 and dst.prng.s[1] == 0 and dst.prng.s[2] == 0 and dst.prng.s[3] == 0:
        dst.prng.s[0] = 1
    return SAMPLE_OK


cdef double discard_likelihood(const Game* w, int seat, double beta) noexcept nogil:
    cdef int s, i, k, sh
    cdef uint64_t done
    cdef double like = 1.0
    cdef Hand h
    if beta >= 1.0:
        return 1.0
    for s in range(4):
        if s == seat:
            continue
        h = w.seats[s].hand
        sh = hand_shanten(&h)
        done = 0
        for i in range(w.seats[s].n_discards):
            k = w.seats[s].discards[i]
            if k == w.gold or k >= N_HAND_KINDS or (done >> k) & 1 or h.counts[k] >= 4:
                continue
            done |= (<uint64_t>1) << k
            hand_add(&h, k)
            if hand_shanten(&h) < sh:
                like *= beta   # it threw a kind its hand would now want: less likely so
            hand_remove(&h, k)
    return like


# ---- a test hook: the samples of one real decision, for tests/test_rollout.py ------------------

from libc.stdlib cimport free, malloc
from libc.string cimport memcmp
from fzsim_core.flow cimport apply, init_game, play_until, prepare_game
from fzsim_core.decide cimport ask
from fzsim_core.invariants cimport check_invariants
from fzsim_core.packs.registry cimport bind_pack
from fzsim_core.policies.greedy cimport greedy_policy
from fzsim_core.rng cimport rng_seed
from fzsim_core.rules cimport Rules
from fzsim_core.table cimport ST_CONT, ST_DECIDE, ST_END
from fzsim_core.tileset cimport TileSet


cdef bint same_public(const Game* a, const Game* b, int seat) noexcept nogil:
    """Everything `seat` observes is equal in a and b (its hand, the public state, the flow)."""
    cdef int s
    if memcmp(&a.seats[seat].hand, &b.seats[seat].hand, sizeof(Hand)) != 0:
        return False
    if memcmp(a.seen, b.seen, sizeof(a.seen)) != 0 or memcmp(a.pond, b.pond, sizeof(a.pond)) != 0:
        return False
    if a.head != b.head or a.tail != b.tail or a.gold != b.gold or a.indicator_taken != b.indicator_taken:
        return False
    if memcmp(&a.flow, &b.flow, sizeof(a.flow)) != 0 or memcmp(&a.pend, &b.pend, sizeof(a.pend)) != 0:
        return False
    for s in range(4):
        if (a.seats[s].hand.size != b.seats[s].hand.size or a.seats[s].n_melds != b.seats[s].n_melds
                or memcmp(a.seats[s].melds, b.seats[s].melds, sizeof(a.seats[s].melds)) != 0
                or memcmp(a.seats[s].discards, b.seats[s].discards, sizeof(a.seats[s].discards)) != 0
                or memcmp(a.seats[s].flowers, b.seats[s].flowers, sizeof(a.seats[s].flowers)) != 0
                or a.seats[s].youjin != b.seats[s].youjin or a.seats[s].pung_mask != b.seats[s].pung_mask):
            return False
    return True


def _probe(Rules rules, uint64_t seed, long long game_id, int decision, int samples, int tries=1,
           bint built=False, bint capped=True):
    """Play a hand with greedy seats to its `decision`-th decision (0-based), then draw `samples`
    worlds for the deciding seat (each other seat's hand the best of `tries` draws, or with
    `built` built by one draw-and-throw turn per discard it made) and play each to the end under
    the invariant checks. None when the hand ends first or the decision cannot
    be sampled; else a dict: seat, the real hands (4 x 34) and live wall, the sampled ones, and
    per sample whether the public state matched, the invariants held and the playout ended.
    `capped` False: the pack's capped shanten search unused (kit/evaluate.pxd EvalShantenAtMost),
    so a test can check that it builds the same hands."""
    cdef PackEval uncapped
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef Game* w = <Game*>malloc(sizeof(Game))
    cdef TileSet ts
    cdef Rng rng
    cdef int s, i, j, k, st, c
    cdef int tr[4]
    if g == NULL or w == NULL:
        free(g); free(w)
        raise MemoryError()
    try:
        bind_pack(&g.pack, &ts, rules.c.pack, &rules.c)
        if not capped and g.pack.eval != NULL:
            uncapped = g.pack.eval[0]
            uncapped.shanten_at_most = NULL
            g.pack.eval = &uncapped
        for s in range(4):
            greedy_policy(&g.policies[s])
        prepare_game(g, &ts, NULL, True)
        init_game(g, &rules.c, seed, game_id, 0, 0, 0, NULL)
        st = play_until(g, 15)
        for i in range(decision):
            if st != ST_DECIDE:
                break
            c = ask(g)
            st = apply(g, c)
        if st != ST_DECIDE:
            if st != ST_END:
                raise RuntimeError(g.errmsg.decode())
            return None
        seat = g.pend.seat
        if can_sample(g, seat) != SAMPLE_OK:
            return None
        for s in range(4):
            tr[s] = g.seats[s].n_discards if built else tries
        rng_seed(&rng, seed, <uint64_t>game_id, 1, 3)
        real = [[g.seats[s].hand.counts[k] for k in range(N_HAND_KINDS)] for s in range(4)]
        out = {"seat": seat, "decision": g.pend.decision, "gold": g.gold,
               "real_hands": real, "real_wall": [g.wall[i] for i in range(g.head, g.tail + 1)],
               "hands": [], "walls": [], "public": [], "invariants": [], "ended": []}
        for j in range(samples):
            if sample_world_with(w, g, seat, &rng, tr, built) != SAMPLE_OK:
                raise RuntimeError("sample_world refused a decision can_sample accepted")
            out["hands"].append([[w.seats[s].hand.counts[k] for k in range(N_HAND_KINDS)] for s in range(4)])
            out["walls"].append([w.wall[i] for i in range(w.head, w.tail + 1)])
            out["public"].append(bool(same_public(g, w, seat)))
            w.check = True
            w.obs.check = True
            out["invariants"].append(check_invariants(w) == ST_CONT)
            st = play_until(w, 0)
            out["ended"].append(st == ST_END and w.error == 0)
        return out
    finally:
        free(g)
        free(w)
