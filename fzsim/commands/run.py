"""``fzsim run``: play seeded hands of one or more variants in parallel into a Parquet folder."""
from __future__ import annotations

import argparse
import sys

from fzsim.commands.options import add_progress_flags, parse_set
from fzsim.game import DRAWS
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import assign
from fzsim.orchestrator import BACKENDS, DEFAULT_BLOCK_SIZE, DEFAULT_OUT, MAX_LOG_SAMPLE, simulate

__all__ = ["parse_set", "parse_policies", "add_parser", "run"]


def parse_policies(items: list[str] | None):
    """``SEAT=NAME`` (SEAT 0..3 or all) or a bare NAME for every seat -> {seat: name}."""
    return dict(enumerate(assign(items))) if items else None


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "run",
        help="simulate seeded hands in parallel into a Parquet results folder",
        description="Play N seeded hands of each variant (all variants on the same game ids) in "
        "parallel and write them to DIR/variant=NAME/part-*.parquet (one row per hand) and "
        "DIR/_wins/variant=NAME/part-*.parquet (one row per win and end-of-hand payment). Read them "
        "back with fzsim.load(DIR) and fzsim.load(DIR, table='wins').",
    )
    p.add_argument("--hands", type=int, required=True, metavar="N", help="hands per variant")
    p.add_argument("--variant", action="append", metavar="NAME|FILE.toml",
                   help=f"rule variant: a preset name or a .toml file; repeat for several (default {DEFAULT_VARIANT})")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", dest="overrides",
                   help="override a rule key for every variant; repeatable")
    p.add_argument("--seed", type=int, default=0, help="root seed, 0..2**64-1 (default 0)")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="worker processes/threads for loky/threads (-1: all cores; default 1; at most one"
                   " per block to play, with a warning above the number of cores)")
    p.add_argument("--out", default=DEFAULT_OUT, metavar="DIR", help=f"results folder (default {DEFAULT_OUT})")
    p.add_argument("--backend", default="loky", choices=BACKENDS,
                   help="loky (processes), threads, dask (needs --scheduler) or ray (default loky)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="dask scheduler address (tcp://host:8786) or Ray cluster address")
    p.add_argument("--resume", action="store_true", help="finish the missing blocks of the run in DIR")
    p.add_argument("--policy", action="append", metavar="SEAT=NAME",
                   help="bot policy per seat (SEAT 0..3 or all; NAME greedy|random|guard|value, e.g. guard:fold=0.08; default greedy)")
    p.add_argument("--policy-set", action="append", metavar="SETTING", dest="policy_sets",
                   help="one of several policy settings in this run (repeat: --policy-set greedy --policy-set"
                   " guard); SETTING is a NAME for every seat, four names a,b,c,d or SEAT=NAME items joined"
                   " by commas (0=guard,all=greedy). Each is a policy=LABEL partition of every variant, on the"
                   " same game ids; not with --policy")
    p.add_argument("--log-sample", type=int, default=0, metavar="K",
                   help="store full event logs of K evenly spread hands per variant in DIR/_logs"
                   f" (at most {MAX_LOG_SAMPLE:,})")
    p.add_argument("--block-size", type=int, default=DEFAULT_BLOCK_SIZE, metavar="GAMES",
                   help=f"games per Parquet part (default {DEFAULT_BLOCK_SIZE}); does not change results")
    p.add_argument("--check", action="store_true", help="run the engine's invariant checks (slower)")
    p.add_argument("--draws", default="wall", choices=DRAWS,
                   help="wall: draw from the wall as it lies (default); seat: draws coupled by seat, the same"
                        " game distribution with variants and policy settings kept in step (sharper paired"
                        " differences)")
    add_progress_flags(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    summary = simulate(
        args.hands,
        args.variant or [DEFAULT_VARIANT],
        parse_set(args.overrides) or None,
        seed=args.seed,
        jobs=args.jobs,
        out=args.out,
        backend=args.backend,
        scheduler=args.scheduler,
        resume=args.resume,
        policies=parse_policies(args.policy),
        policy_sets=args.policy_sets,
        log_sample=args.log_sample,
        block_size=args.block_size,
        progress=args.progress,
        check=args.check,
        draws=args.draws,
    )
    print(summary.line(), file=sys.stderr)
    return 0
