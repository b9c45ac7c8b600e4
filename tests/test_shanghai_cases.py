"""docs/spec/RULES-PACKS.md §8.1 (SH-1..SH-22) and the Shanghai calculator's rules, options and refusals
(底分 2, 花分 1, 勒子 10). Seats 0..3 counter-clockwise: seat s + 1 is s's 下家."""
from __future__ import annotations

import json

import numpy as np
import pytest

import fzsim
from fzsim.packs.shanghai import calculator as sh
from fzsim.cli import main
from fzsim.tiles import kind_index as K
from fzsim.tiles import parse
from fzsim_core.packs.shanghai import play, shapes

PENG = dict(hand="111m222p333s55s", melds=["pung 1z"], flowers="1f2f5f")   # 碰碰胡, F = 3 + 1 (东 pung)
HUN9 = dict(hand="123m456m666z55m", melds=["kong 7z"], flowers="1f2f3f4f")  # 混一色, F = 4 + 3 + 2


def test_sh1_pengpeng_discard():
    r = sh.score(**PENG, win="discard", winner=0, discarder=1)
    assert (r.pattern, r.flowers, r.per_payer) == ("pengpeng", 4, 6) and r.deltas == [6, -6, 0, 0]


def test_sh2_pengpeng_selfdraw():
    assert sh.score(**PENG, win="selfdraw", winner=0).deltas == [18, -6, -6, -6]


def test_sh3_hunyise_capped_at_one_lezi():
    r = sh.score(**HUN9, win="discard", winner=0, discarder=1)
    assert (r.pattern, r.flowers, r.value, r.per_payer) == ("hunyise", 9, 10, 10)


def test_sh4_qingyise_fixed_flowers_ignored():
    r = sh.score("123m456m789m234m55m", flowers="1f2f3f4f5f", win="discard", winner=0, discarder=1)
    assert (r.pattern, r.per_payer) == ("qingyise", 10)


def test_sh5_seed_qingpeng_kaibao_four_lezi():
    # "清碰+开宝为4勒子"
    r = sh.score("111m222m333m444m55m", dice=(1, 4), win="discard", winner=0, discarder=1)
    assert (r.pattern, r.kaibao, r.multiplier, r.per_payer) == ("qingpeng", True, 2, 40)


def test_sh6_seed_fengpeng_huangfan_eight_lezi():
    # "风碰+荒番为8勒子"
    r = sh.score("111z222z333z555z77z", huangfan=1, win="discard", winner=0, discarder=1)
    assert (r.pattern, r.per_payer) == ("fengpeng", 80)


def test_sh7_gangkai_raises_to_one_lezi():
    r = sh.score("111m222p333s55s", melds=["kong 5m"], flowers="1f", win="kong_replacement", winner=0)
    assert (r.flowers, r.value, r.floored) == (2, 4, 10) and r.deltas == [30, -10, -10, -10]


def test_sh8_qingpeng_gangkai_stays_or_is_cut_under_the_option():
    r = sh.score("111m222m333m55m", melds=["kong 4m"], win="kong_replacement", winner=0)
    assert (r.pattern, r.per_payer) == ("qingpeng", 20)
    r = sh.score("111m222m333m55m", melds=["kong 4m"], win="kong_replacement", winner=0,
                 overrides={"gangkai_over_lezi": "cap"})
    assert r.per_payer == 10


def test_sh9_kaibao_doubles_a_plain_hand():
    r = sh.score("111m222p333s55s", melds=["pung 1z"], flowers="1f2f", dice=(3, 3), win="discard", winner=0,
                 discarder=1)
    assert (r.flowers, r.per_payer, r.cap) == (3, 10, 20)


def test_sh10_kaibao_doubles_the_cap():
    r = sh.score(**HUN9, dice=(4, 1), win="discard", winner=0, discarder=1)
    assert (r.per_payer, r.cap) == (20, 20)


def test_sh11_dice():
    assert not play.kaibao(2, 5) and play.break_wall(2, 5) == (2, 7)     # the opposite wall, 7 stacks
    outcomes = [play.kaibao(a, b) for a in range(1, 7) for b in range(1, 7)]
    assert sum(outcomes) == 8                                             # exactly 2/9
    rng = np.random.default_rng(11)
    rolls = rng.integers(1, 7, size=(100_000, 2))
    hits = sum(play.kaibao(int(a), int(b)) for a, b in rolls)
    p = 2 / 9
    z = (hits / 1e5 - p) / (p * (1 - p) / 1e5) ** 0.5
    assert abs(z) < 4, z


