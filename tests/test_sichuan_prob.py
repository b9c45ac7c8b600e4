"""Exact 天胡 for the Sichuan presets (fzsim.packs.sichuan.prob) against Monte Carlo and an enumeration."""
import itertools
from fractions import Fraction
from math import comb, prod

import numpy as np
import pytest

from fzsim.packs.sichuan import prob as ps
from fzsim_core.packs.sichuan import shapes


def test_exact_value_pinned_and_same_for_both_presets():
    p = ps.tianhu_exact("sichuan")
    assert p == ps.tianhu_exact("xuezhan") == Fraction(1180592035056, 139737927523546800)
    assert p == Fraction(390407419, 46209632117575)
    assert abs(float(p) - 8.44861560478677e-06) < 1e-18


def test_three_suits_by_inclusion_exclusion():
    # a ≤ 2-suit hand lies in the tiles of one of the 3 suit pairs; a one-suit hand in two of them
    w3, _ = ps.tianhu_ways(3)
    w2, _ = ps.tianhu_ways(2)
    w1, _ = ps.tianhu_ways(1)
    assert w3 == 3 * w2 - 3 * w1


def test_one_suit_count_by_enumerating_every_hand():
    # every count vector of 14 tiles of one suit, checked by the core's whole-hand win search
    total = 0
    for c in itertools.product(range(5), repeat=9):
        if sum(c) != 14:
            continue
        counts = np.zeros(27, dtype=np.uint8)
        counts[:9] = c
        if shapes.is_win(counts):
            total += prod(comb(4, x) for x in c)
    assert total == ps.tianhu_ways(1)[0]


@pytest.mark.parametrize("suits, deals", [(1, 50_000), (2, 1_000_000), (3, 300_000)])
def test_monte_carlo_agrees(suits, deals):
    w, n = ps.tianhu_ways(suits)
    from fzsim.stats import wilson
    mc = ps.tianhu_monte_carlo(deals, seed=7 + suits, suits=suits)
    # a 99.9% interval: three fixed-seed checks should not fail one time in seven by chance
    lo, hi = wilson(mc["hits"], deals, z=3.29)
    assert lo <= w / n <= hi, mc


def test_prob_command_prints_sichuan_rows(capsys):
    from fzsim.cli import main
    assert main(["prob", "--variant", "xuezhan", "--hands", "2000"]) == 0
    out = capsys.readouterr().out
    assert "390407419/46209632117575" in out and "天胡" in out


def test_bad_arguments():
    with pytest.raises(ValueError, match="suits"):
        ps.tianhu_ways(4)
    with pytest.raises(ValueError, match="Sichuan preset"):
        ps.tianhu_exact("fuzhou")
    with pytest.raises(ValueError, match="deals"):
        ps.probability_table("sichuan", deals=-1)


def test_every_suit_class_by_the_whole_hand_search():
    # the per-suit bins read f0 / f1 from the core's need tables; check every one-suit vector of
    # <= 14 tiles against the pack's whole-hand search, padded to a 14-tile hand with 筒 pungs
    # (as melds) and, for a melds-only vector, a 1p pair
    from fzsim_core.wintables import need_tables
    f0, f1 = need_tables(False)
    keys = np.arange(5 ** 9)
    digits = np.stack([(keys // 5 ** r) % 5 for r in range(9)])
    n = digits.sum(axis=0)
    bad = []
    for key in np.flatnonzero((n <= 14) & (n % 3 != 1)):
        c = np.zeros(27, dtype=np.uint8)
        c[:9] = digits[:, key]
        m = int(n[key]) // 3
        if n[key] % 3 == 0:
            c[9] = 2
        want = (f0[key] if n[key] % 3 == 0 else f1[key]) == 0
        melds = [("pung", 11 + j) for j in range(4 - m)]
        want = want or (not melds and bool((c % 2 == 0).all()))   # seven pairs also wins
        if shapes.is_win(c, melds) != want:
            bad.append(int(key))
    assert not bad, bad[:10]
