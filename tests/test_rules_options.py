"""Each rule option switches the behaviour it names: the same walls played with the option on and off.

Options with
scripted scenarios in tests/test_engine_scenarios.py (xianjin_selfdraw_only, guoshui,
no_discard_claimed_tile) are not repeated here.
"""
import os
import sys

import numpy as np
import pytest

import fzsim
from fzsim.rules import load
from fzsim_core import engine
from fzsim_core.win_facts import FLAGS, SPECIALS, WIN_TYPES

sys.path.insert(0, os.path.dirname(__file__))
import engine_scripts  # noqa: E402  (scripted-seat helpers)

SEED = 20261129


def block(variant="fuzhou", n=500, **overrides):
    cfg = load(variant, overrides)
    return engine.play_block(cfg.core, SEED, 0, n, ("greedy",) * 4, True)


def test_walls_do_not_depend_on_the_variant():
    base = block("fuzhou", n=300)
    for variant in ("lianzhong", "bianfeng", "youjin", "fuzhou-honors"):
        assert np.array_equal(base["wall_digest"], block(variant, n=300)["wall_digest"]), variant


def test_honors_are_flowers():
    on, off = block("fuzhou", n=500), block("fuzhou", n=500, honors_are_flowers=False)
    flowers_on = sum(on[f"flowers_{s}"].astype(int) for s in range(4))
    flowers_off = sum(off[f"flowers_{s}"].astype(int) for s in range(4))
    # 36 flowers vs 8: never more than 8 in all with the option off, far more with it on
    assert flowers_off.max() <= 8 and flowers_on.mean() > 3 * flowers_off.mean()
    # the gold is always suited when honours are flowers, sometimes an honour otherwise
    assert on["gold"].max() < 27 and (off["gold"] >= 27).any()


@pytest.mark.parametrize("next_dealer", ["next", "winner"])
@pytest.mark.parametrize("draw_dealer, draw_streak", [("keep", "keep"), ("keep", "reset"), ("keep", "increment"),
                                                      ("next", "keep")])
def test_hands_per_match_next_dealer_and_streak(next_dealer, draw_dealer, draw_streak):
    # a large reserve makes drawn hands common, so draw_dealer / draw_streak are exercised
    rows = block("fuzhou", n=200, hands_per_match=6, next_dealer=next_dealer, draw_dealer=draw_dealer,
                 draw_streak=draw_streak, reserve_base=40)
    assert len(rows["game_id"]) == 200 * 6
    assert np.array_equal(rows["hand"], np.tile(np.arange(6), 200))
    seen = {"draw": 0, "dealer": 0, "other": 0}
    for i in range(len(rows["hand"]) - 1):
        if rows["hand"][i + 1] == 0:
            continue
        d, w, out, L = rows["dealer"][i], rows["winner"][i], rows["outcome"][i], rows["streak"][i]
        nd, nL = rows["dealer"][i + 1], rows["streak"][i + 1]
        if out == 0:      # drawn: the dealer stays (L kept, reset or + 1) or the next seat deals at 0
            seen["draw"] += 1
            if draw_dealer == "next":
                assert nd == (d + 1) % 4 and nL == 0
            else:
                assert nd == d and nL == {"keep": L, "reset": 0, "increment": L + 1}[draw_streak]
        elif w == d:      # dealer win: stays, L + 1
            seen["dealer"] += 1
            assert nd == d and nL == L + 1
        else:             # non-dealer win: the next seat or the winner deals, from L = 0
            seen["other"] += 1
            assert nd == ((d + 1) % 4 if next_dealer == "next" else w) and nL == 0
    assert min(seen.values()) > 20, seen


def test_draw_keeps_streak_is_replaced():
    with pytest.raises(fzsim.RuleError, match="draw_keeps_streak.*draw_dealer.*draw_streak"):
        fzsim.load_rules("fuzhou", draw_keeps_streak=True)


@pytest.mark.parametrize("key, bad, allowed", [
    ("draw_dealer", "winner", "'keep', 'next'"),
    ("draw_streak", "double", "'keep', 'reset', 'increment'"),
    ("zhuazhuang_payer", "winner", "'all', 'dealer'"),
    ("special_discard_payer", "dealer", "'all', 'discarder'"),
    ("loss_cap", -1, "0..1000000"),
    ("loss_cap", "10", "an integer"),
])
def test_new_options_reject_bad_values(key, bad, allowed):
    with pytest.raises(fzsim.RuleError) as err:
        fzsim.load_rules("fuzhou", **{key: bad})
    assert key in str(err.value) and allowed in str(err.value)


