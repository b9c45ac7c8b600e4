"""Importing Botzone 国标 records: games per CPU-second of reading and replaying.

    python benchmarks/bench_botzone_import.py [--games 2000] [--seed 2026] [--repeat 3] [--against REV]
        [--instructions M] [FILE ...]

Without FILE, ``--games`` hands are played by the greedy bot under Botzone's rules and exported as
Botzone records in both formats (text and JSON match logs; not timed); with FILE (Botzone's data
sets, match logs), those are read. Each format is then read and replayed in this process, one
thread: reading (``read_games``), replaying and comparing (``replay_games``, the fans of all wins
re-scored at once) and both together, as CPU time; and the import into a results folder
(``import_logs`` with one job: reading, replaying, staging chunks, writing the parts and tables).

``--against REV`` (a git revision of this repository, e.g. ``HEAD~2``) measures reading and
replaying with that revision's ``fzsim`` package too, on the same files, the two alternating in
fresh processes ``--repeat`` times (the best of each shown): a before / after on one shared machine
in one run. (The compiled core is this tree's for both.)

``--instructions M`` also counts machine instructions per game of reading and replaying under
valgrind's callgrind: a run reading and replaying the file's games ``WARM_UP`` .. ``WARM_UP + M``
minus a run reading and replaying none, both after the same first ``WARM_UP`` games (so the tables
built on first use and the JSON reader's memo of the warm-up are in both); with ``--against`` for
that revision's package too.
"""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from fzsim.packs.guobiao.botzone import import_rules, read_games  # noqa: E402
from fzsim.packs.guobiao.botzone.export import export_hands  # noqa: E402
from fzsim.packs.guobiao.botzone.importer import import_logs  # noqa: E402
from fzsim.packs.guobiao.botzone.replay import replay_games  # noqa: E402


def simulated_files(games: int, seed: int, folder: str) -> list[str]:
    from fzsim.game import play_hand
    from fzsim.rules import load

    cfg = load("guobiao", gb_variant="botzone", gb_mingangang=True)
    hands = [play_hand(seed, g, cfg, "greedy", log=True, hand=g % 16, dealer=g % 4, streak=0) for g in range(games)]
    paths = [os.path.join(folder, "games.txt"), os.path.join(folder, "games.jsonl")]
    export_hands(hands, paths[0], "text")
    export_hands(hands, paths[1], "json")
    return paths


def measure(path: str, folder: str, repeat: int) -> None:
    """The best of ``repeat`` runs of each step (the machine may be shared)."""
    rules = import_rules()
    read = replay = both = whole = float("inf")
    for r in range(repeat):
        t0 = time.process_time()
        games = list(read_games(path))
        t1 = time.process_time()
        done = replay_games(games, rules)
        t2 = time.process_time()
        out = os.path.join(folder, f"{os.path.basename(path)}.out{r}")
        import_logs([path], out, progress=False)
        t3 = time.process_time()
        read, replay, both, whole = min(read, t1 - t0), min(replay, t2 - t1), min(both, t2 - t0), min(whole, t3 - t2)
    n = len(games)
    bad = sum(r.mismatch is not None for r in done)
    print(f"{os.path.basename(path)}: {n:,} games, {bad} mismatches; games per CPU-second: reading {n / read:,.0f},"
          f" replaying {n / replay:,.0f}, both {n / both:,.0f}; import into a results folder {n / whole:,.0f}")


# the Botzone kit of the package on the path: fzsim.packs.guobiao.botzone, or fzsim.botzone in a
# revision from before it moved into the guobiao pack (--against)
_KIT = """
import importlib, sys
try:
    bz = importlib.import_module("fzsim.packs.guobiao.botzone")
except ModuleNotFoundError:
    bz = importlib.import_module("fzsim.botzone")
assert bz.__file__.startswith(sys.argv[2]), (bz.__file__, sys.argv[2])
import_rules, read_games = bz.import_rules, bz.read_games
replay_games = importlib.import_module(bz.__name__ + ".replay").replay_games
"""
_ONE_RUN = _KIT + """
import time
rules = import_rules()
t = time.process_time()
games = list(read_games(sys.argv[1]))
done = replay_games(games, rules)
print(len(games), sum(r.mismatch is not None for r in done), time.process_time() - t)
"""


ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
#: games read and replayed before the measured ones in both callgrind runs
WARM_UP = 20

