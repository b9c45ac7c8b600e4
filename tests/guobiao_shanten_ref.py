"""Slow, obviously-right 国标 need (shanten + 1) by enumerating target hands, for the tests.

need = min over winning hands W of the shape of |W - h| (tiles of W not held), with W's counts
unbounded for the standard shape (as the core's tables); nothing here uses the core.

* standard: sets never span suits, so every split of the n sets and the pair over the three
  suits and the honours, and in each part every multiset of its sets (pungs, chows) by branch
  and bound; a set sharing no tile with what is left costs 3 whichever it is, so one "blank"
  set stands for all of them;
* 七对: 7 pairs with at most 2 per kind, by a DP over kinds;
* 十三幺: each orphan as the doubled one;
* 全不靠 / 七星不靠: every choice of 14 (7 + all honours) of the 16 candidate kinds per knitting;
* 组合龙: the 9 knitted tiles + every set + every pair, spelled out and compared with numpy.

Also random hands (13 / 14 tiles, 0..4 melds, biased towards each shape) for the sweeps.
"""
from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations

import numpy as np

KNIT = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
HONORS = list(range(27, 34))
SETS = [(k, k, k) for k in range(34)] + [(s * 9 + r, s * 9 + r + 1, s * 9 + r + 2) for s in range(3) for r in range(7)]
SHAPE_BITS = {"basic": 1, "seven_pairs": 2, "thirteen_orphans": 4, "honors_knitted": 8, "seven_stars": 16,
              "knitted_straight": 32}
NONE = 100


def knit_kinds(p):
    return [s * 9 + r for s in range(3) for r in range(KNIT[p][s], 9, 3)]


def _suit_sets(honors: bool):
    if honors:
        return [(k, k, k) for k in range(7)]
    return [(k, k, k) for k in range(9)] + [(r, r + 1, r + 2) for r in range(7)]


_PART_SETS = {False: _suit_sets(False), True: _suit_sets(True)}


@lru_cache(maxsize=500_000)
def _part(c: tuple, honors: bool, start: int, left: int, pair: int) -> int:
    """Fewest tiles missing from one suit's (or the honours') counts `c` for `left` sets from
    index `start` on plus `pair` pairs, by trying every set (sets never span suits)."""
    sets = _PART_SETS[honors]
    if left == 0:
        return min(2 - min(x, 2) for x in c) if pair else 0
    best = 3 + _part(c, honors, len(sets), left - 1, pair)  # a set sharing no held tile
    for i in range(start, len(sets)):
        cc = list(c)
        used = 0
        for k in sets[i]:
            if cc[k]:
                cc[k] -= 1
                used += 1
        if used and 3 - used < best:
            best = min(best, 3 - used + _part(tuple(cc), honors, i, left - 1, pair))
    return best


def basic_need(counts, n_sets: int) -> int:
    """Split the target's sets and pair over the four parts every way; each part by _part."""
    c = [int(x) for x in counts]
    parts = [(tuple(c[0:9]), False), (tuple(c[9:18]), False), (tuple(c[18:27]), False), (tuple(c[27:34]), True)]
    best = 99
    for m0 in range(n_sets + 1):
        for m1 in range(n_sets + 1 - m0):
            for m2 in range(n_sets + 1 - m0 - m1):
                ms = (m0, m1, m2, n_sets - m0 - m1 - m2)
                for j in range(4):
                    v = sum(_part(pc, hon, 0, ms[i], int(i == j)) for i, (pc, hon) in enumerate(parts))
                    best = min(best, v)
    return best


def seven_pairs_need(c) -> int:
    dp = {0: 0}  # pairs chosen -> cost
    for k in range(34):
        nxt = {}
        for pairs, cost in dp.items():
            for m in range(3):
                if pairs + m <= 7:
                    v = cost + max(0, 2 * m - int(c[k]))
                    if v < nxt.get(pairs + m, 99):
                        nxt[pairs + m] = v
        dp = nxt
    return dp[7]


def orphans_need(c) -> int:
    return min(sum(max(0, (2 if o == d else 1) - int(c[o])) for o in ORPHANS) for d in ORPHANS)


def _rows(choices):
    w = np.zeros((len(choices), 34), dtype=np.int16)
    for i, kinds in enumerate(choices):
        w[i, list(kinds)] = 1
    return w


# every 全不靠 (14 of the 16 kinds of a knitting + the honours) and every 七星不靠, as 0/1 rows
_HK = _rows([c for p in range(6) for c in combinations(knit_kinds(p) + HONORS, 14)])
_STARS = _rows([c + tuple(HONORS) for p in range(6) for c in combinations(knit_kinds(p), 7)])


