# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""国标 shanten and useful tiles over every winning shape (see shanten.pxd for the contract).

The need D (fewest tiles to exchange) of each shape, for 34 concealed counts and the number of
declared sets:

* standard: n = 4 - melds sets + a pair, the core's per-suit shanten tables (suit_shanten.pxd)
  with an explicit n, so the same read serves any hand size (extra tiles are discarded);
* 七对: 7 - Σ count // 2 (a four of a kind is two pairs in 国标);
* 十三幺: 14 - (orphans held) - (1 if one of them is paired);
* 全不靠 / 七星不靠 for each of the 6 knittings: the distinct held tiles among the knitting's 9
  suited tiles and the 7 honours (七星不靠 needs all 7 honours and 7 of the 9);
* 组合龙: the missing knitted tiles + the standard need of the rest for 1 - melds sets + a
  pair. Splitting is exact: for W = K + R with K the 9 knitted singles,
  |W - h| = |K - h| + |R - (h - K∩h)| tile kind by tile kind.

The Python functions below validate their input and call the same kernels; ``_bench`` and
``needs_many`` loop without the GIL for the benchmark and for tests.
"""
from libc.stdint cimport int8_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

import time

import numpy as np

from fzsim_core.bits cimport fz_counts_mask, popcount64
from fzsim_core.hand cimport FZ_KPART, FZ_KPOW, FZ_POW5, Hand, hand_set_counts
from fzsim_core.packs.guobiao.shapes cimport GB_KNIT, GB_N_KNIT, GB_RESIDUE
from fzsim_core.suit_shanten cimport ShCtx, ShTables, ShVary, sh_ctx_set, sh_d, sh_tables, sh_vary, sh_vary_d

SHAPES = {"basic": GB_SHAPE_BASIC, "seven_pairs": GB_SHAPE_SEVEN_PAIRS,
          "thirteen_orphans": GB_SHAPE_THIRTEEN_ORPHANS, "honors_knitted": GB_SHAPE_HONORS_KNITTED,
          "seven_stars": GB_SHAPE_SEVEN_STARS, "knitted_straight": GB_SHAPE_KNITTED_STRAIGHT}
ALL = GB_SHAPES_ALL
NO_SHAPE = GB_NO_SHAPE

cdef extern from *:
    """
    static const unsigned char GB_ORPHAN_KINDS[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
    """
    const uint8_t GB_ORPHAN_KINDS[13]


cdef int gb_basic_need(const uint8_t* counts, int n_sets) noexcept nogil:
    cdef uint32_t key[4]
    gb_keys(counts, key)
    return gb_keys_need(key, n_sets)


cdef inline int _seven_pairs(const uint8_t* c) noexcept nogil:
    cdef int k, pairs = 0
    for k in range(34):
        pairs += c[k] >> 1
    return 7 - pairs if pairs < 7 else 0


cdef inline int _orphans(const uint8_t* c) noexcept nogil:
    cdef int i, held = 0, paired = 0
    for i in range(13):
        if c[GB_ORPHAN_KINDS[i]]:
            held += 1
            if c[GB_ORPHAN_KINDS[i]] >= 2:
                paired = 1
    return 14 - held - paired


cdef inline void _residues_held(const uint8_t* c, int* held) noexcept nogil:
    """held[s * 3 + r]: the distinct kinds held of suit s, ranks r, r + 3, r + 6 (knitting p
    holds held[GB_KNIT[p][0]] + held[3 + GB_KNIT[p][1]] + held[6 + GB_KNIT[p][2]] of its nine)."""
    cdef int k
    for k in range(9):
        held[k] = 0
    for k in range(27):
        held[GB_RESIDUE[k]] += c[k] > 0


cdef inline int _honors_held(const uint8_t* c) noexcept nogil:
    cdef int k, n = 0
    for k in range(27, 34):
        n += c[k] > 0
    return n


cdef int _knitted_need(const uint8_t* c, int shapes) noexcept nogil:
    """Best need of 全不靠 (and / or 七星不靠) over the six knittings."""
    cdef int p, kn, hon = _honors_held(c), d, best = GB_NO_SHAPE
    cdef int held[9]
    _residues_held(c, held)
    for p in range(GB_N_KNIT):
        kn = held[GB_KNIT[p][0]] + held[3 + GB_KNIT[p][1]] + held[6 + GB_KNIT[p][2]]
        if shapes & GB_SHAPE_HONORS_KNITTED:
            d = 14 - (kn + hon if kn + hon < 14 else 14)
            if d < best:
                best = d
        if shapes & GB_SHAPE_SEVEN_STARS:
            d = (7 - hon) + (7 - (kn if kn < 7 else 7))
            if d < best:
                best = d
    return best


cdef int gb_straight_need_keyed(const uint8_t* c, const uint32_t* key, int n_melds,
                                int best=GB_NO_SHAPE) noexcept nogil:
    """组合龙: for each knitting, the missing knitted tiles + the rest's standard need (the
    knitted tiles held taken out of the part keys; the honours' key is untouched). A knitting
    missing `best` tiles or more is not read further (best: the need to beat, if any); its
    missing tiles come from each suit's residue classes held, counted once."""
    cdef uint32_t rest[4]
    cdef uint32_t held_keys[9]   # the part-key weight of a residue class's kinds held, one copy each
    cdef int p, k, miss, d
    cdef int held[9]
    for k in range(9):
        held[k] = 0
        held_keys[k] = 0
    for k in range(27):
        if c[k]:
            held[GB_RESIDUE[k]] += 1
            held_keys[GB_RESIDUE[k]] += FZ_KPOW[k]
    rest[3] = key[3]
    for p in range(GB_N_KNIT):
        miss = 9 - held[GB_KNIT[p][0]] - held[3 + GB_KNIT[p][1]] - held[6 + GB_KNIT[p][2]]
        if miss >= best:
            continue
        rest[0] = key[0] - held_keys[GB_KNIT[p][0]]
        rest[1] = key[1] - held_keys[3 + GB_KNIT[p][1]]
        rest[2] = key[2] - held_keys[6 + GB_KNIT[p][2]]
        d = miss + gb_keys_need(rest, 1 - n_melds)
        if d < best:
            best = d
    return best


cdef inline void _knit_rest(const uint8_t* c, const uint32_t* key, int p, int k, uint32_t* rest) noexcept nogil:
    """rest[0..3): the suits' keys less one tile of each kind of knitting p held in c (less one
    copy of kind k, -1 none): what the 组合龙 leaves for the rest of the hand."""
    cdef int s, r, j
    for s in range(3):
        rest[s] = key[s]
        r = GB_KNIT[p][s]
        while r < 9:
            j = s * 9 + r
            if c[j] > (j == k):
                rest[s] -= FZ_POW5[r]
            r += 3


cdef inline int _straight_need(const uint8_t* c, int n_melds, int best) noexcept nogil:
    """组合龙 as gb_straight_need_keyed, a knitting cut by its missing tiles before any key is
    read: each suit's residue classes held are counted once, so each knitting's tiles held are
    three additions."""
    cdef uint32_t key[4]
    cdef uint32_t rest[4]
    cdef int k, p, miss, d
    cdef int held[9]
    cdef bint keyed = False
    _residues_held(c, held)
    for p in range(GB_N_KNIT):
        miss = 9 - held[GB_KNIT[p][0]] - held[3 + GB_KNIT[p][1]] - held[6 + GB_KNIT[p][2]]
        if miss >= best:
            continue
        if not keyed:
            gb_keys(c, key)
            rest[3] = key[3]
            keyed = True
        _knit_rest(c, key, p, -1, rest)
        d = miss + gb_keys_need(rest, 1 - n_melds)
        if d < best:
            best = d
    return best


cdef int _special_need(const uint8_t* c, int n_melds, int shapes, int best=GB_NO_SHAPE) noexcept nogil:
    """Best need of the special shapes in `shapes` (GB_NO_SHAPE if none is open); with `best`
    (a need already had) the result is min(best, that), a shape that cannot beat it not read:
    十三幺, 全不靠 and 七星不靠 keep one tile a kind (十三幺 a pair on top), so their need is at
    least 14 (13) less the kinds held; 组合龙's knittings are cut by their missing tiles
    (_straight_need)."""
    cdef int d, distinct
    if n_melds == 0:
        if shapes & GB_SHAPE_SEVEN_PAIRS:
            d = _seven_pairs(c)
            if d < best:
                best = d
        # (no need had yet: nothing to cut, so the kinds are not counted)
        distinct = popcount64(fz_counts_mask(c, -1)) if best < GB_NO_SHAPE else 0
        if shapes & GB_SHAPE_THIRTEEN_ORPHANS and 13 - distinct < best:
            d = _orphans(c)
            if d < best:
                best = d
        if shapes & (GB_SHAPE_HONORS_KNITTED | GB_SHAPE_SEVEN_STARS) and 14 - distinct < best:
            d = _knitted_need(c, shapes)
            if d < best:
                best = d
    if n_melds <= 1 and shapes & GB_SHAPE_KNITTED_STRAIGHT:
        d = _straight_need(c, n_melds, best)
        if d < best:
            best = d
    return best


cdef int gb_need(const uint8_t* counts, int n_melds, int shapes) noexcept nogil:
    cdef int best = GB_NO_SHAPE
    if shapes & GB_SHAPE_BASIC:
        best = gb_basic_need(counts, 4 - n_melds)
    return _special_need(counts, n_melds, shapes & ~GB_SHAPE_BASIC, best)


cdef int gb_shanten(const uint8_t* counts, int n_melds, int shapes) noexcept nogil:
    return gb_need(counts, n_melds, shapes) - 1


cdef uint64_t gb_useful_mask(const uint8_t* counts, int n_melds, int shapes) noexcept nogil:
    """A drawn tile lowers a shape's need by at most 1, so only the shapes at the best need
    can give a useful tile. The standard shape's 34 draws cost three table reads each
    (sh_vary: one part's key changes, the other three parts' classes are cached)."""
    cdef uint8_t c[34]
    cdef Hand h
    cdef ShCtx ctx
    cdef ShVary v
    cdef uint64_t mask = 0
    cdef int k, part, d0, db = GB_NO_SHAPE, ds, special = 0, bit
    memcpy(c, counts, 34)
    hand_set_counts(&h, c, -1)
    sh_ctx_set(&ctx, sh_tables(), h.key, 4 - n_melds)
    if shapes & GB_SHAPE_BASIC:
        db = sh_d(&ctx)
    d0 = db
    # which special shapes sit at the best need
    bit = GB_SHAPE_SEVEN_PAIRS
    while bit <= GB_SHAPE_KNITTED_STRAIGHT:
        if shapes & bit:
            ds = _special_need(c, n_melds, bit)
            if ds < d0:
                d0 = ds
                special = bit
            elif ds == d0 and ds < GB_NO_SHAPE:
                special |= bit
        bit <<= 1
    if d0 >= GB_NO_SHAPE:
        return 0
    if db == d0:
        for part in range(4):
            sh_vary(&v, &ctx, part)
            for k in range(part * 9, part * 9 + (7 if part == 3 else 9)):
                if c[k] < 4 and sh_vary_d(&v, h.key[part] + FZ_KPOW[k]) < d0:
                    mask |= (<uint64_t>1) << k
    if special:
        for k in range(34):
            if c[k] >= 4 or mask & ((<uint64_t>1) << k):
                continue
            c[k] += 1
            if _special_need(c, n_melds, special) < d0:
                mask |= (<uint64_t>1) << k
            c[k] -= 1
    return mask


cdef int gb_discard_needs(const uint8_t* counts, int n_melds, int shapes, int8_t* out) noexcept nogil:
    cdef uint8_t c[34]
    cdef int k, d, best = GB_NO_SHAPE
    memcpy(c, counts, 34)
    for k in range(34):
        out[k] = GB_NO_SHAPE
        if c[k] == 0:
            continue
        c[k] -= 1
        d = gb_need(c, n_melds, shapes)
        c[k] += 1
        out[k] = <int8_t>d
        if d < best:
            best = d
    return best


cdef void gb_discard_facts(const uint8_t* counts, int n_melds, GbDiscardFacts* f) noexcept nogil:
    cdef int k, x
    gb_keys(counts, f.key)
    f.n_melds = n_melds
    f.pairs = f.distinct = f.honors = f.orphans = f.orphan_pairs = 0
    _residues_held(counts, f.residues)
    for k in range(34):
        x = counts[k]
        f.pairs += x >> 1
        f.distinct += x > 0
    f.honors = _honors_held(counts)
    for k in range(13):
        x = counts[GB_ORPHAN_KINDS[k]]
        f.orphans += x > 0
        f.orphan_pairs += x >= 2


cdef int gb_need_after_discard(const GbDiscardFacts* f, const uint8_t* counts, int k) noexcept nogil:
    """gb_need over every shape of the counts less one k, from the facts of the counts: one tile
    fewer moves each of them by at most one (a pair when k was held an even number of times, a
    kind held when k was held once), so each shape's closed form is read again, the standard
    need and 组合龙's rest on the part keys less k."""
    cdef uint32_t key[4]
    cdef uint32_t rest[4]
    cdef int x = counts[k], nm = f.n_melds, best, d, p, j, kn, miss, pairs, distinct, hon
    cdef int orphan, orphans, paired, last = x == 1
    cdef int held[9]
    key[0] = f.key[0]
    key[1] = f.key[1]
    key[2] = f.key[2]
    key[3] = f.key[3]
    key[FZ_KPART[k]] -= FZ_KPOW[k]
    best = gb_keys_need(key, 4 - nm)
    if nm > 1:
        return best
    for j in range(9):
        held[j] = f.residues[j]
    if k < 27:
        held[GB_RESIDUE[k]] -= last
    if nm == 0:
        pairs = f.pairs - (1 if x % 2 == 0 else 0)
        distinct = f.distinct - last
        hon = f.honors - (last if k >= 27 else 0)
        d = 7 - pairs if pairs < 7 else 0          # 七对
        if d < best:
            best = d
        orphan = k >= 27 or k % 9 == 0 or k % 9 == 8
        if 13 - distinct < best:                   # 十三幺 (as _special_need: cut by the kinds held)
            orphans = f.orphans - (last if orphan else 0)
            paired = f.orphan_pairs - (1 if orphan and x == 2 else 0)
            d = 14 - orphans - (1 if paired > 0 else 0)
            if d < best:
                best = d
        if 14 - distinct < best:                   # 全不靠, 七星不靠
            for p in range(GB_N_KNIT):
                kn = held[GB_KNIT[p][0]] + held[3 + GB_KNIT[p][1]] + held[6 + GB_KNIT[p][2]]
                d = 14 - (kn + hon if kn + hon < 14 else 14)
                if d < best:
                    best = d
                d = (7 - hon) + (7 - (kn if kn < 7 else 7))
                if d < best:
                    best = d
    for p in range(GB_N_KNIT):                     # 组合龙, as _straight_need on the counts less k
        miss = 9 - held[GB_KNIT[p][0]] - held[3 + GB_KNIT[p][1]] - held[6 + GB_KNIT[p][2]]
        if miss >= best:
            continue
        rest[3] = key[3]
        _knit_rest(counts, key, p, k, rest)
        d = miss + gb_keys_need(rest, 1 - nm)
        if d < best:
            best = d
    return best


def discard_needs_by_facts(const uint8_t[::1] counts, int n_melds=0):
    """discard_needs (every shape) through gb_discard_facts / gb_need_after_discard, for tests."""
    cdef GbDiscardFacts f
    cdef int k
    _check(counts, n_melds, GB_SHAPES_ALL, (14,))
    out = np.empty(34, dtype=np.int8)
    cdef int8_t[::1] o = out
    gb_discard_facts(&counts[0], n_melds, &f)
    for k in range(34):
        o[k] = <int8_t>(gb_need_after_discard(&f, &counts[0], k) if counts[k] else GB_NO_SHAPE)
    return out


# ---------------------------------------------------------------------------------------------
# Python entry points (validated)

cdef int _check(const uint8_t[::1] counts, int n_melds, int shapes, sizes) except -1:
    """Raise ValueError naming what is wrong; return the concealed size."""
    cdef int k, size = 0
    if counts.shape[0] != 34:
        raise ValueError(f"counts must have 34 entries (kinds 0..33), not {counts.shape[0]}")
    for k in range(34):
        if counts[k] > 4:
            raise ValueError(f"kind {k} is held {counts[k]} times (at most 4)")
        size += counts[k]
    if not 0 <= n_melds <= 4:
        raise ValueError(f"n_melds {n_melds} must be 0..4")
    if not 0 < shapes <= GB_SHAPES_ALL:
        raise ValueError(f"shapes {shapes} must be a non-empty mask of the GB_SHAPE_* bits (1..63)")
    want = [s - 3 * n_melds for s in sizes]
    if size not in want:
        raise ValueError(f"{size} concealed tiles with {n_melds} declared set(s): expected "
                         + " or ".join(str(w) for w in want))
    return size


def need(const uint8_t[::1] counts, int n_melds=0, int shapes=GB_SHAPES_ALL):
    """Fewest tiles to exchange for a win (0 = complete) of a 13- or 14-tile hand
    (13 - 3 n_melds or 14 - 3 n_melds concealed); NO_SHAPE if no shape in `shapes` is open."""
    _check(counts, n_melds, shapes, (13, 14))
    return gb_need(&counts[0], n_melds, shapes)


def useful_mask(const uint8_t[::1] counts, int n_melds=0, int shapes=GB_SHAPES_ALL):
    """Bit mask of the kinds whose draw lowers the need of a 13 - 3 n_melds tile hand."""
    _check(counts, n_melds, shapes, (13,))
    return gb_useful_mask(&counts[0], n_melds, shapes)


def discard_needs(const uint8_t[::1] counts, int n_melds=0, int shapes=GB_SHAPES_ALL):
    """(34,) int8: the need after discarding each kind of a 14 - 3 n_melds tile hand
    (NO_SHAPE for kinds not held)."""
    _check(counts, n_melds, shapes, (14,))
    out = np.empty(34, dtype=np.int8)
    cdef int8_t[::1] o = out
    gb_discard_needs(&counts[0], n_melds, shapes, &o[0])
    return out


def needs_many(const uint8_t[:, ::1] counts, const uint8_t[::1] n_melds, int shapes=GB_SHAPES_ALL):
    """(N,) int8 needs of N hands in one loop without the GIL (each row checked first)."""
    cdef Py_ssize_t i, n = counts.shape[0]
    if n_melds.shape[0] != n:
        raise ValueError(f"n_melds has {n_melds.shape[0]} rows, counts {n}")
    for i in range(n):
        _check(counts[i], n_melds[i], shapes, (13, 14))
    out = np.empty(n, dtype=np.int8)
    cdef int8_t[::1] o = out
    with nogil:
        for i in range(n):
            o[i] = <int8_t>gb_need(&counts[i, 0], n_melds[i], shapes)
    return out


def _bench(str what, const uint8_t[:, ::1] counts, const uint8_t[::1] n_melds, int shapes, int reps):
    """(ns per call, checksum) of "need" or "useful" over prebuilt rows (unchecked: the benchmark
    builds valid hands), repeated `reps` times."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int r, op = {"need": 0, "useful": 1}[what]
    cdef uint64_t acc = 0
    t0 = time.perf_counter()
    with nogil:
        for r in range(reps):
            for i in range(n):
                if op == 0:
                    acc += <uint64_t>gb_need(&counts[i, 0], n_melds[i], shapes)
                else:
                    acc ^= gb_useful_mask(&counts[i, 0], n_melds[i], shapes) + <uint64_t>i
    dt = time.perf_counter() - t0
    return dt * 1e9 / max(1, n * reps), int(acc)
