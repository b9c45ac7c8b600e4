"""Stratified walls: strata decided at the deal, with exactly known probabilities, and Neyman allocation.

A stratum is a function of the opening deal (the deal and 补花 depend on the wall alone, never on
play or scoring), so every unit of a study shares it, and its probability W_h is known exactly. A
study may then draw its walls per stratum rather than as they come: screening game ids by their
deal, it plays n_h walls of stratum h (iid draws from the deal's distribution given the stratum)
and estimates a contrast as

    Y = sum_h W_h * mean_h,        se^2 = sum_h W_h^2 * s_h^2 / n_h,

which is unbiased for any allocation with every n_h >= 1. Neyman's allocation, n_h proportional
to W_h * sd_h, gives the smallest se for a number of walls; the sds come from earlier rounds (a
pilot), with a floor per stratum so that no stratum is left to a handful of walls.

Strata defined here (``STRATA``):

* ``golds`` (the Fuzhou pack): the most golds any seat holds after the deal and 补花, 0..3. The 3
  live golds lie uniformly among the non-flower tiles but the indicator (`fzsim.prob`'s argument),
  so the seats' gold counts are multivariate hypergeometric over the slots 17, 16, 16, 16 and the
  rest: `golds_pmf` sums it exactly (fractions). Measured on 金雀 halved under value (the studies
  page): most of the paired contrast's variance sits in the ~23% of hands where a seat holds two
  golds, and none in the ~1% where one holds three (三金倒 ends the hand alike in both variants).
"""
from __future__ import annotations

import functools
import math
from fractions import Fraction
from itertools import product
from math import comb

import numpy as np

from fzsim.prob import DEALER_TILES, LIVE_GOLDS, NONDEALER_TILES, pool_size

#: stratifications a study may ask for (``strata = NAME`` in the spec) -> what the strata are
STRATA = {"golds": "the most golds any seat holds after the deal and 补花 (0, 1, 2 or 3)"}
#: what a pack's study covariates module (`PackEntry.study_covariates`) must define for the golds
#: strata: the opening replayed from a wall and the per-suit generating functions of the dealer's lack
_GOLDS_PIECES = ("opening", "_suit_gf", "_combine", "_SUITS", "_HONOURS")
#: each stratum keeps at least this share of its proportional allocation, and MIN_WALLS walls
FLOOR_SHARE = 0.2
MIN_WALLS = 20


def opening_module(pack: str):
    """The pack's opening replay (its study covariates module, reached through the registry:
    `fzsim.pack_registry.PackEntry.study_covariates`), or None when the pack deals no golds."""
    import sys

    from fzsim.pack_registry import REGISTRY

    entry = REGISTRY.get(pack)
    if entry is None or entry.study_covariates is None:
        return None
    module = sys.modules[entry.resolve("study_covariates").__module__]
    return module if all(hasattr(module, piece) for piece in _GOLDS_PIECES) else None


def golds_packs() -> tuple[str, ...]:
    """The packs whose walls have golds strata (those that deal golds, as the Fuzhou family does)."""
    from fzsim.pack_registry import REGISTRY

    return tuple(p for p in REGISTRY if opening_module(p) is not None)


def check_strata(name: str, pack: str, configs) -> None:
    """Refuse a stratification the study's pack cannot give (ValueError naming it)."""
    if name not in STRATA:
        raise ValueError(f"strata = {name!r}: allowed {', '.join(map(repr, STRATA))} (or leave it out)")
    if opening_module(pack) is None:
        raise ValueError(f"strata = {name!r}: the {pack} pack deals no golds, so its walls have no such"
                         f" stratum; allowed for the {', '.join(golds_packs())} pack only (leave strata out)")
    if len({bool(c["honors_are_flowers"]) for c in configs}) != 1:
        raise ValueError(f"strata = {name!r}: the variants deal different openings (honors_are_flowers"
                         " differs), so a wall's stratum is not one for all of them; leave strata out")


# --- the exact stratum probabilities -------------------------------------------------------------