def honors_knitted_need(c) -> int:
    return int(((_HK == 1) & (np.asarray(c) == 0)).sum(axis=1).min())


def seven_stars_need(c) -> int:
    return int(((_STARS == 1) & (np.asarray(c) == 0)).sum(axis=1).min())


def _straight_targets(with_set: bool) -> np.ndarray:
    rows = []
    for p in range(6):
        base = np.zeros(34, dtype=np.int16)
        base[knit_kinds(p)] = 1
        for s in (SETS if with_set else [()]):
            for pair in range(34):
                w = base.copy()
                for k in s:
                    w[k] += 1
                w[pair] += 2
                rows.append(w)
    return np.array(rows)


_STRAIGHT = {True: None, False: None}


def knitted_straight_need(c, n_melds: int) -> int:
    if n_melds > 1:
        return NONE
    with_set = n_melds == 0
    if _STRAIGHT[with_set] is None:
        _STRAIGHT[with_set] = _straight_targets(with_set)
    w = _STRAIGHT[with_set]
    return int(np.maximum(w - np.asarray(c, dtype=np.int16), 0).sum(axis=1).min())


def need(c, n_melds: int, shapes: int = 63) -> int:
    """The reference need of the shapes in the GB_SHAPE_* mask `shapes`."""
    out = [NONE]
    if shapes & 1:
        out.append(basic_need(c, 4 - n_melds))
    if n_melds == 0:
        if shapes & 2:
            out.append(seven_pairs_need(c))
        if shapes & 4:
            out.append(orphans_need(c))
        if shapes & 8:
            out.append(honors_knitted_need(c))
        if shapes & 16:
            out.append(seven_stars_need(c))
    if shapes & 32:
        out.append(knitted_straight_need(c, n_melds))
    return min(out)


def useful_mask(c, n_melds: int, shapes: int = 63) -> int:
    """Kinds (held < 4) whose draw lowers the reference need of a 13 - 3 n_melds tile hand."""
    d0 = need(c, n_melds, shapes)
    mask = 0
    c = np.array(c, dtype=np.uint8)
    for k in range(34):
        if c[k] < 4:
            c[k] += 1
            if need(c, n_melds, shapes) < d0:
                mask |= 1 << k
            c[k] -= 1
    return mask


# ---------------------------------------------------------------------------------------------
# random hands

def _meld_tiles(rng, left):
    """A random set drawable from `left` (136 tiles minus what is out), or None."""
    for _ in range(30):
        t = rng.choice(SETS)
        need_ = np.bincount(t, minlength=34)
        if (left >= need_).all():
            return t
    return None


def random_hand(rng: random.Random, size: int | None = None, n_melds: int | None = None):
    """(counts (34,) uint8, n_melds): a 13- or 14-tile hand, concealed or with melds, drawn from
    one of several pools so that every shape comes near completion often."""
    counts, melds = random_deal(rng, size, n_melds)
    return counts, len(melds)


def random_deal(rng: random.Random, size: int | None = None, n_melds: int | None = None):
    """(counts, melds): as random_hand, with the declared sets as (type 0 chow / 1 pung, lowest
    kind) pairs."""
    n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) if n_melds is None else n_melds
    size = (rng.choice((13, 14)) if size is None else size) - 3 * n_melds
    left = np.full(34, 4, dtype=np.int64)
    melds = []
    for _ in range(n_melds):
        t = _meld_tiles(rng, left)
        melds.append((1 if t[0] == t[1] else 0, t[0]))
        for k in t:
            left[k] -= 1
    r = rng.random()
    if r < 0.3:
        pool = list(range(34))
    elif r < 0.45:
        pool = ORPHANS * 2
    elif r < 0.6:
        pool = knit_kinds(rng.randrange(6)) * 2 + HONORS + [rng.randrange(34)]
    elif r < 0.75:  # one suit (+ honours)
        s = rng.randrange(3)
        pool = [s * 9 + i for i in range(9)] + (HONORS if rng.random() < 0.5 else [])
    else:  # pairs-heavy: few kinds
        pool = rng.sample(range(34), rng.randrange(5, 12))
    counts = np.zeros(34, dtype=np.uint8)
    while counts.sum() < size:
        k = rng.choice(pool) if rng.random() < 0.9 else rng.randrange(34)
        if counts[k] < left[k]:
            counts[k] += 1
    return counts, melds
