"""The 国标 pack played by its bots: hands per CPU-second and the play statistics of each policy
(drawn-hand rate, win rate, self-draw share, mean fan of wins, the fan frequency table).

    python benchmarks/bench_guobiao_pack.py [--games 640] [--seed 2026] [--policies random greedy]
                                            [--top 40] [--set gb_variant=botzone ...]

A game is a 局 of 16 hands (the preset), so the default 640 games are 10,240 hands per policy,
all four seats played by the policy. Speed is play_block's CPU time (one thread, no checks,
records on); the statistics are read from the rows and the win records, each win's fans
re-scored from its record by fzsim.packs.guobiao.records.record_fans (which must give the record's
value). Fan shares are per win; mean fan is given with and without flowers (花牌).
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from fzsim.packs.guobiao.records import fan_table, record_fans  # noqa: E402
from fzsim.rules import load  # noqa: E402
from fzsim_core.engine import play_block  # noqa: E402


def measure(policy: str, games: int, seed: int, top: int, overrides=None) -> None:
    cfg = load("guobiao", **(overrides or {}))
    t0 = time.process_time()
    out, recs = play_block(cfg.core, seed, 0, games, (policy,) * 4, records=True)
    cpu = time.process_time() - t0
    n = len(out["game_id"])
    won = out["outcome"] == 1
    idx, total, fans = record_fans(out, recs)
    assert (total == recs["value"][idx]).all(), "a record's value differs from its re-scored fans"
    value = recs["value"][idx].astype(float)
    flowers = recs["gen"][idx].astype(float)
    selfdraw = (recs["from_seat"][idx] < 0).mean() if len(idx) else float("nan")
    print(f"\n{policy}: {n:,} hands ({games} games of 16) in {cpu:.2f} CPU-s = {n / cpu:,.0f} hands per CPU-second")
    print(f"  drawn hands {100 * (1 - won.mean()):.2f}%   won {100 * won.mean():.2f}%"
          f" (per seat-hand {25 * won.mean():.2f}%)   self-drawn wins {100 * selfdraw:.1f}%")
    if len(idx):
        print(f"  mean fan of a win {value.mean():.2f} with flowers, {(value - flowers).mean():.2f} without;"
              f" median {np.median(value):.0f}, max {value.max():.0f}; mean turns {out['turns'].mean():.1f}")
        print(f"  fan frequency (share of {len(idx):,} wins counting it):")
        for name, k, share in fan_table(fans)[:top]:
            print(f"    {name:<8} {k:>7,}  {100 * share:6.2f}%")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=640)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--policies", nargs="+", default=["random", "greedy"])
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--set", action="append", default=[], metavar="KEY=VALUE",
                    help="a rule override (e.g. gb_variant=botzone); repeatable")
    a = ap.parse_args(argv)
    overrides = {}
    for kv in a.set:
        key, _, value = kv.partition("=")
        overrides[key] = {"true": True, "false": False}.get(value, int(value) if value.lstrip("-").isdigit() else value)
    for p in a.policies:
        measure(p, a.games, a.seed, a.top, overrides)


if __name__ == "__main__":
    main()
