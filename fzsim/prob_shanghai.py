"""Exact 天胡 probability for Shanghai (RULES-PACKS.md §1): the dealer's 14 tiles form a win that meets
the minimum (§1.3), with a Monte Carlo check.

The 8 flowers are replaced (§1.1, the Fuzhou 补花 procedure), which looks only at where flowers lie,
so the dealer's 14 held tiles after the replacements are a uniform 14-subset of the 136 non-flower
tiles. A count vector (weight prod C(4, c_k)) wins iff it is
* 4 pungs + a pair (碰碰胡, 清碰, 混碰, 风碰): every part's digits are 0 or 3 except one part with
  exactly one 2;
* 4 sets + a pair within one suit and the honours (清一色, 混一色): f0 = 0 in every part but one,
  f1 = 0 in that one (the core's need tables, fzsim_core.wintables), and at most one suit present;
* 14 honours (风一色, no shape needed by default).
Parts (three suits, honours) are binned by (tiles, standard code, pungs code) and combined exactly in
integers. 八花齐 at the opening depends on the replacement order and is not counted here.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import numpy as np

from fzsim.prob_beijing import mc_note, table_row
from fzsim.stats import wilson
from fzsim_core.wintables import need_tables

HAND = 14
TILES = 136
VARIANTS = ("shanghai",)


@functools.lru_cache(maxsize=2)
def _part(honours: bool) -> dict[tuple[int, int, int], int]:
    """Exact weights per (tiles, standard code, pungs code) over one part; codes: 0 melds only, 1 melds
    + the pair, 2 neither."""
    ranks = 7 if honours else 9
    f0, f1 = need_tables(honours)
    keys = np.arange(5 ** ranks)
    digits = np.stack([(keys // 5 ** r) % 5 for r in range(ranks)])
    ways = np.ones(keys.size, dtype=np.int64)
    for r in range(ranks):
        ways *= np.array([comb(4, c) for c in range(5)], dtype=np.int64)[digits[r]]
    n = digits.sum(axis=0)
    std = np.where(f0 == 0, 0, np.where(f1 == 0, 1, 2))
    ok = np.isin(digits, (0, 2, 3)).all(axis=0)
    twos = (digits == 2).sum(axis=0)
    pung = np.where(ok & (twos == 0), 0, np.where(ok & (twos == 1), 1, 2))
    keep = n <= HAND
    out: dict = {}
    for key, w in zip(zip(n[keep].tolist(), std[keep].tolist(), pung[keep].tolist()), ways[keep].tolist()):
        out[key] = out.get(key, 0) + w
    return out


def _add(code_a: int, code_b: int) -> int:
    """Two parts' codes together: melds + melds = melds, melds + pair = pair, else neither."""
    s = code_a + code_b
    return s if s <= 1 else 2


DECKS = {"full": (True, True, True, True), "one_suit": (False, False, True, True),
         "pure_suit": (False, False, True, False)}


@functools.lru_cache(maxsize=4)
def tianhu_exact(deck: str = "full") -> Fraction:
    """P(the dealer's 14 dealt tiles are a win meeting the Shanghai minimum), exact. Decks "one_suit"
    (the 64 tiles of 条 and the honours) and "pure_suit" (the 36 条) are the sharper Monte Carlo
    checks' tile sets."""
    if deck not in DECKS:
        raise ValueError(f"deck {deck!r}: allowed {', '.join(DECKS)}")
    # state: (tiles, suits present (capped 2), standard code, pungs code)
    states = {(0, 0, 0, 0): 1}
    for p in range(4):
        if not DECKS[deck][p]:
            continue
        nxt: dict = {}
        for (size, suits, std, pung), w0 in states.items():
            for (n, s_code, p_code), w in _part(p == 3).items():
                if size + n > HAND:
                    continue
                key = (size + n, min(suits + (p < 3 and n > 0), 2), _add(std, s_code), _add(pung, p_code))
                nxt[key] = nxt.get(key, 0) + w0 * w
        states = nxt
    win = total = 0
    for (size, suits, std, pung), w in states.items():
        if size != HAND:
            continue
        total += w
        if pung == 1 or (suits <= 1 and std == 1) or suits == 0:
            win += w
    tiles = 4 * sum((7 if p == 3 else 9) for p in range(4) if DECKS[deck][p])
    if total != comb(tiles, HAND):
        raise AssertionError(f"{total} hands counted, expected C({tiles}, 14)")
    return Fraction(win, total)


def tianhu_monte_carlo(deals: int = 100_000, seed: int = 0, deck: str = "full") -> dict:
    """Sample `deals` 14-tile hands from the deck's tiles and check them with the core's pattern gate
    (fzsim_core.packs.shanghai): an independent path from the counting."""
    from fzsim_core.packs.shanghai.shapes import legal_many
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 1")
    if deck not in DECKS:
        raise ValueError(f"deck {deck!r}: allowed {', '.join(DECKS)}")
    rng = np.random.default_rng(seed)
    kinds = [k for k in range(34) if DECKS[deck][min(k // 9, 3)]]
    tiles = np.repeat(np.array(kinds), 4)
    hits = done = 0
    while done < deals:
        m = min(50_000, deals - done)
        pick = np.argsort(rng.random((m, tiles.size)), axis=1)[:, :HAND]
        counts = np.zeros((m, 34), dtype=np.uint8)
        np.add.at(counts, (np.repeat(np.arange(m), HAND), tiles[pick].ravel()), 1)
        hits += int(legal_many(counts).sum())
        done += m
    lo, hi = wilson(hits, deals)
    return {"hits": hits, "deals": int(deals), "p": hits / deals, "lo": lo, "hi": hi}


def probability_table(variant: str = "shanghai", deals: int = 100_000, seed: int = 0):
    """The 天胡 row of ``fzsim prob`` for Shanghai in fzsim.prob's table format."""
    import pandas as pd

    if variant not in VARIANTS:
        raise ValueError(f"variant {variant!r} is not the Shanghai preset: allowed {', '.join(VARIANTS)}")
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 0:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 0")
    exact = tianhu_exact()
    rows = []
    for event, deck, label in (("tianhu", "full", "天胡 available (dealer's 14 tiles a win meeting the minimum)"),
                               ("tianhu_one_suit", "one_suit", "天胡 with the 64 tiles of one suit and the honours"),
                               ("tianhu_pure_suit", "pure_suit", "天胡 with the 36 tiles of one suit")):
        value = float(tianhu_exact(deck))
        mc = tianhu_monte_carlo(int(deals), seed=seed, deck=deck) if deals else None
        rows.append(table_row(event, label, value, deals, mc))
    table = pd.DataFrame(rows)
    table.attrs.update(variant=variant, pack="shanghai", deals=int(deals), seed=int(seed), tiles=TILES,
                       exact_fraction=f"{exact.numerator}/{exact.denominator}")
    return table


def describe(table) -> str:
    """One paragraph saying what :func:`probability_table` holds."""
    a = table.attrs
    text = (f"variant {a['variant']}: the dealer's 14 tiles of the 136 non-flower tiles (flowers replaced); exact "
            f"P(天胡) = {a['exact_fraction']} by per-suit counting (碰碰胡-type pungs, one suit + honours, or 14 "
            f"honours)")
    return text + mc_note(a, "Shanghai")
