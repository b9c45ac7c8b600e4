"""The 国标 greedy's bounded goal search (issue 28: targets cut by the standard need of their
allowed tiles, by their required sets' missing tiles read from per-hand slot tables, 组合龙 by
its knitted tiles) against the slow reference: every target's need (reach.target_needs, checked
against brute force in test_guobiao_reach), one family worth under the minimum counting one tile
further. G and the targets at G must agree exactly, and so must the capped search the claims
and kongs use (G, or cap + 1 past cap). 10,000 random hands by default, 200,000 under -m slow."""
import random

import numpy as np
import pytest

from fzsim_core.packs.guobiao import greedy
from fzsim_core.packs.guobiao.shanten import NO_SHAPE

from test_guobiao_greedy import brute, random_hand


def sweep(n, seed):
    rng = random.Random(seed)
    checked = 0
    while checked < n:
        counts, melds = random_hand(rng)
        if counts.sum() + 3 * len(melds) not in (13, 14):
            continue
        min_fan = rng.choice((8, 8, 6, 1))
        g, near = greedy.goal_need(counts, melds, min_fan)
        want_g, want_near = brute(counts, melds, min_fan)
        assert g == want_g, (counts.tolist(), melds.tolist(), min_fan)
        if g < NO_SHAPE:
            assert sorted(near) == want_near, (counts.tolist(), melds.tolist(), min_fan)
        cap = rng.randrange(0, 9)
        assert greedy.goal_capped(counts, melds, min_fan, cap) == (g if g <= cap else cap + 1)
        checked += 1


def test_bounded_goal_matches_every_target_10k():
    sweep(10_000, 28)


@pytest.mark.slow
def test_bounded_goal_matches_every_target_200k():
    sweep(200_000, 2028)


def test_remembered_goal_matches_the_search():
    """The value hooks' goal_remembered (the thread's last 16 answers kept, keyed by the hand)
    answers as the search does, asked again and again over a changing pool of hands (repeats,
    other minimums, the same counts with other declared sets)."""
    rng = random.Random(2027)
    pool = []
    for _ in range(6000):
        if pool and rng.random() < 0.5:
            counts, melds, min_fan = rng.choice(pool[-24:])
        else:
            counts, melds = random_hand(rng)
            if counts.sum() + 3 * len(melds) not in (13, 14):
                continue
            min_fan = rng.choice((8, 8, 6, 1))
            pool.append((counts, melds, min_fan))
            if len(melds) and rng.random() < 0.3:   # the same counts, another set declared
                other = melds.copy()
                other[0, 0] = 1 if other[0, 0] == 0 else 0
                if other[0, 0] != 0 or (other[0, 1] < 27 and other[0, 1] % 9 <= 6):
                    pool.append((counts, other, min_fan))
        g, near = greedy.goal_remembered_need(counts, melds, min_fan)
        want_g, want_near = greedy.goal_need(counts, melds, min_fan)
        assert (g, near) == (want_g, want_near), (counts.tolist(), melds.tolist(), min_fan)


def test_discard_shortcuts_match_the_reads():
    """A turn reads a target at G0 after a discard only when no term of its bound that alone
    reaches G0 rises (then G0 + 1 unread) and its allowed kinds hold the discard (else G0): the
    same needs as reading every one, on random 14 - 3 m tile hands."""
    rng = random.Random(3028)
    checked = compared = 0
    while checked < 4000:
        counts, melds = random_hand(rng)
        if counts.sum() + 3 * len(melds) != 14:
            continue
        min_fan = rng.choice((8, 8, 6, 1))
        for kind, got, want in greedy._after_discard_check(counts, melds, min_fan):
            assert got == want, (counts.tolist(), melds.tolist(), min_fan, kind)
            compared += len(got)
        checked += 1
    assert compared > 10_000
