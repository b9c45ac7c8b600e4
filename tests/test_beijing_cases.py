"""docs/spec/RULES-PACKS.md §8.4 (BJ-1..BJ-18) and the Beijing calculator's rules, options and refusals.

Seats: 0 东 (the dealer unless said otherwise), 1 南, 2 西, 3 北; d = the 底分 (base)."""
from __future__ import annotations

import json

import numpy as np
import pytest

import fzsim
from fzsim.packs.beijing import calculator as bj
from fzsim.cli import main
from fzsim.tiles import kind_index as K
from fzsim.tiles import parse
from fzsim_core.packs.beijing import shapes, wild


def c34(text):
    return parse(text)[:34]


def test_bj1_seed_example_dealer_selfdraw_duiduihe_with_one_round_of_shaozhuang():
    # 实例1: "东家：12000 [（庄1番＋对对和2番）＊3＋（烧庄1番）＊（－3）]＊2000；南家：－4000 ..."
    # F = 3 needs a claimed pung (a concealed hand without 惠牌 would add 门清无惠)
    r = bj.score("111m222p55s", melds=["pung 777s", "pung 999p"], wild="1z", win="selfdraw", winner=0, dealer=0,
                 shaozhuang=1, base=2000)
    assert r.fans == {"zhuang": 1, "duiduihe": 2} and r.total == 3
    assert r.deltas == [12000, -4000, -4000, -4000]
    assert r.shaozhuang_deltas == [-6000, 2000, 2000, 2000]


def test_bj2_seed_example_hubao_pays_the_hand_part_shaozhuang_stays_with_the_dealer():
    # 实例2: "东家：－6000 〔烧庄4番＊（－3）〕＊500；南家：3000 ...；西家：2000；北家：1000"; a concealed
    # discard win of F = 2 (庄 + 推倒和) holds a 惠牌, else 门清无惠 would count
    r = bj.score("123m456p789s234s5p1z", wild="1z", win="discard", winner=1, dealer=0, discarder=0, hubao=[3],
                 shaozhuang=3, base=500)
    assert r.fans == {"tuidaohu": 1, "zhuang": 1} and r.shaozhuang_fan == 4
    assert r.deltas == [-6000, 3000, 2000, 1000]
    assert r.hand_deltas == [0, 1000, 0, -1000]


@pytest.mark.parametrize("indicator, north_next, expected", [
    ("3m", "east", "4m"), ("9p", "east", "1p"), ("4z", "east", "1z"), ("4z", "zhong", "7z"),
    ("7z", "east", "6z"), ("6z", "east", "5z"), ("5z", "east", "7z"), ("5z", "zhong", "1z"),
])
def test_bj3_hui_mapping(indicator, north_next, expected):
    assert bj.wild_of(indicator, north_next) == K(expected)


def test_hui_mapping_every_cycle_edge():
    for suit in range(3):
        assert [wild.wild_kind(9 * suit + r) for r in range(9)] == [9 * suit + (r + 1) % 9 for r in range(9)]
    assert [wild.wild_kind(k) for k in range(27, 31)] == [28, 29, 30, 27]            # 东南西北东
    assert [wild.wild_kind(k) for k in (33, 32, 31)] == [32, 31, 33]                 # 中发白中
    cycle, k = [], 27
    for _ in range(7):
        cycle.append(k)
        k = wild.wild_kind(k, "next_north_zhong")
    assert k == 27 and cycle == [27, 28, 29, 30, 33, 32, 31]                          # 东南西北中发白
    assert all(wild.wild_kind(k, "same") == k for k in range(34))                     # Fuzhou's gold
    with pytest.raises(ValueError, match="flowers are never indicators"):
        wild.wild_kind(34)
    with pytest.raises(ValueError, match="rule"):
        wild.wild_kind(3, "previous")


