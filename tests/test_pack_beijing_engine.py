"""The Beijing pack on the engine (RULES-PACKS §4 北京麻将, 惠牌): random and greedy hands keep every
invariant and every win record is re-scored by the pure scorer and re-checked by the slow reference
win search; explicit walls pin each rule edge — the 惠牌 read off the 惠坯 at every cycle edge, the
14-tile reserve and its kong replacements, 烧庄 over two rounds and broken, 互包, three and four
惠牌, a claimed hand winning by self-draw only, and two winners on one discard."""

import numpy as np
import pytest

import fzsim
from fzsim.game import parse_tile_sequence
from fzsim.rules import RuleError, load
from fzsim.wins_table import pack_names
from fzsim_core.engine import next_dealer, play_block
from fzsim_core.packs.beijing.score import FANS, FLAGS, evaluate
from fzsim_core.packs.registry import PACKS, tile_set
from fzsim_core.win_facts import WIN_TYPES
from fzsim.pack_registry import RECORD_KINDS
from tests.engine_scripts import Script, explicit_wall
from tests.reference_beijing import ref_fans, ref_is_win

BEIJING = load("beijing")
WIN, SHAO = RECORD_KINDS["win"], RECORD_KINDS["shaozhuang"]
WIN_SELFDRAW_TYPE = WIN_TYPES["selfdraw"]
BJ_SHIFT = 16                        # packs/beijing/pack.pyx: BJ_F_* above the flow's flags
_MELDS = {1: "chow", 2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}   # table.pxd MeldType


def k(name):
    return parse_tile_sequence(name)[0]


def bj_wall(hands, dealer=0, draws="", indicator="6z", replacements=""):
    """A 136-tile wall (tests/engine_scripts.explicit_wall) with the 惠坯 at the tail and the kong
    replacements just below it (the replacement end), taken from the undealt filler."""
    wall = list(explicit_wall(hands, dealer, draws))
    fixed = 4 * 13 + 1 + len(parse_tile_sequence(draws))
    want = [k(indicator)] + parse_tile_sequence(replacements)
    for i, kind in enumerate(want):
        pos = len(wall) - 1 - i
        if wall[pos] != kind:
            j = next(j for j in range(fixed, pos) if wall[j] == kind)
            wall[j], wall[pos] = wall[pos], wall[j]
    return np.array(wall, dtype=np.uint8)


def play(hands, policies, draws="", variant=BEIJING, dealer=0, **wall_kw):
    return fzsim.play_hand(0, 0, variant=variant, policies=policies,
                           wall=bj_wall(hands, dealer, draws, **wall_kw), log=True, dealer=dealer, streak=0,
                           check=True)


def records(result, kind=WIN):
    r = result.records
    return [{c: r[c][i] for c in r} for i in range(len(r["kind"])) if r["kind"][i] == kind]


def deltas(result):
    return [getattr(result, f"delta_{s}") for s in range(4)]


def fans_of(rec):
    return {FANS[i] for i in range(len(FANS)) if int(rec["patterns"]) >> i & 1}


PASSIVE = dict(discard_win=False, self_win=False, rob=False)
# four hands that hold no pair, no chow and no wait between them: tsumogiri never wins
Q0 = "1m4m7m1p4p7p1s4s7s1z2z3z4z7z"
Q1 = "2m5m8m2p5p8p2s5s8s1z2z3z4z"
Q2 = "3m6m9m3p6p9p3s6s9s1z2z3z4z"
Q3 = "1m4m7m2p5p8p3s6s9s5z5z6z6z"


def test_the_pack_is_registered_with_136_tiles_and_the_preset_loads():
    n, hand_size, copies = tile_set(PACKS["beijing"])
    assert (n, hand_size) == (136, 13) and copies[:34].tolist() == [4] * 34 and copies[34:].sum() == 0
    assert BEIJING["pack"] == "beijing" and BEIJING["multi_win"] and BEIJING["scoring"] == "beijing"
    with pytest.raises(RuleError, match="reserve_base"):
        load("beijing", reserve_base=17)
    with pytest.raises(RuleError, match="bj_north_next"):
        load("beijing", bj_north_next="west")
    with pytest.raises(RuleError, match="scoring"):
        load("beijing", scoring="fuzhou")


