"""Speed of the Beijing and Shanghai pure parts: the batched win checks (one nogil loop each) on random
14-tile deals, and the validated per-hand Python calls (Beijing fans, Shanghai scoring) on random
winning hands of the property tests' generator. Figures are hands per second on this machine, best of
`--reps` runs (timings on a shared machine are noisy).

    python benchmarks/bench_bjsh.py [--hands 200000] [--scored 5000] [--reps 3]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.path.insert(0, os.path.join(HERE, ".."))

from fzsim_core.packs.beijing import score as bj_score  # noqa: E402
from fzsim_core.packs.beijing import shapes as bj_shapes  # noqa: E402
from fzsim_core.packs.shanghai import score as sh_score  # noqa: E402
from fzsim_core.packs.shanghai import shapes as sh_shapes  # noqa: E402
from reference_beijing import random_case, ref_is_win  # noqa: E402


def _deals(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    tiles = np.repeat(np.arange(34), 4)
    pick = np.argsort(rng.random((n, tiles.size)), axis=1)[:, :14]
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 14), tiles[pick].ravel()), 1)
    return counts


def _best(fn, reps: int) -> float:
    best = float("inf")
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200_000)
    ap.add_argument("--scored", type=int, default=5_000)
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args(argv)
    counts = _deals(a.hands, 1)
    wild = np.random.default_rng(2).integers(0, 34, size=a.hands).astype(np.int8)
    t = _best(lambda: bj_shapes.is_win_many(counts, wild), a.reps)
    print(f"beijing is_win_many (wild-aware, both shapes): {a.hands / t:,.0f} hands/s ({1e9 * t / a.hands:.0f} ns/hand)")
    t = _best(lambda: sh_shapes.legal_many(counts), a.reps)
    print(f"shanghai legal_many (patterns + gate):         {a.hands / t:,.0f} hands/s ({1e9 * t / a.hands:.0f} ns/hand)")
    rng = np.random.default_rng(3)
    wins = []
    while len(wins) < a.scored:
        c, m, w = random_case(rng, False)
        if ref_is_win(c, m, w):
            wins.append((c, m, w))
    t = _best(lambda: [bj_score.evaluate(c, m, w, ("selfdraw",), 4) for c, m, w in wins], a.reps)
    print(f"beijing score.evaluate (validated call):       {len(wins) / t:,.0f} hands/s")
    legal = [(c, m) for c, m, _ in wins if sh_shapes.patterns(c, m)] or [(np.zeros(34, np.uint8), [])]
    t = _best(lambda: [sh_score.evaluate(c, m, ("selfdraw",), 3) for c, m in legal], a.reps)
    print(f"shanghai score.evaluate (validated call):      {len(legal) / t:,.0f} hands/s ({len(legal)} legal hands)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
