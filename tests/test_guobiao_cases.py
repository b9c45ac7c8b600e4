"""国标 fan evaluator: the test cases GB-1…GB-10 of docs/spec/RULES-PACKS.md §8.5, one scenario per fan
family, the combination principles, the documented readings, and the API's errors.

Melds in the comments are in [ ]; the hand passed to ``fzsim.fans`` holds the winning tile.
"""
import numpy as np
import pytest

import fzsim
from fzsim.packs.guobiao.calculator import FAN_NAMES, FLAG_SELFDRAW, discard_winner, fans_many, payments


def fan_dict(report):
    return {name: count for name, _value, count in report.fans}


GB1 = dict(hand="67s888p11z8s", melds=["234m", "555p"], win_tile="8s")
# further calls whose full fan lists test_guobiao_oracle.py checks against PyMahjongGB
ORACLE_CALLS = [
    GB1, dict(GB1, flowers=2), dict(hand="234567m45p6789s9s3p", win_tile="3p"),
    dict(hand="11m33m55p77p22s88s1z1z", win_tile="1z", win="selfdraw"),
    dict(hand="19m19p19s1234567z7z", win_tile="7z"), dict(hand="11123456788999m", win_tile="9m"),
    dict(hand="234m345p4s6789s55z5s", win_tile="5s", robbed_kong=True),
    dict(GB1, win="selfdraw", last_tile=True),
    dict(hand="67s888p11z8s", melds=["5555p", "234m"], win_tile="8s", win="selfdraw", kong_replacement=True),
    dict(hand="123m567p888s33z", melds=["789m"], win_tile="1m", last_tile=True),
    dict(hand="123m567p888s33z", melds=["789m"], win_tile="1m", fourth_tile=True),
    dict(hand="33z", melds=["123m", "234m", "567p", "888s"], win_tile="3z"),
    dict(hand="333z123m456p789s55m", win_tile="5m", seat_wind="3z", round_wind="3z"),
    dict(hand="123m234m345m567m99p", win_tile="9p"), dict(hand="123m123m123p789s55z", win_tile="5z"),
    dict(hand="123456m24p99s3p", melds=["333p"], win_tile="3p"),
    dict(hand="11112345678999m", win_tile="2m"), dict(hand="11123455678999m", win_tile="5m"),
]


# --- docs/spec/RULES-PACKS.md §8.5 (seat = round = East) ------------------------------------------------

def test_gb1_chicken_hand():
    r = fzsim.fans(**GB1)
    assert (r.total, fan_dict(r)) == (8, {"无番和": 1})
    assert payments(r, winner=0, discarder=1) == [32, -16, -8, -8]


def test_gb2_flowers_count_after_the_minimum():
    r = fzsim.fans(**GB1, flowers=2)
    assert (r.total, r.base, fan_dict(r)) == (10, 8, {"无番和": 1, "花牌": 2})
    assert payments(r, winner=0, discarder=1) == [34, -18, -8, -8]


def test_gb3_under_eight_is_not_a_legal_win():
    r = fzsim.fans("234567m45p6789s9s3p", win_tile="3p")
    assert (r.total, fan_dict(r)) == (5, {"门前清": 1, "平和": 1, "连六": 1})
    assert not r.legal
    with pytest.raises(ValueError, match="诈和"):
        payments(r, winner=0, discarder=1)


def test_gb4_seven_pairs_selfdraw():
    r = fzsim.fans("11m33m55p77p22s88s1z1z", win_tile="1z", win="selfdraw")
    assert (r.total, fan_dict(r)) == (25, {"七对": 1, "自摸": 1})
    assert payments(r, winner=0) == [99, -33, -33, -33]


def test_gb5_thirteen_orphans():
    r = fzsim.fans("19m19p19s1234567z7z", win_tile="7z")
    assert (r.total, fan_dict(r)) == (88, {"十三幺": 1})
    assert payments(r, winner=0, discarder=2) == [112, -8, -96, -8]


