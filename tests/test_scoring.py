"""fzsim.score / `fzsim score`: worked examples from tiles, rejections, and random wins vs references."""
import json
import random

import numpy as np
import pytest
from scoring_reference import ref_is_jinlong, ref_is_jinque, ref_is_win, reference_score

import fzsim
from fzsim.cli import main
from fzsim.rules import compile_fields, load

score = fzsim.score


# ---------------------------------------------------------------- worked examples (RULES §10 by hand)

def test_fuzhou_discard_example():
    # seat 1 wins on seat 2's discard: 4 concealed melds + pair, an exposed kong of 7p, flowers 东南,
    # one gold (9s standing in), dealer 0 with L=2 (抓庄): F=2 K=1 G=1 L=2 -> (2+1+1+2+5)*2 = 22
    r = score("123m456m789m55s 9s12s", "9s", melds=["kong 7p"], flowers="1z2z", win="discard",
              winner=1, discarder=2, dealer=0, dealer_streak=2, winning_tile="3m")
    assert (r.F, r.K, r.G, r.L, r.S) == (2, 1, 1, 2, 0)
    assert r.deltas == [0, 22, -22, 0] and r.total == 22
    assert r.specials == [] and r.special_counted is None and r.flags == []


def test_fuzhou_jinque_selfdraw_example():
    # dealer self-draws 金雀 (pair of golds 5p5p), no flower no kong (also 平胡 30), L=1:
    # (0+0+2+1+5)*2 + 60 = 76 from each of three
    r = score("123m456m789m234s567s55p", "5p", win="selfdraw", winner=0, dealer=0, dealer_streak=1)
    assert r.specials == ["jinque", "pinghu_noflower"] and r.special_counted == "jinque"
    assert r.deltas == [228, -76, -76, -76]


def test_fuzhou_sanjindao_and_jinlong_examples():
    # 三金倒 whatever the rest: 3 golds, flowers 春夏秋冬 (a set, 6): (6+0+3+0+5)*2 + 40 = 68 each
    r = score("5p5p5p 1m4m7m 2s5s8s 1p4p7p 9m9s 3s6s 2p", "5p", flowers="1234f", win="sanjindao",
              winner=2, dealer=0)
    assert r.special_counted == "sanjindao" and r.deltas == [-68, -68, 204, -68]
    # the same 3 golds as their own pung in a winning hand is 金龙 (120) and beats 三金倒
    r = score("555p 123m456m789m234s99s", "5p", flowers="1f", win="sanjindao", winner=2, dealer=0)
    assert set(r.specials) == {"sanjindao", "jinlong", "jinque", "pinghu_oneflower"}
    assert r.special_counted == "jinlong" and r.S == 120
    assert r.deltas == [-138, -138, 414, -138]  # (1+0+3+0+5)*2 + 120 = 138
    # 抢金 with three golds held: the robbed indicator is a fourth gold, wild (RULES §6), so 555p as
    # the pung and the fourth 5p pairing the 9s is 金龙: (0+0+4+0+5)*2 + 120 = 138 from each of three
    r = score("5555p 123m456m789m234s9s", "5p", win="qiangjin", winner=1, dealer=0)
    assert "jinlong" in r.specials and r.special_counted == "jinlong" and r.G == 4
    assert r.deltas == [-138, 414, -138, -138]


def test_fuzhou_qiangjin_example():
    # seat 3 robs the indicator (5p) in the opening window: G=1, 3 flowers: (3+0+1+0+5)*2 + 30 = 48
    r = score("123m456m789m234s678s5p9p", "5p", flowers="1z4z7z", win="qiangjin", winner=3, dealer=0)
    assert r.special_counted == "qiangjin" and r.deltas == [-48, -48, -48, 144]


def test_lianzhong_examples():
    # discard, no special: H = F 3 + K 2 (concealed kong) + L 1 = 6 when the dealer discards; a
    # non-dealer discarder pays H with L = 0 (only the dealer pays 抓庄 points, zhuazhuang_payer)
    r = score("123m456m789m55s", "9s", melds=["concealed_kong 7p", "chow 345s"], flowers="1f2f5f",
              win="discard", winner=2, discarder=0, dealer=0, dealer_streak=1, variant="lianzhong")
    assert r.L == 1 and r.deltas == [-6, 0, 6, 0]
    r = score("123m456m789m55s", "9s", melds=["concealed_kong 7p", "chow 345s"], flowers="1f2f5f",
              win="discard", winner=2, discarder=3, dealer=0, dealer_streak=1, variant="lianzhong")
    assert r.deltas == [0, 0, 5, -5]
    # 金雀 that is also 平胡: 60 + 10 from each of three
    r = score("123m456m789m234s567s55p", "5p", winner=1, dealer=0, variant="lianzhong")
    assert r.S == 70 and r.deltas == [-70, 210, -70, -70]


