"""``fzsim prob``: probability tables for 抢金 / 三金倒 / 天胡 (exact and Monte Carlo)."""
from __future__ import annotations

import argparse
import json
import sys

from fzsim import prob
from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT, REGISTRY, pack_of_preset
from fzsim.rules import PRESETS


def _positive_or_zero(text: str) -> int:
    try:
        value = int(text.replace("_", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"expected a number >= 0, got {value}")
    return value


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "prob",
        help="probability tables for 抢金 / 三金倒 / 天胡 and golds at the opening, 金雀 / 金龙 per hand",
        description=(
            "Exact opening-window probabilities per seat role (hypergeometric gold counts, 天胡 and "
            "抢金 by per-suit counting) next to Monte Carlo estimates with 95%% Wilson intervals: "
            "sampled opening deals, and whole hands played by the engine (三金倒 won, 金雀, 金龙)."
        ),
    )
    p.add_argument("--variant", action="append", metavar="V",
                   help="preset name or .toml path; repeat for several, or 'all' for every preset "
                        f"(default {DEFAULT_VARIANT})")
    p.add_argument("--hands", type=_positive_or_zero, default=20_000, metavar="N",
                   help="Monte Carlo hands: sampled opening deals and engine hands (default 20000; 0 = exact only)")
    p.add_argument("--deals", type=_positive_or_zero, default=None, metavar="N",
                   help="sampled opening deals if different from --hands")
    p.add_argument("--results", metavar="DIR", default=None,
                   help="take the whole-hand rows from this results folder instead of playing hands")
    p.add_argument("--seed", type=_positive_or_zero, default=0, help="root seed of the Monte Carlo (default 0)")
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(func=run)


def _variants(chosen) -> list[str]:
    if not chosen:
        return [REGISTRY[DEFAULT_PACK].presets[0]]
    if "all" in chosen:
        return list(PRESETS)
    return list(dict.fromkeys(chosen))


def _module(entry):
    """The probability module of a pack's entry; fzsim.prob for the packs without one."""
    return entry.resolve("probability") if entry is not None and entry.probability else prob


def run(args) -> int:
    deals = args.hands if args.deals is None else args.deals
    hands = 0 if args.results else args.hands
    out = []
    for variant in _variants(args.variant):
        module = _module(pack_of_preset(variant))
        if module is not prob:   # a pack's own table: exact 天胡; whole-hand rates come from a run's report
            table = module.probability_table(variant, deals=deals, seed=args.seed)
        else:
            table = prob.probability_table(variant, deals=deals, hands=hands, seed=args.seed,
                                           results=args.results)
        out.append((table, None))
    if args.json:
        payload = [dict(prob.table_to_json(t), note=n) for t, n in out]
        json.dump(payload[0] if len(payload) == 1 else payload, sys.stdout, ensure_ascii=False, indent=2)
        print()
        return 0
    for table, note in out:
        print(f"== {table.attrs['variant']} ==")
        print(_module(REGISTRY.get(table.attrs.get("pack"))).describe(table))
        if note:
            print(f"note: {note}")
        print()
        print(prob.format_table(table))
        print()
    return 0
