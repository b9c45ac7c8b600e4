"""score_win (docs/spec/RULES.md §10) against hand-computed examples and an independent pure-Python reference."""
import random

import pytest
from scoring_reference import reference_score as reference

from fzsim_core.packs.fuzhou.options import DEFAULTS as FUZHOU_OPTIONS
from fzsim_core.rules import HEADER_FIELDS, Rules
from fzsim_core.packs.fuzhou.families import score_facts
from fzsim_core.win_facts import SPECIALS, WIN_TYPES

# The four families' scoring fields as RULES §10 states them (the presets in fzsim.rules agree;
# tests/test_rules.py checks that).
FUZHOU = dict(scoring=0)
LIANZHONG = dict(scoring=1, special_tianhu=30, special_pinghu_oneflower=0, special_jinlong=0)
BIANFENG = dict(scoring=2, base=1, special_tianhu=30, special_pinghu_oneflower=0, special_jinlong=0)
YOUJIN = dict(scoring=3, honors_are_flowers=0, youjin=1, special_tianhu=0, special_qiangjin=0,
              special_pinghu_noflower=0, special_pinghu_oneflower=0, special_sanjindao=0,
              special_jinque=0, special_jinlong=0)


def test_family_fields_are_the_presets():
    from fzsim.rules import compile_fields, load
    for name, fields in (("fuzhou", FUZHOU), ("lianzhong", LIANZHONG), ("bianfeng", BIANFENG), ("youjin", YOUJIN)):
        compiled = compile_fields(load(name))
        assert {k: compiled[k] for k in fields} == fields, name


def sc(fields, **facts):
    return score_facts(Rules(**fields), **facts)


def names(bits):
    return {n for n, b in SPECIALS.items() if bits & b}


# ---------------------------------------------------------------- worked examples (by hand)

def test_fuzhou_discard_with_zhuazhuang():
    # seat 1 wins on seat 2's discard; flowers 东南 (F=2), one exposed kong (K=1), one gold,
    # dealer seat 0 has L=2 which the non-dealer winner adds (抓庄): P = (2+1+1+2+5)*2 = 22
    r = sc(FUZHOU, winner=1, dealer=0, win_type="discard", discarder=2, flowers="1z2z",
           exposed_kongs=1, golds=1, dealer_streak=2)
    assert (r["F"], r["K"], r["G"], r["L"], r["S"]) == (2, 1, 1, 2, 0)
    assert r["deltas"] == [0, 22, -22, 0]
    assert r["specials"] == 0


def test_fuzhou_dealer_jinque_selfdraw():
    # dealer 0 self-draws 金雀, no flower no kong (also 平胡 30), 2 golds, L=1:
    # P = (0+0+2+1+5)*2 + max(60, 30) = 76 from each of three
    r = sc(FUZHOU, winner=0, dealer=0, win_type="selfdraw", specials=["jinque"], golds=2, dealer_streak=1)
    assert names(r["specials"]) == {"jinque", "pinghu_noflower"}
    assert names(r["special_counted"]) == {"jinque"} and r["S"] == 60
    assert r["deltas"] == [228, -76, -76, -76]


def test_fuzhou_flower_sets_and_pinghu_oneflower():
    # 春夏秋冬 (a set: 6) + 东 (1) = F 7; a concealed kong K=2
    r = sc(FUZHOU, winner=3, dealer=1, win_type="selfdraw", flowers="1234f1z", concealed_kongs=1)
    assert (r["F"], r["K"], r["L"]) == (7, 2, 0)
    assert r["deltas"] == [-28, -28, -28, 84]  # (7+2+0+0+5)*2 = 28
    # four 东 = 6 points; 梅兰竹 (incomplete) = 3
    assert sc(FUZHOU, winner=0, dealer=0, win_type="selfdraw", flowers="1111z567f")["F"] == 9
    # exactly one flower, no kong: 平胡(一张花) 15 on a discard: (1+0+0+0+5)*2 + 15 = 27
    r = sc(FUZHOU, winner=2, dealer=0, win_type="discard", discarder=1, flowers="5f")
    assert names(r["special_counted"]) == {"pinghu_oneflower"}
    assert r["deltas"] == [0, -27, 27, 0]


