"""The ``fzsim`` command line (also ``python -m fzsim``).

Each subcommand lives in ``fzsim/commands/<name>.py`` and exposes
``add_parser(subparsers)`` (which sets ``func``) — add new ones to ``COMMANDS``.
"""
from __future__ import annotations

import argparse
import importlib
import sys

from fzsim._version import __version__

#: subcommand modules under fzsim.commands, in the order ``--help`` lists them
COMMANDS: list[str] = ["run", "variants", "score", "replay", "prob", "report"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fzsim",
        description="Monte Carlo simulation of Fuzhou mahjong (福州麻将) rule variants.",
    )
    parser.add_argument("--version", action="version", version=f"fzsim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"fzsim.commands.{name}").add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit code (errors print ``fzsim: error: ...`` and give 2)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args) or 0)
    except (ValueError, FileNotFoundError, FileExistsError, PermissionError) as exc:
        print(f"fzsim: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("fzsim: interrupted", file=sys.stderr)
        return 130
