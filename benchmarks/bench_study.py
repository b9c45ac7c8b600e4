"""Variance reduction of a study's contrasts: independent runs, paired walls, draws coupled by seat, control variates.

For the two contrasts of issue 30 — the fuzhou − bianfeng dealer gap (under greedy, and under
value) and 金雀 halved (special_jinque 60 -> 30) under the value policy — plays WALLS walls of each
side twice, into two study folders (one round each): with the hands drawing from the wall as it lies (``draws = "wall"``,
paired walls) and with draws coupled by seat (``draws = "seat"``, fzsim_core/seat_draws.pxd). Per
contrast it prints the standard error two independent runs would have, the paired error with each
kind of draws, the coupled error with the control variates of `fzsim.study.covariates`, and the
hands each needs for one precision relative to paired walls (variance ratios: 1.5 means 1.5x fewer
hands for the same precision).

With ``--strata`` it also measures stratified walls (`fzsim.study.strata`, the ``golds`` strata)
on the same number of walls per side: a pilot of ``--pilot`` consecutive walls (default a tenth),
then the rest screened by stratum in Neyman's allocation from the pilot, draws coupled by seat,
each contrast estimated as sum_k lambda_k sum_h W_h mean_hk — plain, and with the covariates
(their exact means within each stratum). The stratified walls are played by game id with the
engine's ``play_block`` (one call per run of consecutive ids), outside any results folder: the
study does not yet store such walls (see the studies page).

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


def _play_ids(core, root_seed: int, ids, seats) -> "pd.DataFrame":
    """The hands of game ids ``ids`` (any set: one engine call per run of consecutive ids), draws
    coupled by seat, as a frame in the order of ``ids``."""
    import numpy as np
    import pandas as pd
    from fzsim_core.engine import play_block

    ids = np.asarray(ids, dtype=np.int64)
    parts = []
    i = 0
    while i < ids.size:            # runs of consecutive ids are one call
        j = i + 1
        while j < ids.size and ids[j] == ids[j - 1] + 1:
            j += 1
        parts.append(play_block(core, root_seed, int(ids[i]), j - i, seats, False, False, True))
        i = j
    from fzsim.storage import build_table

    cols = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    return build_table(cols, root_seed, pack="fuzhou").to_pandas()      # the stored columns, as a study reads them


def measure_strata(name: str, setup: dict, walls: int, seed: int, pilot: int) -> list[dict]:
    """The stratified design (fzsim.study.strata, ``golds``) on the same budget of walls: a pilot of
    ``pilot`` consecutive walls (round 0's, post-stratified), then ``walls - pilot`` walls of new
    ids (round 1's root seed) screened by stratum in Neyman's allocation from the pilot's
    within-stratum sds of every metric's contrast (each scaled by its pilot sd); draws coupled by
    seat; the estimate sum_k lambda_k sum_h W_h mean_hk with fixed round weights (walls)."""
    import numpy as np
    import pandas as pd
    from fzsim.study import covariates, strata as st
    from fzsim.study.metrics import metric_values
    from fzsim.study.runner import round_seed
    from fzsim.study.spec import load_spec

    spec = {k: v for k, v in setup.items() if k != "metrics"}
    spec.update(seed=seed, first_round=walls, budget=walls, draws="seat",
                questions=[{"name": m, "metric": m, "precision": 1e-9} for m in setup["metrics"]])
    s = load_spec(spec)
    configs = list(s.variants.values())
    pack_strata = st.check_strata("golds", s.pack, configs)   # the pack's own (fzsim.packs.fuzhou.strata)
    haf = bool(configs[0]["honors_are_flowers"])
    w = pack_strata.weights("golds", haf)
    contrasts = [(q.metric, q.contrasts[0]) for q in s.questions]
    t0 = time.perf_counter()

    def diffs(root, ids, k):
        frames = {}
        for metric, (unit, base) in contrasts:
            for u in (unit, base):
                if u not in frames:
                    frames[u] = _play_ids(s.variants[u[0]].core, root, ids, s.lineups[u[1]])
        first = next(iter(frames.values())).copy()
        first.insert(0, "round", np.int16(k))
        return {metric: metric_values(frames[unit], metric) - metric_values(frames[base], metric)
                for metric, (unit, base) in contrasts}, first

    r0, r1 = round_seed(seed, 0), round_seed(seed, 1)
    ids0 = np.arange(pilot, dtype=np.int64)
    d0, rows0 = diffs(r0, ids0, 0)
    h0 = np.array([pack_strata.stratum_of(r0, g, haf) for g in ids0])
    sd = st.allocation_sd(list(d0.values()), h0, len(w), [float(np.std(v)) or 1.0 for v in d0.values()])
    n_h = st.neyman(w, sd, walls - pilot)
    by_stratum, _ = st.screen(n_h, lambda g: pack_strata.stratum_of(r1, g, haf))
    ids1 = np.concatenate(by_stratum)
    h1 = np.concatenate([np.full(len(x), h) for h, x in enumerate(by_stratum)])
    order = np.argsort(ids1, kind="stable")
    ids1, h1 = ids1[order], h1[order]
    d1, rows1 = diffs(r1, ids1, 1)
    seconds = time.perf_counter() - t0
    # the study's covariates of these hands, with their exact means within each stratum
    cov = covariates.for_rows(s, pd.concat([rows0, rows1], ignore_index=True))
    mu_h = pack_strata.stratum_means(cov.names, haf)
    rows = []
    lam = {0: pilot / walls, 1: 1 - pilot / walls}
    hh = np.concatenate([h0, h1])
    rounds = np.concatenate([np.zeros(pilot, int), np.ones(ids1.size, int)])
    for metric in d0:
        y = np.concatenate([d0[metric], d1[metric]])
        est, se, _ = st.stratified_estimate(y, hh, w, rounds, lam)
        est_cv, se_cv, _ = st.stratified_estimate(y, hh, w, rounds, lam, cov.values, mu_h)
        sd_h = [float(y[hh == h].std(ddof=1)) if (hh == h).sum() > 1 else float("nan") for h in range(len(w))]
        rows.append({"contrast": name, "metric": metric, "walls": int(y.size), "estimate": est, "se_strata": se,
                     "estimate_cv": est_cv, "se_strata_cv": se_cv, "allocation": n_h.tolist(), "seconds": seconds,
                     "sd_h": sd_h})
    return rows


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
          + (f" {'se strat':>8} {'strat x':>7} {'strat+cv':>8} {'s+cv x':>7}  estimate, allocation, sd per stratum" if args.strata else ""))
    totals, strata_totals = {}, {}
    for i, (name, setup) in enumerate(CONTRASTS.items()):
        for seed in seeds:
            out = os.path.join(base, f"contrast-{i}-seed-{seed}")
            wall = measure(name, setup, args.walls, seed, out + "-wall", args.jobs, "wall")
            seat = measure(name, setup, args.walls, seed, out + "-seat", args.jobs, "seat")
            strat = (measure_strata(name, setup, args.walls, seed, args.pilot or args.walls // 10) if args.strata
                     else [None] * len(seat))
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
                             f"  {t['estimate_cv']:+.4f} {t['allocation']}"
                             f" sd/stratum {' '.join(f'{x:.2f}' for x in t['sd_h'])}")
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
        print("strat x: paired walls / stratified walls (golds strata, Neyman allocation after a pilot of"
              f" {args.pilot or args.walls // 10:,} walls, draws coupled by seat); s+cv x: the same with the"
              " covariates, their exact means within each stratum")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