def test_fuzhou_qiangjin_and_jinlong():
    # 抢金 by seat 2 with the indicator (G=1), 3 flowers: (3+0+1+0+5)*2 + 30 = 48 each
    r = sc(FUZHOU, winner=2, dealer=0, win_type="qiangjin", flowers="1z3z5z", golds=1)
    assert names(r["specials"]) == {"qiangjin"} and r["S"] == 30
    assert r["deltas"] == [-48, -48, 144, -48]
    # 金龙 beats 三金倒: 3 golds, 2 flowers: (2+0+3+0+5)*2 + 120 = 140 each
    r = sc(FUZHOU, winner=1, dealer=1, win_type="sanjindao", specials=["jinlong"], flowers="2f6f", golds=3)
    assert names(r["specials"]) == {"sanjindao", "jinlong"}
    assert names(r["special_counted"]) == {"jinlong"}
    assert r["deltas"] == [-140, 420, -140, -140]


def test_no_zhuazhuang_option():
    r = sc(dict(FUZHOU, zhuazhuang=0), winner=1, dealer=0, win_type="discard", discarder=2,
           flowers="1z2z", dealer_streak=3)
    assert r["L"] == 0 and r["deltas"] == [0, 14, -14, 0]  # (2+5)*2 = 14
    r = sc(dict(FUZHOU, zhuazhuang=0), winner=0, dealer=0, win_type="discard", discarder=2,
           flowers="1z2z", dealer_streak=3)
    assert r["L"] == 3 and r["deltas"] == [20, 0, -20, 0]  # (2+3+5)*2 = 20


def test_lianzhong_examples():
    # no special, discard: H = F + K + L = 3 + 2 + 1 = 6, the discarder pays H
    r = sc(LIANZHONG, winner=2, dealer=0, win_type="discard", discarder=3, flowers="1f2f5f",
           concealed_kongs=1, golds=1, dealer_streak=1)
    assert r["deltas"] == [0, 0, 6, -6]
    # no special, self-draw: H*2 = 4 from each of three (golds do not count in lianzhong)
    r = sc(LIANZHONG, winner=1, dealer=1, win_type="selfdraw", flowers="1z2z", golds=2)
    assert r["deltas"] == [-4, 12, -4, -4]
    # 金雀 that is also 平胡: 60 + 10, H = 0: 70 from each of three
    r = sc(LIANZHONG, winner=1, dealer=0, win_type="selfdraw", specials=["jinque"], golds=2)
    assert r["S"] == 70 and r["deltas"] == [-70, 210, -70, -70]
    # 平胡 itself on a discard: 30 (no bonus on itself), paid by the discarder
    r = sc(LIANZHONG, winner=3, dealer=0, win_type="discard", discarder=0, golds=1)
    assert r["S"] == 30 and r["deltas"] == [-30, 0, 0, 30]
    # 三金倒 with 2 flowers, dealer L=2: H = 2 + 0 + 2 = 4, P = 4*2 + 40 = 48 each
    r = sc(LIANZHONG, winner=0, dealer=0, win_type="sanjindao", flowers="3z4z", golds=3, dealer_streak=2)
    assert r["deltas"] == [144, -48, -48, -48]


