"""Variance reduction of a study's contrasts: independent runs, paired walls, paired + control variates.

For the two contrasts of issue 30 — the fuzhou − bianfeng dealer gap (greedy) and 金雀 halved
(special_jinque 60 -> 30) under the value policy — plays WALLS walls of each side into a study
folder (one round) and prints, per contrast: the standard error two independent runs would have,
the paired error (the same walls), the paired error with the control variates of
`fzsim.study.covariates`, and the hands each needs for one precision relative to paired walls
(the variance ratio: 1.5 means 1.5x fewer hands).

    python benchmarks/bench_study.py --walls 20000 [--jobs 2] [--out DIR]
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

CONTRASTS = {
    "dealer gap fuzhou - bianfeng (greedy)": {
        "baseline": "fuzhou", "variants": {"bianfeng": "bianfeng"}, "lineups": {"greedy": "greedy"},
        "metrics": ("dealer_delta", "winner_gain")},
    "jinque halved under value": {
        "baseline": "fuzhou", "variants": {"half_jinque": {"special_jinque": 30}}, "lineups": {"value": "value"},
        "metrics": ("dealer_delta", "winner_gain")},
}


def measure(name: str, setup: dict, walls: int, seed: int, out: str, jobs: int) -> list[dict]:
    import fzsim
    from fzsim.study import covariates
    from fzsim.study.runner import contrast_values, read_rounds
    from fzsim.study.sequential import estimate
    from fzsim.study.spec import load_spec

    spec = {k: v for k, v in setup.items() if k != "metrics"}
    spec.update(seed=seed, first_round=walls, budget=walls,
                questions=[{"name": m, "metric": m, "precision": 1e-9} for m in setup["metrics"]])
    t0 = time.perf_counter()
    fzsim.study(spec, out, jobs=jobs, progress=False, control_variates=False, card=False)
    t1 = time.perf_counter()
    s = load_spec(spec)
    df = read_rounds(out, 1)
    rows = []
    cov = None
    for q in s.questions:
        (unit, base), = q.contrasts
        diff, urows = contrast_values(df, q.metric, unit, base)
        own, _ = contrast_values(df, q.metric, unit, None)
        ref, _ = contrast_values(df, q.metric, base, None)
        if cov is None:
            cov = covariates.for_rows(s, urows)
        x, mu = cov.per_game(urows)
        _, se_paired, _ = estimate(diff)
        mean_cv, se_cv, factor = estimate(diff, x, mu)
        se_unpaired = math.sqrt((own.var(ddof=1) + ref.var(ddof=1)) / len(diff))
        rows.append({"contrast": name, "metric": q.metric, "walls": len(diff), "estimate": mean_cv,
                     "se_unpaired": se_unpaired, "se_paired": se_paired, "se_paired_cv": se_cv,
                     "paired_vs_unpaired": (se_unpaired / se_paired) ** 2, "cv_factor": factor,
                     "covariates": ", ".join(cov.names), "play_seconds": t1 - t0})
    return rows


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=20_000, help="walls per side (default 20,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="keep the study folders here (default: a temporary folder)")
    args = parser.parse_args(argv)
    base = args.out or tempfile.mkdtemp(prefix="bench-study-")
    print(f"{'contrast':40} {'metric':13} {'walls':>7} {'estimate':>9} {'se indep':>9} {'se paired':>9}"
          f" {'se +cv':>9} {'paired x':>8} {'cv x':>6}")
    for i, (name, setup) in enumerate(CONTRASTS.items()):
        for r in measure(name, setup, args.walls, args.seed, os.path.join(base, f"contrast-{i}"), args.jobs):
            print(f"{r['contrast']:40} {r['metric']:13} {r['walls']:7,} {r['estimate']:+9.4f} {r['se_unpaired']:9.4f}"
                  f" {r['se_paired']:9.4f} {r['se_paired_cv']:9.4f} {r['paired_vs_unpaired']:8.2f}"
                  f" {r['cv_factor']:6.3f}")
    print(f"covariates: {r['covariates']}")
    print("paired x: variance of independent runs / paired walls (hands saved by pairing);"
          " cv x: paired / paired + control variates (further hands saved)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
