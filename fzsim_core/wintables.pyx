# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Table-driven wildcard (金) win search, waits and shanten (contract 1; docs/spec/RULES.md §4–§6).

Tables (built once, at import, in C):

* ``SUIT_F[key]`` for every base-5 suit key (5^9 keys): ``f0 | f1 << 4`` where f0 = fewest
  golds turning the suit's real tiles into melds only and f1 = into melds plus one pair.
  Target counts are unbounded, so a gold may stand for a fifth copy of a kind. ``HON_F`` is
  the same over the 5^7 honour keys with pungs and pairs only (honours never chow).
* ``SUIT_CLS[key]`` / ``HON_CLS[key]``: a class id whose signature ``*_SIG[cls][2m+p]`` is
  d[m][p] = fewest tiles missing from the real tiles for a target of exactly m melds (0..5)
  plus p pairs (0/1), again with unbounded counts. Only ~150 distinct signatures exist.

A concealed part of size 3n+2 with k golds wins iff min over the part holding the pair of
f1 + Σ f0 (the golds it needs) is <= k: leftover golds then number a multiple of 3 and form
gold pungs. Shanten is D - k - 1 with D the min-plus combination of the d's over the four
parts for n melds + 1 pair: each missing target tile is covered by a gold or drawn.
"""
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

import time

import numpy as np

from fzsim_core.bits cimport fz_counts_mask
from fzsim_core.hand cimport FZ_POW5, Hand, hand_add, hand_init, hand_remove, hand_set_counts



cdef enum:
    SUIT_KEYS = 1953125      # 5^9
    HON_KEYS = 78125         # 5^7
    MAX_TILES = 17           # keys with more real tiles never occur in a hand
    MAX_MELDS = 5            # a concealed part holds at most 5 melds + a pair
    N_CLASS_MAX = 256
    SIG_LEN = 12             # d[m][p] at index 2m+p, m = 0..5, p = 0..1
    HASH_SLOTS = 4096

cdef uint8_t SUIT_F[SUIT_KEYS]
cdef uint8_t HON_F[HON_KEYS]
cdef uint8_t SUIT_CLS[SUIT_KEYS]
cdef uint8_t HON_CLS[HON_KEYS]
# Waits: adding one tile changes f0 and f1 by exactly -1 or +2 (checked for every key at
# build). Bit r of STEP (r < 9) is set iff adding rank r lowers f0, bit 16 + r iff it lowers f1.
cdef uint32_t SUIT_STEP[SUIT_KEYS]
cdef uint32_t HON_STEP[HON_KEYS]
cdef int64_t step_violations = 0
cdef uint8_t SUIT_SIG[N_CLASS_MAX][SIG_LEN]
cdef uint8_t HON_SIG[N_CLASS_MAX][SIG_LEN]
cdef int n_suit_classes = 0
cdef int n_hon_classes = 0
# Shanten in three lookups: two suits' classes -> an "ab" class, the third suit and the
# honours -> a "ch" class, and FINAL[n][ab][ch] = D for n melds + a pair (nyanten-style).
cdef uint16_t* PAIR_AB = NULL     # [suit class][suit class] -> ab class
cdef uint16_t* PAIR_CH = NULL     # [suit class][honour class] -> ch class
cdef uint8_t* FINAL = NULL        # [n * n_ab + ab][ch] -> D
cdef int n_ab_classes = 0
cdef int n_ch_classes = 0

# hand_wait_mask past its test, called through a pointer set at import so that the compiler keeps
# it out of line: the usual answer (not ready) then returns before any register is saved.
ctypedef uint64_t (*HandMaskFn)(const Hand* h) noexcept nogil
cdef HandMaskFn ready_wait_mask[1]


# ---------------------------------------------------------------------------------------------
# Table construction

cdef inline int _digit(uint32_t key, int r) noexcept nogil:
    return (key // FZ_POW5[r]) % 5


cdef void _build_f(uint8_t* F, int nranks, bint chows) noexcept nogil:
    """f0/f1 for every key by a DP on the lowest held rank i: the group holding one copy of i
    is a pung, a pair (f1 only) or a chow covering i, filled with as many real tiles as it can
    take and golds for the rest (a gold in that group could always swap with a real copy used
    elsewhere). Every smaller key is done first because removing tiles lowers the key."""
    cdef uint32_t nkeys = FZ_POW5[nranks - 1] * 5
    cdef uint32_t key, rest
    cdef int i, t, g, start, r, best0, best1, f0r, f1r
    cdef int c[9]
    F[0] = 0 | (2 << 4)
    for key in range(1, nkeys):
        for r in range(nranks):
            c[r] = _digit(key, r)
        i = 0
        while c[i] == 0:
            i += 1
        best0 = 255
        best1 = 255
        # pung of rank i
        t = c[i] if c[i] < 3 else 3
        rest = key - t * FZ_POW5[i]
        g = 3 - t
        f0r = F[rest] & 15
        f1r = F[rest] >> 4
        if g + f0r < best0:
            best0 = g + f0r
        if g + f1r < best1:
            best1 = g + f1r
        # the pair on rank i (then the rest is melds only)
        t = c[i] if c[i] < 2 else 2
        rest = key - t * FZ_POW5[i]
        g = 2 - t
        f0r = F[rest] & 15
        if g + f0r < best1:
            best1 = g + f0r
        if chows:
            for start in range(i - 2, i + 1):
                if start < 0 or start + 2 >= nranks:
                    continue
                rest = key
                g = 0
                for r in range(start, start + 3):
                    if r >= i and c[r] > 0:
                        rest -= FZ_POW5[r]
                    else:
                        g += 1
                f0r = F[rest] & 15
                f1r = F[rest] >> 4
                if g + f0r < best0:
                    best0 = g + f0r
                if g + f1r < best1:
                    best1 = g + f1r
        F[key] = <uint8_t>(best0 | (best1 << 4))


cdef int _build_classes(const uint8_t* F, int nranks, uint8_t* CLS,
                        uint8_t (*SIG)[SIG_LEN]) noexcept nogil:
    """d[m][p] for every key with <= 17 tiles and their distinct signatures.

    d[m][p](c) = 3m+2p - max{|c'| : c' ⊆ c and c' completes to m melds + p pairs}, and c'
    completes iff its fewest-meld completion (|c'| + f_p(c') - 2p)/3 has <= m melds (more
    melds come from gold pungs). The max over sub-multisets is a max over the keys one tile
    smaller, so one ascending pass fills it. Returns the class count, -1 on overflow."""
    cdef uint32_t nkeys = FZ_POW5[nranks - 1] * 5
    cdef uint32_t key, prev
    cdef int r, m, p, n, fp, mm, j, best, ncls = 0
    cdef uint64_t sig, slot
    cdef uint8_t* M = <uint8_t*>malloc(<size_t>nkeys * SIG_LEN)
    cdef uint8_t* ntiles = <uint8_t*>malloc(nkeys)
    cdef uint64_t hkeys[HASH_SLOTS]
    cdef int hvals[HASH_SLOTS]
    if M == NULL or ntiles == NULL:
        free(M)
        free(ntiles)
        return -1
    for j in range(HASH_SLOTS):
        hvals[j] = -1
    ntiles[0] = 0
    for key in range(nkeys):
        if key > 0:
            r = 0
            while (key // FZ_POW5[r]) % 5 == 0:
                r += 1
            ntiles[key] = ntiles[key - FZ_POW5[r]] + 1
        n = ntiles[key]
        if n > MAX_TILES:
            CLS[key] = 0
            continue
        sig = 0
        for p in range(2):
            fp = (F[key] >> 4) if p else (F[key] & 15)
            mm = (n + fp - 2 * p) // 3
            for m in range(MAX_MELDS + 1):
                if mm <= m:
                    best = n
                else:
                    best = 0
                    for r in range(nranks):
                        if (key // FZ_POW5[r]) % 5:
                            prev = key - FZ_POW5[r]
                            if M[<size_t>prev * SIG_LEN + 2 * m + p] > best:
                                best = M[<size_t>prev * SIG_LEN + 2 * m + p]
                M[<size_t>key * SIG_LEN + 2 * m + p] = <uint8_t>best
                sig |= (<uint64_t>(3 * m + 2 * p - best)) << (5 * (2 * m + p))
        # find or add the signature
        slot = (sig * 0x9E3779B97F4A7C15ULL) >> 52
        while hvals[slot] >= 0 and hkeys[slot] != sig:
            slot = (slot + 1) & (HASH_SLOTS - 1)
        if hvals[slot] < 0:
            if ncls >= N_CLASS_MAX:
                free(M)
                free(ntiles)
                return -1
            hkeys[slot] = sig
            hvals[slot] = ncls
            for j in range(SIG_LEN):
                SIG[ncls][j] = <uint8_t>((sig >> (5 * j)) & 31)
            ncls += 1
        CLS[key] = <uint8_t>hvals[slot]
    free(M)
    free(ntiles)
    return ncls


cdef double build_seconds = 0.0


cdef int64_t _build_steps(const uint8_t* F, int nranks, uint32_t* STEP) noexcept nogil:
    """STEP masks for every key; returns how many (key, rank) steps were not -1/+2."""
    cdef uint32_t nkeys = FZ_POW5[nranks - 1] * 5
    cdef uint32_t key, m
    cdef int r, f0, f1, n0, n1
    cdef int64_t bad = 0
    for key in range(nkeys):
        m = 0
        f0 = F[key] & 15
        f1 = F[key] >> 4
        for r in range(nranks):
            if (key // FZ_POW5[r]) % 5 == 4:
                continue  # no fifth real copy can be added
            n0 = F[key + FZ_POW5[r]] & 15
            n1 = F[key + FZ_POW5[r]] >> 4
            if n0 == f0 - 1:
                m |= 1u << r
            elif n0 != f0 + 2:
                bad += 1
            if n1 == f1 - 1:
                m |= 1u << (16 + r)
            elif n1 != f1 + 2:
                bad += 1
        STEP[key] = m
    return bad


def _build_tables():
    global n_suit_classes, n_hon_classes, build_seconds, step_violations
    cdef double t0 = time.perf_counter()
    with nogil:
        _build_f(SUIT_F, 9, True)
        _build_f(HON_F, 7, False)
        n_suit_classes = _build_classes(SUIT_F, 9, SUIT_CLS, SUIT_SIG)
        n_hon_classes = _build_classes(HON_F, 7, HON_CLS, HON_SIG)
    if n_suit_classes < 0 or n_hon_classes < 0:
        raise MemoryError("wintables: out of memory or too many shanten classes")
    _build_pipeline()
    with nogil:
        step_violations = _build_steps(SUIT_F, 9, SUIT_STEP) + _build_steps(HON_F, 7, HON_STEP)
    build_seconds = time.perf_counter() - t0


cdef _combine_classes(uint8_t (*A)[SIG_LEN], int na, uint8_t (*B)[SIG_LEN], int nb,
                      uint16_t* out):
    """out[i * nb + j] = class of the min-plus combination of signatures A[i] and B[j];
    returns the list of distinct combined signatures (each a 12-byte bytes)."""
    cdef uint8_t comb[SIG_LEN]
    cdef int i, j
    seen = {}
    sigs = []
    for i in range(na):
        for j in range(nb):
            sig_minplus(A[i], B[j], comb, MAX_MELDS)
            key = bytes(comb[:SIG_LEN])
            cls = seen.get(key)
            if cls is None:
                cls = seen[key] = len(sigs)
                sigs.append(key)
            out[i * nb + j] = <uint16_t>cls
    return sigs


cdef _build_pipeline():
    global PAIR_AB, PAIR_CH, FINAL, n_ab_classes, n_ch_classes
    cdef int n, i, j, m, v, best
    cdef const uint8_t* a
    cdef const uint8_t* c
    PAIR_AB = <uint16_t*>malloc(n_suit_classes * n_suit_classes * sizeof(uint16_t))
    PAIR_CH = <uint16_t*>malloc(n_suit_classes * n_hon_classes * sizeof(uint16_t))
    if PAIR_AB == NULL or PAIR_CH == NULL:
        raise MemoryError()
    ab_sigs = _combine_classes(SUIT_SIG, n_suit_classes, SUIT_SIG, n_suit_classes, PAIR_AB)
    ch_sigs = _combine_classes(SUIT_SIG, n_suit_classes, HON_SIG, n_hon_classes, PAIR_CH)
    n_ab_classes = len(ab_sigs)
    n_ch_classes = len(ch_sigs)
    ab_arr = np.frombuffer(b"".join(ab_sigs), dtype=np.uint8).reshape(n_ab_classes, SIG_LEN).copy()
    ch_arr = np.frombuffer(b"".join(ch_sigs), dtype=np.uint8).reshape(n_ch_classes, SIG_LEN).copy()
    cdef const uint8_t[:, ::1] abv = ab_arr
    cdef const uint8_t[:, ::1] chv = ch_arr
    FINAL = <uint8_t*>malloc((MAX_MELDS + 1) * n_ab_classes * n_ch_classes)
    if FINAL == NULL:
        raise MemoryError()
    with nogil:
        for n in range(MAX_MELDS + 1):
            for i in range(n_ab_classes):
                a = &abv[i, 0]
                for j in range(n_ch_classes):
                    c = &chv[j, 0]
                    best = 255
                    for m in range(n + 1):
                        v = a[2 * m + 1] + c[2 * (n - m)]
                        if v < best:
                            best = v
                        v = a[2 * m] + c[2 * (n - m) + 1]
                        if v < best:
                            best = v
                    FINAL[(n * n_ab_classes + i) * n_ch_classes + j] = <uint8_t>best


_build_tables()

ready_wait_mask[0] = _ready_wait_mask


def table_info():
    """Build time (seconds) and sizes of the tables, for the benchmark and README."""
    return {
        "build_seconds": build_seconds,
        "suit_classes": n_suit_classes,
        "honour_classes": n_hon_classes,
        "two_suit_classes": n_ab_classes,
        "suit_honour_classes": n_ch_classes,
        "step_violations": step_violations,
        "bytes": sizeof(SUIT_F) + sizeof(HON_F) + sizeof(SUIT_CLS) + sizeof(HON_CLS)
        + sizeof(SUIT_STEP) + sizeof(HON_STEP)
        + sizeof(SUIT_SIG) + sizeof(HON_SIG)
        + 2 * n_suit_classes * (n_suit_classes + n_hon_classes)
        + (MAX_MELDS + 1) * n_ab_classes * n_ch_classes,
    }


# ---------------------------------------------------------------------------------------------
# The core functions (contract 1)

cdef inline int _need(uint32_t k0, uint32_t k1, uint32_t k2, uint32_t k3) noexcept nogil:
    """Golds needed for melds + one pair: Σf0 plus the cheapest extra for one part's pair
    (f1 - f0 is always -1 or +2, but take the plain min to rely on nothing)."""
    cdef int a = SUIT_F[k0], b = SUIT_F[k1], c = SUIT_F[k2], h = HON_F[k3]
    cdef int a0 = a & 15, b0 = b & 15, c0 = c & 15, h0 = h & 15
    cdef int s = a0 + b0 + c0 + h0
    cdef int d = (a >> 4) - a0
    cdef int e = (b >> 4) - b0
    if e < d:
        d = e
    e = (c >> 4) - c0
    if e < d:
        d = e
    e = (h >> 4) - h0
    if e < d:
        d = e
    return s + d


cdef inline int _melds_only(const Hand* h) noexcept nogil:
    """Golds needed to turn the real tiles into melds only."""
    return (SUIT_F[h.key[0]] & 15) + (SUIT_F[h.key[1]] & 15) + (SUIT_F[h.key[2]] & 15) \
        + (HON_F[h.key[3]] & 15)


cdef int hand_need(const Hand* h) noexcept nogil:
    return _need(h.key[0], h.key[1], h.key[2], h.key[3])


cdef const uint8_t* need_table(bint honours) noexcept nogil:
    return &HON_F[0] if honours else &SUIT_F[0]


cdef bint hand_is_win(const Hand* h) noexcept nogil:
    return h.size % 3 == 2 and _need(h.key[0], h.key[1], h.key[2], h.key[3]) <= h.golds


cdef bint hand_is_ready(const Hand* h) noexcept nogil:
    return h.size % 3 == 1 and _need(h.key[0], h.key[1], h.key[2], h.key[3]) <= h.golds + 1


cdef bint hand_wins_with(const Hand* h, int kind) noexcept nogil:
    cdef uint32_t k[4]
    if h.size % 3 != 1 or h.counts[kind] >= 4:
        return 0
    if kind == h.gold:
        # a drawn gold is wild: the hand wins iff it is ready
        return _need(h.key[0], h.key[1], h.key[2], h.key[3]) <= h.golds + 1
    k[0] = h.key[0]
    k[1] = h.key[1]
    k[2] = h.key[2]
    k[3] = h.key[3]
    k[kind // 9] += FZ_POW5[kind % 9]
    return _need(k[0], k[1], k[2], k[3]) <= h.golds


cdef uint64_t hand_wait_mask(const Hand* h) noexcept nogil:
    if h.size % 3 != 1 or _need(h.key[0], h.key[1], h.key[2], h.key[3]) > h.golds + 1:
        return 0  # not ready: no draw can win (a gold would complete any ready hand)
    return ready_wait_mask[0](h)


cdef uint64_t _ready_wait_mask(const Hand* h) noexcept nogil:
    """hand_wait_mask of a ready hand. Adding a tile changes one part only: with A = Σ f0 of the
    other parts and B = the cheapest of them holding the pair, the new need is
    min(f1' + A, f0' + B), where f' is f - 1 for the ranks in the part's STEP mask and f + 2 for
    the others."""
    cdef uint64_t mask = 0, barred
    cdef int f0[4]
    cdef int f1[4]
    cdef int part, A, B, t, v, s0 = 0, g = h.golds, lo = 0, d_lo = 255, d_2nd = 255
    cdef uint32_t step, low0, low1, win, allr, key
    for part in range(4):
        v = HON_F[h.key[3]] if part == 3 else SUIT_F[h.key[part]]
        f0[part] = v & 15
        f1[part] = v >> 4
        s0 += f0[part]
        # the two cheapest parts to hold the pair (f1 - f0), for B below
        t = f1[part] - f0[part]
        if t < d_lo:
            d_2nd, d_lo, lo = d_lo, t, part
        elif t < d_2nd:
            d_2nd = t
    # a kind held 4 times cannot be drawn; the gold kind is handled at the end
    barred = fz_counts_mask(h.counts, 4)
    if h.gold >= 0:
        barred |= (<uint64_t>1) << h.gold
    for part in range(4):
        A = s0 - f0[part]
        B = A + (d_2nd if part == lo else d_lo)   # the pair in the cheapest other part
        key = h.key[part]
        if part == 3:
            step = HON_STEP[key]
            allr = 0x7F
        else:
            step = SUIT_STEP[key]
            allr = 0x1FF
        low0 = step & 0x1FF
        low1 = (step >> 16) & 0x1FF
        win = 0
        if f1[part] - 1 + A <= g:
            win |= low1
        if f1[part] + 2 + A <= g:
            win |= ~low1
        if f0[part] - 1 + B <= g:
            win |= low0
        if f0[part] + 2 + B <= g:
            win |= ~low0
        win &= allr & ~<uint32_t>(barred >> (part * 9))
        mask |= (<uint64_t>win) << (part * 9)
    if h.gold >= 0 and h.counts[h.gold] < 4:
        mask |= (<uint64_t>1) << h.gold  # ready, so a drawn gold wins
    return mask


cdef uint64_t _wait_mask_direct(const Hand* h) noexcept nogil:
    """One hand_wins_with per kind (kept to test hand_wait_mask)."""
    cdef uint64_t mask = 0
    cdef int kind
    for kind in range(34):
        if hand_wins_with(h, kind):
            mask |= (<uint64_t>1) << kind
    return mask


cdef int hand_shanten(const Hand* h) noexcept nogil:
    cdef int n, ab, ch
    if h.size % 3 == 0 or h.size > MAX_TILES:
        return -2
    n = (h.size - 1) // 3
    ab = PAIR_AB[SUIT_CLS[h.key[0]] * n_suit_classes + SUIT_CLS[h.key[1]]]
    ch = PAIR_CH[SUIT_CLS[h.key[2]] * n_hon_classes + HON_CLS[h.key[3]]]
    return FINAL[(n * n_ab_classes + ab) * n_ch_classes + ch] - h.golds - 1


cdef int _shanten_direct(const Hand* h) noexcept nogil:
    """The same D by explicit min-plus over the four parts (kept to test the pipeline)."""
    cdef uint8_t ab[SIG_LEN]
    cdef uint8_t abc[SIG_LEN]
    cdef const uint8_t* hs
    cdef int n, m, v, best
    if h.size % 3 == 0:
        return -2
    n = (h.size - 1) // 3
    sig_minplus(SUIT_SIG[SUIT_CLS[h.key[0]]], SUIT_SIG[SUIT_CLS[h.key[1]]], ab, n)
    sig_minplus(ab, SUIT_SIG[SUIT_CLS[h.key[2]]], abc, n)
    hs = HON_SIG[HON_CLS[h.key[3]]]
    best = 255
    for m in range(n + 1):
        v = abc[2 * m + 1] + hs[2 * (n - m)]
        if v < best:
            best = v
        v = abc[2 * m] + hs[2 * (n - m) + 1]
        if v < best:
            best = v
    return best - h.golds - 1


cdef bint hand_is_jinque(const Hand* h) noexcept nogil:
    return h.size % 3 == 2 and h.golds >= 2 and _melds_only(h) <= h.golds - 2


cdef bint hand_is_jinlong(const Hand* h) noexcept nogil:
    # three golds are the pung of their own kind; a fourth (robbed indicator) stays wild (§6)
    return h.size % 3 == 2 and h.golds >= 3 and _need(h.key[0], h.key[1], h.key[2], h.key[3]) <= h.golds - 3


cdef bint hand_is_xianjin_wait(const Hand* h) noexcept nogil:
    return h.size % 3 == 1 and h.golds == 1 and _melds_only(h) == 0


# ---------------------------------------------------------------------------------------------
# The tables for Python (fzsim.prob's exact counting); validated hand calls live in winapi.pyx

def need_tables(honours=False):
    """(f0, f1) as int8 arrays over every base-5 key: the suit table (5^9 keys, chows) or, with
    ``honours=True``, the honour table (5^7 keys, pungs and pairs only). Copies: read-only use."""
    if not isinstance(honours, (bool, np.bool_)):
        raise ValueError(f"honours must be True (the honour table) or False (a suit's), got {honours!r}")
    if honours:
        arr = np.asarray(<uint8_t[:HON_KEYS]>&HON_F[0])
    else:
        arr = np.asarray(<uint8_t[:SUIT_KEYS]>&SUIT_F[0])
    return (arr & 15).astype(np.int8), (arr >> 4).astype(np.int8)


cdef inline int _load(Hand* h, const uint8_t[::1] counts, int gold) except -1:
    """Private hooks only: 34 counts 0..4 and a gold -1..33, checked cheaply."""
    cdef int k
    if counts.shape[0] < 34 or not -1 <= gold < 34:
        raise ValueError(f"counts must hold 34 kinds (got {counts.shape[0]}) and gold be -1..33 (got {gold})")
    for k in range(34):
        if counts[k] > 4:
            raise ValueError(f"counts[{k}] = {counts[k]}: allowed 0..4")
    hand_set_counts(h, &counts[0], gold)
    return 0


# ---------------------------------------------------------------------------------------------
# Test hooks for the packed hand (hand.pxd)

def _hand_state(const uint8_t[::1] counts, int gold):
    """(keys, golds, size) of hand_set_counts, to test the packing."""
    cdef Hand h
    _load(&h, counts, gold)
    return [int(h.key[0]), int(h.key[1]), int(h.key[2]), int(h.key[3])], int(h.golds), int(h.size)


def _hand_walk(const int16_t[::1] ops, int gold):
    """Apply ops (k >= 0: hand_add(k); k < 0: hand_remove(-k - 1)) to an empty hand and return
    (keys, golds, size, counts) — incremental updates must match a rebuild from the counts."""
    cdef Hand h
    cdef Py_ssize_t i
    hand_init(&h, gold)
    for i in range(ops.shape[0]):
        if ops[i] >= 0:
            hand_add(&h, ops[i])
        else:
            hand_remove(&h, -ops[i] - 1)
    return ([int(h.key[0]), int(h.key[1]), int(h.key[2]), int(h.key[3])], int(h.golds),
            int(h.size), [int(h.counts[k]) for k in range(34)])


# ---------------------------------------------------------------------------------------------
# Benchmark hooks: time the core functions in a nogil loop over pre-built hands

cdef Hand* _prebuild(const uint8_t[:, ::1] counts, const int8_t[::1] golds) except NULL:
    cdef Py_ssize_t i, n = counts.shape[0]
    if counts.shape[1] != 34 or golds.shape[0] != n or n == 0:
        raise ValueError("benchmark hands must be a non-empty (N, 34) array with N golds")
    cdef Hand* hands = <Hand*>malloc(n * sizeof(Hand))
    if hands == NULL:
        raise MemoryError()
    for i in range(n):
        hand_set_counts(&hands[i], &counts[i, 0], golds[i])
    return hands


def _bench(str what, const uint8_t[:, ::1] counts, const int8_t[::1] golds, int reps):
    """(ns per call, checksum) of `what` in {"win", "need", "shanten", "waits", "wins_with"}
    over the pre-built hands, `reps` passes, the GIL released."""
    cdef Hand* hands = _prebuild(counts, golds)
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef int r, op
    cdef uint64_t acc = 0
    op = {"win": 0, "need": 1, "shanten": 2, "waits": 3, "wins_with": 4}[what]
    t0 = time.perf_counter()
    with nogil:
        for r in range(reps):
            if op == 0:
                for i in range(n):
                    acc += hand_is_win(&hands[i])
            elif op == 1:
                for i in range(n):
                    acc += <uint64_t>hand_need(&hands[i])
            elif op == 2:
                for i in range(n):
                    acc += <uint64_t>(hand_shanten(&hands[i]) + 2)
            elif op == 3:
                for i in range(n):
                    acc += hand_wait_mask(&hands[i]) & 0xFFFF
            else:
                for i in range(n):
                    acc += hand_wins_with(&hands[i], <int>(i % 34))
    elapsed = time.perf_counter() - t0
    free(hands)
    return elapsed * 1e9 / (n * reps), int(acc)


def _cross_check(const uint8_t[:, ::1] counts, const int8_t[::1] golds):
    """Rows where the fast paths disagree with their direct versions (shanten pipeline vs
    min-plus, wait mask vs 34 wins_with, ready vs shanten 0), as a list of row indices."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand h
    bad = []
    for i in range(n):
        hand_set_counts(&h, &counts[i, 0], golds[i])
        if hand_shanten(&h) != _shanten_direct(&h):
            bad.append(i)
        elif h.size % 3 == 1 and hand_wait_mask(&h) != _wait_mask_direct(&h):
            bad.append(i)
        elif h.size % 3 == 1 and hand_is_ready(&h) != (hand_shanten(&h) == 0):
            bad.append(i)
    return bad
