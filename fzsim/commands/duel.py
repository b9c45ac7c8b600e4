"""``fzsim duel``: a duplicate match, the challenger in each seat against three baseline seats."""
from __future__ import annotations

import argparse
import json
import sys

from fzsim.commands.options import parse_set
from fzsim.duel import DEFAULT_BLOCK_SIZE, duel
from fzsim.game import DRAWS
from fzsim.pack_registry import DEFAULT_VARIANT


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "duel",
        help="duplicate match: a challenger policy's gain per hand over a baseline on the same walls",
        description="Play every wall with four baseline seats and with the challenger in each seat against"
        " three baseline seats; report the challenger's gain per hand (its delta minus the baseline seat's"
        " on the same wall and seat) with its paired standard error and z, and its win and deal-in rates.",
    )
    p.add_argument("--challenger", required=True, metavar="POLICY", help="the policy measured (e.g. guard)")
    p.add_argument("--baseline", default="greedy", metavar="POLICY", help="the policy it plays against"
                   " (default greedy)")
    p.add_argument("--variant", default=DEFAULT_VARIANT, metavar="NAME|FILE.toml",
                   help=f"rule variant (default {DEFAULT_VARIANT})")
    p.add_argument("--set", action="append", metavar="KEY=VALUE", dest="overrides",
                   help="override a rule key; repeatable")
    p.add_argument("--hands", type=int, required=True, metavar="N", help="walls (hands per line-up)")
    p.add_argument("--seed", type=int, default=0, help="root seed, 0..2**64-1 (default 0)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (-1: all cores; default 1)")
    p.add_argument("--out", metavar="DIR", help="write each line-up as a run (Parquet) to DIR/<line-up>")
    p.add_argument("--resume", action="store_true", help="with --out: finish an interrupted duel in DIR")
    p.add_argument("--block-size", type=int, default=DEFAULT_BLOCK_SIZE, metavar="GAMES",
                   help=f"games per block (default {DEFAULT_BLOCK_SIZE}); does not change results")
    p.add_argument("--check", action="store_true", help="run the engine's invariant checks (slower)")
    p.add_argument("--draws", default="wall", choices=DRAWS,
                   help="wall (default) or seat: draws coupled by seat keep the line-ups in step after their"
                        " play diverges (a smaller paired error for the same walls)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.resume and not args.out:
        raise ValueError("--resume needs --out DIR (an in-memory duel keeps nothing to resume)")
    result = duel(args.challenger, args.baseline, args.variant, args.hands, args.seed,
                  overrides=parse_set(args.overrides) or None, jobs=args.jobs, out=args.out,
                  block_size=args.block_size, resume=args.resume, check=args.check,
                  progress=False if args.json else None, draws=args.draws)
    print(json.dumps(result.to_dict(), indent=2) if args.json else result.text())
    return 0
