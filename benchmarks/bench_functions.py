"""Where a hand's instructions go: callgrind self cost per hand, by function, of compiled play.

    python benchmarks/bench_functions.py --variant guobiao --policy random [--hands 200] [--top 25]
    python benchmarks/bench_functions.py --variant guobiao --policy random --against ../old-checkout

A child process plays `play_block(rules, 7, 0, games, policy)` under valgrind's callgrind after the
same warm-up as `bench_engine.py --instructions` (numpy's BLAS threads off, a fixed hash seed);
the same child playing no games is subtracted, function by function, and the rest is divided by
the hands played (whole matches: a 国标 match is 16 hands). Names are Cython's C functions with
their module path restored (`packs.guobiao.shapes.gb_surely_not_ready`), compiler copies
(`.constprop.0`, `.part.0`) added to their function. `--against DIR` measures a built checkout
at DIR the same way (its fzsim_core first on the path) and prints both columns: what a change
moved, function by function. Needs valgrind and callgrind_annotate.
"""
from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_engine import WARM_UP, games_for  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LINE = re.compile(r"\s*([\d,]+)\s+\([^)]*\)\s+\S+:(\S+)")


def demangle(name: str) -> str:
    """`__pyx_f_10fzsim_core_5packs_7guobiao_6shapes_gb_waits` -> `packs.guobiao.shapes.gb_waits`
    (Cython writes each module component as its length then its name); other names unchanged
    but for a compiler copy's suffix."""
    name = name.split(".")[0]
    m = re.match(r"__pyx_[a-z]+_(.*)", name)
    if not m:
        return name
    rest, parts = m.group(1), []
    while True:
        d = re.match(r"(\d+)", rest)
        if not d:
            break
        n = int(d.group(1))
        parts.append(rest[len(d.group(1)):len(d.group(1)) + n])
        rest = rest[len(d.group(1)) + n + 1:]
    if parts and parts[0] == "fzsim_core":
        parts = parts[1:]
    return ".".join(parts + [rest])


def self_costs(policy: str, fields: dict, games: int, tree: str) -> collections.Counter:
    """Callgrind self cost by function of one child playing `games` matches after the warm-up."""
    code = ("import sys; from fzsim_core.engine import play_block; from fzsim_core.rules import Rules; "
            f"r = Rules(**{dict(fields)!r}); play_block(r, 7, 10**9, {WARM_UP}, sys.argv[1]); "
            "play_block(r, 7, 0, int(sys.argv[2]), sys.argv[1])")
    path = os.pathsep.join(filter(None, [tree, os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0", PYTHONPATH=path)
    costs = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/cg.out", sys.executable,
                        "-c", code, policy, str(games)], capture_output=True, text=True, check=True, env=env,
                       cwd=tree)
        out = subprocess.run(["callgrind_annotate", "--threshold=100", f"{tmp}/cg.out"],
                             capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            costs[demangle(m.group(2))] += int(m.group(1).replace(",", ""))
    return costs


def per_hand(policy: str, fields: dict, hands: int, tree: str) -> dict:
    """Self cost per hand by function: `hands` (whole matches) minus none."""
    hpm = int(fields.get("hands_per_match", 1))
    games = games_for(hands, hpm)
    none, some = self_costs(policy, fields, 0, tree), self_costs(policy, fields, games, tree)
    return {f: (some[f] - none[f]) / (games * hpm) for f in set(some) | set(none)}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="fuzhou", help="a preset or variant file (default fuzhou)")
    ap.add_argument("--policy", default="random", help="a compiled policy spec (default random)")
    ap.add_argument("--hands", type=int, default=200, help="hands measured (whole matches; default 200)")
    ap.add_argument("--top", type=int, default=25, help="functions printed, largest first (default 25)")
    ap.add_argument("--against", default=None, metavar="DIR", help="a built checkout to measure the same way")
    args = ap.parse_args(argv)
    if args.hands < 1 or args.top < 1:
        ap.error(f"--hands and --top must be at least 1 (got {args.hands}, {args.top})")
    from fzsim.provenance import header
    from fzsim.rules import compile_fields, load

    print("\n".join(header(seed=7)))
    fields = compile_fields(load(args.variant))
    now = per_hand(args.policy, fields, args.hands, ROOT)
    print(f"variant: {args.variant}, policy: {args.policy}, self cost per hand over about {args.hands} hands\n")
    if args.against:
        old = per_hand(args.policy, fields, args.hands, os.path.abspath(args.against))
        names = sorted(set(now) | set(old), key=lambda f: (-abs(now.get(f, 0) - old.get(f, 0)),
                                                            -max(now.get(f, 0), old.get(f, 0))))
        print(f"| function | {args.against} | this checkout |\n|---|---:|---:|")
        print(f"| (total) | {sum(old.values()):,.0f} | {sum(now.values()):,.0f} |")
        for f in names[:args.top]:
            print(f"| `{f}` | {old.get(f, 0):,.0f} | {now.get(f, 0):,.0f} |")
    else:
        print(f"| function | instructions per hand |\n|---|---:|\n| (total) | {sum(now.values()):,.0f} |")
        for f in sorted(now, key=lambda f: -now[f])[:args.top]:
            print(f"| `{f}` | {now[f]:,.0f} |")


if __name__ == "__main__":
    sys.exit(main())
