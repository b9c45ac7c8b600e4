"""Variance reduction of a study's contrasts: independent runs, paired walls, draws coupled by seat, control variates.

For the two contrasts of issue 30 — the fuzhou − bianfeng dealer gap (under greedy, and under
value) and 金雀 halved (special_jinque 60 -> 30) under the value policy — plays WALLS walls of each
side twice, into two study folders (one round each): with the hands drawing from the wall as it lies (``draws = "wall"``,
paired walls) and with draws coupled by seat (``draws = "seat"``, fzsim_core/seat_draws.pxd). Per
contrast it prints the standard error two independent runs would have, the paired error with each
kind of draws, the coupled error with the control variates of `fzsim.study.covariates`, and the
hands each needs for one precision relative to paired walls (variance ratios: 1.5 means 1.5x fewer
hands for the same precision).

With ``--strata`` it also runs each contrast as a stratified study (``strata = "golds"``,
`fzsim.study.strata`) on the same number of walls per side: a first round of ``--pilot`` walls
(default a tenth) in proportional allocation, then the rest drawn within the strata in Neyman's
allocation from it, draws coupled by seat; each contrast estimated as sum_k lambda_k sum_h W_h
mean_hk — plain, and with the covariates (their exact means within each stratum).

    python benchmarks/bench_study.py --walls 100000 [--seeds 2026,2027] [--jobs 2] [--out DIR] [--strata]
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
    "dealer gap fuzhou - bianfeng (value)": {
        "baseline": "fuzhou", "variants": {"bianfeng": "bianfeng"}, "lineups": {"value": "value"},
        "metrics": ("dealer_delta", "winner_gain")},
    "jinque halved under value": {
        "baseline": "fuzhou", "variants": {"half_jinque": {"special_jinque": 30}}, "lineups": {"value": "value"},
        "metrics": ("dealer_delta", "winner_gain")},
}


def measure(name: str, setup: dict, walls: int, seed: int, out: str, jobs: int, draws: str) -> list[dict]:
    import fzsim
    from fzsim.study import covariates
    from fzsim.study.runner import contrast_values, read_rounds
    from fzsim.study.sequential import estimate
    from fzsim.study.spec import load_spec

    spec = {k: v for k, v in setup.items() if k != "metrics"}
    spec.update(seed=seed, first_round=walls, budget=walls, draws=draws,
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


def measure_strata(name: str, setup: dict, walls: int, seed: int, pilot: int, out: str, jobs: int) -> list[dict]:
    """The stratified design as a study runs it (``strata = "golds"``, `fzsim.study.runner.Strata`) on
    the same number of walls: a first round of ``pilot`` walls in proportional allocation, then the
    rest in Neyman's allocation from it, draws coupled by seat; each contrast estimated as
    sum_k lambda_k sum_h W_h mean_hk — plain, and with the covariates (their exact means within each
    stratum), both from the study folder's stored rows."""
    import fzsim
    from fzsim.study.runner import Strata, _read_state, answers, plan, read_rounds
    from fzsim.study.spec import load_spec

    spec = {k: v for k, v in setup.items() if k != "metrics"}
    spec.update(seed=seed, first_round=pilot, budget=walls, growth=walls / pilot, draws="seat", strata="golds",
                questions=[{"name": m, "metric": m, "precision": 1e-9} for m in setup["metrics"]])
    t0 = time.perf_counter()
    fzsim.study(spec, out, jobs=jobs, progress=False, card=False)
    seconds = time.perf_counter() - t0
    s = load_spec(spec)
    looks, c = plan(s)
    state = _read_state(out)
    strata = Strata.of(s, state, looks)
    df = read_rounds(out, len(looks))
    plain = answers(s, df, c, False, strata, len(looks) - 1)
    with_cv = answers(s, df, c, True, strata, len(looks) - 1)
    allocation = [r["strata_counts"] for r in state["rounds"]]
    return [{"contrast": name, "metric": p.metric, "walls": looks[-1], "estimate": p.estimate, "se_strata": p.se,
             "estimate_cv": q.estimate, "se_strata_cv": q.se, "allocation": allocation, "seconds": seconds}
            for p, q in zip(plain.itertuples(), with_cv.itertuples())]


