# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sichuan winning shapes, waits and shanten (docs/spec/RULES-PACKS.md §2.3, §3.3; contract in shapes.pxd).

* the standard shape (4 sets + a pair, no wildcard) is the core's need tables read through the
  kit's shape layer (kit/tables34.pxd) on a packed Hand with no gold — the pack's hooks pass the
  seat's own Hand (sc_table_is_win, sc_table_wait_mask), the ScHand functions build one; its shanten reads the per-suit tables of suit_shanten.pxd, which take
  the number of sets explicitly, so a suit can be left out without changing the target;
* seven pairs counts pairs as floor(c / 2) per kind, so a four-of-a-kind is two pairs;
* the ≤ 2-suit filter: a win may not hold three suits, and shanten is the best over the suit
  given up (its tiles are then simply not part of the target, so they count as exchanges).

Validated Python wrappers (is_win, wait_mask, shanten, readings) are at the end.
"""
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset

import numpy as np

from fzsim_core.packs.inputs import check_melds

from fzsim_core.hand cimport Hand, hand_set_counts
from fzsim_core.suit_shanten cimport ShCtx, ShTables, ShVary, sh_ctx_set, sh_d, sh_tables, sh_vary, sh_vary_d
from fzsim_core.bits cimport ctz64, fz_counts_mask
from fzsim_core.kit.tables34 cimport (T34_SUIT_KINDS, t34_key_suits, t34_seven_pairs_waits, t34_seven_pairs_win,
                                      t34_std_waits, t34_std_win)


cdef inline void _to_hand(const ScHand* h, Hand* out) noexcept nogil:
    cdef uint8_t c[34]
    memset(c, 0, 34)
    memcpy(c, h.counts, SC_KINDS)
    hand_set_counts(out, c, -1)


cdef int sc_concealed_size(const ScHand* h) noexcept nogil:
    cdef int k, n = 0
    for k in range(SC_KINDS):
        n += h.counts[k]
    return n


cdef int sc_suit_mask(const ScHand* h) noexcept nogil:
    """A suit is held when its nine counts sum to more than 0 (one byte sum a suit)."""
    cdef int s, i, mask = 0
    for s in range(3):
        if sc_sum9(&h.counts[9 * s]):
            mask |= 1 << s
    for i in range(h.n_melds):
        mask |= 1 << (h.meld_kind[i] // 9)
    return mask


cdef inline int _held(const ScHand* h, int k) noexcept nogil:
    """Copies of kind k in the hand and its melds together."""
    cdef int i, n = h.counts[k]
    for i in range(h.n_melds):
        if h.meld_kind[i] == k:
            n += 3 if h.meld_type[i] == SC_PUNG else 4
    return n


cdef int sc_quads(const ScHand* h) noexcept nogil:
    """Under the callers' 4-copy limit a kind is in one meld at most and a meld's kind holds at
    most 4 - 3 in the hand: the quads are the concealed fours, the kongs, and the pungs whose
    fourth copy is in the hand."""
    cdef int k, i, n = 0
    for k in range(SC_KINDS):
        n += h.counts[k] == 4
    for i in range(h.n_melds):
        if h.meld_type[i] != SC_PUNG:
            n += 1
        elif h.counts[h.meld_kind[i]] == 1:
            n += 1
    return n


cdef bint sc_suits_may_win(const ScHand* h, int mask) noexcept nogil:
    if h.void_suit:
        return not mask & (1 << (h.void_suit - 1))
    return mask != 7


cdef bint sc_is_huazhu(const ScHand* h) noexcept nogil:
    return not sc_suits_may_win(h, sc_suit_mask(h))


cdef bint sc_is_seven_pairs(const ScHand* h) noexcept nogil:
    cdef int k, n = 0
    if h.n_melds:
        return 0
    for k in range(SC_KINDS):
        if h.counts[k] & 1:
            return 0
        n += h.counts[k]
    return n == 14


cdef bint sc_is_standard(const ScHand* h) noexcept nogil:
    cdef Hand x
    if sc_concealed_size(h) != 14 - 3 * h.n_melds:
        return 0
    _to_hand(h, &x)
    return t34_std_win(&x)


cdef inline bint _suits_may_win(int suits, int void_suit) noexcept nogil:
    """sc_suits_may_win on a suit mask."""
    if void_suit:
        return not suits & (1 << (void_suit - 1))
    return suits != 7


cdef void sc_melds_of(const ScHand* h, ScMelds* m) noexcept nogil:
    cdef int i
    sc_melds_start(m, h.void_suit)
    for i in range(h.n_melds):
        sc_melds_add(m, h.meld_kind[i], h.meld_type[i] == SC_PUNG)


cdef bint sc_table_is_win(const Hand* h, const ScMelds* m) noexcept nogil:
    """The size, then the suits (the keys say which the hand holds), then the need tables; seven
    pairs (no odd count) only when the standard shape fails."""
    if m.n_melds > 4 or h.size != 14 - 3 * m.n_melds:
        return 0
    if not _suits_may_win((t34_key_suits(h) & 7) | m.suits, m.void_suit):
        return 0
    return t34_std_win(h) or (m.n_melds == 0 and t34_seven_pairs_win(h, True))


cdef bint sc_is_win(const ScHand* h) noexcept nogil:
    cdef Hand x
    cdef ScMelds m
    _to_hand(h, &x)
    sc_melds_of(h, &m)
    return sc_table_is_win(&x, &m)


cdef uint32_t sc_table_wait_mask(const Hand* h, const ScMelds* m) noexcept nogil:
    """The standard waits (one table read when not ready) and the seven-pairs single, then the
    suit filter and the kinds whose 4 copies lie in the hand and the melds."""
    if m.n_melds > 4 or h.size != 13 - 3 * m.n_melds:
        return 0
    return sc_table_waits_from(h, m, t34_std_waits(h))   # never a kind the hand holds 4 times


cdef uint32_t sc_table_waits_from(const Hand* h, const ScMelds* m, uint64_t std) noexcept nogil:
    cdef uint64_t mask = std, allowed = 0
    cdef int t, suits
    if m.n_melds == 0:
        mask |= t34_seven_pairs_waits(h, True)
    if mask == 0:
        return 0
    suits = (t34_key_suits(h) & 7) | m.suits
    for t in range(3):
        if _suits_may_win(suits | (1 << t), m.void_suit):
            allowed |= T34_SUIT_KINDS[t]
    # a kong holds all four; a pung's fourth copy in the hand leaves none to draw
    allowed &= ~(m.kongs | (m.pungs & fz_counts_mask(h.counts, -1)))
    return <uint32_t>(mask & allowed)


cdef uint32_t sc_wait_mask(const ScHand* h) noexcept nogil:
    cdef Hand x
    cdef ScMelds m
    _to_hand(h, &x)
    sc_melds_of(h, &m)
    return sc_table_wait_mask(&x, &m)


cdef inline int _std_missing(const ShTables* T, const int* cls, int empty, int drop, int n) noexcept nogil:
    """Fewest tiles missing from the hand's tiles (suit `drop` left out, -1 none) for n sets +
    a pair, unbounded counts: the core's suit tables (suit_shanten.pxd) on the suits' classes
    `cls` read once, the dropped suit as the empty key's class `empty`, no honours."""
    cdef int c0 = empty if drop == 0 else cls[0]
    cdef int c1 = empty if drop == 1 else cls[1]
    cdef int c2 = empty if drop == 2 else cls[2]
    cdef int ab = T.ab[c0 * T.nsc + c1]
    cdef int ch = T.ch[c2 * T.nhc + T.hcls[0]]
    return T.final[(n * T.nab + ab) * T.nch + ch]


