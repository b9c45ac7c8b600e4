"""Exact 天胡 for Beijing (with the 惠牌) and Shanghai (meeting the minimum) by per-suit counting
(fzsim.prob_beijing, fzsim.prob_shanghai) against Monte Carlo deals checked by the cores' win search,
and against closed forms where one exists."""
from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from fzsim import prob_beijing as pb
from fzsim import prob_shanghai as ps


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
    assert list(t["event"]) == ["tianhu", "tianhu_one_suit", "tianhu_pure_suit"]
    assert main(["prob", "--variant", "shanghai", "--hands", "2000"]) == 0
    assert "per-suit counting" in capsys.readouterr().out
    with pytest.raises(ValueError, match="deck"):
        ps.tianhu_exact("two_suits")
    with pytest.raises(ValueError, match="deals"):
        pb.probability_table(deals=-1)
