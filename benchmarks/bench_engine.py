"""Engine throughput: hands per second per core for the compiled policies (random, greedy, guard, value).

    python benchmarks/bench_engine.py [--hands N] [--instructions M] [--variant V]
    python benchmarks/bench_engine.py --packs [--hands N] [--instructions M] [--preset P ...] [--policy X ...]

Prints, from the same run: compiled `play_block` for each policy, the same random policy driven
from Python through the policy hook (the slow path every decision takes the GIL), two threads
sharing one `play_block` call each (the GIL is released), and the process's peak memory.
Timings are wall-clock on a shared machine: compare the ratios, not the absolute figures.
`--instructions M` also counts machine instructions per hand under valgrind's callgrind (a
child process playing M hands minus one playing none, numpy's BLAS threads off), a figure the
machine's load cannot move. `--variant` measures another preset or variant file (default the
`fuzhou` defaults), e.g. `--variant xuezhan --policy random --policy greedy`. `--packs` prints one
table for every preset x every compiled policy that plays it (rollout aside): hands per CPU-second,
turns per hand (draws and claims that gave a seat a turn, the mean over the measured hands) and,
with `--instructions M`, instructions per hand and per turn (a pack's walls and play set how many
turns a hand takes; the cost of a turn compares the engine and policies across packs);
`--preset` and `--policy` narrow it.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from fzsim.game import play_hand
from fzsim_core.engine import play_block
from fzsim_core.rules import Rules

#: the compiled policies measured, cheapest first
POLICIES = ("random", "greedy", "guard", "value")


def rate(fn, n):
    """(hands per wall-clock second, hands per CPU second of this process)."""
    t, c = time.perf_counter(), time.process_time()
    fn()
    return n / (time.perf_counter() - t), n / (time.process_time() - c)


#: matches played before the measured block in both callgrind runs (game ids far from the measured
#: ones), so tables a pack or policy builds on first use are not counted per hand
WARM_UP = 20


def games_for(hands: int, hands_per_match: int) -> int:
    """Matches of `hands_per_match` hands that hold at least `hands` hands (play_block counts
    matches: a 国标 match is 16 hands); the figures are then per hand, games x hands_per_match."""
    return max(1, -(-int(hands) // max(1, int(hands_per_match))))


def instructions_per_hand(policy, n, fields=None):
    """Instructions per hand of play_block(policy) by callgrind: a run of about n hands (whole
    matches) minus a run of 0, both after the same WARM_UP matches (fields: the compiled rule
    fields, default the fuzhou defaults)."""
    hpm = int((fields or {}).get("hands_per_match", 1))
    games = games_for(n, hpm)
    code = ("import sys; from fzsim_core.engine import play_block; from fzsim_core.rules import Rules; "
            f"r = Rules(**{dict(fields or {})!r}); play_block(r, 7, 10**9, {WARM_UP}, sys.argv[1]); "
            "play_block(r, 7, 0, int(sys.argv[2]), sys.argv[1])")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")]))
    # a fixed hash seed: the Python around the block then runs the same instructions every time
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0", PYTHONPATH=path)
    counts = []
    for hands in (0, games):
        with tempfile.TemporaryDirectory() as tmp:
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable, "-c", code,
                 policy, str(hands)], capture_output=True, text=True, check=True, env=env).stderr
        counts.append(int(re.search(r"Collected : (\d+)", out).group(1)))
    return (counts[1] - counts[0]) / (games * hpm)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands per compiled measurement")
    ap.add_argument("--policy", action="append", choices=POLICIES,
                    help="measure only this policy (repeatable; default all)")
    ap.add_argument("--instructions", type=int, default=0, metavar="M",
                    help="also count instructions per hand over M hands under callgrind (needs valgrind)")
    ap.add_argument("--variant", default=None, help="a preset or variant file (default: the fuzhou defaults)")
    ap.add_argument("--packs", action="store_true",
                    help="one table: every preset x every compiled policy that plays it (rollout aside)")
    ap.add_argument("--preset", action="append", default=None,
                    help="with --packs: only this preset (repeatable; default every preset)")
    args = ap.parse_args(argv)
    from fzsim.provenance import header
    from fzsim.rules import compile_fields, load

    print('\n'.join(header(seed=7)))
    if args.packs:
        return packs_table(args.hands, args.instructions, args.preset, args.policy)

    policies = tuple(args.policy or POLICIES)
    fields = compile_fields(load(args.variant)) if args.variant else {}
    rules = Rules(**fields)
    # play_block counts matches: n hands is n / hands_per_match of them (a 国标 match is 16 hands)
    n = games_for(args.hands, fields.get("hands_per_match", 1))
    hands = n * int(fields.get("hands_per_match", 1))
    if args.variant:
        print(f"variant: {args.variant}")
    play_block(rules, 1, 0, 200, "greedy")   # warm up (tables, caches)
    figures = {}
    print("hands/s by wall clock | per CPU-second of this process (the per-core figure on a shared machine)")
    for pol in policies:
        figures[pol] = rate(lambda: play_block(rules, 7, 0, n, pol), hands)
        print(f"play_block {pol:>6}, 1 thread : {figures[pol][0]:10,.0f} | {figures[pol][1]:10,.0f}")
    rnd = random.Random(0)
    py_n = max(20, n // 200)
    py = rate(lambda: [play_hand(7, g, variant=rules, policies=lambda o, legal: rnd.randrange(len(legal)))
                       for g in range(py_n)], py_n)
    if "random" not in figures:
        figures["random"] = rate(lambda: play_block(rules, 7, 0, n, "random"), hands)
    print(f"random via the Python hook : {py[0]:10,.0f} | {py[1]:10,.0f}   (compiled random is "
          f"{figures['random'][1] / py[1]:,.0f}x faster per CPU-second)")
    for pol in policies:
        with ThreadPoolExecutor(2) as ex:
            two = rate(lambda: list(ex.map(lambda s: play_block(rules, s, 0, n, pol), (11, 12))), 2 * hands)
        print(f"play_block {pol:>6}, 2 threads: {two[0]:10,.0f} | {two[1]:10,.0f}   "
              f"(wall-clock {two[0] / figures[pol][0]:.2f}x one thread)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS of this process: {peak:.0f} MB (includes Python, numpy and the result arrays)")
    if args.instructions:
        if shutil.which("valgrind") is None:
            print("instructions per hand: valgrind not found, skipped")
            return
        for pol in policies:
            print(f"instructions per hand, {pol:>6} (callgrind, {args.instructions} hands): "
                  f"{instructions_per_hand(pol, args.instructions, fields):10,.0f}")


def mean_turns(rules, games, hands_per_match, policy):
    """Turns per hand over the hands of `games` matches from game 0 of seed 7 (the measured ones)."""
    return sum(play_block(rules, 7, 0, games, policy)["turns"]) / (games * hands_per_match)


def packs_table(n, m, presets=None, policies=None):
    """Hands per CPU-second (n hands, the best of two rounds) and, when m > 0, instructions per
    hand (callgrind, m hands) for every preset and policy (or only `presets` and `policies`), as
    a Markdown table."""
    from fzsim.policyspec import supported_policies
    from fzsim.rules import PRESETS, compile_fields, load

    count = m > 0 and shutil.which("valgrind") is not None
    print(f"hands per CPU-second over {n:,} hands (best of 2)"
          + (f"; instructions per hand over {m:,} hands (callgrind)" if count else ""))
    print("\n| preset | policy | hands per CPU-second | turns per hand |"
          + (" instructions per hand | instructions per turn |" if count else ""))
    print("|---|---|---:|---:|" + ("---:|---:|" if count else ""))
    for preset in presets or PRESETS:
        config = load(preset)
        fields, rules = compile_fields(config), config.core
        for pol in (p for p in supported_policies(config) if p != "rollout" and (not policies or p in policies)):
            play_block(rules, 1, 10**9, WARM_UP, pol)
            hpm = int(config["hands_per_match"])
            games = games_for(n, hpm)
            best = max(rate(lambda: play_block(rules, 7, 0, games, pol), games * hpm)[1] for _ in range(2))
            cells = f"| {preset} | {pol} | {best:,.0f} | {mean_turns(rules, games, hpm, pol):.1f} |"
            if count:   # per turn: over the same hands as the count
                per_hand = instructions_per_hand(pol, m, fields)
                cells += f" {per_hand:,.0f} | {per_hand / mean_turns(rules, games_for(m, hpm), hpm, pol):,.0f} |"
            print(cells, flush=True)


if __name__ == "__main__":
    main()
