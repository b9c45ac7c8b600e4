"""guard on the Beijing pack (packs/beijing/guard): it plays the preset (and BJ-A2 natural, and with
folding on) under check=True, decides deterministically, and its ready choice — the discard whose
waits are worth most (unseen copies x the 番 of that win) — agrees with a plain Python reference
built on the pack's public shapes and scorer. value and rollout play it through the pack's evaluation hooks (tests/test_pack_value.py)."""
from __future__ import annotations

import numpy as np
import pytest

from fzsim.env import VecEnv
from fzsim.game import parse_tile_sequence
from fzsim.rules import load
from fzsim_core.engine import play_block
from fzsim_core.obs_planes import ACTION_TUPLES
from fzsim_core.packs.beijing import score, shapes

BEIJING = load("beijing")
MELD_NAMES = {1: "chow", 2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}


@pytest.mark.parametrize("variant", [BEIJING, load("beijing", bj_hui_discard="natural")])
def test_guard_plays_the_pack_under_check(variant):
    out = play_block(variant.core, 21, 0, 1500, ("guard", "greedy", "guard:fold=0.05", "guard"), check=True)
    d = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (d.sum(axis=0) == 0).all() and (out["outcome"] == 1).mean() > 0.9
    assert out["folds_2"].sum() > 0 and out["folds_0"].sum() == 0   # only the folding seat folds


def test_guard_is_deterministic():
    a = play_block(BEIJING.core, 23, 0, 300, "guard")
    b = play_block(BEIJING.core, 23, 0, 300, "guard")
    assert all((a[c] == b[c]).all() for c in ("winner", "delta_0", "delta_1", "turns"))


def test_rollout_does_not_search_own_turn_discards_on_the_pack():
    with pytest.raises(ValueError, match="on the beijing pack rollout does not search own-turn discards"):
        play_block(BEIJING.core, 1, 0, 2, "rollout:at=9")


def reference_ready_choice(p):
    """The legal discard leaving the hand ready whose waits are worth most — over the winning kinds
    (a drawn 惠牌 among them), unseen copies x the 番 of that win (a discard win while the hand may
    take one, else a self-draw) — or None when none does or two tie."""
    seat, wild = int(p["seat"]), int(p["gold"])
    counts = p["hand"][:34].astype(np.int64)
    melds = [(MELD_NAMES[int(p["melds"][seat, i, 0])], int(p["melds"][seat, i, 1]))
             for i in range(int(p["n_melds"][seat]))]
    vals = {}
    for aid in p["action_ids"][:int(p["n_actions"])]:
        name, tile = ACTION_TUPLES[aid]
        if name != "discard":
            continue
        c = counts.copy()
        c[parse_tile_sequence(tile)[0]] -= 1
        total = 0
        if shapes.shanten(c, melds, wild) == 0:
            flags = [] if shapes.may_win_on_discard(c, melds, wild) else ["selfdraw"]
            mask = shapes.wait_mask(c, melds, wild)
            for w in range(34):
                unseen = 4 - int(p["seen"][w]) - int(c[w])
                if (mask >> w) & 1 and unseen > 0:
                    c[w] += 1
                    total += unseen * score.evaluate(c, melds, wild, flags, w, None, True)["total"]
                    c[w] -= 1
        vals[int(aid)] = total
    best = max(vals.values(), default=0)
    if best == 0 or list(vals.values()).count(best) > 1:
        return None
    return next(a for a, v in vals.items() if v == best)


def test_the_ready_choice_matches_the_reference():
    env = VecEnv(16, variant="beijing", seed=5, agent_seats=(0, 1, 2, 3))
    obs, _ = env.reset()
    checked = differs = 0
    for _ in range(400):
        acts = np.empty(env.n, dtype=np.int64)
        for i in range(env.n):
            acts[i] = env.hint(i, "guard")
            p = obs[i]
            if int(p["decision"]) in (0, 1) and not any(
                    ACTION_TUPLES[a][0] in ("win", "concealed_kong", "added_kong")
                    for a in p["action_ids"][:int(p["n_actions"])]):
                want = reference_ready_choice(p)
                if want is not None:
                    assert acts[i] == want, (i, ACTION_TUPLES[want], ACTION_TUPLES[acts[i]])
                    checked += 1
                    differs += int(env.hint(i, "greedy") != want)
        obs, *_ = env.step(acts)
    assert checked > 100 and differs > 0   # and greedy (most winning tiles) would often choose otherwise
