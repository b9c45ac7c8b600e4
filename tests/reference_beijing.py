"""Slow, obviously-correct reference for the Beijing pack (tests only): win search with wilds, waits,
shanten and the fan table, sharing no code or tables with fzsim_core.packs.beijing.

* the standard shape and shanten: the exhaustive search of tests/reference_win.py (wilds stand for
  anything, a fifth copy too); seven pairs: the pairing search of tests/reference_sichuan.py;
* fans: every reading of the concealed tiles is enumerated (each set with which of its slots are
  real tiles and which wilds; sets made of wilds only are "free" and may be any set), the fan table
  of docs/spec/RULES-PACKS.md §4.4 is applied to each, and the best total is taken.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from reference_sichuan import _pairs_can
from reference_win import _can

N = 34


def _held(counts, melds, k):
    n = int(counts[k])
    for t, m in melds:
        if t == "chow":
            n += m <= k <= m + 2
        elif m == k:
            n += 3 if t == "pung" else 4
    return n


def _real(counts, wild):
    c = [int(x) for x in counts[:N]]
    w = 0
    if wild >= 0:
        w, c[wild] = c[wild], 0
    return c, w


def ref_is_win(counts, melds, wild) -> bool:
    c, w = _real(counts, wild)
    if sum(c) + w != 14 - 3 * len(melds):
        return False
    if not melds and _pairs_can(bytes(c), w, 0):
        return True
    return _can(bytes(c), w, True, 0)


def ref_waits(counts, melds, wild) -> int:
    mask = 0
    for k in range(N):
        if _held(counts, melds, k) >= 4:
            continue
        c = [int(x) for x in counts[:N]]
        c[k] += 1
        if ref_is_win(c, melds, wild):
            mask |= 1 << k
    return mask


def ref_shanten(counts, melds, wild):
    c, w = _real(counts, wild)
    size = sum(c) + w
    extra = 1 if size % 3 == 1 else 0
    for j in range(sum(c) + 1):
        ww = w + extra + j
        if _can(bytes(c), ww, True, j) or (not melds and _pairs_can(bytes(c), ww, j)):
            return j - 1 + extra
    raise AssertionError("unreachable")


# ---------------------------------------------------------------------------------------------
# Readings

def _groups_through(i):
    """(type, kinds) of every group holding tile i: its pung, its pair, the chows through it."""
    out = [("pung", (i, i, i)), ("pair", (i, i))]
    if i < 27:
        r = i % 9
        for s in (r - 2, r - 1, r):
            if 0 <= s <= 6:
                base = i - r + s
                out.append(("chow", (base, base + 1, base + 2)))
    return out


@lru_cache(maxsize=1 << 18)
def readings(counts: tuple, wilds: int, pair_open: bool) -> frozenset:
    """Every reading of the real tiles `counts` + `wilds` wilds as sets (+ the pair when open):
    a sorted tuple of groups (type, first kind, real-slot mask), 'free' groups being wilds only."""
    i = next((k for k in range(N) if counts[k]), -1)
    if i < 0:
        if pair_open:
            if wilds < 2 or (wilds - 2) % 3:
                return frozenset()
            return frozenset([(("free_pair", -1, 0),) + (("free_set", -1, 0),) * ((wilds - 2) // 3)])
        return frozenset([(("free_set", -1, 0),) * (wilds // 3)]) if wilds % 3 == 0 else frozenset()
    out = set()
    for gtype, kinds in _groups_through(i):
        if gtype == "pair" and not pair_open:
            continue
        own = kinds.index(i)
        others = [j for j in range(len(kinds)) if j != own]
        for choice in range(1 << len(others)):
            c = list(counts)
            c[i] -= 1
            used = 0
            mask = 1 << own
            ok = True
            for b, j in enumerate(others):
                if choice >> b & 1:
                    k = kinds[j]
                    if k < i or c[k] == 0:
                        ok = False
                        break
                    c[k] -= 1
                    mask |= 1 << j
                else:
                    used += 1
            if not ok or used > wilds:
                continue
            for rest in readings(tuple(c), wilds - used, pair_open and gtype != "pair"):
                out.add(tuple(sorted(rest + ((gtype, kinds[0], mask),))))
    return frozenset(out)


def pairings(counts: tuple, wilds: int):
    """Seven-pairs readings: (pair kinds of real tiles, free pairs of two wilds) for each way."""
    out = set()

    def go(c, w, acc):
        i = next((k for k in range(N) if c[k]), -1)
        if i < 0:
            if w % 2 == 0:
                out.add((tuple(sorted(acc)), w // 2))
            return
        c = list(c)
        c[i] -= 1
        if c[i] >= 1:
            c2 = list(c)
            c2[i] -= 1
            go(c2, w, acc + [i])
        if w:
            go(c, w - 1, acc + [i])

    go(list(counts), wilds, [])
    return out


FAN_VALUES = {"tuidaohu": 1, "zhuang": 1, "menqing_wuhui": 1, "duiduihe": 2, "dadiao": 2, "zhuowukui": 2, "haidi": 2,
              "yitiaolong": 3, "qiduizi": 4, "gangshang": 5, "qingyise": 6, "haohua": 8, "sihui": 8, "tianhe": 10,
              "dihe": 8}
LISTED = set(FAN_VALUES) - {"tuidaohu", "zhuang", "menqing_wuhui"}


def _unique_five(counts, melds, wild):
    c = [int(x) for x in counts[:N]]
    c[4] -= 1
    waits = ref_waits(c, melds, wild)
    if wild >= 0:
        waits &= ~(1 << wild)
    return waits == 1 << 4


def ref_fans(counts, melds, wild, *, selfdraw=False, kong_flower=False, last=False, tianhe=False, dihe=False,
             sihui=False, dealer_wins=False, dealer_pays=False, win_kind=-1, haidi_discard=1,
             zhuowukui_unique=True, sihui_shape=False):
    """The best total and every fan set reaching it: (total, [ {fan: 番}, ... ]), or None if no win."""
    c, w = _real(counts, wild)
    win = ref_is_win(counts, melds, wild)
    if sihui and w != 4:
        return None
    if not win and not sihui:
        return None
    fixed = {}
    if (dealer_wins or dealer_pays) and not tianhe:
        fixed["zhuang"] = 1
    if sihui:
        fixed["sihui"] = 8
        if not sihui_shape or not win:
            return sum(fixed.values()), [fixed]
    claimed = [m for m in melds if m[0] != "concealed_kong"]
    if not claimed and w == 0:
        fixed["menqing_wuhui"] = 1
    if len(melds) == 4 and len(claimed) == 4:
        fixed["dadiao"] = 2
    if last:
        fixed["haidi"] = 2 if selfdraw else haidi_discard
    if kong_flower:
        fixed["gangshang"] = 5
    kinds = {k for k in range(N) if c[k]} | {k + j for t, k in melds for j in (range(3) if t == "chow" else [0])}
    if kinds and all(k < 27 for k in kinds) and len({k // 9 for k in kinds}) == 1:
        fixed["qingyise"] = 6
    if tianhe:
        fixed["tianhe"] = 10
    if dihe:
        fixed["dihe"] = 8
    options = []
    if not melds and sum(c) + w == 14:
        for pairs, free in pairings(tuple(c), w):
            dup = len(set(pairs)) < len(pairs) or (free >= 1 and (pairs or free >= 2))
            options.append({"haohua": 8} if dup else {"qiduizi": 4})
    zwk_ok = (win_kind == 4 and wild != 4 and c[4] > 0 and (not zhuowukui_unique or _unique_five(counts, melds, wild)))
    if sum(c) + w == 14 - 3 * len(melds):
        for rd in readings(tuple(c), w, True):
            f = {}
            sets = [g for g in rd if g[0] not in ("pair", "free_pair")]
            free = sum(g[0] == "free_set" for g in rd)
            if all(g[0] != "chow" for g in sets) and all(t != "chow" for t, _ in melds):
                f["duiduihe"] = 2
            chows = {g[1] for g in sets if g[0] == "chow"} | {k for t, k in melds if t == "chow"}
            for s in range(3):
                if 3 - len(chows & {9 * s, 9 * s + 3, 9 * s + 6}) <= free:
                    f["yitiaolong"] = 3
            if zwk_ok and ("chow", 3, 7) in rd:
                f["zhuowukui"] = 2
            options.append(f)
    if not options:
        options = [{}]
    totals = []
    for f in options:
        fans = dict(fixed, **f)
        if not set(fans) & LISTED:
            fans["tuidaohu"] = 1
        totals.append((sum(fans.values()), fans))
    best = max(t for t, _ in totals)
    return best, [f for t, f in totals if t == best]


# ---------------------------------------------------------------------------------------------
# Random positions

def random_case(rng: np.random.Generator, concealed_13: bool, wild_rate: float = 0.8):
    """(counts, melds, wild): a random position (14 or 13 tiles counting melds as 3) with 0..4
    wilds, sometimes melds (chow / pung / kongs), often near a win."""
    for _ in range(200):
        wild = int(rng.integers(0, 34)) if rng.random() < wild_rate else -1
        n_melds = int(rng.choice([0, 0, 0, 1, 2, 3, 4])) if rng.random() < 0.35 else 0
        flush = rng.random() < 0.15
        suit = int(rng.integers(3))
        kinds = list(range(9 * suit, 9 * suit + 9)) if flush else list(range(N))
        total = np.zeros(N, dtype=np.int64)
        melds = []
        for _m in range(n_melds):
            k = int(rng.choice(kinds))
            t = str(rng.choice(["chow", "pung", "pung", "kong", "added_kong", "concealed_kong"]))
            if t == "chow" and (k >= 27 or k % 9 > 6):
                t = "pung"
            span = [k, k + 1, k + 2] if t == "chow" else [k]
            if wild in span:
                continue
            for j in span:
                total[j] += 1 if t == "chow" else (3 if t == "pung" else 4)
            melds.append((t, k))
        n = 4 - len(melds)
        counts = np.zeros(N, dtype=np.int64)
        if rng.random() < 0.4:
            pool = [k for k in kinds for _ in range(4)]
            pick = rng.choice(len(pool), size=3 * n + 2, replace=False)
            for p in pick:
                counts[pool[p]] += 1
        else:
            for _s in range(n):
                k = int(rng.choice(kinds))
                if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                    counts[k:k + 3] += 1
                else:
                    counts[k] += 3
            counts[int(rng.choice(kinds))] += 2
            for _x in range(int(rng.integers(0, 3))):
                held = np.flatnonzero(counts)
                counts[int(rng.choice(held))] -= 1
                counts[int(rng.choice(kinds))] += 1
        if wild >= 0:
            for _x in range(int(rng.integers(0, 5))):
                held = np.flatnonzero(counts)
                counts[int(rng.choice(held))] -= 1
                counts[wild] += 1
        if concealed_13:
            held = np.flatnonzero(counts)
            counts[int(rng.choice(held))] -= 1
        if (counts + total).max() <= 4 and counts.min() >= 0:
            return counts.astype(np.uint8), melds, wild
    raise AssertionError("no position drawn")


def clear_cache():
    readings.cache_clear()
    _can.cache_clear()
    _pairs_can.cache_clear()
