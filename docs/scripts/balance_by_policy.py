"""Does a balance answer survive stronger players? Two questions under greedy, guard and value:
what halving the 金雀 value (special_jinque 60 -> 30) does to the points a hand moves, and how
large the dealer's edge is. Every policy plays the same walls under both variants (paired).

    python docs/scripts/balance_by_policy.py [--hands 100000] [--seed 2026] [--jobs 2]

Prints a markdown table (docs/guide/policies.md quotes it).
"""
import argparse
import tempfile

import numpy as np

import fzsim
from fzsim.rules import load


def mean_se(x):
    x = np.asarray(x, dtype=float)
    return x.mean(), x.std(ddof=1) / np.sqrt(len(x))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    half = load("fuzhou", special_jinque=30, name="fuzhou-jinque30")
    print(f"{args.hands:,} walls per policy, seed {args.seed}, the same walls for both variants and every policy\n")
    print("| policy | points moved per hand (fuzhou) | change with 金雀 = 30 (paired) | share of all points | 金雀 wins per 1,000 hands | dealer's mean delta per hand (fuzhou) |")
    print("|---|---:|---:|---:|---:|---:|")
    for policy in ("greedy", "guard", "value"):
        with tempfile.TemporaryDirectory() as out:
            fzsim.simulate(args.hands, ["fuzhou", half], seed=args.seed, jobs=args.jobs, out=out,
                           policies=policy, progress=False)
            df = fzsim.load(out)
        deltas = [f"delta_{s}" for s in range(4)]
        by = {v: d.sort_values(["game_id", "hand"]) for v, d in df.groupby("variant", observed=True)}
        base, other = by["fuzhou"], by["fuzhou-jinque30"]
        moved = base[deltas].abs().sum(axis=1).to_numpy() / 2
        moved_half = other[deltas].abs().sum(axis=1).to_numpy() / 2
        m, _ = mean_se(moved)
        d, d_se = mean_se(moved_half - moved)
        jq = base["jinque"].to_numpy().mean() * 1000
        seat = base["dealer"].to_numpy(dtype=np.int64)
        dealer = base[deltas].to_numpy()[np.arange(len(base)), seat]
        e, e_se = mean_se(dealer)
        print(f"| {policy} | {m:.2f} | {d:+.3f} ± {d_se:.3f} | {d / m:+.1%} | {jq:.2f} | {e:+.2f} ± {e_se:.2f} |")


if __name__ == "__main__":
    main()
