"""``fzsim score --variant sichuan|xuezhan``: the Sichuan calculator's extra flags and its run path
(the shared tile and seat flags, ``--base`` and ``--option KEY=VALUE`` are the score command's)."""
from __future__ import annotations

import argparse
import json

from fzsim.pack_registry import DEFAULT_PACK
from fzsim.packs import kit
from fzsim.packs.sichuan import calculator


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "Sichuan (--variant sichuan | xuezhan)",
        "wins: selfdraw, discard, robbed_kong (抢杠, needs --winning-tile), kong_replacement (杠上花; with "
        "--kong-from: 点杠花), kong_discard (杠上炮, --from the konger), tianhu, dihu (--from the dealer). "
        "Melds: --pung, --kong (exposed), --added-kong, --concealed-kong. Example: fzsim score --variant xuezhan "
        "111222333m78999p --from 1 --base 100")
    group.add_argument("--kong-from", type=int, default=None, metavar="SEAT",
                       help="点杠花: the seat whose discard was konged before the kong-replacement win")
    group.add_argument("--finished", type=int, action="append", default=[], metavar="SEAT",
                       help="血战: a seat that has already won (repeatable); it does not pay")
    group.add_argument("--end", nargs=4, default=None, metavar="SEAT_HAND",
                       help="settle a hand whose wall ran out instead of scoring a win: four seats' hands "
                       "as 'tiles|pung 5p|kong 7s', or 'won' for a seat that has won (血战)")


def run(args: argparse.Namespace) -> int:
    default_pack_only = {"--gold": args.gold, "--flowers": args.flowers, "--set": args.sets, "--streak": args.streak,
                         "--youjin-level": args.youjin_level, "--discarded-gold": args.discarded_gold}
    given = [flag for flag, value in default_pack_only.items() if value]
    if given:
        raise ValueError(f"{', '.join(given)}: flag(s) of the {DEFAULT_PACK} pack only, not part of a {args.variant}"
                         " hand (no gold, no flowers; pack options go in --option KEY=VALUE)")
    opts = kit.parse_options(args.pack_options)
    if args.end is not None:
        won = [h.strip().lower() == "won" for h in args.end]
        report = calculator.settle(args.end, variant=args.variant, won=won, base=args.base, overrides=opts)
    else:
        if args.hand is None:
            raise ValueError("give the winning hand (e.g. 111222333m78999p) or --end with four seats' hands")
        win = args.win or ("discard" if args.discarder is not None else "selfdraw")
        report = calculator.score(
            args.hand, variant=args.variant, melds=args.melds or (),
            win=win, winner=args.winner, dealer=args.dealer, discarder=args.discarder, kong_from=args.kong_from,
            finished=args.finished, base=args.base, winning_tile=args.winning_tile, overrides=opts)
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json else report)
    return 0
