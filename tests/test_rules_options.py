"""Each rule option switches the behaviour it names: the same walls played with the option on and off.

Needs the engine (fzsim_core.engine, team contract 3); skipped where it is not built. Options with
scripted scenarios in tests/test_engine_scenarios.py (xianjin_selfdraw_only, guoshui,
no_discard_claimed_tile) are not repeated here.
"""
import numpy as np
import pytest

from fzsim.rules import load
from fzsim_core.scoring import FLAGS, WIN_TYPES

engine = pytest.importorskip("fzsim_core.engine")
engine_scripts = pytest.importorskip("engine_scripts")  # the engine branch's scripted-seat helpers

SEED = 20261129


def block(variant="fuzhou", n=100, **overrides):
    cfg = load(variant, overrides)
    return engine.play_block(cfg.core, SEED, 0, n, ("greedy",) * 4, True)


def test_walls_do_not_depend_on_the_variant():
    base = block("fuzhou", n=30)
    for variant in ("lianzhong", "bianfeng", "youjin", "fuzhou-honors"):
        assert np.array_equal(base["wall_digest"], block(variant, n=30)["wall_digest"]), variant


def test_honors_are_flowers():
    on, off = block("fuzhou", n=80), block("fuzhou", n=80, honors_are_flowers=False)
    flowers_on = sum(on[f"flowers_{s}"].astype(int) for s in range(4))
    flowers_off = sum(off[f"flowers_{s}"].astype(int) for s in range(4))
    # 36 flowers vs 8: never more than 8 in all with the option off, far more with it on
    assert flowers_off.max() <= 8 and flowers_on.mean() > 3 * flowers_off.mean()
    # the gold is always suited when honours are flowers, sometimes an honour otherwise
    assert on["gold"].max() < 27 and (off["gold"] >= 27).any()


@pytest.mark.parametrize("next_dealer, keeps", [("next", True), ("winner", False)])
def test_hands_per_match_next_dealer_and_streak(next_dealer, keeps):
    # a large reserve makes drawn hands common, so draw_keeps_streak is exercised
    rows = block("fuzhou", n=25, hands_per_match=6, next_dealer=next_dealer, draw_keeps_streak=keeps,
                 reserve_base=40)
    assert len(rows["game_id"]) == 25 * 6
    assert np.array_equal(rows["hand"], np.tile(np.arange(6), 25))
    seen = {"draw": 0, "dealer": 0, "other": 0}
    for i in range(len(rows["hand"]) - 1):
        if rows["hand"][i + 1] == 0:
            continue
        d, w, out, L = rows["dealer"][i], rows["winner"][i], rows["outcome"][i], rows["streak"][i]
        nd, nL = rows["dealer"][i + 1], rows["streak"][i + 1]
        if out == 0:      # drawn: the dealer stays; L kept or reset
            seen["draw"] += 1
            assert nd == d and nL == (L if keeps else 0)
        elif w == d:      # dealer win: stays, L + 1
            seen["dealer"] += 1
            assert nd == d and nL == L + 1
        else:             # non-dealer win: the next seat or the winner deals, from L = 0
            seen["other"] += 1
            assert nd == ((d + 1) % 4 if next_dealer == "next" else w) and nL == 0
    assert min(seen.values()) > 0, seen


@pytest.mark.parametrize("key, value", [("reserve_base", 34), ("reserve_per_exposed_kong", 4),
                                        ("reserve_per_flower_set", 8)])
def test_reserve_options_end_the_wall_earlier(key, value):
    low = block("fuzhou", reserve_base=30)
    high = block("fuzhou", **{"reserve_base": 30, key: value})
    assert (high["outcome"] == 0).sum() >= (low["outcome"] == 0).sum()
    assert (high["tiles_left"] != low["tiles_left"]).any()


def test_last_group_size():
    flag = FLAGS["last_group"]
    on = block("fuzhou", n=120, reserve_base=45)
    off = block("fuzhou", n=120, reserve_base=45, last_group_size=0)
    assert ((on["flags"] & flag) != 0).any()
    assert not ((off["flags"] & flag) != 0).any()


@pytest.mark.parametrize("variant", ["fuzhou", "lianzhong", "bianfeng", "youjin"])
def test_every_win_is_scored_by_its_family(variant):
    """Zero-sum, and the winner's gain follows the family's formula from the row's F, K, G, L, S."""
    rows = block(variant, n=80)
    selfpaid = {WIN_TYPES[k] for k in ("selfdraw", "qiangjin", "sanjindao", "tianhu")}
    assert (sum(rows[f"delta_{s}"].astype(int) for s in range(4)) == 0).all()
    n = 0
    for i in np.flatnonzero(rows["outcome"] == 1):
        F, K, G, L, S = (int(rows[c][i]) for c in "FKGLS")
        self_paid = int(rows["win_type"][i]) in selfpaid
        counted = int(rows["special_counted"][i]) != 0
        if variant == "fuzhou":
            P = (F + K + G + L + 5) * 2 + S
        elif variant == "lianzhong":
            P = (F + K + L) * 2 + S if (counted or self_paid) else F + K + L
        elif variant == "bianfeng":
            if counted:
                P, self_paid = S + 2 * (F + K + G + L), True
            else:
                P = 2 * (1 + F + K + G + L)
        else:
            mult = [2, 4, 8, 16][int(rows["youjin_level"][i])] if self_paid else 1
            P = (5 + F + G + L + K + (0 if self_paid else 1)) * mult
        gain = int(rows[f"delta_{int(rows['winner'][i])}"][i])
        assert gain == (3 * P if self_paid else P), (variant, i)
        n += 1
    assert n > 40


def test_scoring_family_does_not_change_play():
    """Scoring is applied after the hand: the same hands play out the same under fuzhou and bianfeng."""
    a, b = block("fuzhou", n=60), block("bianfeng", n=60, reserve_per_flower_set=0)
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
