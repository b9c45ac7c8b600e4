"""guard on the Sichuan pack (packs/sichuan/guard): it plays both presets (and their options) under
check=True, decides deterministically, and its ready choice — the discard whose waits are worth
most — agrees with a plain Python reference built on the pack's public shapes and scoring."""
from __future__ import annotations

import numpy as np
import pytest

from fzsim.env import VecEnv
from fzsim.rules import load
from fzsim_core.engine import play_block
from fzsim_core.obs_planes import ACTION_TUPLES
from fzsim_core.packs.sichuan import score, shapes
from fzsim.game import parse_tile_sequence

MELD_NAMES = {2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}


@pytest.mark.parametrize("preset", ["sichuan", "xuezhan"])
def test_guard_plays_the_presets_under_check(preset):
    out = play_block(load(preset).core, 21, 0, 1000, ("guard", "greedy", "guard:fold=0.05", "guard"), check=True)
    d = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (d.sum(axis=0) == 0).all() and (out["outcome"] == 1).mean() > 0.9
    assert out["folds_2"].sum() > 0 and out["folds_0"].sum() == 0   # only the folding seat folds


def test_guard_answers_the_opening_options_and_kong_payments():
    rules = load("xuezhan", sc_exchange="across", sc_dingque=True, xz_kong_payments="commercial")
    out = play_block(rules.core, 22, 0, 300, "guard", check=True)
    assert len(out["game_id"]) == 300


def test_guard_is_deterministic():
    a = play_block(load("xuezhan").core, 23, 0, 200, "guard")
    b = play_block(load("xuezhan").core, 23, 0, 200, "guard")
    assert all((a[c] == b[c]).all() for c in ("winner", "delta_0", "delta_1", "turns"))


def reference_ready_choice(planes, pack):
    """The legal discard leaving the hand ready whose waits are worth most (unseen copies x what
    each payer pays), or None when none does or two tie."""
    seat = int(planes["seat"])
    counts = planes["hand"][:27].astype(np.int64)
    melds = [(MELD_NAMES[int(planes["melds"][seat, i, 0])], int(planes["melds"][seat, i, 1]))
             for i in range(int(planes["n_melds"][seat]))]
    vals = {}
    for aid in planes["action_ids"][:int(planes["n_actions"])]:
        name, tile = ACTION_TUPLES[aid]
        if name != "discard":
            continue
        k = parse_tile_sequence(tile)[0]
        c = counts.copy()
        c[k] -= 1
        mask = shapes.wait_mask(c, melds)
        total = 0
        for w in range(27):
            unseen = 4 - int(planes["seen"][w]) - int(c[w])
            if (mask >> w) & 1 and unseen > 0:
                c[w] += 1
                total += unseen * score.evaluate(pack, c, melds)["unit"]
                c[w] -= 1
        vals[int(aid)] = total
    best = max(vals.values(), default=0)
    if best == 0 or list(vals.values()).count(best) > 1:
        return None
    return next(a for a, v in vals.items() if v == best)


@pytest.mark.parametrize("preset", ["sichuan", "xuezhan"])
def test_the_ready_choice_matches_the_reference(preset):
    env = VecEnv(16, variant=preset, seed=5, agent_seats=(0, 1, 2, 3))
    obs, _ = env.reset()
    checked = 0
    for _ in range(400):
        acts = np.empty(env.n, dtype=np.int64)
        for i in range(env.n):
            acts[i] = env.hint(i, "guard")
            p = obs[i]
            if int(p["decision"]) in (0, 1) and not any(
                    ACTION_TUPLES[a][0] in ("win", "concealed_kong", "added_kong")
                    for a in p["action_ids"][:int(p["n_actions"])]):
                want = reference_ready_choice(p, preset)
                if want is not None:
                    assert acts[i] == want, (i, ACTION_TUPLES[want], ACTION_TUPLES[acts[i]])
                    checked += 1
        obs, *_ = env.step(acts)
    assert checked > 100
