"""The 国标 greedy's goal G (fzsim_core/packs/guobiao/greedy.pyx): its bounded search over the fan
targets (required-tile bounds, targets read by rising bound) gives exactly the unbounded
minimum over every target (reach.target_needs, one family worth under the minimum counting one
tile further), and lists exactly the targets at it, on random hands of 13 and 14 tiles with
0-4 declared sets."""
import random

import numpy as np
import pytest

from fzsim_core.packs.guobiao import greedy, reach
from fzsim_core.packs.guobiao.shanten import NO_SHAPE

VALUE = np.array([reach.FAMILIES[f][1] for f in reach.TARGET_FAMILY])


def brute(counts, melds, min_fan):
    d = reach.target_needs(counts, melds).astype(int)
    eff = np.where(d < NO_SHAPE, d + (VALUE < min_fan), d)
    g = int(eff.min())
    return g, sorted(np.flatnonzero(eff == g).tolist())


def random_hand(rng):
    """A random hand biased towards one or two suits, with 0-4 declared sets taken from it."""
    pool = [k for k in range(34) for _ in range(4)]
    if rng.random() < 0.5:
        suits = rng.sample(range(3), rng.randrange(1, 3))
        pool = [k for k in pool if k >= 27 or k // 9 in suits]
    rng.shuffle(pool)
    left = {k: pool.count(k) for k in set(pool)}
    melds = []
    for _ in range(rng.choice([0, 0, 1, 2, 3, 4])):
        k = rng.choice(sorted(left))
        if k < 27 and k % 9 <= 6 and rng.random() < 0.5 and all(left.get(k + i, 0) for i in range(3)):
            for i in range(3):
                left[k + i] -= 1
            melds.append((0, k, 1))
        elif left[k] >= 3:
            kong = left[k] == 4 and rng.random() < 0.3
            left[k] -= 4 if kong else 3
            melds.append((2 if kong else 1, k, int(rng.random() < 0.7)))
        left = {k: v for k, v in left.items() if v}
    rest = [k for k, v in left.items() for _ in range(v)]
    rng.shuffle(rest)
    size = (13 if rng.random() < 0.5 else 14) - 3 * len(melds)
    counts = np.bincount(rest[:size], minlength=34).astype(np.uint8)
    return counts, np.array(melds, dtype=np.int8).reshape(-1, 3)


@pytest.mark.parametrize("min_fan", [8, 6])
def test_the_bounded_goal_is_the_minimum_over_every_target(min_fan):
    rng = random.Random(min_fan)
    checked = 0
    for _ in range(1500):
        counts, melds = random_hand(rng)
        if counts.sum() + 3 * len(melds) not in (13, 14):
            continue
        g, near = greedy.goal_need(counts, melds, min_fan)
        want_g, want_near = brute(counts, melds, min_fan)
        assert g == want_g, (counts.tolist(), melds.tolist())
        if g < NO_SHAPE:   # (with no target open at all, which are "nearest" does not matter)
            assert sorted(near) == want_near, (counts.tolist(), melds.tolist())
        checked += 1
    assert checked > 1000


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="34 entries"):
        greedy.goal_need(np.zeros(33, np.uint8), np.zeros((0, 3), np.int8))
    with pytest.raises(ValueError, match="expected 13 or 14"):
        greedy.goal_need(np.ones(34, np.uint8), np.zeros((0, 3), np.int8))
    with pytest.raises(ValueError, match="not a chow"):
        greedy.goal_need(np.zeros(34, np.uint8), np.array([[0, 8, 1]], np.int8))


def test_the_wait_mask_is_every_tile_that_completes_a_shape():
    # shapes.gb_wait_mask (the pack's cached waits) against its definition: k is a wait iff the
    # hand plus k has need 0 over every shape (shanten.need), on hands biased to each shape
    from fzsim_core.packs.guobiao import shapes, shanten
    rng = random.Random(5)
    knit = [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)]
    orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    n = 0
    for i in range(6000):
        kind = i % 4
        if kind == 0:     # 全不靠 / 组合龙 material
            p = rng.choice(knit)
            pool = [s * 9 + r for s in range(3) for r in range(p[s], 9, 3)] + list(range(27, 34))
            pool = pool + rng.sample(range(34), 4)
        elif kind == 1:   # 十三幺 material
            pool = orphans * 2 + rng.sample(range(34), 3)
        elif kind == 2:   # one suit and honours (七对, fifth copies)
            s = rng.randrange(3)
            pool = [s * 9 + r for r in range(9)] * 4 + list(range(27, 34)) * 2
        else:
            pool = [k for k in range(34) for _ in range(4)]
        n_melds = rng.choice([0, 0, 0, 1]) if kind != 2 else 0
        size = 13 - 3 * n_melds
        counts = np.zeros(34, np.uint8)
        for k in rng.sample(pool, len(pool)):
            if counts.sum() == size:
                break
            if counts[k] < 4:
                counts[k] += 1
        if counts.sum() != size:
            continue
        mask = shapes.wait_mask(counts, n_melds)
        for k in range(34):
            if counts[k] == 4:
                continue
            c = counts.copy()
            c[k] += 1
            assert bool((mask >> k) & 1) == (shanten.need(c, n_melds) == 0), (counts.tolist(), n_melds, k)
        n += 1
    assert n > 5000