def test_bianfeng_examples():
    # no special, discard: P = 1 + F + K + G + L = 1 + 2 + 1 + 0 + 0 = 4; the discarder pays 2P = 8
    r = sc(BIANFENG, winner=1, dealer=0, win_type="discard", discarder=3, flowers="5z6z", exposed_kongs=1)
    assert r["deltas"] == [0, 8, 0, -8]
    # same hand self-drawn: 2P = 8 from each of three
    r = sc(BIANFENG, winner=1, dealer=0, win_type="selfdraw", flowers="5z6z", exposed_kongs=1)
    assert r["deltas"] == [-8, 24, -8, -8]
    # 三金倒 with 3 flowers: 40 + 2*(3+0+3+0) = 52 from each of three
    r = sc(BIANFENG, winner=2, dealer=2, win_type="sanjindao", flowers="1z2z3z", golds=3)
    assert r["deltas"] == [-52, -52, 156, -52]
    # 平胡 on a discard is a special: each of three pays 30 + 2*(G + L) = 30 + 2*(1+1) = 34
    r = sc(BIANFENG, winner=3, dealer=0, win_type="discard", discarder=1, golds=1, dealer_streak=1)
    assert r["deltas"] == [-34, -34, -34, 102]


def test_youjin_examples():
    # discard: B = 5 + F 2 + G 1 + L 0 + K 1 + 1 = 10, x1 from the discarder
    r = sc(YOUJIN, winner=0, dealer=1, win_type="discard", discarder=1, flowers="1f8f", golds=1,
           exposed_kongs=1)
    assert r["deltas"] == [10, -10, 0, 0]
    # 双游 self-draw by the dealer with L=1: B = 5 + 1 + 2 + 1 + 0 = 9, x8 = 72 from each of three
    r = sc(YOUJIN, winner=2, dealer=2, win_type="selfdraw", flowers="3f", golds=2, dealer_streak=1,
           youjin_level=2)
    assert r["deltas"] == [-72, -72, 216, -72]
    # 单游 x4 and 三游 x16 on B = 5 + 1 (one gold)
    assert sc(YOUJIN, winner=1, dealer=0, win_type="selfdraw", golds=1, youjin_level=1)["deltas"][1] == 72
    assert sc(YOUJIN, winner=1, dealer=0, win_type="selfdraw", golds=1, youjin_level=3)["deltas"][1] == 288
    # 抢金 scores as a plain self-draw: B = 5 + G 1 = 6, x2 = 12 each; no special value in youjin
    r = sc(YOUJIN, winner=3, dealer=0, win_type="qiangjin", golds=1)
    assert r["S"] == 0 and r["special_counted"] == 0 and r["deltas"] == [-12, -12, -12, 36]
    assert names(r["specials"]) == {"qiangjin", "pinghu_noflower"}


def test_drawn_hand_scores_nothing():
    r = sc(FUZHOU, winner=0, dealer=0, win_type="none", flowers="1z")
    assert r["deltas"] == [0, 0, 0, 0] and r["specials"] == 0


@pytest.mark.parametrize("bad, msg", [
    (dict(win_type="zimo"), "win_type 'zimo'"),
    (dict(winner=4), "winner seat 4"),
    (dict(win_type="discard"), "discarder -1"),
    (dict(win_type="discard", discarder=1), "discarder 1"),
    (dict(discarder=2), "self-draw"),
    (dict(specials=["golden"]), "special 'golden'"),
    (dict(flowers="1m"), "suited"),
    (dict(flowers=[27] * 5), "copies of flower kind 27"),
    (dict(golds=5), "golds = 5"),
    (dict(youjin_level=1, win_type="discard", discarder=0), "游金"),
])
def test_bad_facts_raise(bad, msg):
    facts = dict(winner=1, dealer=0, win_type="selfdraw") | bad
    with pytest.raises(ValueError, match=msg):
        sc(FUZHOU, **facts)


# ---------------------------------------------------------------- independent reference (scoring_reference.py)

