"""13-tile waits and shanten and the 国标 fan count: fzsim beside PyMahjongGB and ``mahjong``, per call and batched.

    pip install -e ".[bench]"          # mahjong; PyMahjongGB: pip install PyMahjongGB
    python benchmarks/bench_shape_peers.py [--hands 2000] [--fan-hands 2000] [--reps 3]
                                           [--seconds 0.25] [--seed 2028]
                                           [--markdown docs/generated/bench_shape_peers.md]

The calls a user would pick for the same question, on the same hands, with the answers compared:

* **waits, 4 sets + a pair**: ``fzsim.waits(counts)``; batched, ``fzsim.wait_mask_many``;
  PyMahjongGB ``RegularShanten(tiles)`` (its useful tiles when the shanten is 0).
  ``mahjong`` has no win check for this shape alone (``Agari.is_agari`` also accepts 七对 and 十三幺),
  so it is timed on the next row only.
* **waits, 4 sets + a pair or 七对 or 十三幺**: fzsim's 国标 shape layer
  (``fzsim_core.packs.guobiao.shanten``: ``need`` and, when the hand is ready, ``useful_mask``, over
  those three shapes); batched, the private core hook ``shapes._hand_wait_many`` (every 国标 shape,
  全不靠 and 组合龙 too: a private test hook, listed for scale); PyMahjongGB ``RegularShanten``,
  ``SevenPairsShanten`` and ``ThirteenOrphansShanten`` (the union of their useful tiles at shanten
  0); ``mahjong`` ``Agari.is_agari`` on the hand plus each kind it does not hold four of.
* **shanten, 4 sets + a pair**: ``fzsim.shanten(counts)`` / ``fzsim.shanten_many``; PyMahjongGB
  ``RegularShanten``; ``mahjong`` ``Shanten.calculate_shanten_for_regular_hand``.
* **shanten, with 七对 and 十三幺**: fzsim ``shanten.need(counts, 0, shapes) - 1`` /
  ``shanten.needs_many``; PyMahjongGB the least of its three functions; ``mahjong``
  ``Shanten.calculate_shanten`` (its default: regular, chiitoitsu, kokushi).
* **fans** (国标): ``fzsim.fans(notation, ...)`` / ``fzsim.fans_many``; PyMahjongGB
  ``MahjongFanCalculator(..., verbose=True)``, on the random winning hands of
  ``tests/guobiao_oracle.py`` (every shape, 0-4 melds, every win situation), compared as total and
  multiset of fans (fzsim with ``mingangang=True``, PyMahjongGB's reading of an exposed plus a
  concealed kong); also the core evaluator that ``fzsim.fans`` calls after its checks
  (``fzsim_core.packs.guobiao.batch.evaluate`` on prepared arrays), to show what the checks cost.
  ``mahjong``'s ``HandCalculator`` scores riichi yaku, han and fu: no answer to compare, so it is
  not timed.

Waits are compared as sets of kinds, leaving out kinds the 13 tiles already hold four of (no fifth
copy can be drawn; PyMahjongGB lists them, fzsim.waits does not). Every input is prepared before
timing in each library's own form (uint8 counts for fzsim, tuples of codes W/B/T/F/J for PyMahjongGB
with its dragons J1 中 J2 发 J3 白, lists of 34 ints for ``mahjong``); answers are normalised after.
The 13-tile hands, plain (no gold): a third random deals from the 136 tiles, a third one tile off a
complete 4-sets-and-a-pair hand (mostly ready), a sixth near seven pairs (a four of a kind now and
then) and a sixth near 十三幺.

Timing: hands per CPU-second of this process (``time.process_time``) and ns per hand, the Python
loop of calls included for the per-call forms. Every repetition runs every measurement once in a
rotated order (interleaved), each for whole passes over its hands until ``--seconds`` of CPU time;
the load average is recorded per repetition; the tables give the median (and min..max) over
repetitions. A peer that is not installed is skipped and named in the output.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.path.insert(0, os.path.join(HERE, ".."))

import fzsim  # noqa: E402
from fzsim.packs.guobiao.calculator import (FLAG_FOURTH_TILE, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE,  # noqa: E402
                                            FLAG_MINGANGANG, FLAG_ROBBED_KONG, FLAG_SELFDRAW)
from fzsim.provenance import header  # noqa: E402
from fzsim.tiles import fmt, kind_index  # noqa: E402
from fzsim_core.packs.guobiao import shanten as gb_shanten  # noqa: E402
from fzsim_core.packs.guobiao import shapes as gb_shapes  # noqa: E402

import guobiao_oracle as go  # noqa: E402

#: PyMahjongGB's tile codes by fzsim kind (W 万, B 饼, T 条, F1..F4 东南西北, J3 白 J2 发 J1 中)
CODES = go.CODES
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
S3 = (gb_shanten.SHAPES["basic"] | gb_shanten.SHAPES["seven_pairs"]
      | gb_shanten.SHAPES["thirteen_orphans"])


# --- inputs ------------------------------------------------------------------------------------

def _complete(rng):
    """14 counts: 4 sets + a pair within 4 copies of each kind."""
    while True:
        c = np.zeros(34, np.int64)
        for _ in range(4):
            if rng.random() < 0.6:
                s, r = rng.randrange(3), rng.randrange(7)
                c[s * 9 + r:s * 9 + r + 3] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if c.max() <= 4:
            return c


def _drop(rng, c):
    tiles = [k for k in range(34) for _ in range(int(c[k]))]
    c[rng.choice(tiles)] -= 1
    return c


def hands13(n, seed):
    """(n, 34) uint8 counts of 13-tile plain hands (the mix of the module doc)."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        u = len(out) % 6
        if u < 2:
            c = np.zeros(34, np.int64)
            for t in rng.sample(range(136), 13):
                c[t // 4] += 1
        elif u < 4:
            c = _drop(rng, _complete(rng))
        elif u == 4:                                   # six pairs (a four now and then) + a single
            c = np.zeros(34, np.int64)
            for k in rng.sample(range(34), 6):
                c[k] += 2
            if rng.random() < 0.3:
                c[rng.choice(np.flatnonzero(c))] += 2
                c[rng.choice(np.flatnonzero(c))] -= 2
            while c.sum() < 14:
                c[rng.randrange(34)] += 1
            c = _drop(rng, c) if c.max() <= 4 else None
            if c is not None and rng.random() < 0.5:   # one tile off
                c = _drop(rng, c)
                c[rng.randrange(34)] += 1
        else:                                          # near 十三幺
            c = np.zeros(34, np.int64)
            c[ORPHANS] = 1
            c[rng.choice(ORPHANS)] += 1
            c = _drop(rng, c)
            for _ in range(rng.choice((0, 0, 1, 2))):
                c = _drop(rng, c)
                c[rng.randrange(34)] += 1
        if c is not None and c.max() <= 4 and c.min() >= 0 and c.sum() == 13:
            out.append(c.astype(np.uint8))
    return np.stack(out)


def gb_tiles(c):
    return tuple(CODES[k] for k in range(34) for _ in range(int(c[k])))


def fans_call_args(h):
    """fzsim.fans keyword arguments (notation) for a hand dict of tests/guobiao_oracle.py."""
    melds = []
    for t, k, exposed in h["melds"]:
        m = np.zeros(34, np.int64)
        if t == 0:
            m[k:k + 3] = 1
        else:
            m[k] = 3 if t == 1 else 4
        melds.append(fmt(m) if exposed else (fmt(m), "concealed"))
    f = h["flags"]
    return dict(hand=fmt(np.asarray(h["counts"], np.int64)), melds=tuple(melds),
                win_tile=fmt(np.eye(34, dtype=np.int64)[h["win"]]),
                win="selfdraw" if f & FLAG_SELFDRAW else "discard", robbed_kong=bool(f & FLAG_ROBBED_KONG),
                kong_replacement=bool(f & FLAG_KONG_REPLACEMENT), last_tile=bool(f & FLAG_LAST_TILE),
                fourth_tile=bool(f & FLAG_FOURTH_TILE), flowers=int(h["flowers"]),
                seat_wind=f"{h['seat'] + 1}z", round_wind=f"{h['round'] + 1}z", mingangang=True)


# --- the measured calls: each entry is (row, implementation, form, make) ------------------------
# make(data) -> (run, answers): run() does one pass over the hands; answers() gives the normalised
# answers of one pass (called once, outside the timing).

def _loop(fn, inputs):
    def run():
        for x in inputs:
            fn(x)

    def answers():
        return [fn(x) for x in inputs]
    return run, answers


def _mask_set(mask, c):
    return frozenset(k for k in range(34) if mask >> k & 1 and c[k] < 4)


def fz_waits(d):
    run, ans = _loop(fzsim.waits, d["fz"])
    return run, lambda: [frozenset(kind_index(t) for t in w) for w in ans()]


def fz_waits_batched(d):
    counts, golds = d["counts"], np.full(len(d["counts"]), -1, np.int8)

    def run():
        return fzsim.wait_mask_many(counts, golds)

    return run, lambda: [frozenset(k for k in range(34) if m >> k & 1) for m in run().tolist()]


def fz_waits3(d):
    need, useful = gb_shanten.need, gb_shanten.useful_mask

    def waits(c):
        return useful(c, 0, S3) if need(c, 0, S3) == 1 else 0
    run, ans = _loop(waits, d["fz"])
    return run, lambda: [_mask_set(m, c) for m, c in zip(ans(), d["counts"])]


def fz_waits_all_gb_batched(d):
    counts, zeros = d["counts"], np.zeros(len(d["counts"]), np.uint8)

    def run():
        return gb_shapes._hand_wait_many(counts, zeros)
    return run, lambda: [_mask_set(int(m), c) for m, c in zip(run(), counts)]


def gb_waits(d):
    from MahjongGB import RegularShanten

    def waits(t):
        s, useful = RegularShanten(t)
        return useful if s == 0 else ()
    run, ans = _loop(waits, d["gb"])
    return run, lambda: [frozenset(CODES.index(u) for u in w if c[CODES.index(u)] < 4)
                         for w, c in zip(ans(), d["counts"])]


def gb_waits3(d):
    from MahjongGB import RegularShanten, SevenPairsShanten, ThirteenOrphansShanten

    def waits(t):
        out = set()
        for f in (RegularShanten, SevenPairsShanten, ThirteenOrphansShanten):
            s, useful = f(t)
            if s == 0:
                out.update(useful)
        return out
    run, ans = _loop(waits, d["gb"])
    return run, lambda: [frozenset(CODES.index(u) for u in w if c[CODES.index(u)] < 4)
                         for w, c in zip(ans(), d["counts"])]


def mj_waits3(d):
    from mahjong.agari import Agari

    is_agari = Agari().is_agari

    def waits(tiles):
        out = []
        for k in range(34):
            if tiles[k] < 4:
                tiles[k] += 1
                if is_agari(tiles):
                    out.append(k)
                tiles[k] -= 1
        return out
    run, ans = _loop(waits, d["mj"])
    return run, lambda: [frozenset(w) for w in ans()]


def fz_shanten(d):
    return _loop(fzsim.shanten, d["fz"])


def fz_shanten_batched(d):
    counts, golds = d["counts"], np.full(len(d["counts"]), -1, np.int8)

    def run():
        return fzsim.shanten_many(counts, golds)
    return run, lambda: run().tolist()


def fz_shanten3(d):
    need = gb_shanten.need
    run, ans = _loop(lambda c: need(c, 0, S3) - 1, d["fz"])
    return run, ans


def fz_shanten3_batched(d):
    counts, zeros = d["counts"], np.zeros(len(d["counts"]), np.uint8)

    def run():
        return gb_shanten.needs_many(counts, zeros, S3) - 1
    return run, lambda: run().tolist()


def gb_shanten_regular(d):
    from MahjongGB import RegularShanten
    return _loop(lambda t: RegularShanten(t)[0], d["gb"])


def gb_shanten3(d):
    from MahjongGB import RegularShanten, SevenPairsShanten, ThirteenOrphansShanten
    return _loop(lambda t: min(RegularShanten(t)[0], SevenPairsShanten(t)[0], ThirteenOrphansShanten(t)[0]), d["gb"])


def mj_shanten_regular(d):
    from mahjong.shanten import Shanten
    return _loop(Shanten().calculate_shanten_for_regular_hand, d["mj"])


def mj_shanten3(d):
    from mahjong.shanten import Shanten
    return _loop(Shanten().calculate_shanten, d["mj"])


def _fans_answer(total, names):
    return int(total), frozenset(Counter(names).items())


def fz_fans(d):
    fans = fzsim.fans
    run, ans = _loop(lambda a: fans(**a), d["fan_calls"])
    return run, lambda: [_fans_answer(r.total, [n for n, _v, cnt in r.fans for _ in range(cnt)]) for r in ans()]


def fz_fans_batched(d):
    counts, melds, cols = d["fan_arrays"]
    flags = cols["flags"] | FLAG_MINGANGANG

    def run():
        return fzsim.fans_many(counts, cols["win"], melds=melds, flags=flags, flowers=cols["flowers"],
                               seat_wind=cols["seat"], round_wind=cols["round"])

    def answers():
        total, table = run()
        return [_fans_answer(t, [n for n, cnt in go.ours(row).items() for _ in range(cnt)])
                for t, row in zip(total, table)]
    return run, answers


def fz_fans_core(d):
    from fzsim_core.packs.guobiao import batch

    counts, melds, cols = d["fan_arrays"]
    args = [(np.ascontiguousarray(counts[i]), np.ascontiguousarray(melds[i]), int(cols["win"][i]),
             int(cols["flags"][i]) | FLAG_MINGANGANG, int(cols["flowers"][i]), int(cols["seat"][i]),
             int(cols["round"][i])) for i in range(len(counts))]
    run, ans = _loop(lambda a: batch.evaluate(*a), args)
    return run, lambda: [_fans_answer(t, [n for n, k in go.ours(cnt).items() for _ in range(k)])
                         for _st, t, _b, cnt in ans()]


def gb_fans(d):
    from MahjongGB import MahjongFanCalculator

    run, ans = _loop(lambda a: MahjongFanCalculator(*a, True), d["fan_oracle"])

    def answers():
        out = []
        for r in ans():
            out.append(_fans_answer(sum(v * c for v, c, _n, _e in r), [n for _v, c, n, _e in r for _ in range(c)]))
        return out
    return run, answers


#: row -> [(implementation, form, make)]; the first entry of a row is the reference of its agreements
ROWS = {
    "waits, 4 sets + a pair": [
        ("fzsim.waits", "per call", fz_waits),
        ("fzsim.wait_mask_many", "batched", fz_waits_batched),
        ("PyMahjongGB RegularShanten", "per call", gb_waits),
    ],
    "waits, + 七对 + 十三幺": [
        ("fzsim 国标 shanten.need + useful_mask", "per call", fz_waits3),
        ("fzsim shapes._hand_wait_many (private, every 国标 shape)", "batched", fz_waits_all_gb_batched),
        ("PyMahjongGB Regular + SevenPairs + ThirteenOrphans", "per call", gb_waits3),
        ("mahjong Agari.is_agari × 34 kinds", "per call", mj_waits3),
    ],
    "shanten, 4 sets + a pair": [
        ("fzsim.shanten", "per call", fz_shanten),
        ("fzsim.shanten_many", "batched", fz_shanten_batched),
        ("PyMahjongGB RegularShanten", "per call", gb_shanten_regular),
        ("mahjong Shanten.calculate_shanten_for_regular_hand", "per call", mj_shanten_regular),
    ],
    "shanten, + 七对 + 十三幺": [
        ("fzsim 国标 shanten.need", "per call", fz_shanten3),
        ("fzsim 国标 shanten.needs_many", "batched", fz_shanten3_batched),
        ("PyMahjongGB min of 3 shanten functions", "per call", gb_shanten3),
        ("mahjong Shanten.calculate_shanten", "per call", mj_shanten3),
    ],
    "国标 fans of a winning hand": [
        ("fzsim.fans", "per call", fz_fans),
        ("fzsim.fans_many", "batched", fz_fans_batched),
        ("fzsim core batch.evaluate (prepared arrays, no checks)", "per call", fz_fans_core),
        ("PyMahjongGB MahjongFanCalculator", "per call", gb_fans),
    ],
}


def explain(row, impl, c):
    """Why a hand's answers differ, checked on the hand itself (shape by shape, each library's own
    call): the reasons found, or "unexplained"."""
    if c is None or not impl.startswith("mahjong"):
        if c is not None and "every 国标 shape" in impl and gb_shanten.need(
                c, 0, gb_shanten.SHAPES["honors_knitted"] | gb_shanten.SHAPES["seven_stars"]
                | gb_shanten.SHAPES["knitted_straight"]) <= 1:
            return "a 全不靠 / 七星不靠 / 组合龙 wait (this call reads every 国标 shape)"
        return "unexplained"
    from mahjong.shanten import Shanten

    mj = [int(x) for x in c]
    why = []
    if gb_shanten.need(c, 0, gb_shanten.SHAPES["basic"]) - 1 != Shanten.calculate_shanten_for_regular_hand(mj):
        why.append("4 sets + a pair: mahjong counts a wait on a fifth copy of a kind held four times as not "
                   "ready (fzsim and PyMahjongGB ignore the 4-copy limit in shanten)")
    if gb_shanten.need(c, 0, gb_shanten.SHAPES["seven_pairs"]) - 1 != Shanten.calculate_shanten_for_chiitoitsu_hand(mj):
        why.append("七对 with a four of a kind: two pairs in 国标 (fzsim, PyMahjongGB), one in riichi (mahjong)")
    orphans = gb_shanten.need(c, 0, gb_shanten.SHAPES["thirteen_orphans"]) - 1
    if orphans != Shanten.calculate_shanten_for_kokushi_hand(mj):
        why.append("十三幺 shanten differs")
    return "; ".join(why) or "unexplained"


#: hands where the rules differ, shown with each library's answer (a wait on a fifth copy; 七对 with a four)
CASES = ("1111m234p567p789s", "1111m22p33p44p55p6p")


def cases():
    """Markdown lines: shanten (4 sets + a pair; with 七对 and 十三幺) of CASES by every library installed."""
    from fzsim.tiles import as_hand_counts

    lines = ["| hand | fzsim.shanten / 国标 need - 1 | PyMahjongGB Regular / min of 3 | "
             "mahjong regular / calculate_shanten |", "|---|---|---|---|"]
    for text in CASES:
        c = np.ascontiguousarray(as_hand_counts(text), dtype=np.uint8)
        cells = [f"{fzsim.shanten(c)} / {gb_shanten.need(c, 0, S3) - 1}"]
        try:
            from MahjongGB import RegularShanten, SevenPairsShanten, ThirteenOrphansShanten
            t = gb_tiles(c)
            cells.append(f"{RegularShanten(t)[0]} / "
                         f"{min(f(t)[0] for f in (RegularShanten, SevenPairsShanten, ThirteenOrphansShanten))}")
        except ImportError:
            cells.append("not installed")
        try:
            from mahjong.shanten import Shanten
            mj = [int(x) for x in c]
            cells.append(f"{Shanten.calculate_shanten_for_regular_hand(mj)} / {Shanten.calculate_shanten(mj)}")
        except ImportError:
            cells.append("not installed")
        lines.append(f"| {text} | " + " | ".join(cells) + " |")
    return lines


def measure(run, n, seconds):
    """(hands per CPU-second, ns per hand) over whole passes until `seconds` of CPU time."""
    hands = 0
    c0 = time.process_time()
    while True:
        run()
        hands += n
        spent = time.process_time() - c0
        if spent >= seconds:
            return hands / spent, spent / hands * 1e9


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("--hands", type=int, default=2000, help="13-tile hands for waits and shanten (2000)")
    ap.add_argument("--fan-hands", type=int, default=2000, help="winning hands for the fans (2000)")
    ap.add_argument("--reps", type=int, default=3, help="interleaved repetitions (3)")
    ap.add_argument("--seconds", type=float, default=0.25,
                    help="CPU seconds per measurement and repetition, whole passes (0.25)")
    ap.add_argument("--seed", type=int, default=2028)
    ap.add_argument("--markdown", metavar="PATH", help="also write the tables as Markdown to PATH")
    args = ap.parse_args(argv)

    head = header(seed=args.seed)
    for line in head:
        print(line)
    counts = hands13(args.hands, args.seed)
    fan_hands = go.random_hands(args.seed, args.fan_hands)
    data = {"counts": counts, "fz": [np.ascontiguousarray(c) for c in counts],
            "gb": [gb_tiles(c) for c in counts], "mj": [[int(x) for x in c] for c in counts],
            "fan_calls": [fans_call_args(h) for h in fan_hands],
            "fan_oracle": [go.oracle_args(h) for h in fan_hands],
            "fan_arrays": go.as_arrays(fan_hands)}

    cells, skipped = [], {}
    for row, entries in ROWS.items():
        n = args.fan_hands if "fans" in row else args.hands
        for impl, form, make in entries:
            try:
                run, answers = make(data)
                cells.append({"row": row, "impl": impl, "form": form, "n": n, "run": run,
                              "answers": answers(), "rates": [], "ns": []})
            except ImportError as exc:
                skipped.setdefault(impl.split()[0], f"{impl.split()[0]}: not installed ({exc})")

    # agreements with the first implementation of each row
    for cell in cells:
        ref = next(c for c in cells if c["row"] == cell["row"])
        cell["ref"] = ref["impl"]
        bad = [i for i, (a, b) in enumerate(zip(ref["answers"], cell["answers"])) if a != b]
        cell["agree"] = cell["n"] - len(bad)
        reasons, examples = Counter(), {}
        for i in bad:
            why = explain(cell["row"], cell["impl"], None if "fans" in cell["row"] else counts[i])
            reasons[why] += 1
            examples.setdefault(why, i)
        cell["reasons"], cell["examples"] = reasons, examples

    loads = []
    for rep in range(args.reps):
        loads.append(os.getloadavg()[0])
        order = cells[rep % len(cells):] + cells[:rep % len(cells)]
        for cell in order:
            r, ns = measure(cell["run"], cell["n"], args.seconds)
            cell["rates"].append(r)
            cell["ns"].append(ns)
        print(f"repetition {rep + 1}/{args.reps} done (1-min load {loads[-1]:.2f})", flush=True)

    med = {id(c): statistics.median(c["ns"]) for c in cells}
    lines = [f"{args.hands:,} plain 13-tile hands (seed {args.seed}) and {args.fan_hands:,} random winning 国标 "
             f"hands; {args.reps} interleaved repetitions of >= {args.seconds:g} CPU-s per measurement; "
             f"1-min load during the run {min(loads):.2f}-{max(loads):.2f}", ""]

    def first(row):
        return next((c["answers"] for c in cells if c["row"] == row), [])
    w1, w3 = first("waits, 4 sets + a pair"), first("waits, + 七对 + 十三幺")
    sh = Counter(first("shanten, + 七对 + 十三幺"))
    lines.append(f"The 13-tile hands: {sum(1 for w in w1 if w):,} ready on 4 sets + a pair "
                 f"({sum(len(w) for w in w1):,} waits in all), {sum(1 for w in w3 if w):,} ready with 七对 and "
                 f"十三幺 too; shanten with them: " + ", ".join(f"{k}: {sh[k]:,}" for k in sorted(sh)) + ".")
    lines.append("")

    # side by side: ns per hand, median
    lines.append("ns per hand (median over repetitions; per call = a Python loop of calls):")
    lines.append("")
    lines.append("| question | fzsim, per call | fzsim, batched | PyMahjongGB, per call | mahjong, per call |")
    lines.append("|---|---:|---:|---:|---:|")
    for row in ROWS:
        rc = [c for c in cells if c["row"] == row]

        def pick(lib, form):
            for c in rc:
                if c["impl"].lower().startswith(lib) and c["form"] == form:
                    return f"{med[id(c)]:,.0f}"
            return "—"
        lines.append(f"| {row} | {pick('fzsim', 'per call')} | {pick('fzsim', 'batched')} | "
                     f"{pick('pymahjonggb', 'per call')} | {pick('mahjong', 'per call')} |")

    lines += ["", "every measurement: hands per CPU-second, ns per hand, agreement with the row's first line:", ""]
    lines.append("| question | implementation | form | hands per CPU-s, median (min..max) | ns per hand | "
                 "time / fzsim per call | agrees |")
    lines.append("|---|---|---|---:|---:|---:|---:|")
    notes = []
    for row in ROWS:
        rc = [c for c in cells if c["row"] == row]
        base = med[id(rc[0])] if rc else float("nan")
        for c in rc:
            rates = c["rates"]
            lines.append(f"| {row} | {c['impl']} | {c['form']} | {statistics.median(rates):,.0f} "
                         f"({min(rates):,.0f}..{max(rates):,.0f}) | {med[id(c)]:,.0f} | "
                         f"{med[id(c)] / base:,.2f} | {c['agree']:,} / {c['n']:,} |")
            for reason, k in c["reasons"].items():
                i = c["examples"][reason]
                a, b = (sorted(x) if isinstance(x, frozenset) else x for x in (rc[0]["answers"][i], c["answers"][i]))
                eg = "" if "fans" in row else f" (e.g. {fmt(counts[i].astype(np.int64))}: {a} against {b})"
                notes.append(f"- {row}, {c['impl']}: {k} hand(s) differ from {c['ref']}: {reason}{eg}")
    if notes:
        lines += ["", "disagreements:", ""] + notes
    else:
        lines += ["", "every implementation agrees with its row's first line on every hand."]
    lines += ["", "the rules' differences on two hands (shanten; 0 = ready):", ""] + cases()
    if skipped:
        lines += ["", "skipped: " + "; ".join(skipped.values()) + " (pip install -e '.[bench]'; pip install PyMahjongGB)"]

    print()
    print("\n".join(lines))
    if args.markdown:
        prov = "; ".join(head)
        text = ("<!-- generated by benchmarks/bench_shape_peers.py: do not edit by hand -->\n\n"
                f"*{prov}*\n\n" + "\n".join(lines) + "\n")
        with open(args.markdown, "w", encoding="utf-8") as fh:
            fh.write(text)
        print(f"\nwrote {args.markdown}")


if __name__ == "__main__":
    main()
