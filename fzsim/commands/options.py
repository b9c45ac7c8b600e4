"""Options several subcommands share."""
from __future__ import annotations

from fzsim.rules import parse_assignment


def parse_set(items: list[str] | None) -> dict:
    """``--set key=value`` pairs; values are read as TOML literals (10, true, "x"), else kept as text.

    A key given twice is an error: silently keeping the last one would run other rules than asked.
    """
    out: dict = {}
    for item in items or []:
        key = item.partition("=")[0].strip()
        if "=" not in item or not key:
            raise ValueError(f"--set {item!r} must look like key=value")
        key, value = parse_assignment(item)
        if key in out:
            raise ValueError(f"--set {key} is given twice ({key}={out[key]!r} and {item.strip()!r}):"
                             " give each key once")
        out[key] = value
    return out


def add_progress_flags(parser) -> None:
    """``--progress`` / ``--no-progress``: ``args.progress`` is True, False, or None (the default: a
    bar only on a terminal, `fzsim.progress.Progress`)."""
    bar = parser.add_mutually_exclusive_group()
    bar.add_argument("--progress", dest="progress", action="store_true", default=None,
                     help="always show the progress bar (default: only on a terminal)")
    bar.add_argument("--no-progress", dest="progress", action="store_false")