@pytest.mark.parametrize("key, value", [("reserve_base", 34), ("reserve_per_exposed_kong", 4),
                                        ("reserve_per_concealed_kong", 6), ("reserve_per_flower_set", 8)])
def test_reserve_options_end_the_wall_earlier(key, value):
    low = block("fuzhou", reserve_base=30)
    high = block("fuzhou", **{"reserve_base": 30, key: value})
    assert (high["outcome"] == 0).sum() >= (low["outcome"] == 0).sum()
    assert (high["tiles_left"] != low["tiles_left"]).any()


def test_last_group_size():
    flag = FLAGS["last_group"]
    on = block("fuzhou", n=500, reserve_base=45)
    off = block("fuzhou", n=500, reserve_base=45, last_group_size=0)
    assert ((on["flags"] & flag) != 0).any()
    assert not ((off["flags"] & flag) != 0).any()


SPECIAL_FIELD = {bit: "special_" + name for name, bit in SPECIALS.items()}


@pytest.mark.parametrize("variant, overrides", [
    ("fuzhou", {}), ("lianzhong", {}), ("bianfeng", {}), ("youjin", {}),
    # every scoring constant reaches the engine's scoring
    ("fuzhou", dict(base=9, multiplier=3, flower_point=2, exposed_kong_points=3, concealed_kong_points=5,
                    special_qiangjin=33, special_pinghu_oneflower=17, special_jinque=71, special_sanjindao=45)),
    ("lianzhong", dict(multiplier=4, lianzhong_pinghu_bonus=25, special_pinghu_noflower=35)),
    ("bianfeng", dict(base=3, discard_multiplier=5, multiplier=3)),
    ("youjin", dict(base=7, youjin_mult_discard=3, youjin_mult_selfdraw=5, youjin_discard_bonus=4)),
])
def test_every_win_is_scored_by_its_family(variant, overrides):
    """Zero-sum; S is the counted special's value; the winner's gain follows the family's formula
    (RULES §10) from the row's F, K, G, L, S and the configured constants."""
    cfg = load(variant, overrides)
    c = cfg.core.fields
    rows = engine.play_block(cfg.core, SEED, 0, 500, ("greedy",) * 4, True)
    selfpaid = {WIN_TYPES[k] for k in ("selfdraw", "qiangjin", "sanjindao", "tianhu")}
    assert (sum(rows[f"delta_{s}"].astype(int) for s in range(4)) == 0).all()
    n = 0
    for i in np.flatnonzero(rows["outcome"] == 1):
        F, K, G, L, S = (int(rows[col][i]) for col in "FKGLS")
        self_paid = int(rows["win_type"][i]) in selfpaid
        counted = int(rows["special_counted"][i])
        specials = int(rows["specials"][i])
        value = c[SPECIAL_FIELD[counted]] if counted else 0
        if variant == "lianzhong" and counted and counted not in (SPECIALS["pinghu_noflower"],
                                                                  SPECIALS["pinghu_oneflower"]) \
                and specials & SPECIALS["pinghu_noflower"]:
            value += c["lianzhong_pinghu_bonus"]
        assert S == value, (variant, i)
        m = c["multiplier"]
        if variant == "fuzhou":
            P = (F + K + G + L + c["base"]) * m + S
        elif variant == "lianzhong":
            P = (F + K + L) * m + S if (counted or self_paid) else F + K + L
        elif variant == "bianfeng":
            if counted:   # paid as a self-draw: by all three, or (special_discard_payer) the discarder
                P = S + m * (F + K + G + L)
                self_paid = self_paid or c["special_discard_payer"] == 0
            else:
                P = (m if self_paid else c["discard_multiplier"]) * (c["base"] + F + K + G + L)
        else:
            key = ["youjin_mult_selfdraw", "youjin_mult_single", "youjin_mult_double",
                   "youjin_mult_triple"][int(rows["youjin_level"][i])] if self_paid else "youjin_mult_discard"
            P = (c["base"] + F + G + L + K + (0 if self_paid else c["youjin_discard_bonus"])) * c[key] + S
        gain = int(rows[f"delta_{int(rows['winner'][i])}"][i])
        assert gain == (3 * P if self_paid else P), (variant, i)
        n += 1
    assert n > 250