cdef inline int _pairs_missing(const int* pairs, const int* singles, int drop) noexcept nogil:
    """Fewest tiles missing for seven pairs (suit `drop` left out): pairs first, then singles
    that one drawn copy pairs, then two drawn tiles per pair."""
    cdef int s, p = 0, one = 0, need
    for s in range(3):
        if s != drop:
            p += pairs[s]
            one += singles[s]
    if p > 7:
        p = 7
    need = 7 - p
    if one > need:
        one = need
    return 14 - 2 * p - one


cdef extern from *:
    """
    #include <string.h>
    /* Tiles and odd counts among the 9 counts c[0..8] (each <= 4): eight bytes summed by one
       multiply (no byte's partial sum reaches 256), then the ninth. */
    static inline int sc_sum9(const unsigned char* c) {
        unsigned long long w;
        memcpy(&w, c, 8);
        return (int)((w * 0x0101010101010101ULL) >> 56) + c[8];
    }
    static inline int sc_odd9(const unsigned char* c) {
        unsigned long long w;
        memcpy(&w, c, 8);
        return (int)(((w & 0x0101010101010101ULL) * 0x0101010101010101ULL) >> 56) + (c[8] & 1);
    }
    """
    int sc_sum9(const uint8_t* c) nogil
    int sc_odd9(const uint8_t* c) nogil


