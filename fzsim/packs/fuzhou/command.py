"""``fzsim score --variant fuzhou|lianzhong|…`` (and a variant file): the Fuzhou reference calculator's
run path. Its flags (the tiles, --gold, --flowers, --streak, --youjin-level, --discarded-gold,
--set) are the score command's own, so it adds none."""
from __future__ import annotations

import argparse
import json

from fzsim.commands.options import parse_set
from fzsim.pack_registry import REGISTRY
from fzsim.packs.fuzhou import calculator
from fzsim.rules import load


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Nothing: every flag this calculator reads is the score command's."""


def run(args: argparse.Namespace) -> int:
    overrides = parse_set(args.sets)
    _refuse_other_packs(load(args.variant, overrides))
    if args.hand is None or args.gold is None:
        raise ValueError("give the hand and --gold (every Fuzhou hand has a gold kind, e.g. --gold 5p)")
    win = args.win or ("discard" if args.discarder is not None else "selfdraw")
    report = calculator.score(
        args.hand, args.gold, melds=args.melds or (), flowers=args.flowers, win=win, winner=args.winner,
        dealer=args.dealer, discarder=args.discarder, dealer_streak=args.streak, youjin_level=args.youjin_level,
        winning_tile=args.winning_tile, discarded_gold=args.discarded_gold, variant=args.variant,
        overrides=overrides,
    )
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json else report)
    return 0


def _refuse_other_packs(cfg) -> None:
    """This calculator scores the variants of its own pack only: a variant file or --set overrides
    switching to another pack would be scored by the wrong rules."""
    entry = REGISTRY[cfg["pack"]]
    if entry.calculator == calculator.__name__:
        return
    if entry.score_command:
        how = (f"score it with that pack's calculator: fzsim score --variant {' | '.join(entry.presets)}"
               " (its options with --option KEY=VALUE)")
    else:
        how = "that pack has no scoring calculator"
    raise ValueError(f"variant {cfg.name!r} plays the {entry.name} pack, not the one Fuzhou's calculator scores; {how}")
