"""fzsim.prob: per-suit need tables against brute force, exact tables against Monte Carlo."""
import functools
import itertools
import math
import os
import sys
from math import comb

import numpy as np
import pytest

from fzsim import prob

sys.path.insert(0, os.path.dirname(__file__))
from reference_need import dp_need_table  # noqa: E402

Z999 = 3.2905  # two-sided 99.9%: many quantities are compared, keep false alarms rare


# --- an obviously-correct oracle: try every way to place j golds, then decompose without golds ---

@functools.lru_cache(maxsize=None)
def _decomposes(counts: tuple, pair: bool, chows: bool) -> bool:
    i = next((r for r, c in enumerate(counts) if c), None)
    if i is None:
        return not pair
    c = list(counts)
    if pair and c[i] >= 2:
        c[i] -= 2
        if _decomposes(tuple(c), False, chows):
            return True
        c[i] += 2
    if c[i] >= 3:
        c[i] -= 3
        if _decomposes(tuple(c), pair, chows):
            return True
        c[i] += 3
    if chows and i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        if _decomposes(tuple(c), pair, chows):
            return True
    return False


def _brute_need(counts, pair: bool, chows: bool = True) -> int:
    ranks = len(counts)
    for j in range(0, 15):
        for extra in itertools.combinations_with_replacement(range(ranks), j):
            t = list(counts)
            for r in extra:
                t[r] += 1
            if _decomposes(tuple(t), pair, chows):
                return j
    raise AssertionError("no decomposition found")


def _key(counts):
    return sum(int(c) * 5 ** r for r, c in enumerate(counts))


@pytest.mark.parametrize("ranks,chows,n_samples,max_size", [(9, True, 300, 10), (7, False, 200, 7)])
def test_suit_need_table_matches_brute_force(ranks, chows, n_samples, max_size):
    f0, f1 = prob.suit_need_table(ranks, chows)
    rng = np.random.default_rng(11)
    checked = 0
    for _ in range(n_samples):
        size = int(rng.integers(0, max_size + 1))
        counts = np.bincount(rng.integers(0, ranks, size), minlength=ranks)
        if counts.max() > 4:
            continue
        key = _key(counts)
        assert f0[key] == _brute_need(tuple(counts), False, chows), counts
        assert f1[key] == _brute_need(tuple(counts), True, chows), counts
        checked += 1
    assert checked > n_samples // 2


def test_suit_need_table_known_values_and_lemma():
    f0, f1 = prob.suit_need_table()
    assert f0[0] == 0 and f1[0] == 2
    assert int(f0.max()) == 8 and int(f1.max()) == 7
    # f1 - f0 is -1 or +2 for every key (the per-key lemma of docs/guide/tiles.md)
    assert set(np.unique(f1.astype(int) - f0.astype(int))) == {-1, 2}
    # 1111m + a gold is only 11 + 11 + a gold: a pung of five 1m is allowed
    assert f1[_key([4, 0, 0, 0, 0, 0, 0, 0, 0])] == 1
    with pytest.raises(ValueError, match="ranks=10"):
        prob.suit_need_table(10)


@pytest.mark.parametrize("ranks,chows", [(9, True), (7, False)])
def test_core_tables_equal_the_independent_dynamic_program(ranks, chows):
    """fzsim.prob reads the core's f0/f1 tables; its former DP (tests/reference_need.py) must
    give the same value for every key."""
    f0, f1 = prob.suit_need_table(ranks, chows)
    r0, r1 = dp_need_table(ranks, chows)
    assert f0.dtype == r0.dtype == np.int8 and f0.shape == r0.shape == (5 ** ranks,)
    assert np.array_equal(f0, r0) and np.array_equal(f1, r1)


@pytest.mark.parametrize("honors_are_flowers,pool", [(True, 107), (False, 135)])
def test_gold_count_pmf_is_hypergeometric(honors_are_flowers, pool):
    for size in (16, 17):
        pmf = prob.gold_count_pmf(size, honors_are_flowers)
        assert math.isclose(sum(pmf), 1.0)
        # P(3) by the direct argument: the 3 live golds all fall among the hand's tiles
        assert math.isclose(pmf[3], comb(size, 3) / comb(pool, 3))
        assert math.isclose(pmf[0], comb(pool - size, 3) / comb(pool, 3))
    with pytest.raises(ValueError, match="hand_tiles=15"):
        prob.gold_count_pmf(15)


def test_sample_deals_shapes():
    gold, hands = prob.sample_deals(500, True, seed=3)
    assert hands.shape == (500, 4, 34)
    assert (hands.sum(axis=2) == [17, 16, 16, 16]).all()
    assert (hands[:, :, 27:] == 0).all()  # honours are flowers in fuzhou
    # the indicator is one of the four copies: at most 3 in hands
    assert (hands.sum(axis=1)[np.arange(500), gold] <= 3).all()
    assert (hands.sum(axis=1) <= 4).all()