def test_sh12_bahua():
    r = sh.score("123m456m789m234m56m", flowers="1f2f3f4f5f6f7f8f", win="bahua", winner=1)
    assert (r.pattern, r.per_payer) == ("bahua", 20) and r.deltas == [-20, 60, -20, -20]
    with pytest.raises(ValueError, match="all 8 flowers"):
        sh.score("123m456m789m234m56m", flowers="1f2f", win="bahua", winner=1)


# SH-13's 碰碰胡 cannot rob a 5m kong (the konger's pung holds the other three 5m, so the winner holds
# one 5m, which no pung or pair can use); the case is pinned with a 混一色 of the same P = 6.
ROB = dict(hand="345m678m999m11z", melds=["pung 2z"], flowers="1f2f3f", win="robbed_kong", winning_tile="5m")


def test_sh13_robbed_kong_paid_three_times_by_the_konger():
    r = sh.score(**ROB, winner=0, discarder=1)
    assert (r.pattern, r.per_payer) == ("hunyise", 6) and r.deltas == [18, -18, 0, 0]
    with pytest.raises(ValueError, match="holds exactly one"):
        sh.score("111m222p333s55m", melds=["pung 1z"], win="robbed_kong", winning_tile="5m", winner=0, discarder=1)


def test_sh14_robbed_kong_with_a_chengbao_partner():
    assert sh.score(**ROB, winner=0, discarder=1, chengbao=[2]).deltas == [36, -18, -18, 0]


P8 = dict(hand="111m55s", melds=["pung 222p", "pung 333s", "pung 444s"], flowers="1f2f3f4f5f6f")


def test_sh15_chengbao_on_a_discard():
    r = sh.score(**P8, win="discard", winner=0, discarder=1, chengbao=[2])
    assert r.per_payer == 8 and r.deltas == [16, -8, -8, 0]
    r = sh.score(**P8, win="discard", winner=0, discarder=1, chengbao=[2], overrides={"chengbao": "full"})
    assert r.deltas == [8, 0, -8, 0]


def test_sh16_chengbao_on_a_selfdraw():
    assert sh.score(**P8, win="selfdraw", winner=0, chengbao=[2]).deltas == [40, -8, -24, -8]
    assert sh.score(**P8, win="selfdraw", winner=0, chengbao=[2], overrides={"chengbao": "full"}).deltas == \
        [24, 0, -24, 0]


def test_sh17_mutual_chengbao_counted_twice():
    assert sh.score(**P8, win="discard", winner=0, discarder=1, chengbao=[2, 2]).deltas == [24, -8, -16, 0]
    claims = np.zeros((4, 4), dtype=int)
    claims[0, 2] = 3      # W took 3 sets from X
    claims[2, 0] = 4      # and X 4 from W
    assert play.chengbao_relations(claims, 0) == [0, 0, 2, 0]
    claims[2, 0] = 2
    assert play.chengbao_relations(claims, 0) == [0, 0, 1, 0]


def test_sh18_seed_huangfan_counter():
    seq, after = sh.huangfan_sequence([0, 0, 0, 1])
    assert seq == [(0, False), (1, False), (2, False), (3, True)] and after == 2
    # SH-A6 option: a double ron lowers H once per winner
    assert sh.huangfan_sequence([0, 0, 2], overrides={"huangfan_multi_ron": "per_winner"})[1] == 0
    assert sh.huangfan_sequence([0, 0, 2])[1] == 1
    # ×2 whatever H (default) or ×2^H
    assert sh.score(**PENG, win="discard", winner=0, discarder=1, huangfan=3).per_payer == 12
    assert sh.score(**PENG, win="discard", winner=0, discarder=1, huangfan=3,
                    overrides={"huangfan_mult": "pow2"}).per_payer == 48


def test_sh19_two_suit_chows_are_below_the_minimum():
    assert shapes.patterns(parse("123m456m789p234p55p")[:34]) == []
    with pytest.raises(ValueError, match="below the Shanghai minimum"):
        sh.score("123m456m789p234p55p", win="discard", winner=0, discarder=1)


def test_sh20_shapeless_fengyise():
    r = sh.score("11223344556777z", win="discard", winner=0, discarder=1)
    assert (r.pattern, r.per_payer) == ("fengyise", 20)
    with pytest.raises(ValueError, match="minimum"):
        sh.score("11223344556777z", win="discard", winner=0, discarder=1, overrides={"fengyise_shape": True})


