"""The agent environments (fzsim.env): VecEnv over the core's Tables, the PettingZoo AEC env.

An agent that plays greedy's own choices (Tables.hint) reproduces play_block's greedy rows; an
episode with random agent actions replays exactly with fzsim.play_hand; bad actions, shapes and
steps are refused with errors naming the table and the action, changing nothing.
"""
import pathlib

import numpy as np
import pytest

import fzsim
from fzsim.env import OBS_SIZE, VecEnv, flatten, unflatten
from fzsim.game import resolve_rules
from fzsim_core.engine import play_block
from fzsim_core.obs_planes import ACTION_TUPLES, N_ACTIONS, decode, legal_actions


def run_until(venv, n_games, choose):
    """Step until every hand of games 0..n_games-1 has ended; rows and the actions taken, both
    by (game id, hand)."""
    hpm = int(venv.rules.fields["hands_per_match"])
    obs, info = venv.reset()
    rows = {(int(r["game_id"]), int(r["hand"])): r for r in venv.finished()}   # hands with no agent choice
    actions = {}
    while not all((g, h) in rows for g in range(n_games) for h in range(hpm)):
        acts = np.array([choose(venv, i, obs[i]) for i in range(venv.n)])
        for i, a in enumerate(acts):
            actions.setdefault((int(info["game_id"][i]), int(info["hand"][i])), []).append(int(a))
        obs, rew, term, trunc, info = venv.step(acts)
        for row in venv.finished():
            rows[int(row["game_id"]), int(row["hand"])] = row
    return rows, actions


@pytest.mark.parametrize("variant,seats", [("fuzhou", (0,)), ("youjin", (0, 1, 2, 3)), ("lianzhong", (1, 3)),
                                           ("matches", (2,)), ("plain", (0, 2))])
def test_greedy_through_the_env_reproduces_the_engine(variant, seats):
    if variant == "matches":   # hands of a match in order: dealer and streak carried over
        variant = fzsim.rules.load("fuzhou", hands_per_match=4)
    if variant == "plain":     # the example pack: 136 tiles, 13-tile hands, no wild
        variant = fzsim.rules.load(pathlib.Path(__file__).parents[1] / "docs" / "examples" / "plain.toml")
    venv = VecEnv(6, variant, seed=11, agent_seats=seats, opponents="greedy", check=True)
    rows, _ = run_until(venv, 30, lambda v, i, o: v.hint(i, "greedy"))
    ref = play_block(venv.rules, 11, 0, 30, "greedy")
    assert len(rows) >= len(ref["game_id"]) >= 30
    for k in range(len(ref["game_id"])):
        r = rows[int(ref["game_id"][k]), int(ref["hand"][k])]
        assert r["wall_digest"] == ref["wall_digest"][k] and r["dealer"] == ref["dealer"][k]
        assert r["deltas"].tolist() == [int(ref[f"delta_{s}"][k]) for s in range(4)], k


def test_an_episode_replays_with_play_hand():
    rng = np.random.default_rng(3)
    venv = VecEnv(4, "fuzhou", seed=21, agent_seats=(2,), opponents="greedy")

    def random_legal(v, i, o):
        return int(o["action_ids"][rng.integers(o["n_actions"])])

    rows, actions = run_until(venv, 6, random_legal)
    for g in range(6):
        todo = list(actions.get((g, 0), ()))   # none for a hand in which seat 2 had no choice

        def replay(obs, legal):
            return obs.index(todo.pop(0))

        r = fzsim.play_hand(21, g, policies=["greedy", "greedy", replay, "greedy"], check=True)
        assert not todo
        assert list(r.deltas) == rows[g, 0]["deltas"].tolist() and r.wall_digest == rows[g, 0]["wall_digest"]


def test_buffers_are_reused_and_observations_decode():
    venv = VecEnv(3, seed=1, agent_seats=(0, 2))
    obs, info = venv.reset()
    first = obs
    for _ in range(20):
        acts = obs["action_ids"][:, 0]
        obs, rew, term, trunc, info = venv.step(acts)
        assert obs is first and rew.shape == (3, 4) and term.shape == (3,) and not trunc.any()
        for i in range(3):
            d = decode(obs[i])
            assert d["seat"] in (0, 2) and d["decision"] is not None
            assert legal_actions(obs[i]) == [ACTION_TUPLES[a] for a in obs["action_ids"][i, :obs["n_actions"][i]]]
            assert obs["mask"][i].sum() == obs["n_actions"][i] >= 2
            flat, mask = venv._t.observe_flat(i, int(obs["seat"][i]))   # the AEC env's observation
            assert (flat == flatten(obs[i])).all() and (mask == obs["mask"][i]).all()
    vec = flatten(obs)
    assert vec.shape == (3, OBS_SIZE) and vec.dtype == np.int16
    back = unflatten(vec[1], obs["mask"][1])
    assert back.tobytes() == obs[1].tobytes()


