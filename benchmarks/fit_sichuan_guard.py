"""Fit the Sichuan guard's threat model (fzsim_core/packs/sichuan/guard.pyx) from greedy tables.

Plays N hands of four greedy seats with the event log on, replays every log in Python to know each
seat's true hand at every discard, and fits two logistic models on what a deciding seat can see:

* ready: P(seat j is ready) from j's exposed melds, its discards in the pond and whether the wall
  is in its last quarter (the Fuzhou model's form, refitted to Sichuan play);
* wait:  P(kind k completes a ready seat j) from k's unseen copies (from the discarder's view), the
  unseen copies of its chow neighbours, whether j threw k itself, and how many of j's discards are
  of k's suit (at most 4) and their share of its pond (Sichuan: a seat clears the suit it gives up,
  so its waits are never in it).

Prints the fitted coefficients and the base rates they reproduce.

    python benchmarks/fit_sichuan_guard.py [--variant sichuan|xuezhan] [--hands 3000] [--seed 11]
"""
from __future__ import annotations

import argparse
import time

import numpy as np

import fzsim
from fzsim.game import parse_tile_sequence
from fzsim_core.packs.sichuan import shapes


def kind(t):
    return parse_tile_sequence(t)[0]


def replay(result, ready_rows, wait_rows):
    """Append (features, label) rows for every discard of one logged hand."""
    hands = np.zeros((4, 27), dtype=np.uint8)
    melds = [[] for _ in range(4)]
    pond = [[] for _ in range(4)]
    finished = [False] * 4
    seen = np.zeros(27, dtype=np.int64)
    drawn = 0
    for e in result.events:
        t = e.type
        if t in ("deal", "draw", "replace"):
            hands[e.seat, kind(e.tile)] += 1
            drawn += t != "deal"
        elif t == "discard":
            d, k = e.seat, kind(e.tile)
            hands[d, k] -= 1
            live = 108 - 53 - drawn
            for j in range(4):
                if j == d or finished[j]:
                    continue
                waits = shapes.wait_mask(hands[j], melds[j])
                ready_rows.append(((len(melds[j]), len(pond[j]), 1 if live < 27 else 0), waits != 0))
                if waits:
                    un = np.maximum(4 - seen - hands[d], 0)
                    r, lo = k % 9, k - k % 9
                    chow = 0
                    if r >= 2:
                        chow += min(un[lo + r - 2], un[lo + r - 1])
                    if 1 <= r <= 7:
                        chow += min(un[lo + r - 1], un[lo + r + 1])
                    if r <= 6:
                        chow += min(un[lo + r + 1], un[lo + r + 2])
                    suit_thrown = sum(1 for x in pond[j] if x // 9 == k // 9)
                    share = suit_thrown / len(pond[j]) if pond[j] else 0.0
                    wait_rows.append(((int(un[k]), int(chow), int(k in pond[j]), min(suit_thrown, 4), share),
                                      bool((waits >> k) & 1)))
            pond[d].append(k)
            seen[k] += 1
        elif t in ("pung", "kong"):
            s, k, src = e.seat, kind(e.tile), e.arg
            n = 2 if t == "pung" else 3
            hands[s, k] -= n
            melds[s].append(("pung" if t == "pung" else "kong", k))
            pond[src].remove(k)   # the claimed tile leaves the discarder's pond (seen stays counted)
            seen[k] += n
        elif t == "concealed_kong":
            hands[e.seat, kind(e.tile)] -= 4
            melds[e.seat].append(("concealed_kong", kind(e.tile)))
        elif t == "added_kong":
            s, k = e.seat, kind(e.tile)
            hands[s, k] -= 1
            melds[s] = [("added_kong", m) if (m == k and mt == "pung") else (mt, m) for mt, m in melds[s]]
            seen[k] += 1
        elif t == "win":
            finished[e.seat] = True


def logistic(x, y, iters=30, ridge=1e-6):
    """Newton's method for a logistic regression with an intercept; returns the coefficients."""
    X = np.column_stack([np.ones(len(x)), x]).astype(float)
    y = np.asarray(y, dtype=float)
    w = np.zeros(X.shape[1])
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-X @ w))
        g = X.T @ (y - p) - ridge * w
        H = (X * (p * (1 - p))[:, None]).T @ X + ridge * np.eye(len(w))
        w += np.linalg.solve(H, g)
    return w


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="sichuan")
    ap.add_argument("--hands", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    t0 = time.process_time()
    ready_rows, wait_rows = [], []
    for g in range(a.hands):
        replay(fzsim.play_hand(a.seed, g, variant=a.variant, policies="greedy", log=True), ready_rows, wait_rows)
    rx = np.array([f for f, _ in ready_rows], dtype=float)
    ry = np.array([y for _, y in ready_rows])
    wx = np.array([f for f, _ in wait_rows], dtype=float)
    wy = np.array([y for _, y in wait_rows])
    wr = logistic(rx, ry)
    ww = logistic(wx, wy)
    print(f"{a.variant}: {a.hands} greedy hands, {len(ry)} (seat, discard) samples, {ry.mean():.3f} ready; "
          f"{len(wy)} ready samples, {wy.mean():.4f} of discards complete the seat "
          f"({time.process_time() - t0:.0f} CPU-s)")
    print("ready = logistic(%.3f + %.3f melds + %.3f discards + %.3f late)" % tuple(wr))
    print("wait  = logistic(%.3f + %.3f unseen + %.3f chow + %.3f thrown + %.3f suit_thrown + %.3f suit_share)"
          % tuple(ww))
    for st in range(5):
        sel = wx[:, 3] == st
        print(f"  suit_thrown {st}: {sel.sum()} samples, rate {wy[sel].mean() if sel.any() else float('nan'):.4f}")


if __name__ == "__main__":
    main()