def test_bj4_after_a_pung_no_discard_win():
    assert not shapes.may_win_on_discard(c34("123m456p78s55s"), [("pung", K("1z"))], K("7z"))
    with pytest.raises(ValueError, match="only by self-draw"):
        bj.score("123m456p789s55s", melds=["pung 1z"], wild="7z", win="discard", winner=1, discarder=2)
    r = bj.score("123m456p789s55s", melds=["pung 1z"], wild="7z", win="selfdraw", winner=1)
    assert r.fans == {"tuidaohu": 1}


def test_bj5_concealed_kong_still_wins_on_a_discard():
    assert shapes.may_win_on_discard(c34("123m456p78s55s"), [("concealed_kong", K("1z"))], K("7z"))
    r = bj.score("123m456p789s55s", melds=["concealed_kong 1z"], wild="7z", win="discard", winner=1, discarder=2)
    assert r.fans == {"tuidaohu": 1, "menqing_wuhui": 1} and r.deltas == [0, 2, -2, 0]


def test_bj6_three_hui_must_selfdraw():
    assert not shapes.may_win_on_discard(c34("123m456p78s5s777z"), (), K("7z"))
    with pytest.raises(ValueError, match="three 惠牌"):
        bj.score("123m456p789s55s777z", wild="7z", win="discard", winner=1, discarder=2, winning_tile="9s")


def test_bj7_nondealer_selfdraw_tuidaohu_menqing():
    r = bj.score("123m456p789s234s55p", wild="7z", win="selfdraw", winner=1, dealer=0)
    assert r.fans == {"tuidaohu": 1, "menqing_wuhui": 1} and r.deltas == [-2, 6, -2, -2]


def test_bj8_dealer_selfdraw_adds_zhuang():
    r = bj.score("123m456p789s234s55p", wild="7z", win="selfdraw", winner=0, dealer=0, base=10)
    assert r.total == 3 and r.deltas == [90, -30, -30, -30]


def test_bj9_dealer_deals_in_adds_zhuang():
    r = bj.score("111m222p333s444s55p", wild="7z", win="discard", winner=1, dealer=0, discarder=0)
    assert r.fans == {"zhuang": 1, "menqing_wuhui": 1, "duiduihe": 2} and r.deltas == [-4, 4, 0, 0]
    # a non-dealer's self-draw has no 庄 (闲家自摸不计此番型), though the dealer pays
    r = bj.score("111m222p333s444s55p", wild="7z", win="selfdraw", winner=1, dealer=0)
    assert "zhuang" not in r.fans and r.deltas == [-3, 9, -3, -3]


def test_bj10_hubao_selfdraw_partner_pays_everything():
    r = bj.score("111m222p333s444s55p", wild="7z", win="selfdraw", winner=1, dealer=0, hubao=[2])
    assert r.total == 3 and r.deltas == [0, 9, -9, 0]


def test_bj11_two_hubao_partners_each_pay_a_full_share():
    r = bj.score("111m222p333s444s55p", wild="7z", win="selfdraw", winner=1, dealer=0, hubao=[2, 3])
    assert r.deltas == [0, 18, -9, -9]


def test_bj12_shaozhuang_paid_on_a_drawn_hand():
    assert bj.settle_hand([], dealer=0, shaozhuang=2).deltas == [-6, 2, 2, 2]
    assert bj.settle_hand([], dealer=2, shaozhuang=2, base=5).deltas == [10, 10, -30, 10]
    assert bj.settle_hand([], shaozhuang=2, overrides={"shaozhuang_on_draw": False}).deltas == [0, 0, 0, 0]


def test_bj13_tianhe_ten_fan_no_zhuang():
    # "10 番, no 庄: +30d" holds for a hand with a 惠牌 (a concealed hand without one adds 门清无惠)
    r = bj.score("123m456p789s234s5p1z", wild="1z", win="tianhu", winner=0, dealer=0)
    assert r.fans == {"tianhe": 10} and r.deltas == [30, -10, -10, -10]
    with pytest.raises(ValueError, match="dealer's win"):
        bj.score("123m456p789s234s5p1z", wild="1z", win="tianhu", winner=1, dealer=0)


