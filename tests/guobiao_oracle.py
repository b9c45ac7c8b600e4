"""Random winning 国标 hands and the PyMahjongGB oracle, for the property tests and the benchmark.

A hand is a dict: counts (34,) uint8 concealed tiles with the winning tile, melds [(type, kind,
exposed)] (type 0 chow by its lowest kind, 1 pung, 2 kong; exposed 0 only for a concealed
kong), win (kind), flags (fzsim.fans FLAG_* bits), flowers, seat, round (0..3 = 东南西北).

PyMahjongGB (pip PyMahjongGB, the ChineseOfficialMahjongHelper calculator) is only an oracle
here: its tile codes are W 万, B 饼 (dots), T 条 (bamboo), F1..F4 东南西北 and J1 中, J2 发, J3 白
— the dragons run the other way from fzsim's 5z 白, 6z 发, 7z 中.
"""
from __future__ import annotations

import random
from collections import Counter

import numpy as np

from fzsim.packs.guobiao.calculator import (FAN_NAMES, FLAG_FOURTH_TILE, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE,
                        FLAG_ROBBED_KONG, FLAG_SELFDRAW)

CODES = ([f"W{r}" for r in range(1, 10)] + [f"B{r}" for r in range(1, 10)]
         + [f"T{r}" for r in range(1, 10)] + ["F1", "F2", "F3", "F4", "J3", "J2", "J1"])
SUITED = list(range(27))
HONORS = list(range(27, 34))
ORPHANS = [0, 8, 9, 17, 18, 26] + HONORS
KNIT = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]

# tile pools that make the colour / range fans likely
_POOLS = {
    "all": list(range(34)),
    "green": [19, 20, 21, 23, 25, 32],
    "reversible": [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31],
    "orphans": ORPHANS,
    "even": [k for k in SUITED if k % 9 in (1, 3, 5, 7)],
    "upper": [k for k in SUITED if k % 9 >= 6],
    "middle": [k for k in SUITED if 3 <= k % 9 <= 5],
    "lower": [k for k in SUITED if k % 9 <= 2],
    "upper4": [k for k in SUITED if k % 9 >= 5],
    "lower4": [k for k in SUITED if k % 9 <= 3],
    "simples": [k for k in SUITED if 1 <= k % 9 <= 7],
    "honors": HONORS,
    "winds": list(range(27, 31)) + list(range(34)),
    "dragons": [31, 32, 33] + list(range(34)),
}


_POOL_NAMES = list(_POOLS)[1:]


def _pool(rng):
    r = rng.random()
    if r < 0.35:
        return _POOLS["all"]
    if r < 0.55:  # one or two suits, maybe honours
        suits = rng.sample(range(3), rng.randrange(1, 3))
        pool = [s * 9 + i for s in suits for i in range(9)]
        return pool + (HONORS if rng.random() < 0.5 else [])
    return _POOLS[rng.choice(_POOL_NAMES)]


