"""docs/spec/RULES-PACKS.md §8.2 (SC-*) and §8.3 (XZ-*) worked examples through fzsim.score / the Sichuan pack.

The seed's inconsistent examples (SC-4..SC-7, XZ-8) are pinned to the spec's corrected values; each
quotes the seed line. Cases about play (SC-9's next dealer, SC-12 过水, XZ-11..XZ-13) need the
engine pack and are not here.
"""
import pytest

import fzsim
from fzsim.packs.sichuan import calculator as sc


def xz(hand, **kw):
    return fzsim.score(hand, variant="xuezhan", **kw)


def si(hand, **kw):
    return fzsim.score(hand, variant="sichuan", **kw)


# ---- §8.2 Sichuan standard (b = 1) ---------------------------------------------------------------

def test_sc1_pinghu_plus_kong_discard():
    # [seed] "平胡(1分) + 一杠(1分) = 2分: 2222筒 123万 345万 999筒 66筒"
    r = si("123m345m999p66p", melds=["kong 2p"], win="discard", winner=0, discarder=2)
    assert (r.base_pattern, r.value) == ("pinghu", 2)
    assert r.deltas == [2, 0, -2, 0]


def test_sc2_duiduihu_plus_kong_selfdraw():
    # [seed] "大对子（2分）+ 一杠（1分）= 3分: 2222筒 111万 444万 999筒 66筒"
    r = si("111m444m999p66p", melds=["concealed_kong 2p"], win="selfdraw", winner=1)
    assert (r.base_pattern, r.value) == ("duiduihu", 3)
    assert r.deltas == [-3, 9, -3, -3]


def test_sc3_qingyise_plus_kong():
    # [seed] "清一色(3分) + 一杠（1分）＝ 4分: 8888条 123条 567条 234条 77条"
    r = si("123s567s234s77s", melds=["kong 8s"], win="discard", discarder=3)
    assert (r.base_pattern, r.value, r.additions["kong"]) == ("qingyise", 4, 1)


def test_sc4_two_gen_corrected():
    # [seed, corrected] "清一色(3分) + 二根（2分）＝ 5分: 124条 567条 789条 888条 77条" — 124 read as 123
    r = si("123s567s789s888s77s", win="discard", discarder=1)
    assert (r.base_pattern, r.additions["gen"], r.value) == ("qingyise", 2, 5)


def test_sc5_seed_error_gives_two_gen():
    # [seed, inconsistent] "清一色(3分) + 一根（1分）＝ 4分: 123条 567条 678条 888条 77条": the hand holds
    # 7777条 and 8888条, so 2 根 and V = 5 (the seed's 4 is a known error, SC-A2)
    r = si("123s567s678s888s77s", win="discard", discarder=1)
    assert (r.additions["gen"], r.value) == (2, 5)


def test_sc6_seed_error_no_gen():
    # [seed, inconsistent] "平胡(1分) + 带一根(1分) = 2分: 123万 345万 222筒 999筒 66筒": no four of a kind
    r = si("123m345m222p999p66p", win="discard", discarder=1)
    assert (r.base_pattern, r.additions["gen"], r.value) == ("pinghu", 0, 1)


def test_sc7_seed_error_seven_distinct_pairs():
    # [seed, inconsistent] "七对(3分) + 2根（2分）＝ 双龙七对（5分）: 11万 22万 99万 44筒 66筒 11筒 99筒":
    # 7 distinct pairs, 0 根 -> V = 3
    r = si("11m22m99m44p66p11p99p", win="discard", discarder=1)
    assert (r.base_pattern, r.additions["gen"], r.value) == ("qidui", 0, 3)


def test_sc8_diangganghua():
    # X (seat 2) discards 5筒, Y (seat 0) kongs it and wins on the replacement with 平胡: 1 + 1 + 2
    r = si("123m345m789m11m", melds=["kong 5p"], win="kong_replacement", kong_from=2)
    assert r.value == 4
    assert r.deltas == [4, 0, -4, 0]


