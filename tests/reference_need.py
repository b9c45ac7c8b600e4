"""fzsim.prob's former per-suit dynamic program, kept as an independent reference for the core's
f0/f1 tables (fzsim_core.wintables.need_tables, read by fzsim.prob.suit_need_table)."""
import functools

import numpy as np


@functools.lru_cache(maxsize=2)
def dp_need_table(ranks: int = 9, chows: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``(f0, f1)`` for every per-suit count vector (base-5 key over ``ranks`` ranks), as int8.

    Left-to-right DP over ranks; the state is (chows needing this rank as their
    middle tile, chows needing it as their last tile, pair placed). At most two
    chows start on one rank: three identical chows are three pungs of the same
    tiles, so nothing is lost. Built by extending prefixes, one digit at a time.
    ``chows=False`` gives the honour table (pungs and pairs only).
    """
    if not 1 <= ranks <= 9:
        raise ValueError(f"ranks={ranks!r} out of range: allowed 1..9")
    inf = np.int16(99)
    # cost[a, b, q] over the keys of the prefix processed so far
    cost = np.full((3, 3, 2, 1), inf, dtype=np.int16)
    cost[0, 0, 0, 0] = 0
    for r in range(ranks):
        width = cost.shape[-1]
        new = np.full((3, 3, 2, 5 * width), inf, dtype=np.int16)
        zmax = 2 if chows and r <= ranks - 3 else 0
        for a in range(3):
            for b in range(3):
                for q in range(2):
                    cur = cost[a, b, q]
                    if cur.min() >= inf:
                        continue
                    for z in range(zmax + 1):
                        for w in (0, 1) if q == 0 else (0,):
                            demand = a + b + z + 2 * w
                            for c in range(5):
                                extra = c - demand
                                # surplus real tiles go into pungs (gold-filled), a shortfall is gold
                                jokers = (-extra) % 3 if extra > 0 else -extra
                                block = new[z, a, q | w, c * width:(c + 1) * width]
                                np.minimum(block, cur + jokers, out=block)
        cost = new
    return cost[0, 0, 0].astype(np.int8), cost[0, 0, 1].astype(np.int8)