def test_rewards_are_the_hands_deltas():
    venv = VecEnv(2, seed=4, agent_seats=(0, 1, 2, 3), opponents="random")
    obs, _ = venv.reset()
    total = np.zeros(4, dtype=np.int64)
    ended = 0
    while ended < 10:
        obs, rew, term, _, _ = venv.step(obs["action_ids"][:, 0])
        fin = venv.finished()
        assert term.sum() <= len(fin) and (rew.sum(axis=1) == 0).all()   # zero-sum
        total += rew.sum(axis=0)
        ended += len(fin)
        for row in fin:
            total -= row["deltas"]
    assert (total == 0).all()


def test_bad_input_is_refused_and_changes_nothing():
    venv = VecEnv(2, seed=1)
    with pytest.raises(RuntimeError, match="reset"):
        venv.step(np.zeros(2, dtype=np.int64))
    obs, _ = venv.reset()
    before = obs.copy()
    with pytest.raises(ValueError, match=r"shape \(2,\)"):
        venv.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="integer array"):
        venv.step(np.zeros(2))
    good = int(obs["action_ids"][0, 0])
    with pytest.raises(ValueError, match=rf"table 1 \(game 1 hand 0, seat 0 .*\): action id {N_ACTIONS} is out of range"):
        venv.step(np.array([good, N_ACTIONS]))
    illegal = next(a for a in range(N_ACTIONS) if not obs["mask"][1, a])
    with pytest.raises(ValueError, match=rf"table 1 .*action {illegal} .* is not legal"):
        venv.step(np.array([good, illegal]))
    assert obs.tobytes() == before.tobytes()   # nothing was applied
    with pytest.raises(ValueError, match="agent_seats"):
        VecEnv(2, agent_seats=(4,))
    with pytest.raises(ValueError, match="agent_seats"):
        VecEnv(2, agent_seats=())
    with pytest.raises(ValueError, match="tables"):
        VecEnv(0)
    with pytest.raises(ValueError, match="unknown policy"):
        VecEnv(1, opponents="nobody")
    with pytest.raises(ValueError, match="seed"):
        VecEnv(1, seed=-1)


# ---- the PettingZoo AEC env (the [env] extra) ------------------------------------------------

# api_test suggests Box/Discrete observations; a dict with an action mask is PettingZoo's own
# convention for masked actions (its classic envs draw the same two warnings)
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_aec_env_passes_the_pettingzoo_api_and_seed_tests():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test
    from fzsim.env import env

    api_test(env(seed=3), num_cycles=200)
    api_test(env(seed=3, agents=["seat_1", "seat_3"], opponents="random"), num_cycles=200)
    seed_test(lambda: env(seed=3), num_cycles=200)


def test_aec_env_plays_hands_and_refuses_bad_steps():
    pytest.importorskip("pettingzoo")
    from fzsim.env import env

    e = env(seed=5, agents=["seat_0"], render_mode="ansi")
    e.reset(seed=5)
    assert "seat_0 to act" in e.render()
    obs, rew, term, trunc, info = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match=rf"table 0 \(game 0 hand 0, seat 0 .*action {illegal} .* is not legal"):
        e.step(illegal)
    with pytest.raises(ValueError, match="fixed id"):
        e.step("discard")
    for bad in (-1, N_ACTIONS, 10**30):
        with pytest.raises(ValueError, match="fixed id"):
            e.step(bad)
    deltas = None
    for agent in e.agent_iter():
        obs, rew, term, trunc, info = e.last()
        if term:
            deltas = rew
            with pytest.raises(ValueError, match="hand is over"):
                e.step(0)
            e.step(None)
        else:
            e.step(int(unflatten(obs["observation"])["action_ids"][0]))   # the first legal, as below
    ref = play_block(resolve_rules("fuzhou")[0], 5, 0, 1, [lambda o, l: 0, "greedy", "greedy", "greedy"])
    assert deltas == ref["delta_0"][0]
    assert "result: deltas" in e.render()
