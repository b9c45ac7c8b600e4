# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shanghai patterns, the minimum-hand gate, gate-aware waits and shanten (contract in shapes.pxd).

The shape tests are the bot kit's with no wild (kit/shapes34 mj_is_standard: the core's
table search), so the packs that read hand34 share one win search. The shanten targets:
* 碰碰胡: n pungs + a pair in closed form on how many kinds are held 1, 2, 3 and 4 times;
* one suit S + 风向牌, standard shape: the core's per-suit shanten tables (suit_shanten.pxd) with
  the other two suits (and, under SH-A3's winds-only reading, the dragons) left out;
* shapeless 风一色: every tile kept must be a 风向牌.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy
from fzsim_core.bits cimport ctz64, fz_counts_mask, popcount64
from fzsim_core.hand cimport Hand, hand_set_counts
from fzsim_core.kit.tables34 cimport T34_SUIT_KINDS, t34_key_suits, t34_std_waits

import numpy as np

from fzsim_core.kit.hand34 cimport MJ_CHOW, MJ_KONG, MJ_PUNG, MjHand, mj_concealed_size, mj_held, mj_load, mj_suit_tiles
from fzsim_core.kit.shapes34 cimport mj_is_standard
from fzsim_core.hand cimport FZ_POW5
from fzsim_core.suit_shanten cimport ShCtx, ShVary, sh_ctx_set, sh_d, sh_tables, sh_vary, sh_vary_d

cdef uint64_t _HONOURS = (<uint64_t>0x7F) << 27
cdef uint64_t ALL34 = ((<uint64_t>1) << 34) - 1


cdef void sh_shape_default(ShShape* s) noexcept nogil:
    s.feng = _HONOURS
    s.fengyise_shape = 0


cdef enum:
    _FENG = 8      # a kind's class bit: a 风向牌 (bits 0..2: its suit)
    _OTHER = 16    # an honour that is no 风向牌 (the dragons under SH-A3's winds-only reading)


cdef inline int _cls(const ShShape* s, int k) noexcept nogil:
    if k < 27:
        return 1 << (k // 9)
    return _FENG if s.feng & ((<uint64_t>1) << k) else _OTHER


cdef inline int _meld_classes(const ShShape* s, const MjHand* h) noexcept nogil:
    cdef int i, c = 0
    for i in range(h.n_melds):
        c |= _cls(s, h.meld_kind[i])
    return c


cdef int sh_patterns(const ShShape* s, const MjHand* h) noexcept nogil:
    # One pass over the counts gives the suits, the honours and whether the tiles are pungs and a
    # pair (counts 0, 2 or 3 with a single 2, no chow melds: such a hand is a standard shape by
    # itself); the table search runs only for a one-suit hand that is not all pungs, the one case
    # whose pattern depends on it (an all-honour hand in sets is necessarily pungs).
    cdef int k, i, c, suits, cls, pats = 0, pairs = 0
    cdef bint feng, other_honour, chow = 0, pung_ok = 1, std, pungs, all_feng
    if h.n_melds > 4 or mj_concealed_size(h) != 14 - 3 * h.n_melds:
        return 0
    cls = _meld_classes(s, h)
    for i in range(h.n_melds):
        if h.meld_type[i] == MJ_CHOW:
            chow = 1
    for k in range(34):
        c = h.counts[k]
        if not c:
            continue
        if c == 2:
            pairs += 1
        elif c != 3:
            pung_ok = 0
        cls |= _cls(s, k)
    suits, feng, other_honour = cls & 7, (cls & _FENG) != 0, (cls & _OTHER) != 0
    pungs = pung_ok and pairs == 1 and not chow
    all_feng = suits == 0 and not other_honour and not chow
    if pungs:
        pats |= 1 << SH_PENGPENG
    if (suits == 1 or suits == 2 or suits == 4) and not other_honour:
        std = pungs or mj_is_standard(h)
        if std and not feng:
            pats |= 1 << SH_QINGYISE
            if pungs:
                pats |= 1 << SH_QINGPENG
        elif std:
            pats |= 1 << SH_HUNYISE
            if pungs:
                pats |= 1 << SH_HUNPENG
    if all_feng:
        if pungs or not s.fengyise_shape:
            pats |= 1 << SH_FENGYISE
        if pungs:
            pats |= 1 << SH_FENGPENG
    return pats


cdef uint64_t sh_wait_mask(const ShShape* s, const MjHand* h) noexcept nogil:
    cdef Hand packed
    hand_set_counts(&packed, h.counts, -1)
    return sh_wait_mask_packed(s, h, &packed)


cdef uint64_t sh_wait_mask_packed(const ShShape* s, const MjHand* h, const Hand* packed) noexcept nogil:
    # The three ways a tile completes an allowed pattern, each a closed form or one table read:
    # * pungs + a pair (碰碰胡, any tiles; no chow meld): the single of a hand of pungs, or either
    #   of its two pairs;
    # * one suit with 风向牌 in the standard shape (清一色 / 混一色): the core's standard waits
    #   (wintables) of a hand holding one suit at most and no other honour, of that suit or a
    #   风向牌 (a tile of another suit or another honour breaks the flush; a hand of honours
    #   alone has no suited set for a suited tile to join, so its standard waits are its pungs');
    # * 14 风向牌, shapeless (SH-A4 default): any 风向牌 to a hand of 风向牌 alone;
    # then the kinds held 4 times over hand and melds left out.
    cdef uint64_t mask = 0, bits
    cdef int k, i, c, suits, cls, n1 = 0, n2 = 0, n4 = 0, single = -1
    cdef bint other, chow = 0
    if h.n_melds > 4 or mj_concealed_size(h) != 13 - 3 * h.n_melds:
        return 0
    cls = _meld_classes(s, h)
    for i in range(h.n_melds):
        if h.meld_type[i] == MJ_CHOW:
            chow = 1
    for k in range(34):
        c = h.counts[k]
        if not c:
            continue
        if c == 1:
            n1 += 1
            single = k
        elif c == 2:
            n2 += 1
            mask |= (<uint64_t>1) << k
        elif c == 4:
            n4 += 1
        cls |= _cls(s, k)
    suits, other = cls & 7, (cls & _OTHER) != 0
    if chow or n4 or not ((n1 == 1 and n2 == 0) or (n1 == 0 and n2 == 2)):
        mask = 0
    elif n1 == 1:
        mask = (<uint64_t>1) << single
    if not other and (suits == 0 or suits == 1 or suits == 2 or suits == 4):
        if suits == 0 and not s.fengyise_shape:
            mask |= s.feng
        else:
            bits = s.feng
            for i in range(3):
                if suits == 0 or suits == 1 << i:
                    bits |= T34_SUIT_KINDS[i]
            mask |= t34_std_waits(packed) & bits
    bits = mask
    while bits:
        k = ctz64(bits)
        bits &= bits - 1
        if mj_held(h, k) >= 4:
            mask &= ~((<uint64_t>1) << k)
    return mask


cdef bint sh_hand_may_wait(const ShShape* s, const Hand* h, uint64_t meld_kinds) noexcept nogil:
    """sh_wait_mask's candidate test (above) in closed form on the kind masks: a flush (one suit at
    most, 风向牌 the only honours) or a hand of pungs short of its pair or of a pung (one single
    and no pair, or no single and two pairs; no kind held four times), each mask read only when
    the test before it has not decided."""
    cdef uint64_t held, ones, twos
    cdef int t, suits = 0
    if h.golds == 0:   # the suits held, off the keys (every tile is in them) and the melds
        suits = t34_key_suits(h) & 7
        for t in range(3):
            if meld_kinds & T34_SUIT_KINDS[t]:
                suits |= 1 << t
    if not suits & (suits - 1):   # one suit at most (or golds): a flush when no other honour is held
        held = fz_counts_mask(h.counts, -1) | meld_kinds
        suits = 0
        if not held & T34_SUIT_KINDS[3] & ~s.feng:
            for t in range(3):
                if held & T34_SUIT_KINDS[t]:
                    suits += 1
            if suits <= 1:
                return 1
    ones = fz_counts_mask(h.counts, 1)
    if ones & (ones - 1):   # two singles or more (the usual hand)
        return 0
    twos = fz_counts_mask(h.counts, 2)
    if ones:   # one single: no pair
        return twos == 0 and fz_counts_mask(h.counts, 4) == 0
    return popcount64(twos) == 2 and fz_counts_mask(h.counts, 4) == 0


cdef inline int _top_pungs(int n3, int n2, int n1, int n) noexcept nogil:
    """Most tiles kept by at most n pungs of distinct kinds, n3 kinds held 3+ times, n2 twice,
    n1 once: the fullest kinds first."""
    cdef int t, v
    t = n if n < n3 else n3
    v = 3 * t
    n -= t
    t = n if n < n2 else n2
    v += 2 * t
    n -= t
    return v + (n if n < n1 else n1)


cdef inline int _pungs_from(int n1, int n2, int n3, int n4, int n) noexcept nogil:
    """_pungs_missing from how many kinds are held once, twice, three and four (or more) times."""
    cdef int top, v
    top = _top_pungs(n3 + n4, n2, n1, n)          # no pair
    if n >= 1 and n4:                             # pung and pair of one kind: its 4th copy
        top += 1
    if n3 + n4:                                   # the pair from a kind held 3+ times
        v = 2 + _top_pungs(n3 + n4 - 1, n2, n1, n)
        if v > top:
            top = v
    if n2:
        v = 2 + _top_pungs(n3 + n4, n2 - 1, n1, n)
        if v > top:
            top = v
    if n1:
        v = 1 + _top_pungs(n3 + n4, n2, n1 - 1, n)
        if v > top:
            top = v
    return 3 * n + 2 - top


cdef int _pungs_missing(const MjHand* h, int n) noexcept nogil:
    """Fewest tiles missing for n pungs + a pair from the concealed tiles (no chow melds): each kind
    is a pung, the pair, both (a fifth copy, as every shanten table allows) or nothing. Only how
    many kinds are held once, twice, three or four times matters: the pair's kind is one of a
    class (taken out of the pungs' choice), or pung and pair share a kind held 4 times."""
    cdef int n1 = popcount64(fz_counts_mask(h.counts, 1)), n2 = popcount64(fz_counts_mask(h.counts, 2))
    cdef int n3 = popcount64(fz_counts_mask(h.counts, 3))
    cdef int n4 = popcount64(fz_counts_mask(h.counts, -1)) - n1 - n2 - n3   # (by masks: no branch per kind)
    return _pungs_from(n1, n2, n3, n4, n)


cdef inline void _read_melds(const ShShape* s, const MjHand* h, bint* chow, int* meld_suits,
                             int* meld_other) noexcept nogil:
    """What the gate reads of the melds: any chow, the suits they use, any honour outside the 风向牌."""
    cdef int i, k
    for i in range(h.n_melds):
        k = h.meld_kind[i]
        if h.meld_type[i] == MJ_CHOW:
            chow[0] = 1
        if k < 27:
            meld_suits[0] |= 1 << (k // 9)
        elif not s.feng & ((<uint64_t>1) << k):
            meld_other[0] = 1


cdef int sh_shanten(const ShShape* s, const MjHand* h) noexcept nogil:
    cdef int size = mj_concealed_size(h), n = 4 - h.n_melds, i, k, suit, d, best = 1000
    cdef bint chow = 0, meld_ok
    cdef int meld_suits = 0, meld_other = 0, feng_tiles = 0
    cdef ShCtx c
    cdef uint32_t key[4]
    if h.n_melds > 4 or (size != 3 * n + 1 and size != 3 * n + 2):
        return SH_NO_SHAPE
    _read_melds(s, h, &chow, &meld_suits, &meld_other)
    if not chow:
        best = _pungs_missing(h, n)
    if not meld_other:
        for k in range(27, 34):
            if s.feng & ((<uint64_t>1) << k):
                feng_tiles += h.counts[k]
        for suit in range(3):
            if meld_suits & ~(1 << suit):
                continue
            d = feng_tiles + mj_suit_tiles(h.counts, suit)
            if 3 * n + 2 - d >= best:
                continue   # it keeps at most the suit's and the 风向牌's tiles: no better
            for i in range(3):
                key[i] = 0
            key[3] = 0
            for k in range(9):
                key[suit] += h.counts[suit * 9 + k] * FZ_POW5[k]
            for k in range(7):
                if s.feng & ((<uint64_t>1) << (27 + k)):
                    key[3] += h.counts[27 + k] * FZ_POW5[k]
            sh_ctx_set(&c, sh_tables(), key, n)
            d = sh_d(&c)
            if d < best:
                best = d
        if meld_suits == 0 and not chow and not s.fengyise_shape:
            d = 3 * n + 2 - feng_tiles
            if d < best:
                best = d
    if best >= 1000:
        return SH_NO_WIN
    return best - 1


cdef void sh_draw_shanten(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand,
                          int* out) noexcept nogil:
    _one_tile_shanten(s, h, keys, cand, out, 1, 0, NULL)


cdef uint64_t sh_draws_below(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand,
                             int lim) noexcept nogil:
    cdef uint64_t below = 0
    _one_tile_shanten(s, h, keys, cand, NULL, 1, lim, &below)
    return below


cdef void sh_discard_shanten(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand,
                             int* out) noexcept nogil:
    _one_tile_shanten(s, h, keys, cand, out, -1, 0, NULL)


cdef inline uint64_t _below_lim(const ShShape* s, uint64_t cand, const uint64_t* held,
                                const int* hist, const int* pungs, bint chow, int meld_other, bint fengyise,
                                const int* other, const int* own_lim, const int* viable, int nv, ShCtx* ctx,
                                ShVary* vs, ShVary* vh, int left, const int* suit_tiles, int dt, int lim) noexcept nogil:
    """_one_tile_shanten's kinds of cand whose best D is at most lim, over the same terms: those a
    term shared by a class of kinds decides (a count's pungs target, another suit's D, 风一色) a
    class at a time by masks, a table read (sh_vary_d) only for the kinds left whose bound allows
    lim. left: 3n + 2 less the 风向牌 held."""
    cdef uint64_t got = 0, m
    cdef int c, k, t, i, suit
    if not chow:
        for c in range(5):
            if hist[c] and pungs[c] <= lim:
                got |= held[c]
    if not meld_other:
        for t in range(3):
            if other[t] <= lim:
                got |= (<uint64_t>0x1FF) << (9 * t)
        if other[3] <= lim:   # the honours outside 风向牌 (a 风向牌 changes the suit targets)
            got |= _HONOURS & ~s.feng
    if fengyise:   # 风一色's D: left, a changed 风向牌 moving it by dt
        if left <= lim:
            got |= ALL34 & ~s.feng
        if left - dt <= lim:
            got |= s.feng
    if meld_other:
        return got & cand
    m = cand & ~got
    while m:
        k = ctz64(m)
        m &= m - 1
        if k < 27:
            t = k // 9
            if own_lim[t] <= lim and sh_vary_d(&vs[t], ctx[t].key[t] + dt * FZ_POW5[k - 9 * t]) <= lim:
                got |= (<uint64_t>1) << k
        elif (s.feng >> k) & 1:
            for i in range(nv):
                suit = viable[i]
                if left - (suit_tiles[suit] + dt) > lim:
                    continue
                if sh_vary_d(&vh[suit], ctx[suit].key[3] + dt * FZ_POW5[k - 27]) <= lim:
                    got |= (<uint64_t>1) << k
                    break
    return got & cand


cdef inline void _one_tile_shanten(const ShShape* s, const MjHand* h, const uint32_t* keys, uint64_t cand, int* out,
                                   int dt, int lim, uint64_t* below) noexcept nogil:
    """sh_shanten after one more (dt = 1) or one fewer (dt = -1, held kinds) copy of each kind in
    cand, with what the changed copy leaves unchanged read once: the size and melds, the pungs
    target by the changed kind's count (only how many kinds are held once .. four times matters,
    and the changed one moves a class up or down), and per suit target its tables with only the
    changed part's key left to vary (sh_vary). A suit target keeps at most its suit's and the
    风向牌's tiles (its D is at least 3n + 2 minus them), so the targets that bound cannot bring
    below the pungs target are never read, and one the change leaves alone counts with its D as
    it is: the same least as sh_shanten's. out NULL: the kinds whose shanten is below lim (>= 0)
    are set in *below instead (a 3n+1 size, or no kind)."""
    cdef int size = mj_concealed_size(h) + dt, n = 4 - h.n_melds, i, k, c, suit, d, best, t
    cdef int meld_suits = 0, meld_other = 0, feng_tiles = 0, fill = 0, fk, worst, nv
    cdef int viable[3]   # the suits whose target some candidate may need, in suit order
    cdef int hist[5]
    cdef int nh[5]
    cdef int pungs[5]    # by the drawn kind's count (0..4)
    cdef int suit_tiles[3]
    cdef bint chow = 0
    cdef bint ok[3]
    cdef ShCtx ctx[3]
    cdef ShVary vs[3]
    cdef ShVary vh[3]
    cdef int base_d[3]
    cdef int other[4]
    cdef int own_lim[3]
    cdef uint64_t held[5]
    cdef bint fengyise
    cdef uint32_t key[4]
    if h.n_melds > 4 or (size != 3 * n + 1 and size != 3 * n + 2):
        while cand and out != NULL:
            out[ctz64(cand)] = SH_NO_SHAPE
            cand &= cand - 1
        return
    _read_melds(s, h, &chow, &meld_suits, &meld_other)
    held[1] = fz_counts_mask(h.counts, 1)   # kinds held once .. 4+ times, by masks
    held[2] = fz_counts_mask(h.counts, 2)
    held[3] = fz_counts_mask(h.counts, 3)
    held[4] = fz_counts_mask(h.counts, -1)
    held[0] = held[4] ^ ALL34
    held[4] &= ~(held[1] | held[2] | held[3])
    for c in range(5):
        hist[c] = popcount64(held[c])
    for c in range(5):   # _pungs_missing after the change depends only on the changed kind's count
        if hist[c] and not chow and c + dt >= 0:
            for i in range(5):
                nh[i] = hist[i]
            nh[c] -= 1
            nh[c + dt if c + dt < 4 else 4] += 1
            pungs[c] = _pungs_from(nh[1], nh[2], nh[3], nh[4], n)
    key[3] = 0
    if not meld_other:
        for k in range(27, 34):
            if s.feng & ((<uint64_t>1) << k):
                feng_tiles += h.counts[k]
                key[3] += h.counts[k] * FZ_POW5[k - 27]
    for suit in range(3):
        ok[suit] = not meld_other and not meld_suits & ~(1 << suit)
        suit_tiles[suit] = 0
        if ok[suit]:
            suit_tiles[suit] = mj_suit_tiles(h.counts, suit)
    # the suit targets some candidate may need: a change adds at most one kept tile (dt = 1), so a
    # suit leaving out at least the largest pungs target (1000 with a chow: none) never improves one;
    # only those are read (tables, views)
    worst = 0
    for c in range(5):
        if hist[c] and not chow and c + dt >= 0 and pungs[c] > worst:
            worst = pungs[c]
    if chow or worst == 0:
        worst = 1000
    # a suit target keeps at most its suit's and the 风向牌's tiles, so its D is at least 3n + 2 minus
    # them: a suit the change does not touch reads its base D, and the least of those is kept per
    # candidate suit (other[t]: the viable suits but t; other[3]: all of them)
    nv = 0
    for t in range(4):
        other[t] = 1000
    for suit in range(3):
        if not (ok[suit] and 3 * n + 2 - feng_tiles - suit_tiles[suit] - (dt > 0) < worst):
            continue
        if out == NULL and 3 * n + 2 - feng_tiles - suit_tiles[suit] - (dt > 0) > lim:
            continue       # its D stays above lim after any change: no kind reaches lim by it
        viable[nv] = suit
        nv += 1
        for i in range(3):
            key[i] = 0
        if keys != NULL:
            key[suit] = keys[suit]
        else:
            for k in range(9):
                key[suit] += h.counts[suit * 9 + k] * FZ_POW5[k]
        sh_ctx_set(&ctx[suit], sh_tables(), key, n)
        base_d[suit] = sh_d(&ctx[suit])
        sh_vary(&vs[suit], &ctx[suit], suit)
        sh_vary(&vh[suit], &ctx[suit], 3)
        for t in range(4):
            if t != suit and base_d[suit] < other[t]:
                other[t] = base_d[suit]
    for t in range(3):   # a suited candidate's own suit: read when it is viable and may beat best
        own_lim[t] = 1 << 20
    for i in range(nv):
        own_lim[viable[i]] = 3 * n + 2 - (feng_tiles + suit_tiles[viable[i]] + dt)
    fengyise = not meld_other and meld_suits == 0 and not chow and not s.fengyise_shape
    if out == NULL:
        below[0] |= _below_lim(s, cand, held, hist, pungs, chow, meld_other, fengyise, other, own_lim,
                               viable, nv, ctx, vs, vh, 3 * n + 2 - feng_tiles, suit_tiles, dt, lim)
        return
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        c = h.counts[k]
        best = 1000 if chow else pungs[c if c < 4 else 4]
        fk = 0
        if meld_other:
            pass
        elif k < 27:
            t = k // 9
            if other[t] < best:
                best = other[t]
            if own_lim[t] < best:
                d = sh_vary_d(&vs[t], ctx[t].key[t] + dt * FZ_POW5[k - 9 * t])
                if d < best:
                    best = d
        elif (s.feng >> k) & 1:   # a 风向牌 changes every suit target's honours
            fk = 1
            for i in range(nv):
                suit = viable[i]
                if 3 * n + 2 - (feng_tiles + suit_tiles[suit] + dt) >= best:
                    continue
                d = sh_vary_d(&vh[suit], ctx[suit].key[3] + dt * FZ_POW5[k - 27])
                if d < best:
                    best = d
        elif other[3] < best:
            best = other[3]
        if fengyise:
            d = 3 * n + 2 - feng_tiles - dt * fk
            if d < best:
                best = d
        if out != NULL:
            out[k] = SH_NO_WIN if best >= 1000 else best - 1
        elif best <= lim:   # best - 1 < lim, never SH_NO_WIN's 1000 and more
            below[0] |= (<uint64_t>1) << k


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers: counts are 34 concealed counts, melds (type, kind) pairs as in
# fzsim_core.kit.hand34 (chow, pung, kong, added_kong, concealed_kong).

PATTERNS = ("pengpeng", "hunyise", "qingyise", "hunpeng", "fengyise", "qingpeng", "fengpeng", "bahua", "standalone")
NO_WIN = SH_NO_WIN


cdef int shape_options(ShShape* s, feng_includes_dragons, fengyise_shape) except -1:
    if not isinstance(feng_includes_dragons, bool) or not isinstance(fengyise_shape, bool):
        raise ValueError(f"feng_includes_dragons {feng_includes_dragons!r}, fengyise_shape {fengyise_shape!r}: "
                         f"allowed true or false")
    sh_shape_default(s)
    if not feng_includes_dragons:
        s.feng = (<uint64_t>0xF) << 27
    s.fengyise_shape = fengyise_shape
    return 0


def patterns(counts, melds=(), feng_includes_dragons=True, fengyise_shape=False):
    """Names of the allowed patterns a 14-tile hand (melds as 3) forms; [] = not a legal win."""
    cdef ShShape s
    cdef MjHand h
    shape_options(&s, feng_includes_dragons, fengyise_shape)
    mj_load(&h, counts, melds, -1)
    p = sh_patterns(&s, &h)
    return [PATTERNS[i] for i in range(SH_N_PATTERNS) if p & (1 << i)]


def wait_mask(counts, melds=(), feng_includes_dragons=True, fengyise_shape=False):
    """Bit mask (bit k = kind k) of the tiles giving a 13 - 3 x melds tile hand a legal win."""
    cdef ShShape s
    cdef MjHand h
    cdef Hand packed
    cdef uint64_t meld_kinds = 0
    shape_options(&s, feng_includes_dragons, fengyise_shape)
    mj_load(&h, counts, melds, -1)
    hand_set_counts(&packed, h.counts, -1)
    for i in range(h.n_melds):
        meld_kinds |= (<uint64_t>1) << h.meld_kind[i]
    # as the pack's hook: the gate filter first, the search only for a hand it lets through
    return int(sh_wait_mask(&s, &h)) if sh_hand_may_wait(&s, &packed, meld_kinds) else 0


def _gate_filter_misses(const uint8_t[:, ::1] counts, const uint32_t[::1] pungs, const uint32_t[::1] kongs):
    """Test hook: over many hands ((N, 34) concealed counts, the melds as pung / kong kind masks
    of suited kinds), (rows whose sh_wait_mask is not 0 although sh_hand_may_wait says it is, or
    that sh_hand_surely_no_wait drops although sh_hand_may_wait lets them through or they have
    waits; rows let through; rows with waits), both shape options at their defaults. The GIL
    released."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef ShShape s
    cdef MjHand h
    cdef Hand packed
    cdef int k, j
    cdef uint64_t m, meld_kinds
    cdef long misses = 0, through = 0, waiting = 0
    if counts.shape[1] != 34 or pungs.shape[0] != n or kongs.shape[0] != n:
        raise ValueError("counts must be (N, 34) and the meld masks (N,)")
    shape_options(&s, True, False)
    with nogil:
        for i in range(n):
            memcpy(h.counts, &counts[i, 0], 34)
            h.wild = -1
            h.n_melds = 0
            meld_kinds = <uint64_t>pungs[i] | kongs[i]
            for k in range(27):
                if (meld_kinds >> k) & 1 and h.n_melds < 4:
                    h.meld_kind[h.n_melds] = k
                    h.meld_type[h.n_melds] = MJ_PUNG if (pungs[i] >> k) & 1 else MJ_KONG
                    h.n_melds += 1
            hand_set_counts(&packed, h.counts, -1)
            m = sh_wait_mask(&s, &h)
            waiting += m != 0
            if sh_hand_may_wait(&s, &packed, meld_kinds):
                through += 1
                if sh_hand_surely_no_wait(&packed):
                    misses += 1
            elif m:
                misses += 1
    return int(misses), int(through), int(waiting)


def shanten(counts, melds=(), feng_includes_dragons=True, fengyise_shape=False):
    """Gate-aware shanten of a 3n+1 / 3n+2 concealed hand: -1 a legal win, 0 ready for one; None if
    the melds rule out every allowed pattern. Raises ValueError for other sizes."""
    cdef ShShape s
    cdef MjHand h
    shape_options(&s, feng_includes_dragons, fengyise_shape)
    mj_load(&h, counts, melds, -1)
    v = sh_shanten(&s, &h)
    if v == SH_NO_SHAPE:
        raise ValueError(f"{mj_concealed_size(&h)} concealed tiles with {h.n_melds} meld(s): shanten needs "
                         f"{13 - 3 * h.n_melds} or {14 - 3 * h.n_melds}")
    return None if v == SH_NO_WIN else int(v)


def legal_many(const uint8_t[:, ::1] counts):
    """Meld-free 14-tile hands (N, 34) -> (N,) bool: a win meeting the minimum (default shape
    options), the GIL released. For Monte Carlo checks (fzsim.packs.shanghai.prob)."""
    cdef Py_ssize_t i, k, n = counts.shape[0]
    cdef MjHand h
    cdef ShShape s
    if counts.shape[1] != 34:
        raise ValueError(f"counts must be (N, 34), got (N, {counts.shape[1]})")
    for i in range(n):
        for k in range(34):
            if counts[i, k] > 4:
                raise ValueError(f"counts[{i}, {k}] = {counts[i, k]}: allowed 0..4")
    sh_shape_default(&s)
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    h.n_melds = 0
    h.wild = -1
    with nogil:
        for i in range(n):
            memcpy(h.counts, &counts[i, 0], 34)
            o[i] = sh_patterns(&s, &h) != 0
    return out.astype(bool)


def pungs_missing_many(const uint8_t[:, ::1] counts, const uint8_t[::1] n_sets):
    """(N,) int: the 碰碰胡 target's fewest missing tiles (n_sets pungs + a pair) of each row of
    34 concealed counts (0..4), for the reference test."""
    cdef Py_ssize_t i, k, n = counts.shape[0]
    cdef MjHand h
    if counts.shape[1] != 34 or n_sets.shape[0] != n:
        raise ValueError("counts must be (N, 34) and n_sets (N,)")
    for i in range(n):
        if n_sets[i] > 4:
            raise ValueError(f"n_sets[{i}] = {n_sets[i]}: allowed 0..4")
        for k in range(34):
            if counts[i, k] > 4:
                raise ValueError(f"counts[{i}, {k}] = {counts[i, k]}: allowed 0..4")
    out = np.empty(n, dtype=np.int32)
    cdef int[::1] o = out
    h.n_melds = 0
    h.wild = -1
    with nogil:
        for i in range(n):
            memcpy(h.counts, &counts[i, 0], 34)
            o[i] = _pungs_missing(&h, n_sets[i])
    return out
