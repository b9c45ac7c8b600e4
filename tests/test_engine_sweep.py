"""Invariant sweeps (check=True) and a pure-Python walk of every logged hand through the
end-of-wall rules (§9). CI runs a few thousand hands; the full sweeps are behind -m slow:

    python -m pytest -q -m slow tests/test_engine_sweep.py
"""
import numpy as np
import pytest

from fzsim.game import play_hand
from fzsim_core import engine
from fzsim_core.rules import Rules
from fzsim_core.win_facts import FLAGS, SPECIALS, WIN_TYPES

POLICY_MIXES = ["random", "greedy", ("greedy", "random", "greedy", "random")]


def walk_end_of_wall(r, rules: Rules):
    """Replay the log counting live tiles and the reserve R (§9) independently of the engine;
    returns facts about the end of the hand and asserts every draw happened where it may."""
    f = rules.fields
    live = 144 - 65
    kongs_exposed = kongs_concealed = 0
    flower_kinds = [[] for _ in range(4)]

    def flower_sets():   # four identical honours, 春夏秋冬 (1f-4f) or 梅兰竹菊 (5f-8f), per seat
        n = 0
        for held in flower_kinds:
            n += sum(held.count(f"{i}z") == 4 for i in range(1, 8))
            n += all(f"{i}f" in held for i in (1, 2, 3, 4)) + all(f"{i}f" in held for i in (5, 6, 7, 8))
        return n

    R = lambda: f["reserve_base"] + f["reserve_per_exposed_kong"] * kongs_exposed + \
        f["reserve_per_concealed_kong"] * kongs_concealed + f["reserve_per_flower_set"] * flower_sets()
    revealed = in_last = False
    last_group_draws = None
    flowers = [0, 0, 0, 0]
    ev = r.events
    for i, e in enumerate(ev):
        if e.type == "flower":
            flowers[e.seat] += 1
            flower_kinds[e.seat].append(e.tile)
        elif e.type == "replace":
            if revealed:
                assert live > R(), (i, e, live, R())
                assert not in_last, "no flower replacement in the last group"
            live -= 1
        elif e.type == "gold_flip":
            live -= 1
        elif e.type == "gold":
            revealed = True
        elif e.type == "draw":
            if in_last:
                last_group_draws += 1
            else:
                assert live > R() + f["last_group_size"], (i, e, live, R())
            live -= 1
        elif e.type == "last_group":
            in_last = True
            assert e.arg == max(0, min(f["last_group_size"], live - R())), (e, live, R())
            last_group_draws = 0
            expected_group = e.arg
        elif e.type == "kong":
            kongs_exposed += 1
        elif e.type == "concealed_kong":
            kongs_concealed += 1
        elif e.type == "added_kong":
            if ev[i + 1].type != "win":   # robbed: the kong never happened
                kongs_exposed += 1
        elif e.type == "drawn":
            if e.arg == 1:
                assert live <= R()
            else:
                assert in_last and last_group_draws == expected_group
        elif e.type == "win":
            if in_last:
                assert r.flags & FLAGS["last_group"] and r.flags & FLAGS["selfdraw"]
            else:
                assert not r.flags & FLAGS["last_group"]
    assert r.tiles_left == live
    assert [r.flowers_0, r.flowers_1, r.flowers_2, r.flowers_3] == flowers
    if r.outcome == 0:
        assert r.deltas == (0, 0, 0, 0) and r.winner == -1
    assert sum(r.deltas) == 0
    return dict(in_last=in_last, kongs=kongs_exposed + kongs_concealed, live=live, R=R(),
                group=last_group_draws)


@pytest.mark.parametrize("policies", POLICY_MIXES)
@pytest.mark.parametrize("fields", [{}, {"honors_are_flowers": 0}])
def test_logged_hands_follow_the_end_of_wall_rules(policies, fields):
    rules = Rules(**fields)
    for g in range(150):
        walk_end_of_wall(play_hand(77, g, variant=rules, policies=policies, log=True, check=True), rules)


@pytest.mark.parametrize("policies", POLICY_MIXES)
@pytest.mark.parametrize("fields", [{}, {"honors_are_flowers": 0, "guoshui": 1},
                                    {"gold_discard": 1, "xianjin_selfdraw_only": 0, "hands_per_match": 4},
                                    {"gold_discard": 2, "no_discard_claimed_tile": 0, "reserve_per_flower_set": 2},
                                    {"youjin": 1, "honors_are_flowers": 0, "scoring": 3}])