@pytest.mark.parametrize("indicator,hui,opts", [
    ("3m", "4m", {}), ("9m", "1m", {}), ("9p", "1p", {}), ("9s", "1s", {}), ("1z", "2z", {}), ("4z", "1z", {}),
    ("4z", "7z", {"bj_north_next": "zhong"}), ("7z", "6z", {}), ("6z", "5z", {}), ("5z", "7z", {}),
    ("5z", "1z", {"bj_north_next": "zhong"}), ("7z", "6z", {"bj_north_next": "zhong"}),
])
def test_bj3_the_hui_is_the_kind_after_the_indicator_at_every_cycle_edge(indicator, hui, opts):
    hands = {0: "1m2m3m4m5m6m7m8m9m1p2p3p4p5p", 1: "1s2s3s4s5s6s7s8s9s1z2z3z4z",
             2: "1m2m3m4m5m6m7m8m9m1p2p3p4p", 3: "1s2s3s4s5s6s7s8s9s5z6z7z6p"}
    r = play(hands, [Script(**PASSIVE) for _ in range(4)], variant=load("beijing", **opts), indicator=indicator)
    assert r.gold == k(hui)
    flips = [e for e in r.events if e.type == "gold_flip"]
    assert [e.tile for e in flips] == [indicator]
    assert [e.tile for e in r.events if e.type == "gold"] == [hui]


def test_bj17_69_live_draws_then_the_hand_is_drawn_and_kongs_come_out_of_the_reserve():
    hands = {0: Q0, 1: Q1, 2: Q2, 3: Q3}
    r = play(hands, [Script(**PASSIVE) for _ in range(4)])
    assert r.outcome == 0 and [e.type for e in r.events].count("draw") == 69 and r.tiles_left == 13
    r = play(hands, [Script(**PASSIVE) for _ in range(4)], variant=load("beijing", bj_indicator_in_reserve=False))
    assert r.outcome == 0 and [e.type for e in r.events].count("draw") == 68 and r.tiles_left == 14
    # the dealer konges four 8p at once: its replacement is the reserve's last tile, the live draws stay 69
    hands = {0: "8p8p8p8p1m4m7m1s4s7s1z2z3z", 1: Q1.replace("8p", "9p"), 2: Q2.replace("9p", "3s"),
             3: "1m4m7m2p5p2z3s6s9s5z5z6z6z"}
    hands[0] += "4z"
    r = play(hands, [Script(kongs=True, **PASSIVE)] + [Script(**PASSIVE) for _ in range(3)], replacements="7z")
    types = [e.type for e in r.events]
    assert "concealed_kong" in types and types.count("draw") == 69 and r.outcome == 0
    rep = [e for e in r.events if e.type == "replace"]
    assert [(e.seat, e.tile) for e in rep] == [(0, "7z")] and r.tiles_left == 12


def shao_hands():
    # every seat holds one 1z and one 2z (no pair of either: nobody can pung them)
    return {0: "1z2z1m4m7m1p4p7p1s4s7s3z5z9m", 1: "1z2z2m5m8m2p5p8p2s5s8s3z6z",
            2: "1z2z3m6m9m3p6p9p3s6s9s4z6z", 3: "1z2z1m4m7m2p5p8p3s6s9s5z7z"}


def test_bj12_shaozhuang_over_two_rounds_is_paid_on_a_drawn_hand():
    r = play(shao_hands(), [Script("1z2z", **PASSIVE) for _ in range(4)], indicator="8m")
    assert r.outcome == 0
    shao = records(r, SHAO)
    assert sorted((int(x["from_seat"]), int(x["seat"]), int(x["points"])) for x in shao) == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    assert deltas(r) == [-6, 2, 2, 2]
    # BJ-A6 option: not paid on a drawn hand
    r = play(shao_hands(), [Script("1z2z", **PASSIVE) for _ in range(4)], indicator="8m",
             variant=load("beijing", bj_shaozhuang_on_draw=False))
    assert records(r, SHAO) == [] and deltas(r) == [0, 0, 0, 0]