@pytest.mark.parametrize("on", [True, False])
def test_zhuazhuang(on):
    rows = block("fuzhou", n=200, hands_per_match=8, zhuazhuang=on)
    won = rows["outcome"] == 1
    by_dealer = won & (rows["winner"] == rows["dealer"])
    by_other = won & (rows["winner"] != rows["dealer"])
    assert np.array_equal(rows["L"][by_dealer], rows["streak"][by_dealer])
    assert np.array_equal(rows["L"][by_other], rows["streak"][by_other] if on else 0 * rows["streak"][by_other])
    assert (rows["streak"][by_other] > 0).any()


def test_scoring_family_does_not_change_play():
    """Scoring is applied after the hand: the same hands play out the same under fuzhou and bianfeng."""
    a, b = block("fuzhou", n=500), block("bianfeng", n=500, draw_dealer="keep")
    for col in ("outcome", "winner", "discarder", "win_type", "specials", "turns", "F", "K", "G", "L"):
        assert np.array_equal(a[col], b[col]), col
    assert not np.array_equal(a["delta_0"], b["delta_0"])


# ---------------------------------------------------------------- gold_discard on scripted walls

# seat 1 holds a gold (9p); after drawing 5s it discards the gold and waits on 3s/6s; seat 2 throws 6s
HANDS = {0: "9m" + "147m258p369s258m47s", 1: "9p" + "123m456m789m123s" + "11p4s", 2: "6s" + "147m258p369p147s"}


def _passive():
    return engine_scripts.Script(discard_win=False, self_win=False, rob=False)


def _gold_discard_game(mode):
    Script = engine_scripts.Script
    pol = [Script(discards="9m", discard_win=False, self_win=False), Script(discards="9p", self_win=False),
           Script(discards="6s", discard_win=False, self_win=False), _passive()]
    r = engine_scripts.scenario(HANDS, draws="5s", tail="9p", policies=pol,
                                rules=load("fuzhou", gold_discard=mode).core)
    return r, [d for d, _, _ in pol[1].seen]


def test_gold_discard_selfdraw_only():
    r, seen = _gold_discard_game("allowed")
    assert (r.winner, r.discarder, r.win_type) == (1, 2, WIN_TYPES["discard"])
    r, seen = _gold_discard_game("selfdraw_only")
    assert "discard_win" not in seen
    assert not (r.winner == 1 and r.win_type == WIN_TYPES["discard"])


def test_gold_discard_forbidden():
    Script = engine_scripts.Script
    for mode, allowed in (("allowed", True), ("forbidden", False)):
        pol = [Script(discards="9m", discard_win=False, self_win=False), Script(self_win=False), _passive(),
               _passive()]
        engine_scripts.scenario(HANDS, draws="5s", tail="9p", policies=pol, rules=load("fuzhou", gold_discard=mode).core)
        turn_legal = next(legal for d, _, legal in pol[1].seen if d == "turn")
        assert (("discard", "9p") in turn_legal) == allowed, mode


# ---------------------------------------------------------------- 游金 (§11)

youjin_played = pytest.mark.skipif("youjin" not in getattr(engine, "ACTIONS", ()),
                                   reason="this engine build does not play the 游金 chain yet")


def _winner_golds(rows):
    return np.array([rows[f"golds_{w}"][i] if w >= 0 else 0 for i, w in enumerate(rows["winner"])])


@youjin_played
def test_youjin_option():
    on, off = block("youjin", n=2000), block("youjin", n=2000, youjin=False)
    won_on = on["outcome"] == 1
    level = on["youjin_level"]
    assert (level[won_on] > 0).sum() > 20
    # a 游金 win is always a self-draw, with a gold in hand
    assert (on["win_type"][level > 0] == WIN_TYPES["selfdraw"]).all()
    assert (_winner_golds(on)[level > 0] >= 1).all()
    assert not (off["youjin_level"] > 0).any()


