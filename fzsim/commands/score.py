"""``fzsim score``: what a described win pays under a rule variant (the scoring calculator)."""
from __future__ import annotations

import argparse

from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT, REGISTRY, pack_of_preset
from fzsim.packs.kit import MELD_TYPES

#: the packs' own arguments and run paths (the tile, seat and gold-and-flowers flags are this module's)
_COMMANDS = [entry.resolve("score_command") for entry in REGISTRY.values() if entry.score_command]


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "score",
        help="score a described win under a rule variant (every seat's payment)",
        description="Score one win: the winner's concealed tiles after winning (winning tile and golds "
        "included), exposed melds and concealed kongs, flowers, the gold kind and how it was won. Prints F, K, "
        "G, L, the specials that apply and the one that counts, and every seat's payment (zero-sum). "
        "Example: fzsim score 123m456m789m123p55s --gold 9s --pung 7p --flowers 1z2z --from 2 --winner 1",
    )
    parser.add_argument("hand", nargs="?", help="concealed tiles in notation, e.g. 123m456m789m123p456p55s")
    parser.add_argument("--gold", help=f"the gold kind, e.g. 5p (the {DEFAULT_PACK} pack's variants, RULES.md §4;"
                        " required there)")
    for mtype in MELD_TYPES:
        flag = "--" + mtype.replace("_", "-")
        parser.add_argument(flag, dest="melds", action="append", type=lambda t, m=mtype: f"{m} {t}", default=None,
                            metavar="TILES", help=f"a {mtype.replace('_', ' ')} (repeatable), e.g. "
                            + {"chow": "345p", "pung": "7s or 777s"}.get(mtype, "9m or 9999m"))
    parser.add_argument("--flowers", default="", help="the winner's flowers, e.g. 1z3z5f")
    pack_wins = [getattr(entry.resolve("calculator"), "WINS", {}) for entry in REGISTRY.values()]
    parser.add_argument("--win", choices=list(dict.fromkeys(w for wins in pack_wins for w in wins)),
                        default=None,
                        help="how it was won (default: discard if --from is given, else selfdraw)")
    parser.add_argument("--from", dest="discarder", type=int, default=None, metavar="SEAT",
                        help="the discarder's seat (a discard or robbed-kong win)")
    parser.add_argument("--winner", type=int, default=0, metavar="SEAT", help="winner's seat 0..3 (default 0)")
    parser.add_argument("--dealer", type=int, default=0, metavar="SEAT", help="dealer's seat 0..3 (default 0)")
    parser.add_argument("--streak", type=int, default=0, metavar="L", help="the dealer's 连庄 count L (default 0)")
    parser.add_argument("--youjin-level", type=int, default=0, choices=(0, 1, 2, 3),
                        help="1 单游, 2 双游, 3 三游 (variants with youjin)")
    parser.add_argument("--winning-tile", default=None, metavar="TILE",
                        help="the tile that completed the hand (checks gold claims and 闲金 waits)")
    parser.add_argument("--discarded-gold", action="store_true",
                        help="the winner discarded a gold earlier this hand (checked against gold_discard)")
    parser.add_argument("--variant", default=DEFAULT_VARIANT, help="a preset (fzsim variants) or a variant .toml file")
    parser.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                        help="override a rule field (repeatable), e.g. --set special_jinque=80")
    parser.add_argument("--base", type=int, default=1, metavar="B",
                        help="a pack calculator's unit (底分 d, 房间系数 b), default 1")
    parser.add_argument("--option", dest="pack_options", action="append", default=[], metavar="KEY=VALUE",
                        help="a scoring option of the pack calculator (repeatable), e.g. longqidui_value=8, "
                        "end_checks=no_winner_only")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    for command in _COMMANDS:
        command.add_arguments(parser)
    parser.set_defaults(func=_run)


def _run(args: argparse.Namespace) -> int:
    # each rule pack scores in its own module; a variant file or RuleConfig goes to the default pack's
    # (which refuses a variant of another pack, naming that pack's command)
    entry = pack_of_preset(args.variant)
    if entry is None or entry.score_command is None:
        entry = REGISTRY[DEFAULT_PACK]
    return entry.resolve("score_command").run(args)