def test_gb6_full_flush():
    r = fzsim.fans("11123456788999m", win_tile="9m")
    assert (r.total, fan_dict(r)) == (29, {"清一色": 1, "门前清": 1, "连六": 1, "幺九刻": 2})
    assert payments(r, winner=0, discarder=3)[3] == -37


def test_gb7_robbing_the_kong():
    r = fzsim.fans("234m345p4s6789s55z5s", win_tile="5s", robbed_kong=True)
    assert (r.total, fan_dict(r)) == (18, {"抢杠和": 1, "三色三步高": 1, "门前清": 1, "连六": 1, "独听・嵌张": 1})
    assert payments(r, winner=0, discarder=1) == [42, -26, -8, -8]


def test_gb8_last_tile_draw_replaces_selfdraw():
    r = fzsim.fans(**{**GB1, "win": "selfdraw"}, last_tile=True)
    assert (r.total, fan_dict(r)) == (8, {"妙手回春": 1})
    assert payments(r, winner=0) == [48, -16, -16, -16]


def test_gb9_out_on_the_kong_replacement():
    r = fzsim.fans("67s888p11z8s", melds=["5555p", "234m"], win_tile="8s", win="selfdraw", kong_replacement=True)
    assert (r.total, fan_dict(r)) == (9, {"杠上开花": 1, "明杠": 1})
    assert payments(r, winner=0) == [51, -17, -17, -17]


def test_gb10_one_winner_per_discard_nearest_first():
    # seat 3 discards 8s; seats 1 and 2 can both win on it: seat 0 (下家 of 3) is not among
    # them, seat 1 comes before seat 2 counter-clockwise from the discarder.
    a = fzsim.fans(**GB1)
    b = fzsim.fans("123456789m789p8s8s", win_tile="8s")
    assert a.legal and b.legal
    assert discard_winner(3, [1, 2]) == 1
    assert discard_winner(0, [3, 1]) == 1
    assert discard_winner(2, [1, 0]) == 0


# --- one scenario per fan family ---------------------------------------------------------------