def _assert_agree(exact, mc):
    bad = []
    for role in ("dealer", "nondealer"):
        n = mc["n"][role]
        for event, k in mc["count"][role].items():
            lo, hi = prob.wilson(k, n, z=Z999)
            if not lo <= exact[role][event] <= hi:
                bad.append((role, event, exact[role][event], k / n, lo, hi))
    # the §7 outcomes with an exact value: 天胡 won and 三金倒 won in the window
    for event in ("tianhu_won", "sanjindao_won"):
        k, n = mc["count"]["hand"][event], mc["n"]["hand"]
        lo, hi = prob.wilson(k, n, z=Z999)
        if not lo <= exact["hand"][event] <= hi:
            bad.append(("hand", event, exact["hand"][event], k / n, lo, hi))
    assert not bad, bad


@pytest.mark.parametrize("honors_are_flowers,n_deals", [(True, 60_000), (False, 40_000)])
def test_exact_agrees_with_monte_carlo_tables(honors_are_flowers, n_deals):
    exact = prob.opening_exact(honors_are_flowers)
    mc = prob.opening_monte_carlo(n_deals, honors_are_flowers, seed=42, method="tables")
    _assert_agree(exact, mc)
    assert 0 < exact["dealer"]["tianhu"] < exact["dealer"]["qiangjin_available"] < 0.1
    assert exact["nondealer"]["tianhu"] == 0


def test_exact_agrees_with_monte_carlo_wincheck():
    exact = prob.opening_exact(True)
    mc = prob.opening_monte_carlo(60_000, True, seed=7, method="wincheck")
    assert mc["checker"] == "fzsim.is_win_many"
    _assert_agree(exact, mc)


@pytest.mark.slow
@pytest.mark.parametrize("honors_are_flowers", [True, False])
def test_exact_agrees_with_large_monte_carlo(honors_are_flowers, request):
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("large sweep: run with -m slow")
    exact = prob.opening_exact(honors_are_flowers)
    _assert_agree(exact, prob.opening_monte_carlo(2_000_000, honors_are_flowers, seed=2026))


def test_window_priorities_partition():
    mc = prob.opening_monte_carlo(20_000, True, seed=1, method="tables")
    hand = mc["count"]["hand"]
    assert hand["qiangjin_won"] == hand["qiangjin_won_dealer"] + hand["qiangjin_won_nondealer"]
    # a won 抢金 needs 抢金 available somewhere; the non-dealer's comes first
    assert hand["qiangjin_won_nondealer"] <= mc["count"]["nondealer"]["qiangjin_available"]
    assert hand["qiangjin_won_dealer"] <= mc["count"]["dealer"]["qiangjin_available"]
    assert hand["tianhu_won"] <= mc["count"]["dealer"]["tianhu"]
    with pytest.raises(ValueError, match="method='bogus'"):
        prob.opening_monte_carlo(10, method="bogus")


def test_docstring_examples_run():
    import doctest

    result = doctest.testmod(prob)
    assert result.failed == 0 and result.attempted >= 5


def _near_win_hands(n, honors_are_flowers, seed):
    """17-tile hands built from 5 melds + a pair, some tiles turned into golds, half then perturbed."""
    rng = np.random.default_rng(seed)
    n_kinds = 27 if honors_are_flowers else 34
    hands, golds = [], []
    while len(hands) < n:
        gold = int(rng.integers(0, n_kinds))
        c = np.zeros(34, np.int64)
        for _ in range(5):
            k = int(rng.integers(0, n_kinds))
            if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
                c[k:k + 3] += 1  # chow
            else:
                c[k] += 3
        c[int(rng.integers(0, n_kinds))] += 2
        real = np.repeat(np.arange(34), c)
        for t in rng.choice(real.size, int(rng.integers(0, 4)), replace=False):
            c[real[t]] -= 1
            c[gold] += 1  # this tile becomes a gold (wild)
        if rng.random() < 0.5:  # perturb: swap one tile for a random one
            k = int(rng.choice(np.flatnonzero(c)))
            c[k] -= 1
            c[int(rng.integers(0, n_kinds))] += 1
        if c.max() <= 4 and c[gold] <= 3:
            hands.append(c.astype(np.uint8))
            golds.append(gold)
    return np.array(hands), np.array(golds, dtype=np.int8)


@pytest.mark.parametrize("honors_are_flowers", [True, False])
def test_table_checker_equals_win_tables_hand_by_hand(honors_are_flowers):
    tables = prob._checker("tables")
    compiled = prob._checker("wincheck")
    hands, gold = _near_win_hands(20_000, honors_are_flowers, seed=3)
    win = compiled.is_win(hands, gold)
    assert 0.2 < win.mean() < 0.9  # plenty of both answers
    assert np.array_equal(tables.is_win(hands, gold), win)
    # 16-tile hands: remove one random tile, then ask whether the robbed indicator wins
    rng = np.random.default_rng(4)
    for h in hands:
        h[rng.choice(np.flatnonzero(h))] -= 1
    assert np.array_equal(tables.wins_with_gold(hands, gold), compiled.wins_with_gold(hands, gold))