def test_bianfeng_examples():
    # discard, no special: P = 1 + F 2 + K 1 + G 0 + L 0 = 4, the discarder pays 2P
    r = score("123m456m789m55s", "9s", melds=["pung 2p", "added_kong 4s"], flowers="5z6z", win="discard",
              winner=1, discarder=3, dealer=0, variant="bianfeng")
    assert r.deltas == [0, 8, 0, -8]
    # 平胡 on a discard: a special, 30 + 2*(G 0 + L 1) = 32, paid by the discarder alone in
    # bianfeng (special_discard_payer = "discarder"); with "all" each of three pays it
    r = score("123m456m789m234s678s99p", "9s", win="discard", winner=3, discarder=1, dealer=0,
              dealer_streak=1, winning_tile="9p", variant="bianfeng")
    assert r.G == 0 and r.S == 30 and r.deltas == [0, -32, 0, 32]
    r = score("123m456m789m234s678s99p", "9s", win="discard", winner=3, discarder=1, dealer=0,
              dealer_streak=1, winning_tile="9p", variant="bianfeng", overrides={"special_discard_payer": "all"})
    assert r.deltas == [-32, -32, -32, 96]


def test_zhuazhuang_payer_and_loss_cap_examples():
    # fuzhou self-draw by seat 1 while dealer 0 has L = 2; 平胡 (无花无杠) S 30, no gold held:
    # P = (F 0 + K 0 + G 0 + L 2 + 5) x 2 + 30 = 44 from each of three
    hand = dict(hand="123m456m789m234s678s55p", gold="9s", winner=1, dealer=0, dealer_streak=2)
    r = score(**hand)
    assert (r.L, r.S, r.deltas) == (2, 30, [-44, 132, -44, -44])
    # only the dealer pays the L part: the others pay (0 + 5) x 2 + 30 = 40
    r = score(**hand, overrides={"zhuazhuang_payer": "dealer"})
    assert r.deltas == [-44, 124, -40, -40]
    # a loss cap of 41: nobody pays more than 41, the winner receives the capped sum
    r = score(**hand, overrides={"loss_cap": 41})
    assert r.deltas == [-41, 123, -41, -41]
    r = score(**hand, overrides={"loss_cap": 41, "zhuazhuang_payer": "dealer"})
    assert r.deltas == [-41, 121, -40, -40]
    # a discard win is capped the same way (the discarder alone pays)
    r = score(**hand, win="discard", discarder=2, overrides={"loss_cap": 30})
    assert r.deltas == [0, 30, -30, 0]
    # a dealer winner pays nobody's L differently: every payer's formula has the dealer's L
    r = score(hand="123m456m789m234s678s55p", gold="9s", winner=0, dealer=0, dealer_streak=2,
              overrides={"zhuazhuang_payer": "dealer"})
    assert r.deltas == [132, -44, -44, -44]


def test_youjin_examples():
    # honours are ordinary tiles: pung of 东 in hand; discard: B = 5+F 2+G 1+L 0+K 1 +1 = 10
    r = score("111z 123m456m5p 9s", "9s", melds=["kong 8m", "chow 789p"], flowers="1f8f", win="discard",
              winner=0, discarder=1, dealer=1, variant="youjin", winning_tile="1m")
    assert r.deltas == [10, -10, 0, 0]
    # 双游 self-draw by the dealer, L=1: B = 5 + 1 + 2 + 1 = 9, x8 = 72 from each of three
    r = score("123m456m789m234s567p99s", "9s", flowers="3f", winner=2, dealer=2, dealer_streak=1,
              youjin_level=2, variant="youjin", winning_tile="9s")
    assert r.deltas == [-72, -72, 216, -72]


# ---------------------------------------------------------------- impossible descriptions

GOOD = dict(hand="123m456m789m234s678s55p", gold="9s")