cdef void sc_read_parts(const ScHand* h, ScParts* p) noexcept nogil:
    sc_read_parts_keyed(h, NULL, p)


cdef void sc_read_parts_keyed(const ScHand* h, const uint32_t* keys, ScParts* p) noexcept nogil:
    cdef int i, meld_suits = 0
    for i in range(h.n_melds):
        meld_suits |= 1 << (h.meld_kind[i] // 9)
    sc_read_parts_counts(h.counts, keys, h.n_melds, meld_suits, h.void_suit, p)


cdef void sc_read_parts_counts(const uint8_t* counts, const uint32_t* keys, int n_melds, int meld_suits,
                               int void_suit, ScParts* p) noexcept nogil:
    """Per suit the key (keys[s], else by Horner's rule), the tiles and odd counts by byte sums
    (a count c is c >> 1 pairs and c & 1 singles, so pairs = (tiles - singles) / 2)."""
    cdef int s, r, n, odd
    cdef uint32_t key
    cdef const uint8_t* c
    p.size = 0
    p.n_melds = n_melds
    p.meld_suits = meld_suits
    p.void_suit = void_suit
    for s in range(3):
        c = &counts[9 * s]
        if keys != NULL:
            p.key[s] = keys[s]
        else:
            key = 0
            r = 8
            while r >= 0:   # base 5, digit r = copies of rank r + 1 (hand.pxd's keys)
                key = key * 5 + c[r]
                r -= 1
            p.key[s] = key
        n = sc_sum9(c)
        odd = sc_odd9(c)
        p.singles[s] = odd
        p.pairs[s] = (n - odd) >> 1
        p.size += n


cdef int sc_parts_shanten(const ScParts* p, bint filtered) noexcept nogil:
    """Each suit given up costs one table lookup (standard shape) and a sum (seven pairs)."""
    cdef int n = 4 - p.n_melds, drop, d, best = 255, lo, hi, s, empty
    cdef int cls[3]
    cdef const ShTables* T = sh_tables()
    if p.n_melds > 4 or (p.size != 3 * n + 1 and p.size != 3 * n + 2):
        return -2
    if filtered and (p.meld_suits == 7 or (p.void_suit and p.meld_suits & (1 << (p.void_suit - 1)))):
        return SC_NO_WIN
    # drop -1: every tile may be used (no filter); 0..2: that suit is given up (定缺: the declared one)
    lo, hi = (0, 3) if filtered else (-1, 0)
    if filtered and p.void_suit:
        lo, hi = p.void_suit - 1, p.void_suit
    for s in range(3):   # each suit's class once, whichever suit is given up
        cls[s] = T.scls[p.key[s]]
    empty = T.scls[0]
    for drop in range(lo, hi):
        if drop >= 0 and p.meld_suits & (1 << drop):
            continue
        d = _std_missing(T, cls, empty, drop, n)
        if d < best:
            best = d
        if p.n_melds == 0:
            d = _pairs_missing(p.pairs, p.singles, drop)
            if d < best:
                best = d
    return best - 1


cdef inline int _pairs_from(int p, int one) noexcept nogil:
    """_pairs_missing from the pairs and singles of the suits kept."""
    if p > 7:
        p = 7
    if one > 7 - p:
        one = 7 - p
    return 14 - 2 * p - one


cdef inline bint _no_shape_fill(const ScParts* p, int n, int size, uint32_t cand, int* out) noexcept nogil:
    """The draw / discard readings' common answer before any table: -2 for a size that is no
    hand, SC_NO_WIN when the melds span three suits or hold the void suit; True when written."""
    cdef int fill = 0
    if p.n_melds > 4 or (size != 3 * n + 1 and size != 3 * n + 2):
        fill = -2
    elif p.meld_suits == 7 or (p.void_suit and p.meld_suits & (1 << (p.void_suit - 1))):
        fill = SC_NO_WIN
    if fill:
        while cand:
            out[ctz64(cand)] = fill
            cand &= cand - 1
    return fill != 0


cdef void sc_parts_draw_shanten(const ScParts* p, const uint8_t* counts, uint32_t cand,
                                int* out, int below) noexcept nogil:
    """sc_parts_shanten's steps with what one more copy of k leaves unchanged read once: the
    checks, the suits that may be given up, the whole result of giving up k's own suit (its
    tiles are then not part of the target), and for each other suit given up the tables with
    only k's suit left to vary (suit_shanten.pxd sh_vary: the same reads as _std_missing).
    A suit given up whose result before the draw is 2 or more above `below` is not read at all:
    one more tile lowers the tiles missing by one at most, so no draw gets it below `below`."""
    cdef const ShTables* T = sh_tables()
    cdef int n = 4 - p.n_melds, size = p.size + 1, k, t, c, d, i, v, w, best
    cdef int nd = 0, P = 0, S = 0, Pk, Sk, lo, hi
    cdef int drops[3]
    cdef int fixed[3]
    cdef uint32_t key[4]
    cdef ShCtx ctx
    cdef ShVary vary[3][3]   # [suit given up][suit drawn]
    if _no_shape_fill(p, n, size, cand, out):
        return
    lo, hi = 0, 3
    if p.void_suit:
        lo, hi = p.void_suit - 1, p.void_suit
    for d in range(3):
        P += p.pairs[d]
        S += p.singles[d]
    for d in range(lo, hi):
        if p.meld_suits & (1 << d):
            continue
        key[0], key[1], key[2], key[3] = p.key[0], p.key[1], p.key[2], 0
        key[d] = 0   # the suit given up: the empty key's class, no honours
        sh_ctx_set(&ctx, T, key, n)
        v = sh_d(&ctx)
        if p.n_melds == 0:
            w = _pairs_missing(p.pairs, p.singles, d)
            if w < v:
                v = w
        if v - 2 >= below:   # (a shanten is the tiles missing - 1)
            continue
        drops[nd] = d
        nd += 1
        fixed[d] = v
        for t in range(3):
            if t != d:
                sh_vary(&vary[d][t], &ctx, t)
    while cand:
        k = ctz64(cand)
        cand &= cand - 1
        t = k // 9
        c = counts[k]
        Pk = P + (c & 1)           # an odd count makes a pair, an even one a single
        Sk = S + 1 - 2 * (c & 1)
        best = 255
        for i in range(nd):
            d = drops[i]
            if d == t:
                v = fixed[d]
            else:
                v = sh_vary_d(&vary[d][t], p.key[t] + SC_POW5[k - 9 * t])
                if p.n_melds == 0:
                    w = _pairs_from(Pk - p.pairs[d], Sk - p.singles[d])
                    if w < v:
                        v = w
            if v < best:
                best = v
        out[k] = best - 1


ctypedef struct _Drops:
    # what a discard leaves unchanged, read once (sc_parts_discard_shanten / _best): the suits
    # that may be given up and, for each, the tiles missing before the discard (both shapes)
    int n, P, S, empty, hz
    bint pairs               # seven pairs counts (no melds)
    bint allowed[3]
    int cls[3]               # the suits' classes
    int fixed[3]
    int ab[3]                # [suit given up]: the ab / ch classes with that suit empty
    int ch[3]


cdef inline void _drops_read(const ShTables* T, const ScParts* p, _Drops* r) noexcept nogil:
    """Everything in locals first (r's int stores could otherwise alias T's sizes and p's sums,
    reloading them), then stored."""
    cdef int d, c0, c1, c2, v, w, ab, ch
    cdef int n = 4 - p.n_melds, nsc = T.nsc, nhc = T.nhc, nab = T.nab, nch = T.nch
    cdef int empty = T.scls[0], hz = T.hcls[0]   # no honours
    cdef int P = p.pairs[0] + p.pairs[1] + p.pairs[2], S = p.singles[0] + p.singles[1] + p.singles[2]
    cdef int k0 = p.key[0], k1 = p.key[1], k2 = p.key[2]
    cdef int s0 = T.scls[k0], s1 = T.scls[k1], s2 = T.scls[k2]
    cdef int allowed = (1 << (p.void_suit - 1)) if p.void_suit else 7
    cdef int unheld
    cdef bint pairs = p.n_melds == 0
    allowed &= ~p.meld_suits
    unheld = allowed & ((k0 == 0) | (k1 == 0) << 1 | (k2 == 0) << 2)
    if unheld:
        # a suit the hand does not hold is the one to give up: giving up another only takes
        # tiles away (neither shape can then miss fewer), so this alone is the minimum
        allowed = unheld & -unheld
    for d in range(3):
        r.allowed[d] = (allowed >> d) & 1
        if not (allowed >> d) & 1:
            continue
        c0 = empty if d == 0 else s0   # the suit given up: the empty key's class
        c1 = empty if d == 1 else s1
        c2 = empty if d == 2 else s2
        ab = T.ab[c0 * nsc + c1]
        ch = T.ch[c2 * nhc + hz]
        v = T.final[(n * nab + ab) * nch + ch]
        if pairs:
            w = _pairs_from(P - p.pairs[d], S - p.singles[d])   # _pairs_missing from the sums
            if w < v:
                v = w
        r.ab[d] = ab
        r.ch[d] = ch
        r.fixed[d] = v
    r.n = n
    r.pairs = pairs
    r.empty = empty
    r.hz = hz
    r.P = P
    r.S = S
    r.cls[0], r.cls[1], r.cls[2] = s0, s1, s2


cdef inline void _drops_vary(const ShTables* T, const _Drops* r, int d, int t, ShVary* v) noexcept nogil:
    """sh_vary's view of suit t (the discard's) with suit d given up."""
    v.cls = T.scls
    if t < 2:
        v.pair = T.ab + (r.empty if 1 - t == d else r.cls[1 - t]) * T.nsc
        v.final = T.finalt + (r.n * T.nch + r.ch[d]) * T.nab
    else:
        v.pair = T.cht + r.hz * T.nsc
        v.final = T.final + (r.n * T.nab + r.ab[d]) * T.nch


cdef inline int _drops_pairs_after(const ScParts* p, const _Drops* r, int d, int j) noexcept nogil:
    """Seven pairs' tiles missing with suit d given up after a discard whose count has parity j."""
    return _pairs_from(r.P - p.pairs[d] - 1 + j, r.S - p.singles[d] + 1 - 2 * j)


cdef void sc_parts_discard_shanten(const ScParts* p, const uint8_t* counts, uint32_t cand,
                                   int* out) noexcept nogil:
    """sc_parts_draw_shanten for one copy fewer, suit by suit: giving up the discard's own suit
    reads as before the discard (fixed), each other suit given up varies the discard's suit
    alone (sh_vary's reads, the suits' classes read once for every suit given up); seven pairs
    depends on the discard only through its count's parity (an even count breaks a pair into a
    single, an odd one takes a single away), so it is read twice a suit."""
    cdef const ShTables* T = sh_tables()
    cdef int k, t, d, j, no, v, w, best
    cdef int top[2]          # the best of the suit given up first and seven pairs, by parity
    cdef uint32_t m, kt
    cdef _Drops r
    cdef ShVary va[2]
    if _no_shape_fill(p, 4 - p.n_melds, p.size - 1, cand, out):
        return
    _drops_read(T, p, &r)
    for t in range(3):
        m = cand & SC_SUIT_BITS[t]
        if not m:
            continue
        top[0] = top[1] = r.fixed[t] if r.allowed[t] else 255
        no = 0
        for d in range(3):
            if d != t and r.allowed[d]:
                _drops_vary(T, &r, d, t, &va[no])
                no += 1
                if r.pairs:
                    for j in range(2):   # j: the discard's count & 1
                        w = _drops_pairs_after(p, &r, d, j)
                        if w < top[j]:
                            top[j] = w
        kt = p.key[t]
        while m:
            k = ctz64(m)
            m &= m - 1
            best = top[counts[k] & 1]
            for j in range(no):
                v = sh_vary_d(&va[j], kt - SC_POW5[k - 9 * t])
                if v < best:
                    best = v
            out[k] = best - 1


cdef uint32_t sc_parts_discard_best(const ScParts* p, const uint8_t* counts, uint32_t cand,
                                    int* best, int first) noexcept nogil:
    """A discard takes a tile away and never a missing one, so with suit d given up it leaves at
    least fixed[d] tiles missing (both shapes): the least of those over the suits, L, bounds every
    discard. A discard from a suit given up at L reaches it unread; one from another suit only
    through a suit given up at L, one read each. Suit `first` is read first, and alone when one
    of its discards reaches L. When no candidate reaches L (or L is 0, a complete hand), the exact
    readings decide."""
    cdef const ShTables* T = sh_tables()
    cdef int k, t, d, j, nv, i, L = 255
    cdef int out[SC_KINDS]
    cdef bint hit[2]
    cdef uint32_t m, kt, got = 0
    cdef _Drops r
    cdef ShVary va[2]
    cdef int n = 4 - p.n_melds, size = p.size - 1
    if cand and p.n_melds <= 4 and (size == 3 * n + 1 or size == 3 * n + 2) and not (
            p.meld_suits == 7 or (p.void_suit and p.meld_suits & (1 << (p.void_suit - 1)))):
        _drops_read(T, p, &r)
        for d in range(3):
            if r.allowed[d] and r.fixed[d] < L:
                L = r.fixed[d]
        if 1 <= L < 255:
            for i in range(3):
                t = first + i if first >= 0 else i
                if t >= 3:
                    t -= 3
                if i == 1 and got and first >= 0:
                    break
                m = cand & SC_SUIT_BITS[t]
                if not m:
                    continue
                if r.allowed[t] and r.fixed[t] == L:
                    got |= m
                    continue
                hit[0] = hit[1] = False
                nv = 0
                for d in range(3):
                    if d != t and r.allowed[d] and r.fixed[d] == L:
                        _drops_vary(T, &r, d, t, &va[nv])
                        nv += 1
                        if r.pairs:
                            for j in range(2):
                                if _drops_pairs_after(p, &r, d, j) == L:
                                    hit[j] = True
                kt = p.key[t]
                if nv == 1 and not (hit[0] or hit[1]):
                    while m:   # the usual case: one read a discard
                        k = ctz64(m)
                        m &= m - 1
                        if sh_vary_d(&va[0], kt - SC_POW5[k - 9 * t]) == L:
                            got |= (<uint32_t>1) << k
                    continue
                while m:
                    k = ctz64(m)
                    m &= m - 1
                    if hit[counts[k] & 1]:
                        got |= (<uint32_t>1) << k
                        continue
                    for j in range(nv):
                        if sh_vary_d(&va[j], kt - SC_POW5[k - 9 * t]) == L:
                            got |= (<uint32_t>1) << k
                            break
            if got:
                best[0] = L - 1
                return got
    sc_parts_discard_shanten(p, counts, cand, out)
    best[0] = 99
    m = cand
    while m:
        k = ctz64(m)
        m &= m - 1
        if out[k] < best[0]:
            best[0], got = out[k], 0
        if out[k] == best[0]:
            got |= (<uint32_t>1) << k
    if first >= 0 and got & SC_SUIT_BITS[first]:
        got &= SC_SUIT_BITS[first]
    return got


cdef int _shanten(const ScHand* h, bint filtered) noexcept nogil:
    cdef ScParts p
    sc_read_parts(h, &p)
    return sc_parts_shanten(&p, filtered)


cdef int sc_shanten(const ScHand* h) noexcept nogil:
    return _shanten(h, 1)


cdef int sc_shanten_shape(const ScHand* h) noexcept nogil:
    return _shanten(h, 0)


cdef void _dec(uint8_t* c, int k, int sets_left, bint pair_left, ScReading* cur,
               ScReading* out, int* n, int max_out) noexcept nogil:
    """Cover the lowest held kind k at once: a pung or not, the pair or not, and chows starting
    at k for its other copies (k is the lowest, so every chow through it starts there)."""
    cdef int p, q, m, j, used
    while k < SC_KINDS and c[k] == 0:
        k += 1
    if k == SC_KINDS:
        if sets_left == 0 and not pair_left and n[0] < max_out:
            memcpy(&out[n[0]], cur, sizeof(ScReading))
            n[0] += 1
        return
    for p in range(2):
        for q in range(2):
            if q and not pair_left:
                continue
            m = c[k] - 3 * p - 2 * q
            if m < 0 or p + m > sets_left:
                continue
            if m > 0 and (k % 9 > 6 or c[k + 1] < m or c[k + 2] < m):
                continue
            used = c[k]
            c[k] = 0
            if m:
                c[k + 1] -= m
                c[k + 2] -= m
            for j in range(m):
                cur.chow_start[cur.n_chows + j] = <uint8_t>k
            cur.n_chows += m
            if p:
                cur.pung_kind[cur.n_pungs] = <uint8_t>k
                cur.n_pungs += 1
            if q:
                cur.pair = <int8_t>k
            _dec(c, k + 1, sets_left - p - m, pair_left and not q, cur, out, n, max_out)
            if q:
                cur.pair = -1
            cur.n_pungs -= p
            cur.n_chows -= m
            c[k] = <uint8_t>used
            if m:
                c[k + 1] += m
                c[k + 2] += m


cdef int sc_readings(const ScHand* h, ScReading* out, int max_out) noexcept nogil:
    cdef uint8_t c[SC_KINDS + 2]
    cdef ScReading cur
    cdef int n = 0
    if h.n_melds > 4 or sc_concealed_size(h) != 14 - 3 * h.n_melds:
        return 0
    memset(c, 0, SC_KINDS + 2)
    memcpy(c, h.counts, SC_KINDS)
    memset(&cur, 0, sizeof(ScReading))
    cur.pair = -1
    _dec(c, 0, 4 - h.n_melds, 1, &cur, out, &n, max_out)
    return n


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers: counts are 27 (or 34 with empty honours) concealed counts,
# melds a sequence of (type, kind) with type 0 pung, 1 kong, 2 added kong, 3 concealed kong.

MELD_NAMES = {"pung": SC_PUNG, "kong": SC_KONG, "added_kong": SC_ADDED_KONG,
              "concealed_kong": SC_CONCEALED_KONG}
NO_WIN = SC_NO_WIN


cdef int load_hand(ScHand* h, counts, melds) except -1:
    """Fill `h` from Python values, raising ValueError naming the bad value."""
    arr = np.asarray(counts)
    if arr.ndim != 1 or arr.shape[0] not in (27, 34) or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"counts must be 27 (or 34) integer tile counts, got shape {arr.shape} "
                         f"of {arr.dtype}")
    if arr.shape[0] == 34 and arr[27:].any():
        raise ValueError(f"honour tiles {arr[27:].tolist()} in a Sichuan hand: the tile set is 108 suited tiles")
    memset(h, 0, sizeof(ScHand))
    for k in range(SC_KINDS):
        v = int(arr[k])
        if not 0 <= v <= 4:
            raise ValueError(f"counts[{k}] = {v}: allowed 0..4")
        h.counts[k] = <uint8_t>v
    melds = check_melds(melds, MELD_NAMES, 3, SC_KINDS, "a suited kind 0..26")
    for i, (mtype, kind) in enumerate(melds):
        h.meld_type[i] = <uint8_t>mtype
        h.meld_kind[i] = <uint8_t>kind
    h.n_melds = <uint8_t>len(melds)
    for k in range(SC_KINDS):
        if _held(h, k) > 4:
            raise ValueError(f"{_held(h, k)} copies of kind {k} across hand and melds: the tile set has 4")
    return 0


