"""Where rollout's search gains, by decision kind, from logged searches (docs/guide/policies.md,
"Where the claim search's gain is").

An experiment, not part of fzsim: apply rollout_log.patch (beside this file) to
fzsim_core/policies/rollout.pyx at `b7cd89b` and rebuild; with FZ_RLOG=PREFIX set, every search
then plays all its worlds (no early stop) and appends one line per search to PREFIX.<pid>:

    S seat decision live claim_tile melds shanten m n type:kind ... | v0,v1,.. v0,v1,.. ... | pick

Then

    FZ_RLOG=/tmp/rlog/a python benchmarks/rollout_heldout/heldout.py --play 1600 5
    python benchmarks/rollout_heldout/heldout.py --read /tmp/rlog/a 6400

plays a duel of `rollout:at=14;n=64` against value on 1,600 rulebook 国标 walls of seed 5 (6,400
rollout seat-hands) and reads the logs: each search is replayed under a cheaper rule that chooses
from its first worlds only, and the choice is scored on worlds 32..63, which the rule never saw
(an unbiased estimate of what the rule gains per rollout seat-hand), beside the playouts it costs.
"""
import glob
import math
import sys

import numpy as np


def read(prefix):
    rows = []
    for path in glob.glob(prefix + ".*"):
        for line in open(path):
            if not line.startswith("S ") or line.count("|") != 2:
                continue
            head, worlds, _ = line.split("|")
            h = head.split()
            seat, dec, live, claim_tile, melds, shanten, m, n = map(int, h[1:9])
            cands = [tuple(map(int, c.split(":"))) for c in h[9:9 + m]]
            w = np.array([[float(x) for x in world.split(",")] for world in worlds.split()])
            if w.shape == (n, m):
                rows.append(dict(dec=dec, claim_tile=claim_tile, cands=cands, w=w, m=m))
    return rows


def pick(w, k, z):
    """The candidate a search of the first k worlds takes: the best paired mean above z SE, else 0."""
    d = w[:k, 1:] - w[:k, :1]
    mean, se = d.mean(0), d.std(0, ddof=1) / math.sqrt(k)
    best, best_mean = 0, 0.0
    for c in range(d.shape[1]):
        if mean[c] > z * se[c] and mean[c] > best_mean:
            best, best_mean = c + 1, mean[c]
    return best


def fixed(k, z):
    return lambda w: (pick(w, k, z), k)


def checked(first, last, z, futile):
    """From `first` worlds, doubling to `last`: dropped when every call trails by futile SE."""
    def rule(w):
        k = first
        while k < last:
            d = w[:k, 1:] - w[:k, :1]
            mean, se = d.mean(0), d.std(0, ddof=1) / math.sqrt(k)
            if all(mean[c] < futile * -se[c] or (se[c] == 0 and mean[c] <= 0) for c in range(d.shape[1])):
                return 0, k
            k *= 2
        return pick(w, last, z), last
    return rule


def held_out(rows, rule, seat_hands):
    gain = cost = 0.0
    for r in rows:
        b, used = rule(r["w"])
        cost += used * r["m"]
        if b:
            gain += (r["w"][32:, b] - r["w"][32:, 0]).mean()
    return gain / seat_hands, cost / seat_hands


def main(argv):
    if argv[:1] == ["--play"]:
        import fzsim
        print(fzsim.duel("rollout:at=14;n=64", "value", "guobiao", int(argv[1]), int(argv[2]), jobs=2,
                         draws="seat"))
        return
    rows, seat_hands = read(argv[1]), float(argv[2])
    claims = [r for r in rows if r["dec"] == 3]
    passed = [r for r in claims if r["cands"][0][0] == 0]
    sets = {
        "every claim": claims,
        "claims with a pung on offer that value passes": [r for r in passed if any(c[0] == 5 for c in r["cands"])],
        "calls on an honour's discard that value passes": [r for r in passed if r["claim_tile"] >= 27],
        "the same, value's calls included": [r for r in claims if r["claim_tile"] >= 27],
        "discard and robbed-kong wins": [r for r in rows if r["dec"] in (2, 4)],
        "own turn with a win or kong on offer": [r for r in rows if r["dec"] in (0, 1)],
    }
    print(f"{len(rows)} searches, {seat_hands:.0f} rollout seat-hands")
    print("decisions | searches per seat-hand | 32 worlds, z 2: gain / playouts | from world 8, futile 0")
    for name, rs in sets.items():
        g1, c1 = held_out(rs, fixed(32, 2.0), seat_hands)
        g2, c2 = held_out(rs, checked(8, 32, 2.0, 0.0), seat_hands)
        print(f"{name} | {len(rs) / seat_hands:.2f} | {g1:+.3f} / {c1:.0f} | {g2:+.3f} / {c2:.0f}")


if __name__ == "__main__":
    main(sys.argv[1:])
