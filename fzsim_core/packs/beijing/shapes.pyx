# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Beijing shapes with the 惠牌 wildcard (contract in shapes.pxd; docs/spec/RULES-PACKS.md §4.2, §4.4).

* standard shape, waits of the standard shape and its shanten: the core's wildcard tables
  (wintables.pxd) on a Hand whose gold kind is the wild, so the 金 (RULES.md §4) and the 惠牌 share
  one search;
* seven pairs: the real (non-wild) kinds give c // 2 pairs and c % 2 singles; every single takes a
  wild, spare wilds pair up, so 14 tiles are seven pairs iff singles <= wilds;
* pattern readings (对对和, 一条龙, 捉五魁) remove the pattern's sets from the counts, filling
  missing tiles with wilds, and ask the tables whether the rest is still sets + a pair.

Validated Python wrappers are at the end.
"""
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

import numpy as np

from fzsim_core.hand cimport Hand, hand_add, hand_remove, hand_set_counts, FZ_KPART, FZ_KPOW, FZ_POW5
from fzsim_core.suit_shanten cimport ShCtx, ShTables, ShVary, _cls, sh_ctx_set, sh_d, sh_tables, sh_vary, sh_vary_d
from fzsim_core.kit.hand34 cimport (
    MJ_CHOW, MJ_CONCEALED_KONG, MJ_KINDS, MjHand, mj_claimed, mj_concealed_size, mj_held, mj_load,
)
from fzsim_core.wintables cimport hand_need, hand_shanten, hand_wait_mask
from fzsim_core.kit.shapes34 cimport mj_is_standard, mj_real, mj_rest_wins, mj_wilds
from fzsim_core.kit.tables34 cimport T34_SUIT_KINDS, t34_odd_kinds, t34_seven_pairs_waits
from fzsim_core.bits cimport ctz64, fz_counts_mask, popcount64


cdef inline uint64_t _real_kinds(const MjHand* h, int v) noexcept nogil:
    """The kinds other than the wild held v times (v < 0: held at all), by whole-word compares."""
    cdef uint64_t m = fz_counts_mask(h.counts, v)
    return m & ~((<uint64_t>1) << h.wild) if h.wild >= 0 else m


cdef inline void _pairs(const MjHand* h, int* pairs, int* singles, int* top) noexcept nogil:
    """The real kinds' pairs (c // 2 each) and singles (c % 2 each), and top: 3 when some real
    kind is held 3 or 4 times, else at most 2 (all a seven-pairs reading needs)."""
    cdef int s = popcount64(t34_odd_kinds(h.counts) & _real_kinds(h, -1))
    singles[0] = s
    pairs[0] = (mj_concealed_size(h) - mj_wilds(h) - s) >> 1
    top[0] = 3 if _real_kinds(h, 3) | _real_kinds(h, 4) else 2


cdef bint bj_is_seven_pairs(const MjHand* h) noexcept nogil:
    cdef int p, s, t
    if h.n_melds or mj_concealed_size(h) != 14:
        return 0
    _pairs(h, &p, &s, &t)
    return s <= mj_wilds(h)


cdef bint bj_is_haohua(const MjHand* h) noexcept nogil:
    return bj_is_seven_pairs(h) and bj_haohua_of_seven_pairs(h)


cdef bint bj_haohua_of_seven_pairs(const MjHand* h) noexcept nogil:
    cdef int p, s, t
    _pairs(h, &p, &s, &t)
    # a kind held 3 times takes a wild for its single: four of a kind; spare wilds copy a pair
    return t >= 3 or mj_wilds(h) - s >= 2


cdef bint bj_is_win(const MjHand* h) noexcept nogil:
    return bj_is_seven_pairs(h) or mj_is_standard(h)


cdef bint bj_is_pungs(const MjHand* h) noexcept nogil:
    return mj_is_standard(h) and bj_pungs_of_standard(h)


cdef bint bj_pungs_of_standard(const MjHand* h) noexcept nogil:
    """Wilds needed: a real kind held 1, 2 or 4 times takes 2, 1, 2 to make pungs (a kong's four
    are a pung and a single); the pair is one of those kinds (one wild fewer) or, with none, two
    wilds."""
    cdef int i, need, best
    cdef uint64_t one, two, four
    for i in range(h.n_melds):
        if h.meld_type[i] == MJ_CHOW:
            return 0
    one = _real_kinds(h, 1)
    if 2 * popcount64(one) - 1 > mj_wilds(h):
        return 0              # the singles alone need more wilds than there are
    two = _real_kinds(h, 2)
    four = _real_kinds(h, 4)
    need = 2 * popcount64(one) + popcount64(two) + 2 * popcount64(four)
    best = -1 if one | two | four else 2
    return need + best <= mj_wilds(h)


cdef inline uint32_t _chow_starts(const MjHand* h) noexcept nogil:
    """Bit k set iff a claimed chow starts at kind k (read once for every suit's dragon)."""
    cdef int i
    cdef uint32_t m = 0
    for i in range(h.n_melds):
        if h.meld_type[i] == MJ_CHOW:
            m |= (<uint32_t>1) << h.meld_kind[i]
    return m


cdef bint _dragon_rest(const MjHand* h, const uint8_t* c0, int wilds, int suit, int have, uint32_t chows) noexcept nogil:
    """Blocks 123 / 456 / 789 of `suit` not in `have` come from a claimed chow (chows: _chow_starts)
    or from the concealed counts c0 (missing tiles filled by wilds); the rest must be sets + a pair.
    The caller has checked _dragon_wilds_suffice."""
    cdef uint8_t c[34]
    cdef int combo, b, r, i, k, missing, size, start
    cdef bint meld_ok
    for combo in range(8):      # bit b: block b from a claimed chow
        if combo & have:
            continue
        memcpy(c, c0, 34)
        missing = 0
        meld_ok = 1
        for b in range(3):
            if have & (1 << b):
                continue
            start = suit * 9 + 3 * b
            if combo & (1 << b):
                meld_ok = (chows >> start) & 1
                if not meld_ok:
                    break
                continue
            for r in range(3):
                k = start + r
                if c[k] > 0:
                    c[k] -= 1
                else:
                    missing += 1
        if not meld_ok or missing > wilds:
            continue
        size = wilds - missing
        for k in range(34):
            size += c[k]
        if size >= 2 and mj_rest_wins(c, wilds - missing, h.wild):
            return 1
    return 0


cdef bint bj_is_dragon(const MjHand* h, bint zhuowukui) noexcept nogil:
    return mj_is_standard(h) and bj_dragon_of_standard(h, zhuowukui)


cdef inline bint _dragon_wilds_suffice(uint64_t absent, int wilds, int suit, int have) noexcept nogil:
    """_dragon_rest's blocks each at its fewest wilds (a claimed chow takes none) need no more
    than wilds: absent, the kinds c0 holds none of outside blocks a claimed chow starts, counted
    in the suit's blocks not in have."""
    cdef uint64_t taken = (<uint64_t>have & 1) * 7 | (<uint64_t>have & 2) * 28 | (<uint64_t>have & 4) * 112
    return popcount64(absent & ((0x1FF & ~taken) << (9 * suit))) <= wilds


cdef bint bj_dragon_of_standard(const MjHand* h, bint zhuowukui) noexcept nogil:
    cdef uint8_t c[34]
    cdef int suit, wilds = mj_wilds(h)
    cdef uint32_t chows = _chow_starts(h)
    cdef uint64_t absent
    mj_real(h, c)
    if zhuowukui:
        if c[3] == 0 or c[4] == 0 or c[5] == 0:
            return 0
        c[3] -= 1
        c[4] -= 1
        c[5] -= 1
    # blocks 123 / 456 / 789 a claimed chow starts need no tile (ranks 1, 4, 7: 0x1249249)
    absent = ~fz_counts_mask(c, -1) & ~((chows & <uint64_t>0x1249249) * 7)
    if zhuowukui:   # the real 456m may itself be the dragon's middle block in 万
        if _dragon_wilds_suffice(absent, wilds, 0, 2) and _dragon_rest(h, c, wilds, 0, 2, chows):
            return 1
    for suit in range(3):
        if _dragon_wilds_suffice(absent, wilds, suit, 0) and _dragon_rest(h, c, wilds, suit, 0, chows):
            return 1
    return 0


cdef bint bj_is_zhuowukui(const MjHand* h, int win_kind, bint unique) noexcept nogil:
    return mj_is_standard(h) and bj_zhuowukui_of_standard(h, win_kind, unique)


cdef bint bj_zhuowukui_of_standard(const MjHand* h, int win_kind, bint unique) noexcept nogil:
    cdef uint8_t c[34]
    cdef MjHand before
    cdef uint64_t mask
    if win_kind != 4 or h.wild == 4:
        return 0
    mj_real(h, c)
    if c[3] == 0 or c[4] == 0 or c[5] == 0:
        return 0
    c[3] -= 1
    c[4] -= 1
    c[5] -= 1
    if not mj_rest_wins(c, mj_wilds(h), h.wild):
        return 0
    if not unique:
        return 1
    memcpy(&before, h, sizeof(MjHand))
    before.counts[4] -= 1
    mask = bj_wait_mask(&before)
    if h.wild >= 0:
        mask &= ~((<uint64_t>1) << h.wild)   # a drawn 惠牌 is a wild, not "a tile" of the wait
    return mask == (<uint64_t>1) << 4


cdef uint64_t bj_seven_pairs_waits(const MjHand* h) noexcept nogil:
    """Seven-pairs waits of a meld-free 13-tile hand in closed form: with s singles among the real
    kinds and w wilds, one more tile of a kind held an odd number of times wins iff s - 1 <= w, of
    a kind held an even number of times (none included) iff s + 1 <= w, a wild iff s <= w + 1."""
    cdef uint64_t gbit = (<uint64_t>1) << h.wild if h.wild >= 0 else 0, mask = 0
    cdef uint64_t odd = t34_odd_kinds(h.counts) & ~gbit, even = ((<uint64_t>1) << 34) - 1 & ~odd & ~gbit
    cdef int s = popcount64(odd), w = mj_wilds(h)
    if s - 1 <= w:
        mask |= odd
    if s + 1 <= w:
        mask |= even
    if h.wild >= 0 and s <= w + 1:
        mask |= (<uint64_t>1) << h.wild
    return mask


cdef uint64_t bj_wait_mask(const MjHand* h) noexcept nogil:
    cdef uint64_t std, sp
    return _wait_parts(h, &std, &sp)


cdef uint64_t bj_wait_parts(const MjHand* h, uint64_t* std, uint64_t* sp) noexcept nogil:
    return _wait_parts(h, std, sp)


cdef inline uint64_t _wait_parts(const MjHand* h, uint64_t* std, uint64_t* sp) noexcept nogil:
    """bj_wait_parts (inlined in bj_wait_mask, greedy's every ready discard)."""
    cdef Hand x
    cdef uint64_t m
    cdef int k
    std[0] = sp[0] = 0
    if h.n_melds > 4 or mj_concealed_size(h) != 13 - 3 * h.n_melds:
        return 0
    hand_set_counts(&x, h.counts, h.wild)
    std[0] = hand_wait_mask(&x)
    if h.n_melds == 0:
        sp[0] = bj_seven_pairs_waits(h)
    m = std[0] | sp[0]
    while m:   # no fifth copy
        k = ctz64(m)
        m &= m - 1
        if mj_held(h, k) >= 4:
            std[0] &= ~((<uint64_t>1) << k)
            sp[0] &= ~((<uint64_t>1) << k)
    return std[0] | sp[0]


cdef int bj_seven_pairs_shanten(const MjHand* h) noexcept nogil:
    """Seven pairs: real pairs fill slots with 2 tiles; of the other slots each takes a single and
    every wild adds one tile to a slot (pairing a single, or a pair of wilds)."""
    cdef int p, s, t
    if h.n_melds:
        return 99
    _pairs(h, &p, &s, &t)
    return _seven_pairs_of(p, s, mj_wilds(h))


cdef inline uint64_t _seven_pairs_discards(const Hand* x, int* sp_odd, int* sp_even, int* sp_wild) noexcept nogil:
    """bj_seven_pairs_shanten of the 14- (or 13-) tile x without one tile, by the tile's class: a
    discard flips its kind's parity (sp_odd for the real kinds held an odd number of times,
    returned, one single fewer; sp_even for the others, one more) or takes one wild (sp_wild)."""
    cdef uint64_t odd = t34_odd_kinds(x.counts)
    cdef int s, size = x.size - 1, w = x.golds
    if x.gold >= 0:
        odd &= ~((<uint64_t>1) << x.gold)
    s = popcount64(odd)
    sp_odd[0] = _seven_pairs_sized(size, s - 1, w)
    sp_even[0] = _seven_pairs_sized(size, s + 1, w)
    sp_wild[0] = _seven_pairs_sized(size, s, w - 1)
    return odd


cdef void bj_seven_pairs_discard_shanten(const Hand* x, int n_melds, uint64_t cand, int* out) noexcept nogil:
    """bj_seven_pairs_shanten of x without one of each kind in cand: three values."""
    cdef int k, sp_odd, sp_even, sp_wild
    cdef uint64_t odd = _seven_pairs_discards(x, &sp_odd, &sp_even, &sp_wild)
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        if n_melds:
            out[k] = 99
        elif k == x.gold:
            out[k] = sp_wild
        else:
            out[k] = sp_odd if (odd >> k) & 1 else sp_even


cdef uint64_t bj_seven_pairs_best_discards(const Hand* x, int n_melds, uint64_t cand, int* best) noexcept nogil:
    """The three values' classes as masks of cand: no loop over the kinds."""
    cdef int sp_odd, sp_even, sp_wild
    cdef uint64_t odd, gbit, kinds = 0
    cdef uint64_t by_class[3]
    cdef int value[3]
    cdef int i
    best[0] = 99
    if n_melds:
        return cand
    odd = _seven_pairs_discards(x, &sp_odd, &sp_even, &sp_wild)
    gbit = (<uint64_t>1) << x.gold if x.gold >= 0 else 0
    by_class[0], value[0] = cand & odd, sp_odd
    by_class[1], value[1] = cand & ~odd & ~gbit, sp_even
    by_class[2], value[2] = cand & gbit, sp_wild
    for i in range(3):
        if by_class[i] and value[i] < best[0]:
            best[0], kinds = value[i], 0
        if by_class[i] and value[i] == best[0]:
            kinds |= by_class[i]
    return kinds


cdef inline int _seven_pairs_of(int p, int s, int w) noexcept nogil:
    """bj_seven_pairs_shanten from the real pairs p, real singles s and wilds w."""
    cdef int free, used
    if p > 7:
        p = 7
    free = 7 - p
    used = (s if s < free else free) + w
    if used > 2 * free:
        used = 2 * free
    used += 2 * p
    return 14 - used - 1


cdef inline int _seven_pairs_sized(int size, int s, int w) noexcept nogil:
    """_seven_pairs_of for a hand of `size` tiles with s real singles (kinds held an odd number of
    times) and w wilds: the other real tiles make the pairs (a change of one tile flips one
    kind's parity, so a discard's or a draw's value is this with s - 1 or s + 1)."""
    return _seven_pairs_of((size - w - s) >> 1, s, w)


cdef int bj_shanten(const MjHand* h) noexcept nogil:
    cdef Hand x
    hand_set_counts(&x, h.counts, h.wild)
    return bj_hand_shanten(&x, h.n_melds)


cdef int bj_hand_shanten(const Hand* x, int n_melds) noexcept nogil:
    cdef int size = x.size, n = 4 - n_melds, best, sp, s
    cdef uint64_t odd
    if n_melds > 4 or (size != 3 * n + 1 and size != 3 * n + 2):
        return BJ_NO_SHAPE
    best = hand_shanten(x)
    if n_melds:
        return best
    # seven pairs on the packed counts: the real kinds held an odd number of times are the
    # singles, the rest of the real tiles pairs
    odd = t34_odd_kinds(x.counts)
    if x.gold >= 0:
        odd &= ~((<uint64_t>1) << x.gold)
    s = popcount64(odd)
    sp = _seven_pairs_sized(x.size, s, x.golds)
    return sp if sp < best else best


cdef void bj_hand_draw_shanten(const Hand* x, int n_melds, uint64_t cand, int* out) noexcept nogil:
    _one_tile_shanten(x, n_melds, cand, out, 1)


cdef void bj_hand_discard_shanten(const Hand* x, int n_melds, uint64_t cand, int* out) noexcept nogil:
    _one_tile_shanten(x, n_melds, cand, out, -1)


cdef void _one_tile_shanten(const Hand* x, int n_melds, uint64_t cand, int* out, int dt) noexcept nogil:
    """bj_hand_shanten of x with one more (dt = 1) or one fewer (dt = -1, held kinds) tile of each
    kind k in cand (its gold the 惠牌), into out[k], with what one changed tile leaves unchanged read
    once: the size check, the classes of the parts not changed (suit_shanten.pxd: the same D as
    hand_shanten's tables; a part's kinds in one loop through its ShVary), the seven-pairs shanten
    (the changed kind's count flips parity: one value for the odd kinds, one for the rest)."""
    cdef int size = x.size + dt, n = 4 - n_melds, k, q, std, sp, odd_n, golds = x.golds, sp_odd = 99, sp_even = 99
    cdef uint64_t odd, m, gbit = (<uint64_t>1) << x.gold if x.gold >= 0 else 0
    cdef uint32_t key
    cdef ShCtx ctx
    cdef ShVary v
    if n_melds > 4 or (size != 3 * n + 1 and size != 3 * n + 2):
        while cand:
            out[ctz64(cand)] = BJ_NO_SHAPE
            cand &= cand - 1
        return
    sh_ctx_set(&ctx, sh_tables(), x.key, (size - 1) // 3)
    odd = t34_odd_kinds(x.counts) & ~gbit
    odd_n = popcount64(odd)
    if n_melds == 0:
        sp_odd = _seven_pairs_sized(size, odd_n - 1, golds)
        sp_even = _seven_pairs_sized(size, odd_n + 1, golds)
    if cand & gbit:   # one wild more or fewer: the parts unchanged
        std = sh_d(&ctx) - (golds + dt) - 1
        if n_melds == 0:
            sp = _seven_pairs_sized(size, odd_n, golds + dt)
            if sp < std:
                std = sp
        out[x.gold] = std
    for q in range(4):
        m = cand & ~gbit & T34_SUIT_KINDS[q]
        if not m:
            continue
        sh_vary(&v, &ctx, q)
        key = x.key[q]
        while m:
            k = ctz64(m)
            m &= m - 1
            std = sh_vary_d(&v, key + dt * <int>FZ_KPOW[k]) - golds - 1
            sp = sp_odd if (odd >> k) & 1 else sp_even
            out[k] = sp if sp < std else std


cdef inline uint64_t _below(const uint8_t* row, const uint16_t* idx, uint64_t m, int lim) noexcept nogil:
    """The kinds j of m whose row[idx[j]] is below lim."""
    cdef int j
    cdef uint64_t out = 0
    while m:
        j = ctz64(m)
        m &= m - 1
        if row[idx[j]] < lim:
            out |= (<uint64_t>1) << j
    return out


cdef inline uint64_t _outside(BjDraws* t, int half, int cls, const uint8_t* row, uint64_t kinds, uint64_t rest,
                              int lim, int sh) noexcept nogil:
    """The draws of rest among kinds (the other pair of parts: row, D along its class) that help
    after a discard leaving its own pair of parts (half 0: parts 0, 1; 1: parts 2, 3) class cls.
    At bj_draws_set's threshold they are read once a turn per (half, cls), over avail: rest holds
    no other draw among kinds (its one extra, the discard's kind, is in the discard's part)."""
    cdef uint32_t key = (<uint32_t>half << 16) | <uint32_t>cls
    cdef uint64_t bits
    cdef int i
    if sh != t.sh:
        return _below(row, t.pair_of, rest & kinds, lim)
    for i in range(t.n_memo):
        if t.memo_key[i] == key:
            return t.memo_bits[i] & rest
    bits = _below(row, t.pair_of, t.avail & kinds, lim)
    if t.n_memo < BJ_MEMO:
        t.memo_key[t.n_memo] = key
        t.memo_bits[t.n_memo] = bits
        t.n_memo += 1
    return bits & rest


cdef void bj_draws_set(BjDraws* t, const Hand* x, int n_melds, uint64_t draws, int sh) noexcept nogil:
    cdef int size = x.size, n = 4 - n_melds, q, j, lim = sh + x.golds + 1
    cdef uint32_t key
    cdef uint64_t m
    cdef ShVary* v
    t.x = x
    t.n_melds = n_melds
    t.gbit = (<uint64_t>1) << x.gold if x.gold >= 0 else 0
    t.odd = t34_odd_kinds(x.counts) & ~t.gbit
    t.odd_n = popcount64(t.odd)
    t.bad = n_melds > 4 or (size != 3 * n + 1 and size != 3 * n + 2)
    if t.bad:
        return
    sh_ctx_set(&t.ctx, sh_tables(), x.key, (size - 1) // 3)
    t.sh = sh
    t.avail = 0
    t.n_memo = 0
    # no fifth copy (its key would leave the tables)
    draws &= ~t.gbit & ~fz_counts_mask(x.counts, 4)
    for q in range(4):
        # part q's ShVary reads each draw's class, its pair's class and D: x + j holds x - d + j
        # for every discard d (same sets to make), so its D is no larger and a draw that leaves
        # x + j at lim helps after no discard (lim: sh's, the largest of any discard's)
        v = &t.vary[q]
        sh_vary(v, &t.ctx, q)
        key = x.key[q]
        m = draws & T34_SUIT_KINDS[q]
        while m:
            j = ctz64(m)
            m &= m - 1
            t.cls_of[j] = v.cls[key + FZ_KPOW[j]]
            t.pair_of[j] = v.pair[t.cls_of[j]]
            if v.final[t.pair_of[j]] < lim:
                t.avail |= (<uint64_t>1) << j


cdef struct _Threshold:
    # what bj_draws_helping reads of its threshold sh alone, the same for every discard
    int sh
    bint filtered           # sh <= the set's: only avail (and the discard's own kind) can help
    # the seven-pairs part by the discard's class (0: a real kind held an odd number of times, 1:
    # another real kind, 2: a wild): bit 0 a drawn wild helps, bit 1 a real kind then held an
    # odd number of times, bit 2 another real kind (a draw flips its kind's parity)
    uint8_t sp[3]


cdef inline void _threshold_set(const BjDraws* t, int sh, uint64_t discards, _Threshold* th) noexcept nogil:
    """th for the discards (held kinds): the seven-pairs part of their classes only."""
    cdef int i, c, g, size = t.x.size
    cdef uint64_t by_class[3]
    th.sh = sh
    th.filtered = sh <= t.sh
    by_class[0] = discards & t.odd
    by_class[1] = discards & ~t.odd & ~t.gbit
    by_class[2] = discards & t.gbit
    for i in range(3):
        th.sp[i] = 0
        if t.n_melds or not by_class[i]:
            continue
        c = t.odd_n - 1 if i == 0 else t.odd_n + 1 if i == 1 else t.odd_n
        g = t.x.golds - 1 if i == 2 else t.x.golds
        th.sp[i] = ((_seven_pairs_sized(size, c, g + 1) < sh) | (_seven_pairs_sized(size, c - 1, g) < sh) << 1
                    | (_seven_pairs_sized(size, c + 1, g) < sh) << 2)


cdef inline uint64_t _helping(BjDraws* t, const _Threshold* th, int discard, uint64_t cand) noexcept nogil:
    """bj_draws_helping at th's threshold."""
    cdef const ShTables* T = t.ctx.T
    cdef const Hand* x = t.x
    cdef int golds = x.golds, p = -1, j, lim, cls_p = 0, ab = t.ctx.ab, ch = t.ctx.ch, sh = th.sh, sp
    cdef uint64_t odd = t.odd, helps = 0, rest, m
    cdef uint32_t key_p = 0
    cdef const uint8_t* by_ab     # D along ab (parts 0, 1 varying), ch this discard's
    cdef const uint8_t* by_ch     # D along ch (parts 2, 3 varying), ab this discard's
    cdef const uint16_t* pair_row
    cdef const ShVary* v
    if discard == x.gold:
        golds -= 1
        sp = th.sp[2]
    else:
        p = FZ_KPART[discard]
        key_p = x.key[p] - FZ_KPOW[discard]
        cls_p = _cls(T, p, key_p)
        if p < 2:
            ab = T.ab[cls_p * T.nsc + t.ctx.cls[1 - p]]
        elif p == 2:
            ch = T.ch[cls_p * T.nhc + t.ctx.cls[3]]
        else:
            ch = T.ch[t.ctx.cls[2] * T.nhc + cls_p]
        sp = th.sp[0] if (odd >> discard) & 1 else th.sp[1]
        odd ^= (<uint64_t>1) << discard
    by_ab = T.finalt + (t.ctx.n * T.nch + ch) * T.nab
    by_ch = T.final + (t.ctx.row + ab) * T.nch
    if cand & t.gbit and (by_ch[ch] - golds - 2 < sh or sp & 1):
        helps |= t.gbit
    if sp & 2:
        helps |= cand & odd
    if sp & 4:
        helps |= cand & ~odd & ~t.gbit
    lim = sh + golds + 1
    rest = cand & ~helps & ~t.gbit
    if th.filtered:   # (the discard's own kind drawn back is x itself: not filtered)
        rest &= t.avail | ((<uint64_t>1) << discard)
    # draws outside the discard's pair of parts: their pair's class read once for the turn (and
    # at the turn's threshold their bits once per new class of the discard's pair: _outside)
    if p < 0:
        return (helps | _below(by_ch, t.pair_of, rest & (T34_SUIT_KINDS[2] | T34_SUIT_KINDS[3]), lim)
                | _below(by_ab, t.pair_of, rest & (T34_SUIT_KINDS[0] | T34_SUIT_KINDS[1]), lim))
    if p < 2:
        helps |= _outside(t, 0, ab, by_ch, T34_SUIT_KINDS[2] | T34_SUIT_KINDS[3], rest, lim, sh)
    else:
        helps |= _outside(t, 1, ch, by_ab, T34_SUIT_KINDS[0] | T34_SUIT_KINDS[1], rest, lim, sh)
    # draws in the discard's partner part: the pair's class from both parts' new classes
    m = rest & T34_SUIT_KINDS[p ^ 1]
    if p < 2:
        pair_row = T.ab + cls_p * T.nsc
        while m:
            j = ctz64(m)
            m &= m - 1
            if by_ab[pair_row[t.cls_of[j]]] < lim:
                helps |= (<uint64_t>1) << j
    else:
        pair_row = T.cht + cls_p * T.nsc if p == 3 else T.ch + cls_p * T.nhc
        while m:
            j = ctz64(m)
            m &= m - 1
            if by_ch[pair_row[t.cls_of[j]]] < lim:
                helps |= (<uint64_t>1) << j
    # draws in the discard's own part: that part's key changes twice
    m = rest & T34_SUIT_KINDS[p]
    v = &t.vary[p]
    while m:
        j = ctz64(m)
        m &= m - 1
        if sh_vary_d(v, key_p + FZ_KPOW[j]) < lim:
            helps |= (<uint64_t>1) << j
    return helps


cdef uint64_t bj_draws_helping(BjDraws* t, int discard, uint64_t cand, int sh) noexcept nogil:
    cdef _Threshold th
    if t.bad:
        return cand              # BJ_NO_SHAPE is below any sh, as in bj_hand_draw_shanten
    _threshold_set(t, sh, (<uint64_t>1) << discard, &th)
    return _helping(t, &th, discard, cand)


cdef void bj_draws_helping_each(BjDraws* t, uint64_t discards, uint64_t cand, uint64_t* out) noexcept nogil:
    cdef _Threshold th
    cdef int k
    cdef uint64_t kbit
    if not t.bad:
        _threshold_set(t, t.sh, discards, &th)   # read once for every discard
    while discards:
        k = ctz64(discards)
        discards &= discards - 1
        kbit = ((<uint64_t>1) << k) & ~t.gbit
        out[k] = (cand | kbit) if t.bad else _helping(t, &th, k, cand | kbit)


cdef void bj_add_natural(MjHand* h, int k) noexcept nogil:
    """One more tile of kind k at its face value. For the wild kind (a discarded 惠牌 won on under
    BJ-A2 natural) the hand's wilds first move to a kind it holds nowhere: a wild stands for any
    tile, so the slot holding them changes no shape, and the copy left at the wild's own kind is
    then real (it counts for 清一色 and 捉五魁, and not as a 惠牌 for 门清无惠 or three 惠牌)."""
    cdef int e
    if k == h.wild:
        for e in range(MJ_KINDS):
            if e != k and mj_held(h, e) == 0:
                h.counts[e] = h.counts[k]
                h.counts[k] = 0
                h.wild = e
                break
    h.counts[k] += 1


cdef bint bj_may_win_on_discard(const MjHand* h) noexcept nogil:
    return mj_claimed(h) == 0 and mj_wilds(h) < 3


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers: counts are 34 concealed counts (wilds included), melds a sequence of
# (type, kind) with type chow (kind = lowest tile), pung, kong, added_kong or concealed_kong,
# wild the 惠牌 kind (-1: none).

def _load_args(counts, melds, wild):
    if isinstance(wild, bool) or not isinstance(wild, (int, np.integer)):
        raise ValueError(f"wild {wild!r}: expected a kind 0..33 or -1")
    return int(wild)


def is_win(counts, melds=(), wild=-1):
    """True iff the concealed tiles (14 - 3 x melds, wilds included) with `melds` are a Beijing win
    shape: 4 sets + a pair or seven pairs, the `wild` kind wild."""
    cdef MjHand h
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    return bool(bj_is_win(&h))


def facts(counts, melds=(), wild=-1, win_kind=-1, bint unique_wuhui=True):
    """Shape facts of a winning-size hand: standard, seven_pairs, haohua, pungs (对对和), dragon
    (一条龙), zhuowukui (win_kind 5m: kind 4) and zhuowukui_dragon (both in one reading)."""
    cdef MjHand h
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    return {"standard": bool(mj_is_standard(&h)), "seven_pairs": bool(bj_is_seven_pairs(&h)),
            "haohua": bool(bj_is_haohua(&h)), "pungs": bool(bj_is_pungs(&h)),
            "dragon": bool(bj_is_dragon(&h, 0)),
            "zhuowukui": bool(bj_is_zhuowukui(&h, win_kind, unique_wuhui)),
            "zhuowukui_dragon": bool(bj_is_dragon(&h, 1) and bj_is_zhuowukui(&h, win_kind, unique_wuhui))}


def wait_mask(counts, melds=(), wild=-1):
    """Bit mask (bit k = kind k) of the tiles completing a 13 - 3 x melds tile hand."""
    cdef MjHand h
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    return int(bj_wait_mask(&h))


def shanten(counts, melds=(), wild=-1):
    """Shanten of a 3n+1 / 3n+2 concealed hand (n = 4 - melds) over both shapes: -1 complete,
    0 ready. Raises ValueError for other sizes."""
    cdef MjHand h
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    v = bj_shanten(&h)
    if v == BJ_NO_SHAPE:
        raise ValueError(f"{mj_concealed_size(&h)} concealed tiles with {h.n_melds} meld(s): shanten needs "
                         f"{13 - 3 * h.n_melds} or {14 - 3 * h.n_melds}")
    return int(v)


def _seven_pairs_discard_check(counts, melds=(), wild=-1):
    """Test hook: ({kind: bj_seven_pairs_discard_shanten}, {kind: bj_seven_pairs_shanten of the hand
    without one of that kind}) over every held kind of the concealed `counts` with `melds`."""
    cdef MjHand h
    cdef Hand x
    cdef int out[34]
    cdef uint64_t cand = 0
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    for k in range(34):
        if h.counts[k]:
            cand |= (<uint64_t>1) << k
    hand_set_counts(&x, h.counts, h.wild)
    bj_seven_pairs_discard_shanten(&x, h.n_melds, cand, out)
    fast, plain = {}, {}
    for k in range(34):
        if h.counts[k]:
            fast[k] = out[k]
            h.counts[k] -= 1
            plain[k] = bj_seven_pairs_shanten(&h)
            h.counts[k] += 1
    return fast, plain


def _helpful_draws_check(counts, melds=(), wild=-1):
    """Test hook: over every held kind d of a winning-size hand, every sh in 1..4 and every kind j
    held at most 3 times without d: ({(d, sh): helpful-draw mask}, the same from bj_hand_shanten
    of the hand rebuilt per discard and draw). The reading is set up at threshold 2, so sh 1 and
    2 read through its filter of the draws that can help and sh 3 and 4 without it."""
    cdef MjHand h
    cdef Hand x, y
    cdef BjDraws t
    cdef uint64_t cand, plain_mask
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    hand_set_counts(&x, h.counts, h.wild)
    bj_draws_set(&t, &x, h.n_melds, (<uint64_t>1 << 34) - 1, 2)
    fast, plain = {}, {}
    for d in range(34):
        if not h.counts[d]:
            continue
        y = x
        hand_remove(&y, d)
        cand = 0
        for j in range(34):
            if y.counts[j] <= 3:
                cand |= (<uint64_t>1) << j
        for sh in range(1, 5):
            fast[d, sh] = bj_draws_helping(&t, d, cand, sh)
            plain_mask = 0
            for j in range(34):
                if (cand >> j) & 1:
                    hand_add(&y, j)
                    if bj_hand_shanten(&y, h.n_melds) < sh:
                        plain_mask |= (<uint64_t>1) << j
                    hand_remove(&y, j)
            plain[d, sh] = plain_mask
    return fast, plain


def may_win_on_discard(counts, melds=(), wild=-1):
    """§4.3: False once the hand has claimed a meld, or while it holds three or more 惠牌."""
    cdef MjHand h
    mj_load(&h, counts, melds, _load_args(counts, melds, wild))
    return bool(bj_may_win_on_discard(&h))


def is_win_many(const uint8_t[:, ::1] counts, const int8_t[::1] wild):
    """is_win over many meld-free 14-tile hands at once, the GIL released: (N, 34) counts 0..4 and
    (N,) wild kinds -> (N,) bool. For Monte Carlo checks (fzsim.packs.beijing.prob)."""
    cdef Py_ssize_t i, k, n = counts.shape[0]
    cdef MjHand h
    if counts.shape[1] != 34 or wild.shape[0] != n:
        raise ValueError(f"counts must be (N, 34) and wild (N,), got {counts.shape[1]} kinds, {wild.shape[0]} wilds")
    for i in range(n):
        if not -1 <= wild[i] < 34:
            raise ValueError(f"wild[{i}] = {wild[i]}: allowed -1..33")
        for k in range(34):
            if counts[i, k] > 4:
                raise ValueError(f"counts[{i}, {k}] = {counts[i, k]}: allowed 0..4")
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    h.n_melds = 0
    with nogil:
        for i in range(n):
            memcpy(h.counts, &counts[i, 0], 34)
            h.wild = wild[i]
            o[i] = bj_is_win(&h)
    return out.astype(bool)


def _seven_pairs_waits_many(const uint8_t[:, ::1] counts, const int8_t[::1] wild):
    """Test hook: the closed-form seven-pairs waits the pack's hook reads off a packed Hand
    (kit/tables34 t34_seven_pairs_waits, the 惠牌 `wild` of each row wild, -1 none; kinds held 4
    times dropped) over many meld-free 13-tile hands: (N, 34) counts -> (N,) uint64 masks."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand x
    if counts.shape[1] != MJ_KINDS or wild.shape[0] != n:
        raise ValueError("counts must be (N, 34) and wild (N,)")
    out = np.zeros(n, dtype=np.uint64)
    cdef uint64_t[::1] o = out
    with nogil:
        for i in range(n):
            hand_set_counts(&x, &counts[i, 0], wild[i])
            o[i] = t34_seven_pairs_waits(&x, True) & ~fz_counts_mask(x.counts, 4)
    return out


def shanten_many(const uint8_t[:, ::1] counts, const int8_t[::1] wild):
    """bj_shanten over many meld-free 13- or 14-tile hands at once, the GIL released: (N, 34) counts
    0..4 and (N,) wild kinds -> (N,) int8. For the reference test of the packed path."""
    cdef Py_ssize_t i, k, n = counts.shape[0]
    cdef MjHand h
    cdef int size
    if counts.shape[1] != 34 or wild.shape[0] != n:
        raise ValueError(f"counts must be (N, 34) and wild (N,), got {counts.shape[1]} kinds, {wild.shape[0]} wilds")
    for i in range(n):
        if not -1 <= wild[i] < 34:
            raise ValueError(f"wild[{i}] = {wild[i]}: allowed -1..33")
        size = 0
        for k in range(34):
            if counts[i, k] > 4:
                raise ValueError(f"counts[{i}, {k}] = {counts[i, k]}: allowed 0..4")
            size += counts[i, k]
        if size != 13 and size != 14:
            raise ValueError(f"row {i} holds {size} tiles: allowed 13 or 14")
    out = np.zeros(n, dtype=np.int8)
    cdef int8_t[::1] o = out
    h.n_melds = 0
    with nogil:
        for i in range(n):
            memcpy(h.counts, &counts[i, 0], 34)
            h.wild = wild[i]
            o[i] = <int8_t>bj_shanten(&h)
    return out