cdef int _set_void(ScHand* h, void_suit) except -1:
    """定缺 from Python: None, or the declared suit 0 (万) / 1 (筒) / 2 (条)."""
    if void_suit is None:
        return 0
    if isinstance(void_suit, bool) or void_suit not in (0, 1, 2):
        raise ValueError(f"void_suit {void_suit!r}: allowed None, 0 (m), 1 (p) or 2 (s)")
    h.void_suit = <uint8_t>(void_suit + 1)
    return 0


def is_win(counts, melds=(), void_suit=None):
    """True iff the concealed tiles `counts` (14 - 3 x melds) with `melds` are a Sichuan win
    (void_suit: the suit declared void under 定缺, None for the two-suit rule alone)."""
    cdef ScHand h
    load_hand(&h, counts, melds)
    _set_void(&h, void_suit)
    return bool(sc_is_win(&h))


def is_seven_pairs(counts):
    """True iff 14 concealed tiles are seven pairs (four of a kind = two pairs); suits unchecked."""
    cdef ScHand h
    load_hand(&h, counts, ())
    return bool(sc_is_seven_pairs(&h))


def wait_mask(counts, melds=(), void_suit=None):
    """Bit mask (bit k = kind k) of the tiles completing a 13 - 3 x melds tile hand."""
    cdef ScHand h
    load_hand(&h, counts, melds)
    _set_void(&h, void_suit)
    return int(sc_wait_mask(&h))