def test_bj18_a_broken_round_ends_shaozhuang_for_the_hand():
    # round 1 all 1z; round 2 seat 3 throws 9s instead of 2z; round 3 all four throw 7z: R = 1
    hands = {0: "1z2z7z1m4m7m1p4p7p1s4s7s3z9m", 1: "1z2z7z2m5m8m2p5p8p2s5s8s3z",
             2: "1z2z7z3m6m9m3p6p9p3s6s9s4z", 3: "1z2z7z1m4m7m2p5p8p3s6s9s5z"}
    pol = [Script("1z2z7z", **PASSIVE), Script("1z2z7z", **PASSIVE), Script("1z2z7z", **PASSIVE),
           Script("1z9s7z", **PASSIVE)]
    r = play(hands, pol, indicator="8m")
    discards = [e.tile for e in r.events if e.type == "discard"][:12]
    assert discards == ["1z"] * 4 + ["2z"] * 3 + ["9s"] + ["7z"] * 4
    assert sorted(int(x["points"]) for x in records(r, SHAO)) == [1, 1, 1] and deltas(r) == [-3, 1, 1, 1]


def test_shaozhuang_is_broken_by_a_claim():
    # seat 1 chows the dealer's first 3m: the four first discards are not in turn, R = 0
    hands = {0: "3m1z1m4m7m1p4p7p1s4s7s3z5z9m", 1: "1m2m1z2m5m8p2p5p8p2s5s8s3z",
             2: "1z2z3m6m9m3p6p9p3s6s9s4z6z", 3: "1z2z1m4m7m2p5p8p3s6s9s5z7z"}
    pol = [Script("3m1z", **PASSIVE), Script("1z", claims=["chow"], **PASSIVE), Script("1z", **PASSIVE),
           Script("1z", **PASSIVE)]
    r = play(hands, pol, indicator="8m")
    assert "chow" in [e.type for e in r.events] and records(r, SHAO) == []


def test_bj10_hubao_the_partner_pays_the_whole_self_drawn_hand():
    # seat 1 chows three of the dealer's discards (123m 456m 789m), then self-draws 7p: 一条龙 3 番,
    # and as seat 1 took three 嘴 from seat 0 the dealer pays 3F alone
    hands = {0: "3m6m9m1p4p7p1s4s7s1z3z4z7z5s", 1: "1m2m4m5m7m8m5p5p5p7p1s9s2z",
             2: "2m5m8m2p5p8p2s5s8s1z2z3z4z", 3: "1m4m7m2p6p8p3s6s9s5z5z6z6z"}
    pol = [Script("3m6m9m", **PASSIVE), Script("1s9s2z", claims=["chow", "chow", "chow"]),
           Script(**PASSIVE), Script(**PASSIVE)]
    r = play(hands, pol, draws="1z3z4z7z2z3z4z7z8s7p", indicator="6z")
    (w,) = records(r, WIN)
    # from_seat names the one seat paying the self-draw
    assert int(w["seat"]) == 1 and int(w["from_seat"]) == 0 and fans_of(w) == {"yitiaolong"} and int(w["value"]) == 3
    assert deltas(r) == [-9, 9, 0, 0]
    # BJ-A7 counts chows: with the option chow_pung the count is still 3 (no kongs here)
    r = play(hands, pol_copy(pol), draws="1z3z4z7z2z3z4z7z8s7p", indicator="6z",
             variant=load("beijing", bj_hubao_count="chow_pung"))
    assert deltas(r) == [-9, 9, 0, 0]


def pol_copy(pol):
    return [Script("3m6m9m", **PASSIVE), Script("1s9s2z", claims=["chow", "chow", "chow"]),
            Script(**PASSIVE), Script(**PASSIVE)]


