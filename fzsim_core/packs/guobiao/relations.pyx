# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Fans between sets for the 国标 evaluator (fans.pyx): 一般高 / 喜相逢 / 连六 / 老少副, the
three-chow fans (一色三同顺, 清龙, 一色三步高, 花龙, 三色三同顺, 三色三步高), 一色四同顺 / 一色四步高,
and among pungs 双同刻, 一色三节高 / 三同刻 / 三色三节高, 一色四节高.

The principles (docs/spec/RULES-PACKS.md §5.4) as this module reads them: 不拆移 — the sets of a fan do
not form further fans among themselves; 套算一次 — a set not yet in a fan joins a set already in
one once, so the pair fans form a forest; 不得相同 — a set in a fan does not form the same fan
again with another set. Pure C, no GIL.
"""
from libc.stdint cimport uint8_t

from fzsim_core.packs.guobiao.fanids cimport *

# ---------------------------------------------------------------------------------------------
# Fans between sets (不拆移, 不得相同, 套算一次)

cdef int _chow2(int a, int b) noexcept nogil:
    cdef int sa = a // 9, sb = b // 9, ra = a % 9, rb = b % 9
    if a == b:
        return F_PURE_DOUBLE_CHOW
    if ra == rb:
        return F_MIXED_DOUBLE_CHOW
    if sa == sb and (ra - rb == 3 or rb - ra == 3):
        return F_SHORT_STRAIGHT
    if sa == sb and ra + rb == 6 and (ra == 0 or rb == 0):
        return F_TWO_TERMINAL_CHOWS
    return 0


cdef inline void _sort3(int* x) noexcept nogil:
    cdef int t
    if x[0] > x[1]:
        t = x[0]; x[0] = x[1]; x[1] = t
    if x[1] > x[2]:
        t = x[1]; x[1] = x[2]; x[2] = t
    if x[0] > x[1]:
        t = x[0]; x[0] = x[1]; x[1] = t


cdef int _chow3(int a, int b, int c) noexcept nogil:
    cdef int s[3]
    cdef int r[3]
    s[0] = a // 9; s[1] = b // 9; s[2] = c // 9
    r[0] = a % 9; r[1] = b % 9; r[2] = c % 9
    _sort3(r)
    if s[0] == s[1] and s[1] == s[2]:
        if r[0] == r[2]:
            return F_PURE_TRIPLE_CHOW
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return F_PURE_STRAIGHT
        if r[1] - r[0] == r[2] - r[1] and (r[1] - r[0] == 1 or r[1] - r[0] == 2):
            return F_PURE_SHIFTED_CHOWS
        return 0
    if s[0] != s[1] and s[1] != s[2] and s[0] != s[2]:
        if r[0] == r[2]:
            return F_MIXED_TRIPLE_CHOW
        if r[0] == 0 and r[1] == 3 and r[2] == 6:
            return F_MIXED_STRAIGHT
        if r[1] - r[0] == 1 and r[2] - r[1] == 1:
            return F_MIXED_SHIFTED_CHOWS
    return 0


cdef int _pung2(int a, int b) noexcept nogil:
    if a // 9 != b // 9 and a % 9 == b % 9:
        return F_DOUBLE_PUNG
    return 0


cdef int _pung3(int a, int b, int c) noexcept nogil:
    cdef int s[3]
    cdef int r[3]
    cdef int x[3]
    x[0] = a; x[1] = b; x[2] = c
    _sort3(x)
    s[0] = x[0] // 9; s[1] = x[1] // 9; s[2] = x[2] // 9
    if s[0] == s[2] and x[1] == x[0] + 1 and x[2] == x[1] + 1:
        return F_PURE_SHIFTED_PUNGS
    if s[0] != s[1] and s[1] != s[2] and s[0] != s[2]:
        r[0] = a % 9; r[1] = b % 9; r[2] = c % 9
        _sort3(r)
        if r[0] == r[2]:
            return F_TRIPLE_PUNG
        if r[1] == r[0] + 1 and r[2] == r[1] + 1:
            return F_MIXED_SHIFTED_PUNGS
    return 0


cdef int _rel2(bint chows, int a, int b) noexcept nogil:
    return _chow2(a, b) if chows else _pung2(a, b)


cdef int _rel3(bint chows, int a, int b, int c) noexcept nogil:
    return _chow3(a, b, c) if chows else _pung3(a, b, c)


cdef int _rel4(bint chows, const int* t) noexcept nogil:
    cdef int i, j, x[4], tmp, d
    for i in range(4):
        x[i] = t[i]
    for i in range(4):
        for j in range(3 - i):
            if x[j] > x[j + 1]:
                tmp = x[j]; x[j] = x[j + 1]; x[j + 1] = tmp
    if x[0] // 9 != x[3] // 9:
        return 0
    d = x[1] - x[0]
    if x[2] - x[1] != d or x[3] - x[2] != d:
        return 0
    if chows:
        if d == 0:
            return F_QUADRUPLE_CHOW
        if d == 1 or d == 2:
            return F_FOUR_SHIFTED_CHOWS
    elif d == 1:
        return F_FOUR_SHIFTED_PUNGS
    return 0


cdef void gb_set_relations(bint chows, const int* t, int n, uint8_t* cnt) noexcept nogil:
    """Count the fans between n (<= 4) chows (chow lowest kinds) or suited pungs (kinds)."""
    cdef int i, j, k, l, x, f, f2, v, best = 0, ne = 0, mask, a, b, e, g, ok
    cdef int ea[6]
    cdef int eb[6]
    cdef int ef[6]
    cdef int pick[3]
    cdef int trio[3]
    cdef int npick = 0
    cdef int root[4]
    cdef int ra, rb
    cdef int tie = 1 << 20   # of equal values keep the lower sum of fan ids (一般高 before 喜相逢)
    if n < 2:
        return
    if n == 4:
        f = _rel4(chows, t)
        if f:
            cnt[f] += 1
            return
    if n >= 3:
        for i in range(n):
            for j in range(i + 1, n):
                for k in range(j + 1, n):
                    f = _rel3(chows, t[i], t[j], t[k])
                    if f == 0:
                        continue
                    v = GB_VALUE[f]
                    f2 = 0
                    if n == 4:
                        l = 6 - i - j - k
                        trio[0] = i
                        trio[1] = j
                        trio[2] = k
                        for x in range(3):
                            g = _rel2(chows, t[l], t[trio[x]])
                            if g and (f2 == 0 or GB_VALUE[g] > GB_VALUE[f2] or (GB_VALUE[g] == GB_VALUE[f2] and g < f2)):
                                f2 = g
                    if f2:
                        v += GB_VALUE[f2]
                    if v > best or (v == best and f + f2 < tie):
                        best = v
                        tie = f + f2
                        pick[0] = f
                        pick[1] = f2
                        npick = 2 if f2 else 1
    for i in range(n):
        for j in range(i + 1, n):
            f = _rel2(chows, t[i], t[j])
            if f:
                ea[ne] = i
                eb[ne] = j
                ef[ne] = f
                ne += 1
    if ne == 1 and GB_VALUE[ef[0]] > best:
        cnt[ef[0]] += 1
        return
    for mask in range(1, 1 << ne):
        # a forest in which fans of one name share no set
        for i in range(4):
            root[i] = i
        ok = 1
        v = 0
        for e in range(ne):
            if not (mask >> e & 1):
                continue
            for g in range(e):
                if (mask >> g & 1) and ef[g] == ef[e] and (
                        ea[g] == ea[e] or ea[g] == eb[e] or eb[g] == ea[e] or eb[g] == eb[e]):
                    ok = 0
            ra = ea[e]
            while root[ra] != ra:
                ra = root[ra]
            rb = eb[e]
            while root[rb] != rb:
                rb = root[rb]
            if ra == rb:
                ok = 0
            root[ra] = rb
            v += GB_VALUE[ef[e]]
        if not ok:
            continue
        g = 0
        for e in range(ne):
            if mask >> e & 1:
                g += ef[e]
        if v > best or (v == best and g < tie):
            best = v
            tie = g
            npick = 0
            for e in range(ne):
                if mask >> e & 1:
                    pick[npick] = ef[e]
                    npick += 1
    for i in range(npick):
        cnt[pick[i]] += 1


