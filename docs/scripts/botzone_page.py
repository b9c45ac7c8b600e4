"""The figures of docs/guide/botzone.md ("Botzone logs and bots") that a command gives: run it and
compare with the page.

    python docs/scripts/botzone_page.py [--hands 1600] [--duel-walls 160] [--keep DIR]

It runs, in a temporary folder (or ``--keep DIR``), the commands the page shows and prints what
each printed:

1. a simulated run on Botzone's rules (guard at every seat, seed 1) exported as Botzone records
   (``fzsim export botzone``) — the stand-in for real records, as Botzone's sample is not in the
   repository — and imported back (``fzsim import botzone``);
2. a second simulated run (greedy at every seat, seed 2) and ``fzsim report LOGGED SIMULATED``:
   the section "Real beside simulated" (its first rows are printed);
3. ``fzsim duel`` of the sample bot (``docs/examples/botzone_bot.py``, keep-running) against guard
   on ``--duel-walls`` walls, seed 1 (``--duel-walls 0`` skips it: it takes about a minute);
4. the sample bot's time for 16 hands (``play_block_with_bots``, three guard seats), keep-running and
   one process per request (wall-clock);
5. ``benchmarks/bench_botzone_import.py`` (2,000 games, both formats).

``--real-only`` runs only step 0: the three real games of ``tests/data/botzone/ccr-cheng`` imported
(``fzsim import botzone``), with each game's winner, scores and fans as the engine scored them.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
BOTZONE = ["--variant", "guobiao", "--set", "gb_variant=botzone", "--set", "gb_mingangang=true"]


def fzsim(*args: str, cwd: str) -> str:
    """Run ``fzsim ARGS`` in ``cwd``; echo the command and what it printed."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, os.environ.get("PYTHONPATH", "")]))
    print("$ fzsim " + " ".join(f'"{a}"' if " " in a or ";" in a else a for a in args), flush=True)
    out = subprocess.run([sys.executable, "-m", "fzsim", *args], cwd=cwd, env=env, capture_output=True,
                         text=True)
    text = out.stdout + (out.stderr if out.returncode else "")
    print(text.rstrip(), flush=True)
    if out.returncode:
        raise SystemExit(f"fzsim {args[0]} failed ({out.returncode})")
    return text


def bot_timing(hands: int = 16) -> None:
    """Wall-clock seconds of ``hands`` hands with the sample bot at seat 0, keep=1 and keep=0."""
    sys.path.insert(0, ROOT)
    from fzsim.packs.guobiao.botzone.bot import play_block_with_bots
    from fzsim.rules import load

    rules = load("guobiao", gb_variant="botzone", gb_mingangang=True, hands_per_match=1)
    bot = os.path.join(ROOT, "docs", "examples", "botzone_bot.py")
    for spec in (f"botzone:cmd={sys.executable} {bot} --keep-running;keep=1", f"botzone:cmd={sys.executable} {bot}"):
        t = time.perf_counter()
        play_block_with_bots(rules.core, 5, 0, hands, (spec, "guard", "guard", "guard"))
        print(f"{hands} hands, the sample bot at seat 0 ({spec.rsplit(';', 1)[-1] if ';' in spec else 'keep=0'}):"
              f" {time.perf_counter() - t:.1f} s", flush=True)


def real_sample(cwd: str) -> None:
    """Step 0: the real games in the repository, imported; each one's winner, scores and fans."""
    sys.path.insert(0, ROOT)
    import numpy as np

    from fzsim.packs.guobiao.botzone import import_rules, read_games
    from fzsim.packs.guobiao.botzone.replay import replay_games
    from fzsim.packs.guobiao.calculator import FAN_NAMES
    from fzsim.packs.guobiao.records import record_fans

    sample = os.path.join(ROOT, "tests", "data", "botzone", "ccr-cheng", "processed_data_sample.json")
    fzsim("import", "botzone", sample, "--out", "real-sample", "--no-progress", cwd=cwd)
    done = replay_games(list(read_games(sample)), import_rules())
    cols = ("kind", "concealed", "meld_type", "meld_kind", "n_melds", "win_type", "flags", "seat", "game_id",
            "hand", "tile", "gen", "value")
    recs = {k: np.concatenate([r.records[k][:1] for r in done]) for k in cols}
    dealers = np.array([r.game.dealer for r in done], dtype=np.int8)
    _, _, counts = record_fans({"game_id": recs["game_id"], "hand": recs["hand"], "dealer": dealers}, recs,
                               mingangang=True)
    for r, row, total in zip(done, counts, recs["value"]):
        fans = " + ".join(f"{FAN_NAMES[f]}" + (f"×{c}" if c > 1 else "") for f, c in enumerate(row) if c)
        print(f"game {r.game.index + 1}: dealer {r.game.dealer}, winner {r.row['winner']}, discarder"
              f" {r.row['discarder']}, scores {[int(r.row[f'delta_{s}']) for s in range(4)]}, {int(total)} fans:"
              f" {fans}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=1600, help="hands of each simulated run (a multiple of 16)")
    ap.add_argument("--duel-walls", type=int, default=160)
    ap.add_argument("--keep", metavar="DIR", help="work in DIR (kept) instead of a temporary folder")
    ap.add_argument("--real-only", action="store_true", help="only import the real games in the repository")
    args = ap.parse_args()
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    print(f"# at commit {commit or '(not a git checkout)'}")
    with tempfile.TemporaryDirectory() as tmp:
        d = args.keep or tmp
        os.makedirs(d, exist_ok=True)
        real_sample(d)
        if args.real_only:
            return
        n = str(args.hands)
        fzsim("run", "--hands", n, *BOTZONE, "--policy", "all=guard", "--seed", "1", "--out", "guard-run",
              "--no-progress", cwd=d)
        fzsim("export", "botzone", "guard-run", "--out", "records.txt", cwd=d)
        fzsim("import", "botzone", "records.txt", "--out", "logged", "--no-progress", cwd=d)
        fzsim("run", "--hands", n, *BOTZONE, "--policy", "all=greedy", "--seed", "2", "--out", "sim",
              "--no-progress", cwd=d)
        fzsim("report", "logged", "sim", "--out", "report", "--deals", "0", cwd=d)
        with open(os.path.join(d, "report", "report.md"), encoding="utf-8") as f:
            section = f.read().split("## Real beside simulated", 1)[1].split("\n## ", 1)[0]
        table = [line for line in section.splitlines() if line.startswith("|")]
        print("\n".join(table[:11]))
        if args.duel_walls:
            bot = f"botzone:cmd={sys.executable} {os.path.join(ROOT, 'docs', 'examples', 'botzone_bot.py')}" \
                  " --keep-running;keep=1"
            fzsim("duel", "--challenger", bot, "--baseline", "guard", *BOTZONE, "--hands", str(args.duel_walls),
                  "--seed", "1", cwd=d)
    bot_timing()
    bench = [sys.executable, os.path.join(ROOT, "benchmarks", "bench_botzone_import.py")]
    print("$ python benchmarks/bench_botzone_import.py", flush=True)
    subprocess.run(bench, check=True)


if __name__ == "__main__":
    main()