def random_rules(rng):
    fields = {**HEADER_FIELDS, **FUZHOU_OPTIONS}
    fields["scoring"] = rng.randrange(4)
    for key in ("base", "multiplier", "flower_point", "flower_set_value", "exposed_kong_points",
                "concealed_kong_points", "lianzhong_pinghu_bonus", "discard_multiplier",
                "youjin_discard_bonus") + tuple(k for k in fields if k.startswith("youjin_mult_")):
        fields[key] = rng.randrange(0, 12)
    for s in SPECIALS:
        fields["special_" + s] = rng.choice([0, 15, 30, 30, 40, 60, 120, rng.randrange(200)])
    fields["zhuazhuang"] = rng.randrange(2)
    fields["zhuazhuang_payer"] = rng.randrange(2)
    fields["special_discard_payer"] = rng.randrange(2)
    fields["loss_cap"] = rng.choice([0, 0, rng.randrange(1, 200)])
    return fields


def random_facts(rng):
    win_type = rng.choice(sorted(set(WIN_TYPES) - {"none"}))
    winner, dealer = rng.randrange(4), rng.randrange(4)
    discarder = rng.choice([s for s in range(4) if s != winner]) if win_type in ("discard", "robbed_kong") else -1
    flowers = [rng.choice([0, 0, 0, 1, 2, 4]) for _ in range(7)] + [rng.choice([0, 1, 1]) for _ in range(8)]
    if rng.random() < 0.3:
        flowers = [0] * 15
        if rng.random() < 0.5:
            flowers[rng.randrange(15)] = 1
    ek = rng.choice([0, 0, 1, 2])
    ck = rng.choice([0, 0, 1, 2])
    specials = [s for s in ("jinque", "jinlong", "tianhu", "qiangjin", "sanjindao") if rng.random() < 0.15]
    level = rng.randrange(4) if win_type not in ("discard", "robbed_kong") else 0
    return dict(winner=winner, dealer=dealer, win_type=win_type, discarder=discarder, specials=specials,
                flowers=flowers, exposed_kongs=ek, concealed_kongs=ck, golds=rng.randrange(5),
                dealer_streak=rng.choice([0, 0, 1, 2, 7]), youjin_level=level)


@pytest.mark.parametrize("n", [20_000, pytest.param(1_000_000, marks=pytest.mark.slow)])
def test_matches_reference_on_random_wins(n, request):
    if n > 20_000 and "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("large sweep: run with -m slow")  # the default run stays short
    rng = random.Random(20261129 + n)
    for _ in range(n):
        fields = random_rules(rng)
        facts = random_facts(rng)
        got = score_facts(Rules(**fields), **facts)
        want = reference(fields, facts["winner"], facts["dealer"], facts["win_type"], facts["discarder"],
                         facts["specials"], facts["flowers"], facts["exposed_kongs"], facts["concealed_kongs"],
                         facts["golds"], facts["dealer_streak"], facts["youjin_level"])
        assert sum(got["deltas"]) == 0
        assert (got["F"], got["K"], got["G"], got["L"], got["S"]) == tuple(want[k] for k in "FKGLS"), (fields, facts)
        assert names(got["specials"]) == want["specials"], (fields, facts)
        assert names(got["special_counted"]) == ({want["counted"]} if want["counted"] else set())
        assert got["deltas"] == want["deltas"], (fields, facts)


@pytest.mark.parametrize("override, match", [
    (dict(winner=2**70), "winner seat"), (dict(winner=1.5), "winner must be an integer"),
    (dict(dealer="0"), "dealer must be an integer"), (dict(golds=5), "golds = 5"),
    (dict(golds=-2**70), "golds = "), (dict(win_type=99), "win_type 99"), (dict(win_type=1.0), "win_type"),
    (dict(flowers="1m"), "suited tiles"), (dict(flowers="1f1f"), "2 copies of 1f"),
    (dict(flowers=[100]), "flower kind 100"), (dict(flowers=[27.5]), "flower kind must be an integer"),
    (dict(youjin_level=2**64), "youjin_level"), (dict(specials=-1), "specials bits"),
])
def test_score_facts_refuses_bad_facts_with_value_error(override, match):
    facts = dict(winner=0, dealer=0, win_type="selfdraw")
    facts.update(override)
    with pytest.raises(ValueError, match=match):
        score_facts(Rules(), **facts)
