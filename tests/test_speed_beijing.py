"""Beijing's shanten with the 惠牌 wild on the packed hand (shapes.pyx bj_shanten_packed, issue 28:
the standard shape from the core's wildcard tables, seven pairs in closed form on the packed
counts' odd kinds) against its definition: the core's shanten with the wild as gold
(winapi.shanten_many) and the seven-pairs count over the real kinds (each real pair fills a
slot, each real single a slot with one tile, each wild one more tile), the least of the two.
100,000 random meld-free hands of 13 and 14 tiles (0-4 wilds) by default, 1,000,000 under
-m slow."""
import numpy as np
import pytest

from fzsim_core.packs.beijing.shapes import shanten_many
from fzsim_core.winapi import shanten_many as core_shanten_many


def reference(counts, wild):
    real = counts.astype(np.int64).copy()
    rows = np.arange(len(counts))
    has = wild >= 0
    w = np.where(has, real[rows, np.maximum(wild, 0)], 0)
    real[rows[has], wild[has]] = 0
    p = np.minimum((real >> 1).sum(axis=1), 7)
    s = (real & 1).sum(axis=1)
    free = 7 - p
    used = np.minimum(np.minimum(s, free) + w, 2 * free) + 2 * p
    seven = 14 - used - 1
    std = core_shanten_many(counts, wild).astype(np.int64)
    return np.minimum(std, seven)


def random_hands(n, seed):
    """n hands of 13 or 14 tiles from the 136, each row favouring a random few kinds, and a wild
    kind per row, most often one the row holds (-1 for a tenth of them)."""
    rng = np.random.default_rng(seed)
    size = rng.integers(13, 15, n)
    kind_of_tile = np.repeat(np.arange(34), 4)
    scale = rng.random((n, 34)) ** 2
    key = rng.random((n, 136)) * scale[:, kind_of_tile]
    order = np.argsort(key, axis=1)
    taken = np.arange(136)[None, :] < size[:, None]
    rows = np.repeat(np.arange(n), taken.sum(axis=1))
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (rows, kind_of_tile[order[taken]]), 1)
    wild = rng.integers(0, 34, n).astype(np.int8)
    held = np.argmax((counts > 0) * rng.random((n, 34)), axis=1).astype(np.int8)
    wild = np.where(rng.random(n) < 0.6, held, wild)     # most rows hold 1-4 of their wild
    wild[rng.random(n) < 0.1] = -1
    return counts, wild


def check(n, seed):
    for start in range(0, n, 100_000):
        counts, wild = random_hands(min(100_000, n - start), seed + start)
        got = shanten_many(counts, wild).astype(np.int64)
        want = reference(counts, wild)
        bad = np.flatnonzero(got != want)
        assert bad.size == 0, (counts[bad[0]].tolist(), int(wild[bad[0]]), int(got[bad[0]]), int(want[bad[0]]))


def test_packed_shanten_matches_its_definition_100k():
    check(100_000, 28)


@pytest.mark.slow
def test_packed_shanten_matches_its_definition_1m():
    check(1_000_000, 2028)
