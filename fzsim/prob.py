"""Probability tables for the opening window (抢金 / 三金倒 / 天胡) and whole hands.

Exact part: why the opening deal is hypergeometric
--------------------------------------------------
The wall is a uniform shuffle of all 144 tiles. Split it into three independent,
uniform pieces: the positions of the flowers, the order of the flowers, and the
order of the non-flower tiles. Dealing and 补花 (docs/spec/RULES.md §3) decide *which
positions* end up in each hand, and the indicator flip (§4) takes the first
non-flower tile at the tail; both look only at where the flowers lie, never at
which non-flower tile sits where. So, conditional on the flower positions, the
non-flower tiles are split uniformly at random into: the indicator (1), the
dealer's hand (17), each non-dealer's hand (16) and the rest. Every seat's hand
after 补花 is therefore a uniform subset of the non-flower tiles minus the
indicator: 107 tiles under ``honors_are_flowers`` (the default, RULES.md §1), 135 otherwise.
The indicator is one of the four copies of the gold kind, so 3 live golds are
among those tiles and a seat's gold count is hypergeometric(N, 3, hand size).

天胡 and 抢金 go further by per-suit counting. A hand's real (non-gold) tiles
are a count vector per suit; the number of ways to draw a vector ``c`` is
``prod C(4, c_r)`` (the gold kind contributes nothing: its 3 live copies are the
golds). For every per-suit vector we compute ``f0`` (golds needed to turn the
suit into melds only) and ``f1`` (melds plus the pair) from the core's win tables
(``fzsim_core.wintables``; the tests recompute them by an independent dynamic
program and a brute-force solver), then multiply per-suit generating functions, keeping the tile count
and the capped need values, so every 17- or 16-tile hand is counted once with
its weight. A hand with ``k`` golds wins iff ``min_e f1(e) + sum_{s!=e} f0(s) <= k``
(docs/spec/RULES.md §5-§6 shape: melds + one pair, golds wild, a gold may be a 5th copy).

* 天胡 (dealer, 17 tiles): need(real tiles) <= golds.
* 抢金 by a non-dealer (16 tiles + the indicator, which is a gold, §10 "G ...
  the robbed indicator included"): need <= golds + 1, i.e. the hand is ready.
* 抢金 by the dealer: some tile of the 17 can be discarded so that the other 16
  plus the indicator win; discarding a real tile ``t`` leaves need(c - t) <= k + 1,
  discarding a gold leaves need(c) <= k.

"Available" means the tiles allow it, whatever a higher-priority seat does;
whether it is actually won after the §7 priorities is measured by Monte Carlo.

Monte Carlo part
----------------
:func:`opening_monte_carlo` samples deals directly (numpy permutations of the
non-flower tiles) and checks them with the win tables of :mod:`fzsim.wincheck`
— an independent search over whole hands, not the per-suit counting above — so
the exact values can be tested against it. It also applies the §7 order (天胡 > non-dealer
三金倒 > non-dealer 抢金 nearest first > dealer 抢金) to give P(抢金 won), assuming
every seat takes a win it may take (as the ``greedy`` policy does).
:func:`whole_hand_rates` reads simulated hands (``fzsim.simulate`` output or
``play_block`` columns) for P(三金倒 won), P(金雀), P(金龙) and the rest.

Every Monte Carlo figure comes with a Wilson 95% interval and its number of hands.
"""
from __future__ import annotations

import functools
import math
import unicodedata
from math import comb

import numpy as np

from fzsim import rules as _rules
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import policy_seats
from fzsim.stats import wilson
from fzsim.wincheck import is_win_many
from fzsim_core.engine import play_block
from fzsim_core.win_facts import SPECIALS, WIN_TYPES
from fzsim_core.wintables import need_tables

#: need values above this cannot matter (at most 3 golds + the indicator = 4)
_CAP = 5
#: hand sizes at the opening window (docs/spec/RULES.md §3)
DEALER_TILES = 17
NONDEALER_TILES = 16
LIVE_GOLDS = 3


# ----------------------------------------------------------------------------
# Per-suit need tables (the core's, fzsim_core.wintables; tests/reference_need.py
# recomputes them by an independent dynamic program)
# ----------------------------------------------------------------------------

#: the two tables the core builds: a suit (9 ranks, chows) and the honours (7 ranks, no chows)
_CORE_TABLES = {(9, True): False, (7, False): True}


