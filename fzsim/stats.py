"""Small statistics shared by fzsim.prob, fzsim.analysis and the report: the Wilson interval."""
from __future__ import annotations

import math

import numpy as np

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson_interval(count, n, z: float = Z95):
    """Vectorised Wilson score interval: ``(lo, hi)`` arrays for counts out of n.

    The bounds are exactly 0 / 1 at the extremes (float rounding would leave 1e-19 there).

    >>> lo, hi = wilson_interval([5], [100])
    >>> round(float(lo[0]), 4), round(float(hi[0]), 4)
    (0.0215, 0.1118)
    """
    count = np.asarray(count, dtype=float)
    n = np.asarray(n, dtype=float)
    bad = (n < 0) | (count < 0) | (count > n)
    if np.any(bad):
        c, m = np.broadcast_arrays(count, n)
        i = int(np.flatnonzero(np.broadcast_to(bad, c.shape))[0])
        raise ValueError(f"a Wilson interval needs 0 <= successes <= n, got successes={c.flat[i]:g}, n={m.flat[i]:g}")
    with np.errstate(invalid="ignore", divide="ignore"):
        p = count / n
        denom = 1 + z * z / n
        centre = (p + z * z / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = np.where(count == 0, 0.0, np.clip(centre - half, 0, 1))
    hi = np.where(count == n, 1.0, np.clip(centre + half, 0, 1))
    return lo, hi


def wilson(successes, n, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of one binomial rate (95% by default); (nan, nan) when n == 0.

    >>> [round(x, 4) for x in wilson(5, 100)]
    [0.0215, 0.1118]
    """
    lo, hi = wilson_interval(float(successes), float(n), z)
    if float(n) == 0:
        return (math.nan, math.nan)
    return (float(lo), float(hi))
