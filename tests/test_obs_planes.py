"""Observation planes and the Python hook's view (fzsim_core.obs_planes, python_bridge).

Under check=True the bridge decodes every decision's planes and compares them with the
Observation itself (and the mask and action ids with the flow's legal actions), so playing many
hands with Python policies at every seat is the round-trip test; the policy below checks the
view's own accessors against each other on the same decisions.
"""
import pathlib
import random

import numpy as np
import pytest

import fzsim
from fzsim.game import resolve_rules
from fzsim_core.engine import play_block
from fzsim_core.obs_planes import (ACTION_TUPLES, KEYS, N_ACTIONS, N_ACTION_SLOTS, PLANES_DTYPE, decode,
                                   decode_action, empty_planes, encode_action, legal_actions)


class Checker:
    """A random policy that checks the view's arrays, decoders and legal list agree."""

    def __init__(self, seed):
        self.rnd = random.Random(seed)
        self.decisions = 0
        self.kinds = set()

    def __call__(self, obs, legal):
        p = obs.planes
        n = obs.n_actions
        assert n == len(legal) >= 2
        assert decode(p) == obs.to_dict() == dict(obs)
        assert legal_actions(p) == legal == obs.legal
        ids = obs.action_ids[:n].tolist()
        assert [ACTION_TUPLES[i] for i in ids] == legal
        assert [encode_action(a) for a in legal] == ids
        assert sorted(ids) == np.flatnonzero(obs.mask).tolist()
        assert (obs.action_ids[n:] == -1).all()
        assert obs.hand == obs["hand"] and obs.seat == p["seat"] and obs.get("nope", 7) == 7
        assert int(p["hand"].sum()) + 3 * sum(1 for m in obs.seats[obs.seat]["melds"]) >= 13
        self.decisions += 1
        self.kinds.add(obs.decision)
        i = self.rnd.randrange(n)
        assert obs.index(ids[i]) == i
        return i


PLAIN = pathlib.Path(__file__).parents[1] / "docs" / "examples" / "plain.toml"   # 136 tiles, no wild


@pytest.mark.parametrize("variant", ["fuzhou", "fuzhou-honors", "youjin", "plain"])
def test_planes_round_trip_on_thousands_of_decisions(variant):
    rules = fzsim.rules.load(PLAIN if variant == "plain" else variant).core
    pols = [Checker(s) for s in range(4)]
    play_block(rules, 5, 0, 80, pols, check=True)
    assert sum(p.decisions for p in pols) > 3000
    assert {"turn", "claim"} <= set().union(*(p.kinds for p in pols))


def test_layout_and_action_space():
    assert N_ACTIONS == 12 * N_ACTION_SLOTS == 420   # ACT_PASS .. ACT_DINGQUE (Sichuan 换三张 / 定缺)
    assert encode_action(("exchange", "5p")) == 10 * 35 + 13 and decode_action(11 * 35 + 9) == ("dingque", "1p")
    assert ACTION_TUPLES[34] == ("pass", None) and ACTION_TUPLES[35] == ("discard", "1m")
    assert decode_action(104) == ("win", None) and encode_action(("chow", "3p")) == 7 * 35 + 11
    p = empty_planes(3)
    assert p.shape == (3,) and p.dtype == PLANES_DTYPE
    assert PLANES_DTYPE["discards"].shape == (4, 48) and PLANES_DTYPE["melds"].shape == (4, 5, 3)
    assert set(decode(p[0])) == set(KEYS)


def test_bad_input_errors():
    with pytest.raises(ValueError, match="not an action"):
        encode_action(("discard", "0m"))
    with pytest.raises(ValueError, match="not an action"):
        encode_action(5)
    with pytest.raises(ValueError, match="0..419"):
        decode_action(420)
    with pytest.raises(ValueError, match="PLANES_DTYPE"):
        decode(np.zeros(3))
    with pytest.raises(ValueError, match="one record"):
        legal_actions(empty_planes(2))


def test_the_view_is_valid_only_during_the_call():
    kept = []

    def keep(obs, legal):
        kept.append(obs)
        with pytest.raises(KeyError, match="the keys"):
            obs["nope"]
        with pytest.raises(ValueError, match="not legal"):
            obs.index(0)   # ("pass", "1m") is never legal
        with pytest.raises(ValueError, match="0..419"):
            obs.index(-1)
        return 0

    play_block(resolve_rules("fuzhou")[0], 1, 0, 1, ["greedy", keep, "greedy", "greedy"])
    assert kept
    with pytest.raises(RuntimeError, match="after its policy call returned"):
        kept[0]["hand"]
    with pytest.raises(RuntimeError, match="after its policy call returned"):
        kept[0].planes
    assert "expired" in repr(kept[0])


def test_a_policy_that_plays_hands_itself_gets_its_own_buffer():
    rules = resolve_rules("fuzhou")[0]
    inner_rows = []

    def nested(obs, legal):
        before = obs.to_dict()
        if not inner_rows:
            inner_rows.append(play_block(rules, 2, 0, 1, [lambda o, l: 0] * 4))
        assert obs.to_dict() == before   # the inner hand wrote into other buffers
        return 0

    play_block(rules, 1, 0, 1, ["greedy", nested, "greedy", "greedy"], check=True)
    assert inner_rows


def test_the_planes_carry_the_dealers_streak():
    """The hook's planes hold the streak of the hand (a 4-hand match carries it over)."""
    import fzsim
    from fzsim.rules import load
    from fzsim_core.engine import play_block
    rules = load("fuzhou", hands_per_match=4).core
    rows = play_block(rules, 5, 0, 20, "greedy")
    i = int(np.flatnonzero(rows["streak"] > 0)[0])   # greedy dealers often keep the deal
    want, seen = int(rows["streak"][i]), set()

    def pick(obs, legal):
        seen.add(int(obs.planes["streak"]))
        return 0

    fzsim.play_hand(5, int(rows["game_id"][i]), variant=rules, policies=pick, hand=int(rows["hand"][i]),
                    dealer=int(rows["dealer"][i]), streak=want)
    assert seen == {want}