def test_invariant_sweep_ci(policies, fields):
    out = engine.play_block(Rules(**fields), 123, 0, 600, policies, check=True)
    assert ((out["delta_0"] + out["delta_1"] + out["delta_2"] + out["delta_3"]) == 0).all()
    wins = out["outcome"] == 1
    assert (out["winner"][wins] >= 0).all() and (out["winner"][~wins] == -1).all()
    discard_like = np.isin(out["win_type"], [WIN_TYPES["discard"], WIN_TYPES["robbed_kong"]])
    assert ((out["discarder"] >= 0) == discard_like).all()


@pytest.mark.slow
@pytest.mark.parametrize("policies", ["random", "greedy"])
def test_invariant_sweep_full(policies, request):
    """>= 100,000 hands per policy with every invariant checked after every action."""
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("the full sweep runs only with -m slow")   # the default run does not deselect it
    n = 0
    for start in range(0, 100_000, 10_000):
        out = engine.play_block(Rules(), 2026, start, 10_000, policies, check=True)
        n += len(out["game_id"])
    assert n == 100_000


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors"])
def test_invariant_sweep_presets(preset, request):
    """100,000 hands of each preset in 8-hand matches (half greedy, half random seats) with every
    invariant checked after every action."""
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("the full sweep runs only with -m slow")
    from fzsim.rules import load
    rules = load(preset, hands_per_match=8).core
    n = 0
    for start in range(0, 12_500, 1_250):
        out = engine.play_block(rules, 2028, start, 1_250, ("greedy", "random", "greedy", "random"), check=True)
        n += len(out["game_id"])
    assert n == 100_000


@pytest.mark.slow
@pytest.mark.parametrize("policies", ["random", "greedy"])
def test_invariant_sweep_full_honours_and_options(policies, request):
    """50,000 hands per policy with honours held, 过水, 游金 (youjin scoring) and 4-hand matches."""
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("the full sweep runs only with -m slow")
    rules = Rules(honors_are_flowers=0, guoshui=1, hands_per_match=4, gold_discard=1, youjin=1, scoring=3)
    out = engine.play_block(rules, 2027, 0, 12_500, policies, check=True)
    assert len(out["game_id"]) == 50_000


def _find(policies, predicate, rules=None, limit=3000):
    rules = rules or Rules()
    for g in range(limit):
        r = play_hand(31, g, variant=rules, policies=policies, log=True)
        facts = walk_end_of_wall(r, rules)
        if predicate(r, facts):
            return g, r
    raise AssertionError("no such hand found")


def _replay_explicit(g, r, policies, rules=None):
    """The same hand again from its explicit wall: the same events."""
    wall = engine.shuffled_wall(31, g, 0)
    again = play_hand(31, g, variant=rules or Rules(), policies=policies, wall=wall, log=True, check=True,
                      dealer=r.dealer, streak=r.streak)
    assert again.events == r.events and again.wall_digest == r.wall_digest
    return again


def test_automatic_win_in_the_last_group():
    g, r = _find("greedy", lambda r, f: r.flags & FLAGS["last_group"])
    r = _replay_explicit(g, r, "greedy")
    assert r.win_type in (WIN_TYPES["selfdraw"], WIN_TYPES["sanjindao"]) and r.flags & FLAGS["selfdraw"]
    assert [e.type for e in r.events][-2:] == ["draw", "win"]


def test_kongs_shrink_the_last_group():
    g, r = _find("random", lambda r, f: f["in_last"] and f["kongs"] and 0 < f["group"] < 4 and r.outcome == 0)
    r = _replay_explicit(g, r, "random")
    facts = walk_end_of_wall(r, Rules())
    assert facts["R"] > 17 and r.tiles_left == facts["R"]


def test_flower_sets_keep_more_tiles_back():
    # fuzhou keeps 2 more tiles back per complete flower set (RULES §9, reserve_per_flower_set = 2)
    g, r = _find("random", lambda r, f: f["in_last"] and not f["kongs"] and f["R"] > 17)
    r = _replay_explicit(g, r, "random")
    facts = walk_end_of_wall(r, Rules())
    assert facts["R"] in (19, 21, 23)
    without = play_hand(31, g, variant=Rules(reserve_per_flower_set=0), policies="random", log=True,
                        wall=engine.shuffled_wall(31, g, 0), dealer=r.dealer, streak=r.streak)
    assert walk_end_of_wall(without, Rules(reserve_per_flower_set=0))["R"] == 17