@youjin_played
@pytest.mark.parametrize("must", [True, False])
def test_must_youjin_with_two_golds(must):
    rows = block("youjin", n=2000, must_youjin_with_two_golds=must)
    special_wins = [WIN_TYPES[k] for k in ("sanjindao", "qiangjin", "tianhu")]
    plain = (rows["outcome"] == 1) & ~np.isin(rows["win_type"], special_wins)
    two_golds_without_youjin = plain & (_winner_golds(rows) >= 2) & (rows["youjin_level"] == 0)
    assert two_golds_without_youjin.any() != must


@youjin_played
def test_greedy_takes_youjin_only_when_it_pays_more():
    # With one gold a win is never forced into 游金, so a 游金 win holding one gold means greedy
    # gave up an immediate win for the larger multiplier; with equal multipliers it never does.
    def voluntary_youjin(rows):
        return ((rows["outcome"] == 1) & (rows["youjin_level"] > 0) & (_winner_golds(rows) == 1)).sum()

    assert voluntary_youjin(block("youjin", n=2000)) > 20
    flat = {"youjin_mult_single": 2, "youjin_mult_double": 2, "youjin_mult_triple": 2}
    assert voluntary_youjin(block("youjin", n=2000, **flat)) == 0


# ---------------------------------------------------------------- who pays (RULES §10), same walls

PLAY_COLUMNS = ("outcome", "winner", "discarder", "win_type", "specials", "turns", "F", "K", "G", "L", "S")


def _same_play(a, b):
    for col in PLAY_COLUMNS:
        assert np.array_equal(a[col], b[col]), col


def _deltas(rows):
    return np.stack([rows[f"delta_{s}"].astype(np.int64) for s in range(4)], axis=1)


def test_zhuazhuang_payer_dealer_only_changes_the_other_payers():
    every, dealer = (block("fuzhou", n=300, hands_per_match=8, zhuazhuang_payer=p) for p in ("all", "dealer"))
    _same_play(every, dealer)
    da, dd = _deltas(every), _deltas(dealer)
    seat = np.arange(4)
    zhua = (every["outcome"] == 1) & (every["winner"] != every["dealer"]) & (every["L"] > 0)
    assert zhua.sum() > 30
    assert np.array_equal(da[~zhua], dd[~zhua])          # nothing else moves
    for i in np.flatnonzero(zhua):
        d, w, L = int(every["dealer"][i]), int(every["winner"][i]), int(every["L"][i])
        for s in seat:
            if s == d or s == w or da[i, s] == 0:
                assert dd[i, s] == da[i, s] or s == w
            else:   # a non-dealer payer: the L part is 2 per point of L in fuzhou scoring
                assert dd[i, s] == da[i, s] + 2 * L
        assert dd[i].sum() == 0


def test_special_discard_payer_in_bianfeng():
    # with 36 flowers 平胡 (the usual special) on a discard is rare: about 1 hand in 500
    by_discarder, by_all = (block("bianfeng", n=6000, special_discard_payer=p) for p in ("discarder", "all"))
    _same_play(by_discarder, by_all)
    dd, da = _deltas(by_discarder), _deltas(by_all)
    special_on_discard = ((by_all["outcome"] == 1) & (by_all["special_counted"] != 0)
                          & np.isin(by_all["win_type"], [WIN_TYPES["discard"], WIN_TYPES["robbed_kong"]]))
    assert special_on_discard.sum() >= 5
    assert np.array_equal(dd[~special_on_discard], da[~special_on_discard])
    for i in np.flatnonzero(special_on_discard):
        w, x = int(by_all["winner"][i]), int(by_all["discarder"][i])
        pay = -da[i, x]
        assert (da[i] == np.where(np.arange(4) == w, 3 * pay, -pay)).all()       # each of three
        assert dd[i, x] == -pay and dd[i, w] == pay and np.count_nonzero(dd[i]) == 2  # the discarder alone


@pytest.mark.parametrize("cap", [1, 30, 60])
def test_loss_cap(cap):
    free, capped = block("fuzhou", n=400), block("fuzhou", n=400, loss_cap=cap)
    _same_play(free, capped)
    df, dc = _deltas(free), _deltas(capped)
    won = free["outcome"] == 1
    w = free["winner"][won].astype(int)
    losses = np.where(df < 0, np.minimum(-df, cap), 0)
    want = -losses
    want[np.flatnonzero(won), w] = losses[won].sum(axis=1)
    assert np.array_equal(dc, want)
    assert (dc >= -cap).all() and (dc.sum(axis=1) == 0).all()
    assert (df < -cap).any()                  # the cap did bite
