"""Exact 天胡 probability for Shanghai (docs/spec/RULES-PACKS.md §1): the dealer's 14 tiles form a win that meets
the minimum (§1.3), with a Monte Carlo check.

The 8 flowers are replaced (RULES-PACKS §1.1: the 补花 procedure of RULES.md §3), which looks only at where flowers lie,
so the dealer's 14 held tiles after the replacements are a uniform 14-subset of the 136 non-flower
tiles. A count vector (weight prod C(4, c_k)) wins iff it is
* 4 pungs + a pair (碰碰胡, 清碰, 混碰, 风碰): every part's digits are 0 or 3 except one part with
  exactly one 2;
* 4 sets + a pair within one suit and the honours (清一色, 混一色): f0 = 0 in every part but one,
  f1 = 0 in that one (the core's need tables, fzsim_core.wintables), and at most one suit present;
* 14 honours (风一色, no shape needed by default).
Parts (three suits, honours) are binned by (tiles, standard code, pungs code) and combined exactly in
integers.

八花齐 at the deal (:func:`bahua_exact`): some seat holds all the flowers once the opening 补花 is done.
That looks only at where the flowers lie in the wall (a uniform subset of its 144 positions) and at
the pack's deal order (state.pxd deal_blocks / replace_dealt_flowers): blocks of 13 from the head to
the seats from the dealer, the dealer's 14th tile next, then rounds from the dealer in which each
seat holding flowers sets them aside and draws as many from the tail. One seat ends with all m
flowers iff the others are dealt none and, a of them dealt to it, the tail's first m tiles hold
the other m - a in an order that never lets its draws stop early (a ballot count): every other
seat draws nothing, so the seat's draws are the tail's first m tiles. :func:`bahua_monte_carlo`
plays that deal procedure itself on random walls (and tests check it against the engine's deal).
"""
from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import numpy as np

from fzsim.packs.kit import mc_note, table_row
from fzsim.stats import wilson
from fzsim_core.packs.shanghai.shapes import legal_many
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


WALL = 144
FLOWERS = 8
SEAT_HAND = 13


def _whole(name: str, v, lo: int, hi: int) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not lo <= v <= hi:
        raise ValueError(f"{name} {v!r}: allowed a whole number {lo}..{hi}")
    return int(v)


@functools.lru_cache(maxsize=16)
def _ballot(a: int, m: int) -> int:
    """Orders of the tail's first m tiles, m - a of them flowers, under which a seat dealt a flowers
    keeps drawing until it has drawn all m: after d < m draws it has found a + (flowers among them)
    > d flowers (its draws stop at the first d where the two are equal)."""
    # ways[f]: prefixes of the current length d holding f flowers, all still drawing
    ways = {0: 1}
    for d in range(m):
        nxt: dict = {}
        for f, w in ways.items():
            if a + f <= d:
                continue            # the draws stopped at d: not every flower reached the seat
            for fl in (0, 1):
                if f + fl <= m - a:
                    nxt[f + fl] = nxt.get(f + fl, 0) + w
        ways = nxt
    return ways.get(m - a, 0)


def bahua_exact(flowers: int = FLOWERS, seat: str = "any") -> Fraction:
    """P(one seat holds all `flowers` flowers after the opening 补花), exact: 8 for the pack's own wall,
    fewer (1..8) for the same deal with only that many flowers among the 144 tiles (the sharper Monte
    Carlo checks). seat: "any", "dealer" (who holds 14 tiles) or "other" (one given non-dealer)."""
    m = _whole("flowers", flowers, 1, FLOWERS)
    blocks = {"any": (SEAT_HAND + 1,) + (SEAT_HAND,) * 3, "dealer": (SEAT_HAND + 1,), "other": (SEAT_HAND,)}
    if seat not in blocks:
        raise ValueError(f"seat {seat!r}: allowed {', '.join(blocks)}")
    ways = sum(comb(b, a) * _ballot(a, m) for b in blocks[seat] for a in range(1, m + 1))
    return Fraction(ways, comb(WALL, m))


