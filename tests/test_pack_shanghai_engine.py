"""The Shanghai pack on the engine (RULES-PACKS §1 上海麻将): random and greedy hands keep every
invariant and every engine win is re-scored by the pure scorer and its gate re-checked by the slow
reference; explicit walls pin each rule edge — 八花齐, 开宝 and 荒番 doubling score and cap, 承包
in both directions and mutual, 漏胡, a double win on one discard and the next dealer, a robbed
kong paid 3x, the minimum gate — and the 荒番 counter runs across the hands of a match (SH-18)."""
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import fzsim
from fzsim.packs.shanghai import calculator as packs_shanghai
from fzsim.game import parse_tile_sequence
from fzsim.rules import FIELDS, RuleError, load
from fzsim_core.engine import next_dealer, play_block
from fzsim_core.packs.registry import PACKS, tile_set
from fzsim_core.packs.shanghai import play as sh_play
from fzsim_core.packs.shanghai import score as sh_score
from fzsim_core.wall import rng_outputs
from fzsim_core.winschema import RECORD_KINDS
from tests.engine_scripts import Script

sys.path.insert(0, str(Path(__file__).parent))
import reference_shanghai as ref  # noqa: E402

SHANGHAI = load("shanghai")
PATTERNS = sh_score.PATTERNS
MELDS = {1: "chow", 2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}
FLAG_KONG_REPLACEMENT, FLAG_KAIBAO, FLAG_HUANGFAN, FLAG_CHENGBAO, FLAG_BAHUA = 2, 256, 512, 2048, 4096


