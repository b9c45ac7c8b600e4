# cython: language_level=3
"""greedy on the Shanghai pack: every win taken (八花齐 included), else the discard that leaves
the fewest tiles from a hand of the minimum — shapes.pxd sh_shanten, the least over its three
targets: all pungs, one suit with 风向牌, 14 风向牌 — so greedy aims at the allowed shapes and not
at any four sets. Ties are broken by

1. when the discard leaves the hand ready, the most unseen winning tiles;
2. a tile away from the hand's main suit (the suit with the most tiles, melds counted) before
   one of it, an honour single before a suited tile of the main suit, a single before a pair;
3. the least connected suited tile, then at random.

Kongs are declared when they leave the hand no further from the minimum (they add flower points);
a pung or exposed kong is called when the hand after it is no further, a chow only when it brings
the hand closer (a chow gives up all pungs and ties the hand to one suit). Reads only its
Observation (policy.pxd).
"""
from libc.stdint cimport uint16_t, uint64_t
from libc.stdio cimport snprintf
from fzsim_core.policy cimport Observation
from fzsim_core.policies.ties cimport BestOf, best_init, best_offer, best_pick
from fzsim_core.table cimport *
from fzsim_core.kit.hand34 cimport mj_own_kong, mj_suit_tiles, MjHand, MJ_CHOW, MJ_PUNG, MJ_KONG, MJ_ADDED_KONG, MJ_CONCEALED_KONG
from fzsim_core.packs.shanghai.shapes cimport ShShape, SH_NO_SHAPE, sh_discard_shanten, sh_shanten, sh_wait_mask_packed
from fzsim_core.hand cimport Hand, hand_remove
from fzsim_core.bits cimport ctz64, least_of
from fzsim_core.packs.shanghai.pack cimport sh_hand_of
from fzsim_core.packs.shanghai.options cimport sh_options


cdef void shape_of(const Observation* o, ShShape* sh) noexcept nogil:
    sh.feng = (<uint64_t>0x7F) << 27 if sh_options(o.rules).sh_feng_includes_dragons else (<uint64_t>0xF) << 27
    sh.fengyise_shape = sh_options(o.rules).sh_fengyise_shape


cdef inline int unseen(const Observation* o, const MjHand* h, int k) noexcept nogil:
    cdef int v = 4 - o.seen[k] - h.counts[k]
    return v if v > 0 else 0


