"""The guard policy on the 国标 pack (packs/guobiao/guard.pyx): greedy's fan targets with defence.
Invariant-checked play, determinism, its fold level, and that its defence deals in less than
greedy on the same walls. Its strength is measured by `fzsim duel` (docs/guide/guobiao.md)."""
import numpy as np
import pytest

from fzsim.rules import load
from fzsim_core import engine

RULES = load("guobiao").core


def deal_in_share(out):
    """Share of seat-hands in which some seat's discard was won on."""
    return (out["discarder"] >= 0).mean()


def test_plays_under_check_with_every_win_at_the_minimum():
    out, recs = engine.play_block(RULES, 41, 0, 60, ("guard",) * 4, check=True, records=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert len(out["game_id"]) == 60 * 16
    assert not deltas.sum(axis=0).any()                          # zero-sum hands
    assert (out["outcome"] == 1).mean() > 0.8                    # it wins hands, not only folds
    wins = recs["value"] > 0
    assert wins.sum() > 700 and ((recs["value"] - recs["gen"])[wins] >= 8).all()   # flowers aside


def test_mixed_table_under_check():
    out = engine.play_block(RULES, 43, 0, 30, ("guard", "greedy", "guard:fold=0.05", "random"), check=True)
    assert len(out["game_id"]) == 30 * 16


def test_decisions_are_deterministic():
    a = engine.play_block(RULES, 17, 0, 20, ("guard", "greedy", "guard", "random"))
    b = engine.play_block(RULES, 17, 0, 20, ("guard", "greedy", "guard", "random"))
    assert all(np.array_equal(a[c], b[c]) for c in a)


def test_it_differs_from_greedy_and_its_fold_level_matters():
    runs = {p: engine.play_block(RULES, 8, 0, 20, (p,) * 4) for p in ("greedy", "guard", "guard:fold=0.0")}
    assert not np.array_equal(runs["greedy"]["delta_0"], runs["guard"]["delta_0"])
    assert not np.array_equal(runs["guard"]["delta_0"], runs["guard:fold=0.0"]["delta_0"])
    # fold 0: it breaks its hand up as soon as a threat shows, so it folds far more often
    assert runs["guard:fold=0.0"]["folds_0"].sum() > 3 * max(1, runs["guard"]["folds_0"].sum())


def test_its_defence_deals_in_less_than_greedy_on_the_same_walls():
    greedy = engine.play_block(RULES, 5, 0, 300, ("greedy",) * 4)
    guard = engine.play_block(RULES, 5, 0, 300, ("guard",) * 4)
    # 4,800 hands each: greedy tables end on a discard in ~72% of hands, guard tables in ~67%
    # (its defence: safe tiles among its best discards); the share's SE is ~0.7 points
    assert deal_in_share(guard) < deal_in_share(greedy) - 0.02, (deal_in_share(guard), deal_in_share(greedy))


def test_rollout_searching_own_turn_discards_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="on the guobiao pack rollout does not search own-turn discards"):
        engine.play_block(RULES, 1, 0, 1, ("rollout:at=16",) * 4)
