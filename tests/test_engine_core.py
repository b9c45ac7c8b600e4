"""The engine's generator, wall, determinism, match loop and Python surface, checked against
independent pure-Python references."""
import json
import subprocess
import sys

import numpy as np
import pytest

import fzsim
from fzsim.game import build_wall, format_events, parse_tile_sequence, play_hand
from fzsim_core import engine
from fzsim_core.rules import Rules

M64 = (1 << 64) - 1


# ---- reference generator, written from the description in fzsim_core/rng.pxd ----------------
def ref_splitmix(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


class RefRng:
    def __init__(self, root, game, hand, stream):
        sm, a = ref_splitmix(root)
        sm, b = ref_splitmix(a ^ game)
        sm, _ = ref_splitmix(b ^ ((hand << 8) | stream))
        self.s = []
        for _ in range(4):
            sm, z = ref_splitmix(sm)
            self.s.append(z)

    def next(self):
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M64
        s = self.s
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        x = self.next() >> 32
        m = x * n
        low = m & 0xFFFFFFFF
        if low < n:
            threshold = ((1 << 32) - n) % n
            while low < threshold:
                x = self.next() >> 32
                m = x * n
                low = m & 0xFFFFFFFF
        return m >> 32


def ref_wall(root, game, hand):
    r = RefRng(root, game, hand, 0)
    wall = [t // 4 for t in range(136)] + list(range(34, 42))
    for i in range(143, 0, -1):
        j = r.below(i + 1)
        wall[i], wall[j] = wall[j], wall[i]
    return wall


def ref_digest(wall):
    h = 0xCBF29CE484222325
    for b in wall:
        h = ((h ^ int(b)) * 0x100000001B3) & M64
    return h


@pytest.mark.parametrize("root, game, hand, stream", [(0, 0, 0, 0), (1, 2, 3, 1), (M64, 2**62, 7, 2),
                                                      (12345678901234567890, 99, 0, 0)])
def test_generator_matches_reference(root, game, hand, stream):
    ref = RefRng(root, game, hand, stream)
    assert engine.rng_outputs(root, game, hand, stream, 50) == [ref.next() for _ in range(50)]
    ref = RefRng(root, game, hand, stream)
    assert engine.rng_outputs(root, game, hand, stream, 200, 7) == [ref.below(7) for _ in range(200)]


def test_wall_matches_reference_and_is_uniformish():
    for root, game, hand in [(0, 0, 0), (5, 17, 2), (2**63 + 11, 4, 0)]:
        w = engine.shuffled_wall(root, game, hand)
        assert w.tolist() == ref_wall(root, game, hand)
        assert engine.wall_digest(w) == ref_digest(w)
    # the head tile is uniform over the 144 tiles: 1m (4 of 144) about 1/36 of 3600 walls
    heads = np.array([engine.shuffled_wall(9, g)[0] for g in range(3600)])
    assert 50 < (heads == 0).sum() < 150
    assert 5 < (heads == 41).sum() < 60


def test_wall_depends_only_on_seed_game_and_hand():
    a = engine.play_block(Rules(), 42, 0, 30, "random")
    b = engine.play_block(Rules(honors_are_flowers=0), 42, 0, 30, "greedy")
    assert (a["wall_digest"] == b["wall_digest"]).all()
    assert [ref_digest(ref_wall(42, g, 0)) for g in range(30)] == a["wall_digest"].tolist()
    c = engine.play_block(Rules(), 43, 0, 30, "random")
    assert (a["wall_digest"] != c["wall_digest"]).all()


def test_columns_and_dtypes():
    out = engine.play_block(Rules(hands_per_match=3), 1, 10, 4)
    assert list(out) == [name for name, _ in engine.COLUMNS]
    for name, dt in engine.COLUMNS:
        assert out[name].dtype == np.dtype(dt) and out[name].shape == (12,)
    assert out["game_id"].tolist() == [g for g in range(10, 14) for _ in range(3)]
    assert out["hand"].tolist() == [0, 1, 2] * 4


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_block_boundaries_do_not_matter(policy):
    rules = Rules(hands_per_match=2)
    whole = engine.play_block(rules, 7, 0, 40, policy, check=True)
    parts = [engine.play_block(rules, 7, start, 10, policy) for start in (0, 10, 20, 30)]
    for name in whole:
        assert (whole[name] == np.concatenate([p[name] for p in parts])).all(), name


def test_same_results_in_another_process():
    code = ("import json, sys; from fzsim_core.engine import play_block; from fzsim_core.rules import Rules; "
            "from fzsim.game import play_hand; "
            "out = play_block(Rules(hands_per_match=2), 2024, 5, 25, ('greedy', 'random', 'greedy', 'random')); "
            "ev = [list(e) for g in range(5) for e in play_hand(2024, g, policies='random', log=True).events]; "
            "print(json.dumps({'rows': {k: v.tolist() for k, v in out.items()}, 'events': ev}))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    theirs = json.loads(proc.stdout)
    ours = engine.play_block(Rules(hands_per_match=2), 2024, 5, 25, ("greedy", "random", "greedy", "random"))
    assert {k: v.tolist() for k, v in ours.items()} == theirs["rows"]
    events = [list(e) for g in range(5) for e in play_hand(2024, g, policies="random", log=True).events]
    assert events == theirs["events"]


def test_play_hand_replays_the_block_row_and_log_is_stable():
    rules = Rules(hands_per_match=4)
    block = engine.play_block(rules, 99, 3, 1, "greedy")
    for h in range(4):
        r = play_hand(99, 3, variant=rules, hand=h, log=True)
        for name, _ in engine.COLUMNS:
            assert getattr(r, name) == block[name][h], (h, name)
        again = play_hand(99, 3, variant=rules, hand=h, log=True)
        assert again.events == r.events


def reference_next(rules_fields, dealer, streak, outcome, winner):
    """§2 written out: dealer keeps the deal on a win (L+1); after a draw draw_dealer (0 keep,
    1 next) and draw_streak (0 keep, 1 reset, 2 increment) decide; else next seat / winner at 0."""
    if outcome == 0:
        if rules_fields["draw_dealer"] == 1:
            return (dealer + 1) % 4, 0
        return dealer, [streak, 0, streak + 1][rules_fields["draw_streak"]]
    if winner == dealer:
        return dealer, streak + 1
    return (winner if rules_fields["next_dealer"] == 1 else (dealer + 1) % 4), 0


@pytest.mark.parametrize("fields", [{}, {"next_dealer": 1}, {"draw_streak": 1}, {"draw_streak": 2},
                                    {"draw_dealer": 1}])
def test_dealer_rotation_and_streak(fields):
    rules = Rules(hands_per_match=12, **fields)
    out = engine.play_block(rules, 5, 0, 20, "greedy")
    for g in range(20):
        rows = range(12 * g, 12 * g + 12)
        d, s = engine.first_dealer(5, g), 0
        for i in rows:
            assert (out["dealer"][i], out["streak"][i]) == (d, s)
            d, s = reference_next(rules.fields, d, s, out["outcome"][i], out["winner"][i])
    assert out["streak"].max() >= 1   # some dealer kept the deal by winning


def test_first_dealer_is_seeded_and_uniform():
    dealers = [engine.first_dealer(3, g) for g in range(4000)]
    assert {engine.first_dealer(3, 17)} == {dealers[17]}
    counts = np.bincount(dealers, minlength=4)
    assert counts.min() > 850


def test_bad_input_is_rejected_with_clear_errors():
    with pytest.raises(ValueError, match="unknown policy 'smart'"):
        engine.play_block(Rules(), 1, 0, 1, ("greedy", "smart", "greedy", "greedy"))
    with pytest.raises(ValueError, match="1 or 4 seats"):
        engine.play_block(Rules(), 1, 0, 1, ("greedy", "random"))
    with pytest.raises(ValueError, match="n_games must be >= 0"):
        engine.play_block(Rules(), 1, 0, -1)
    with pytest.raises(ValueError, match="hands_per_match must be >= 1"):
        engine.play_block(Rules(hands_per_match=0), 1, 0, 1)
    with pytest.raises(ValueError, match="144 tile kinds"):
        play_hand(1, 0, wall=[0] * 10)
    bad = list(build_wall())
    bad[0], bad[1] = 41, 41
    with pytest.raises(ValueError, match="copies of kind"):
        play_hand(1, 0, wall=bad)
    with pytest.raises(ValueError, match="seed must be"):
        play_hand(-1, 0)
    with pytest.raises(ValueError, match="no-such-variant"):
        fzsim.game.resolve_rules("no-such-variant")
    with pytest.raises(ValueError, match="cannot read"):
        parse_tile_sequence("12x")
    with pytest.raises(ValueError, match="more copies of 1m"):
        build_wall({0: "11111m"})


def test_python_policy_errors_propagate():
    def broken(obs, legal):
        raise KeyError("boom")

    with pytest.raises(KeyError, match="boom"):
        play_hand(1, 0, policies=["greedy", broken, "greedy", "greedy"])

    def illegal(obs, legal):
        return ("discard", "nonsense")

    with pytest.raises(ValueError, match="not one of the legal actions"):
        play_hand(1, 0, policies=illegal)


def test_python_policy_sees_observation_and_can_mirror_greedy():
    seen = []

    def first_legal(obs, legal):
        seen.append(obs)
        return 0

    r = play_hand(11, 2, policies=["random", first_legal, "random", "random"], check=True)
    assert seen and {"seat", "decision", "hand", "gold", "live", "reserve", "seats"} <= set(seen[0])
    assert all(o["seat"] == 1 for o in seen)
    assert r.outcome in (0, 1)


def test_replay_cli_prints_the_hand(capsys):
    from fzsim.cli import main
    assert main(["replay", "--seed", "7", "--game", "3"]) == 0
    out = capsys.readouterr().out
    assert "gold is" in out and "deal  seat 0" in out and out.strip().splitlines()[-1].startswith("result:")
    assert main(["replay", "--seed", "7", "--game", "3", "--policy", "bogus"]) == 2
    assert "unknown policy 'bogus'" in capsys.readouterr().err


def test_format_events_needs_a_log():
    with pytest.raises(ValueError, match="log=True"):
        format_events(play_hand(1, 1))


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_the_claim_flags_switch_chows_and_robbing_off(policy):
    """chow = false: no chow is ever offered (robbing: tests/test_engine_scenarios.py); every
    action re-checked against the same flags (check=True)."""
    from fzsim.rules import load
    from fzsim_core.engine import EVENTS, play_hand_raw
    from fzsim_core.wall import first_dealer
    rules = load("fuzhou", chow=False, rob_kong=False).core
    out = engine.play_block(rules, 3, 0, 1500, policy, check=True)
    base = engine.play_block(load("fuzhou").core, 3, 0, 1500, policy)
    assert not np.array_equal(base["delta_0"], out["delta_0"])
    for game_id in range(60):
        _, events = play_hand_raw(rules, 3, game_id, 0, first_dealer(3, game_id), 0, policy, None, True, True)
        assert "chow" not in {EVENTS[e[0]] for e in events}