def test_sc9_double_ron_discarder_pays_both():
    a = si("123m456p789p234p55p", win="discard", winner=0, discarder=3)
    c = si("333m777p111p999p55m", win="discard", winner=2, discarder=3)
    assert (a.value, c.value, c.base_pattern) == (1, 2, "duiduihu")
    assert [x + y for x, y in zip(a.deltas, c.deltas)] == [1, 0, 2, -3]


def test_sc10_chajiao_pays_each_ready_players_minimum():
    hands = ["1357m2468m1357p9p",        # A: not ready
             "2468m2468p2468s9m",        # B: not ready
             "123m456m789m23p55p",       # C: ready, 平胡 on 1p / 4p -> min 1
             "1112345678999s"]           # D: ready 清一色, some waits without a 根 -> min 3
    r = sc.settle(hands, variant="sichuan")
    assert r.ready[2] == (1, 1) and r.ready[3] == (3, 3)
    assert r.deltas == [-4, -4, 2, 6]
    assert sorted((p["payer"], p["receiver"], p["amount"]) for p in r.payments) == [
        (0, 2, 1), (0, 3, 3), (1, 2, 1), (1, 3, 3)]


def test_sc11_three_suits_cannot_win():
    from fzsim_core.packs.sichuan import shapes
    assert not shapes.is_win(fzsim.parse("123m456p789s234s11s")[:27])
    with pytest.raises(ValueError, match="three suits"):
        si("123m456p789s234s11s", win="discard", discarder=1)


# ---- §8.3 血战 ----------------------------------------------------------------------------------

def test_xz1_selfdraw_three_fan():
    # [seed] "房间系数为200，胜利玩家A为自摸3番，则失败玩家每人将扣除200×8＝1600。而玩家A则获取＝200×8×3＝4800"
    r = xz("111m333m555m777m99m", win="selfdraw", base=200)
    assert (r.base_pattern, r.value) == ("qingdui", 3)
    assert r.deltas == [4800, -1600, -1600, -1600]


def test_xz2_selfdraw_two_fan():
    # [seed] "房间系数为100，胜利玩家A为自摸2番，则失败玩家每人将扣除100×4＝400。而玩家A则获取＝100×4×3＝1200"
    r = xz("11333222456999s", win="selfdraw", base=100)
    assert (r.base_pattern, r.value) == ("qingyise", 2)
    assert r.deltas == [1200, -400, -400, -400]


def test_xz3_discard_zero_fan():
    # [seed] "房间系数为100，胜利玩家A为玩家B点炮0番，则玩家B将扣除100×1＝100 ... 其他玩家不扣分"
    r = xz("23445677p345789s", win="discard", winner=0, discarder=1, base=100)
    assert (r.base_pattern, r.value) == ("pinghu", 0)
    assert r.deltas == [100, -100, 0, 0]


def test_xz4_qinglongqidui_subtracts_its_gen():
    r = xz("11224444557799m", win="selfdraw", base=1)
    assert (r.base_pattern, r.additions["gen"], r.value) == ("qinglongqidui", 0, 3)
    assert r.deltas == [24, -8, -8, -8]


def test_xz5_longqidui_gangshangpao_capped():
    r = xz("11222244p557799m", win="kong_discard", discarder=2)
    assert (r.base_pattern, r.raw, r.value) == ("longqidui", 4, 3)
    assert r.deltas == [8, 0, -8, 0]


def test_xz6_duiduihu_kong_gangshanghua():
    r = xz("111p333p777m99m", melds=["kong 5m"], win="kong_replacement")
    assert (r.base_pattern, r.additions["gen"], r.additions["kong_flower"], r.value) == ("duiduihu", 1, 1, 3)
    assert r.deltas == [24, -8, -8, -8]


def test_xz7_yaojiu_needs_the_chow_reading():
    r = xz("111222333m78999p", win="discard", discarder=1)
    assert (r.base_pattern, r.value) == ("yaojiu", 2)
    assert r.deltas == [4, -4, 0, 0]