def gold_counts_pmf(honors_are_flowers: bool = True) -> dict[tuple[int, int, int, int], Fraction]:
    """P(the seats hold (g0, g1, g2, g3) golds after the deal and 补花), seat 0 the dealer, exact.

    The 3 live golds are a uniform 3-subset of the ``pool_size`` non-flower tiles other than the
    indicator, split into the dealer's 17, three times 16 and the rest."""
    pool = pool_size(honors_are_flowers)
    sizes = (DEALER_TILES, NONDEALER_TILES, NONDEALER_TILES, NONDEALER_TILES)
    rest = pool - sum(sizes)
    total = comb(pool, LIVE_GOLDS)
    out = {}
    for g in product(range(LIVE_GOLDS + 1), repeat=4):
        left = LIVE_GOLDS - sum(g)
        if left < 0:
            continue
        ways = comb(rest, left)
        for size, k in zip(sizes, g):
            ways *= comb(size, k)
        out[g] = Fraction(ways, total)
    return out


@functools.lru_cache(maxsize=4)
def golds_pmf(honors_are_flowers: bool = True) -> tuple[float, ...]:
    """W_h = P(the most golds any seat holds after the deal and 补花 is h), h = 0..3, exact.

    >>> [round(w, 5) for w in golds_pmf()]
    [0.05784, 0.70355, 0.22672, 0.01189]
    """
    w = [Fraction(0)] * (LIVE_GOLDS + 1)
    for g, p in gold_counts_pmf(honors_are_flowers).items():
        w[max(g)] += p
    assert sum(w) == 1
    return tuple(float(x) for x in w)


def weights(name: str, honors_are_flowers: bool) -> np.ndarray:
    """The exact W_h of stratification ``name``."""
    if name != "golds":
        raise ValueError(f"strata = {name!r}: allowed {', '.join(map(repr, STRATA))}")
    return np.asarray(golds_pmf(bool(honors_are_flowers)))


# --- the covariates' exact means within each stratum ----------------------------------------------