def test_bj14_haohua_qiduizi():
    r = bj.score("1111m2233p5577s99s", wild="7z", win="discard", winner=1, discarder=2)
    assert r.fans == {"menqing_wuhui": 1, "haohua": 8} and r.total == 9
    # a wild copying a pair makes it 豪华 too; with no quad it is 七对子
    assert bj.score("11m2233p5577s99s1z1z", wild="1z", winner=1).fans == {"haohua": 8}
    assert bj.score("11m2233p5577s99s4z1z", wild="1z", winner=1).fans == {"qiduizi": 4}


def test_bj15_zhuowukui_needs_the_unique_wait():
    r = bj.score("456m123p456p789s11z", wild="7z", win="selfdraw", winner=1, winning_tile="5m")
    assert r.fans == {"menqing_wuhui": 1, "zhuowukui": 2}
    # 4666m waits on 4m and 5m: not the only winning tile (BJ-A12), unless the option says any
    r = bj.score("45666m123p456p789s", wild="7z", win="selfdraw", winner=1, winning_tile="5m")
    assert "zhuowukui" not in r.fans
    r = bj.score("45666m123p456p789s", wild="7z", win="selfdraw", winner=1, winning_tile="5m",
                 overrides={"zhuowukui_unique": False})
    assert "zhuowukui" in r.fans
    # 45m 3m-6m: 5m completes 345m as a side wait, not in a 4m-6m closed wait
    r = bj.score("345m123p456p789s11z", wild="7z", win="selfdraw", winner=1, winning_tile="5m")
    assert "zhuowukui" not in r.fans


def test_zhuowukui_and_yitiaolong_in_one_reading():
    r = bj.score("123456789m11p22p2p", wild="7z", win="selfdraw", winner=1, winning_tile="5m")
    assert {"yitiaolong", "zhuowukui"} <= set(r.fans)


def test_bj16_four_hui_automatic_win():
    r = bj.score("5555p13579m2468s1z", wild="5p", win="sihui", winner=1)
    assert r.fans == {"sihui": 8} and r.deltas == [-8, 24, -8, -8]
    r = bj.score("5555p13579m2468s1z", wild="5p", win="sihui", winner=0, dealer=0)
    assert r.fans == {"zhuang": 1, "sihui": 8}
    with pytest.raises(ValueError, match="all four 惠牌"):
        bj.score("555p13579m2468s1z2z", wild="5p", win="sihui", winner=1)
    with pytest.raises(ValueError, match="win='sihui'"):
        bj.score("5555p123m456m789m1z", wild="5p", win="selfdraw", winner=1)
    # BJ-A10 option: the shape fans as well
    r = bj.score("5555p123m456m789m1z", wild="5p", win="sihui", winner=1, overrides={"sihui_shape": True})
    assert r.fans == {"sihui": 8, "yitiaolong": 3}


def test_bj17_live_draws():
    assert bj.live_draws() == 69
    assert bj.live_draws(False) == 68


def test_bj18_shaozhuang_broken_stays_broken():
    assert bj.shaozhuang_rounds(["1m"] * 4 + ["2m", "3m", "2m", "2m"] + ["7z"] * 4) == 1
    assert bj.shaozhuang_rounds(["5p"] * 4 + ["9s"] * 4 + ["1z"] * 3) == 2
    assert bj.shaozhuang_rounds(["5p"] * 4 + [None] + ["9s"] * 4) == 1      # a claim breaks it (BJ-A6)
    assert bj.shaozhuang_rounds(["5p", "5p", "5p", "6p"]) == 0


def test_dealer_rotation():
    assert bj.next_dealer(0, dealer_kept=True) == 0
    assert bj.next_dealer(0, dealer_kept=False) == 1
    assert bj.next_dealer(0, dealer_kept=False, rule="listed") == 3


