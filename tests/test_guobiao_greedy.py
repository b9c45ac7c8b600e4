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