def shanten(counts, melds=(), suit_filter=True, void_suit=None):
    """Shanten of a 3n+1 / 3n+2 concealed hand (n = 4 - melds): -1 complete, 0 ready; None if the
    melds already hold three suits, or the void suit (no win is possible). ``suit_filter=False``
    ignores the two-suit rule; void_suit (定缺) fixes the suit given up. Raises ValueError for
    other sizes."""
    cdef ScHand h
    load_hand(&h, counts, melds)
    _set_void(&h, void_suit)
    v = sc_shanten(&h) if suit_filter else sc_shanten_shape(&h)
    if v == -2:
        raise ValueError(f"{sc_concealed_size(&h)} concealed tiles with {h.n_melds} meld(s): shanten needs "
                         f"{13 - 3 * h.n_melds} or {14 - 3 * h.n_melds}")
    return None if v == SC_NO_WIN else int(v)


def readings(counts, melds=()):
    """Every reading of the concealed tiles as sets + a pair: a list of (chow starts, pung kinds,
    pair kind)."""
    cdef ScHand h
    cdef ScReading out[SC_MAX_READINGS]
    load_hand(&h, counts, melds)
    n = sc_readings(&h, out, SC_MAX_READINGS)
    return [([int(out[i].chow_start[j]) for j in range(out[i].n_chows)],
             [int(out[i].pung_kind[j]) for j in range(out[i].n_pungs)], int(out[i].pair)) for i in range(n)]


