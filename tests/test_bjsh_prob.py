"""Exact 天胡 for Beijing (with the 惠牌) and Shanghai (meeting the minimum) by per-suit counting
(fzsim.packs.beijing.prob, fzsim.packs.shanghai.prob) against Monte Carlo deals checked by the cores' win search,
and against closed forms where one exists."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from fzsim.packs.beijing import prob as pb
from fzsim.packs.shanghai import prob as ps


def _z(mc, p):
    return (mc["p"] - p) / (p * (1 - p) / mc["deals"]) ** 0.5


def test_beijing_sihui_is_hypergeometric():
    # the four 惠牌 among the dealer's 14 of the 135 tiles left beside the indicator
    assert pb.tianhu_exact()["sihui"] == Fraction(comb(131, 10), comb(135, 14))
    assert pb.tianhu_given_wilds_exact(4) == 1


@pytest.mark.parametrize("wilds, deals", [(2, 30_000), (3, 20_000)])
def test_beijing_given_wilds_agrees_with_monte_carlo(wilds, deals):
    p = float(pb.tianhu_given_wilds_exact(wilds))
    mc = pb.tianhu_given_wilds_monte_carlo(wilds, deals, seed=wilds)
    assert mc["hits"] > 20 and abs(_z(mc, p)) < 4, (p, mc)


def test_beijing_tianhu_agrees_with_monte_carlo():
    e = pb.tianhu_exact()
    assert Fraction(0) < e["sihui"] < e["tianhu"] < Fraction(1, 1000)
    mc = pb.tianhu_monte_carlo(100_000, seed=3)
    assert abs(_z(mc, float(e["tianhu"]))) < 4, (float(e["tianhu"]), mc)


def test_shanghai_pure_suit_and_one_suit_agree_with_monte_carlo():
    for deck, deals in (("pure_suit", 40_000), ("one_suit", 100_000)):
        p = float(ps.tianhu_exact(deck))
        mc = ps.tianhu_monte_carlo(deals, seed=7, deck=deck)
        assert abs(_z(mc, p)) < 4, (deck, p, mc)
    assert 0 < ps.tianhu_exact() < ps.tianhu_exact("one_suit") < ps.tianhu_exact("pure_suit")


def test_shanghai_all_honour_part_is_counted():
    # 14 of the 28 honours: every such hand is a legal 风一色, so P(天胡) >= P(all 14 honours)
    assert ps.tianhu_exact() >= Fraction(comb(28, 14), comb(136, 14))


def test_tables_and_the_prob_command(capsys):
    from fzsim.cli import main
    t = pb.probability_table(deals=2_000, seed=1)
    assert list(t["event"]) == ["tianhu", "sihui", "tianhu_given_3_wilds"] and t.attrs["pack"] == "beijing"
    t = ps.probability_table(deals=2_000, seed=1)
    assert list(t["event"]) == ["tianhu", "tianhu_one_suit", "tianhu_pure_suit", "bahua", "bahua_3_flowers",
                                "bahua_2_flowers"]
    assert t["agrees"].all() and (t["exact"].iloc[3] == float(ps.bahua_exact()))
    assert main(["prob", "--variant", "shanghai", "--hands", "2000"]) == 0
    out = capsys.readouterr().out
    assert "per-suit counting" in out and "八花齐" in out
    with pytest.raises(ValueError, match="deck"):
        ps.tianhu_exact("two_suits")
    with pytest.raises(ValueError, match="deals"):
        pb.probability_table(deals=-1)


# ---- 八花齐 at the deal ------------------------------------------------------------------------

def test_bahua_counting_equals_every_placement_of_two_and_three_flowers():
    # the counting (ballot orders of the tail) against the deal procedure played on every placement
    from itertools import combinations
    for m in (1, 2):
        hits = sum(max(ps.opening_flowers(pos)) == m for pos in combinations(range(ps.WALL), m))
        assert ps.bahua_exact(m) == Fraction(hits, comb(ps.WALL, m)), m
    # three flowers: only placements inside the dealt tiles and the first tail tiles can hit
    near = list(range(4 * ps.SEAT_HAND + 1)) + list(range(ps.WALL - 3, ps.WALL))
    hits = sum(max(ps.opening_flowers(pos)) == 3 for pos in combinations(near, 3))
    assert ps.bahua_exact(3) == Fraction(hits, comb(ps.WALL, 3))


def test_bahua_closed_forms():
    # all 8 dealt to the dealer (the tail then holds none: any order) is one term of the count
    assert ps.bahua_exact(8, "dealer") > Fraction(comb(14, 8), comb(144, 8))
    # one flower: the seat dealt it holds it (53 dealt positions)
    assert ps.bahua_exact(1) == Fraction(53, 144)
    assert ps.bahua_exact(8) == ps.bahua_exact(8, "dealer") + 3 * ps.bahua_exact(8, "other")
    # two flowers: both dealt to one seat (C(14, 2) + 3 C(13, 2)), or one dealt and the other the
    # tail's first tile (14 + 3 x 13)
    assert ps.bahua_exact(2) == Fraction(91 + 3 * 78 + 14 + 3 * 13, comb(144, 2))
    assert 0 < ps.bahua_exact(8) < Fraction(1, 10**6)
    with pytest.raises(ValueError, match="flowers"):
        ps.bahua_exact(9)
    with pytest.raises(ValueError, match="seat"):
        ps.bahua_exact(8, "east")


@pytest.mark.parametrize("m, deals", [(2, 40_000), (3, 100_000)])
def test_bahua_agrees_with_monte_carlo(m, deals):
    p = float(ps.bahua_exact(m))
    mc = ps.bahua_monte_carlo(deals, seed=m, flowers=m)
    assert mc["hits"] > 20 and abs(_z(mc, p)) < 4, (p, mc)


def test_the_deal_procedure_is_the_engines():
    # opening_flowers against the engine's own opening 补花 (its flower events) on random walls
    from fzsim.game import play_hand
    rng = np.random.default_rng(4)
    tiles = np.repeat(np.arange(42), [4] * 34 + [1] * 8).astype(np.uint8)
    for dealer in range(4):
        for _ in range(25):
            wall = rng.permutation(tiles)
            if rng.random() < 0.5:   # bunch the flowers near the dealt tiles and the tail's end
                fl = np.flatnonzero(wall >= 34)
                spots = rng.choice(np.r_[0:60, 134:144], size=8, replace=False)
                for a, b in zip(fl, spots):
                    wall[a], wall[b] = wall[b], wall[a]
            r = play_hand(1, 1, "shanghai", "greedy", wall=wall, log=True, dealer=dealer)
            held = [0, 0, 0, 0]
            for e in r.events:
                if e.type not in ("deal", "flower", "replace"):
                    break
                if e.type == "flower":
                    held[e.seat] += 1
            assert held == ps.opening_flowers(np.flatnonzero(wall >= 34), dealer=dealer)