def test_hubao_partners_from_claims():
    from fzsim_core.packs.beijing import score as core
    claims = np.zeros((4, 4), dtype=int)
    claims[1, 3] = 3          # 南 took 3 嘴 from 北
    assert core.hubao_partners(claims, 1) == [3] and core.hubao_partners(claims, 3) == [1]
    assert core.hubao_partners(claims, 0) == []


def test_double_ron_hubao_pair_settles_the_difference():
    # 南 (F = 2) and 北 (F = 3) both win on 西's discard and are in 互包: each pays the other's hand part
    r = bj.settle_hand([{"hand": "123m456p789s234s5p1z", "winner": 1, "hubao": [3]},
                        {"hand": "111m222p333s444s5p1z", "winner": 3, "hubao": [1]}],
                       discarder=2, dealer=0, wild="1z", shaozhuang=1)
    f1, f3 = r.wins[0].total, r.wins[1].total
    assert (f1, f3) == (1, 2)
    assert r.deltas == [-3 + 0, 1 + f1 - f3, 1, 1 + f3 - f1]
    assert sum(r.deltas) == 0
    with pytest.raises(ValueError, match="multi_ron=False"):
        bj.settle_hand([{"hand": "123m456p789s234s5p1z", "winner": 1}, {"hand": "111m222p333s444s5p1z", "winner": 3}],
                       discarder=2, wild="1z", overrides={"multi_ron": False})


def test_haidi_on_the_last_discard_option():
    r = bj.score("123m456p789s234s5p1z", wild="1z", win="last_discard", winner=1, discarder=2)
    assert r.fans == {"haidi": 1}
    r = bj.score("123m456p789s234s5p1z", wild="1z", win="last_discard", winner=1, discarder=2,
                 overrides={"haidi_discard": 2})
    assert r.fans == {"haidi": 2}
    assert bj.score("123m456p789s234s5p1z", wild="1z", win="last_tile", winner=1).fans == {"haidi": 2}


def test_dadiao_and_gangshang():
    r = bj.score("5p1z", melds=["pung 111m", "chow 234p", "pung 9s", "kong 7777s"], wild="1z", winner=1,
                 win="kong_replacement")
    assert r.fans == {"dadiao": 2, "gangshang": 5}


def test_every_option_is_validated_with_its_default():
    assert bj.options() == bj.OPTIONS
    assert set(bj.OPTIONS) >= {"north_next", "hui_discard", "dealer_rotation", "indicator_in_reserve", "haidi_discard",
                               "shaozhuang_on_draw", "hubao_count", "multi_ron", "sihui_shape", "dihe_after_claims",
                               "zhuowukui_unique"}
    for key, bad in [("north_next", "west"), ("haidi_discard", 3), ("multi_ron", "yes"), ("hubao_count", "all")]:
        with pytest.raises(ValueError, match=key):
            bj.options({key: bad})
    with pytest.raises(ValueError, match="unknown for beijing"):
        bj.options({"nosuch": 10})
    with pytest.raises(ValueError, match="option lezi: an option of the shanghai pack's calculator, not of beijing"):
        bj.options({"lezi": 10})


@pytest.mark.parametrize("kw, match", [
    ({"hand": "123m456p789s234s55p"}, "exactly one"),
    ({"hand": "123m456p789s234s5p", "wild": "1z"}, "wrong tile count"),
    ({"hand": "123m456p789s55s", "wild": "1z", "melds": ["chow 1z2z3z"]}, "chow"),
    ({"hand": "123m456p789s55s", "wild": "1z", "melds": ["pung 111z"]}, "never used in a claimed set"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "win": "discard", "discarder": 2, "winning_tile": "1z"}, "dead"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "win": "discard"}, "discarder"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "win": "robbed_kong", "discarder": 2}, "winning_tile"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "win": "kong_replacement"}, "declared kong"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "win": "dihu", "winner": 0}, "non-dealer"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "winner": 1, "hubao": [1]}, "its own partner"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "shaozhuang": -1}, "shaozhuang"),
    ({"hand": "123m456p789s234s5p1f", "wild": "1z"}, "flowers"),
    ({"hand": "123m456p789s23459s", "wild": "1z"}, "not a Beijing win"),
    ({"hand": "123m456p789s234s5p1z", "wild": "1z", "win": "kaibao"}, "unknown"),
])
def test_bad_descriptions_raise_value_error(kw, match):
    hand = kw.pop("hand")
    with pytest.raises(ValueError, match=match):
        bj.score(hand, **kw)