def test_replacement_into_the_reserve_ends_the_hand_drawn():
    g, r = _find("random", lambda r, f: r.events[-1].type == "drawn" and r.events[-1].arg == 1)
    r = _replay_explicit(g, r, "random")
    assert r.outcome == 0 and r.events[-1].arg == 1


def rebuild_and_check(r, rules: Rules):
    """Rebuild every seat's concealed tiles and melds from the log alone, then judge the end of
    the hand with the independent exhaustive win search of tests/reference_win.py."""
    from fzsim.game import parse_tile_sequence
    from reference_win import ref_is_jinlong, ref_is_jinque, ref_is_win, ref_is_xianjin_wait

    kind = lambda t: parse_tile_sequence(t)[0]
    hands = [[0] * 42 for _ in range(4)]
    melds = [[] for _ in range(4)]
    gold = -1
    prev = None
    winner_tile_added = False
    for e in r.events:
        t = kind(e.tile) if e.tile else -1
        if e.type in ("deal", "replace", "draw"):
            hands[e.seat][t] += 1
        elif e.type == "flower":
            if not (prev is not None and prev.type == "gold_flip" and prev.arg == 1):
                hands[e.seat][t] -= 1
        elif e.type == "gold":
            gold = t
        elif e.type in ("discard", "youjin", "qiangjin_give"):
            hands[e.seat][t] -= 1
        elif e.type == "pung":
            hands[e.seat][t] -= 2
            melds[e.seat].append(("pung", t))
        elif e.type == "kong":
            hands[e.seat][t] -= 3
            melds[e.seat].append(("kong", t))
        elif e.type == "concealed_kong":
            hands[e.seat][t] -= 4
            melds[e.seat].append(("kong", t))
        elif e.type == "added_kong":
            hands[e.seat][t] -= 1
        elif e.type == "chow":
            claimed = e.arg
            for x in range(t, t + 3):
                if x != claimed:
                    hands[e.seat][x] -= 1
            melds[e.seat].append(("chow", t))
            assert t < 27 and t % 9 <= 6 and gold not in (t, t + 1, t + 2), "a chow with a gold"
        elif e.type == "win":
            if r.win_type in (WIN_TYPES["discard"], WIN_TYPES["robbed_kong"], WIN_TYPES["qiangjin"]):
                hands[e.seat][t] += 1
                winner_tile_added = True
        prev = e
    for s in range(4):
        assert min(hands[s]) >= 0 and not any(hands[s][34:]), (s, hands[s])
        for name, k in melds[s]:
            if name != "chow":
                assert k != gold, "a gold in a pung/kong"
        assert hands[s][gold] == getattr(r, f"golds_{s}")
    if r.outcome == 0:
        return None
    w = r.winner
    h = hands[w][:34]
    complete = ref_is_win(h, gold)
    if r.win_type == WIN_TYPES["sanjindao"]:   # may be a non-dealer's 16 tiles in the opening window
        assert h[gold] >= 3 and sum(h) + 3 * len(melds[w]) in (16, 17)
    else:
        assert sum(h) + 3 * len(melds[w]) == 17
        assert complete, (r.game_id, h, gold)
    assert bool(r.specials & SPECIALS["jinque"]) == (complete and ref_is_jinque(h, gold))
    assert bool(r.specials & SPECIALS["jinlong"]) == (complete and ref_is_jinlong(h, gold))
    if r.win_type == WIN_TYPES["discard"]:
        before = list(h)
        before[kind(r.events[-1].tile)] -= 1
        assert kind(r.events[-1].tile) != gold
        if rules.fields["xianjin_selfdraw_only"]:
            assert not ref_is_xianjin_wait(before, gold)
    return complete


@pytest.mark.parametrize("policies", ["greedy", "random", ("greedy", "random", "greedy", "random")])
@pytest.mark.parametrize("fields", [{}, {"honors_are_flowers": 0}, {"honors_are_flowers": 0, "youjin": 1, "scoring": 3}])
def test_logged_hands_rebuilt_and_judged_by_the_reference_win_search(policies, fields):
    rules = Rules(**fields)
    wins = 0
    for g in range(120):
        r = play_hand(505, g, variant=rules, policies=policies, log=True)
        wins += bool(rebuild_and_check(r, rules))
    if policies == "greedy":
        assert wins > 100