def test_sh21_louhu_bars_one_kind_until_the_next_draw():
    hand = parse("55m88m111z222z333z")[:34]
    assert shapes.wait_mask(hand) == (1 << K("5m")) | (1 << K("8m"))
    lh = play.Louhu()
    lh.passed(0, K("5m"))                      # A passes B's 5m
    assert not lh.may_win(0, K("5m"))          # C's 5m: barred
    assert lh.may_win(0, K("8m"))              # another waiting tile is not
    assert lh.may_win(0, K("5m"), selfdraw=True)
    assert lh.may_win(1, K("5m"))              # other seats unaffected
    lh.moved(0)                                # A draws
    assert lh.may_win(0, K("5m"))


def test_sh22_double_ron_both_paid_next_dealer():
    r = sh.score_multi([dict(PENG, winner=1), dict(hand="123m456m789m234m55m", winner=2)], discarder=0, dealer=3)
    assert [w.per_payer for w in r.wins] == [6, 10] and r.deltas == [-16, 6, 10, 0]
    assert r.next_dealer == 1
    r = sh.score_multi([dict(PENG, winner=1), dict(hand="123m456m789m234m55m", winner=2)], discarder=0, dealer=3,
                       overrides={"multi_ron_dealer": "after_nearest_winner"})
    assert r.next_dealer == 2
    assert play.next_dealer(3, [], None) == 3 and play.next_dealer(3, [0], None) == 0


def test_winds_only_reading_of_fengxiang():
    # SH-A3: with winds only, one suit + a dragon pung is no 混一色
    assert shapes.patterns(parse("123m456m789m555z11m")[:34]) == ["hunyise"]
    assert shapes.patterns(parse("123m456m789m555z11m")[:34], feng_includes_dragons=False) == []


def test_flower_points_table():
    # suited kongs 1 / 2, wind pung 1, kong 2, concealed kong 3, dragon 2 / 3 / 4, plus flowers
    r = sh.score("11m", melds=["kong 9m", "concealed_kong 9p", "kong 2z", "concealed_kong 7z"], win="selfdraw")
    assert r.flowers == 1 + 2 + 2 + 4 and r.pattern == "pengpeng" and r.per_payer == 10
    r = sh.score("111m555z77z", melds=["concealed_kong 3z", "pung 6z"], flowers="8f", win="selfdraw")
    assert r.flowers == 1 + 2 + 3 + 2


def test_every_option_is_validated_with_its_default():
    assert sh.options() == sh.OPTIONS
    for key, bad in [("chengbao", "half"), ("lezi", 0), ("huangfan_mult", "x3"), ("xiajia_can_kong", 1),
                     ("multi_ron_dealer", "winner"), ("reserve_tiles", -2)]:
        with pytest.raises(ValueError, match=key):
            sh.options({key: bad})
    with pytest.raises(ValueError, match="unknown for shanghai"):
        sh.options({"nosuch": "east"})
    with pytest.raises(ValueError, match="option north_next: an option of the beijing pack's calculator, not of"
                                         " shanghai"):
        sh.options({"north_next": "east"})


@pytest.mark.parametrize("kw, match", [
    ({"win": "discard"}, "discarder"),
    ({"win": "selfdraw", "discarder": 1}, "self-drawn"),
    ({"flowers": "1z"}, "only 1f..8f"),
    ({"flowers": 9}, "0..8"),
    ({"dice": (0, 3)}, "1..6"),
    ({"chengbao": [0]}, "the winner"),
    ({"chengbao": [1, 1, 1]}, "at most 2"),
    ({"win": "kong_replacement"}, "declared kong"),
    ({"huangfan": -1}, "huangfan"),
    ({"win": "tianhu"}, "unknown for shanghai"),
])
def test_bad_descriptions_raise_value_error(kw, match):
    with pytest.raises(ValueError, match=match):
        sh.score(**dict(PENG, **kw))


def test_fzsim_score_and_the_cli_dispatch(capsys):
    assert fzsim.score(**PENG, variant="shanghai", win="selfdraw").deltas == [18, -6, -6, -6]
    assert main(["score", "--variant", "shanghai", "111m222p33355s", "--pung", "1z", "--flowers", "1f2f5f",
                 "--from", "1", "--dice", "3", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["per_payer"] == 12 and out["deltas"] == [12, -12, 0, 0]
    assert main(["score", "--variant", "shanghai", "111m55s", "--pung", "222p", "--pung", "333s", "--pung", "444s",
                 "--flowers", "1f2f3f4f5f6f", "--chengbao", "2"]) == 0
    assert "seat 2: -24" in capsys.readouterr().out
    assert main(["score", "--variant", "shanghai", "111m222p33355s", "--wild", "1z"]) == 2
    assert "--wild" in capsys.readouterr().err
