"""fzsim side by side with peer mahjong simulators: whole hands per CPU-second, the win check in ns.

    pip install -e ".[bench]"                      # riichienv, pymahjong, rlcard, mahjong
    python benchmarks/bench_peers.py [--reps 5] [--seconds 1.0] [--instructions 300]
                                     [--markdown docs/generated/bench_peers.md]

Whole hands per CPU-second of this process (``time.process_time``: the per-core figure on a shared
machine) for each peer's fastest honest random-agent loop and for fzsim's compiled random and
greedy policies and its Python policy hook. The loops are interleaved: every repetition runs each
loop once, in a rotated order, for at least ``--seconds`` of CPU time, and the load average is
recorded per repetition; the table gives the minimum and the median over repetitions.

Each peer's loop, read from its code (the cheapest loop that still plays whole hands by its rules
with a uniformly random legal action at every decision):

* riichienv: one ``RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True)``, ``reset(seed=g)``
  per hand, ``step`` with a random ``legal_actions()`` choice for every seat that must act.
* pymahjong: the raw C++ ``Table`` (``game_init_with_config``, then ``get_self_actions`` /
  ``get_response_actions`` and ``make_selection`` until ``GAME_OVER``); its ``MahjongEnv`` adds
  observation encoding on top of the same calls.
* rlcard: the raw ``MahjongGame`` (``init_game``, ``get_legal_actions``, ``step``); ``env.run``
  adds per-step observation arrays and trajectories.

Win check: ns per call on the same plain 14-tile hands (no golds) for fzsim's core
(``hand_is_win`` in a nogil loop over pre-built hands), fzsim's validating Python call
``fzsim.is_win`` and the ``mahjong`` package's ``Agari.is_agari``; the answers are compared.
``--instructions M`` adds callgrind instructions per hand for fzsim (needs valgrind).
A peer that is not installed is skipped and named in the output.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, ".."))

from fzsim.provenance import header  # noqa: E402


# --- whole-hand loops: each returns a function play(n_hands, first) -> decisions taken -------------

def fzsim_compiled(policy):
    from fzsim_core.engine import play_block
    from fzsim_core.rules import Rules

    rules = Rules()
    play_block(rules, 1, 0, 50, policy)                      # warm up

    def play(n, first):
        cols = play_block(rules, 7, first, n, policy)
        return int(np.asarray(cols["turns"]).sum())
    return play


def fzsim_python_hook():
    from fzsim_core.engine import play_block
    from fzsim_core.rules import Rules

    rules, rnd, calls = Rules(), random.Random(0), [0]

    def choose(obs, legal):                                   # a uniformly random legal action
        calls[0] += 1
        return rnd.randrange(len(legal))

    def play(n, first):
        calls[0] = 0
        play_block(rules, 7, first, n, (choose,) * 4)
        return calls[0]
    return play


def hand_loop(start, over, act):
    """A peer's whole-hand loop: ``start(g)`` deals hand g, ``act(state)`` takes one random step."""
    def play(n, first):
        steps = 0
        for g in range(first, first + n):
            state = start(g)
            while not over(state):
                state = act(state)
                steps += 1
        return steps
    return play


def riichienv_loop():
    from riichienv import RiichiEnv

    env = RiichiEnv(game_mode="4p-red-single", skip_mjai_logging=True, seed=0)
    rnd = random.Random(0)
    return hand_loop(lambda g: env.reset(seed=g), lambda obs: env.done(),
                     lambda obs: env.step({pid: rnd.choice(o.legal_actions()) for pid, o in obs.items()}))


def pymahjong_loop():
    import MahjongPyWrapper as pm

    rnd = random.Random(0)

    def start(g):
        table = pm.Table()
        table.set_seed(g)
        table.game_init_with_config([], [25000] * 4, 0, 0, 0, g % 4)
        return table

    def act(table):
        acts = table.get_self_actions() if table.get_phase() < 4 else table.get_response_actions()
        table.make_selection(rnd.randrange(len(acts)))
        return table
    return hand_loop(start, lambda table: table.get_phase() >= 16, act)   # 16 = GAME_OVER


