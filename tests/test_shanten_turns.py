"""Mean shanten by turn (fzsim.shanten_turns) against an independent slow computation.

The reference never reads an event log nor the core's shanten tables: a Python policy records
the hand its own Observation shows at each own-turn decision, and a brute-force search over
decompositions (golds wild) gives that hand's shanten.
"""
import functools
import random

import numpy as np
import pytest

from fzsim.rules import load
from fzsim.shanten_turns import shanten_by_turn, turn_shanten
from fzsim_core import engine

SUIT = {"m": 0, "p": 9, "s": 18, "z": 27}


def kinds(notation):
    out, digits = [], []
    for ch in notation:
        if ch.isdigit():
            digits.append(int(ch))
        else:
            out += [SUIT[ch] + d - 1 for d in digits]
            digits = []
    return out


@functools.lru_cache(maxsize=None)
def most_used(counts, melds, pair):
    """The most tiles of `counts` (a tuple over 34 kinds) that `melds` meld slots and `pair` pair
    slots can use, each slot taking a complete or partial group of its kind."""
    k = next((i for i, c in enumerate(counts) if c), None)
    if k is None or (melds == 0 and pair == 0):
        return 0
    c = list(counts)
    c[k] -= 1
    best = most_used(tuple(c), melds, pair)           # tile k left unused
    c[k] += 1

    def take(ks, m, p):
        d = list(counts)
        for x in ks:
            if d[x] == 0:
                return -1
            d[x] -= 1
        return len(ks) + most_used(tuple(d), m, p)

    suited = k < 27
    groups = []
    if melds:
        groups += [((k, k, k), melds - 1, pair), ((k, k), melds - 1, pair), ((k,), melds - 1, pair)]
        if suited and k % 9 <= 6:
            groups.append(((k, k + 1, k + 2), melds - 1, pair))
        if suited and k % 9 <= 7:
            groups.append(((k, k + 1), melds - 1, pair))
        if suited and k % 9 <= 6:
            groups.append(((k, k + 2), melds - 1, pair))
    if pair:
        groups += [((k, k), melds, pair - 1), ((k,), melds, pair - 1)]
    for ks, m, p in groups:
        best = max(best, take(ks, m, p))
    return best


def slow_shanten(tiles, gold):
    """Tiles to exchange for a complete hand (n melds and a pair, golds wild) minus one."""
    n = (len(tiles) - 2) // 3
    plain = [t for t in tiles if t != gold]
    counts = tuple(np.bincount(plain, minlength=34)[:34].tolist())
    return len(plain) - most_used(counts, n, 1) - 1


def recording_policy(seed, seat, log):
    rnd = random.Random(seed * 4 + seat)

    def policy(obs, legal):
        d = obs.to_dict()
        names = [a[0] for a in legal]
        if d["decision"] in ("turn", "after_claim"):
            hand = kinds(d["hand"])
            gold = kinds(d["gold"])[0] if d["gold"] else None
            if "win" in names:
                log.append(-1)
                return names.index("win")
            i = rnd.randrange(len(legal))
            if names[i] in ("discard", "youjin"):
                log.append(slow_shanten(hand, gold))
            return i
        if "win" in names:
            return names.index("win")
        return rnd.randrange(len(legal))
    return policy


@pytest.mark.parametrize("variant", ["fuzhou", "bianfeng"])
def test_turn_shanten_matches_the_slow_reference(variant):
    rules = load(variant).core
    checked = 0
    for gid in range(6):
        logs = [[], [], [], []]
        pols = tuple(recording_policy(gid, s, logs[s]) for s in range(4))
        _, events = engine.play_hand_raw(rules, 31, gid, 0, 0, 0, pols, log=True)
        got = turn_shanten(events)
        for s in range(4):
            # a win the flow takes without asking (the last group) is a turn the policy never saw
            assert got[s] == logs[s] or got[s] == logs[s] + [-1], (gid, s, got[s], logs[s])
            checked += len(logs[s])
    assert checked > 100


