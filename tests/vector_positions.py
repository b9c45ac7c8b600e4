"""Whole-array steps shared by the random-position generators of the vectorised references
(reference_sichuan.random_batch, reference_guobiao_waits.random_positions)."""
from __future__ import annotations

import numpy as np


def swap_and_fit(rng: np.random.Generator, c: np.ndarray, size: np.ndarray, cap: np.ndarray,
                 swaps: int, p_swap: float, bias: np.ndarray | None = None) -> None:
    """Edit the counts c (n, K) in place: `swaps` rounds in which a row swaps one random tile
    with probability p_swap, the counts capped at cap (n, K), then tiles taken off or put on at
    random until row i holds size[i] tiles. A tile is put on a kind below its cap, preferring
    the kinds where `bias` (n, K, added to a uniform draw) is higher."""
    n, kinds = c.shape
    rows = np.arange(n)

    def change(on, delta):
        if delta < 0:
            score = np.where(c > 0, rng.random((n, kinds)), -1.0)
        else:
            score = np.where(c < cap, rng.random((n, kinds)) + (0.0 if bias is None else bias), -1.0)
        k = score.argmax(1)
        ok = on & (score[rows, k] >= 0)
        c[rows[ok], k[ok]] += delta

    for _ in range(swaps):
        swap = rng.random(n) < p_swap
        change(swap, -1)
        change(swap, +1)
    np.minimum(c, cap, out=c)
    while True:
        over, under = c.sum(1) > size, c.sum(1) < size
        if not (over.any() or under.any()):
            return
        change(over, -1)
        change(under, +1)