def test_xz8_seed_qidui_example_is_longqidui():
    # [seed] 七对 2番 "2244552299万1199筒" — it holds 2222万, so 龙七对 3 番 (XZ-A3)
    r = xz("2244552299m1199p", win="discard", discarder=1)
    assert (r.base_pattern, r.value) == ("longqidui", 3)
    assert r.deltas == [8, -8, 0, 0]


@pytest.mark.parametrize("hand, pattern, fan", [
    ("23445677p345789s", "pinghu", 0),
    ("111222444m33399p", "duiduihu", 1),
    ("11333222456999s", "qingyise", 2),
    ("111222333m78999p", "yaojiu", 2),
    ("222555888s88855m", "jiangdui", 3),
    ("11222244p557799m", "longqidui", 3),
    ("11334466778899s", "qingqidui", 3),
    ("11123777888999p", "qingyaojiu", 3),
    ("11224444557799m", "qinglongqidui", 3),
])
def test_xz_seed_pattern_table(hand, pattern, fan):
    # the seed examples of the §3.4 base-pattern table, scored alone (discard, no additions but 根)
    r = xz(hand, win="discard", discarder=1)
    assert (r.base_pattern, r.value) == (pattern, fan)


def test_xz9_continuation_then_huazhu():
    b = 10
    a = xz("11333222456999s", win="selfdraw", winner=0, base=b)                        # A 2 番 self-draw
    bw = xz("111m333m777p99p555p", win="discard", winner=1, discarder=2, finished=[0], base=b)  # B 1 番
    assert a.deltas == [12 * b, -4 * b, -4 * b, -4 * b] and bw.deltas == [0, 2 * b, -2 * b, 0]
    end = sc.settle(["won", "won", "1234567m123p123s", "123m456m789m23p55p"], variant="xuezhan",
                    won=[True, True, False, False], base=b)
    assert end.huazhu == [False, False, True, False]
    assert end.deltas == [8 * b, 8 * b, -24 * b, 8 * b]          # 查大叫: nobody pays (C exempt)
    totals = [x + y + z for x, y, z in zip(a.deltas, bw.deltas, end.deltas)]
    assert totals == [20 * b, 6 * b, -30 * b, 4 * b] and sum(totals) == 0


def test_xz10_dajiao_pays_each_ready_players_maximum():
    b = 10
    hands = ["1357m2468m1357p9p",      # A: not ready, two suits
             "111m333m777p99p55p",     # B: ready, 对对胡 on 9p / 5p -> max 1 番
             "1112345678999s",         # C: ready 清一色, 1s makes a 根 -> max 3 番
             "2468p2468p2468m9m"]      # D: not ready, two suits
    r = sc.settle(hands, variant="xuezhan", won=[False] * 4, base=b)
    assert r.ready[1] == (1, 2) and r.ready[2] == (3, 8)
    assert r.deltas == [-10 * b, 4 * b, 16 * b, -10 * b]


def test_xz_end_checks_option_no_winner_only():
    r = sc.settle(["won", "won", "1234567m123p123s", "123m456m789m23p55p"], variant="xuezhan",
                  won=[True, True, False, False], overrides={"end_checks": "no_winner_only"})
    assert r.deltas == [0, 0, 0, 0] and r.payments == []


def test_xz_finished_players_do_not_pay_a_later_selfdraw():
    r = xz("11333222456999s", win="selfdraw", winner=2, finished=[0], base=1)
    assert r.deltas == [0, -4, 8, -4]


# ---- §9 options --------------------------------------------------------------------------------

def test_sc_a1_longqidui_value_option():
    assert si("2244552299m1199p", win="discard", discarder=1).value == 4
    assert si("2244552299m1199p", win="discard", discarder=1, overrides={"longqidui_value": 8}).value == 8


def test_sc_a3_qianggang_addition_or_base():
    plus = si("123m345m789m11m456p", win="robbed_kong", discarder=1, winning_tile="5p")
    assert (plus.value, plus.base_pattern) == (2, "pinghu")
    base = si("123m345m789m11m456p", win="robbed_kong", discarder=1, winning_tile="5p",
              overrides={"qianggang_base": True})
    assert (base.value, base.base_pattern) == (2, "qianggang")


