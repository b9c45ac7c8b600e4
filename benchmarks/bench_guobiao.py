"""Speed of the 国标 fan evaluator: fzsim's batched evaluator (one nogil loop) against
PyMahjongGB on the same random winning hands, both measured in this run (the ratio is
against this run only).

    python benchmarks/bench_guobiao.py [--hands 20000] [--reps 5] [--oracle-hands 20000]
                                       [--shanten-hands 20000] [--instructions M]

Hands are the property test's mix (tests/guobiao_oracle.py): every shape, 0–4 melds, every
win kind, flowers and wind pair. fzsim is timed through ``fzsim.fans_many`` (validation and
array building included) and through the bare kernel loop; PyMahjongGB through its Python
call per hand with the arguments prepared beforehand. Timings on a shared machine are noisy;
each figure is the best of its runs.

The second part times shanten (fzsim_core.packs.guobiao.shanten: the need over every shape, and
the useful-tile mask) on random 13-tile hands of tests/guobiao_shanten_ref.py (0–4 melds, pools
biased to each shape) against PyMahjongGB's five per-shape shanten functions on the same hands,
and the fan-reachability call (all targets, one validated Python call per hand).
``--instructions M`` also counts machine instructions per shanten call under valgrind's
callgrind (a run over M hands minus a run over none).
"""
from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.path.insert(0, os.path.join(HERE, ".."))

from fzsim.packs.guobiao.calculator import FLAG_MINGANGANG, fans_many  # noqa: E402
from fzsim_core.packs.guobiao import batch  # noqa: E402

from fzsim_core.packs.guobiao import reach, shanten  # noqa: E402

import guobiao_oracle as go  # noqa: E402
import guobiao_shanten_ref as ref  # noqa: E402


def shanten_hands(seed, n):
    rng = random.Random(seed)
    hands = [ref.random_hand(rng, size=13) for _ in range(n)]
    counts = np.array([c for c, _ in hands], dtype=np.uint8)
    melds = np.array([m for _, m in hands], dtype=np.uint8)
    return counts, melds


def instructions_per_call(what, n):
    """Instructions per shanten call by callgrind: a run over n hands minus a run over none. The
    hands are made here and loaded from a file by both runs, so only the calls differ."""
    code = ("import sys, numpy as np; from fzsim_core.packs.guobiao import shanten; n = int(sys.argv[2]); "
            "d = np.load(sys.argv[3]); shanten._bench(sys.argv[1], d['c'][:n], d['m'][:n], shanten.ALL, 1)")
    root = os.path.dirname(HERE)
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONPATH=path)
    counts = []
    with tempfile.TemporaryDirectory() as tmp:
        c, m = shanten_hands(1, n)
        np.savez(f"{tmp}/hands.npz", c=c, m=m)
        for hands in (0, n):
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable, "-c", code,
                 what, str(hands), f"{tmp}/hands.npz"], capture_output=True, text=True, check=True, env=env).stderr
            counts.append(int(re.search(r"Collected : (\d+)", out).group(1)))
    return (counts[1] - counts[0]) / n


def bench_shanten(args):
    from MahjongGB import (HonorsAndKnittedTilesShanten, KnittedStraightShanten, RegularShanten,
                           SevenPairsShanten, ThirteenOrphansShanten)

    counts, melds = shanten_hands(args.seed, args.shanten_hands)
    n = len(counts)
    print(f"\nshanten: {n} random 13-tile hands (0-4 melds)")
    need = 1e9 / min(shanten._bench("need", counts, melds, shanten.ALL, args.reps)[0] for _ in range(5))
    useful = 1e9 / min(shanten._bench("useful", counts, melds, shanten.ALL, args.reps)[0] for _ in range(5))
    basic = 1e9 / min(shanten._bench("need", counts, melds, 1, args.reps)[0] for _ in range(5))
    m = min(n, args.oracle_hands)
    empty = np.zeros((0, 3), dtype=np.int8)
    concealed = [counts[i] for i in range(m) if melds[i] == 0]
    runs = []
    for _ in range(3):
        t0 = time.perf_counter()
        for c in concealed:
            reach.target_needs(c, empty)
        runs.append(time.perf_counter() - t0)
    reach_rate = len(concealed) / min(runs)
    tiles = [tuple(go.CODES[k] for k in range(34) for _ in range(c[k])) for c in counts[:m]]
    fns = (RegularShanten, SevenPairsShanten, ThirteenOrphansShanten, HonorsAndKnittedTilesShanten,
           KnittedStraightShanten)
    runs, runs1 = [], []
    for _ in range(3):
        t0 = time.perf_counter()
        for i, t in enumerate(tiles):
            RegularShanten(t)
            if melds[i] == 0:
                for f in fns[1:]:
                    f(t)
            elif melds[i] == 1:
                KnittedStraightShanten(t)
        runs.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        for t in tiles:
            RegularShanten(t)
        runs1.append(time.perf_counter() - t0)
    oracle, oracle1 = m / min(runs), m / min(runs1)
    print("evaluations per second (best of the runs, one core):")
    print(f"  fzsim need, all shapes (nogil loop)       {need:12,.0f}")
    print(f"  fzsim need, standard shape only           {basic:12,.0f}")
    print(f"  fzsim useful-tile mask, all shapes        {useful:12,.0f}")
    print(f"  fzsim reachability, {reach.N} targets, concealed (call) {reach_rate:6,.0f}")
    print(f"  PyMahjongGB, every shape's shanten        {oracle:12,.0f}")
    print(f"  PyMahjongGB, RegularShanten only          {oracle1:12,.0f}")
    print(f"  ratio fzsim / PyMahjongGB: all shapes {need / oracle:.0f}x, standard {basic / oracle1:.0f}x")
    if args.instructions:
        for what in ("need", "useful"):
            print(f"  instructions per {what} call (callgrind, {args.instructions} hands): "
                  f"{instructions_per_call(what, args.instructions):,.0f}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands evaluated by fzsim per pass")
    ap.add_argument("--reps", type=int, default=5, help="passes of the fzsim kernel loop per run")
    ap.add_argument("--oracle-hands", type=int, default=20000, help="hands evaluated by PyMahjongGB")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--shanten-hands", type=int, default=20000, help="13-tile hands for the shanten timings")
    ap.add_argument("--instructions", type=int, default=0, metavar="M",
                    help="also count instructions per shanten call over M hands under callgrind (needs valgrind)")
    ap.add_argument("--shanten-only", action="store_true", help="skip the fan evaluator part")
    args = ap.parse_args(argv)
    if not args.shanten_only:
        bench_fans(args)
    bench_shanten(args)


def bench_fans(args):
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