def rlcard_loop():
    from rlcard.games.mahjong.game import MahjongGame

    rnd = random.Random(0)

    def start(g):
        game = MahjongGame()
        game.np_random = np.random.RandomState(g)
        return game, game.init_game()[0]

    def act(gs):
        game, state = gs
        return game, game.step(rnd.choice(game.get_legal_actions(state)))[0]
    return hand_loop(start, lambda gs: gs[0].is_over(), act)


#: name, rules it plays, constructor, hands per timed chunk
LOOPS = [
    ("fzsim random (compiled)", "Fuzhou", lambda: fzsim_compiled("random"), 20_000),
    ("fzsim greedy (compiled)", "Fuzhou", lambda: fzsim_compiled("greedy"), 4_000),
    ("fzsim random via Python hook", "Fuzhou", fzsim_python_hook, 40),
    ("riichienv", "riichi", riichienv_loop, 40),
    ("pymahjong Table", "riichi", pymahjong_loop, 10),
    ("rlcard MahjongGame", "rlcard's simplified Chinese", rlcard_loop, 10),
]


def measure(play, chunk, seconds, first):
    """Play chunks until ``seconds`` of CPU time: (hands per CPU-second, decisions per hand)."""
    hands = steps = 0
    c0 = time.process_time()
    while True:
        steps += play(chunk, first + hands)
        hands += chunk
        spent = time.process_time() - c0
        if spent >= seconds:
            return hands / spent, steps / hands


# --- win check ---------------------------------------------------------------------------------