FAMILY_CASES = [
    # honours: winds and dragons
    (dict(hand="111z222z333z444z55z", win_tile="5z", win="selfdraw"), {"大四喜": 1, "字一色": 1, "四暗刻": 1, "自摸": 1}),
    (dict(hand="111z222z333z44z", melds=["123m"], win_tile="4z"),
     {"小四喜": 1, "混一色": 1, "圈风刻": 1, "门风刻": 1, "三暗刻": 1, "三风刻": 0, "独听・单钓": 1}),
    (dict(hand="555z666z777z11m999m", win_tile="9m"), {"大三元": 1, "三暗刻": 1, "混一色": 1, "箭刻": 0}),
    (dict(hand="555z666z77z123m999m", win_tile="7z"), {"小三元": 1, "混一色": 1, "三暗刻": 1, "箭刻": 0}),
    # colour
    (dict(hand="22334466688s666z", win_tile="8s"), {"绿一色": 1, "一般高": 1, "门前清": 1, "箭刻": 1}),
    (dict(hand="11123455678999m", win_tile="5m"), {"九莲宝灯": 1, "清一色": 0}),
    (dict(hand="11223344556677p", win_tile="7p", win="selfdraw"), {"连七对": 1, "自摸": 1}),
    (dict(hand="111999m111999p11s", win_tile="1s"), {"清幺九": 1, "四暗刻": 1, "双同刻": 0}),
    (dict(hand="111999m222z99s", melds=["999p"], win_tile="9s"), {"混幺九": 1, "双同刻": 1}),
    # ranges, terminals and fives
    (dict(hand="123m789m111p99s", melds=["789s"], win_tile="9s"), {"全带幺": 1}),
    (dict(hand="345m456p555s55m", melds=["567s"], win_tile="5m"), {"全带五": 1, "断幺": 0}),
    (dict(hand="222m444p666s88m", melds=["888s"], win_tile="8m"), {"全双刻": 1, "碰碰和": 0}),
    (dict(hand="789m789p789s99m", melds=["777s"], win_tile="9m"), {"全大": 1, "大于五": 0}),
    (dict(hand="456m456p456s55m", melds=["444s"], win_tile="5m"), {"全中": 1, "断幺": 0}),
    (dict(hand="123m123p123s11m", melds=["333s"], win_tile="1m"), {"全小": 1, "小于五": 0}),
    (dict(hand="678m789p666s99m", melds=["789s"], win_tile="9m"), {"大于五": 1}),
    (dict(hand="123m234p234s22m", melds=["123s"], win_tile="2m"), {"小于五": 1}),
    (dict(hand="123p345p888p55z", melds=["456s"], win_tile="5z"), {"推不倒": 1, "缺一门": 0}),
    (dict(hand="234m345p567s66s", melds=["678m"], win_tile="6s"), {"断幺": 1, "无字": 0}),
    (dict(hand="123m456p789s11z", melds=["666z"], win_tile="1z"), {"五门齐": 1, "花龙": 1}),
    (dict(hand="123m456m77p", melds=["1111z", ("2222z", "concealed")], win_tile="7p"), {"混一色": 0, "明杠": 1, "暗杠": 1}),
    (dict(hand="11z", melds=["123m", "5555p", "6666s", "789m"], win_tile="1z"), {"双明杠": 1, "全求人": 1}),
    (dict(hand="123m55s", melds=["789p", ("4444p", "concealed"), ("6666s", "concealed")], win_tile="5s"),
     {"双暗杠": 1, "双暗刻": 0, "暗杠": 0}),
    # chows between sets
    (dict(hand="123m123m123m123m55s", win_tile="5s"), {"一色四同顺": 1}),
    (dict(hand="123m234m345m456m99p", win_tile="9p"), {"一色四步高": 1}),
    (dict(hand="123m456m789m123p55s", win_tile="5s"), {"清龙": 1, "喜相逢": 1}),
    (dict(hand="123m456p789s11z", melds=["555z"], win_tile="1z"), {"花龙": 1, "五门齐": 1, "箭刻": 1}),
    (dict(hand="123m123p123s456m99s", win_tile="9s"), {"三色三同顺": 1, "连六": 1}),
    (dict(hand="123m789m123p789p55s", win_tile="5s"), {"三色双龙会": 1}),
    (dict(hand="123123789789s55s", win_tile="5s"), {"一色双龙会": 1}),
    # pungs between sets
    (dict(hand="111222333444m55z", win_tile="5z"), {"一色四节高": 1}),
    (dict(hand="555m555p555s345m11z", win_tile="1z"), {"三同刻": 1, "三暗刻": 1}),
    (dict(hand="333m444p555s66z", melds=["789s"], win_tile="6z"), {"三色三节高": 1}),
    # kongs
    (dict(hand="11z", melds=["1111m", ("2222p", "concealed"), "3333s", "4444m"], win_tile="1z"), {"四杠": 1}),
    (dict(hand="123m11z", melds=["5555p", ("7777s", "concealed"), "9999m"], win_tile="1z"), {"三杠": 1}),
    # special shapes
    (dict(hand="147m258p369s12345z", win_tile="5z"), {"全不靠": 1, "组合龙": 1}),
    (dict(hand="147m25p36s1234567z", win_tile="7z"), {"七星不靠": 1}),
    (dict(hand="147m258p369s12355m", win_tile="5m"), {"组合龙": 1}),
]


@pytest.mark.parametrize("kwargs, expected", FAMILY_CASES)
def test_fan_families(kwargs, expected):
    got = fan_dict(fzsim.fans(**kwargs))
    for name, count in expected.items():
        assert got.get(name, 0) == count, (name, got)


