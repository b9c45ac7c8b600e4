"""Speed of the wildcard (金) win search: core ns per call in a nogil loop, the batched API,
and the pure-Python reference, all measured in this run (ratios are against this run only).

    python benchmarks/bench_wincheck.py [--hands 20000] [--reps 50] [--ref-hands 1000]

The last section times single public calls (fzsim.is_win / waits / shanten on a notation
string and on a count array) next to the pure-Python ``mahjong`` package's agari check on the
same gold-free 17-tile hands (``pip install -e ".[bench]"``; skipped with a note without it).

Hands are the tests' mix (tests/reference_win.sample_hands): every size 1..17 except
multiples of 3, 0–4 golds, half uniformly random and half near a win. Timings on a shared
machine are noisy; run it twice if a figure looks off.
"""
from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.path.insert(0, os.path.join(HERE, ".."))

import fzsim  # noqa: E402
from fzsim_core import wintables as wt  # noqa: E402
from reference_win import clear_cache, ref_is_win, ref_shanten, sample_hands  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20000, help="hands in the core loops")
    ap.add_argument("--reps", type=int, default=50, help="passes over the hands per core figure")
    ap.add_argument("--ref-hands", type=int, default=1000, help="hands timed in the Python reference")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    from fzsim.provenance import header

    print('\n'.join(header(seed=args.seed)))


    hands = sample_hands(args.seed, args.hands)
    counts = np.stack([c for c, _ in hands])
    golds = np.array([g for _, g in hands], dtype=np.int8)
    win = counts.sum(axis=1) % 3 == 2
    cw, gw = np.ascontiguousarray(counts[win]), np.ascontiguousarray(golds[win])
    cr, gr = np.ascontiguousarray(counts[~win]), np.ascontiguousarray(golds[~win])

    info = wt.table_info()
    print(f"tables: built in {info['build_seconds'] * 1e3:.0f} ms at import, {info['bytes'] / 2**20:.1f} MiB; "
          f"shanten classes: {info['suit_classes']} suit, {info['honour_classes']} honour, "
          f"{info['two_suit_classes']} two-suit, {info['suit_honour_classes']} suit+honour")
    print(f"hands: {len(cw)} of size 3n+2, {len(cr)} of size 3n+1, {args.reps} passes each\n")

    core = {}
    for name, c, g in [
        ("win", cw, gw),
        ("need", cw, gw),
        ("shanten", counts, golds),
        ("wins_with", cr, gr),
        ("waits", cr, gr),
    ]:
        # best of 5 runs: the machine is shared, the minimum is the least disturbed figure
        core[name] = min(wt._bench(name, c, g, args.reps)[0] for _ in range(5))
    print("core, nogil loop over pre-built Hands (ns per call, best of 5 runs):")
    print(f"  hand_is_win      {core['win']:7.1f}   (target <= 10)")
    print(f"  hand_need        {core['need']:7.1f}")
    print(f"  hand_shanten     {core['shanten']:7.1f}   (target <= 20)")
    print(f"  hand_wins_with   {core['wins_with']:7.1f}")
    print(f"  hand_wait_mask   {core['waits']:7.1f}   (all 34 kinds)")

    # batched API: validation + counts -> Hand + check, per row
    def per_row(fn, c, g):
        best = float("inf")
        for _ in range(max(3, args.reps // 10)):
            t0 = time.perf_counter()
            fn(c, g)
            best = min(best, time.perf_counter() - t0)
        return best / len(c)

    t_many = per_row(fzsim.is_win_many, cw, gw)
    t_smany = per_row(fzsim.shanten_many, counts, golds)
    print("\nbatched numpy API (validation included, best run):")
    print(f"  is_win_many      {1 / t_many / 1e6:7.1f} M checks/s  ({t_many * 1e9:.1f} ns per hand)")
    print(f"  shanten_many     {1 / t_smany / 1e6:7.1f} M hands/s  ({t_smany * 1e9:.1f} ns per hand)")

    # one Python call per hand
    sub = [(c, g) for c, g in hands[: args.ref_hands]]
    sub_w = [(c, g) for c, g in sub if c.sum() % 3 == 2]
    t0 = time.perf_counter()
    for c, g in sub_w:
        fzsim.is_win(c, g if g >= 0 else None)
    t_py = (time.perf_counter() - t0) / len(sub_w)

    # the pure-Python reference (cache cleared so each hand is searched afresh)
    clear_cache()
    t0 = time.perf_counter()
    for c, g in sub_w:
        ref_is_win(c, g)
    t_ref = (time.perf_counter() - t0) / len(sub_w)
    clear_cache()
    t0 = time.perf_counter()
    for c, g in sub:
        ref_shanten(c, g)
    t_refs = (time.perf_counter() - t0) / len(sub)
    clear_cache()
    print("\nper-hand Python calls:")
    print(f"  fzsim.is_win (validating wrapper)   {t_py * 1e6:9.2f} us")
    print(f"  reference is_win (pure Python)      {t_ref * 1e6:9.2f} us")
    print(f"  reference shanten (pure Python)     {t_refs * 1e6:9.2f} us")
    print("\nratios (same run):")
    print(f"  reference is_win / core hand_is_win     {t_ref * 1e9 / core['win']:12,.0f}x")
    print(f"  reference shanten / core hand_shanten   {t_refs * 1e9 / core['shanten']:12,.0f}x")
    print(f"  reference is_win / is_win_many          {t_ref / t_many:12,.0f}x")
    print(f"  fzsim.is_win wrapper / core             {t_py * 1e9 / core['win']:12,.0f}x")
    single_calls(args.seed, args.ref_hands)


def _best_per_call(fn, items, runs=5):
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        for x in items:
            fn(x)
        best = min(best, time.perf_counter() - t0)
    return best / len(items)


def single_calls(seed: int, n: int):
    """One public call per hand on gold-free 17-tile hands (16 for waits), next to the mahjong
    package's Agari().is_agari on the same 34-count lists, best of 5 passes."""
    rng = np.random.default_rng(seed)
    from reference_win import near_win_hand, random_hand  # noqa: E402

    hands17 = [near_win_hand(rng, 17, bool(i % 3 == 0), -1, False) if i % 2 else
               random_hand(rng, 17, bool(i % 3 == 0), 0, -1) for i in range(n)]
    text17 = [fzsim.fmt(c) for c in hands17]
    lists17 = [[int(x) for x in c] for c in hands17]
    hands16 = []
    for c in hands17:
        c = c.copy()
        c[int(np.flatnonzero(c)[-1])] -= 1
        hands16.append(c)
    text16 = [fzsim.fmt(c) for c in hands16]
    print(f"\nsingle public calls, {n} gold-free hands (17 tiles; 16 for waits), best of 5 passes (us per call):")
    rows = [
        ("fzsim.is_win(str)", _best_per_call(fzsim.is_win, text17)),
        ("fzsim.is_win(uint8 counts)", _best_per_call(fzsim.is_win, hands17)),
        ("fzsim.is_win(list of 34)", _best_per_call(fzsim.is_win, lists17)),
        ("fzsim.shanten(str)", _best_per_call(fzsim.shanten, text17)),
        ("fzsim.shanten(uint8 counts)", _best_per_call(fzsim.shanten, hands17)),
        ("fzsim.waits(str)", _best_per_call(fzsim.waits, text16)),
        ("fzsim.waits(uint8 counts)", _best_per_call(fzsim.waits, hands16)),
    ]
    try:
        from mahjong.agari import Agari
    except ImportError:
        for name, t in rows:
            print(f"  {name:32s} {t * 1e6:7.2f}")
        print("  mahjong package not installed (pip install -e \".[bench]\"): no peer figure")
        return
    agari = Agari()
    t_mj = _best_per_call(agari.is_agari, lists17)
    same = sum(bool(agari.is_agari(lst)) == fzsim.is_win(c) for lst, c in zip(lists17, hands17))
    for name, t in rows:
        print(f"  {name:32s} {t * 1e6:7.2f}   ({t_mj / t:4.1f}x faster than mahjong's agari)")
    print(f"  {'mahjong Agari().is_agari(list)':32s} {t_mj * 1e6:7.2f}   (pure Python, no wildcards; "
          f"same answer on {same} of {n} hands)")


if __name__ == "__main__":
    main()