def plain_hands(n, seed):
    """n 14-tile hands of the 34 kinds, no golds: half complete (4 melds + a pair), half random."""
    rng = np.random.default_rng(seed)
    out = []
    while len(out) < n:
        c = np.zeros(34, np.uint8)
        if len(out) % 2 == 0:
            for _ in range(4):
                if rng.random() < 0.5:
                    suit, r = rng.integers(3), rng.integers(7)
                    for k in range(3):
                        c[suit * 9 + r + k] += 1
                else:
                    c[rng.integers(34)] += 3
            c[rng.integers(34)] += 2
        else:
            for k in rng.choice(136, 14, replace=False):
                c[k // 4] += 1
        if c.max() <= 4:
            out.append(c)
    return np.stack(out)


def ns_per_call(check, hands):
    """(answers, best-of-3 ns per call) of ``check`` over ``hands``, one Python call each."""
    answers = [check(h) for h in hands]
    best = float("inf")
    for _ in range(3):
        t = time.perf_counter()
        for h in hands:
            check(h)
        best = min(best, (time.perf_counter() - t) / len(hands) * 1e9)
    return answers, best


def wincheck(n_hands, reps):
    import fzsim
    from fzsim_core import wintables as wt

    counts = plain_hands(n_hands, 5)
    golds = np.full(len(counts), -1, np.int8)
    res = {"hands": len(counts)}
    res["fzsim core hand_is_win"] = min(wt._bench("win", counts, golds, reps)[0] for _ in range(5))
    fz, res["fzsim.is_win (validating Python call)"] = ns_per_call(fzsim.is_win, [c.copy() for c in counts])
    res["wins"] = sum(fz)
    try:
        from mahjong.agari import Agari
    except ImportError as exc:
        res["skipped"] = f"mahjong: not installed ({exc})"
        return res
    mj, res["mahjong Agari.is_agari"] = ns_per_call(Agari().is_agari, [[int(x) for x in c] for c in counts])
    res["disagreements"] = sum(a != b for a, b in zip(fz, mj))
    return res


# --- the run -----------------------------------------------------------------------------------

def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=5, help="interleaved repetitions (5)")
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per loop and repetition (1.0)")
    ap.add_argument("--win-hands", type=int, default=2000, help="hands in the win-check comparison (2000)")
    ap.add_argument("--instructions", type=int, default=0, metavar="M",
                    help="callgrind instructions per hand over M fzsim hands (needs valgrind)")
    ap.add_argument("--markdown", metavar="PATH", help="also write the tables as Markdown to PATH")
    args = ap.parse_args(argv)

    head = header(seed=7)
    for line in head:
        print(line)
    loops, skipped = [], []
    for name, rules, make, chunk in LOOPS:
        try:
            loops.append((name, rules, make(), chunk))
        except ImportError as exc:
            skipped.append(f"{name}: not installed ({exc}); pip install -e '.[bench]'")
    rates = {name: [] for name, *_ in loops}
    steps = {}
    loads = []
    for rep in range(args.reps):
        loads.append(os.getloadavg()[0])
        order = loops[rep % len(loops):] + loops[:rep % len(loops)]
        for name, _, play, chunk in order:
            r, s = measure(play, chunk, args.seconds, first=rep * 1_000_000)
            rates[name].append(r)
            steps[name] = s
        print(f"repetition {rep + 1}/{args.reps} done (1-min load {loads[-1]:.2f})", flush=True)

    med = {n: statistics.median(v) for n, v in rates.items()}
    base = "fzsim random (compiled)"
    rows = []
    for name, rules, _, _ in loops:
        ratio = med[base] / med[name] if base in med else float("nan")
        rows.append((name, rules, min(rates[name]), med[name], steps[name], ratio))
    peers = [n for n, rules, *_ in loops if not n.startswith("fzsim")]
    fz = [n for n, *_ in loops if n.startswith("fzsim")]

    lines = [f"whole hands per CPU-second, {args.reps} interleaved repetitions of >= {args.seconds:g} CPU-s each; "
             f"1-min load during the run {min(loads):.2f}-{max(loads):.2f}", ""]
    lines.append("| loop | rules | min | median | steps per hand (turns for compiled fzsim) | fzsim random / this |")
    lines.append("|---|---|---:|---:|---:|---:|")
    for name, rules, lo, m, s, ratio in rows:
        lines.append(f"| {name} | {rules} | {lo:,.1f} | {m:,.1f} | {s:.1f} | {ratio:,.1f} |")
    if peers:
        lines += ["", "fzsim over each peer (medians):", ""]
        lines.append("| fzsim | " + " | ".join(f"/ {p}" for p in peers) + " |")
        lines.append("|---|" + "---:|" * len(peers))
        for f in fz:
            lines.append(f"| {f} | " + " | ".join(f"{med[f] / med[p]:,.2f}" for p in peers) + " |")
        lines += ["", "microseconds per step (median):", ""]
        lines.append("| loop | µs per step |")
        lines.append("|---|---:|")
        for name, *_ in loops:
            lines.append(f"| {name} | {1e6 / (med[name] * steps[name]):,.2f} |")

    wc = wincheck(args.win_hands, 50)
    lines += ["", f"win check, {wc['hands']:,} plain 14-tile hands ({wc['wins']:,} complete), no golds, best run:", ""]
    lines.append("| check | ns per call | / fzsim core |")
    lines.append("|---|---:|---:|")
    core = wc["fzsim core hand_is_win"]
    for key in ("fzsim core hand_is_win", "fzsim.is_win (validating Python call)", "mahjong Agari.is_agari"):
        if key in wc:
            lines.append(f"| {key} | {wc[key]:,.1f} | {wc[key] / core:,.0f} |")
    if "disagreements" in wc:
        lines.append("")
        lines.append(f"fzsim and mahjong disagree on {wc['disagreements']} of {wc['hands']:,} hands.")
    if "skipped" in wc:
        skipped.append(wc["skipped"])

    if args.instructions:
        if shutil.which("valgrind") is None:
            lines += ["", "instructions per hand: valgrind not found, skipped"]
        else:
            from bench_engine import instructions_per_hand

            lines += ["", f"callgrind instructions per hand (fzsim, {args.instructions} hands, a run of 0 subtracted):", ""]
            lines.append("| policy | instructions per hand |")
            lines.append("|---|---:|")
            for pol in ("random", "greedy"):
                lines.append(f"| {pol} | {instructions_per_hand(pol, args.instructions):,.0f} |")
    if skipped:
        lines += ["", "skipped: " + "; ".join(skipped)]

    print()
    print("\n".join(lines))
    if args.markdown:
        prov = "; ".join(head)
        text = ("<!-- generated by benchmarks/bench_peers.py: do not edit by hand -->\n\n"
                f"*{prov}*\n\n" + "\n".join(lines) + "\n")
        with open(args.markdown, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"\nwrote {args.markdown}")


if __name__ == "__main__":
    main()
