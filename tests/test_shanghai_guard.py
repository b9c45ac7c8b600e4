"""guard on the Shanghai pack (packs/shanghai/guard): it plays the preset (and its options) under
check=True, decides deterministically, folds only where asked, and its ready choice — the discard
whose waits are worth most — agrees with a plain Python reference built on the pack's public
shapes and scoring."""
from __future__ import annotations

import numpy as np
import pytest

from fzsim.env import VecEnv
from fzsim.game import parse_tile_sequence
from fzsim.rules import load
from fzsim_core.engine import play_block
from fzsim_core.obs_planes import ACTION_TUPLES
from fzsim_core.packs.shanghai import score, shapes

MELD_NAMES = {1: "chow", 2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}


def test_guard_plays_the_preset_under_check():
    out = play_block(load("shanghai").core, 21, 0, 1000, ("guard", "greedy", "guard:fold=0.02", "guard"), check=True)
    d = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (d.sum(axis=0) == 0).all() and (out["outcome"] == 1).mean() > 0.5
    assert out["folds_2"].sum() > out["folds_0"].sum() and out["folds_1"].sum() == 0   # greedy never folds


def test_guard_answers_the_options():
    rules = load("shanghai", sh_feng_includes_dragons=False, sh_chengbao_claims="chow_pung",
                 sh_dadiaoche_standalone=True)
    out = play_block(rules.core, 22, 0, 300, "guard", check=True)
    assert len(out["game_id"]) == 300


def test_guard_is_deterministic():
    a = play_block(load("shanghai").core, 23, 0, 200, "guard")
    b = play_block(load("shanghai").core, 23, 0, 200, "guard")
    assert all((a[c] == b[c]).all() for c in ("winner", "delta_0", "delta_1", "turns", "folds_0"))


def reference_ready_choice(planes):
    """The legal discard leaving the hand ready whose waits are worth most (unseen copies x the P of
    that win on a discard, the seat's flowers counted), or None when none does or two tie."""
    seat = int(planes["seat"])
    counts = planes["hand"][:34].astype(np.int64)
    melds = [(MELD_NAMES[int(planes["melds"][seat, i, 0])], int(planes["melds"][seat, i, 1]))
             for i in range(int(planes["n_melds"][seat]))]
    flowers = min(int(planes["n_flowers"][seat]), 8)
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
        for w in range(34):
            unseen = 4 - int(planes["seen"][w]) - int(c[w])
            if (mask >> w) & 1 and unseen > 0:
                c[w] += 1
                total += unseen * score.evaluate(c, melds, flowers=flowers)["per_payer"]
                c[w] -= 1
        vals[int(aid)] = total
    best = max(vals.values(), default=0)
    if best == 0 or list(vals.values()).count(best) > 1:
        return None
    return next(a for a, v in vals.items() if v == best)


def test_the_ready_choice_matches_the_reference():
    env = VecEnv(16, variant="shanghai", seed=5, agent_seats=(0, 1, 2, 3))
    obs, _ = env.reset()
    checked = 0
    for _ in range(600):
        acts = np.empty(env.n, dtype=np.int64)
        for i in range(env.n):
            acts[i] = env.hint(i, "guard")
            p = obs[i]
            names = [ACTION_TUPLES[a][0] for a in p["action_ids"][:int(p["n_actions"])]]
            if int(p["decision"]) in (0, 1) and not any(n in ("win", "concealed_kong", "added_kong") for n in names):
                want = reference_ready_choice(p)
                if want is not None:
                    assert acts[i] == want, (i, ACTION_TUPLES[want], ACTION_TUPLES[acts[i]])
                    checked += 1
        obs, *_ = env.step(acts)
    assert checked > 50