def test_situation_fans():
    base = dict(hand="123m567p888s33z", melds=["789m"], win_tile="1m")
    assert fan_dict(fzsim.fans(**base, last_tile=True)).get("海底捞月") == 1
    assert fan_dict(fzsim.fans(**base, win="selfdraw", last_tile=True)).get("妙手回春") == 1
    assert fan_dict(fzsim.fans(**base, fourth_tile=True)).get("和绝张") == 1
    single = dict(hand="234m567p888s33z", melds=["123m"], win_tile="3z")
    assert "独听・单钓" in fan_dict(fzsim.fans(**single))
    full = dict(hand="33z", melds=["123m", "234m", "567p", "888s"], win_tile="3z")
    assert fan_dict(fzsim.fans(**full)).get("全求人") == 1
    assert "独听・单钓" not in fan_dict(fzsim.fans(**full))  # 全求人 不计单钓
    closed = fzsim.fans("123m456m789p99s234s", win_tile="9s", win="selfdraw")
    assert fan_dict(closed).get("不求人") == 1 and "自摸" not in fan_dict(closed)


def test_seat_and_round_winds():
    hand = dict(hand="333z123m456p789s55m", win_tile="5m")
    assert fan_dict(fzsim.fans(**hand, seat_wind="3z")).get("门风刻") == 1
    assert fan_dict(fzsim.fans(**hand, round_wind="3z")).get("圈风刻") == 1
    both = fan_dict(fzsim.fans(**hand, seat_wind="3z", round_wind="3z"))
    assert both.get("门风刻") == both.get("圈风刻") == 1 and "幺九刻" not in both
    assert fan_dict(fzsim.fans(**hand)).get("幺九刻") == 1


# --- principles and documented readings ------------------------------------------------------

def test_account_once_three_plus_one():
    # 一色三步高 (123 234 345) + the fourth chow pairs once: 567 with 234 is 连六
    got = fan_dict(fzsim.fans("123m234m345m567m99p", win_tile="9p"))
    assert got.get("一色三步高") == 1 and got.get("连六") == 1


def test_no_same_fan_twice_through_one_set():
    # 123m 123m 123p: 一般高 + one 喜相逢 (the second 123m may not form 喜相逢 with 123p again)
    got = fan_dict(fzsim.fans("123m123m123p789s55z", win_tile="5z"))
    assert got.get("一般高") == 1 and got.get("喜相逢") == 1


def test_kong_pair_reading():
    # rulebook: 明杠 1 + 暗杠 2; PyMahjongGB / Botzone: 明暗杠 5 (option mingangang=True)
    kw = dict(hand="123m11z", melds=["5555p", ("7777s", "concealed"), "999m"], win_tile="1z")
    assert {"明杠", "暗杠"} <= set(fan_dict(fzsim.fans(**kw)))
    assert fan_dict(fzsim.fans(**kw, mingangang=True)).get("明暗杠") == 1


def test_fourth_tile_from_own_exposed_pung():
    # the other three 3p lie in the winner's exposed pung: 和绝张 without the flag
    got = fan_dict(fzsim.fans("123456m24p99s3p", melds=["333p"], win_tile="3p"))
    assert got.get("和绝张") == 1


def test_unique_wait_counts_a_fifth_copy():
    # 1111 345678999m waits on 2m and (a fifth) 1m: not 独听, so no 嵌张
    got = fan_dict(fzsim.fans("11112345678999m", win_tile="2m"))
    assert not {"独听・嵌张", "独听・边张", "独听・单钓"} & set(got)


def test_nine_gates_drops_one_terminal_pung():
    got = fan_dict(fzsim.fans("11123455678999m", win_tile="5m"))
    assert got == {"九莲宝灯": 1, "双暗刻": 1, "幺九刻": 1}


