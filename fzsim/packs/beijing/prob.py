"""Exact 天胡 probability for Beijing (docs/spec/RULES-PACKS.md §4), with the 惠牌 wild, and a Monte Carlo check.

Why it is a sum of per-suit counts
----------------------------------
The wall is a uniform shuffle of the 136 tiles; the deal takes 53 tiles and then the 惠坯 is flipped
from the wall, so the indicator is a uniform tile and the dealer's 14 tiles a uniform 14-subset of
the other 135. Given the indicator kind i (probability 4/136 = 1/34 each), kind i has 3 copies
left, the 惠牌 kind w = next(i) (§4.2) has 4, every other kind 4. The dealer's hand is then a count
vector over the 34 kinds with weight prod C(copies_k, c_k); it wins (天胡) iff, with W = c_w wilds
and the other counts real:
* standard shape: need(real) <= W, need = sum over parts of f0 + min over parts of (f1 - f0), the
  core's per-suit need tables (fzsim_core.wintables) — wilds stand for anything, a fifth copy too;
* seven pairs: the real kinds' odd counts (singles) <= W (each single takes a wild);
* 四惠牌: W = 4, an automatic win (counted as its own row and inside 天胡).
Per part (three suits and the honours) every base-5 key is binned by (tiles, f0, f1 - f0, singles)
with its exact integer weight; the four parts are combined by a convolution over those bins, and
the 34 indicator kinds are summed (suits share one computation by symmetry). Everything is exact
in integers; the Monte Carlo samples whole deals and checks them with the core's win search.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import numpy as np

from fzsim.packs.beijing.calculator import wild_of
from fzsim.packs.kit import mc_note, table_row
from fzsim.stats import wilson
from fzsim_core.packs.beijing.shapes import is_win_many
from fzsim_core.wintables import need_tables

HAND = 14
TILES = 136
VARIANTS = ("beijing",)
_F0CAP = 6      # f0 sums above 5 can never be covered by 4 wilds (f1 - f0 >= -1)
_SCAP = 5       # more than 4 singles can never be paired by 4 wilds


@functools.lru_cache(maxsize=64)
def _part(honours: bool, three: int, zero: int) -> np.ndarray:
    """Weights binned [tiles, min(f0, 6), f1 - f0 (0: -1, 1: otherwise), min(singles, 5)] over one
    part's keys; rank `three` has 3 copies (the indicator), rank `zero` none (the wild), -1 neither."""
    ranks = 7 if honours else 9
    f0, f1 = need_tables(honours)
    keys = np.arange(5 ** ranks)
    digits = np.stack([(keys // 5 ** r) % 5 for r in range(ranks)])
    ways = np.ones(keys.size, dtype=np.int64)
    for r in range(ranks):
        copies = 0 if r == zero else (3 if r == three else 4)
        ways *= np.array([comb(copies, c) for c in range(5)], dtype=np.int64)[digits[r]]
    n = digits.sum(axis=0)
    keep = (n <= HAND) & (ways > 0)
    d = (f1.astype(np.int64) - f0)[keep]
    if not np.isin(d, (-1, 2)).all():
        raise AssertionError("f1 - f0 outside {-1, 2}")
    out = np.zeros((HAND + 1, _F0CAP + 1, 2, _SCAP + 1), dtype=object)
    idx = (n[keep], np.minimum(f0[keep], _F0CAP), (d != -1).astype(np.int64),
           np.minimum((digits[:, keep] % 2).sum(axis=0), _SCAP))
    flat = np.ravel_multi_index(idx, out.shape)
    w = ways[keep]
    order = np.argsort(flat, kind="stable")
    codes, starts = np.unique(flat[order], return_index=True)
    sums = np.add.reduceat(w[order], starts)
    out.flat[codes] = [int(s) for s in sums]
    out[out == 0] = 0
    return out


def _combine(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Convolution of two binned parts: tiles add, f0 add (capped), the d flag is the min, singles add."""
    out = np.zeros_like(a)
    an = [(idx, int(v)) for idx, v in np.ndenumerate(a) if v]
    bn = [(idx, int(v)) for idx, v in np.ndenumerate(b) if v]
    for (n1, f1, d1, s1), v1 in an:
        for (n2, f2, d2, s2), v2 in bn:
            n = n1 + n2
            if n > HAND:
                continue
            key = (n, min(f1 + f2, _F0CAP), min(d1, d2), min(s1 + s2, _SCAP))
            out[key] = out[key] + v1 * v2
    return out


def _wild_of(i: int) -> int:
    return wild_of(i)


@functools.lru_cache(maxsize=64)
def _ways_given_indicator(i: int) -> tuple[int, int, int, tuple]:
    """(wins, 四惠牌 hands, all hands, per wild count W = 0..4 (wins, hands)) of the dealer's 14 tiles,
    given indicator kind i."""
    w = _wild_of(i)
    parts = []
    for p in range(4):
        lo = 9 * p
        three = i - lo if lo <= i < lo + (7 if p == 3 else 9) else -1
        zero = w - lo if lo <= w < lo + (7 if p == 3 else 9) else -1
        parts.append(_part(p == 3, three, zero))
    acc = parts[0]
    for part in parts[1:]:
        acc = _combine(acc, part)
    win = four = total = 0
    by_w = [[0, 0] for _ in range(5)]
    for (n, f0, dflag, s), v in np.ndenumerate(acc):
        if not v:
            continue
        wilds = HAND - n
        if not 0 <= wilds <= 4:
            continue
        ways = int(v) * comb(4, wilds)
        total += ways
        need = f0 + (-1 if dflag == 0 else 2)
        by_w[wilds][1] += ways
        if need <= wilds or s <= wilds or wilds == 4:
            win += ways
            by_w[wilds][0] += ways
        if wilds == 4:
            four += ways
    return win, four, total, tuple(tuple(x) for x in by_w)


def _indicator_classes():
    """(indicator kind, how many kinds it stands for): the three suits share one count by symmetry."""
    return [(r, 3) for r in range(9)] + [(k, 1) for k in range(27, 34)]


@functools.lru_cache(maxsize=1)
def tianhu_exact() -> dict[str, Fraction]:
    """{"tianhu": P(the dealer's 14 tiles win, 四惠牌 included), "sihui": P(dealt all four 惠牌)}."""
    win = four = 0
    n_all = comb(TILES - 1, HAND)
    for i, mult in _indicator_classes():
        w, f, t, _ = _ways_given_indicator(i)
        if t != n_all:
            raise AssertionError(f"indicator {i}: {t} hands counted, expected C(135, 14) = {n_all}")
        win += mult * w
        four += mult * f
    return {"tianhu": Fraction(win, 34 * n_all), "sihui": Fraction(four, 34 * n_all)}


def tianhu_given_wilds_exact(wilds: int) -> Fraction:
    """P(天胡 | the dealer holds exactly `wilds` 惠牌), exact: a sharper check than the rare 天胡 itself."""
    if wilds not in range(5):
        raise ValueError(f"wilds {wilds!r}: allowed 0..4")
    win = total = 0
    for i, mult in _indicator_classes():
        w, t = _ways_given_indicator(i)[3][wilds]
        win += mult * w
        total += mult * t
    return Fraction(win, total)


def tianhu_given_wilds_monte_carlo(wilds: int, deals: int = 50_000, seed: int = 0) -> dict:
    """Sample deals holding exactly `wilds` 惠牌 (a uniform indicator, then `wilds` of the four 惠牌 and the
    rest uniformly from the other tiles) and check them with the core's win search."""
    if wilds not in range(5) or isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise ValueError(f"wilds {wilds!r}, deals {deals!r}: allowed 0..4 and a whole number >= 1")
    rng = np.random.default_rng(seed)
    hits = 0
    counts = np.zeros((deals, 34), dtype=np.uint8)
    wild = np.zeros(deals, dtype=np.int8)
    for j in range(deals):
        ind = int(rng.integers(34))
        w = _wild_of(ind)
        pool = [k for k in range(34) if k != w for _ in range(3 if k == ind else 4)]
        pick = rng.choice(len(pool), size=HAND - wilds, replace=False)
        np.add.at(counts[j], [pool[p] for p in pick], 1)
        counts[j, w] = wilds
        wild[j] = w
    hits = int(is_win_many(counts, wild).sum()) if wilds < 4 else deals
    lo, hi = wilson(hits, deals)
    return {"hits": hits, "deals": int(deals), "p": hits / deals, "lo": lo, "hi": hi}


def tianhu_monte_carlo(deals: int = 100_000, seed: int = 0) -> dict:
    """Sample `deals` (indicator, dealer's 14 tiles) from shuffled 136-tile walls and check them with the
    core's win search (fzsim_core.packs.beijing.shapes): an independent path from the counting."""
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 1")
    rng = np.random.default_rng(seed)
    tiles = np.repeat(np.arange(34), 4)
    nxt = np.array([_wild_of(k) for k in range(34)], dtype=np.int8)
    hits = four = done = 0
    while done < deals:
        m = min(50_000, deals - done)
        pick = np.argsort(rng.random((m, tiles.size)), axis=1)[:, :HAND + 1]
        kinds = tiles[pick]
        counts = np.zeros((m, 34), dtype=np.uint8)
        np.add.at(counts, (np.repeat(np.arange(m), HAND), kinds[:, :HAND].ravel()), 1)
        wild = nxt[kinds[:, HAND]]
        w_held = counts[np.arange(m), wild.astype(np.int64)]
        won = is_win_many(counts, wild) | (w_held == 4)
        hits += int(won.sum())
        four += int((w_held == 4).sum())
        done += m
    lo, hi = wilson(hits, deals)
    lo4, hi4 = wilson(four, deals)
    return {"hits": hits, "deals": int(deals), "p": hits / deals, "lo": lo, "hi": hi,
            "sihui": four, "sihui_p": four / deals, "sihui_lo": lo4, "sihui_hi": hi4}


_LABELS = {"tianhu": "天胡 available (dealer's 14 tiles win, 惠牌 wild)",
           "sihui": "四惠牌 dealt (all four 惠牌 in the dealer's 14 tiles)",
           "tianhu_given_3_wilds": "天胡 given exactly three 惠牌 dealt (the sharper check)"}


def probability_table(variant: str = "beijing", deals: int = 100_000, seed: int = 0):
    """The 天胡 rows of ``fzsim prob`` for Beijing in fzsim.prob's table format: the exact values beside
    a Monte Carlo estimate over `deals` sampled deals (0: exact only)."""
    import pandas as pd   # heavy: `fzsim prob` tables only

    if variant not in VARIANTS:
        raise ValueError(f"variant {variant!r} is not the Beijing preset: allowed {', '.join(VARIANTS)}")
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 0:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 0")
    exact = tianhu_exact()
    mc = tianhu_monte_carlo(int(deals), seed=seed) if deals else None
    given3 = float(tianhu_given_wilds_exact(3))
    mc3 = tianhu_given_wilds_monte_carlo(3, int(deals), seed=seed) if deals else None
    rows = [table_row(event, _LABELS[event], float(exact[event]), deals,
                      None if mc is None else {k: mc[f"{key}{k}"] for k in ("p", "lo", "hi")})
            for event, key in (("tianhu", ""), ("sihui", "sihui_"))]
    rows.append(table_row("tianhu_given_3_wilds", _LABELS["tianhu_given_3_wilds"], given3, deals, mc3))
    table = pd.DataFrame(rows)
    t = exact["tianhu"]
    table.attrs.update(variant=variant, pack="beijing", deals=int(deals), seed=int(seed), tiles=TILES,
                       exact_fraction=f"{t.numerator}/{t.denominator}")
    return table


def describe(table) -> str:
    """One paragraph saying what :func:`probability_table` holds."""
    a = table.attrs
    text = (f"variant {a['variant']}: the dealer's 14 tiles of 136 with the 惠牌 (the kind after a uniform "
            f"indicator) wild; exact P(天胡) = {a['exact_fraction']} by per-suit counting (standard shape or seven "
            f"pairs with up to 4 wilds, or 四惠牌)")
    return text + mc_note(a, "Beijing")
