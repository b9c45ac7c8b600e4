"""Where a figure came from: the command, the date, the machine, its load and the commit.

Benchmarks (``benchmarks/*.py``) and the docs' table scripts (``docs/scripts/*.py``) print this
with their output, so every number in the docs says how to regenerate it.
"""
from __future__ import annotations

import datetime
import functools
import os
import platform
import shlex
import subprocess
import sys

from fzsim._version import __version__


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo (falls back to ``platform.processor()``)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


@functools.lru_cache(maxsize=None)
def git_commit(path: str | None = None) -> str:
    """The short commit hash of the checkout holding ``path`` (``"unknown"`` outside git), with
    ``+changes`` when tracked files differ from it. Asked once per process: a script that writes
    files into the checkout reports the state it started from."""
    here = path or os.path.dirname(os.path.abspath(__file__))
    try:
        out = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, timeout=10, check=True)
        dirty = subprocess.run(["git", "-C", here, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        return out.stdout.strip() + ("+changes" if dirty else "")
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def load_average() -> str:
    """The 1-, 5- and 15-minute load averages as text (``"n/a"`` where the OS has none)."""
    try:
        return "{:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except (AttributeError, OSError):
        return "n/a"


def header(seed=None, argv: list[str] | None = None) -> list[str]:
    """Lines saying how, when and where a figure was made.

    ``seed`` is the root seed of the simulation behind it (None where there is none). The command
    is ``argv`` (default ``sys.argv``) as one would type it.
    """
    argv = list(sys.argv if argv is None else argv)
    cmd = "python " + " ".join(shlex.quote(a) for a in argv)
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    machine = (f"{cpu_model()}, {os.cpu_count()} logical CPUs, {platform.system()} "
               f"{platform.machine()}, Python {platform.python_version()}")
    lines = [f"command: {cmd}", f"date: {now}", f"machine: {machine}",
             f"load average at start: {load_average()}", f"fzsim {__version__}, commit {git_commit()}"]
    if seed is not None:
        lines.insert(1, f"seed: {seed}")
    return lines
