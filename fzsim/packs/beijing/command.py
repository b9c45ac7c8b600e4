"""``fzsim score --variant beijing``: the Beijing calculator's extra flags and its run path (the shared
tile and seat flags, ``--base`` (底分 d) and ``--option KEY=VALUE`` are the score command's)."""
from __future__ import annotations

import argparse
import json

from fzsim.packs import kit
from fzsim.packs.beijing import calculator


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "Beijing (--variant beijing)",
        "the 惠牌 as --wild TILE or its indicator --indicator TILE; wins: selfdraw, discard, robbed_kong, "
        "kong_replacement (杠上开花), last_tile (海底捞月), last_discard, tianhu, dihu, sihui (四惠牌). Melds: --chow, "
        "--pung, --kong, --added-kong, --concealed-kong. --base is 底分 d. Example: fzsim score --variant beijing "
        "111m222p55s --pung 777s --pung 999p --wild 1z --shaozhuang 1 --base 2000")
    group.add_argument("--wild", default=None, metavar="TILE", help="the 惠牌 kind, e.g. 5p")
    group.add_argument("--indicator", default=None, metavar="TILE", help="the flipped 惠坯 (the 惠牌 is the next kind)")
    group.add_argument("--hubao", type=int, action="append", default=[], metavar="SEAT",
                       help="a 互包 partner of the winner (repeatable): it pays the whole hand part")
    group.add_argument("--shaozhuang", type=int, default=0, metavar="R", help="rounds of 烧庄 this hand (default 0)")


def run(args: argparse.Namespace) -> int:
    kit.refuse_flags(args, "beijing", {"--flowers": args.flowers, "--dice": getattr(args, "dice", None),
                                    "--huangfan": getattr(args, "huangfan", 0),
                                    "--chengbao": getattr(args, "chengbao", [])},
                  "no flowers, the wild is --wild or --indicator; pack options go in --option KEY=VALUE")
    if args.hand is None:
        raise ValueError("give the winning hand, e.g. 111m222p55s --pung 777s --pung 999p --wild 1z")
    win = args.win or ("discard" if args.discarder is not None else "selfdraw")
    report = calculator.score(
        args.hand, melds=args.melds or (), wild=args.wild, indicator=args.indicator, win=win, winner=args.winner,
        dealer=args.dealer, discarder=args.discarder, winning_tile=args.winning_tile, hubao=args.hubao,
        shaozhuang=args.shaozhuang, base=args.base, overrides=kit.parse_options(args.pack_options))
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json else report)
    return 0