def test_dihu_after_claims_option():
    r = bj.score("123m456p789s234s5p1z", wild="1z", win="dihu", winner=1, dealer=0, discarder=0, claims_before=True)
    assert r.fans == {"zhuang": 1, "dihe": 8} and r.deltas == [-9, 9, 0, 0]
    with pytest.raises(ValueError, match="dihe_after_claims"):
        bj.score("123m456p789s234s5p1z", wild="1z", win="dihu", winner=1, dealer=0, claims_before=True,
                 overrides={"dihe_after_claims": False})


def test_fzsim_score_and_the_cli_dispatch(capsys):
    r = fzsim.score("111m222p55s", variant="beijing", melds=["pung 777s", "pung 999p"], wild="1z", shaozhuang=1,
                    base=2000)
    assert r.deltas == [12000, -4000, -4000, -4000]
    with pytest.raises(ValueError, match="flowers"):
        fzsim.score("111m222p55s", variant="beijing", melds=["pung 777s", "pung 999p"], wild="1z", flowers="1f")
    assert main(["score", "--variant", "beijing", "123m456p789s234s5p1z", "--wild", "1z", "--from", "0",
                 "--winner", "1", "--hubao", "3", "--shaozhuang", "3", "--base", "500", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deltas"] == [-6000, 3000, 2000, 1000] and out["fans"] == {"tuidaohu": 1, "zhuang": 1}
    assert main(["score", "--variant", "beijing", "111m222p55s", "--pung", "777s", "--pung", "999p",
                 "--indicator", "4z"]) == 0
    assert "对对和" in capsys.readouterr().out
    assert main(["score", "--variant", "beijing", "111m222p55s", "--wild", "1z", "--dice", "1", "4"]) == 2
    assert "--dice" in capsys.readouterr().err


def test_dihu_on_any_discard_before_the_winners_first():
    """BJ-A11: 地和 is a non-dealer complete before its own first discard, whoever's discard it wins on
    (the engine records such wins; fzsim verify --rescore scores them again)."""
    on_dealer = bj.score("123m456p789s234s5p1z", wild="1z", win="dihu", winner=2, dealer=0, discarder=0)
    on_other = bj.score("123m456p789s234s5p1z", wild="1z", win="dihu", winner=2, dealer=0, discarder=1)
    assert on_other.fans["dihe"] == on_dealer.fans["dihe"] and "zhuang" not in on_other.fans   # (庄: dealer pays)
    assert on_other.deltas[1] < 0 and on_other.deltas[0] == 0


def test_also_adds_a_situation_to_the_win():
    """杠上开花 on the wall's last tile (海底 too) and 四惠牌 at 天和 (no 庄), as the engine scores them."""
    r = bj.score("567m99p124567s", melds=["kong 5z"], wild="4s", win="kong_replacement", winner=3, dealer=3, winning_tile="5s",
                 also=["last"])
    assert r.fans == {"zhuang": 1, "haidi": 2, "gangshang": 5} and r.total == 8
    r = bj.score("12m126p49999s1137z", wild="9s", win="sihui", winner=2, dealer=2, also=["tianhe"])
    assert r.fans == {"sihui": 8}
    with pytest.raises(ValueError, match="also 'last' with a discard win: allowed 'last' with kong_replacement"):
        bj.score("123m456p789s234s5p1z", wild="1z", win="discard", winner=1, discarder=0, also=["last"])
    with pytest.raises(ValueError, match="天和 is the dealer's win"):
        bj.score("12m126p49999s1137z", wild="9s", win="sihui", winner=1, dealer=2, also=["tianhe"])
