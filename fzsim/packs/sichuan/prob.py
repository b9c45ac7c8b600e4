"""Exact 天胡 probability for the Sichuan presets (docs/spec/RULES-PACKS.md §2, §3), with a Monte Carlo check.

The dealer's 14 tiles are a uniform 14-subset of the 108 suited tiles (no flowers, no gold, no
dealing detail can bias which tiles), so P(天胡) = (weighted count of winning 14-tile count
vectors) / C(108, 14), the weight of a vector being prod C(4, c_k). A vector wins iff at most two
suits are present and either every count is even (seven pairs; four of a kind = two pairs) or
one suit is melds + a pair and the others melds only (f1 = 0 / f0 = 0 in the core's per-suit
need tables, no golds). Per suit we bin every base-5 key by (tiles, melds-only, melds + pair,
all even); the three suits are then combined exactly in integers. Both presets share tiles and
shapes, so their 天胡 probability is the same number (血战 only changes who deals).
"""
from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import numpy as np

from fzsim.stats import wilson
from fzsim_core.packs.sichuan.shapes import is_win_many
from fzsim_core.wintables import need_tables

HAND = 14
TILES = 108
VARIANTS = ("sichuan", "xuezhan")


@functools.lru_cache(maxsize=1)
def _suit_bins() -> dict[tuple[int, bool, bool, bool], int]:
    """Exact ways per (tiles, melds only, melds + pair, all even) over one suit's count vectors."""
    f0, f1 = need_tables(False)
    keys = np.arange(5 ** 9)
    digits = np.stack([(keys // 5 ** r) % 5 for r in range(9)])
    n = digits.sum(axis=0)
    ways = np.ones(keys.size, dtype=np.int64)   # at most 6^9 ~ 1e7 per key: int64 is exact
    for r in range(9):
        ways *= np.array([comb(4, c) for c in range(5)], dtype=np.int64)[digits[r]]
    even = (digits % 2 == 0).all(axis=0)
    keep = n <= HAND
    code = (n * 8 + (f0 == 0) * 4 + (f1 == 0) * 2 + even)[keep]
    w = ways[keep]
    # sum the integer weights per bin exactly (np.bincount would go through float64)
    order = np.argsort(code, kind="stable")
    codes, starts = np.unique(code[order], return_index=True)
    parts = np.add.reduceat(w[order], starts)
    return {(int(c) // 8, bool(c & 4), bool(c & 2), bool(c & 1)): int(t) for c, t in zip(codes, parts)}


def tianhu_ways(suits: int = 3) -> tuple[int, int]:
    """(winning 14-tile hands, all 14-tile hands) over a tile set of `suits` suits (3: the 108
    tiles; 2 and 1 give the smaller sets the Monte Carlo check also samples)."""
    if suits not in (1, 2, 3):
        raise ValueError(f"suits {suits!r}: allowed 1, 2 or 3")
    # state: (tiles, suits present, pair suits, every suit melds-or-melds+pair, all counts even)
    states = {(0, 0, 0, True, True): 1}
    for _ in range(suits):
        nxt: dict = {}
        for (size, present, pairs, std, even), w0 in states.items():
            for (n, melds, pair, ev), w in _suit_bins().items():
                if size + n > HAND:
                    continue
                key = (size + n, present + (n > 0), min(pairs + pair, 2), std and (melds or pair), even and ev)
                nxt[key] = nxt.get(key, 0) + w0 * w
        states = nxt
    win = sum(w for (size, present, pairs, std, even), w in states.items()
              if size == HAND and present <= 2 and ((std and pairs == 1) or even))
    return win, comb(9 * 4 * suits, HAND)


def tianhu_exact(variant: str = "sichuan") -> Fraction:
    """P(the dealer's 14 dealt tiles are a win), exact."""
    if variant not in VARIANTS:
        raise ValueError(f"variant {variant!r} is not a Sichuan preset: allowed {', '.join(VARIANTS)}")
    w, n = tianhu_ways(3)
    return Fraction(w, n)


def tianhu_monte_carlo(deals: int = 100_000, seed: int = 0, suits: int = 3) -> dict:
    """Sample `deals` 14-tile hands from the `suits`-suit tile set and check them with the core's
    whole-hand win search (an independent path from the per-suit counting)."""
    if suits not in (1, 2, 3):
        raise ValueError(f"suits {suits!r}: allowed 1, 2 or 3")
    if not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 1")
    rng = np.random.default_rng(seed)
    tiles = np.repeat(np.arange(9 * suits), 4)
    hits = 0
    done = 0
    while done < deals:
        m = min(50_000, deals - done)
        pick = np.argsort(rng.random((m, tiles.size)), axis=1)[:, :HAND]
        kinds = tiles[pick]
        counts = np.zeros((m, 27), dtype=np.uint8)
        np.add.at(counts, (np.repeat(np.arange(m), HAND), kinds.ravel()), 1)
        hits += int(is_win_many(counts).sum())
        done += m
    lo, hi = wilson(hits, deals)
    return {"hits": hits, "deals": deals, "p": hits / deals, "lo": lo, "hi": hi}


_LABELS = {"tianhu": "天胡 available (dealer's 14 tiles win)",
           "tianhu_two_suits": "天胡 with the tiles of two given suits (72-tile check)"}


def probability_table(variant: str = "sichuan", deals: int = 100_000, seed: int = 0):
    """The 天胡 rows of ``fzsim prob`` for a Sichuan preset, in fzsim.prob's table format: the
    exact value over the 108 tiles and, for a check with more hits, over the 72 tiles of two
    suits, each beside a Monte Carlo estimate of `deals` sampled deals (0: exact only)."""
    import pandas as pd   # heavy: `fzsim prob` tables only

    exact = tianhu_exact(variant)
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 0:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 0")
    rows = []
    for event, suits, value in (("tianhu", 3, float(exact)), ("tianhu_two_suits", 2, _ratio(2))):
        mc = tianhu_monte_carlo(int(deals), seed=seed, suits=suits) if deals else None
        rows.append({"window": "opening", "event": event, "label": _LABELS[event], "role": "dealer",
                     "exact": value, "mc": mc["p"] if mc else float("nan"),
                     "lo": mc["lo"] if mc else float("nan"), "hi": mc["hi"] if mc else float("nan"),
                     "n": int(deals), "source": "deals",
                     "agrees": bool(mc["lo"] <= value <= mc["hi"]) if mc else None})
    table = pd.DataFrame(rows)
    table.attrs.update(variant=variant, pack="sichuan", deals=int(deals), seed=int(seed), tiles=TILES,
                       exact_fraction=f"{exact.numerator}/{exact.denominator}")
    return table


def _ratio(suits: int) -> float:
    w, n = tianhu_ways(suits)
    return w / n


def describe(table) -> str:
    """One paragraph saying what :func:`probability_table` holds."""
    a = table.attrs
    text = (f"variant {a['variant']}: the dealer's 14 tiles of the 108 suited tiles (no gold, no flowers); exact "
            f"P(天胡) = {a['exact_fraction']} by per-suit counting (standard shape or seven pairs, at most two "
            f"suits; the same for sichuan and xuezhan)")
    if a.get("deals"):
        text += f"; Monte Carlo: {a['deals']:,} sampled deals per row, seed {a['seed']}"
    return text + (f". Whole-hand rates (patterns, drawn hands) come from runs: fzsim run --variant {a['variant']},"
                   " then fzsim report.")
