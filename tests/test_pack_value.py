"""value on every rule pack, through the pack's evaluation hooks (kit/evaluate.pxd,
policies/pack_value.pyx): it plays each preset under the engine's invariant checks, is
deterministic, takes its risk weight as a parameter where it reads a pack's hooks, and refuses
that parameter on Fuzhou (whose value is its own, policies/value.pyx)."""
import numpy as np
import pytest

from fzsim.rules import PRESETS, load
from fzsim_core.engine import play_block

PACK_PRESETS = [p for p in PRESETS if load(p)["pack"] != "fuzhou"]


def _hands(preset, n):
    per_match = load(preset).core.fields["hands_per_match"]
    return max(1, n // per_match)


@pytest.mark.parametrize("preset", PACK_PRESETS)
def test_value_plays_the_pack_under_the_invariant_checks(preset):
    rules = load(preset).core
    n = 48 if preset == "guobiao" else 300
    out = play_block(rules, 29, 0, _hands(preset, n), ("value", "guard", "value:risk=0.5", "greedy"), check=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert not deltas.sum(axis=0).any()                                   # zero-sum hands
    wins = [(out["winner"] == s).sum() if "winner" in out else 0 for s in range(4)]
    assert (out["outcome"] == 1).mean() > 0.5, preset                      # hands are won, not only drawn
    assert wins[0] + wins[2] > 0, preset                                   # and value seats win some


@pytest.mark.parametrize("preset", ["sichuan", "beijing"])
def test_value_is_deterministic(preset):
    rules = load(preset).core
    a = play_block(rules, 5, 0, 200, "value")
    b = play_block(rules, 5, 0, 200, "value")
    assert all((a[c] == b[c]).all() for c in ("winner", "delta_0", "delta_3", "turns"))


def test_the_risk_weight_changes_play_and_is_checked():
    rules = load("sichuan").core
    plain = play_block(rules, 5, 0, 300, "value")
    fitted = play_block(rules, 5, 0, 300, "value:risk=0")          # sichuan's fitted weight is 0
    careful = play_block(rules, 5, 0, 300, "value:risk=1")
    assert (plain["delta_0"] == fitted["delta_0"]).all()
    assert (plain["delta_0"] != careful["delta_0"]).any()
    assert careful["folds_0"].sum() > plain["folds_0"].sum() == 0
    with pytest.raises(ValueError, match=r"risk must be a number in 0.0..1.0, got '2'"):
        play_block(rules, 5, 0, 1, "value:risk=2")
    with pytest.raises(ValueError, match="value takes its risk weight and claim gain on the packs it reads through their hooks, "
                                         "not the fuzhou pack"):
        play_block(load("fuzhou").core, 5, 0, 1, "value:risk=0.5")


def test_the_claim_gain_is_the_packs_fitted_one_and_is_checked():
    """国标's value weighs only the calls that bring the hand nearer ready (GB_EVAL.claim_gain 1),
    the other packs' every call that keeps it as near (0); `value:claim=G` overrides."""
    def rows(preset, spec, n):
        out = play_block(load(preset).core, 5, 0, n, spec)
        return np.stack([out[f"delta_{s}"] for s in range(4)] + [out["turns"]])
    gb = rows("guobiao", "value", 2)
    assert np.array_equal(gb, rows("guobiao", "value:claim=1", 2))
    assert not np.array_equal(gb, rows("guobiao", "value:claim=0", 2))
    sc = rows("sichuan", "value", 200)
    assert np.array_equal(sc, rows("sichuan", "value:claim=0", 200))
    assert not np.array_equal(sc, rows("sichuan", "value:claim=1", 200))
    with pytest.raises(ValueError, match=r"claim must be a number in 0..2, got '3'"):
        play_block(load("sichuan").core, 5, 0, 1, "value:claim=3")