def test_bj4_a_hand_that_punged_wins_by_self_draw_only():
    # seat 1 pungs the dealer's 9s and is ready on 3p / 6p; seat 2 throws 3p: no win offered;
    # seat 1 then draws 6p and wins by self-draw
    hands = {0: "9s1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "9s9s1m2m3m4m5m6m7m7m4p5p1z",
             2: "3p2m5m8m2p5p8p2s5s8s1z2z3z", 3: "1m4m7m2p6p8p3s6s2z5z5z6z6z"}
    s1 = Script("1z", claims=["pung"])
    r = play(hands, [Script("9s", **PASSIVE), s1, Script("3p", **PASSIVE), Script(**PASSIVE)],
             draws="7z6z6z6p", indicator="8m")
    assert "pung" in [e.type for e in r.events]
    assert ("discard", "3p") in [(e.type, e.tile) for e in r.events]
    assert not any(dec == "discard_win" for dec, _, _ in s1.seen)
    (w,) = records(r, WIN)
    assert int(w["seat"]) == 1 and int(w["from_seat"]) == -1 and int(w["tile"]) == k("6p")
    assert fans_of(w) == {"tuidaohu"} and deltas(r) == [-1, 3, -1, -1]


def test_bj5_a_concealed_kong_keeps_the_discard_win():
    # seat 1 declares a concealed kong of 5z, then wins seat 2's 3p: 推倒和 1 + 门清无惠 1
    hands = {0: "2p1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "5z5z5z5z1m2m3m4m5m6m4p5p9s",
             2: "3p2m5m8m2p5p8p2s5s8s1z2z3z", 3: "1m4m7m2p6p8p3s6s2z4z4z6z6z"}
    r = play(hands, [Script("2p", **PASSIVE), Script("9s", kongs=True), Script("3p", **PASSIVE),
                     Script(**PASSIVE)], draws="7m7z", indicator="8m", replacements="7m")
    assert "concealed_kong" in [e.type for e in r.events]
    (w,) = records(r, WIN)
    assert (int(w["seat"]), int(w["from_seat"])) == (1, 2) and fans_of(w) == {"tuidaohu", "menqing_wuhui"}
    assert deltas(r) == [0, 2, -2, 0]


def test_dihe_on_the_dealers_first_discard_with_zhuang():
    # seat 1 wins the dealer's first discard before discarding itself: 一条龙 3 + 地和 8 + 庄 1 (the
    # dealer deals in, BJ-9); under BJ-A11's option 地和 needs no claim before it (none here)
    hands = {0: "3p1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "9s9s1m2m3m4m5m6m4p5p7m8m9m",
             2: "2m5m8m2p5p8p2s5s8s1z2z3z4z", 3: "1m4m7m2p6p8p3s6s2z5z5z6z6z"}
    for opts in ({}, {"bj_dihe_after_claims": False}):
        r = play(hands, [Script("3p", **PASSIVE), Script(), Script(**PASSIVE), Script(**PASSIVE)],
                 indicator="8m", variant=load("beijing", **opts))
        (w,) = records(r, WIN)
        assert int(w["from_seat"]) == 0 and fans_of(w) == {"yitiaolong", "dihe", "zhuang"}
        assert deltas(r) == [-12, 12, 0, 0]


def test_bj6_three_hui_force_a_self_draw():
    # the 惠牌 is 9m (indicator 8m); seat 1 holds three of them and waits; seat 2's 3p is not offered
    hands = {0: "2p1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "9m9m9m1m2m3m4m5m6m4p5p7s8s",
             2: "3p2m5m8m2p5p8p2s5s8s1z2z3z", 3: "1m4m7m2p6p8p3s6s2z5z5z6z6z"}
    s1 = Script("7s")
    r = play(hands, [Script("2p", **PASSIVE), s1, Script("3p", **PASSIVE), Script(**PASSIVE)],
             draws="1z2s1z6p", indicator="8m")
    assert not any(dec == "discard_win" for dec, _, _ in s1.seen)
    (w,) = records(r, WIN)
    assert int(w["seat"]) == 1 and int(w["from_seat"]) == -1


def test_bj16_the_fourth_hui_wins_at_once_whatever_the_policy():
    # seat 1 holds three 惠牌 (9m) and draws the fourth: an automatic win worth 四惠牌 8, as a self-draw
    hands = {0: "2p1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "9m9m9m1m3m5m2p4p6p1s3s5s7z",
             2: "3p2m5m8m2p5p8p2s5s8s1z2z3z", 3: "1m4m7m2p6p8p3s6s2z5z5z6z6z"}
    s1 = Script("7z", **PASSIVE)
    r = play(hands, [Script("2p", **PASSIVE), s1, Script(**PASSIVE), Script(**PASSIVE)],
             draws="9m", indicator="8m")
    (w,) = records(r, WIN)
    assert int(w["seat"]) == 1 and fans_of(w) == {"sihui"} and deltas(r) == [-8, 24, -8, -8]
    assert int(w["flags"]) >> BJ_SHIFT & FLAGS["sihui"]


