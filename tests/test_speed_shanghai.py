"""Shanghai's 碰碰胡 shanten target in closed form (shapes.pyx _pungs_missing: how many kinds are
held 1, 2, 3, 4 times) against the dynamic programme over kinds it replaced (each kind a pung,
the pair, both or nothing; issue 28), vectorised here over many hands: 100,000 random hands by
default, 1,000,000 under -m slow. The hands lean on few kinds so pungs and quads are common."""
import numpy as np
import pytest

from fzsim_core.packs.shanghai.shapes import pungs_missing_many

NEG = -1000


def dp_pungs_missing(counts, n_sets):
    """Fewest tiles missing for n pungs + a pair, by the DP over kinds (rows at once)."""
    counts = counts.astype(np.int64)
    rows = np.arange(len(counts))
    best = np.full((len(counts), 5, 2), NEG, dtype=np.int64)
    best[:, 0, 0] = 0
    n = n_sets.astype(np.int64)
    for k in range(34):
        c = counts[:, k]
        nxt = best.copy()
        for p in range(5):
            for q in range(2):
                ok = best[:, p, q] >= 0
                if p < 4:
                    can = ok & (p < n)
                    v = best[:, p, q] + np.minimum(c, 3)
                    nxt[:, p + 1, q] = np.where(can, np.maximum(nxt[:, p + 1, q], v), nxt[:, p + 1, q])
                if q == 0:
                    v = best[:, p, 0] + np.minimum(c, 2)
                    nxt[:, p, 1] = np.where(ok, np.maximum(nxt[:, p, 1], v), nxt[:, p, 1])
                    if p < 4:
                        can = ok & (p < n)
                        v = best[:, p, 0] + c
                        nxt[:, p + 1, 1] = np.where(can, np.maximum(nxt[:, p + 1, 1], v), nxt[:, p + 1, 1])
        best = np.where((c > 0)[:, None, None], nxt, best)
    allowed = np.arange(5)[None, :] <= n[:, None]
    top = np.where(allowed[:, :, None], best, NEG).reshape(len(counts), -1).max(axis=1)
    top = np.maximum(top, 0)
    del rows
    return 3 * n + 2 - top


def random_hands(n, seed):
    """n hands of 3 m + 1 or 3 m + 2 tiles (m = 0..4 sets to make) from the 136 tiles, each row
    favouring a random few kinds (its tiles ranked by a random key scaled per kind)."""
    rng = np.random.default_rng(seed)
    n_sets = rng.integers(0, 5, n).astype(np.uint8)
    size = 3 * n_sets.astype(np.int64) + rng.integers(1, 3, n)
    kind_of_tile = np.repeat(np.arange(34), 4)
    scale = rng.random((n, 34)) ** 3                      # small for the favoured kinds
    key = rng.random((n, 136)) * scale[:, kind_of_tile]
    order = np.argsort(key, axis=1)
    taken = np.arange(136)[None, :] < size[:, None]       # the first `size` tiles of each row
    rows = np.repeat(np.arange(n), taken.sum(axis=1))
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (rows, kind_of_tile[order[taken]]), 1)
    return counts, n_sets


def check(n, seed):
    for start in range(0, n, 100_000):
        counts, n_sets = random_hands(min(100_000, n - start), seed + start)
        got = pungs_missing_many(counts, n_sets)
        want = dp_pungs_missing(counts, n_sets)
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (counts[bad[0]].tolist(), int(n_sets[bad[0]]), int(got[bad[0]]), int(want[bad[0]]))


def test_pungs_closed_form_matches_the_dp_100k():
    check(100_000, 28)


@pytest.mark.slow
def test_pungs_closed_form_matches_the_dp_1m():
    check(1_000_000, 2028)


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        pungs_missing_many(np.zeros((1, 33), np.uint8), np.zeros(1, np.uint8))
    with pytest.raises(ValueError):
        pungs_missing_many(np.zeros((1, 34), np.uint8), np.full(1, 5, np.uint8))
