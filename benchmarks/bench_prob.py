"""Cost of the probability tables: exact counting vs Monte Carlo of the opening window.

Prints the time to build the exact tables (per-suit DP + generating functions) for
both tile sets, the Monte Carlo cost per 100,000 sampled deals with each win checker
(fzsim.prob's numpy tables vs the compiled fzsim.is_win_many), and how many deals the
Monte Carlo would need to pin P(天胡) to the exact value's ±1% — the reason exact
counting is worth having. Timings are noisy on a shared machine.

    python benchmarks/bench_prob.py [--deals 100000]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=100_000)
    args = ap.parse_args()
    from fzsim.provenance import header

    print('\n'.join(header(seed=1)))


    from fzsim import prob

    t = time.perf_counter()
    prob.suit_need_table(9, True)
    prob.suit_need_table(7, False)
    t_tables = time.perf_counter() - t
    exact = {}
    t_exact = {}
    for haf in (True, False):
        t = time.perf_counter()
        exact[haf] = prob.opening_exact(haf)
        t_exact[haf] = time.perf_counter() - t
    print(f"per-suit need tables (5^9 + 5^7 keys): {t_tables:.2f} s")
    for haf in (True, False):
        print(f"exact opening tables, honours {'flowers' if haf else 'tiles'}: {t_exact[haf]:.2f} s")
    for method in ("tables", "wincheck"):
        try:
            t = time.perf_counter()
            mc = prob.opening_monte_carlo(args.deals, True, seed=1, method=method)
            dt = time.perf_counter() - t
        except ImportError as exc:
            print(f"Monte Carlo with {method}: unavailable ({exc})")
            continue
        print(f"Monte Carlo, {args.deals:,} deals, checker {mc['checker']}: {dt:.2f} s "
              f"({args.deals / dt:,.0f} deals/s, {dt / args.deals * 1e5:.2f} s per 100k)")
        rate = args.deals / dt
    p = exact[True]["dealer"]["tianhu"]
    need = (1.96 / 0.01) ** 2 * (1 - p) / p  # deals for a 95% half-width of 1% of p
    print(f"P(天胡) = {p:.6%}; Monte Carlo needs {need:,.0f} deals for ±1% (95%): "
          f"about {need / rate / 3600:.1f} h at the last rate, vs {t_tables + t_exact[True]:.1f} s exact "
          f"(ratio {need / rate / (t_tables + t_exact[True]):,.0f}x)")


if __name__ == "__main__":
    main()