def test_a_double_win_on_one_discard_each_a_record():
    # seats 1 and 3 both wait on 3p; seat 2 throws it on its second turn: both win (一炮多响, BJ-A8)
    # and seat 2 pays both
    hands = {0: "2p1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "9s9s1m2m3m4m5m6m4p5p7s8s9s",
             2: "3p2m5m8m2p5p8p2s5s8s1z2z3z", 3: "5s5s1m2m3m7s8s9s4p5p1s2s3s"}

    def pol():
        return [Script("2p", **PASSIVE), Script(), Script("1z3p", **PASSIVE), Script()]

    r = play(hands, pol(), draws="7z6z7z6z7z6z", indicator="8m")
    ws = records(r, WIN)
    assert [(int(w["seat"]), int(w["from_seat"])) for w in ws] == [(3, 2), (1, 2)]
    assert all(fans_of(w) == {"tuidaohu", "menqing_wuhui"} for w in ws)
    assert deltas(r) == [0, 2, -4, 2] and r.n_wins == 2 and r.winners == (1 << 3) | (1 << 1)
    # BJ-A8 option: the nearest seat only
    r = play(hands, pol(), draws="7z6z7z6z7z6z", indicator="8m", variant=load("beijing", multi_win=False))
    assert [(int(w["seat"]), int(w["from_seat"])) for w in records(r, WIN)] == [(3, 2)]


def test_dealer_rotation_keeps_the_deal_without_limit_and_passes_it_on():
    row = {"outcome": 1, "winner": 0, "discarder": -1, "n_wins": 1}
    assert next_dealer(BEIJING.core, 0, 7, row) == (0, 8)
    assert next_dealer(BEIJING.core, 0, 7, {**row, "outcome": 0}) == (0, 8)
    assert next_dealer(BEIJING.core, 0, 7, {**row, "winner": 2}) == (1, 0)
    assert next_dealer(load("beijing", next_dealer="previous").core, 0, 7, {**row, "winner": 2}) == (3, 0)
    # a dealer among several winners of one discard won too: it keeps the deal (the row's winner is
    # the nearest one)
    double = {"outcome": 1, "winner": 3, "discarder": 2, "n_wins": 2}
    assert next_dealer(BEIJING.core, 0, 7, {**double, "winners": 0b1001}) == (0, 8)
    assert next_dealer(BEIJING.core, 0, 7, {**double, "winners": 0b1010}) == (1, 0)


def _hand_of(w):
    counts = np.zeros(34, dtype=np.int64)
    for t in w["concealed"]:
        if t != 255:
            counts[t] += 1
    melds = [(_MELDS[int(w["meld_type"][i])], int(w["meld_kind"][i])) for i in range(int(w["n_melds"]))]
    return counts, melds