def sh_wall(hands, dealer=0, draws="", tail=""):
    """A 144-tile wall: seat (dealer + i) is dealt hands[...][:13] from the head, the dealer also
    its 14th tile, then `draws` from the head; `tail` is taken from the end of the wall first
    (flower and kong replacements); every other tile in kind order, the unused flowers in the
    middle of the live wall."""
    tiles = {s: parse_tile_sequence(h) for s, h in hands.items()}
    wall = []
    for i in range(4):
        wall += tiles[(dealer + i) % 4][:13]
    wall.append(tiles[dealer][13])
    for s, t in tiles.items():
        assert len(t) == (14 if s == dealer else 13), f"seat {s} is dealt {len(t)} tiles"
    wall += parse_tile_sequence(draws)
    tl = parse_tile_sequence(tail)
    left = Counter({k: 4 for k in range(34)})
    left.update({k: 1 for k in range(34, 42)})
    left.subtract(wall + tl)
    assert min(left.values()) >= 0, f"a kind is used too often: {[k for k, v in left.items() if v < 0]}"
    rest = [k for k in range(34) for _ in range(left[k])]
    flowers = [k for k in range(34, 42) if left[k]]
    rest = rest[:len(rest) // 2] + flowers + rest[len(rest) // 2:]
    wall += rest + tl[::-1]
    assert len(wall) == 144
    return np.array(wall, dtype=np.uint8)


def play(hands, policies, draws="", tail="", variant=SHANGHAI, dealer=0, seed=1, carry=None):
    return fzsim.play_hand(seed, 0, variant=variant, policies=policies, wall=sh_wall(hands, dealer, draws, tail),
                           log=True, dealer=dealer, streak=0, check=True, carry=carry)


def deltas(result):
    return [getattr(result, f"delta_{s}") for s in range(4)]


def wins_of(result):
    r = result.records
    return [(int(r["seat"][i]), int(r["from_seat"][i]), int(r["points"][i]), PATTERNS[r["base_pattern"][i]])
            for i in range(len(r["kind"])) if r["kind"][i] == RECORD_KINDS["win"]]


def dice_seed(kaibao):
    """A root seed whose hand (0, 0) opens with (no) 开宝 dice, from the dice stream (3)."""
    for seed in range(1000):
        a, b = (int(x) + 1 for x in rng_outputs(seed, 0, 0, 3, 2, 6))
        if sh_play.kaibao(a, b) == kaibao:
            return seed, 10 * a + b
    raise AssertionError("no seed")


def passive(**kw):
    """A seat that never wins or claims and throws its draws (or the listed tiles)."""
    kw.setdefault("discard_win", False)
    kw.setdefault("self_win", False)
    return Script(**kw)


# ---- the pack, the preset and its rule keys ---------------------------------------------------

def test_the_pack_is_registered_with_144_tiles_and_13_tile_hands():
    n, hand_size, copies = tile_set(PACKS["shanghai"])
    assert (n, hand_size) == (144, 13) and copies[:34].tolist() == [4] * 34 and copies[34:].tolist() == [1] * 8
    assert SHANGHAI["pack"] == "shanghai" and SHANGHAI["scoring"] == "shanghai"
    assert (SHANGHAI["base"], SHANGHAI["flower_point"], SHANGHAI["reserve_base"]) == (2, 1, 0)
    assert SHANGHAI["multi_win"] and SHANGHAI["rob_kong"] and SHANGHAI["chow"] and not SHANGHAI["honors_are_flowers"]


def test_every_section_9_option_is_a_rule_key_with_the_spec_default():
    # the pure parts' options (fzsim.packs.shanghai.calculator.OPTIONS) under sh_, the three shared ones mapped
    shared = {"base_points": "base", "flower_point": "flower_point", "reserve_tiles": "reserve_base"}
    for key, default in packs_shanghai.OPTIONS.items():
        name = shared.get(key, f"sh_{key}")
        assert name in FIELDS, name
        assert SHANGHAI[name] == default, (name, SHANGHAI[name], default)
    sh_keys = {k for k in FIELDS if k.startswith("sh_")}
    assert sh_keys == {f"sh_{k}" for k in packs_shanghai.OPTIONS if k not in shared}


@pytest.mark.parametrize("key, bad", [("sh_chengbao", "half"), ("sh_lezi", 0), ("sh_louhu", 1),
                                      ("sh_multi_ron_dealer", "discarder"), ("sh_huangfan_mult", "x3")])
def test_a_bad_option_value_names_the_key(key, bad):
    with pytest.raises(RuleError, match=key):
        load("shanghai", **{key: bad})


def test_the_pack_needs_its_scoring_and_held_honours():
    with pytest.raises(RuleError, match="scoring"):
        load("shanghai", scoring="fuzhou")
    with pytest.raises(RuleError, match="honors_are_flowers"):
        load("shanghai", honors_are_flowers=True)


def test_rollout_does_not_search_own_turn_discards_on_the_pack():
    with pytest.raises(ValueError, match="on the shanghai pack rollout does not search own-turn discards"):
        play_block(SHANGHAI.core, 1, 0, 2, "rollout:at=5")
    assert len(play_block(SHANGHAI.core, 1, 0, 2, "rollout:n=4")["game_id"]) == 2
    assert len(play_block(SHANGHAI.core, 1, 0, 2, "rollout:n=4;at=6")["game_id"]) == 2


# ---- thousands of hands: invariants, the records re-scored, the gate re-checked ----------------

def rescore(out, w, n_check=None, options=None):
    """Every win record against the pure scorer (fzsim_core.packs.shanghai.score) and the slow
    reference's gate (tests/reference_shanghai.py); returns the counted patterns."""
    row_of = {(int(g), int(h)): i for i, (g, h) in enumerate(zip(out["game_id"], out["hand"]))}
    counted = Counter()
    idx = np.flatnonzero(w["kind"] == RECORD_KINDS["win"])
    for i in idx[:n_check]:
        r = row_of[(int(w["game_id"][i]), int(w["hand"][i]))]
        counts = np.zeros(34, dtype=np.int64)
        for k in w["concealed"][i]:
            if k != 255:
                counts[k] += 1
        melds = [(MELDS[int(w["meld_type"][i][m])], int(w["meld_kind"][i][m])) for m in range(int(w["n_melds"][i]))]
        flags = int(w["flags"][i])
        seat, payer = int(w["seat"][i]), int(w["from_seat"][i])
        names = []
        if w["win_type"][i] == 1:
            names.append("selfdraw")
            if flags & FLAG_KONG_REPLACEMENT:
                names.append("gangkai")
            if flags & FLAG_BAHUA:
                names.append("bahua")
        elif w["win_type"][i] == 3:
            names.append("robbed_kong")
        dice = int(out["dice"][r])
        kaibao = sh_play.kaibao(dice // 10, dice % 10)
        assert bool(flags & FLAG_KAIBAO) == kaibao
        assert bool(flags & FLAG_HUANGFAN) == (out["carry"][r] >= 1)
        n_flowers = int(out[f"flowers_{seat}"][r])
        assert int(w["gen"][i]) == n_flowers
        s = sh_score.evaluate(counts, melds, names, n_flowers, kaibao, int(out["carry"][r]), options)
        assert (s["per_payer"], PATTERNS.index(s["pattern"]), s["floored"]) == (
            int(w["points"][i]), int(w["base_pattern"][i]), int(w["value"][i]))
        assert s["per_payer"] <= s["cap"]
        feng_all = (options or {}).get("feng_includes_dragons", True)
        shape = (options or {}).get("fengyise_shape", False)
        if "bahua" not in names and s["pattern"] != "standalone":
            want = ref.ref_patterns(counts, melds, feng_all, shape)
            assert want, (counts, melds)          # the gate, by the slow reference
            assert set(s["patterns"]) == want
        elif "bahua" in names:
            assert n_flowers == 8
        counted[s["pattern"]] += 1
        # the payments: the pure payments with the seat's 承包 relations give the record's deltas
        assert int(w[f"delta_{seat}"][i]) > 0 and sum(int(w[f"delta_{x}"][i]) for x in range(4)) == 0
        got = [int(w[f"delta_{x}"][i]) for x in range(4)]
        if not flags & FLAG_CHENGBAO:   # no 承包 partner: exactly the plain payments
            assert got == sh_score.win_deltas(int(w["points"][i]), seat, payer, bool(w["win_type"][i] == 3),
                                              options=options)
        elif payer >= 0 and (options or {}).get("chengbao", "extra") == "extra":
            assert got[payer] <= -int(w["points"][i]) * (3 if w["win_type"][i] == 3 else 1)
    return counted


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_thousands_of_hands_keep_every_invariant(policy):
    out, w = play_block(SHANGHAI.core, 9, 0, 2000, policy, check=True, records=True)
    d = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (d.sum(axis=0) == 0).all() and (out["gold"] == -1).all()
    assert (out["flowers_0"] + out["flowers_1"] + out["flowers_2"] + out["flowers_3"] <= 8).all()
    assert ((out["dice"] // 10 >= 1) & (out["dice"] // 10 <= 6) & (out["dice"] % 10 >= 1) & (out["dice"] % 10 <= 6)).all()
    key = out["game_id"] * 4 + out["hand"]
    for s in range(4):   # the records add up to the hands' totals
        per_hand = np.zeros(len(key), dtype=np.int64)
        np.add.at(per_hand, np.searchsorted(key, w["game_id"] * 4 + w["hand"]), w[f"delta_{s}"])
        assert (per_hand == out[f"delta_{s}"]).all()
    assert out["n_wins"].max() <= 3
    counted = rescore(out, w)
    if policy == "greedy":
        assert (out["outcome"] == 1).mean() > 0.9       # greedy reaches the minimum in most hands
        assert len(counted) >= 5                         # and in many of its patterns
        assert (out["n_wins"] > 1).any()                 # 一炮多响 happens


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "greedy", "guard"])
def test_sweep_100000_hands(policy, request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("runs only with -m slow")   # the default run does not deselect it
    counted = Counter()
    for block in range(10):
        out, w = play_block(SHANGHAI.core, 2026, block * 10_000, 10_000, policy, check=True, records=True)
        counted += rescore(out, w, 2000)
    assert counted


# ---- 荒番 across a match (SH-18) and 开宝 dice -------------------------------------------------

def test_sh18_huangfan_counter_over_a_match():
    rules = SHANGHAI.core
    d, s, h = 0, 0, 0
    seen = []
    for outcome in (0, 0, 0, 1, 0):
        seen.append(h)
        row = {"outcome": outcome, "winner": 1 if outcome else -1, "n_wins": outcome, "carry": h}
        d, s, h = next_dealer(rules, d, s, row, 0, True)
    assert seen == [0, 1, 2, 3, 2] and h == 3
    # a multiple ron lowers it once (default) or once per winner (SH-A6 option)
    row = {"outcome": 1, "winner": 1, "discarder": 0, "n_wins": 2, "carry": 3}
    assert next_dealer(rules, 0, 0, row, 0, True)[2] == 2
    assert next_dealer(load("shanghai", sh_huangfan_multi_ron="per_winner").core, 0, 0, row, 0, True)[2] == 1
    # other packs carry nothing
    assert next_dealer(load("sichuan").core, 0, 0, {"outcome": 0, "winner": -1}, 0, True)[2] == 0


def test_the_match_loop_carries_huangfan_and_doubles_the_won_hands():
    rules = load("shanghai", hands_per_match=12)
    out, w = play_block(rules.core, 5, 0, 60, ("greedy", "random", "random", "random"), check=True, records=True)
    for g in range(60):
        sel = np.flatnonzero(out["game_id"] == g)
        h, per_hand = 0, []
        for i in sel:
            assert out["carry"][i] == h
            per_hand.append(int(out["n_wins"][i]))
            h = sh_play.huangfan_sequence([per_hand[-1]], start=h)[1]
    assert (out["carry"] >= 2).any() and ((out["carry"] >= 1) & (out["outcome"] == 1)).any()
    rescore(out, w)   # each won hand's P includes the x2 of its 荒番 (and 开宝) with the cap doubled


def test_dice_come_from_their_own_stream_and_are_stored():
    out = play_block(SHANGHAI.core, 77, 0, 300, "random")
    for g in range(0, 300, 37):
        a, b = (int(x) + 1 for x in rng_outputs(77, g, 0, 3, 2, 6))
        assert out["dice"][g] == 10 * a + b
    rate = np.mean([sh_play.kaibao(x // 10, x % 10) for x in out["dice"]])
    assert abs(rate - 2 / 9) < 0.07
    # other packs roll no dice, so their streams and rows are as before
    assert (play_block(load("fuzhou").core, 77, 0, 20, "random")["dice"] == 0).all()


# ---- explicit walls -----------------------------------------------------------------------------

HUN9 = {   # seat 3: 123m 456m 白白白 发发发 中 + 5 flowers (F = 5 + 2 + 2 = 9), waits on 中
    0: "1p4p7p1s4s7s2p5p8p2s5s8s9p9s", 1: "3p6p3s6s9p1z2z3z4z1z2z3z4z",
    2: "7z2m5m8m7p4s8p2m5m8m7p4s8s", 3: "1m2m3m4m5m6m5z5z1f2f3f4f5f"}
HUN9_TAIL = "5z6z6z6z7z"   # seat 3's flower replacements


@pytest.mark.parametrize("kaibao, carry, stack, want", [
    (False, 0, "multiply", 10),    # 2 + 9 = 11 -> one 勒子
    (True, 0, "multiply", 20),     # x2, cap 20 (SH-10)
    (False, 1, "multiply", 20),    # 荒番 x2
    (True, 1, "multiply", 40),     # x4: min(44, 40) — the cap doubled twice binds
    (True, 1, "max", 20),          # SH-A7 option: doubled once
    (True, 2, "multiply", 40),     # H = 2 still x2 by default ...
])
def test_kaibao_and_huangfan_double_score_and_cap(kaibao, carry, stack, want):
    seed, dice = dice_seed(kaibao)
    variant = load("shanghai", sh_kaibao_huangfan_stack=stack)
    pol = [passive(discards="9p"), passive(discards="9p"), passive(discards="7z"), Script()]
    r = play(HUN9, pol, draws="9s9s9s", tail=HUN9_TAIL, variant=variant, seed=seed, carry=carry)
    assert (r.dice, r.carry) == (dice, carry)
    assert wins_of(r) == [(3, 2, want, "hunyise")] and deltas(r) == [0, 0, -want, want]
    assert bool(r.records["flags"][0] & FLAG_KAIBAO) == kaibao and bool(r.records["flags"][0] & FLAG_HUANGFAN) == (carry > 0)


def test_huangfan_pow2_option():
    seed, _ = dice_seed(False)
    pol = [passive(discards="9p"), passive(discards="9p"), passive(discards="7z"), Script()]
    r = play(HUN9, pol, draws="9s9s9s", tail=HUN9_TAIL, variant=load("shanghai", sh_huangfan_mult="pow2"),
             seed=seed, carry=2)
    assert wins_of(r) == [(3, 2, 40, "hunyise")]    # x 2^2, min(44, 40)


BAHUA = {   # seat 1 is dealt 7 flowers and draws the 8th on its first turn
    0: "1p4p7p1s4s7s2p5p8p2s5s8s9p9s", 1: "1m4m7m1f2f3f4f5f6f7f1z2z3z",
    2: "2m5m8m3p6p3s6s4z5z6z7z1z2z", 3: "3m6m9m9m7p8p7s8s4z5z6z7z3z"}


def test_sh12_bahua_wins_at_once_on_the_eighth_flower():
    seed, _ = dice_seed(False)
    pol = [passive(discards="9p"), Script(), passive(), passive()]
    r = play(BAHUA, pol, draws="8f", tail="2m3m5m6m8m9m4p9p", seed=seed)
    assert wins_of(r) == [(1, -1, 20, "bahua")] and deltas(r) == [-20, 60, -20, -20]
    assert r.records["flags"][0] & FLAG_BAHUA and r.flowers_1 == 8


def test_bahua_may_be_declined_or_is_forced_by_the_option():
    seed, _ = dice_seed(False)
    r = play(BAHUA, [passive(discards="9p"), passive(), passive(), passive()], draws="8f",
             tail="2m3m5m6m8m9m4p9p", seed=seed)
    assert wins_of(r) == [] and r.outcome == 0   # declined, play went on (offered once)
    r = play(BAHUA, [passive(discards="9p"), passive(), passive(), passive()], draws="8f",
             tail="2m3m5m6m8m9m4p9p", seed=seed, variant=load("shanghai", sh_bahua_optional=False))
    assert wins_of(r) == [(1, -1, 20, "bahua")]


# 承包: W (seat 1) pungs 1z 2z 3z from X (seat 0); the hand ends 1z 2z 3z | 9m9m 8s8s (碰碰胡, F = 3)
CB_W = "1z1z2z2z3z3z9m9m8s8s"


def test_sh15_chengbao_claims_from_the_payer_side_and_the_full_option():
    hands = {0: "1z2z3z1p4p7p1s4s7s2m5m7m6p8p", 1: CB_W + "1p4p7p",
             2: "2p5p8p2s5s8s3m6m9p9s4z5z6z", 3: "3p6p3s6s9p9s4m4z5z6z7z7z7p"}
    # seat 2 throws its draws, the last one 9m for W; X throws 1z, 2z, 3z from its hand on its turns
    draws = "1m2m6s" "1m2m6s" "9m"
    for option, want in (("extra", [-5, 10, -5, 0]), ("full", [-5, 5, 0, 0])):
        pol = [passive(discards="1z2z3z"), Script(claims=["pung"] * 3, discards="1p4p7p"), passive(), passive()]
        r = play(hands, pol, draws=draws, variant=load("shanghai", sh_chengbao=option))
        assert wins_of(r) == [(1, 2, 5, "pengpeng")] and deltas(r) == want
        assert r.records["flags"][0] & FLAG_CHENGBAO


def test_sh_chengbao_counted_the_other_way_and_mutual():
    # reverse: X (seat 0) pungs W's 5p 6p 7p; W then self-draws 碰碰胡 111s 222s 333m 444z 9m9m (F 1, P 3)
    hands = {0: "5p5p6p6p7p7p1m4m1s4s7s2z3z5z", 1: "5p6p7p1s1s1s2s2s2s3m3m3m9m",
             2: "2m5m8m3p6p8p3s6s8s6z7z1z2z", 3: "6m8m1p2p3p4p8p9p5s6s9s6z7z"}
    pol = [passive(discards="1m4m1s4s"), Script(discards="5p6p7p"), passive(), passive()]
    pol[0].claims = ["pung"] * 3
    r = play(hands, pol, draws="4z4z4z9m")
    assert wins_of(r) == [(1, -1, 3, "pengpeng")]
    assert deltas(r) == [-9, 15, -3, -3]     # X: its share + 2 shares (one relation), the others 3 each
    # mutual: W pungs X's 1z 2z 3z and X pungs W's 5p 6p 7p; W self-draws P = 5, X pays 5 + 2 x 2 x 5
    hands = {0: "1z2z3z5p5p6p6p7p7p1m4m1s4s7s", 1: CB_W[:12] + "5p6p7p" + "9m",
             2: "2m5m8m3p6p8p3s6s8s6z7z4z4z", 3: "6m8m1p2p3p4p8p9p5s6s9s6z7z"}
    hands[1] = "1z1z2z2z3z3z9m9m8s8s5p6p7p"
    pol = [passive(discards="1z2z3z1m"), Script(claims=["pung"] * 3, discards="5p6p7p"), passive(), passive()]
    pol[0].claims = ["pung"] * 3
    r = play(hands, pol, draws="9m")
    assert wins_of(r) == [(1, -1, 5, "pengpeng")] and deltas(r) == [-25, 35, -5, -5]


class DeclineOnce(Script):
    """Declines the first discard win it is offered, takes every later one."""

    def __call__(self, obs, legal):
        if obs["decision"] == "discard_win" and not getattr(self, "declined", False):
            self.declined = True
            self.seen.append((obs["decision"], obs["tile"], list(legal)))
            return [a[0] for a in legal].index("pass")
        return super().__call__(obs, legal)


# 漏胡 (SH-21): A = seat 3 waits on 5m or 8m (111p 222s 999p 5m5m 8m8m: 碰碰胡)
LOUHU = {0: "5m5m1m2m3m4s6s7s3p4p6p7p3z4z", 1: "1m2m3m4m6m7m9m1s3s5s7s1z2z",
         2: "8m9m4p6p7s8s9s5z6z7z1z2z5p", 3: "1p1p1p2s2s2s9p9p9p5m5m8m8m"}


def test_sh21_louhu_bars_the_declined_kind_until_the_seats_next_draw():
    # seat 0 throws 5m (A declines), seat 1 throws 5m (A is not offered), seat 2 throws 8m (A wins)
    a = DeclineOnce()
    pol = [passive(discards="5m"), passive(discards="5m"), passive(discards="8m"), a]
    hands = dict(LOUHU)
    hands[0], hands[1] = "5m1m2m3m4s6s7s3p4p6p7p3z4z2z", "5m1m2m3m4m6m7m9m1s3s5s7s1z"
    r = play(hands, pol, draws="2z3z4z")
    offers = [(d, t) for d, t, _ in a.seen if d == "discard_win"]
    assert offers == [("discard_win", "5m"), ("discard_win", "8m")]
    assert wins_of(r) == [(3, 2, 2, "pengpeng")]
    # with 漏胡 off the second 5m is offered and taken
    a = DeclineOnce()
    pol = [passive(discards="5m"), passive(discards="5m"), passive(discards="8m"), a]
    r = play(hands, pol, draws="2z3z4z", variant=load("shanghai", sh_louhu=False))
    assert wins_of(r) == [(3, 1, 2, "pengpeng")]


def test_louhu_is_lifted_by_the_seats_own_draw():
    # seat 0 throws 5m (declined); seats 1, 2 and A throw their draws; seat 0 throws its second 5m
    a = DeclineOnce(discards="")
    hands = dict(LOUHU)
    pol = [passive(discards="5m5m"), passive(), passive(), a]
    r = play(hands, pol, draws="3z3z4z" "6z")
    offers = [t for d, t, _ in a.seen if d == "discard_win"]
    assert offers == ["5m", "5m"] and wins_of(r) == [(3, 0, 2, "pengpeng")]


def test_sh22_two_win_on_one_discard_and_the_next_dealer():
    # seat 0 throws 9s: seat 1 (its 下家, 111m 222m 333p 444p 9s) and seat 2 (111z 222z 333s 666p 9s)
    hands = {0: "9s1p5p7p1s3s5s7s5m6m8m9m6z7z", 1: "1m1m1m2m2m2m3p3p3p4p4p4p9s",
             2: "1z1z1z2z2z2z3s3s3s6p6p6p9s", 3: "3m4m7m5p6p8p9p2s6s8s5z6z7z"}
    pol = [passive(discards="9s"), Script(), Script(), passive()]
    r = play(hands, pol)
    # seat 1: 碰碰胡 F 0 -> 2; seat 2: 碰碰胡 with two wind pungs (F 2) -> 4
    assert wins_of(r) == [(1, 0, 2, "pengpeng"), (2, 0, 4, "pengpeng")]
    assert deltas(r) == [-6, 2, 4, 0] and r.n_wins == 2
    row = {"outcome": 1, "winner": r.winner, "discarder": r.discarder, "n_wins": r.n_wins, "carry": 0}
    assert next_dealer(SHANGHAI.core, 0, 0, row)[0] == 1                      # the nearest winner
    assert next_dealer(load("shanghai", sh_multi_ron_dealer="after_nearest_winner").core, 0, 0, row)[0] == 2


def test_sh13_a_robbed_kong_is_paid_three_times_by_the_konger():
    # W = seat 1 pungs seat 0's 5m, later draws the fourth 5m and adds it: seat 3 (34m 666m 777m
    # 111z 22z, 混一色 F 1, P 3) robs it; W pays 3 x 3. Seat 3 passes the first 5m (漏胡, lifted by
    # its next draw) so that W can pung it.
    hands = {0: "5m1p4p7p1s4s7s2p5p8p2s5s8s9p", 1: "5m5m1m9m3p6p9s3s6s9p5z6z7z",
             2: "2m8m1p4p7p2s5s8s4z5z6z7z3z", 3: "3m4m6m6m6m7m7m7m1z1z1z2z2z"}
    pol = [passive(discards="5m"), Script(claims=["pung"], discards="1m", kongs=True), passive(), DeclineOnce()]
    r = play(hands, pol, draws="3p" "4z" "9p" "5m")
    assert wins_of(r) == [(3, 1, 3, "hunyise")] and deltas(r) == [0, -9, 0, 9]
    assert r.win_type == 3


def test_sh19_a_hand_below_the_minimum_is_never_offered():
    # seat 1 holds 123m 456p 789s 234s 5s — complete with a 5s but chows in two suits, no honours
    hands = {0: "5s1p4p7p1z2z3z2m5m8m6p9p6z7z", 1: "1m2m3m4p5p6p7s8s9s2s3s4s5s",
             2: "3m6m9m3p8p1s4s6s4z5z6z7z1z", 3: "4m7m1m2p3p9p2z3z4z5z6z7z9m"}
    s1 = Script()
    r = play(hands, [passive(discards="5s"), s1, passive(), passive()])
    assert not any(d == "discard_win" for d, _, _ in s1.seen)
    assert r.winner != 1


def test_sh_a10_the_xiajia_may_kong_a_discard_unless_the_literal_option():
    # seat 1 (seat 0's 下家) holds three 9p: it may pung, kong or chow seat 0's 9p — no kong under
    # the literal reading
    hands = {0: "9p1m4m7m1s4s7s2m5m8m2s5s6z7z", 1: "9p9p9p7p8p1z2z3z4z5z3m6m8s",
             2: "1p2p3p4p5p6p3s6s9s1z2z3z4z", 3: "2m3m4m5m6m7m8m9m5z6z7z1s4s"}
    for option, kong in ((True, True), (False, False)):
        s1 = passive()
        play(hands, [passive(discards="9p"), s1, passive(), passive()],
             variant=load("shanghai", sh_xiajia_can_kong=option))
        claim = [legal for d, t, legal in s1.seen if d == "claim" and t == "9p"][0]
        names = {a[0] for a in claim}
        assert "pung" in names and "chow" in names and ("kong" in names) == kong


OPTION_SETS = [
    {"sh_dadiaoche_standalone": True, "sh_gangkai_over_lezi": "cap"},
    {"sh_feng_includes_dragons": False, "sh_fengyise_shape": True, "sh_chengbao": "full"},
    {"sh_huangfan_mult": "pow2", "sh_kaibao_huangfan_stack": "max", "sh_bahua_optional": False, "sh_louhu": False},
]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=["standalone", "winds", "pow2"])
def test_the_options_keep_every_invariant(opts):
    variant = load("shanghai", hands_per_match=4, **opts)
    out, w = play_block(variant.core, 3, 0, 150, "greedy", check=True, records=True)
    assert (out["outcome"] == 1).mean() > 0.7
    pure = {k[3:]: v for k, v in opts.items() if k[3:] in sh_score.OPTIONS}
    rescore(out, w, options=pure)


def test_the_env_match_loop_carries_huangfan_too():
    from fzsim.env import VecEnv
    env = VecEnv(2, variant=load("shanghai", hands_per_match=4), seed=3, opponents="random")
    obs, _ = env.reset()
    rows = []
    for _ in range(1500):
        obs, *_ = env.step(np.array([np.flatnonzero(obs["mask"][i])[0] for i in range(2)]))
        rows += [(int(r["game_id"]), int(r["hand"]), int(r["outcome"]), int(r["carry"])) for r in env.finished()]
    by_game = {}
    for g, h, outcome, carry in sorted(rows):
        by_game.setdefault(g, []).append((h, outcome, carry))
    checked = 0
    for hands in by_game.values():
        h_count = 0
        for i, (h, outcome, carry) in enumerate(hands):
            if h != i:
                break
            assert carry == h_count
            h_count = h_count + 1 if outcome == 0 else max(h_count - 1, 0)
            checked += 1
    assert checked >= 8 and any(c >= 2 for *_, c in rows)
