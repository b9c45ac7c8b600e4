"""``fzsim score --variant shanghai``: the Shanghai calculator's extra flags and its run path (the shared
tile, flower and seat flags and ``--option KEY=VALUE`` are the score command's)."""
from __future__ import annotations

import argparse
import json

from fzsim.packs import kit
from fzsim.packs.shanghai import calculator


def add_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        "Shanghai (--variant shanghai)",
        "wins: selfdraw, discard, robbed_kong (the konger pays 3 shares), kong_replacement (杠开), bahua (八花齐). "
        "Flowers with --flowers 1f2f. Example: fzsim score --variant shanghai 111m222p33355s --pung 1z "
        "--flowers 1f2f5f --from 1 --dice 3 3")
    group.add_argument("--dice", type=int, nargs=2, default=None, metavar=("D1", "D2"),
                       help="the opening dice (开宝: a double or 1 and 4)")
    group.add_argument("--huangfan", type=int, default=0, metavar="H", help="the 荒番 counter entering the hand")
    group.add_argument("--chengbao", type=int, action="append", default=[], metavar="SEAT",
                       help="a 承包 partner of the winner (repeatable; twice = mutual)")


def run(args: argparse.Namespace) -> int:
    kit.refuse_flags(args, "shanghai", {"--base": args.base != 1, "--wild": getattr(args, "wild", None),
                                     "--indicator": getattr(args, "indicator", None),
                                     "--hubao": getattr(args, "hubao", []),
                                     "--shaozhuang": getattr(args, "shaozhuang", 0)},
                  "no wild; 底分 and 勒子 are options: --option base_points=2 --option lezi=10")
    if args.hand is None:
        raise ValueError("give the winning hand, e.g. 111m222p33355s --pung 1z --flowers 1f2f5f")
    win = args.win or ("discard" if args.discarder is not None else "selfdraw")
    report = calculator.score(
        args.hand, melds=args.melds or (), flowers=args.flowers, win=win, winner=args.winner, dealer=args.dealer,
        discarder=args.discarder, dice=args.dice, huangfan=args.huangfan, chengbao=args.chengbao,
        winning_tile=args.winning_tile, overrides=kit.parse_options(args.pack_options))
    print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2) if args.json else report)
    return 0
