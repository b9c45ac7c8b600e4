"""``fzsim variants``: list the rule presets; ``fzsim variants show NAME [--set key=value ...]``."""
from __future__ import annotations

import argparse
import json

from fzsim import rules
from fzsim.commands.options import parse_set
from fzsim.pack_registry import DEFAULT_VARIANT


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "variants",
        help="list the rule presets, or show one variant's canonical configuration",
        description="Without arguments: list the presets with one-line descriptions. "
        "'show NAME' prints the canonical configuration (every field) of a preset or a variant .toml file.",
    )
    parser.set_defaults(func=_list)
    sub = parser.add_subparsers(dest="variants_command", metavar="{show}")
    show = sub.add_parser("show", help="print the canonical configuration of a variant",
                          description="Print the canonical configuration of a variant as TOML (readable back "
                          "with `load`) or, with --json, as the canonical JSON stored with results.")
    show.add_argument("name", help="a preset name (see `fzsim variants`) or a path to a variant .toml file")
    show.add_argument("--set", dest="sets", action="append", default=[], metavar="KEY=VALUE",
                      help="override one rule field (repeatable), e.g. --set gold_discard=forbidden")
    show.add_argument("--json", action="store_true", help="print name, hash and canonical rules as JSON")
    show.set_defaults(func=_show)


def _list(args: argparse.Namespace) -> int:
    width = max(map(len, rules.PRESETS))
    for name, description in rules.PRESETS.items():
        mark = " (default)" if name == DEFAULT_VARIANT else ""
        print(f"{name:<{width}}  {description}{mark}")
    return 0


def _show(args: argparse.Namespace) -> int:
    overrides = parse_set(args.sets)
    cfg = rules.load(args.name, overrides)
    if args.json:
        print(json.dumps({"name": cfg.name, "hash": cfg.hash, "rules": cfg.canonical}, ensure_ascii=False, indent=2))
    else:
        print(cfg.to_toml(), end="")
    return 0
