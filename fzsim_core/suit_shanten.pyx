# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Per-suit shanten tables (see suit_shanten.pxd): class of every suit / honour key, classes of
two parts combined, and D per pair of combined classes — the shanten pipeline split so a policy
can keep three parts' classes while it tries changes to the fourth.

The signature of a part is d[m][p] (m = 0..5 melds, p = 0/1 pair): fewest tiles missing from
its real tiles for exactly that target, counts unbounded (a gold may be a fifth copy). It is
built here by its own DP over the lowest held rank i — one copy of i is unused, or lies in a
pung, a pair or a (partial) chow from i upwards — so this module needs nothing internal to
wintables; `_cross_check` holds it to wintables.hand_shanten.
"""
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from fzsim_core.hand cimport FZ_POW5, Hand, hand_set_counts
from fzsim_core.wintables cimport hand_shanten, sig_minplus


cdef enum:
    SUIT_KEYS = 1953125     # 5^9
    HON_KEYS = 78125        # 5^7
    MAX_TILES = 17          # no part of a hand holds more
    SIG = 12                # d[m][p] at 2m + p
    SLOTS = 4096            # signature hash slots (a few hundred classes exist)
    MAX_CLS = 1024

cdef uint8_t SCLS[SUIT_KEYS]
cdef uint8_t HCLS[HON_KEYS]
cdef ShTables TABLES


cdef const ShTables* sh_tables() noexcept nogil:
    return &TABLES


cdef inline uint64_t _pack(const uint8_t* s) noexcept nogil:
    cdef uint64_t v = 0
    cdef int j
    for j in range(SIG):
        v |= (<uint64_t>s[j]) << (5 * j)
    return v


cdef int _intern(uint64_t* hkeys, int* hvals, uint8_t* sigs, int* n, const uint8_t* s) noexcept nogil:
    """Class id of signature s (added if new); -1 when there are too many."""
    cdef uint64_t v = _pack(s)
    cdef uint64_t slot = (v * 0x9E3779B97F4A7C15ULL) >> 52
    cdef int j
    while hvals[slot] >= 0 and hkeys[slot] != v:
        slot = (slot + 1) & (SLOTS - 1)
    if hvals[slot] < 0:
        if n[0] >= MAX_CLS:
            return -1
        hkeys[slot] = v
        hvals[slot] = n[0]
        for j in range(SIG):
            sigs[n[0] * SIG + j] = s[j]
        n[0] += 1
    return hvals[slot]


cdef inline void _take(uint8_t* out, const uint8_t* src, int melds, int pairs, int miss) noexcept nogil:
    """out[m][p] = min(out[m][p], src[m - melds][p - pairs] + miss): one more group of the
    lowest rank, `miss` tiles short."""
    cdef int m, p, v
    for m in range(melds, 6):
        for p in range(pairs, 2):
            v = src[2 * (m - melds) + p - pairs] + miss
            if v < out[2 * m + p]:
                out[2 * m + p] = <uint8_t>v


cdef int _build_part(int nranks, bint chows, uint8_t* CLS, uint8_t* sigs) noexcept nogil:
    """Signatures of every key of a part with `nranks` ranks, interned into classes (CLS[key]);
    returns the class count, -1 on failure."""
    cdef uint32_t nkeys = FZ_POW5[nranks - 1] * 5
    cdef uint32_t key
    cdef uint8_t* S = <uint8_t*>malloc(<size_t>nkeys * SIG)
    cdef uint8_t* out
    cdef uint64_t hkeys[SLOTS]
    cdef int hvals[SLOTS]
    cdef int c[9]
    cdef int r, i, t, m, p, tiles = 0, n = 0, cls
    if S == NULL:
        return -1
    for r in range(SLOTS):
        hvals[r] = -1
    for r in range(9):
        c[r] = 0
    for key in range(nkeys):
        if key:   # next key: base-5 odometer on the digits and the tile count
            r = 0
            while c[r] == 4:
                c[r] = 0
                tiles -= 4
                r += 1
            c[r] += 1
            tiles += 1
        out = S + <size_t>key * SIG
        if tiles > MAX_TILES:
            CLS[key] = 0   # never read: hands and their one-tile changes stay within 17
            continue
        if key == 0:
            for m in range(6):
                out[2 * m] = <uint8_t>(3 * m)
                out[2 * m + 1] = <uint8_t>(3 * m + 2)
        else:
            i = 0
            while c[i] == 0:
                i += 1
            # the copy of rank i unused (smaller keys have fewer tiles: already built)
            for r in range(SIG):
                out[r] = S[<size_t>(key - FZ_POW5[i]) * SIG + r]
            t = c[i] if c[i] < 3 else 3   # a pung takes as many copies as it can
            _take(out, S + <size_t>(key - t * FZ_POW5[i]) * SIG, 1, 0, 3 - t)
            t = c[i] if c[i] < 2 else 2
            _take(out, S + <size_t>(key - t * FZ_POW5[i]) * SIG, 0, 1, 2 - t)
            if chows:
                if i + 1 < nranks and c[i + 1]:
                    _take(out, S + <size_t>(key - FZ_POW5[i] - FZ_POW5[i + 1]) * SIG, 1, 0, 1)
                    if i + 2 < nranks and c[i + 2]:
                        _take(out, S + <size_t>(key - FZ_POW5[i] - FZ_POW5[i + 1] - FZ_POW5[i + 2]) * SIG,
                              1, 0, 0)
                if i + 2 < nranks and c[i + 2]:
                    _take(out, S + <size_t>(key - FZ_POW5[i] - FZ_POW5[i + 2]) * SIG, 1, 0, 1)
        cls = _intern(hkeys, hvals, sigs, &n, out)
        if cls < 0 or cls > 255:
            free(S)
            return -1
        CLS[key] = <uint8_t>cls
    free(S)
    return n


cdef int _combine(const uint8_t* A, int na, const uint8_t* B, int nb, uint16_t* out,
                  uint8_t* sigs) noexcept nogil:
    """out[i * nb + j] = class of A[i] combined with B[j]; returns the class count (-1 fails)."""
    cdef uint64_t hkeys[SLOTS]
    cdef int hvals[SLOTS]
    cdef uint8_t comb[SIG]
    cdef int i, j, cls, n = 0
    for i in range(SLOTS):
        hvals[i] = -1
    for i in range(na):
        for j in range(nb):
            sig_minplus(A + i * SIG, B + j * SIG, comb, 5)   # up to 5 melds
            cls = _intern(hkeys, hvals, sigs, &n, comb)
            if cls < 0:
                return -1
            out[i * nb + j] = <uint16_t>cls
    return n


cdef uint8_t SSIG[MAX_CLS * SIG]
cdef uint8_t HSIG[MAX_CLS * SIG]
cdef uint8_t ABSIG[MAX_CLS * SIG]
cdef uint8_t CHSIG[MAX_CLS * SIG]


cdef int _build() noexcept nogil:
    cdef int nsc, nhc, nab, nch, n, i, j, m, v, best
    cdef uint16_t* ab
    cdef uint16_t* ch
    cdef uint8_t* fin
    cdef uint8_t* fint
    cdef uint16_t* cht
    nsc = _build_part(9, True, SCLS, SSIG)
    nhc = _build_part(7, False, HCLS, HSIG)
    if nsc < 0 or nhc < 0:
        return -1
    ab = <uint16_t*>malloc(nsc * nsc * sizeof(uint16_t))
    ch = <uint16_t*>malloc(nsc * nhc * sizeof(uint16_t))
    if ab == NULL or ch == NULL:
        return -1
    nab = _combine(SSIG, nsc, SSIG, nsc, ab, ABSIG)
    nch = _combine(SSIG, nsc, HSIG, nhc, ch, CHSIG)
    if nab < 0 or nch < 0:
        return -1
    fin = <uint8_t*>malloc(6 * nab * nch)
    fint = <uint8_t*>malloc(6 * nab * nch)
    cht = <uint16_t*>malloc(nsc * nhc * sizeof(uint16_t))
    if fin == NULL or fint == NULL or cht == NULL:
        return -1
    for i in range(nsc):
        for j in range(nhc):
            cht[j * nsc + i] = ch[i * nhc + j]
    for n in range(6):
        for i in range(nab):
            for j in range(nch):
                best = 255
                for m in range(n + 1):
                    v = ABSIG[i * SIG + 2 * m + 1] + CHSIG[j * SIG + 2 * (n - m)]
                    if v < best:
                        best = v
                    v = ABSIG[i * SIG + 2 * m] + CHSIG[j * SIG + 2 * (n - m) + 1]
                    if v < best:
                        best = v
                fin[(n * nab + i) * nch + j] = <uint8_t>best
                fint[(n * nch + j) * nab + i] = <uint8_t>best
    TABLES.scls = SCLS
    TABLES.hcls = HCLS
    TABLES.ab = ab
    TABLES.ch = ch
    TABLES.final = fin
    TABLES.finalt = fint
    TABLES.cht = cht
    TABLES.nsc = nsc
    TABLES.nhc = nhc
    TABLES.nab = nab
    TABLES.nch = nch
    return 0


cdef int _rc
with nogil:
    _rc = _build()
if _rc < 0:
    raise MemoryError("suit_shanten: out of memory or too many classes")


def table_info():
    """Class counts of the tables (for tests and the benchmark)."""
    return {"suit_classes": TABLES.nsc, "honour_classes": TABLES.nhc,
            "two_suit_classes": TABLES.nab, "suit_honour_classes": TABLES.nch}


cdef int sh_shanten(const Hand* h) noexcept nogil:
    """hand_shanten through these tables (sizes 3n+1 / 3n+2 up to 17 only)."""
    cdef ShCtx c
    sh_ctx_set(&c, &TABLES, h.key, (h.size - 1) // 3)
    return sh_d(&c) - h.golds - 1


cdef int _vary_shanten(const Hand* h) noexcept nogil:
    """The same through sh_vary on each part in turn (all four must agree, else -9)."""
    cdef ShCtx c
    cdef ShVary v
    cdef int q, d = -1, e
    sh_ctx_set(&c, &TABLES, h.key, (h.size - 1) // 3)
    for q in range(4):
        sh_vary(&v, &c, q)
        e = sh_vary_d(&v, h.key[q])
        if d >= 0 and e != d:
            return -9
        d = e
    return d - h.golds - 1


def _cross_check(const uint8_t[:, ::1] counts, const int8_t[::1] golds):
    """Rows (34 counts, golds included, size 3n+1 or 3n+2 <= 17) where these tables and
    wintables.hand_shanten disagree, as a list of row indices."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand h
    if counts.shape[1] != 34 or golds.shape[0] != n:
        raise ValueError("_cross_check: shapes must be (N, 34), (N,)")
    bad = []
    for i in range(n):
        hand_set_counts(&h, &counts[i, 0], golds[i])
        if h.size % 3 == 0 or h.size > MAX_TILES:
            raise ValueError(f"row {i}: size {h.size} is not 3n+1 or 3n+2 <= 17")
        if sh_shanten(&h) != hand_shanten(&h) or _vary_shanten(&h) != hand_shanten(&h):
            bad.append(i)
    return bad