_COUNT_RUN = _KIT + """
import itertools
rules = import_rules()
games = read_games(sys.argv[1])
warm, n = int(sys.argv[3]), int(sys.argv[4])
replay_games(list(itertools.islice(games, warm)), rules)
done = replay_games(list(itertools.islice(games, n)), rules)
assert len(done) == n and not any(r.mismatch for r in done), (len(done), n)
"""


def revision_package(rev: str, folder: str) -> str:
    """A folder holding ``rev``'s fzsim package (extracted once)."""
    old = os.path.join(folder, "rev")
    if not os.path.isdir(old):
        os.makedirs(old)
        tar = subprocess.run(["git", "-C", ROOT, "archive", rev, "fzsim"], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", old], input=tar, check=True)
    return old


def instructions_per_game(path: str, pkg: str, n: int, folder: str) -> float:
    """Instructions per game of reading and replaying ``n`` games of ``path`` with the fzsim package
    in ``pkg`` (callgrind: a run of n games minus a run of none, both after WARM_UP games)."""
    # a fixed hash seed: the Python around the games then runs the same instructions every time
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", PYTHONHASHSEED="0",
               PYTHONPATH=os.pathsep.join([pkg, ROOT]))
    counts = []
    for games in (0, n):
        out = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={folder}/cg.out", sys.executable,
                              "-c", _COUNT_RUN, os.path.abspath(path), os.path.abspath(pkg), str(WARM_UP), str(games)],
                             capture_output=True, text=True, check=True, env=env, cwd=folder).stderr
        counts.append(int(re.search(r"Collected : (\d+)", out).group(1)))
    return (counts[1] - counts[0]) / n


def instructions(path: str, rev: str | None, folder: str, n: int) -> None:
    names = ([(rev, revision_package(rev, folder))] if rev else []) + [("this tree", ROOT)]
    print(f"{os.path.basename(path)}: reading and replaying, instructions per game (callgrind, {n:,} games): "
          + "; ".join(f"{name} {instructions_per_game(path, pkg, n, folder):,.0f}" for name, pkg in names))


def against(path: str, rev: str, folder: str, repeat: int) -> None:
    """Reading + replaying ``path`` with ``rev``'s fzsim package and with this tree's, alternating."""
    root = ROOT
    old = revision_package(rev, folder)
    best = {rev: float("inf"), "this tree": float("inf")}
    seen = {}
    for _ in range(repeat):
        for name, pkg in ((rev, old), ("this tree", root)):
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([pkg, root]))
            # run in the temporary folder: `python -c` puts the working directory first on the path,
            # which would import this tree's fzsim for both when run from the repository
            out = subprocess.run([sys.executable, "-c", _ONE_RUN, os.path.abspath(path), os.path.abspath(pkg)], env=env, check=True,
                                 capture_output=True, text=True, cwd=folder).stdout.split()
            n, bad, cpu = int(out[0]), int(out[1]), float(out[2])
            best[name] = min(best[name], cpu)
            seen[name] = (n, bad)
    print(f"{os.path.basename(path)}: reading and replaying, games per CPU-second (best of {repeat}, alternating): "
          + "; ".join(f"{name} {seen[name][0] / t:,.0f} ({seen[name][1]} mismatches)" for name, t in best.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", metavar="FILE")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each step; the best is shown (default 3)")
    ap.add_argument("--against", metavar="REV", help="also read and replay with this git revision's fzsim")
    ap.add_argument("--instructions", type=int, default=0, metavar="M",
                    help="also count instructions per game over M games under callgrind (needs valgrind)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for path in args.files or simulated_files(args.games, args.seed, folder):
            if args.against:
                against(path, args.against, folder, args.repeat)
            measure(path, folder, args.repeat)
            if args.instructions:
                instructions(path, args.against, folder, args.instructions)


if __name__ == "__main__":
    main()
