"""Stratified walls: strata decided at the deal, with exactly known probabilities, and Neyman allocation.

A stratum is a function of the opening deal (the deal and 补花 depend on the wall alone, never on
play or scoring), so every unit of a study shares it, and its probability W_h is known exactly. A
study may then draw its walls per stratum rather than as they come (`fzsim.stratified`: each
round a run of n_h walls drawn within stratum h, iid draws from the deal's distribution given the
stratum) and estimate a contrast as

    Y = sum_h W_h * mean_h,        se^2 = sum_h W_h^2 * s_h^2 / n_h,

which is unbiased for any allocation with every n_h >= 1. Neyman's allocation, n_h proportional
to W_h * sd_h, gives the smallest se for a number of walls; the sds come from earlier rounds (a
pilot), with a floor per stratum so that no stratum is left to a handful of walls.

The strata are a pack's own (`fzsim.pack_registry.PackEntry.study_strata`, such as the ``golds``
strata; `fzsim.stratified` says what the module gives); this module holds what every
stratification shares: the allocation and the estimate.
"""
from __future__ import annotations

import math

import numpy as np

from fzsim.stratified import check_strata, strata_module  # noqa: F401  (the study's entry to them)

#: each stratum keeps at least this share of its proportional allocation, and MIN_WALLS walls
FLOOR_SHARE = 0.2
MIN_WALLS = 20


# --- allocation and the estimate -----------------------------------------------------

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
    Returns (estimate, se, factor): the factor is the variance a plain mean of as many walls drawn
    as they come would have (the population variance sum_h W_h (s_h^2 + (mean_h - Y)^2), read from
    the strata) over the estimate's: how many times fewer walls the design needs.
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
    # the population's variance from its strata (pooled over the rounds) and a plain mean's of y.size
    pooled = 0.0
    for s, ws in enumerate(w):
        v = y[h == s]
        if ws and v.size:
            pooled += ws * ((v.var(ddof=1) if v.size > 1 else 0.0) + (v.mean() - est) ** 2)
    plain = pooled / y.size
    return float(est), math.sqrt(var), (plain / var if var > 0 else math.nan)
