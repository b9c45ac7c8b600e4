"""The agent API's speed: the Python policy hook's µs per decision, VecEnv and AEC env steps.

    python benchmarks/bench_env.py [--hands N] [--compare DIR ...]

Prints, from the same run:
- the Python policy hook: µs per decision of `play_block` with a trivial Python policy (always the
  first legal action) on all four seats — the engine's own work included, so it is an upper
  bound on the hook's cost — and with a policy that also reads the numpy mask;
- the same trivial policy under each `--compare DIR` checkout (an older build of fzsim, e.g. the
  pre-planes hook that built a dict of notation strings per decision), each in a child process
  with PYTHONPATH=DIR, interleaved with this checkout's runs (the best of `--repeat`);
- the vector environment's random-action steps per CPU-second (seat 0 random, greedy opponents
  played in the core), and the PettingZoo AEC env's (four random agents; needs the [env] extra).
- riichienv's random-agent steps per CPU-second (bench_peers.py's loop) when it is installed (the
  [bench] extra), and the ratios.
Timings are CPU time of one process on a shared machine: compare the ratios of one run.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time

_CHILD = r"""
import json, sys, time
from fzsim_core.engine import play_block
from fzsim_core.rules import Rules
n, mode = int(sys.argv[1]), sys.argv[2]
rules = Rules()
calls = [0]
def count(obs, legal):
    calls[0] += 1
    return 0
def first(obs, legal):
    return 0
def masked(obs, legal):
    obs.mask
    return 0
play_block(rules, 7, 0, n, (count,) * 4)           # the decisions the timed run takes
fn = first if mode == "first" else masked
best = float("inf")
for _ in range(3):
    c = time.process_time()
    play_block(rules, 7, 0, n, (fn,) * 4)
    best = min(best, time.process_time() - c)
print(json.dumps({"decisions": calls[0], "seconds": best}))
"""


def hook_us(path: str | None, n: int, mode: str = "first") -> tuple[float, int]:
    """(µs per decision, decisions) of the child measurement under checkout `path` (None: this one)."""
    root = path or os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=root, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    out = subprocess.run([sys.executable, "-c", _CHILD, str(n), mode], capture_output=True, text=True,
                         env=env, cwd="/")
    if out.returncode:
        raise RuntimeError(f"hook measurement under {root} failed:\n{out.stderr[-2000:]}")
    r = json.loads(out.stdout.strip().splitlines()[-1])
    return 1e6 * r["seconds"] / r["decisions"], r["decisions"]


def env_figures(n_tables: int, steps: int) -> None:
    """The VecEnv's and the AEC env's random-action step rates (CPU time of this process)."""
    import numpy as np
    from fzsim.env import VecEnv

    rng = np.random.default_rng(0)
    rows = np.arange(n_tables)
    for label, seats in (("seat 0 random vs greedy", (0,)), ("four random agents", (0, 1, 2, 3))):
        venv = VecEnv(n_tables, "fuzhou", seed=7, agent_seats=seats, opponents="greedy")
        obs, _ = venv.reset()
        c = time.process_time()
        for _ in range(steps):   # a uniformly random legal id per table, vectorised
            pick = (rng.random(n_tables) * obs["n_actions"]).astype(np.int64)
            obs, rew, done, _, _ = venv.step(obs["action_ids"][rows, pick])
        vec = n_tables * steps / (time.process_time() - c)
        print(f"VecEnv({n_tables}), {label:<24}: {vec:12,.0f} steps per CPU-second")
    try:
        from fzsim.env import env
        e = env(seed=7)
    except ImportError as exc:
        print(f"AEC env: needs the [env] extra ({exc}); skipped")
        return
    from fzsim.env import OBS_FIELDS
    ids = next((a, b) for name, a, b, _ in OBS_FIELDS if name == "action_ids")
    n_at = next(a for name, a, b, _ in OBS_FIELDS if name == "n_actions")
    rnd = random.Random(0)
    n, c = 0, time.process_time()
    e.reset(seed=7)
    while n < steps * 20:
        for agent in e.agent_iter():
            obs, rew, term, trunc, info = e.last()
            if term or trunc:
                e.step(None)
            else:   # a uniformly random legal id, read from the observation's action ids
                v = obs["observation"]
                e.step(int(v[ids[0] + rnd.randrange(int(v[n_at]))]))
            n += 1
        e.reset()
    aec = n / (time.process_time() - c)
    print(f"AEC env, four random agents:              {aec:12,.0f} steps per CPU-second")
    try:
        from bench_peers import riichienv_loop, measure
        play = riichienv_loop()
    except ImportError as exc:
        print(f"riichienv: not installed ({exc}); ratios skipped")
        return
    per_hand, steps_per_hand = measure(play, 5, 5.0, 0)
    rie = per_hand * steps_per_hand
    print(f"riichienv, four random agents:            {rie:12,.0f} steps per CPU-second (same run)")
    print(f"  VecEnv (four random agents) / riichienv: {vec / rie:6.1f}x   AEC env / riichienv: {aec / rie:5.2f}x   "
          f"hook µs per decision vs riichienv µs per step: {1e6 / rie:.2f} µs")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per hook measurement")
    ap.add_argument("--compare", action="append", default=[], metavar="DIR",
                    help="also measure the hook of the fzsim checkout in DIR (built in place)")
    ap.add_argument("--repeat", type=int, default=2, help="interleaved rounds; the best is kept")
    ap.add_argument("--tables", type=int, default=256, help="VecEnv tables")
    ap.add_argument("--steps", type=int, default=200, help="VecEnv steps")
    args = ap.parse_args(argv)
    from fzsim.provenance import header

    print("\n".join(header(seed=7)))
    runs = [("this checkout", None, "first"), ("this checkout, reading obs.mask", None, "masked")]
    runs += [(f"--compare {d}", d, "first") for d in args.compare]
    best = {}
    for _ in range(args.repeat):
        for label, path, mode in runs:
            us, dec = hook_us(path, args.hands, mode)
            best[label] = min(best.get(label, (us, dec)), (us, dec))
    print(f"Python hook, trivial policy on all four seats, {args.hands} hands "
          "(µs per decision, CPU time, engine included):")
    base = best["this checkout"][0]
    for label, (us, dec) in best.items():
        print(f"  {label:<48} {us:7.2f} µs  ({dec:,} decisions; {us / base:5.2f}x this checkout)")
    env_figures(args.tables, args.steps)


if __name__ == "__main__":
    main()
