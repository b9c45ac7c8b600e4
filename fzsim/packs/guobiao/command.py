"""``fzsim score --variant guobiao``: the 国标 / MCR calculator (docs/spec/RULES-PACKS.md §5.4).

The fans come from ``fzsim.fans`` (names as PyMahjongGB spells them), the payments from
``fzsim.packs.guobiao.calculator.payments`` (底分 8: self-draw, each other seat pays 8 + fan; discard, the discarder
pays 8 + fan and the other two 8). It reuses the ``score`` command's tile and seat options and
adds the winds and the 和绝张 flag; other systems' options are refused by name.
"""
from __future__ import annotations

import argparse
import json

import numpy as np

from fzsim.packs.guobiao.calculator import fans, payments
from fzsim.tiles import N_HAND_KINDS, kind_name, parse

VARIANT = "guobiao"
_WIND_NAMES = {"1z": "东", "2z": "南", "3z": "西", "4z": "北"}
# the score command's --win values this pack can take: (selfdraw?, robbed kong, kong replacement, last tile)
_WINS = {"selfdraw": (True, False, False, False), "discard": (False, False, False, False),
         "robbed_kong": (False, True, False, False), "kong_replacement": (True, False, True, False),
         "last_tile": (None, False, False, True)}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options only 国标 reads (the shared ones are the score command's)."""
    group = parser.add_argument_group("国标 (--variant guobiao)")
    group.add_argument("--round-wind", default="1z", metavar="WIND", help="圈风 1z..4z (default 1z 东)")
    group.add_argument("--seat-wind", default=None, metavar="WIND",
                       help="门风 1z..4z (default: from --winner and --dealer, the dealer being 东)")
    group.add_argument("--fourth-tile", action="store_true",
                       help="和绝张: the winning tile's other three copies were already visible")
    group.add_argument("--last-tile", action="store_true", help="the wall's last tile (妙手回春 / 海底捞月)")


def _meld(spec: str):
    """A score-command meld ("pung 7p", "concealed_kong 9999m", ...) as fzsim.fans takes it."""
    mtype, _, text = spec.partition(" ")
    c = parse(text)
    if c[N_HAND_KINDS:].any():
        raise ValueError(f"--{mtype.replace('_', '-')} {text}: a meld holds no flowers")
    kinds = np.flatnonzero(c)
    if mtype != "chow" and len(kinds) == 1 and int(c.sum()) == 1:  # "7p" stands for the whole set
        name = kind_name(int(kinds[0]))
        text = name[0] * (3 if mtype == "pung" else 4) + name[1]
    return (text, "concealed") if mtype == "concealed_kong" else text


def _flowers(text: str) -> int:
    if text.isdigit():
        n = int(text)
    else:
        c = parse(text) if text else np.zeros(N_HAND_KINDS + 8, dtype=np.int64)
        if c[:N_HAND_KINDS].any():
            raise ValueError(f"--flowers {text!r}: in 国标 only 1f..8f are flowers (honours are ordinary tiles)")
        n = int(c[N_HAND_KINDS:].sum())
    if not 0 <= n <= 8:
        raise ValueError(f"--flowers {text!r}: a player holds 0..8 flowers")
    return n


def _refuse_other_options(args) -> None:
    """The other calculators' options (the gold-and-flowers flags, and the settlement and 血战 flags when
    that command group is present)."""
    for flag, attr, default in (("--gold", "gold", None), ("--streak", "streak", 0),
                                ("--youjin-level", "youjin_level", 0), ("--discarded-gold", "discarded_gold", False),
                                ("--set", "sets", []), ("--base", "base", 1), ("--kong-from", "kong_from", None),
                                ("--finished", "finished", []), ("--end", "end", None),
                                ("--option", "pack_options", [])):
        if getattr(args, attr, default) != default:
            raise ValueError(f"{flag} does not apply to variant guobiao (an option of another rule system)")


def run(args: argparse.Namespace) -> int:
    _refuse_other_options(args)
    if args.hand is None:
        raise ValueError("variant guobiao needs the hand: the concealed tiles with the winning tile")
    if args.winning_tile is None:
        raise ValueError("variant guobiao needs --winning-tile (the tile that completed the hand)")
    for name, seat in (("--winner", args.winner), ("--dealer", args.dealer), ("--from", args.discarder)):
        if seat is not None and seat not in (0, 1, 2, 3):
            raise ValueError(f"{name} {seat} must be a seat 0..3")
    win = args.win or ("discard" if args.discarder is not None else "selfdraw")
    if win not in _WINS:
        raise ValueError(f"--win {win} is not a 国标 win; use one of {', '.join(_WINS)}")
    selfdraw, robbed, replacement, last = _WINS[win]
    if selfdraw is None:
        selfdraw = args.discarder is None
    if selfdraw and args.discarder is not None:
        raise ValueError(f"--win {win} is a self-draw: drop --from {args.discarder}")
    if not selfdraw and args.discarder is None:
        raise ValueError(f"--win {win} is on another player's tile: give the discarder with --from SEAT")
    seat_wind = args.seat_wind or f"{(args.winner - args.dealer) % 4 + 1}z"
    report = fans(args.hand, melds=[_meld(m) for m in args.melds or ()], win_tile=args.winning_tile,
                  win="selfdraw" if selfdraw else "discard", robbed_kong=robbed, kong_replacement=replacement,
                  last_tile=last or args.last_tile, fourth_tile=args.fourth_tile, flowers=_flowers(args.flowers),
                  seat_wind=seat_wind, round_wind=args.round_wind)
    if not report.legal:
        raise ValueError(f"诈和: {report} has {report.base} fans without flowers, under the 8-fan minimum: "
                         "not a legal win")
    deltas = payments(report, args.winner, None if selfdraw else args.discarder)
    out = {"variant": VARIANT, "seat_wind": seat_wind, "round_wind": args.round_wind, "win": win,
           "winner": args.winner, "discarder": None if selfdraw else args.discarder,
           "fans": [{"name": n, "value": v, "count": c} for n, v, c in report.fans],
           "total": report.total, "base": report.base, "deltas": deltas}
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    how = "self-draw" if selfdraw else f"discard by seat {args.discarder}"
    print(f"variant guobiao (国标 / MCR): seat {args.winner} wins by {how} on {args.winning_tile} "
          f"({win}); seat wind {_WIND_NAMES.get(seat_wind, seat_wind)}, round wind "
          f"{_WIND_NAMES.get(args.round_wind, args.round_wind)}")
    for n, v, c in report.fans:
        print(f"  {n} {v}" + (f" × {c}" if c > 1 else ""))
    print(f"total {report.total} fans ({report.base} without flowers; minimum 8)")
    print("payments (底分 8): " + ", ".join(f"seat {s} {d:+d}" for s, d in enumerate(deltas)))
    return 0
