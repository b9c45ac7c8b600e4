"""The rollout policy's speed: hands per CPU-second and instructions per hand at a budget.

    python benchmarks/bench_rollout.py [--spec rollout] [--hands N] [--variant fuzhou] [--instructions M]

Prints, for the spec (default: `rollout` at its default budget) and beside `value`, hands per
CPU-second of this process for two line-ups: the policy in all four seats, and in seat 0 against
three `value` seats (the duel's line-up). `--instructions M` also counts machine instructions per
hand under valgrind's callgrind (a child process playing M games minus one playing none), which
the machine's load cannot move. Timings on a shared machine: compare ratios, not absolutes.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def per_cpu_second(fn, n):
    c = time.process_time()
    fn()
    return n / (time.process_time() - c)


def instructions_per_hand(variant, policies, n):
    """Instructions per hand of play_block by callgrind: a run of n games minus a run of 0."""
    code = ("import sys, json; from fzsim_core.engine import play_block; from fzsim.rules import load; "
            "r = load(sys.argv[1]).core; out = play_block(r, 7, 0, int(sys.argv[3]), tuple(json.loads(sys.argv[2])));"
            "print('HANDS', len(out['game_id']), file=sys.stderr)")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONPATH=path)
    import json

    counts, hands = [], 0
    for games in (0, n):
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable, "-c", code,
                 variant, json.dumps(list(policies)), str(games)], capture_output=True, text=True, check=True,
                env=env).stderr
        counts.append(int(re.search(r"Collected : (\d+)", out).group(1)))
        hands = int(re.search(r"HANDS (\d+)", out).group(1))
    return (counts[1] - counts[0]) / hands


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--spec", default="rollout", help="the rollout spec measured (default: its default budget)")
    ap.add_argument("--hands", type=int, default=400, help="games per measurement")
    ap.add_argument("--variant", default="fuzhou")
    ap.add_argument("--instructions", type=int, default=0, metavar="M",
                    help="also count instructions per hand over M games under callgrind (needs valgrind)")
    args = ap.parse_args(argv)
    from fzsim.provenance import header
    from fzsim.rules import load
    from fzsim_core.engine import play_block

    print('\n'.join(header(seed=7)))
    rules = load(args.variant).core
    n = args.hands
    play_block(rules, 1, 0, 50, "value")   # warm up (tables, caches)
    lineups = {
        f"{args.spec} x4": (args.spec,) * 4,
        f"{args.spec} + 3 value": (args.spec, "value", "value", "value"),
        "value x4": ("value",) * 4,
    }
    print(f"{args.variant}, {n} games each: hands per CPU-second of this process")
    for name, pols in lineups.items():
        holder = {}
        rate = per_cpu_second(lambda: holder.setdefault("out", play_block(rules, 7, 0, n, pols)), n)
        hands = len(holder["out"]["game_id"])
        print(f"  {name:<28} {rate * hands / n:10,.1f}")
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("instructions per hand: valgrind not found, skipped")
            return
        for name, pols in lineups.items():
            print(f"instructions per hand, {name:<28} (callgrind, {args.instructions} games): "
                  f"{instructions_per_hand(args.variant, pols, args.instructions):14,.0f}")


if __name__ == "__main__":
    main()