def test_sc_a4_kong_and_gen_option():
    assert si("123m345m999p66p", melds=["kong 2p"], win="discard", discarder=1,
              overrides={"kong_and_gen": True}).value == 3


# ---- bad input ---------------------------------------------------------------------------------

@pytest.mark.parametrize("kw, match", [
    (dict(hand="123m456m789m11z55m"), "suited"),
    (dict(hand="123m456m789m55m", melds=["chow 123p"]), "no chow"),
    (dict(hand="11111m456m789m55m"), "5 copies"),
    (dict(hand="123m456m789m555m"), "tile count"),
    (dict(hand="123m456m789m555p55m", win="tianhu", winner=1), "dealer"),
    (dict(hand="123m456m789m555p55m", win="robbed_kong", discarder=1), "winning_tile"),
    (dict(hand="123m456m789m555p55m", win="discard"), "discarder"),
    (dict(hand="123m456m789m555p55m", finished=[1]), "only 血战"),
    (dict(hand="123m456m789m555p55m", win="sideways"), "unknown"),
    (dict(hand="123m456m789m555p55m", gold="5p"), "no gold"),
    (dict(hand="123m456m789m555p55m", overrides={"nope": 1}), "nope"),
])
def test_bad_descriptions_raise_value_error(kw, match):
    hand = kw.pop("hand")
    with pytest.raises(ValueError, match=match):
        si(hand, **kw)


def test_settle_rejects_overused_tiles_and_wrong_sizes():
    with pytest.raises(ValueError, match="copies"):
        sc.settle(["1111m2345678999p"[:0] + "1111m234567899p", "1m123456789p123s", "won", "won"],
                  variant="xuezhan", won=[False, False, True, True])
    with pytest.raises(ValueError, match="holds"):
        sc.settle(["123m", "won", "won", "won"], variant="xuezhan", won=[False, True, True, True])


def test_cli_scores_and_settles(capsys):
    from fzsim.cli import main
    assert main(["score", "--variant", "xuezhan", "111222333m78999p", "--from", "1", "--base", "100"]) == 0
    out = capsys.readouterr().out
    assert "yaojiu" in out and "seat 1: -400" in out
    assert main(["score", "--variant", "sichuan", "--end", "1357m2468m1357p9p", "2468m2468p2468s9m",
                 "123m456m789m23p55p", "1112345678999s", "--json"]) == 0
    assert '"deltas": [\n    -4,\n    -4,\n    2,\n    6\n  ]' in capsys.readouterr().out


def test_core_wrappers_validate():
    from fzsim_core.packs.sichuan import score as core
    hand = fzsim.parse("123m456m789m555p55m")[:27]
    with pytest.raises(ValueError, match="pack 'guobiao'"):
        core.evaluate("guobiao", hand)
    with pytest.raises(ValueError, match="base 0"):
        core.evaluate("xuezhan", hand, base=0)
    with pytest.raises(ValueError, match="flags 'selfdraw'"):
        core.evaluate("xuezhan", hand, flags="selfdraw")
    with pytest.raises(ValueError, match="flag 'sideways'"):
        core.evaluate("xuezhan", hand, flags=["sideways"])
    with pytest.raises(ValueError, match="longqidui_value 5"):
        core.evaluate("sichuan", hand, options={"longqidui_value": 5})
    with pytest.raises(ValueError, match="payer 0"):
        core.win_deltas("xuezhan", hand, winner=0, payer=0)
    assert core.evaluate("xuezhan", hand)["value"] == 0


def test_cli_refuses_fuzhou_flags(capsys):
    from fzsim.cli import main
    assert main(["score", "--variant", "sichuan", "123m456m789m555p55m", "--gold", "5p"]) != 0
    assert "flag(s) of the fuzhou pack only" in capsys.readouterr().err