def _discard_shanten(counts, melds=(), void_suit=None):
    """Test hook: sc_parts_discard_shanten of a 14 - 3 x melds tile hand, {kind: shanten after
    discarding one copy of it} for every kind held (shanten's None for no win possible)."""
    cdef ScHand h
    cdef ScParts p
    cdef int out[SC_KINDS]
    cdef uint32_t cand = 0
    cdef int k
    load_hand(&h, counts, melds)
    _set_void(&h, void_suit)
    for k in range(SC_KINDS):
        if h.counts[k]:
            cand |= (<uint32_t>1) << k
    sc_read_parts(&h, &p)
    sc_parts_discard_shanten(&p, h.counts, cand, out)
    return {k: (None if out[k] == SC_NO_WIN else int(out[k])) for k in range(SC_KINDS) if (cand >> k) & 1}


def _discard_best(counts, melds=(), void_suit=None, cand=None, int first=-1):
    """Test hook: sc_parts_discard_best of a 14 - 3 x melds tile hand over the discard kinds
    `cand` (None: every kind held), suit `first` first: (the least shanten, the kinds reaching
    it)."""
    cdef ScHand h
    cdef ScParts p
    cdef int best
    cdef uint32_t m = 0, got
    load_hand(&h, counts, melds)
    _set_void(&h, void_suit)
    for k in range(SC_KINDS):
        if h.counts[k] and (cand is None or k in cand):
            m |= (<uint32_t>1) << k
    sc_read_parts(&h, &p)
    got = sc_parts_discard_best(&p, h.counts, m, &best, first)
    return best, {k for k in range(SC_KINDS) if (got >> k) & 1}