@pytest.mark.parametrize("change, msg", [
    (dict(hand="123m456m789m234s678s56p"), "not a winning hand"),
    (dict(hand="123m456m789m234s678s5p"), "wrong tile count: 16 concealed tiles with 0 meld"),
    (dict(melds=["pung 7p"]), "wrong tile count: 17 concealed tiles with 1 meld"),
    (dict(hand="111m456m789m234s55p", melds=["pung 1m"]), "6 copies of 1m"),
    (dict(hand="123m456m789m234s55p", melds=["pung 9s"]), "gold 9s in meld"),
    (dict(hand="123m456m789m234s55p", melds=["chow 246p"]), "three consecutive tiles"),
    (dict(hand="123m456m789m234s55p", melds=["pung 123z"]), "identical"),
    (dict(hand="123m456m789m234s55p", melds=["chow 9s1p"]), "three consecutive"),
    (dict(hand="123m456m789m234s55p", melds=["chow 123z"]), "three consecutive"),
    (dict(hand="123m456m789m234s55p", melds=["triple 5m"]), "unknown meld type 'triple'"),
    (dict(hand="123m456m789m234s111z55p"), "1z is a flower in variant fuzhou"),
    (dict(flowers="1z", variant="youjin"), "1z is not a flower in variant youjin"),
    (dict(flowers="5s"), "5s listed as a flower"),
    (dict(flowers=[0] * 34 + [2] + [0] * 7), "2 copies of flower 1f"),
    (dict(gold="1z", variant="fuzhou"), "gold 1z is a flower"),
    (dict(hand="123m456m789m234s556p99s", win="discard", discarder=1, winning_tile="9s"), "never be claimed"),
    (dict(hand="123m456m789m234s678s5p9s", win="discard", discarder=1, winning_tile="5p",
          variant="lianzhong"), "闲金"),
    (dict(win="discard"), "needs the discarder"),
    (dict(win="discard", discarder=0), "other than the winner"),
    (dict(discarder=2), "only discard and robbed_kong"),
    (dict(win="zimo"), "win 'zimo' is unknown"),
    (dict(win="tianhu", winner=1), "天胡 is the dealer's win"),
    (dict(win="qiangjin"), "must hold a gold"),
    (dict(win="sanjindao"), "三金倒 needs 3 golds"),
    (dict(youjin_level=1), "does not play 游金"),
    (dict(hand="123m456m789m234s567p5p9s", youjin_level=1, variant="youjin", winning_tile="6p"),
     "must wait on any tile"),
    (dict(hand="123m456m789m234s678s9s9s", variant="youjin"), "only a 游金 win"),
    (dict(hand="123m456m789m234s9s9s9s9s5p"), "4 golds"),
    (dict(winning_tile="7p"), "not in the hand"),
    (dict(winner=4), "winner seat 4"),
    (dict(discarded_gold=True, overrides={"gold_discard": "forbidden"}), "may not be discarded"),
    (dict(discarded_gold=True, win="discard", discarder=1, overrides={"gold_discard": "selfdraw_only"}),
     "only win by self-draw"),
    (dict(hand="123m456m789m234s777s55p", win="robbed_kong", discarder=1, winning_tile="7s"),
     "holds exactly 1 7s, not 3"),
    (dict(variant="fuzhou", overrides={"base": -1}), "base = -1 is out of range"),
])
def test_impossible_descriptions_rejected(change, msg):
    args = dict(GOOD) | change
    hand, gold = args.pop("hand"), args.pop("gold")
    with pytest.raises(ValueError, match=msg):
        score(hand, gold, **args)


def test_gold_discard_options_and_robbed_kong_allowed():
    r = score("123m456m789m234s678s55p", "9s", discarded_gold=True, win="discard", discarder=1,
              overrides={"gold_discard": "allowed"})
    assert r.total == 30 * 1 + (0 + 5) * 2  # 平胡 on a discard: (5)*2 + 30
    r = score("123m456m789m234s678s55p", "9s", win="robbed_kong", discarder=2, winning_tile="7s")
    assert r.flags == ["robbed_kong"] and r.deltas[2] == -40 and r.win_type == "robbed_kong"


def test_xianjin_wait_selfdraw_is_flagged_and_allowed():
    r = score("123m456m789m234s678s5p9s", "9s", winning_tile="5p")
    assert r.flags == ["selfdraw", "xianjin"]
    # fuzhou has the option off (RULES §4): the 闲金 wait may win a discard; lianzhong forbids it
    r = score("123m456m789m234s678s5p9s", "9s", win="discard", discarder=1, winning_tile="5p")
    assert r.flags == ["xianjin"]
    with pytest.raises(ValueError, match="闲金"):
        score("123m456m789m234s678s5p9s", "9s", win="discard", discarder=1, winning_tile="5p",
              variant="lianzhong")