cdef void suit_tiles(const MjHand* h, int* n) noexcept nogil:
    """n[0..3): the hand's tiles of each suit, its melds counted as 3."""
    cdef int s, i
    for s in range(3):
        n[s] = mj_suit_tiles(h.counts, s)
    for i in range(h.n_melds):
        if h.meld_kind[i] < 27:
            n[h.meld_kind[i] // 9] += 3


cdef int main_suit(const MjHand* h) noexcept nogil:
    cdef int n[3]
    cdef int s, best = 0
    suit_tiles(h, n)
    for s in range(1, 3):
        if n[s] > n[best]:
            best = s
    return best


cdef inline int connectivity(const MjHand* h, int k) noexcept nogil:
    """Copies held of the suited kind k's neighbours within two ranks (its own suit only)."""
    cdef int r = k % 9, c = 0
    if r >= 2:
        c += h.counts[k - 2]
    if r >= 1:
        c += h.counts[k - 1]
    if r <= 7:
        c += h.counts[k + 1]
    if r <= 6:
        c += h.counts[k + 2]
    return c


cdef int sh_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep,
                       const int* sh_pre) noexcept nogil:
    """The own-turn choice above; keep non-NULL (guard's defended set): only the discards it marks,
    no win or kong (the caller has decided those); sh_pre non-NULL: sh_shanten after each discard
    action, already computed by the caller (read for those discards only). One pass reads the
    actions (a discard once per kind: `at` maps each kind in `m` to its action); the rest works on
    the kinds."""
    cdef MjHand h, x
    cdef Hand packed
    cdef ShShape sh
    cdef int i, j, t, k, best = 999, key, suit = -1, waits
    cdef int at[34]
    cdef int out[34]
    cdef bint any_kong = 0
    cdef BestOf choice
    cdef uint64_t m = 0, bits, w
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_DISCARD:
            if keep == NULL or keep[i]:
                k = act_kind(acts[i])
                m |= (<uint64_t>1) << k
                at[k] = i
        elif keep == NULL:
            if t == ACT_WIN:
                return i
            if t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
                any_kong = 1
    best_init(&choice)
    sh_hand_of(o.me, &h)
    shape_of(o, &sh)
    bits = m
    if sh_pre != NULL:   # the caller's, by action
        while bits:
            k = ctz64(bits)
            bits &= bits - 1
            out[k] = sh_pre[at[k]]
    else:                # every discard's shanten, the hand read once
        sh_discard_shanten(&sh, &h, o.me.hand.key, m, out)
        while o.check and bits:
            k = ctz64(bits)
            bits &= bits - 1
            h.counts[k] -= 1
            t = sh_shanten(&sh, &h)
            h.counts[k] += 1
            if t != out[k]:
                snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                         "Shanghai: a discard's shanten from one reading differs from sh_shanten (fast, plain)",
                         out[k], t)
                return -1
    best = least_of(out, m, best)
    if any_kong:   # a kong that leaves the hand no further from the minimum
        for i in range(n):
            t = act_type(acts[i])
            if t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
                k = act_kind(acts[i])
                x = h
                mj_own_kong(&x, k, t == ACT_CONCEALED_KONG)
                if sh_shanten(&sh, &x) <= best:
                    return i
    bits = m   # the discards at the best shanten, in kind order (the actions' order)
    while bits:
        k = ctz64(bits)
        bits &= bits - 1
        if out[k] != best:
            continue
        # a larger key is better: (ready) more winning tiles, then away from the main suit, then a
        # single, then the least connected
        key = 0
        if best == 0:
            h.counts[k] -= 1
            packed = o.me.hand
            hand_remove(&packed, k)
            w = sh_wait_mask_packed(&sh, &h, &packed)
            waits = 0
            while w:
                j = ctz64(w)
                w &= w - 1
                waits += unseen(o, &h, j)
            h.counts[k] += 1
            key = waits << 12
        if k >= 27:
            key |= 2 << 9 if not (sh.feng >> k) & 1 else 1 << 9
        else:
            if suit < 0:
                suit = main_suit(&h)
            if k // 9 != suit:
                key |= 3 << 9
        key |= (1 if h.counts[k] == 1 else 0) << 8
        if k < 27:
            key |= 31 - connectivity(&h, k)
        else:
            key |= 31
        best_offer(&choice, key, at[k])
    return best_pick(&choice, o.rng)


cdef int sh_after_claim(const ShShape* sh, const MjHand* h, int t, int k, int c) noexcept nogil:
    """The shanten of hand h after claiming discard c as action type t on kind k (a 3n+2 hand: the
    best discard's), SH_NO_SHAPE when t is no chow, pung or exposed kong."""
    cdef MjHand x = h[0]
    cdef int s
    x.meld_kind[x.n_melds] = k
    x.n_melds += 1
    if t == ACT_PUNG:
        x.counts[k] -= 2
        x.meld_type[x.n_melds - 1] = MJ_PUNG
    elif t == ACT_EXPOSED_KONG:
        x.counts[k] -= 3
        x.meld_type[x.n_melds - 1] = MJ_KONG
    elif t == ACT_CHOW:
        for s in range(k, k + 3):
            if s != c:
                x.counts[s] -= 1
        x.meld_type[x.n_melds - 1] = MJ_CHOW
    else:
        return SH_NO_SHAPE
    return sh_shanten(sh, &x)


cdef int sh_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """A pung or kong on the discard when the hand after it is no further from the minimum, a chow
    when it is closer (the 3n+2 hand's shanten is the best discard's)."""
    cdef MjHand h
    cdef ShShape sh
    cdef int i, t, s, sh0, best = -1, best_sh, pass_at = 0
    sh_hand_of(o.me, &h)
    shape_of(o, &sh)
    sh0 = sh_shanten(&sh, &h)
    best_sh = sh0 + 1
    for i in range(n):
        t = act_type(acts[i])
        if t == ACT_PASS:
            pass_at = i
            continue
        s = sh_after_claim(&sh, &h, t, act_kind(acts[i]), o.claim_tile)
        if s == SH_NO_SHAPE or (t == ACT_CHOW and s >= sh0):
            continue
        if s < best_sh:
            best, best_sh = i, s
    return best if best >= 0 else pass_at


cdef int sh_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int dec = o.decision, i
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return sh_turn_among(o, acts, n, NULL, NULL)
    if dec == DEC_CLAIM:
        return sh_claim(o, acts, n)
    for i in range(n):   # every win taken
        if act_type(acts[i]) != ACT_PASS:
            return i
    return 0