def main(argv=None) -> int:
    from fzsim.provenance import header

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=20_000, help="walls per side (default 20,000)")
    parser.add_argument("--seeds", default="2026", help="comma-separated study seeds (default 2026)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", help="keep the study folders here (default: a temporary folder)")
    parser.add_argument("--strata", action="store_true",
                        help="also measure stratified walls (golds strata, Neyman allocation after a pilot)")
    parser.add_argument("--pilot", type=int, default=0, help="pilot walls of the stratified design (default walls / 10)")
    args = parser.parse_args(argv)
    seeds = [int(x) for x in args.seeds.split(",")]
    print("\n".join(header(seed=seeds[0])))
    base = args.out or tempfile.mkdtemp(prefix="bench-study-")
    print(f"{'contrast':36} {'metric':13} {'seed':>5} {'walls':>7} {'estimate':>9} {'se indep':>9}"
          f" {'se wall':>8} {'se seat':>8} {'seat+cv':>8} {'pair x':>7} {'seat x':>7} {'cv x':>6} {'total x':>7}"
          + (f" {'se strat':>8} {'strat x':>7} {'strat+cv':>8} {'s+cv x':>7}  estimate, games per stratum by round" if args.strata else ""))
    totals, strata_totals = {}, {}
    for i, (name, setup) in enumerate(CONTRASTS.items()):
        for seed in seeds:
            out = os.path.join(base, f"contrast-{i}-seed-{seed}")
            wall = measure(name, setup, args.walls, seed, out + "-wall", args.jobs, "wall")
            seat = measure(name, setup, args.walls, seed, out + "-seat", args.jobs, "seat")
            strat = (measure_strata(name, setup, args.walls, seed, args.pilot or args.walls // 10, out + "-strata",
                                    args.jobs) if args.strata else [None] * len(seat))
            for w, r, t in zip(wall, seat, strat):
                seat_x = (w["se_paired"] / r["se_paired"]) ** 2
                total_x = (w["se_paired"] / r["se_paired_cv"]) ** 2
                totals.setdefault((name, r["metric"]), []).append((w["se_paired"] ** 2, r["se_paired_cv"] ** 2))
                extra = ""
                if t is not None:
                    strata_totals.setdefault((name, r["metric"]), []).append(
                        (w["se_paired"] ** 2, t["se_strata"] ** 2, t["se_strata_cv"] ** 2))
                    extra = (f" {t['se_strata']:8.4f} {(w['se_paired'] / t['se_strata']) ** 2:7.3f}"
                             f" {t['se_strata_cv']:8.4f} {(w['se_paired'] / t['se_strata_cv']) ** 2:7.3f}"
                             f"  {t['estimate_cv']:+.4f} {t['allocation']}")
                print(f"{name:36} {r['metric']:13} {seed:5} {r['walls']:7,} {r['estimate']:+9.4f}"
                      f" {w['se_unpaired']:9.4f} {w['se_paired']:8.4f} {r['se_paired']:8.4f} {r['se_paired_cv']:8.4f}"
                      f" {w['paired_vs_unpaired']:7.1f} {seat_x:7.3f} {r['cv_factor']:6.3f} {total_x:7.3f}" + extra)
    if len(seeds) > 1:
        print("over the seeds (ratio of summed variances):")
        for (name, metric), pairs in totals.items():
            line = f"  {name:36} {metric:13} total x {sum(a for a, _ in pairs) / sum(b for _, b in pairs):.3f}"
            if (name, metric) in strata_totals:
                sp = strata_totals[(name, metric)]
                line += (f"   strat x {sum(x[0] for x in sp) / sum(x[1] for x in sp):.3f}"
                         f"   strat+cv x {sum(x[0] for x in sp) / sum(x[2] for x in sp):.3f}")
            print(line)
    print(f"covariates: {r['covariates']}")
    print("pair x: variance of independent runs / paired walls; seat x: paired walls / draws coupled by seat;"
          " cv x: coupled / coupled + control variates; total x: paired walls / coupled + control variates"
          " (hands saved against today's paired walls)")
    if args.strata:
        print("strat x: paired walls / a stratified study (golds strata, Neyman allocation after a first round of"
              f" {args.pilot or args.walls // 10:,} walls, draws coupled by seat); s+cv x: the same with the"
              " covariates, their exact means within each stratum")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
