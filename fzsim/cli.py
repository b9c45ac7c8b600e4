"""The ``fzsim`` command line (also ``python -m fzsim``).

Each subcommand lives in ``fzsim/commands/<name>.py`` and exposes
``add_parser(subparsers)`` (which sets ``func``) — add new ones to ``COMMANDS``.

Errors never end in a traceback: bad input and refusals (ValueError), and any OSError (a full
disk, a read-only folder, a missing file) print ``fzsim: error: ...`` naming the path and exit 2.
Ctrl-C, SIGTERM and SIGHUP all stop the command the same way: the run's workers are stopped,
the message says how to resume, and the exit status is 128 + the signal number.
"""
from __future__ import annotations

import argparse
import importlib
import os
import shlex
import signal
import sys
import threading
import warnings

from fzsim._version import __version__

#: subcommand modules under fzsim.commands, in the order ``--help`` lists them
COMMANDS: list[str] = ["run", "study", "duel", "verify", "variants", "score", "replay", "prob", "report", "import_logs",
                      "export_logs"]

#: signals that stop a command like Ctrl-C does
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP)


class Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in the main thread so that clean-up runs as for Ctrl-C."""

    def __init__(self, signum: int):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def _stop(signum, frame):
    # further stop signals must not break the clean-up this one starts
    for s in STOP_SIGNALS + (signal.SIGINT,):
        signal.signal(s, signal.SIG_IGN)
    raise Stopped(signum)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="fzsim",
        description="Monte Carlo simulation of mahjong rule variants, one rule pack per system (fzsim variants).",
    )
    parser.add_argument("--version", action="version", version=f"fzsim {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"fzsim.commands.{name}").add_parser(sub)
    return parser


def _show_warning(message, category, filename, lineno, file=None, line=None):
    print(f"fzsim: warning: {message}", file=sys.stderr if file is None else file)


def describe_os_error(exc: OSError) -> str:
    """An OSError as one line that names the path (pyarrow's errors carry it in their text)."""
    reason = exc.strerror or str(exc)
    paths = [p for p in (exc.filename, exc.filename2) if p]
    if paths and not any(os.fspath(p) in reason for p in paths):
        return f"{reason}: {' -> '.join(os.fspath(p) for p in paths)}"
    return str(exc) if not exc.strerror else reason


def _resume_hint(argv: list[str]) -> str:
    args = [a for a in argv if a != "--resume"]
    return "fzsim " + shlex.join(args + ["--resume"])


def _interrupted(exc: KeyboardInterrupt, argv: list[str]) -> int:
    from fzsim.orchestrator import RunStopped   # the runner (pyarrow, joblib): heavy for every other command

    cause = exc.cause if isinstance(exc, RunStopped) else exc
    name = str(cause) or "Ctrl-C"
    code = 128 + (cause.signum if isinstance(cause, Stopped) else signal.SIGINT)
    if isinstance(exc, RunStopped):
        if exc.resumable:
            print(f"fzsim: interrupted ({name}): {exc.blocks_done:,} of {exc.blocks_total:,} blocks are"
                  f" written and kept in {exc.out}; finish the run with: {_resume_hint(argv)}",
                  file=sys.stderr)
        else:
            print(f"fzsim: interrupted ({name}) before any block was written; nothing was kept",
                  file=sys.stderr)
    else:
        print(f"fzsim: interrupted ({name})", file=sys.stderr)
    return code


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the process exit code (errors print ``fzsim: error: ...`` and give 2)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        parser = build_parser()          # imports every command: the slow part of start-up
    except KeyboardInterrupt as exc:
        return _interrupted(exc, argv)
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0
    previous = {}
    if _main_thread():
        previous = {s: signal.getsignal(s) for s in STOP_SIGNALS + (signal.SIGINT,)}
        for s in STOP_SIGNALS:
            if previous[s] is not signal.SIG_IGN:   # under nohup SIGHUP stays ignored
                signal.signal(s, _stop)
    try:
        with warnings.catch_warnings():
            warnings.showwarning = _show_warning
            return int(args.func(args) or 0)
    except KeyboardInterrupt as exc:
        return _interrupted(exc, argv)
    except (ValueError, OSError) as exc:
        text = describe_os_error(exc) if isinstance(exc, OSError) else str(exc)
        print(f"fzsim: error: {text}", file=sys.stderr)
        for note in getattr(exc, "__notes__", []):
            print(f"fzsim: {note}", file=sys.stderr)
        return 2
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()