def test_shanten_by_turn_is_the_mean_of_the_turns():
    rules = load("fuzhou").core
    df = shanten_by_turn("fuzhou", "greedy", hands=40, seed=5, max_turn=6)
    per = [[] for _ in range(6)]
    for gid in range(40):
        _, events = engine.play_hand_raw(rules, 5, gid, 0, 0, 0, "greedy", log=True)
        for seq in turn_shanten(events):
            for k, v in enumerate(seq[:6]):
                per[k].append(v)
    assert list(df["turn"]) == list(range(1, 7)) and (df["policy"] == "greedy").all()
    assert list(df["seat_turns"]) == [len(p) for p in per]
    assert np.allclose(df["shanten"], [np.mean(p) for p in per])
    # the hand gets nearer ready as the turns go by
    assert df["shanten"].iloc[0] > df["shanten"].iloc[4]


@pytest.mark.parametrize("kw, message", [({"hands": 0}, "hands=0"), ({"max_turn": 1.5}, "max_turn=1.5"),
                                         ({"policies": ["greedy"] * 3}, "one spec or four")])
def test_shanten_by_turn_rejects_bad_input(kw, message):
    with pytest.raises(ValueError, match=message):
        shanten_by_turn("fuzhou", **{"policies": "greedy", "hands": 2, **kw})


def test_a_run_replays_and_gives_the_same_figures(tmp_path):
    import fzsim
    from fzsim.shanten_turns import shanten_by_turn_run

    fzsim.simulate(40, ["fuzhou", "bianfeng"], seed=11, out=tmp_path / "r", policies="guard", progress=False)
    got = shanten_by_turn_run(tmp_path / "r", hands=30, max_turn=5)
    assert sorted(got["variant"].unique()) == ["bianfeng", "fuzhou"] and (got["policy"] == "guard").all()
    direct = shanten_by_turn("fuzhou", "guard", hands=30, seed=11, max_turn=5)
    mine = got[got["variant"] == "fuzhou"].reset_index(drop=True)
    assert np.allclose(mine["shanten"], direct["shanten"]) and list(mine["seat_turns"]) == list(direct["seat_turns"])


def test_a_folder_that_does_not_replay_is_refused(tmp_path):
    import fzsim
    from fzsim.shanten_turns import shanten_by_turn_run

    fzsim.simulate(10, ["fuzhou"], seed=3, out=tmp_path / "r", progress=False)
    with pytest.raises(ValueError, match="no manifest"):
        shanten_by_turn_run(tmp_path / "r" / "variant=fuzhou", hands=5)
    # the same rows under another seed's manifest are refused (by the verified loader, before any
    # replay is tried)
    import json
    m = tmp_path / "r" / "_manifest.json"
    data = json.loads(m.read_text())
    data["fzsim_run"]["seed"] = "4"
    m.write_text(json.dumps(data))
    with pytest.raises(ValueError, match="belongs to another run"):
        shanten_by_turn_run(tmp_path / "r", hands=10)


def test_a_run_of_several_policy_settings_replays_each(tmp_path):
    import fzsim
    from fzsim.shanten_turns import shanten_by_turn_run

    fzsim.simulate(30, "fuzhou", seed=5, out=tmp_path / "r", policy_sets=["greedy", "value"], progress=False)
    got = shanten_by_turn_run(tmp_path / "r", hands=20, max_turn=4)
    assert sorted(got["policy"].unique()) == ["greedy", "value"] and (got["variant"] == "fuzhou").all()
    for setting in ("greedy", "value"):
        direct = shanten_by_turn("fuzhou", setting, hands=20, seed=5, max_turn=4)
        mine = got[got["policy"] == setting].reset_index(drop=True)
        assert np.allclose(mine["shanten"], direct["shanten"])
        assert list(mine["seat_turns"]) == list(direct["seat_turns"])