# --- the API ------------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, message", [
    (dict(hand="67s888p11z8x", melds=["234m", "555p"], win_tile="8s"), "unknown suit"),
    (dict(hand="67s888p11z", melds=["234m", "555p"], win_tile="8s"), "must have 8"),
    (dict(hand="67s888p11z8s", melds=["235m", "555p"], win_tile="8s"), "not a chow"),
    (dict(hand="67s888p11z8s", melds=["234m", "888p"], win_tile="8s"), "copies of 8p"),
    (dict(hand="67s888p11z8s", melds=["234m", "555p"], win_tile="9s"), "not in the hand"),
    (dict(hand="67s888p12z8s", melds=["234m", "555p"], win_tile="8s"), "not a winning hand"),
    (dict(**GB1, win="tsumo"), "win"),
    (dict(**GB1, robbed_kong=True, win="selfdraw"), "discard"),
    (dict(**GB1, kong_replacement=True, win="selfdraw"), "kong"),
    (dict(hand="67s888p11z8s", melds=["234m", "555p"], win_tile="1z", fourth_tile=True), "another 1z"),
    (dict(**GB1, flowers=9), "flowers"),
    (dict(**GB1, seat_wind="5z"), "seat_wind"),
    (dict(hand="67s888p11z8s", melds=["234m", ("555p", "concealed")], win_tile="8s"), "only a kong"),
])
def test_errors_name_the_problem(kwargs, message):
    with pytest.raises(ValueError, match=message):
        fzsim.fans(**kwargs)


def test_batched_matches_single():
    hands = ["11123456788999m", "234567m45p6789s9s3p", "19m19p19s1234567z7z", "11m33m55p77p22s88s1z1z"]
    wins = ["9m", "3p", "7z", "1z"]
    counts = np.stack([fzsim.parse(h)[:34] for h in hands])
    kinds = np.array([fzsim.kind_index(w) for w in wins])
    total, table = fans_many(counts, kinds, flags=np.array([0, 0, 0, FLAG_SELFDRAW]))
    for i, (h, w) in enumerate(zip(hands, wins)):
        r = fzsim.fans(h, win_tile=w, win="selfdraw" if i == 3 else "discard")
        assert total[i] == r.total
        assert {FAN_NAMES[f]: int(c) for f, c in enumerate(table[i]) if c} == fan_dict(r)
    counts[1, 0] += 1
    with pytest.raises(ValueError, match="row 1: wrong tile count"):
        fans_many(counts, kinds)
    with pytest.raises(ValueError, match="0..4"):
        fans_many(counts * 2, kinds)
    with pytest.raises(ValueError, match="seat_wind"):
        fans_many(counts, kinds, seat_wind=[0, 1])


def test_garbage_arrays_are_rejected_not_crashed():
    from fzsim_core.packs.guobiao import batch

    rng = np.random.default_rng(5)
    n = 20000
    counts = rng.integers(0, 6, size=(n, 34), dtype=np.uint8) * (rng.random((n, 34)) < 0.3)
    melds = rng.integers(-1, 4, size=(n, 4, 3), dtype=np.int8)
    melds[:, :, 1] = rng.integers(-3, 40, size=(n, 4))
    total = np.zeros(n, dtype=np.int16)
    table = np.zeros((n, batch.N_FANS), dtype=np.uint8)
    status = np.zeros(n, dtype=np.int8)
    u8 = lambda hi: rng.integers(0, hi, size=n, dtype=np.uint8)  # noqa: E731
    batch.evaluate_many_into(np.ascontiguousarray(counts), melds, u8(34), u8(64), u8(9), u8(4), u8(4),
                             total, table, status)
    assert set(np.unique(status)) <= set(batch.STATUS)
    assert (total[status != 0] == 0).all()
    with pytest.raises(ValueError, match="row 0"):
        batch.evaluate_many_into(np.ascontiguousarray(counts[:1]), melds[:1], np.array([40], np.uint8),
                                 u8(64)[:1], u8(9)[:1], u8(4)[:1], u8(4)[:1], total[:1], table[:1], status[:1])
