"""`fzsim replay`: print one hand turn by turn (deal, 补花, gold, draws, claims, discards, score)."""
from __future__ import annotations

from fzsim.game import DRAWS, format_events, play_hand
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import policy_seats


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("replay", help="print one seeded hand turn by turn",
                              description="Replay hand HAND of game GAME under root seed SEED and print "
                                          "every event in tile notation, then the scoring breakdown. With "
                                          "--run DIR, the hand of a stored run: its seed, the variant's rules, "
                                          "the policies, draws and walls (a stratified run's) come from the run.")
    p.add_argument("--seed", type=int, help="root seed (0..2**64-1; required without --run)")
    p.add_argument("--game", type=int, required=True, help="game (match) id")
    p.add_argument("--hand", type=int, default=0, help="hand index within the match (default 0)")
    p.add_argument("--variant", default=None,
                   help=f"rule variant: preset name or .toml path (default {DEFAULT_VARIANT}); with --run, the"
                        " name of one of the run's variants (default: its first)")
    p.add_argument("--policy", default=None,
                   help="policy for all seats, four comma-separated, or SEAT=NAME,... (greedy|random|guard|value;"
                        " default greedy, or the run's)")
    p.add_argument("--draws", default=None, choices=DRAWS,
                   help="how the run drew: wall (default) or seat (a run made with --draws seat)")
    p.add_argument("--run", default=None, metavar="DIR",
                   help="a results folder: replay its hand as it was played (a study's round-NN folder too)")
    p.add_argument("--policy-set", default=None, metavar="LABEL",
                   help="with --run: the policy setting (line-up) of a run of several")
    p.set_defaults(func=run)


def _from_run(args) -> dict:
    """play_hand's arguments for the hand of the stored run in args.run."""
    from fzsim.integrity import read_run_manifest
    from fzsim.rules import RuleConfig
    from fzsim.stratified import first_wall

    ident = read_run_manifest(args.run).identity
    if args.seed is not None and args.seed != ident.seed:
        raise ValueError(f"--seed {args.seed}: the run in {args.run!r} was played under seed {ident.seed}")
    name = args.variant if args.variant is not None else next(iter(ident.variants))
    if name not in ident.variants:
        raise ValueError(f"--variant {name!r}: the run in {args.run!r} has variants {', '.join(ident.variants)}")
    if ident.policy_sets and args.policy_set not in ident.policy_sets:
        raise ValueError(f"--policy-set {args.policy_set!r}: the run in {args.run!r} has policy settings"
                         f" {', '.join(ident.policy_sets)}")
    if not ident.policy_sets and args.policy_set is not None:
        raise ValueError(f"--policy-set {args.policy_set!r}: the run in {args.run!r} has one policy setting")
    rules = RuleConfig(name, ident.variants[name]["rules"])
    return {"seed": ident.seed, "variant": rules,
            "policies": list(policy_seats(args.policy) if args.policy else ident.seats(args.policy_set)),
            "draws": args.draws or ident.draws, "first_wall": first_wall(ident.strata, rules, ident.seed, args.game)}


def run(args) -> int:
    if args.run is not None:
        how = _from_run(args)
    else:
        if args.seed is None:
            raise ValueError("give --seed SEED (or --run DIR: a stored run's hand)")
        if args.policy_set is not None:
            raise ValueError("--policy-set needs --run DIR")
        how = {"seed": args.seed, "variant": args.variant or DEFAULT_VARIANT,
               "policies": list(policy_seats(args.policy or "greedy")), "draws": args.draws or "wall"}
    seed = how.pop("seed")
    result = play_hand(seed, args.game, log=True, hand=args.hand, **how)
    print("\n".join(format_events(result)))
    return 0
