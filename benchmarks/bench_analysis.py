"""Analysis at scale: time and peak memory of fzsim.analysis on a large results folder.

Builds a synthetic contract-4 folder of ROWS hands per variant (two variants),
then times each analysis function reading only its columns, against the
baseline of reading every column of the same folder (what a naive
``pd.read_parquet(DIR)`` does). Prints seconds, hands per second and the process peak RSS
so far (it only grows: a step that needs less than an earlier one shows the earlier peak).

    python benchmarks/bench_analysis.py --rows 5000000     # 10,000,000 hands in all
    python benchmarks/bench_analysis.py --dir EXISTING_RESULTS_DIR

Timings are noisy on a shared machine; compare ratios from the same run.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _make(root: str, rows: int) -> None:
    import numpy as np
    from synthetic_results import synthetic_results, write_results

    chunk = 1_000_000
    for i, start in enumerate(range(0, rows, chunk)):
        games = min(chunk, rows - start)
        df = synthetic_results(games, variants=("fuzhou", "bianfeng"), seed=i)
        df["game_id"] = df["game_id"] + start
        sub = os.path.join(root, f"chunk{i}")
        write_results(df, sub, parts=1)
        for v in ("fuzhou", "bianfeng"):
            dst = os.path.join(root, f"variant={v}")
            os.makedirs(dst, exist_ok=True)
            os.replace(os.path.join(sub, f"variant={v}", "part-000000.parquet"),
                       os.path.join(dst, f"part-{i:06d}.parquet"))
        del df
    _ = np


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rows", type=int, default=1_000_000, help="hands per variant (two variants)")
    ap.add_argument("--dir", default=None, help="use an existing results folder instead")
    args = ap.parse_args()
    from fzsim.provenance import header

    print('\n'.join(header(seed="0, 1, ... (one per synthetic chunk)")))


    import pandas as pd

    from fzsim import analysis

    tmp = None
    root = args.dir
    if root is None:
        tmp = tempfile.TemporaryDirectory(prefix="fzsim-bench-")
        root = tmp.name
        t = time.perf_counter()
        _make(root, args.rows)
        print(f"built {2 * args.rows:,} synthetic hands in {time.perf_counter() - t:.1f} s")
    n = len(analysis.read_columns(root, []))
    print(f"results: {root} ({n:,} hands)")
    print(f"{'step':<28}{'seconds':>9}{'hands/s':>14}{'peak RSS MB':>13}")

    def timed(name, fn):
        t = time.perf_counter()
        fn()
        dt = time.perf_counter() - t
        print(f"{name:<28}{dt:>9.2f}{n / dt:>14,.0f}{_peak_mb():>13,.0f}")
        return dt

    base = {}
    base["rates"] = timed("rates (all families)", lambda: analysis.rates(root))
    base["balance"] = timed("balance", lambda: analysis.balance(root))
    timed("streak_effect", lambda: analysis.streak_effect(root))
    timed("score_quantiles", lambda: analysis.score_quantiles(root))
    timed("compare (paired)", lambda: analysis.compare(root))
    full = timed("baseline: read every column", lambda: pd.read_parquet(root))
    print(f"ratio baseline read / balance (column-pruned scan + math): {full / base['balance']:.1f}x")
    print(f"ratio baseline read / rates: {full / base['rates']:.1f}x")
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