def recheck_wins(out, w, check_ref=200):
    """Each win record re-scored by the pure scorer (its flags as the engine saw them) and, for the
    first `check_ref`, its shape re-checked by the slow reference search and its fans by ref_fans."""
    gold = dict(zip(zip(out["game_id"].tolist(), out["hand"].tolist()), out["gold"].tolist()))
    names = {b: n for n, b in FLAGS.items()}
    wins = np.flatnonzero(w["kind"] == WIN)
    for j, i in enumerate(wins):
        rec = {c: w[c][i] for c in w}
        counts, melds = _hand_of(rec)
        wild = gold[(int(rec["game_id"]), int(rec["hand"]))]
        bits = int(rec["flags"]) >> BJ_SHIFT
        flags = [n for b, n in names.items() if bits & b]
        got = evaluate(counts, melds, wild, flags, int(rec["tile"]))
        assert got["total"] == int(rec["value"]), (rec, got)
        assert sum(1 << FANS.index(f) for f in got["fans"]) == int(rec["patterns"])
        if j < check_ref:
            assert ref_is_win(counts, melds, wild) or "sihui" in flags
            kw = {f: True for f in flags}
            ref = ref_fans(counts, melds, wild, win_kind=int(rec["tile"]), **kw)
            assert ref is not None and ref[0] == got["total"], (rec, ref, got)
        if rec["win_type"] == WIN_SELFDRAW_TYPE:
            assert sorted(int(rec[f"delta_{s}"]) for s in range(4) if s != rec["seat"])[0] < 0
    return len(wins)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_thousands_of_hands_keep_every_invariant_and_every_win_rescores(policy):
    out, w = play_block(BEIJING.core, 5, 0, 2000, policy, check=True, records=True)
    d = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (d.sum(axis=0) == 0).all() and (out["flowers_0"] == 0).all()
    assert ((out["gold"] >= 0) & (out["gold"] < 34)).all()
    key = out["game_id"] * 4 + out["hand"]
    for s in range(4):   # the records add up to the hands' totals
        per_hand = np.zeros(len(key), dtype=np.int64)
        np.add.at(per_hand, np.searchsorted(key, w["game_id"] * 4 + w["hand"]), w[f"delta_{s}"])
        assert (per_hand == out[f"delta_{s}"]).all()
    assert recheck_wins(out, w) > (20 if policy == "random" else 1000)
    shao = w["kind"] == SHAO
    assert (w["from_seat"][shao] == out["dealer"][np.searchsorted(key, w["game_id"][shao] * 4 + w["hand"][shao])]).all()
    if policy == "greedy":
        assert (out["outcome"] == 1).mean() > 0.6


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_a_100000_hand_sweep_under_check(policy):
    total = 0
    for block in range(10):
        out, w = play_block(BEIJING.core, 77, block * 10_000, 10_000, policy, check=True, records=True)
        d = np.stack([out[f"delta_{s}"] for s in range(4)])
        assert (d.sum(axis=0) == 0).all()
        total += recheck_wins(out, w, check_ref=100)
    assert total > (1_000 if policy == "random" else 50_000)
    print(f"{policy}: 100,000 hands, {total} win records re-scored")


def test_the_wins_table_names_the_fans():
    patterns, flags = pack_names("beijing")
    assert patterns[1 << FANS.index("haohua")] == "haohua" and flags[FLAGS["sihui"] << BJ_SHIFT] == "bj_sihui"


def test_every_compiled_policy_plays_the_pack():
    for policy in ("guard", "value", "rollout:n=4"):   # tests/test_beijing_guard.py, tests/test_pack_value.py
        assert len(play_block(BEIJING.core, 1, 0, 2, policy)["game_id"]) == 2


def test_greedy_reads_seven_pairs_and_rarely_waits_for_four_hui():
    out, w = play_block(BEIJING.core, 11, 0, 400, "greedy", records=True)
    wins = w["kind"] == WIN
    assert (w["patterns"][wins] & (1 << FANS.index("qiduizi"))).any()   # greedy reads seven pairs
    assert ((w["patterns"][wins] >> FANS.index("sihui")) & 1).sum() < wins.sum() / 20


def test_nearest_only_ignores_fuzhous_jinque_priority():
    # multi_win off: seat 1 (next after the dealer) wins the dealer's 3p although seat 3 would win it
    # with two 惠牌 as its pair (a 金雀 shape, which ranks first only in Fuzhou)
    hands = {0: "3p1m4m7m1p4p7p1s4s7s1z3z4z7z", 1: "5s5s1m2m3m7s8s9s4p5p1s2s3s",
             2: "2m5m8m2p5p8p2s5s8s1z2z3z4z", 3: "9m9m1m2m3m4m5m6m4p5p7s8s9s"}
    pol = [Script("3p", **PASSIVE), Script(), Script(**PASSIVE), Script()]
    r = play(hands, pol, indicator="8m", variant=load("beijing", multi_win=False))
    assert [(int(w["seat"]), int(w["from_seat"])) for w in records(r, WIN)] == [(1, 0)]
    r = play(hands, [Script("3p", **PASSIVE), Script(), Script(**PASSIVE), Script()], indicator="8m")
    assert [(int(w["seat"]), int(w["from_seat"])) for w in records(r, WIN)] == [(1, 0), (3, 0)]
