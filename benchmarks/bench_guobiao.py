"""Speed of the 国标 fan evaluator: fzsim's batched evaluator (one nogil loop) against
PyMahjongGB on the same random winning hands, both measured in this run (the ratio is
against this run only).

    python benchmarks/bench_guobiao.py [--hands 20000] [--reps 5] [--oracle-hands 20000]

Hands are the property test's mix (tests/guobiao_oracle.py): every shape, 0–4 melds, every
win kind, flowers and wind pair. fzsim is timed through ``fzsim.fans_many`` (validation and
array building included) and through the bare kernel loop; PyMahjongGB through its Python
call per hand with the arguments prepared beforehand. Timings on a shared machine are noisy;
each figure is the best of its runs.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.path.insert(0, os.path.join(HERE, ".."))

from fzsim.fans import FLAG_MINGANGANG, fans_many  # noqa: E402
from fzsim_core.packs.guobiao import batch  # noqa: E402

import guobiao_oracle as go  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands evaluated by fzsim per pass")
    ap.add_argument("--reps", type=int, default=5, help="passes of the fzsim kernel loop per run")
    ap.add_argument("--oracle-hands", type=int, default=20000, help="hands evaluated by PyMahjongGB")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    from MahjongGB import MahjongFanCalculator

    hands = go.random_hands(args.seed, args.hands)
    counts, melds, cols = go.as_arrays(hands)
    flags = cols["flags"] | FLAG_MINGANGANG
    print(f"hands: {len(hands)} random winning hands (every shape and situation)\n")

    runs = []
    for _ in range(5):
        t0 = time.perf_counter()
        fans_many(counts, cols["win"], melds=melds, flags=flags, flowers=cols["flowers"],
                  seat_wind=cols["seat"], round_wind=cols["round"])
        runs.append(time.perf_counter() - t0)
    api = len(hands) / min(runs)
    kernel = 1.0 / min(batch._bench(counts, melds, cols["win"], flags, args.reps)[0] for _ in range(5))

    oracle_calls = [go.oracle_args(h) for h in hands[:args.oracle_hands]]
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        for a in oracle_calls:
            MahjongFanCalculator(*a)
        runs.append(time.perf_counter() - t0)
    oracle = len(oracle_calls) / min(runs)

    print("evaluations per second (best of the runs, one core):")
    print(f"  fzsim kernel, nogil loop        {kernel:12,.0f}")
    print(f"  fzsim.fans_many (batched API)   {api:12,.0f}")
    print(f"  PyMahjongGB, one call per hand  {oracle:12,.0f}")
    print(f"  ratio fzsim batched / PyMahjongGB: {api / oracle:.1f}x (kernel {kernel / oracle:.1f}x)")


if __name__ == "__main__":
    main()