def is_win_many(const uint8_t[:, ::1] counts):
    """is_win over many meld-free hands at once, the GIL released: (N, 27) counts 0..4 -> (N,)
    bool. For Monte Carlo checks (fzsim.packs.sichuan.prob)."""
    cdef Py_ssize_t i, k, n = counts.shape[0]
    cdef ScHand h
    if counts.shape[1] != SC_KINDS:
        raise ValueError(f"counts must be (N, 27), got (N, {counts.shape[1]})")
    for i in range(n):
        for k in range(SC_KINDS):
            if counts[i, k] > 4:
                raise ValueError(f"counts[{i}, {k}] = {counts[i, k]}: allowed 0..4")
    out = np.zeros(n, dtype=np.uint8)
    cdef uint8_t[::1] o = out
    memset(&h, 0, sizeof(ScHand))
    with nogil:
        for i in range(n):
            memcpy(h.counts, &counts[i, 0], SC_KINDS)
            o[i] = sc_is_win(&h)
    return out.astype(bool)


def _table_many(const uint8_t[:, ::1] counts, const uint8_t[::1] n_melds, const uint8_t[::1] meld_suits,
                const uint32_t[::1] pungs, const uint32_t[::1] kongs, const uint8_t[::1] void_suit):
    """Test hook: the table path (sc_table_is_win, sc_table_wait_mask) over many hands at once, the
    GIL released. counts (N, 27) concealed counts; per row the melds as their count, suit bits and
    pung / kong kinds, and 定缺 as ScHand.void_suit. Returns (win (N,) bool, waits (N,) uint32)."""
    cdef Py_ssize_t i, n = counts.shape[0]
    cdef Hand x
    cdef ScMelds m
    cdef uint8_t c[34]
    if counts.shape[1] != SC_KINDS or not (n_melds.shape[0] == meld_suits.shape[0] == pungs.shape[0]
                                           == kongs.shape[0] == void_suit.shape[0] == n):
        raise ValueError("counts must be (N, 27) and every meld column N long")
    win = np.zeros(n, dtype=np.uint8)
    waits = np.zeros(n, dtype=np.uint32)
    cdef uint8_t[::1] w = win
    cdef uint32_t[::1] t = waits
    memset(c, 0, 34)
    with nogil:
        for i in range(n):
            memcpy(c, &counts[i, 0], SC_KINDS)
            hand_set_counts(&x, c, -1)
            m.n_melds = n_melds[i]
            m.suits = meld_suits[i]
            m.pungs = pungs[i]
            m.kongs = kongs[i]
            m.void_suit = void_suit[i]
            w[i] = sc_table_is_win(&x, &m)
            t[i] = sc_table_wait_mask(&x, &m)
    return win.astype(bool), waits
