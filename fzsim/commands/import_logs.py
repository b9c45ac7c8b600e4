"""``fzsim import FORMAT ...``: real games of another platform replayed into a results folder. The
formats are the packs' (`fzsim.pack_registry.LogFormat`): each adds its own subcommand."""
from __future__ import annotations

from fzsim.pack_registry import log_formats, resolve_ref


def add_parser(subparsers) -> None:
    known = log_formats()
    p = subparsers.add_parser("import", help=f"import real games ({', '.join(f.title for f in known)}) into a"
                              " results folder",
                              description="Import game records of other platforms into a results folder.")
    formats = p.add_subparsers(dest="format", metavar="FORMAT", required=True)
    for fmt in known:
        resolve_ref(fmt.commands).add_import(formats)