def opening_flowers(positions, dealer: int = 0) -> list[int]:
    """The flowers each seat holds after the opening 补花 of a wall whose flowers lie at `positions`
    (indices into the 144-tile wall, 0 the head), the pack's deal order played out."""
    flower = np.zeros(WALL, dtype=bool)
    flower[np.asarray(positions, dtype=np.int64)] = True
    dealt = [0, 0, 0, 0]
    for i in range(4):
        s = (dealer + i) % 4
        dealt[s] = int(flower[SEAT_HAND * i:SEAT_HAND * (i + 1)].sum())
    dealt[dealer] += int(flower[4 * SEAT_HAND])
    held = [0, 0, 0, 0]
    tail = WALL - 1
    active = [True] * 4
    while True:
        again = [False] * 4
        for i in range(4):
            s = (dealer + i) % 4
            if not active[s] or not dealt[s]:
                continue
            n, dealt[s] = dealt[s], 0
            held[s] += n
            for _ in range(n):
                if flower[tail]:
                    dealt[s] += 1
                    again[s] = True
                tail -= 1
        if not any(again):
            return held
        active = again


def bahua_monte_carlo(deals: int = 100_000, seed: int = 0, flowers: int = FLOWERS) -> dict:
    """Deal `deals` random walls (the flowers' positions a uniform subset of the 144) and count those
    where one seat ends the opening 补花 with all `flowers` flowers (opening_flowers: the deal order
    played out, not the counting)."""
    if isinstance(deals, bool) or not isinstance(deals, (int, np.integer)) or deals < 1:
        raise ValueError(f"deals {deals!r}: allowed a whole number >= 1")
    m = _whole("flowers", flowers, 1, FLOWERS)
    rng = np.random.default_rng(seed)
    hits = 0
    for _ in range(int(deals)):
        pos = rng.choice(WALL, size=m, replace=False)
        if max(opening_flowers(pos)) == m:
            hits += 1
    lo, hi = wilson(hits, deals)
    return {"hits": hits, "deals": int(deals), "p": hits / deals, "lo": lo, "hi": hi}


def probability_table(variant: str = "shanghai", deals: int = 100_000, seed: int = 0):
    """The 天胡 row of ``fzsim prob`` for Shanghai in fzsim.prob's table format."""
    import pandas as pd   # heavy: `fzsim prob` tables only

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
    # 八花齐: the pack's 8 flowers, then the same deal with 3 and 2 flowers in the wall (frequent
    # enough for a sample of deals to test the counting)
    for m, event, label in ((FLOWERS, "bahua", "八花齐 at the deal (one seat holds all 8 flowers after 补花)"),
                            (3, "bahua_3_flowers", "one seat holds all 3 flowers (a wall with 3 flowers)"),
                            (2, "bahua_2_flowers", "one seat holds both flowers (a wall with 2 flowers)")):
        mc = bahua_monte_carlo(int(deals), seed=seed, flowers=m) if deals else None
        row = table_row(event, label, float(bahua_exact(m)), deals, mc)
        row["role"] = "any seat"
        rows.append(row)
    table = pd.DataFrame(rows)
    table.attrs.update(variant=variant, pack="shanghai", deals=int(deals), seed=int(seed), tiles=TILES,
                       exact_fraction=f"{exact.numerator}/{exact.denominator}",
                       bahua_fraction=f"{bahua_exact().numerator}/{bahua_exact().denominator}")
    return table


def describe(table) -> str:
    """One paragraph saying what :func:`probability_table` holds."""
    a = table.attrs
    text = (f"variant {a['variant']}: the dealer's 14 tiles of the 136 non-flower tiles (flowers replaced); exact "
            f"P(天胡) = {a['exact_fraction']} by per-suit counting (碰碰胡-type pungs, one suit + honours, or 14 "
            f"honours); exact P(八花齐 at the deal) = {a['bahua_fraction']} by counting where the 8 flowers lie "
            f"(the deal in blocks of 13, 补花 from the tail in rounds from the dealer)")
    return text + mc_note(a, "Shanghai")