def _sets(rng, pool):
    """4 sets (type, kind) + a pair from the pool, within 4 copies, or None."""
    held = np.zeros(34, dtype=np.int64)
    sets = []
    chow_p = rng.choice((0.0, 0.3, 0.6, 0.9))
    base = rng.randrange(0, 9)
    suits = [s for s in range(3) if any(k // 9 == s for k in pool if k < 27)] or [0]
    for _ in range(4):
        for _try in range(20):
            if rng.random() < 0.5 and pool is not _POOLS["honors"]:
                # correlated ranks: shifted / repeated / cross-suit patterns
                s = rng.choice(suits)
                r = base + rng.choice((0, 0, 1, 2, 3, 4, 6, -1, -2, -3))
                k = s * 9 + min(max(r, 0), 8)
                if k not in pool:
                    k = rng.choice(pool)
            else:
                k = rng.choice(pool)
            if rng.random() < chow_p and k < 27:
                k = k - min(k % 9, 6) if k % 9 > 6 else k
                if all((k + i) in pool or pool is _POOLS["all"] for i in range(3)) and \
                        all(held[k + i] < 4 for i in range(3)):
                    held[k:k + 3] += 1
                    sets.append((0, k))
                    break
                continue
            kong = rng.random() < 0.12
            need = 4 if kong else 3
            if held[k] + need <= 4:
                held[k] += need
                sets.append((2 if kong else 1, k))
                break
        else:
            return None
    for _try in range(20):
        k = rng.choice(pool)
        if held[k] + 2 <= 4:
            return sets, k
    return None


def _finish(rng, counts, melds, held):
    """Pick the winning tile and the situation for a hand of known tiles."""
    tiles = np.repeat(np.arange(34), counts)
    w = int(tiles[rng.randrange(len(tiles))])
    sd = rng.random() < 0.5
    flags = FLAG_SELFDRAW if sd else 0
    if not sd and held[w] == 1 and rng.random() < 0.15:
        flags |= FLAG_ROBBED_KONG
    if sd and any(t == 2 for t, _, _ in melds) and rng.random() < 0.3:
        flags |= FLAG_KONG_REPLACEMENT
    if rng.random() < 0.1:
        flags |= FLAG_LAST_TILE
    if counts[w] == 1 and rng.random() < 0.15:
        flags |= FLAG_FOURTH_TILE
    flowers = 0 if rng.random() < 0.7 else rng.randrange(1, 9)
    return {"counts": counts.astype(np.uint8), "melds": melds, "win": w, "flags": flags,
            "flowers": flowers, "seat": rng.randrange(0, 4), "round": rng.randrange(0, 4)}


def _template(rng):
    """4 sets + a pair of a rare structure (双龙会, 花龙, kongs, terminal pungs), or None."""
    a, b, c = rng.sample(range(3), 3)
    kind = rng.randrange(6)
    if kind == 0:    # 三色双龙会
        sets, pair = [(0, a * 9), (0, a * 9 + 6), (0, b * 9), (0, b * 9 + 6)], c * 9 + 4
    elif kind == 1:  # 一色双龙会
        sets, pair = [(0, a * 9), (0, a * 9), (0, a * 9 + 6), (0, a * 9 + 6)], a * 9 + 4
    elif kind == 2:  # 花龙 / 清龙 + any set
        sets = [(0, a * 9), (0, (b if rng.random() < 0.7 else a) * 9 + 3), (0, c * 9 + 6)]
        sets.append((rng.randrange(2), rng.choice(SUITED[:7] + SUITED[9:16])))
        pair = rng.choice(_POOLS["all"])
    elif kind == 3:  # three or four kongs
        ks = rng.sample(_POOLS["all"], 4)
        n = rng.choice((3, 4))
        sets = [(2 if i < n else 1, k) for i, k in enumerate(ks)]
        pair = rng.choice(_POOLS["all"])
    elif kind == 4:  # terminal / honour pungs
        ks = rng.sample(ORPHANS if rng.random() < 0.5 else ORPHANS[:6], 4)
        sets, pair = [(2 if rng.random() < 0.1 else 1, k) for k in ks], rng.choice(ORPHANS)
    else:            # no fan likely: mixed suits and claims
        got = _sets(rng, _POOLS["all"])
        if got is None:
            return None
        sets, pair = got
    held = np.zeros(34, dtype=np.int64)
    for t, k in sets:
        if t == 0:
            held[k:k + 3] += 1
        else:
            held[k] += 4 if t == 2 else 3
    held[pair] += 2
    return (sets, pair) if (held <= 4).all() else None


def _basic(rng, template=False):
    while True:
        got = _template(rng) if template else _sets(rng, _pool(rng))
        if got is not None:
            break
    sets, pair = got
    n_melds = rng.choices(range(5), (0.35, 0.2, 0.2, 0.15, 0.1))[0]
    order = rng.sample(range(4), 4)
    declared = set(int(i) for i in order[:n_melds]) | {i for i, (t, _) in enumerate(sets) if t == 2}
    counts = np.zeros(34, dtype=np.int64)
    counts[pair] += 2
    melds = []
    for i, (t, k) in enumerate(sets):
        if i in declared:
            melds.append((t, k, 0 if t == 2 and rng.random() < 0.4 else 1))
        elif t == 0:
            counts[k:k + 3] += 1
        else:
            counts[k] += 3
    return counts, melds


def _held(counts, melds):
    held = counts.astype(np.int64).copy()
    for t, k, _ in melds:
        if t == 0:
            held[k:k + 3] += 1
        else:
            held[k] += 3 if t == 1 else 4
    return held


def _seven_pairs(rng):
    counts = np.zeros(34, dtype=np.int64)
    if rng.random() < 0.15:
        s, r = rng.randrange(0, 3), rng.randrange(0, 3)
        counts[s * 9 + r:s * 9 + r + 7] = 2
        return counts
    pool = _pool(rng)
    while counts.sum() < 14:
        k = rng.choice(pool)
        if counts[k] <= 2:
            counts[k] += 2
    return counts


def _knitted(rng, p):
    return [s * 9 + r for s in range(3) for r in range(KNIT[p][s], 9, 3)]


def random_hands(seed, n):
    """n random winning hands (dicts, module doc) from one seed."""
    rng = random.Random(seed)
    return [random_hand(rng) for _ in range(n)]


def random_hand(rng):
    """One random winning hand (dict, module doc), every shape and situation; `rng` is a
    ``random.Random`` (scalar draws from it are several times cheaper than numpy's)."""
    u = rng.random()
    melds = []
    if u < 0.72:
        counts, melds = _basic(rng)
    elif u < 0.78:
        counts, melds = _basic(rng, template=True)
    elif u < 0.86:
        counts = _seven_pairs(rng)
    elif u < 0.88:
        counts = np.zeros(34, dtype=np.int64)
        counts[ORPHANS] = 1
        counts[rng.choice(ORPHANS)] += 1
    elif u < 0.92:
        tiles = _knitted(rng, rng.randrange(0, 6)) + HONORS
        drop = rng.sample(range(9 if rng.random() < 0.3 else 16), 2)
        counts = np.zeros(34, dtype=np.int64)
        for i, k in enumerate(tiles):
            if i not in set(int(d) for d in drop):
                counts[k] = 1
    elif u < 0.98:
        while True:
            melds = []
            got = _sets(rng, _pool(rng))
            if got is None:
                continue
            (t, k), pair = got[0][0], got[1]
            counts = np.zeros(34, dtype=np.int64)
            counts[_knitted(rng, rng.randrange(0, 6))] = 1
            counts[pair] += 2
            if t != 0 and rng.random() < 0.5 or t == 2:
                melds = [(t, k, 0 if t == 2 and rng.random() < 0.4 else 1)]
            elif t == 0:
                counts[k:k + 3] += 1
            else:
                counts[k] += 3
            if rng.random() < 0.3 and t == 0:
                counts[k:k + 3] -= 1
                melds = [(0, k, 1)]
            if (_held(counts, melds) <= 4).all():
                break
    else:
        s = rng.randrange(0, 3)
        counts = np.zeros(34, dtype=np.int64)
        counts[s * 9:s * 9 + 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]
        counts[s * 9 + rng.randrange(0, 9)] += 1
    return _finish(rng, counts, melds, _held(counts, melds))


def oracle_args(h):
    """The positional arguments of PyMahjongGB's MahjongFanCalculator for a hand dict."""
    pack = tuple(("CHI", CODES[k + 1], 1) if t == 0 else ("PENG", CODES[k], 1) if t == 1
                 else ("GANG", CODES[k], 1 if exposed else 0) for t, k, exposed in h["melds"])
    c13 = np.array(h["counts"], dtype=np.int64)
    c13[h["win"]] -= 1
    hand = tuple(CODES[k] for k in range(34) for _ in range(int(c13[k])))
    f = h["flags"]
    return (pack, hand, CODES[h["win"]], h["flowers"], bool(f & FLAG_SELFDRAW), bool(f & FLAG_FOURTH_TILE),
            bool(f & (FLAG_ROBBED_KONG | FLAG_KONG_REPLACEMENT)), bool(f & FLAG_LAST_TILE), h["seat"], h["round"])


def oracle(h):
    """PyMahjongGB's (total, Counter {fan name: count}) for a hand dict."""
    from MahjongGB import MahjongFanCalculator

    fans = Counter()
    total = 0
    for value, count, name, _en in MahjongFanCalculator(*oracle_args(h), True):
        fans[name] += count
        total += value * count
    return total, fans


def as_arrays(hands):
    """The hands as fzsim.fans_many arrays: counts, melds, win, flags, flowers, seat, round."""
    n = len(hands)
    counts = np.zeros((n, 34), dtype=np.uint8)
    melds = np.full((n, 4, 3), -1, dtype=np.int8)
    cols = {k: np.zeros(n, dtype=np.uint8) for k in ("win", "flags", "flowers", "seat", "round")}
    for i, h in enumerate(hands):
        counts[i] = h["counts"]
        for j, m in enumerate(h["melds"]):
            melds[i, j] = m
        for k in cols:
            cols[k][i] = h[k]
    return counts, melds, cols


def ours(fans_row):
    """Counter {fan name: count} of one row of fans_many's fan counts."""
    return Counter({FAN_NAMES[f]: int(c) for f, c in enumerate(fans_row) if c})
