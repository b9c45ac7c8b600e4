"""``fzsim export TARGET ...``: simulated hands written as game records of another platform. The
targets are the packs' record formats (`fzsim.pack_registry.LogFormat`): each adds its own subcommand."""
from __future__ import annotations

from fzsim.pack_registry import log_formats, resolve_ref


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("export", help="write simulated hands as game records of other platforms",
                              description="Write the hands of a results folder as game records of other platforms.")
    formats = p.add_subparsers(dest="target", metavar="TARGET", required=True)
    for fmt in log_formats():
        resolve_ref(fmt.commands).add_export(formats)