# ---------------------------------------------------------------- CLI

def test_cli_score_text_and_json(capsys):
    argv = ["score", "123m456m789m55s9s12s", "--gold", "9s", "--kong", "7p", "--flowers", "1z2z",
            "--from", "2", "--winner", "1", "--streak", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "F=2 K=1 G=1 L=2 S=0" in out and "seat 2: -22" in out and "total: 22" in out
    assert main(argv + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deltas"] == [0, 22, -22, 0] and data["win"] == "discard" and data["melds"] == ["kong 7777p"]
    assert main(["score", "123m456m789m234s55p", "--gold", "9s", "--pung", "1m", "--pung", "1m"]) == 2
    assert "copies of 1m" in capsys.readouterr().err


def test_cli_variants(capsys):
    assert main(["variants"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in ("fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors"))
    assert main(["variants", "show", "lianzhong", "--set", "guoshui=false", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"]["guoshui"] is False and data["rules"]["scoring"] == "lianzhong"
    assert data["hash"] == load("lianzhong", guoshui=False).hash
    assert main(["variants", "show", "youjin"]) == 0
    assert 'scoring = "youjin"' in capsys.readouterr().out
    assert main(["variants", "show", "fuzhou", "--set", "gold_discard=never"]) == 2
    assert "gold_discard = 'never'" in capsys.readouterr().err


# ---------------------------------------------------------------- random wins vs the references

SUITED = list(range(27))


def _random_description(rng, variant):
    """A random 17-tile win (sometimes spoiled by one changed tile) and how it was won."""
    honours = variant in ("youjin", "fuzhou-honors")
    kinds = SUITED + (list(range(27, 34)) if honours else [])
    gold = rng.choice(kinds)
    total = np.zeros(34, dtype=int)
    total[gold] = 1  # the indicator is out of play

    def room(k, n):
        return k != gold and total[k] + n <= 4

    melds, concealed = [], np.zeros(34, dtype=int)
    n_exposed = rng.choice([0, 0, 1, 2])
    groups = 0
    while groups < 5:
        k = rng.choice(kinds)
        chow = k < 27 and k % 9 <= 6 and rng.random() < 0.5
        tiles = [k, k + 1, k + 2] if chow else [k, k, k]
        if not all(room(x, tiles.count(x)) for x in set(tiles)):
            continue
        if groups < n_exposed:
            mtype = "chow" if chow else rng.choice(["pung", "kong", "added_kong", "concealed_kong"])
            if mtype.endswith("kong"):
                if not room(k, 4):
                    continue
                tiles = [k] * 4
            melds.append((mtype, tiles))
        else:
            for x in tiles:
                concealed[x] += 1
        for x in tiles:
            total[x] += 1
        groups += 1
    while True:
        k = rng.choice(kinds)
        if room(k, 2):
            concealed[k] += 2
            total[k] += 2
            break
    # golds stand in for random concealed tiles (at most 3 live golds)
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        if concealed[gold] >= 3:
            break
        held = [x for x in range(34) if concealed[x] and x != gold]
        x = rng.choice(held)
        concealed[x] -= 1
        concealed[gold] += 1
    if rng.random() < 0.3:  # spoil: swap one non-gold tile for another kind
        held = [x for x in range(34) if concealed[x] and x != gold]
        x, y = rng.choice(held), rng.choice(kinds)
        if y != gold and concealed[y] + total[y] - concealed[y] < 4 and y != x:
            concealed[x] -= 1
            concealed[y] += 1
    flower_kinds = (list(range(27, 34)) * 4 if not honours else []) + list(range(34, 42))
    flowers = np.zeros(42, dtype=int)
    for f in rng.sample(flower_kinds, rng.choice([0, 0, 1, 2, 5])):
        flowers[f] += 1
    flowers = np.minimum(flowers, [4] * 34 + [1] * 8)
    return gold, melds, concealed, flowers


def _fmt(counts):
    return fzsim.fmt(np.asarray(counts, dtype=np.uint8))


def test_random_wins_match_references():
    rng = random.Random(4)
    variants = ["fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors"]
    checked = rejected = 0
    for _ in range(600):
        variant = rng.choice(variants)
        gold, melds, concealed, flowers = _random_description(rng, variant)
        golds = int(concealed[gold])
        winner, dealer = rng.randrange(4), rng.randrange(4)
        win = rng.choice(["selfdraw", "discard", "kong_replacement", "last_tile"])
        level = 0
        if variant == "youjin" and golds >= 2:
            win, level = "selfdraw", rng.randrange(1, 4)
        discarder = rng.choice([s for s in range(4) if s != winner]) if win == "discard" else None
        streak = rng.choice([0, 0, 1, 3])
        meld_specs = [f"{t} {_fmt(np.bincount(k, minlength=34))}" for t, k in melds]
        args = dict(melds=meld_specs, flowers=_fmt(flowers), win=win, winner=winner, dealer=dealer,
                    discarder=discarder, dealer_streak=streak, youjin_level=level, variant=variant)
        if not ref_is_win(concealed, gold):
            with pytest.raises(ValueError, match="not a winning hand"):
                score(_fmt(concealed), fzsim.kind_name(gold), **args)
            rejected += 1
            continue
        r = score(_fmt(concealed), fzsim.kind_name(gold), **args)
        specials = [s for s, ok in (("jinque", ref_is_jinque(concealed, gold)),
                                    ("jinlong", ref_is_jinlong(concealed, gold))) if ok]
        ek = sum(t in ("kong", "added_kong") for t, _ in melds)
        ck = sum(t == "concealed_kong" for t, _ in melds)
        want = reference_score(compile_fields(load(variant)), winner, dealer,
                               "discard" if win == "discard" else "selfdraw", discarder if discarder is not None else -1,
                               specials, [int(c) for c in flowers[27:42]], ek, ck, golds, streak, level)
        assert set(r.specials) == want["specials"], (variant, _fmt(concealed), gold)
        assert r.special_counted == want["counted"]
        assert (r.F, r.K, r.G, r.L, r.S) == tuple(want[k] for k in "FKGLS")
        assert r.deltas == want["deltas"] and sum(r.deltas) == 0
        checked += 1
    assert checked > 300 and rejected > 50


def test_sanjindao_on_the_deals_16_tiles():
    """三金倒 may be declared before the first draw, on 16 tiles (the engine records such wins)."""
    r = score("5p5p5p 1m4m7m 2s5s8s 1p4p7p 9m9s 3s6s", "5p", flowers="1234f", win="sanjindao", winner=2, dealer=0)
    seventeen = score("5p5p5p 1m4m7m 2s5s8s 1p4p7p 9m9s 3s6s 2p", "5p", flowers="1234f", win="sanjindao", winner=2,
                      dealer=0)
    assert r.special_counted == "sanjindao" and r.deltas == seventeen.deltas
    with pytest.raises(ValueError, match="wrong tile count: 16"):
        score("5p5p5p 1m4m7m 2s5s8s 1p4p7p 9m9s 3s6s", "5p", win="selfdraw")


def test_score_names_the_calculator_of_another_pack():
    from fzsim.rules import load
    with pytest.raises(ValueError, match=r"guobiao pack.*fzsim\.fans\(hand.*fzsim\.packs\.guobiao\.calculator\.payments"):
        score("123m456p789s123p11z", variant="guobiao")
    with pytest.raises(ValueError, match=r"plays the sichuan pack.*variant=\"sichuan\" or \"xuezhan\""):
        score("123m456p789s123p11z", variant=load("sichuan", sc_longqidui_value=8))


def test_dealers_three_golds_at_tianhu_priority():
    """§7: a dealer holding 3 golds in the opening window takes 三金倒 at 天胡's priority; as the
    engine records it (win type tianhu, the larger special counting), 16 tiles or 17."""
    r = score("245888m678p23445679s", "8m", flowers="1234f", win="tianhu", winner=3, dealer=3)
    assert set(r.specials) == {"tianhu", "sanjindao"} and r.special_counted == "sanjindao" and r.S == 40
    with pytest.raises(ValueError, match="not a winning hand"):
        score("1245889m678p2344567s", "8m", win="tianhu", winner=3, dealer=3)


def test_a_sanjindao_by_a_seat_in_youjin_is_paid_at_its_youjin_level():
    """RULES §11: the gold single waited on any tile, a gold included: a 单游 seat's 三金倒 in the
    last group is a 游金 self-draw (×4 under youjin), twice a plain 三金倒 (×2)."""
    hand = "123m456m789m123s44s5p5p5p"
    yj = fzsim.score(hand, variant="youjin", gold="5p", win="sanjindao", youjin_level=1, winner=1, dealer=0,
                     winning_tile="5p")
    plain = fzsim.score(hand, variant="youjin", gold="5p", win="sanjindao", winner=1, dealer=0)
    assert yj.deltas[1] == 2 * plain.deltas[1] > 0 and sum(yj.deltas) == 0
