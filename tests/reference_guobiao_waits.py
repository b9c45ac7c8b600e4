"""A vectorised reference for the 国标 wait mask on large samples (the table path's million-hand
sweep), sharing no code or tables with fzsim_core: a kind is a wait iff the hand plus it is one of
the 国标 shapes, each checked by its definition over whole arrays —

* basic: n sets + a pair, from the per-part DP tables of tests/reference_need.py (fzsim.prob's
  former tables, chows in the suits, pungs and pairs only in the honours);
* 七对 (no odd count, four of a kind = two pairs), 十三幺 (every orphan, nothing else), 全不靠 (14
  singles, the suited ones within one knitting), 组合龙 (a knitting's 9 tiles held, the rest a
  basic shape; one declared set allowed).

Plus random 13 - 3 n tile positions biased to each shape, drawn with whole-array steps.
"""
from __future__ import annotations

import numpy as np

from reference_need import dp_need_table
from vector_positions import swap_and_fit

KNIT = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
ORPHANS = np.array([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33])
KNIT_KINDS = np.array([[s * 9 + r for s in range(3) for r in range(KNIT[p][s], 9, 3)] for p in range(6)])
SUITED_MASK = np.zeros(34, bool)
SUITED_MASK[:27] = True


def _tables():
    suit = [t.astype(np.int64) for t in dp_need_table(9, True)]
    honour = [t.astype(np.int64) for t in dp_need_table(7, False)]
    return suit, honour


def basic(c, tables):
    """Rows of c (n, 34) that are sets + a pair (any number of sets)."""
    (s0, s1), (h0, h1) = tables
    parts = [(c[:, 9 * s:9 * s + 9] @ (5 ** np.arange(9)), s0, s1) for s in range(3)]
    parts.append((c[:, 27:] @ (5 ** np.arange(7)), h0, h1))
    a0 = np.stack([f0[k] for k, f0, _ in parts])
    a1 = np.stack([f1[k] for k, _, f1 in parts])
    return a0.sum(0) + (a1 - a0).min(0) == 0


def wins(c, n_melds, tables):
    """Rows of c (n, 34) of 14 - 3 n_melds tiles that are a 国标 shape."""
    c = c.astype(np.int64)
    sized = c.sum(1) == 14 - 3 * n_melds
    free = n_melds == 0
    win = basic(c, tables)
    win |= free & ~(c % 2).any(1)
    others = np.ones(34, bool)
    others[ORPHANS] = False
    win |= free & (c[:, ORPHANS] >= 1).all(1) & ~c[:, others].any(1)
    singles = free & (c.max(1) <= 1)
    for p in range(6):
        outside = SUITED_MASK.copy()
        outside[KNIT_KINDS[p]] = False
        win |= singles & ~c[:, outside].any(1)
        has = np.flatnonzero((c[:, KNIT_KINDS[p]] >= 1).all(1) & (n_melds <= 1))
        rest = c[has]   # a copy: the rows holding the knitting
        rest[:, KNIT_KINDS[p]] -= 1
        win[has] |= basic(rest, tables)
    return sized & win


def ref_waits(counts, n_melds):
    """(n,) int64 masks: kinds k (held fewer than four times) with counts + k a shape."""
    tables = _tables()
    n_melds = n_melds.astype(np.int64)
    out = np.zeros(len(counts), np.uint64)
    for k in range(34):
        c = counts.astype(np.int64)
        room = c[:, k] < 4
        c[:, k] = np.minimum(c[:, k] + 1, 4)
        out |= (wins(c, n_melds, tables) & room).astype(np.uint64) << np.uint64(k)
    return out


def random_positions(rng: np.random.Generator, n: int):
    """n positions of 13 - 3 n_melds concealed tiles ((n, 34) uint8 counts, (n,) n_melds): a
    winning template (basic with 0..2 melds, 七对, 十三幺, 全不靠, 组合龙 with 0..1 melds, or 14
    tiles drawn at random), one tile taken off and 0..2 more swapped."""
    rows = np.arange(n)
    c = np.zeros((n, 34), np.int64)
    template = rng.integers(0, 6, n)
    n_melds = np.where(template == 0, rng.integers(0, 3, n), np.where(template == 4, rng.integers(0, 2, n), 0))

    def add_sets(on, count):
        for j in range(4):
            live = on & (j < count)
            k = rng.integers(0, 34, n)
            chow = live & (k < 27) & (k % 9 <= 6) & (rng.random(n) < 0.6)
            for d in range(3):
                c[rows[chow], k[chow] + d] += 1
            c[rows[live & ~chow], k[live & ~chow]] += 3
        k = rng.integers(0, 34, n)
        c[rows[on], k[on]] += 2

    add_sets(template == 0, 4 - n_melds)
    for _ in range(7):
        k = rng.integers(0, 34, n)
        c[rows[template == 1], k[template == 1]] += 2
    on = template == 2
    c[np.ix_(on, ORPHANS)] += 1
    k = ORPHANS[rng.integers(0, 13, n)]
    c[rows[on], k[on]] += 1
    p = rng.integers(0, 6, n)
    on = template == 3
    pick = np.concatenate([KNIT_KINDS[p], np.tile(np.arange(27, 34), (n, 1))], axis=1)   # 16 candidates
    keep = np.argsort(rng.random((n, 16)), axis=1)[:, :14]
    chosen = np.take_along_axis(pick, keep, axis=1)
    for j in range(14):
        c[rows[on], chosen[on, j]] += 1
    on = template == 4
    for j in range(9):
        c[rows[on], KNIT_KINDS[p][on, j]] += 1
    add_sets(on, 1 - n_melds)
    c[template == 5] = 0
    for _ in range(14):
        k = rng.integers(0, 34, n)
        c[rows[template == 5], k[template == 5]] += 1
    swap_and_fit(rng, c, 13 - 3 * n_melds, np.full((n, 34), 4), 2, 0.35)
    return c.astype(np.uint8), n_melds.astype(np.uint8)
