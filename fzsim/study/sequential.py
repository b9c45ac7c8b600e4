"""Intervals that keep their coverage when a study stops as soon as they are narrow enough.

A study looks at its data after each round (cumulative sizes ``n_1 < ... < n_K``, planned before
anything runs) and stops once every question's interval is narrow enough. Reporting the ordinary
1.96-standard-error interval at such a data-dependent stop can undercover. Instead every look uses
one critical value ``c`` chosen so that, under the normal approximation of the running means (a
Brownian motion observed at the planned sizes: ``corr(Z_j, Z_k) = sqrt(n_j / n_k)``),

    P(|Z_k| <= c at every look k) = confidence.

Then the intervals ``mean_k ± c·se_k`` hold the truth at all looks at once with that probability,
so the one reported at whatever look the study stops at does too, for any stopping rule (this is
Pocock's constant boundary, computed for the planned looks). ``c`` is found by simulating the
Gaussian running means (a fixed seed, so the same plan always gets the same ``c``) and rounded up.
"""
from __future__ import annotations

import math
from functools import lru_cache
from statistics import NormalDist

import numpy as np

#: Gaussian paths simulated for the critical value (its Monte Carlo error is about 0.004)
CRITICAL_PATHS = 400_000
#: added to the simulated quantile so the Monte Carlo error can only widen the intervals
CRITICAL_MARGIN = 0.01


def planned_looks(first: int, budget: int, growth: float, unit: int = 1) -> list[int]:
    """Cumulative walls at each look: ``first``, then ``growth`` times more each round (whole
    multiples of ``unit``), the last one exactly ``budget``.

    >>> planned_looks(1000, 10000, 2.0)
    [1000, 2000, 4000, 8000, 10000]
    """
    looks = [min(first, budget)]
    while looks[-1] < budget:
        nxt = max(math.ceil(looks[-1] * growth / unit) * unit, looks[-1] + unit)
        looks.append(min(nxt, budget))
    return looks


@lru_cache(maxsize=64)
def critical_value(looks: tuple[int, ...], confidence: float) -> float:
    """The constant ``c`` of the intervals ``mean ± c·se`` at the planned ``looks`` (see above).

    One look is the ordinary normal quantile; more looks need a larger ``c``.

    >>> round(critical_value((1000,), 0.95), 3)
    1.96
    >>> 2.2 < critical_value((1000, 2000, 4000, 8000), 0.95) < 2.5
    True
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence = {confidence!r}: allowed a number between 0 and 1")
    looks = tuple(int(n) for n in looks)
    if not looks or any(b <= a for a, b in zip(looks, looks[1:])) or looks[0] < 1:
        raise ValueError(f"looks = {looks!r}: allowed increasing positive sizes")
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    if len(looks) == 1:
        return z
    rng = np.random.default_rng(20261202)
    sizes = np.diff(np.asarray((0,) + looks, dtype=float))
    walk = np.cumsum(rng.standard_normal((CRITICAL_PATHS, len(looks))) * np.sqrt(sizes), axis=1)
    peak = np.max(np.abs(walk) / np.sqrt(np.asarray(looks, dtype=float)), axis=1)
    return float(max(z, np.quantile(peak, confidence) + CRITICAL_MARGIN))


def estimate(values: np.ndarray, covariates: np.ndarray | None = None, known_means: np.ndarray | None = None):
    """Mean of ``values`` (one per independent unit) and its standard error, optionally with
    control variates: ``covariates`` (n x p) whose expectations ``known_means`` are exact.

    With control variates the estimate is ``mean(y) - b·(mean(X) - mu)``, ``b`` the least-squares
    slope of y on X; its error is the residuals' (variance falls by the factor 1 - R²).
    Returns ``(mean, se, factor)``: ``factor`` = plain variance / controlled variance (1 without).
    """
    y = np.asarray(values, dtype=float)
    n = y.size
    if n < 2:
        return (float(y.mean()) if n else math.nan), math.nan, 1.0
    plain_var = float(y.var(ddof=1))
    if covariates is None or covariates.shape[1] == 0:
        return float(y.mean()), math.sqrt(plain_var / n), 1.0
    x = np.asarray(covariates, dtype=float)
    mu = np.asarray(known_means, dtype=float)
    xc = x - x.mean(axis=0)
    keep = xc.std(axis=0) > 0         # a covariate constant in this sample explains nothing
    if not keep.any():
        return float(y.mean()), math.sqrt(plain_var / n), 1.0
    xc, x, mu = xc[:, keep], x[:, keep], mu[keep]
    b, *_ = np.linalg.lstsq(xc, y - y.mean(), rcond=None)
    adjusted = float(y.mean() - (x.mean(axis=0) - mu) @ b)
    resid = (y - y.mean()) - xc @ b
    p = xc.shape[1]
    controlled_var = float(resid @ resid / max(n - 1 - p, 1))
    factor = plain_var / controlled_var if controlled_var > 0 else 1.0
    return adjusted, math.sqrt(controlled_var / n), factor
