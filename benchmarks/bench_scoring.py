"""Benchmark of scoring and rule loading (prints figures and same-run ratios; asserts nothing).

    python benchmarks/bench_scoring.py [--calls N]

- score_win in C (GIL released, 64 varied wins, every family): ns per call
- score_facts from Python (argument checks + the C call): us per call
- the pure-Python reference of tests/scoring_reference.py (baseline): us per call
- fzsim.rules.load(preset) + .core: ms per call
Timings on a shared machine are noisy; compare the ratios measured in the same run.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

_ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path[:0] = [_ROOT, os.path.join(_ROOT, "tests")]  # run from a checkout without installing

from scoring_reference import reference_score  # noqa: E402

from fzsim import rules  # noqa: E402
from fzsim_core.packs.fuzhou.families import _bench_score_win, score_facts  # noqa: E402


def per_call(fn, n):
    start = time.perf_counter()
    for _ in range(n):
        fn()
    return (time.perf_counter() - start) / n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20_000_000, help="score_win calls in C")
    args = parser.parse_args()
    from fzsim.provenance import header

    print('\n'.join(header(seed=None)))

    facts = dict(winner=1, dealer=0, win_type="discard", discarder=2, specials=["jinque"],
                 flowers=[1, 1] + [0] * 13, exposed_kongs=1, golds=2, dealer_streak=2)
    print(f"{'family':<10} {'C score_win':>14} {'score_facts':>14} {'Python ref':>14} {'ref/C':>8}")
    for family in ("fuzhou", "lianzhong", "bianfeng", "youjin"):
        cfg = rules.load(family)
        core = cfg.core
        fields = rules.compile_fields(cfg)
        elapsed, _ = _bench_score_win(core, args.calls)
        c_ns = elapsed / args.calls * 1e9
        py = per_call(lambda: score_facts(core, **facts), 50_000)
        ref = per_call(lambda: reference_score(fields, 1, 0, "discard", 2, ["jinque"], facts["flowers"],
                                               1, 0, 2, 2, 0), 50_000)
        print(f"{family:<10} {c_ns:>11.1f} ns {py * 1e6:>11.2f} us {ref * 1e6:>11.2f} us {ref * 1e9 / c_ns:>7.0f}x")
    load_s = per_call(lambda: rules.load("bianfeng", guoshui=True).core, 500)
    print(f"rules.load('bianfeng', guoshui=True).core: {load_s * 1e3:.2f} ms per call")


if __name__ == "__main__":
    main()
