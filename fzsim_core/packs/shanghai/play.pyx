# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shanghai's small rules of play (contract in play.pxd; docs/spec/RULES-PACKS.md §1.1, §1.2, §1.4, SH-A1, SH-A6)."""
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memset

import numpy as np


cdef bint sh_kaibao(int d1, int d2) noexcept nogil:
    return d1 == d2 or (d1 == 1 and d2 == 4) or (d1 == 4 and d2 == 1)


cdef int sh_break_wall(int d1, int d2) noexcept nogil:
    # count the sum counter-clockwise starting with the roller as 1
    return (d1 + d2 - 1) % 4


cdef int sh_next_dealer(int dealer, int winners_mask, int discarder, int rule) noexcept nogil:
    cdef int i, s, n = 0, only = -1
    if winners_mask == 0:
        return dealer
    for i in range(4):
        if winners_mask & (1 << i):
            n += 1
            only = i
    if n == 1:
        return only
    for i in range(1, 4):
        s = (discarder + i) % 4
        if winners_mask & (1 << s):
            return s if rule == SH_DEALER_NEAREST else (s + 1) % 4
    return dealer


cdef int sh_huangfan_next(int h, int n_winners, bint per_winner, bint* doubled) noexcept nogil:
    if n_winners == 0:
        doubled[0] = 0
        return h + 1
    doubled[0] = h >= 1
    if h >= 1:
        h -= n_winners if per_winner else 1
    return h if h > 0 else 0


cdef void sh_louhu_pass(ShLouhu* s, int seat, int kind) noexcept nogil:
    s.barred[seat] |= (<uint64_t>1) << kind


cdef void sh_louhu_clear(ShLouhu* s, int seat) noexcept nogil:
    s.barred[seat] = 0


cdef bint sh_louhu_may_win(const ShLouhu* s, int seat, int kind, bint selfdraw) noexcept nogil:
    return selfdraw or not (s.barred[seat] >> kind) & 1


cdef void sh_chengbao_relations(const uint8_t* claims, int winner, uint8_t* out) noexcept nogil:
    cdef int x
    for x in range(4):
        out[x] = 0
        if x != winner:
            out[x] = (claims[4 * winner + x] >= 3) + (claims[4 * x + winner] >= 3)


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers

def _seat(name, v):
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v <= 3:
        raise ValueError(f"{name} {v!r}: allowed a seat 0..3")
    return int(v)


def _die(d):
    if isinstance(d, bool) or not isinstance(d, (int, np.integer)) or not 1 <= d <= 6:
        raise ValueError(f"die {d!r}: allowed 1..6")
    return int(d)


def kaibao(d1, d2):
    """True iff the dice (1..6 each) open a 开宝 hand: a double, or 1 and 4."""
    return bool(sh_kaibao(_die(d1), _die(d2)))


def break_wall(d1, d2):
    """(wall, stacks): the wall counted counter-clockwise from the roller (0 own, 1 下家, 2 opposite,
    3 上家) and the number of stacks skipped before drawing."""
    a, b = _die(d1), _die(d2)
    return int(sh_break_wall(a, b)), a + b


def next_dealer(dealer, winners=(), discarder=None, rule="nearest_winner"):
    """Next dealer after a hand won by `winners` (empty: drawn). Several winners need the discarder."""
    rules = {"nearest_winner": SH_DEALER_NEAREST, "after_nearest_winner": SH_DEALER_AFTER_NEAREST}
    if rule not in rules:
        raise ValueError(f"rule {rule!r}: allowed {', '.join(rules)}")
    d = _seat("dealer", dealer)
    mask = 0
    for w in winners:
        mask |= 1 << _seat("winner", w)
    if bin(mask).count("1") > 1:
        if discarder is None or mask & (1 << _seat("discarder", discarder)):
            raise ValueError(f"several winners {sorted(winners)} need the discarder seat (not a winner)")
    return int(sh_next_dealer(d, mask, -1 if discarder is None else int(discarder), rules[rule]))


def huangfan_sequence(winners_per_hand, per_winner=False, start=0):
    """The 荒番 counter over a match: for each hand's number of winners (0 = drawn), (H entering the
    hand, doubled?) ; returns that list and H after the last hand."""
    cdef bint doubled
    cdef int h = start
    if isinstance(start, bool) or not 0 <= start <= 1000:
        raise ValueError(f"start {start!r}: allowed 0..1000")
    out = []
    for n in winners_per_hand:
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 0 <= n <= 3:
            raise ValueError(f"winners {n!r}: allowed 0..3 per hand")
        before = h
        h = sh_huangfan_next(h, n, per_winner, &doubled)
        out.append((before, bool(doubled)))
    return out, int(h)


class Louhu:
    """漏胡 bookkeeping for four seats (a thin wrapper over ShLouhu, for tests and the docs)."""

    def __init__(self):
        self.barred = [0, 0, 0, 0]

    def passed(self, seat, kind):
        """`seat` declined a discard of `kind` that would have won."""
        s, k = _seat("seat", seat), int(kind)
        if not 0 <= k < 34:
            raise ValueError(f"kind {kind!r}: allowed 0..33")
        self.barred = _pass(list(self.barred), s, k)

    def moved(self, seat):
        """`seat` drew or claimed: its bars are lifted."""
        self.barred[_seat("seat", seat)] = 0

    def may_win(self, seat, kind, selfdraw=False):
        s, k = _seat("seat", seat), int(kind)
        if not 0 <= k < 34:
            raise ValueError(f"kind {kind!r}: allowed 0..33")
        return _may_win(self.barred, s, k, bool(selfdraw))


def _pass(list barred, int seat, int kind):
    cdef ShLouhu s
    cdef int i
    for i in range(4):
        s.barred[i] = barred[i]
    sh_louhu_pass(&s, seat, kind)
    return [int(s.barred[i]) for i in range(4)]


def _may_win(list barred, int seat, int kind, bint selfdraw):
    cdef ShLouhu s
    cdef int i
    for i in range(4):
        s.barred[i] = barred[i]
    return bool(sh_louhu_may_win(&s, seat, kind, selfdraw))


def chengbao_relations(claims, winner):
    """Per seat, its 承包 relations with `winner` (0, 1, or 2 when mutual) from claims[a][b] = sets
    seat a took from seat b's discards."""
    arr = np.asarray(claims)
    if arr.shape != (4, 4) or not np.issubdtype(arr.dtype, np.integer) or (arr < 0).any() or (arr > 255).any():
        raise ValueError(f"claims must be a 4 x 4 table of counts 0..255, got {arr.tolist()!r}")
    cdef uint8_t[::1] c = np.ascontiguousarray(arr, dtype=np.uint8).ravel()
    cdef uint8_t out[4]
    sh_chengbao_relations(&c[0], _seat("winner", winner), out)
    return [int(out[i]) for i in range(4)]
