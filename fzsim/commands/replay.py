"""`fzsim replay`: print one hand turn by turn (deal, 补花, gold, draws, claims, discards, score)."""
from __future__ import annotations

from fzsim.game import DRAWS, format_events, play_hand
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import policy_seats


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("replay", help="print one seeded hand turn by turn",
                              description="Replay hand HAND of game GAME under root seed SEED and print "
                                          "every event in tile notation, then the scoring breakdown.")
    p.add_argument("--seed", type=int, required=True, help="root seed (0..2**64-1)")
    p.add_argument("--game", type=int, required=True, help="game (match) id")
    p.add_argument("--hand", type=int, default=0, help="hand index within the match (default 0)")
    p.add_argument("--variant", default=DEFAULT_VARIANT,
                   help=f"rule variant: preset name or .toml path (default {DEFAULT_VARIANT})")
    p.add_argument("--policy", default="greedy",
                   help="policy for all seats, four comma-separated, or SEAT=NAME,... (greedy|random|guard|value; default greedy)")
    p.add_argument("--draws", default="wall", choices=DRAWS,
                   help="how the run drew: wall (default) or seat (a run made with --draws seat)")
    p.set_defaults(func=run)


def run(args) -> int:
    names = list(policy_seats(args.policy))
    result = play_hand(args.seed, args.game, variant=args.variant, policies=names, log=True, hand=args.hand,
                        draws=args.draws)
    print("\n".join(format_events(result)))
    return 0