@functools.lru_cache(maxsize=2)
def suit_need_table(ranks: int = 9, chows: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``(f0, f1)`` for every per-suit count vector, indexed by the base-5 key.

    ``key = sum(c[r] * 5**r)`` over ``ranks`` ranks (counts 0..4). ``f0[key]`` is
    the fewest golds turning the suit into melds only, ``f1[key]`` into melds
    plus exactly one pair. Golds may stand for any tile, a 5th copy included.
    ``(9, True)`` is a suit, ``(7, False)`` the honours (pungs and pairs only): the
    core's win tables (``fzsim_core.wintables.need_tables``), as int8 arrays.

    >>> f0, f1 = suit_need_table()
    >>> key = lambda counts: sum(c * 5**r for r, c in enumerate(counts))
    >>> int(f0[key([1, 1, 1, 0, 0, 0, 0, 0, 0])]), int(f1[key([1, 1, 1, 0, 0, 0, 0, 0, 0])])
    (0, 2)
    >>> int(f0[key([1, 0, 0, 0, 0, 0, 0, 0, 1])]), int(f1[key([1, 0, 0, 0, 0, 0, 0, 0, 1])])
    (4, 3)
    """
    if (ranks, bool(chows)) not in _CORE_TABLES:
        raise ValueError(f"ranks={ranks!r}, chows={chows!r}: the tables are ranks=9, chows=True (a suit) "
                         f"and ranks=7, chows=False (the honours)")
    return need_tables(_CORE_TABLES[ranks, bool(chows)])


def _digits(ranks: int) -> np.ndarray:
    keys = np.arange(5 ** ranks)
    return np.stack([(keys // 5 ** r) % 5 for r in range(ranks)]).astype(np.int8)


@functools.lru_cache(maxsize=4)
def _suit_states(ranks: int, chows: bool) -> dict[str, np.ndarray]:
    """Per key: tiles, capped f0/f1, and capped h0/h1 (the same after one tile is removed)."""
    f0, f1 = suit_need_table(ranks, chows)
    digits = _digits(ranks)
    n = digits.sum(axis=0).astype(np.int16)
    h0 = np.full(f0.shape, _CAP, dtype=np.int8)
    h1 = np.full(f0.shape, _CAP, dtype=np.int8)
    keys = np.arange(f0.size)
    for r in range(ranks):
        has = digits[r] > 0
        src = keys[has] - 5 ** r
        np.minimum.at(h0, np.flatnonzero(has), np.minimum(f0[src], _CAP))
        np.minimum.at(h1, np.flatnonzero(has), np.minimum(f1[src], _CAP))
    # ways to draw the counts from four copies per kind
    ways = np.ones(f0.size, dtype=np.float64)
    for r in range(ranks):
        ways *= np.array([comb(4, c) for c in range(5)], dtype=np.float64)[digits[r]]
    return {
        "digits": digits, "n": n, "ways": ways,
        "f0": np.minimum(f0, _CAP), "f1": np.minimum(f1, _CAP), "h0": h0, "h1": h1,
    }


_MAXN = DEALER_TILES + 1
_SHAPE = (_MAXN, _CAP + 1, _CAP + 1, _CAP + 1, _CAP + 1)


def _suit_gf(ranks: int, chows: bool, empty_rank: int = -1) -> np.ndarray:
    """Generating function of one suit: total ways per (n, f0, f1, h0, h1).

    ``empty_rank`` is the gold kind's rank when the gold is in this suit: its
    real copies are golds, so only vectors with no tile of that rank count.
    """
    st = _suit_states(ranks, chows)
    keep = st["n"] < _MAXN
    if empty_rank >= 0:
        keep &= st["digits"][empty_rank] == 0
    idx = np.ravel_multi_index(
        (st["n"][keep], st["f0"][keep], st["f1"][keep], st["h0"][keep], st["h1"][keep]), _SHAPE
    )
    return np.bincount(idx, weights=st["ways"][keep], minlength=int(np.prod(_SHAPE))).reshape(_SHAPE)


def _combine(ga: np.ndarray, gb: np.ndarray) -> np.ndarray:
    """Generating function of two suits together (need values of the union, capped)."""
    ia = np.flatnonzero(ga)
    ib = np.flatnonzero(gb)
    na, a0, a1, ah0, ah1 = np.unravel_index(ia, _SHAPE)
    nb, b0, b1, bh0, bh1 = np.unravel_index(ib, _SHAPE)
    wa = ga.ravel()[ia]
    wb = gb.ravel()[ib]
    out = np.zeros(int(np.prod(_SHAPE)))
    cap = _CAP
    # one row of A at a time keeps memory small; |A| is a few thousand at most
    for i in range(ia.size):
        n = na[i] + nb
        ok = n < _MAXN
        if not ok.any():
            continue
        f0 = np.minimum(a0[i] + b0, cap)
        f1 = np.minimum(np.minimum(a1[i] + b0, a0[i] + b1), cap)
        # one real tile removed from either suit (the removal and the pair may be in either)
        h0 = np.minimum(np.minimum(ah0[i] + b0, a0[i] + bh0), cap)
        h1 = np.minimum.reduce([ah1[i] + b0, a1[i] + bh0, ah0[i] + b1, a0[i] + bh1])
        h1 = np.minimum(h1, cap)
        idx = np.ravel_multi_index((n[ok], f0[ok], f1[ok], h0[ok], h1[ok]), _SHAPE)
        out += np.bincount(idx, weights=wa[i] * wb[ok], minlength=out.size)
    return out.reshape(_SHAPE)


@functools.lru_cache(maxsize=64)
def _hand_gf(honors_are_flowers: bool, gold_suit: int, gold_rank: int) -> np.ndarray:
    """Generating function of all real-tile vectors of a hand, given the gold kind.

    Suits 0..2 are m, p, s (9 ranks, chows); suit 3 is the honours (7 ranks, no
    chows) when they are tiles.
    """
    suits = [(9, True)] * 3 + ([] if honors_are_flowers else [(7, False)])
    total = None
    for s, (ranks, chows) in enumerate(suits):
        g = _suit_gf(ranks, chows, gold_rank if s == gold_suit else -1)
        total = g if total is None else _combine(total, g)
    return total


def _gold_kinds(honors_are_flowers: bool) -> list[tuple[int, int, int]]:
    """(suit, rank, weight) per gold kind class; suits are symmetric, so one suit stands for three."""
    kinds = [(0, r, 3) for r in range(9)]
    if not honors_are_flowers:
        kinds.append((3, 0, 7))  # the 7 honours are symmetric: no chows
    return kinds


def pool_size(honors_are_flowers: bool = True) -> int:
    """Non-flower tiles other than the indicator: 107 (honours as flowers, the default) or 135 (honours as tiles)."""
    return (108 if honors_are_flowers else 136) - 1


def gold_count_pmf(hand_tiles: int, honors_are_flowers: bool = True) -> list[float]:
    """P(a hand of ``hand_tiles`` holds k golds), k = 0..3, at the opening window (hypergeometric).

    >>> [round(p, 4) for p in gold_count_pmf(17)]
    [0.5919, 0.343, 0.0617, 0.0034]
    """
    if hand_tiles not in (DEALER_TILES, NONDEALER_TILES):
        raise ValueError(f"hand_tiles={hand_tiles!r}: allowed 16 (non-dealer) or 17 (dealer)")
    pool = pool_size(honors_are_flowers)
    total = comb(pool, hand_tiles)
    return [comb(LIVE_GOLDS, k) * comb(pool - LIVE_GOLDS, hand_tiles - k) / total for k in range(4)]


def _opening_exact(honors_are_flowers: bool) -> dict[str, dict[str, float]]:
    pool = pool_size(honors_are_flowers)
    n_kinds = 27 if honors_are_flowers else 34
    res = {"dealer": {"tianhu": 0.0, "qiangjin_available": 0.0},
           "nondealer": {"tianhu": 0.0, "qiangjin_available": 0.0},
           "hand": {"tianhu_with_3_golds": 0.0, "dealer_wins_without_golds": 0.0}}
    for suit, rank, weight in _gold_kinds(honors_are_flowers):
        gf = _hand_gf(honors_are_flowers, suit, rank)
        p_kind = weight / n_kinds  # the indicator is a uniform non-flower tile
        # sums over the capped need axes, per tile count
        f1_le = lambda n, k: gf[n, :, : k + 1].sum()  # noqa: E731
        d_total = comb(pool, DEALER_TILES)
        nd_total = comb(pool, NONDEALER_TILES)
        for k in range(LIVE_GOLDS + 1):
            ways_k = comb(LIVE_GOLDS, k)
            n = DEALER_TILES - k
            res["dealer"]["tianhu"] += p_kind * ways_k * f1_le(n, k) / d_total
            if k == LIVE_GOLDS:  # a winning hand that could also be taken as 三金倒
                res["hand"]["tianhu_with_3_golds"] += p_kind * ways_k * f1_le(n, k) / d_total
            # dealer 抢金: discard a real tile (h1 <= k+1) or a gold (f1 <= k, needs k >= 1)
            block = gf[n]
            qualifies = block[:, :, :, : k + 2].sum()
            if k >= 1:
                qualifies += block[:, : k + 1, :, k + 2:].sum()
            res["dealer"]["qiangjin_available"] += p_kind * ways_k * qualifies / d_total
            n = NONDEALER_TILES - k
            res["nondealer"]["qiangjin_available"] += p_kind * ways_k * f1_le(n, k + 1) / nd_total
        # the dealer's 17 tiles all real (another seat holds the 3 live golds): uniform from pool - 3
        res["hand"]["dealer_wins_without_golds"] += (
            p_kind * gf[DEALER_TILES, :, :1].sum() / comb(pool - LIVE_GOLDS, DEALER_TILES))
    return res


@functools.lru_cache(maxsize=4)
def opening_exact(honors_are_flowers: bool = True) -> dict[str, dict[str, float]]:
    """Exact opening-window probabilities per seat role.

    Returns ``{"dealer": {...}, "nondealer": {...}}`` with keys ``golds_0`` ..
    ``golds_3``, ``sanjindao_available``, ``tianhu`` (0 for a non-dealer) and
    ``qiangjin_available``; ``"any_seat"`` with ``sanjindao_available`` (at
    most one seat can hold all 3 live golds, so the roles add up exactly); and
    ``"hand"`` with the §7 outcomes that are exact too: ``tianhu_won`` (the
    dealer's tiles win — with 3 golds as well: the win is then recorded as 天胡,
    as the engine does) and ``sanjindao_won`` (a 三金倒 in the window: a dealer
    with 3 golds and no win, or a non-dealer when the dealer — then holding no
    gold — has no 天胡), plus the helpers ``tianhu_with_3_golds`` and
    ``dealer_wins_without_golds``.
    Takes a few seconds the first time (per-suit tables), then is cached.

    >>> t = opening_exact()
    >>> round(t["dealer"]["golds_3"], 5), round(t["nondealer"]["golds_3"], 5)
    (0.00343, 0.00282)
    """
    res = _opening_exact(bool(honors_are_flowers))
    for role, size in (("dealer", DEALER_TILES), ("nondealer", NONDEALER_TILES)):
        pmf = gold_count_pmf(size, honors_are_flowers)
        for k, p in enumerate(pmf):
            res[role][f"golds_{k}"] = p
        res[role]["sanjindao_available"] = pmf[3]
    res["any_seat"] = {
        "sanjindao_available": res["dealer"]["sanjindao_available"]
        + 3 * res["nondealer"]["sanjindao_available"],
    }
    # §7 step 1: a winning dealer hand is 天胡 (with 3 golds too, as the engine records it);
    # a dealer with 3 golds and no win takes 三金倒; a non-dealer's 三金倒 comes next unless 天胡
    # (the dealer then holds no gold, so only his gold-free wins can stop it)
    res["hand"]["tianhu_won"] = res["dealer"]["tianhu"]
    res["hand"]["sanjindao_won"] = (res["dealer"]["golds_3"] - res["hand"]["tianhu_with_3_golds"]
                                    + 3 * res["nondealer"]["golds_3"]
                                    * (1 - res["hand"]["dealer_wins_without_golds"]))
    for role in res:
        res[role] = {k: float(v) for k, v in res[role].items()}
    return res


# ----------------------------------------------------------------------------
# Monte Carlo of the opening window
# ----------------------------------------------------------------------------

def sample_deals(n_deals: int, honors_are_flowers: bool = True, seed: int = 0):
    """Sample opening deals after 补花 (see the module docstring for why this is exact).

    Returns ``(gold, hands)``: ``gold`` (n,) int8 kind index of the indicator and
    ``hands`` (n, 4, 34) uint8 counts; seat 0 is the dealer (17 tiles), seats 1..3
    the non-dealers counter-clockwise from the dealer (16 tiles each). Golds in
    hand are counted at the gold kind's index.
    """
    if int(n_deals) < 1:
        raise ValueError(f"n_deals={n_deals!r}: need at least 1")
    n_kinds = 27 if honors_are_flowers else 34
    rng = np.random.Generator(np.random.PCG64(seed))
    tiles = np.repeat(np.arange(n_kinds, dtype=np.int8), 4)
    deals = rng.permuted(np.broadcast_to(tiles, (int(n_deals), tiles.size)), axis=1)
    gold = deals[:, 0].copy()
    hands = np.zeros((int(n_deals), 4, 34), dtype=np.uint8)
    rows = np.arange(int(n_deals))[:, None]
    start = 1
    for seat, size in enumerate((DEALER_TILES,) + (NONDEALER_TILES,) * 3):
        block = deals[:, start:start + size].astype(np.int64)
        np.add.at(hands[:, seat], (np.broadcast_to(rows, block.shape), block), 1)
        start += size
    return gold, hands


class _TableChecker:
    """Win checks by numpy lookups in the per-suit tables (:func:`suit_need_table`), vectorised."""

    name = "fzsim.prob tables"

    def __init__(self):
        self.f0, self.f1 = suit_need_table(9, True)
        self.h0, self.h1 = suit_need_table(7, False)

    def need(self, hands: np.ndarray, gold: np.ndarray) -> np.ndarray:
        """Fewest golds the real tiles need (hands (n, 34), gold kind zeroed internally)."""
        real = hands.astype(np.int64).copy()
        real[np.arange(len(real)), gold] = 0
        f0s, f1s = [], []
        for base, ranks, (t0, t1) in ((0, 9, (self.f0, self.f1)), (9, 9, (self.f0, self.f1)),
                                      (18, 9, (self.f0, self.f1)), (27, 7, (self.h0, self.h1))):
            key = real[:, base:base + ranks] @ (5 ** np.arange(ranks))
            f0s.append(t0[key].astype(np.int64))
            f1s.append(t1[key].astype(np.int64))
        f0s = np.stack(f0s)
        f1s = np.stack(f1s)
        return (f0s.sum(axis=0) - f0s + f1s).min(axis=0)

    def is_win(self, hands, gold):
        golds = hands[np.arange(len(hands)), gold].astype(np.int64)
        return self.need(hands, gold) <= golds

    def wins_with_gold(self, hands, gold):
        golds = hands[np.arange(len(hands)), gold].astype(np.int64)
        return self.need(hands, gold) <= golds + 1


def golds_needed(hands: np.ndarray, gold: np.ndarray) -> np.ndarray:
    """Per hand (``hands`` (n, 34) counts, golds counted at the gold kind ``gold`` (n,)): the fewest
    golds its real tiles need to be melds and one pair (the per-suit tables, a gold also a 5th copy)."""
    return _TableChecker().need(hands, gold)


class _WincheckChecker:
    """Win checks through the compiled batched call (fzsim.is_win_many)."""

    name = "fzsim.is_win_many"

    def is_win(self, hands, gold):
        return np.asarray(is_win_many(hands, gold), dtype=bool)

    def wins_with_gold(self, hands, gold):
        plus = hands.copy()
        plus[np.arange(len(plus)), gold] += 1  # the robbed indicator joins as a gold
        return self.is_win(plus, gold)


def _checker(method: str):
    if method not in ("auto", "wincheck", "tables"):
        raise ValueError(f"method={method!r}: allowed 'auto', 'wincheck', 'tables'")
    return _TableChecker() if method == "tables" else _WincheckChecker()


def opening_monte_carlo(n_deals: int = 100_000, honors_are_flowers: bool = True, seed: int = 0,
                        method: str = "auto", chunk: int = 20_000) -> dict:
    """Monte Carlo of the opening window by sampling deals; counts per role and event.

    Returns ``{"n": {"dealer": N, "nondealer": 3N, "hand": N}, "count": {role: {event: k}},
    "checker": name}``. Events per role: ``golds_0..3``, ``sanjindao_available``,
    ``tianhu``, ``qiangjin_available``; per hand (role ``"hand"``) the §7 outcome of
    the window: ``tianhu_won``, ``sanjindao_won`` (dealer or non-dealer),
    ``qiangjin_won``, ``qiangjin_won_dealer``, ``qiangjin_won_nondealer``.
    Turn counts into rates with :func:`wilson`.
    """
    check = _checker(method)
    n_deals = int(n_deals)
    if n_deals < 1:
        raise ValueError(f"n_deals={n_deals!r}: need at least 1")
    events = [f"golds_{k}" for k in range(4)] + ["sanjindao_available", "tianhu", "qiangjin_available"]
    count = {"dealer": dict.fromkeys(events, 0), "nondealer": dict.fromkeys(events, 0),
             "hand": dict.fromkeys(["tianhu_won", "sanjindao_won", "qiangjin_won",
                                    "qiangjin_won_dealer", "qiangjin_won_nondealer"], 0)}
    done = 0
    part = 0
    while done < n_deals:
        m = min(chunk, n_deals - done)
        # one independent stream per chunk so the result does not depend on memory use
        gold, hands = sample_deals(m, honors_are_flowers, seed=np.random.SeedSequence(seed, spawn_key=(part,)))
        rows = np.arange(m)
        golds = hands[rows[:, None], np.arange(4)[None, :], gold[:, None]]  # (m, 4)
        dealer = hands[:, 0]
        tianhu = check.is_win(dealer, gold)
        # dealer 抢金: some tile of the 17 replaced by the (wild) indicator wins
        d_qj = tianhu & (golds[:, 0] >= 1)  # discarding a gold keeps the hand as it is
        for kind in range(34):
            has = (dealer[:, kind] > 0) & (kind != gold) & ~d_qj
            if not has.any():
                continue
            trial = dealer[has].copy()
            trial[:, kind] -= 1
            trial[np.arange(len(trial)), gold[has]] += 1
            d_qj[np.flatnonzero(has)[check.is_win(trial, gold[has])]] = True
        nd_qj = np.stack([check.wins_with_gold(hands[:, s], gold) for s in (1, 2, 3)], axis=1)
        for k in range(4):
            count["dealer"][f"golds_{k}"] += int((golds[:, 0] == k).sum())
            count["nondealer"][f"golds_{k}"] += int((golds[:, 1:] == k).sum())
        count["dealer"]["sanjindao_available"] += int((golds[:, 0] == 3).sum())
        count["nondealer"]["sanjindao_available"] += int((golds[:, 1:] == 3).sum())
        count["dealer"]["tianhu"] += int(tianhu.sum())
        count["dealer"]["qiangjin_available"] += int(d_qj.sum())
        count["nondealer"]["qiangjin_available"] += int(nd_qj.sum())
        # §7 order: 天胡 (or the dealer's 三金倒) > non-dealer 三金倒 > non-dealer 抢金 > dealer 抢金;
        # a winning dealer hand counts as 天胡 even with 3 golds (the engine records it so)
        dealer_first = tianhu | (golds[:, 0] == 3)
        nd_sjd = (golds[:, 1:] == 3).any(axis=1) & ~dealer_first
        nd_rob = nd_qj.any(axis=1) & ~dealer_first & ~nd_sjd
        d_rob = d_qj & ~dealer_first & ~nd_sjd & ~nd_rob
        count["hand"]["tianhu_won"] += int(tianhu.sum())
        count["hand"]["sanjindao_won"] += int((((golds[:, 0] == 3) & ~tianhu) | nd_sjd).sum())
        count["hand"]["qiangjin_won_nondealer"] += int(nd_rob.sum())
        count["hand"]["qiangjin_won_dealer"] += int(d_rob.sum())
        count["hand"]["qiangjin_won"] += int((nd_rob | d_rob).sum())
        done += m
        part += 1
    return {"n": {"dealer": n_deals, "nondealer": 3 * n_deals, "hand": n_deals},
            "count": count, "checker": check.name}


# ----------------------------------------------------------------------------
# Whole hands (simulated) and the assembled table
# ----------------------------------------------------------------------------

def variant_tiles(variant=DEFAULT_VARIANT) -> tuple[str, bool]:
    """``(name, honors_are_flowers)`` of a variant (preset name, .toml path or RuleConfig)."""

    cfg = _rules.load(variant)
    return cfg.name, bool(cfg.canonical["honors_are_flowers"])


#: whole-hand events read from simulated results (see :func:`whole_hand_counts`)
WHOLE_HAND_EVENTS = ("tianhu_won", "sanjindao_won", "qiangjin_won", "jinque", "jinlong")


def whole_hand_counts(df) -> dict:
    """Counts of whole-hand events in simulated hands, per winner role.

    ``df`` has contract-4 columns (``fzsim.load`` output, or :func:`simulate_hands`):
    ``outcome, winner, dealer, win_type, jinque, jinlong``. Returns
    ``{"n": hands, "count": {"hand"|"dealer"|"nondealer": {event: k}}}`` where
    ``*_won`` events come from the win type and 金雀 / 金龙 from the specials of
    the win (whatever the win type). Per role, the denominator is the number of
    hands (dealer) and 3 × hands (one non-dealer seat).
    """
    need = ["outcome", "winner", "dealer", "win_type", "jinque", "jinlong"]
    missing = [c for c in need if c not in df.columns]
    if missing:
        raise ValueError(f"simulated hands lack column(s) {missing}")
    won = (df["outcome"] == "win").to_numpy(dtype=bool)
    wt = df["win_type"]
    ev = {"tianhu_won": (wt == "tianhu").to_numpy(dtype=bool), "sanjindao_won": (wt == "sanjindao").to_numpy(dtype=bool),
          "qiangjin_won": (wt == "qiangjin").to_numpy(dtype=bool),
          "jinque": won & df["jinque"].to_numpy(dtype=bool), "jinlong": won & df["jinlong"].to_numpy(dtype=bool)}
    is_dealer = df["winner"].to_numpy() == df["dealer"].to_numpy()
    count = {"hand": {k: int(v.sum()) for k, v in ev.items()},
             "dealer": {k: int((v & is_dealer).sum()) for k, v in ev.items()},
             "nondealer": {k: int((v & ~is_dealer).sum()) for k, v in ev.items()}}
    return {"n": len(df), "count": count}


def simulate_hands(variant=DEFAULT_VARIANT, hands: int = 10_000, seed: int = 0, policies=("greedy",) * 4):
    """Play ``hands`` hands with the engine (no files) and return contract-4-like columns.

    Uses ``fzsim_core.engine.play_block`` (contract 3); matches of the variant's
    ``hands_per_match`` are played until at least ``hands`` hands exist, and
    the first ``hands`` rows are returned.
    """

    if int(hands) < 1:
        raise ValueError(f"hands={hands!r}: need at least 1")
    cfg = _rules.load(variant)
    per_match = max(1, int(cfg.canonical.get("hands_per_match", 1)))
    games = -(-int(hands) // per_match)
    cols = play_block(cfg.core, int(seed), 0, games, policy_seats(policies))
    import pandas as pd   # heavy: `import fzsim` loads this module, the tables need numpy only

    names = {v: k for k, v in WIN_TYPES.items()}
    df = pd.DataFrame({
        "outcome": np.where(np.asarray(cols["outcome"]) == 1, "win", "draw"),
        "winner": np.asarray(cols["winner"]), "dealer": np.asarray(cols["dealer"]),
        "win_type": [names.get(int(v), str(int(v))) for v in cols["win_type"]],
        "jinque": (np.asarray(cols["specials"]) & SPECIALS["jinque"]) != 0,
        "jinlong": (np.asarray(cols["specials"]) & SPECIALS["jinlong"]) != 0,
    })
    return df.iloc[: int(hands)].reset_index(drop=True)  # whole matches may overshoot


_LABELS = {
    "golds_0": "holds 0 golds", "golds_1": "holds 1 gold", "golds_2": "holds 2 golds",
    "golds_3": "holds 3 golds", "sanjindao_available": "三金倒 available",
    "tianhu": "天胡 (dealer's 17 tiles win)", "qiangjin_available": "抢金 available",
    "tianhu_won": "天胡 won", "sanjindao_won": "三金倒 won", "qiangjin_won": "抢金 won",
    "qiangjin_won_dealer": "抢金 won by the dealer", "qiangjin_won_nondealer": "抢金 won by a non-dealer",
    "jinque": "金雀 won", "jinlong": "金龙 won",
}


def probability_table(variant=DEFAULT_VARIANT, deals: int = 100_000, hands: int = 0, seed: int = 0,
                      results=None, z: float = 1.959963984540054, honors_are_flowers: bool | None = None):
    """The probability table of a variant as a DataFrame (one row per quantity and role).

    Columns: ``window`` ("opening" or "whole hand"), ``event``, ``label``, ``role``
    (dealer / nondealer / hand), ``exact`` (NaN where no exact value exists),
    ``mc``, ``lo``, ``hi`` (Wilson interval), ``n`` (hands or seat-hands behind
    ``mc``), ``source`` ("deals": sampled opening deals, ``deals`` of them;
    "engine": simulated hands) and ``agrees`` (exact inside the interval).

    Whole-hand rows come from ``results`` (a DataFrame or results folder with
    contract-4 columns, filtered to ``variant``) or, when ``hands > 0``, from
    ``hands`` hands played by the engine. Their opening-window events (天胡,
    三金倒, 抢金 won) are also in the deal-sampling rows, so the two can be read
    side by side. ``honors_are_flowers`` overrides the tile set looked up from
    the variant (for a custom variant whose stored rules are known).
    """
    import pandas as pd   # heavy: `import fzsim` loads this module, the tables need numpy only

    if honors_are_flowers is None and results is not None and not hasattr(results, "columns"):
        # a results folder stores each variant's canonical rules in its manifest
        from fzsim.results_reader import run_info   # heavy (pandas, pyarrow): results folders only

        stored = ((run_info(results) or {}).get("variants") or {}).get(str(variant), {}).get("rules")
        if isinstance(stored, dict) and "honors_are_flowers" in stored:
            honors_are_flowers = bool(stored["honors_are_flowers"])
    if honors_are_flowers is None:
        name, haf = variant_tiles(variant)
    else:  # the caller knows the tile set (e.g. from a run's stored rules)
        name, haf = str(variant), bool(honors_are_flowers)
    rows = []
    exact = opening_exact(haf)

    def add(window, event, role, exact_value, k, n, source):
        lo, hi = wilson(k, n, z) if n else (math.nan, math.nan)
        rows.append({"window": window, "event": event, "label": _LABELS[event], "role": role,
                     "exact": exact_value, "mc": k / n if n else math.nan, "lo": lo, "hi": hi,
                     "n": n, "source": source})

    if int(deals) < 0 or int(hands) < 0:
        raise ValueError(f"deals={deals!r} and hands={hands!r} must be >= 0")
    mc = opening_monte_carlo(int(deals), haf, seed=seed) if deals else None
    opening = [f"golds_{k}" for k in range(4)] + ["sanjindao_available", "tianhu", "qiangjin_available"]
    for event in opening:
        for role in ("dealer", "nondealer"):
            if event == "tianhu" and role == "nondealer":
                continue
            k = mc["count"][role][event] if mc else 0
            n = mc["n"][role] if mc else 0
            add("opening", event, role, float(exact[role][event]), k, n, "deals")
    if mc:
        for event in ("tianhu_won", "sanjindao_won", "qiangjin_won", "qiangjin_won_dealer", "qiangjin_won_nondealer"):
            add("opening", event, "hand", exact["hand"].get(event, math.nan),
                mc["count"]["hand"][event], mc["n"]["hand"], "deals")
    sim = None
    if results is not None:
        from fzsim import analysis   # heavy (pandas, pyarrow): results folders only

        sim = analysis.read_columns(results, ["outcome", "winner", "dealer", "win_type", "jinque", "jinlong"],
                                    variants=[name])
    elif hands:
        sim = simulate_hands(name, int(hands), seed)
    if sim is not None:
        counts = whole_hand_counts(sim)
        n = counts["n"]
        for event in WHOLE_HAND_EVENTS:
            # 天胡 only happens in the window, so its exact value holds for whole hands (greedy always wins)
            th = exact["hand"]["tianhu_won"] if event == "tianhu_won" else math.nan
            add("whole hand", event, "hand", th, counts["count"]["hand"][event], n, "engine")
            add("whole hand", event, "dealer", th, counts["count"]["dealer"][event], n, "engine")
            add("whole hand", event, "nondealer", 0.0 if event == "tianhu_won" else math.nan,
                counts["count"]["nondealer"][event], 3 * n, "engine")
    table = pd.DataFrame(rows)
    table["agrees"] = [bool(lo <= ex <= hi) if not (math.isnan(ex) or math.isnan(lo)) else None
                       for ex, lo, hi in zip(table["exact"], table["lo"], table["hi"])]
    table.attrs.update(variant=name, honors_are_flowers=haf, deals=int(deals),
                       hands=0 if sim is None else len(sim), seed=int(seed),
                       checker=mc["checker"] if mc else None, non_flower_tiles=pool_size(haf) + 1)
    return table


# ----------------------------------------------------------------------------
# Rendering
# ----------------------------------------------------------------------------

def _pct(x) -> str:
    return "" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.4f}%"


def _rows_for_display(table):
    out = []
    for r in table.itertuples(index=False):
        interval = "" if math.isnan(r.lo) else f"[{100 * r.lo:.4f}, {100 * r.hi:.4f}]%"
        agree = {True: "yes", False: "NO", None: ""}[r.agrees]
        out.append([r.window, r.label, r.role, _pct(r.exact), _pct(r.mc), interval,
                    f"{r.n:,}" if r.n else "", r.source if r.n else "", agree])
    return out


_HEADER = ["window", "quantity", "role", "exact", "Monte Carlo", "95% interval", "n", "from", "agrees"]


def describe(table) -> str:
    """One paragraph saying what a :func:`probability_table` holds."""
    a = table.attrs
    tiles = a.get("non_flower_tiles", 0)
    parts = [f"variant {a.get('variant')}: {tiles} non-flower tiles, {tiles - 1} after the gold indicator "
             f"(3 live golds)"]
    if a.get("deals"):
        parts.append(f"{a['deals']:,} sampled opening deals (win checks: {a.get('checker')})")
    if a.get("hands"):
        parts.append(f"{a['hands']:,} simulated hands (greedy policies)")
    parts.append(f"seed {a.get('seed')}; role rows are per seat of that role (n counts seat-hands), "
                 "hand rows per hand; 'agrees' = exact inside the 95% interval (about 1 row in 20 "
                 "falls outside by chance)")
    return "; ".join(parts) + "."


def format_table(table) -> str:
    """The table as aligned plain text (what ``fzsim prob`` prints)."""
    rows = [_HEADER] + _rows_for_display(table)
    widths = [max(_display_width(str(r[i])) for r in rows) for i in range(len(_HEADER))]
    lines = []
    for j, r in enumerate(rows):
        cells = []
        for i, cell in enumerate(r):
            pad = widths[i] - _display_width(str(cell))
            right = i >= 3 and i != 7
            cells.append(" " * pad + str(cell) if right else str(cell) + " " * pad)
        lines.append("  ".join(cells).rstrip())
        if j == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def format_markdown(table) -> str:
    """The table as a Markdown pipe table (used by the README and ``fzsim report``)."""
    rows = _rows_for_display(table)
    lines = ["| " + " | ".join(_HEADER) + " |", "|" + "|".join(["---"] * 3 + ["---:"] * 4 + ["---"] * 2) + "|"]
    lines += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return "\n".join(lines)


def _display_width(text: str) -> int:
    # CJK characters take two columns in a terminal
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def table_to_json(table) -> dict:
    """A JSON-ready dict: ``{"variant", ..., "rows": [...]}`` (NaN becomes null)."""
    rows = []
    for rec in table.to_dict("records"):
        rows.append({k: (None if isinstance(v, float) and math.isnan(v) else
                         (int(v) if isinstance(v, (np.integer,)) else v)) for k, v in rec.items()})
    meta = {k: v for k, v in table.attrs.items()}
    return {**meta, "rows": rows}