@functools.lru_cache(maxsize=4)
def dealer_golds_and_lack(honors_are_flowers: bool = True) -> np.ndarray:
    """P(the dealer holds k golds and its tiles lack c golds to win), k = 0..3 (rows) and c in
    (0 or less: 天胡, 3, 6, 9, 12 or more) (columns), exact: `fzsim.packs.fuzhou.covariates`'s
    per-suit generating functions, kept per k (its `dealer_need_pmf` sums them over k)."""
    fz = opening_module("fuzhou")
    n_kinds = 27 if honors_are_flowers else 34
    plain = fz._suit_gf(fz._SUITS)
    two_plain = fz._combine(plain, plain)
    if not honors_are_flowers:
        two_plain = fz._combine(two_plain, fz._suit_gf(fz._HONOURS))
    classes = [(fz._combine(two_plain, fz._suit_gf(fz._SUITS, rank)), 3) for rank in range(9)]
    if not honors_are_flowers:
        classes.append((fz._combine(fz._combine(fz._combine(plain, plain), plain), fz._suit_gf(fz._HONOURS, 0)), 7))
    total = comb(pool_size(honors_are_flowers), DEALER_TILES)
    out = np.zeros((LIVE_GOLDS + 1, 5))
    for gf, weight in classes:
        by_f1 = gf.sum(axis=1)
        for k in range(LIVE_GOLDS + 1):
            row = by_f1[DEALER_TILES - k] * comb(LIVE_GOLDS, k) * weight / n_kinds / total
            for f1, p in enumerate(row):
                lack = f1 - k
                out[k, 0 if lack <= 0 else min(lack, 12) // 3] += p
    return out


#: the opening covariates (`fzsim.packs.fuzhou.covariates.OPENING_NAMES`) per gold vector
def _given_golds(name: str, g, lack_given_k: np.ndarray) -> float:
    if name == "dealer_golds":
        return float(g[0])
    if name == "seats_two_golds":
        return float(sum(x >= 2 for x in g))
    if name == "seats_three_golds":
        return float(sum(x == 3 for x in g))
    if name == "dealer_tianhu":
        return float(lack_given_k[g[0], 0])
    if name.startswith("dealer_lacks_"):
        level = int(name[len("dealer_lacks_"):].rstrip("+"))
        return float(lack_given_k[g[0], level // 3])
    raise KeyError(name)


def stratum_means(names, honors_are_flowers: bool) -> np.ndarray:
    """E[covariate | golds stratum h] for the study covariates ``names`` (strata x covariates),
    exact: the gold vector's joint law and, given the dealer's golds, its lack's; which seat deals
    (``dealer_seat_s``) is drawn apart from the wall, 1/4 in every stratum. Raises KeyError for a
    covariate whose mean within the strata is not known."""
    joint = gold_counts_pmf(honors_are_flowers)
    lk = dealer_golds_and_lack(honors_are_flowers)
    lack_given_k = lk / lk.sum(axis=1, keepdims=True)
    w = np.asarray(golds_pmf(honors_are_flowers))
    out = np.zeros((len(w), len(names)))
    for j, name in enumerate(names):
        if name.startswith("dealer_seat_"):
            out[:, j] = 0.25
            continue
        for g, p in joint.items():
            out[max(g), j] += float(p) * _given_golds(name, g, lack_given_k)
        out[:, j] /= w
    return out


# --- a wall's stratum ----------------------------------------------------------------------------

def golds_stratum(wall, honors_are_flowers: bool) -> int:
    """The most golds any seat holds after the deal and 补花 of one Fuzhou wall (its replay by
    `fzsim.packs.fuzhou.covariates.opening`, checked against the engine's gold by its tests)."""
    counts, gold = _OPENING(wall, honors_are_flowers)
    return max(int(c[gold]) for c in counts)


def _opening(wall, honors_are_flowers: bool):
    global _OPENING
    _OPENING = opening_module("fuzhou").opening
    return _OPENING(wall, honors_are_flowers)


_OPENING = _opening


def stratum_of(root_seed: int, game_id: int, honors_are_flowers: bool, hand: int = 0) -> int:
    """The ``golds`` stratum of game ``game_id``'s hand ``hand`` under root seed ``root_seed``."""
    from fzsim_core.engine import shuffled_wall

    return golds_stratum(shuffled_wall(int(root_seed), int(game_id), int(hand)), honors_are_flowers)


def screen(root_seed: int, wanted, honors_are_flowers: bool, start: int = 0, limit: int | None = None):
    """The first ``wanted[h]`` game ids (from ``start`` on, in order) of each stratum h under
    ``root_seed``: iid walls of each stratum. Returns (ids per stratum, the first id not screened)."""
    wanted = [int(n) for n in wanted]
    found = [[] for _ in wanted]
    gid = int(start)
    short = sum(wanted)
    limit = limit if limit is not None else int(start) + 10_000 * max(short, 1) + 10_000_000
    while short:
        if gid >= limit:
            raise RuntimeError(f"screened {gid - start:,} walls without finding the walls asked ({wanted})")
        h = stratum_of(root_seed, gid, honors_are_flowers)
        if len(found[h]) < wanted[h]:
            found[h].append(gid)
            short -= 1
        gid += 1
    return [np.asarray(f, dtype=np.int64) for f in found], gid


# --- allocation and the estimate -----------------------------------------------------------------

def neyman(w, sd, n: int, floor_share: float = FLOOR_SHARE, min_walls: int = MIN_WALLS) -> np.ndarray:
    """Walls per stratum for ``n`` walls: proportional to W_h * sd_h (Neyman), each stratum at least
    ``floor_share`` of its proportional share W_h * n and ``min_walls`` (when n allows); whole
    numbers summing to n (largest remainders).

    >>> neyman([0.5, 0.5], [1.0, 3.0], 1000).tolist()
    [250, 750]
    """
    w = np.asarray(w, dtype=float)
    sd = np.nan_to_num(np.asarray(sd, dtype=float), nan=0.0)
    n = int(n)
    floor = np.ceil(np.maximum(floor_share * w * n, min(min_walls, n // len(w))))
    share = w * sd
    if share.sum() <= 0:
        share = w.copy()
    ideal = share / share.sum() * n
    # raise the strata under their floor to it and share the rest by Neyman among the others
    fixed = np.zeros(len(w), bool)
    for _ in range(len(w)):
        alloc = np.where(fixed, floor, 0.0)
        free = n - alloc.sum()
        s = share[~fixed].sum()
        alloc[~fixed] = share[~fixed] / s * free if s > 0 else free / max((~fixed).sum(), 1)
        low = ~fixed & (alloc < floor)
        if not low.any():
            break
        fixed |= low
    else:
        alloc = ideal
    base = np.floor(alloc).astype(np.int64)
    order = np.argsort(-(alloc - base), kind="stable")
    base[order[: n - int(base.sum())]] += 1
    return base


def allocation_sd(values_by_metric, strata, n_strata: int, precisions) -> np.ndarray:
    """One sd per stratum for the allocation of several contrasts at once: sqrt(sum_q s_qh^2 /
    precision_q^2), which makes Neyman's allocation minimise the sum of the questions' variances
    relative to their precisions. ``values_by_metric``: per contrast, the per-game values."""
    strata = np.asarray(strata)
    total = np.zeros(n_strata)
    for values, precision in zip(values_by_metric, precisions):
        values = np.asarray(values, dtype=float)
        for h in range(n_strata):
            v = values[strata == h]
            total[h] += (v.var(ddof=1) if v.size > 1 else 0.0) / precision ** 2
    return np.sqrt(total)


def stratified_estimate(values, strata, w, rounds=None, round_weights=None, covariates=None, means=None):
    """The stratified estimate of a mean and its standard error.

    ``values`` and ``strata`` (0..H-1) are per game; ``w`` the exact stratum weights. Without
    ``rounds``: ``sum_h W_h mean_h`` with ``se^2 = sum_h W_h^2 s_h^2 / n_h``. With ``rounds`` (each
    game's round) and ``round_weights`` (a fixed weight per round, summing to 1, decided before
    the study ran: its planned walls): ``sum_k lambda_k Y_k`` of the rounds' own stratified
    estimates, unbiased even when a round's allocation depends on the rounds before it.
    ``covariates`` (games x p) with ``means`` (strata x p, their exact means within each stratum):
    each cell's mean becomes ``mean(y) - b (mean(x) - mu_h)``, one slope ``b`` for all cells fitted
    by least squares on the within-cell deviations weighted as they enter the variance (so it
    minimises the estimated variance); s_h then is the residuals'.
    Returns (estimate, se, plain variance / stratified variance x walls: the factor over a plain mean).
    """
    y = np.asarray(values, dtype=float)
    h = np.asarray(strata, dtype=np.int64)
    w = np.asarray(w, dtype=float)
    if rounds is None:
        rounds = np.zeros(y.size, np.int64)
        round_weights = {0: 1.0}
    rounds = np.asarray(rounds)
    cells = []
    for k, lam in round_weights.items():
        for s, ws in enumerate(w):
            if ws == 0:
                continue
            idx = np.flatnonzero((rounds == k) & (h == s))
            if idx.size == 0:
                return math.nan, math.nan, 0.0
            cells.append((lam * ws, s, idx))
    b = None
    if covariates is not None and np.asarray(covariates).shape[1]:
        x = np.asarray(covariates, dtype=float)
        mu = np.asarray(means, dtype=float)
        xd, yd, wt = np.zeros_like(x), np.zeros_like(y), np.zeros(y.size)
        for a, s, idx in cells:
            xd[idx] = x[idx] - x[idx].mean(axis=0)
            yd[idx] = y[idx] - y[idx].mean()
            wt[idx] = a ** 2 / (idx.size * max(idx.size - 1, 1))
        keep = (xd ** 2).sum(axis=0) > 0
        b = np.zeros(x.shape[1])
        if keep.any():
            sw = np.sqrt(wt)
            b[keep] = np.linalg.lstsq(xd[:, keep] * sw[:, None], yd * sw, rcond=None)[0]
    est = var = 0.0
    for a, s, idx in cells:
        v = y[idx]
        m = v.mean()
        if b is not None:
            m -= (x[idx].mean(axis=0) - mu[s]) @ b
            v = v - x[idx] @ b
        est += a * m
        var += a ** 2 * (v.var(ddof=1) / v.size if v.size > 1 else 0.0)
    plain = float(y.var(ddof=1)) / y.size if y.size > 1 else math.nan
    return float(est), math.sqrt(var), (plain / var if var > 0 else math.nan)
