# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""国标 fan reachability (see reach.pxd): the need of each fan target from a hand.

Standard-shape targets: tiles outside ``allowed`` must all go, so the need is taken over the
allowed tiles only; each declared set either is one of the required sets or fills a free one
(every assignment is tried); the required sets still missing cost Σ max(0, Q_k - c_k) and the
rest of the hand must give the free sets and the pair — the core's table need for chows and
pungs, or for 碰碰和 targets the cheapest distinct pungs and pair. Both splits are exact, tile
kind by tile kind, as in shanten.pyx's 组合龙. ``allowed`` is always a union of whole suits and
the honours, so a set the tables complete from held tiles never needs a kind outside it.

The target table (TARGETS) is built here at import from FAMILIES; fzsim.guobiao gives the
validated, named view.
"""
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memset

import numpy as np

from fzsim_core.hand cimport FZ_KPART, FZ_KPOW

from fzsim_core.packs.guobiao.shapes cimport GB_CHOW, GB_KONG, GB_PUNG, GbSet
from fzsim_core.packs.guobiao.shanten cimport (GB_NO_SHAPE, GB_SHAPE_BASIC, GB_SHAPE_KNITTED_STRAIGHT,
                                               GB_SHAPE_SEVEN_PAIRS, gb_keys, gb_keys_need, gb_need,
                                               gb_straight_need_keyed)

cdef uint64_t ALL_KINDS_MASK = ((<uint64_t>1) << 34) - 1
cdef GbTarget TARGETS[GB_MAX_TARGETS]
cdef uint8_t TARGET_VALUE[GB_MAX_TARGETS]
cdef int N_TARGETS = 0


cdef const GbTarget* gb_target_table(int* n_out, const uint8_t** value_out) noexcept nogil:
    n_out[0] = N_TARGETS
    value_out[0] = TARGET_VALUE
    return TARGETS


cdef inline bint _in(uint64_t allowed, int k) noexcept nogil:
    return (allowed >> k) & 1


cdef int _pung_need(const uint8_t* c, int free, uint64_t allowed) noexcept nogil:
    """Fewest missing tiles for `free` pungs of distinct allowed kinds + a pair of another
    (reads c at the allowed kinds only)."""
    cdef int pk, k, cls, cost, take, left, total, best = GB_NO_SHAPE
    cdef int all_cnt[4]
    cdef int cnt[4]
    cdef int rest_of[4]
    # the allowed kinds by the cost of their pung (3 - copies held); the pair's kind takes its
    # own out of its class, so the cheapest `free` pungs depend on that class only: four sums
    all_cnt[0] = all_cnt[1] = all_cnt[2] = all_cnt[3] = 0
    for k in range(34):
        if _in(allowed, k):
            all_cnt[3 - (c[k] if c[k] < 3 else 3)] += 1
    for cls in range(4):
        rest_of[cls] = GB_NO_SHAPE
        if all_cnt[cls] == 0:
            continue
        cnt[0] = all_cnt[0]
        cnt[1] = all_cnt[1]
        cnt[2] = all_cnt[2]
        cnt[3] = all_cnt[3]
        cnt[cls] -= 1
        total = 0
        left = free
        for cost in range(4):
            take = left if left < cnt[cost] else cnt[cost]
            total += take * cost
            left -= take
        if left == 0:
            rest_of[cls] = total
    for pk in range(34):
        if not _in(allowed, pk):
            continue
        total = rest_of[3 - (c[pk] if c[pk] < 3 else 3)]
        if total >= GB_NO_SHAPE:
            continue
        total += 2 - (c[pk] if c[pk] < 2 else 2)
        if total < best:
            best = total
    return best


cdef bint _matches(const GbSet* meld, const GbSet* req) noexcept nogil:
    if req.type == GB_CHOW:
        return meld.type == GB_CHOW and meld.tile == req.tile
    return (meld.type == GB_PUNG or meld.type == GB_KONG) and meld.tile == req.tile


cdef int _rest_need(const uint8_t* c, const uint32_t* key, const GbTarget* t, unsigned int used,
                    int free) noexcept nogil:
    """Need of the required sets not in `used` (bit j: matched by a declared set) and of
    `free` more sets + the pair, from the allowed counts c (their part keys `key`): the held
    tiles a required set takes leave the keys, the rest is one table read."""
    cdef uint32_t rest[4]
    cdef int i, k, q, miss = 0
    cdef const GbReqTiles* need = &t.left[((1u << t.n_req) - 1) & ~used]
    if t.pungs_only:
        return _pung_need(c, free, t.allowed) if used == (1u << t.n_req) - 1 else _rest_need_slow(c, t, used, free)
    rest[0] = key[0]
    rest[1] = key[1]
    rest[2] = key[2]
    rest[3] = key[3]
    for i in range(need.n):   # the missing sets take min(held, copies) of each kind, lack the rest
        k = need.kind[i]
        q = need.copies[i]
        if c[k] < q:
            miss += q - c[k]
            q = c[k]
        rest[FZ_KPART[k]] -= q * FZ_KPOW[k]
    return miss + gb_keys_need(rest, free)


cdef int _rest_need_slow(const uint8_t* c, const GbTarget* t, unsigned int used, int free) noexcept nogil:
    """_rest_need on a copy of the counts (a 碰碰和 target with required sets: none in the table)."""
    cdef uint8_t rest[34]
    cdef int j, i, k, miss = 0
    for k in range(34):
        rest[k] = c[k]
    for j in range(t.n_req):
        if used & (1u << j):
            continue
        for i in range(3 if t.req[j].type == GB_CHOW else 1):
            k = t.req[j].tile + i
            for _ in range(1 if t.req[j].type == GB_CHOW else 3):
                if rest[k]:
                    rest[k] -= 1
                else:
                    miss += 1
    return miss + _pung_need(rest, free, t.allowed)


cdef int _assign(const uint8_t* c, const uint32_t* key, const GbSet* melds, int n_melds, const GbTarget* t,
                 int i, unsigned int used, int free) noexcept nogil:
    """Try every way the declared sets i.. fill required sets (each once) or free ones."""
    cdef int j, d, best = GB_NO_SHAPE
    if i == n_melds:
        return _rest_need(c, key, t, used, free) if free >= 0 else GB_NO_SHAPE
    for j in range(t.n_req):
        if not used & (1u << j) and _matches(&melds[i], &t.req[j]):
            d = _assign(c, key, melds, n_melds, t, i + 1, used | (1u << j), free)
            if d < best:
                best = d
    if not (t.pungs_only and melds[i].type == GB_CHOW):
        d = _assign(c, key, melds, n_melds, t, i + 1, used, free - 1)
        if d < best:
            best = d
    return best


cdef int gb_target_need(const uint8_t* counts, const GbSet* melds, int n_melds,
                        const GbTarget* t) noexcept nogil:
    cdef uint32_t key[4]
    gb_keys(counts, key)
    return gb_target_need_keyed(counts, key, melds, n_melds, t)


cdef int gb_target_need_keyed(const uint8_t* counts, const uint32_t* key, const GbSet* melds,
                              int n_melds, const GbTarget* t) noexcept nogil:
    cdef uint8_t masked[34]
    cdef uint32_t mkey[4]
    cdef const uint8_t* c = counts
    cdef int i, k, pairs = 0, singles = 0
    for i in range(n_melds):
        for k in range(3 if melds[i].type == GB_CHOW else 1):
            if not _in(t.allowed, melds[i].tile + k):
                return GB_NO_SHAPE
    if t.shape == GB_SHAPE_BASIC:
        # the standard shape reads the counts at the allowed kinds only (a required set's kinds
        # are allowed, _pung_need reads the allowed kinds), so no masked copy
        # allowed is a union of whole parts: a part left out has key 0
        for i in range(4):
            mkey[i] = key[i] if _in(t.allowed, 9 * i) else 0
        return _assign(c, mkey, melds, n_melds, t, 0, 0, 4 - t.n_req)
    if t.shape == GB_SHAPE_SEVEN_PAIRS:
        if n_melds:
            return GB_NO_SHAPE
        if t.allowed != ALL_KINDS_MASK:   # the allowed counts only
            for k in range(34):
                masked[k] = counts[k] if _in(t.allowed, k) else 0
            c = masked
        for k in range(34):
            pairs += c[k] >> 1
            singles += c[k] & 1
        if pairs >= 7:
            return 0
        # each single becomes a pair for one tile; beyond them a pair costs two (every allowed
        # union has at least 7 kinds)
        return 7 - pairs if singles >= 7 - pairs else singles + 2 * (7 - pairs - singles)
    if t.shape == GB_SHAPE_KNITTED_STRAIGHT:   # the one special shape reading the standard need
        return gb_straight_need_keyed(counts, key, n_melds) if n_melds <= 1 else GB_NO_SHAPE
    return gb_need(counts, n_melds, t.shape)  # the other special shapes use every kind they name


cdef void gb_target_needs(const uint8_t* counts, const GbSet* melds, int n_melds,
                          const GbTarget* targets, int n, uint8_t* out) noexcept nogil:
    cdef int i
    for i in range(n):
        out[i] = <uint8_t>gb_target_need(counts, melds, n_melds, &targets[i])


# ---------------------------------------------------------------------------------------------
# The target table

SUITS = (0, 1, 2)
HONORS = sum(1 << k for k in range(27, 34))
ALL_KINDS = (1 << 34) - 1
PERMS = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))


def _suit(s):
    return ((1 << 9) - 1) << (9 * s)


def _targets():
    """(family name, fan value, [(allowed, shape, pungs_only, [(type, tile), ...], label)])."""
    C, P = GB_CHOW, GB_PUNG
    B, SP = GB_SHAPE_BASIC, GB_SHAPE_SEVEN_PAIRS
    m = "mps"
    fam = [
        ("十三幺", 88, [(ALL_KINDS, 4, 0, [], "")]),
        ("大三元", 88, [(ALL_KINDS, B, 0, [(P, 31), (P, 32), (P, 33)], "")]),
        ("字一色", 64, [(HONORS, B, 0, [], ""), (HONORS, SP, 0, [], "七对")]),
        ("清一色", 24, [(_suit(s), sh, 0, [], m[s] + lab) for s in SUITS for sh, lab in ((B, ""), (SP, " 七对"))]),
        ("七对", 24, [(ALL_KINDS, SP, 0, [], "")]),
        ("七星不靠", 24, [(ALL_KINDS, 16, 0, [], "")]),
        ("一色三同顺", 24, [(ALL_KINDS, B, 0, [(C, 9 * s + r)] * 3, f"{r + 1}{r + 2}{r + 3}{m[s]}")
                        for s in SUITS for r in range(7)]),
        ("一色三节高", 24, [(ALL_KINDS, B, 0, [(P, 9 * s + r + i) for i in range(3)], f"{r + 1}{r + 2}{r + 3}{m[s]}")
                        for s in SUITS for r in range(7)]),
        ("清龙", 16, [(ALL_KINDS, B, 0, [(C, 9 * s), (C, 9 * s + 3), (C, 9 * s + 6)], m[s]) for s in SUITS]),
        ("一色三步高", 16, [(ALL_KINDS, B, 0, [(C, 9 * s + r + i * d) for i in range(3)],
                         f"{r + 1}{m[s]}+{d}") for s in SUITS for d in (1, 2) for r in range(7 - 2 * d)]),
        ("三同刻", 16, [(ALL_KINDS, B, 0, [(P, r), (P, 9 + r), (P, 18 + r)], f"{r + 1}") for r in range(9)]),
        ("全不靠", 12, [(ALL_KINDS, 8, 0, [], "")]),
        ("组合龙", 12, [(ALL_KINDS, 32, 0, [], "")]),
        ("三风刻", 12, [(ALL_KINDS, B, 0, [(P, 27 + w) for w in range(4) if w != skip], "")
                     for skip in range(4)]),
        ("混一色+碰碰和", 12, [(_suit(s) | HONORS, B, 1, [], m[s]) for s in SUITS]),
        ("花龙", 8, [(ALL_KINDS, B, 0, [(C, 9 * p[0]), (C, 9 * p[1] + 3), (C, 9 * p[2] + 6)],
                     "".join(m[i] for i in p)) for p in PERMS]),
        ("三色三同顺", 8, [(ALL_KINDS, B, 0, [(C, r), (C, 9 + r), (C, 18 + r)], f"{r + 1}{r + 2}{r + 3}")
                       for r in range(7)]),
        ("三色三节高", 8, [(ALL_KINDS, B, 0, [(P, 9 * p[i] + r + i) for i in range(3)],
                        f"{r + 1}" + "".join(m[i] for i in p)) for p in PERMS for r in range(7)]),
        ("碰碰和", 6, [(ALL_KINDS, B, 1, [], "")]),
        ("混一色", 6, [(_suit(s) | HONORS, sh, 0, [], m[s] + lab) for s in SUITS
                     for sh, lab in ((B, ""), (SP, " 七对"))]),
        ("三色三步高", 6, [(ALL_KINDS, B, 0, [(C, 9 * p[i] + r + i) for i in range(3)],
                        f"{r + 1}" + "".join(m[i] for i in p)) for p in PERMS for r in range(5)]),
    ]
    return fam


FAMILIES = []      # (name, fan value) per family, by index
TARGET_FAMILY = []  # family index per target
TARGET_LABEL = []   # a short description of each target (suit, ranks, ...)
TARGET_ROWS = []    # (allowed, shape, pungs_only, [(type, tile), ...]) per target, for tests


def _build():
    global N_TARGETS
    cdef GbTarget* t
    for f, (name, value, rows) in enumerate(_targets()):
        FAMILIES.append((name, value))
        for allowed, shape, pungs_only, req, label in rows:
            assert N_TARGETS < GB_MAX_TARGETS and len(req) <= 3
            # gb_target_need_keyed zeroes the keys of the parts left out: whole parts only
            assert all((allowed >> (9 * p)) & 511 in (0, 511) for p in range(3)) and (allowed >> 27) in (0, 127)
            t = &TARGETS[N_TARGETS]
            t.allowed = allowed
            t.shape = shape
            t.pungs_only = pungs_only
            t.n_req = len(req)
            t.family = f
            TARGET_VALUE[N_TARGETS] = value
            for j, (typ, tile) in enumerate(req):
                t.req[j].type = typ
                t.req[j].tile = tile
                t.req[j].exposed = 0
                # the standard need reads a required set's kinds unmasked (gb_target_need_keyed)
                assert all((allowed >> (tile + i)) & 1 for i in range(3 if typ == GB_CHOW else 1))
            for mask in range(8):
                need = {}
                for j, (typ, tile) in enumerate(req):
                    if mask >> j & 1:
                        for k in ([tile, tile + 1, tile + 2] if typ == GB_CHOW else [tile] * 3):
                            need[k] = need.get(k, 0) + 1
                t.left[mask].n = len(need)
                for j, (k, q) in enumerate(sorted(need.items())):
                    t.left[mask].kind[j] = k
                    t.left[mask].copies[j] = q
            TARGET_FAMILY.append(f)
            TARGET_LABEL.append(label)
            TARGET_ROWS.append((allowed, shape, pungs_only, list(req)))
            N_TARGETS += 1


_build()
N = N_TARGETS


cdef int _load_melds(const int8_t[:, ::1] melds, GbSet* out) except -1:
    cdef int i, n = 0
    if melds.shape[0] > 4 or (melds.shape[0] and melds.shape[1] != 3):
        raise ValueError("melds must be an (m, 3) int8 array of (type, tile, exposed), m <= 4")
    for i in range(melds.shape[0]):
        if melds[i, 0] < 0:
            continue
        typ, tile = melds[i, 0], melds[i, 1]
        if typ not in (GB_CHOW, GB_PUNG, GB_KONG) or not 0 <= tile < 34 \
                or (typ == GB_CHOW and (tile >= 27 or tile % 9 > 6)):
            raise ValueError(f"meld {i} ({typ}, {tile}) is not a chow (type 0, lowest kind), pung (1) or kong (2)")
        out[n].type = <uint8_t>typ
        out[n].tile = <uint8_t>tile
        out[n].exposed = <uint8_t>(melds[i, 2] != 0)
        n += 1
    return n


def target_needs(const uint8_t[::1] counts, const int8_t[:, ::1] melds):
    """(N,) uint8: the need of every target (index as TARGET_FAMILY / TARGET_LABEL) for 34
    concealed counts (13 - 3 m or 14 - 3 m tiles) and the declared sets `melds`."""
    cdef GbSet ms[4]
    cdef int k, size = 0, n
    if counts.shape[0] != 34:
        raise ValueError(f"counts must have 34 entries, not {counts.shape[0]}")
    n = _load_melds(melds, ms)
    for k in range(34):
        if counts[k] > 4:
            raise ValueError(f"kind {k} is held {counts[k]} times (at most 4)")
        size += counts[k]
    if size not in (13 - 3 * n, 14 - 3 * n):
        raise ValueError(f"{size} concealed tiles with {n} declared set(s): expected {13 - 3 * n} or {14 - 3 * n}")
    out = np.empty(N_TARGETS, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    gb_target_needs(&counts[0], ms, n, TARGETS, N_TARGETS, &o[0])
    return out
