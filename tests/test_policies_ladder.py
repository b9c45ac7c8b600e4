"""The guard and value policies: invariant-checked play under every preset, determinism, and
their specs (parameters) — the ladder's strength is measured by fzsim duel (docs/guide/policies.md)."""
import numpy as np
import pytest

from fzsim import play_hand
from fzsim.policyspec import policy_seats
from fzsim.rules import PRESETS, load
from fzsim_core import engine
from fzsim_core.policies.registry import parse_spec

NEW = ("guard", "value")
FUZHOU_PRESETS = sorted(p for p in PRESETS if load(p)["pack"] == "fuzhou")


@pytest.mark.parametrize("preset", FUZHOU_PRESETS)
@pytest.mark.parametrize("policy", NEW)
def test_plays_2000_hands_per_preset_under_check(preset, policy):
    rules = load(preset).core
    out = engine.play_block(rules, 41, 0, 2000 // rules.fields["hands_per_match"], (policy,) * 4, check=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert len(out["game_id"]) >= 2000
    assert not deltas.sum(axis=0).any()                    # zero-sum hands
    assert (out["outcome"] == 1).mean() > 0.5               # they win hands, not only fold


def test_rollout_plays_sichuan_searching_all_but_own_turn_discards():   # every policy plays every pack
    assert len(engine.play_block(load("sichuan").core, 1, 0, 3, ("rollout:n=2",) * 4)["game_id"]) == 3
    assert len(engine.play_block(load("sichuan").core, 1, 0, 3, ("rollout:n=2;at=14",) * 4)["game_id"]) == 3
    with pytest.raises(ValueError, match="on the sichuan pack rollout does not search own-turn discards"):
        engine.play_block(load("sichuan").core, 1, 0, 3, ("rollout:at=1",) * 4)


@pytest.mark.parametrize("preset, fitted, other", [("sichuan", "at=14;n=64", "at=6;n=16"),
                                                    ("xuezhan", "at=6;n=16", "at=14;n=64")])
def test_rollout_default_is_the_scorings_fitted_budget(preset, fitted, other):
    """The Sichuan pack fits rollout's budget per scoring (evaluate.pyx SC_EVAL / XZ_EVAL): its
    default plays move for move as the fitted spec, and not as the other scoring's."""
    def rows(spec):
        out = engine.play_block(load(preset).core, 5, 0, 8, (f"rollout{spec}",) * 4)
        return np.stack([out[f"delta_{s}"] for s in range(4)] + [out["turns"]])
    default = rows("")
    assert np.array_equal(default, rows(":" + fitted))
    assert not np.array_equal(default, rows(":" + other))


def test_mixed_table_under_check():
    out = engine.play_block(load("fuzhou").core, 43, 0, 1000, ("value", "guard", "greedy", "guard:fold=0.3"),
                            check=True)
    assert len(out["game_id"]) == 1000


@pytest.mark.parametrize("policy", NEW + ("guard:fold=0.2",))
def test_decisions_are_deterministic(policy):
    rules = load("bianfeng").core
    a = engine.play_block(rules, 17, 0, 400, (policy, "greedy", policy, "random"))
    b = engine.play_block(rules, 17, 0, 400, (policy, "greedy", policy, "random"))
    assert all(np.array_equal(a[c], b[c]) for c in a)
    one = play_hand(5, 3, policies=[policy] * 4, log=True)
    two = play_hand(5, 3, policies=[policy] * 4, log=True)
    assert one.events == two.events


def test_guard_differs_from_greedy_and_fold_matters():
    rules = load("fuzhou").core
    runs = {p: engine.play_block(rules, 8, 0, 300, (p,) * 4) for p in ("greedy", "guard", "guard:fold=0.0")}
    assert not np.array_equal(runs["greedy"]["delta_0"], runs["guard"]["delta_0"])
    assert not np.array_equal(runs["guard"]["delta_0"], runs["guard:fold=0.0"]["delta_0"])


def test_specs_with_parameters():
    assert parse_spec("guard") == ("guard", {})
    assert parse_spec("guard:fold=0.25") == ("guard", {"fold": 0.25})
    assert policy_seats("guard:fold=0.2") == ("guard:fold=0.2",) * 4
    assert policy_seats("0=guard:fold=0.2,all=value") == ("value",) * 4
    assert policy_seats("all=value,0=guard:fold=0.2") == ("guard:fold=0.2", "value", "value", "value")
    assert policy_seats("guard:fold=0.1,greedy,value,random") == ("guard:fold=0.1", "greedy", "value", "random")


@pytest.mark.parametrize("spec, message", [
    ("guard:fold=2", "fold must be a number in 0.0..1.0, got '2'"),
    ("guard:fold=abc", "fold must be a number in 0.0..1.0, got 'abc'"),
    ("guard:fold", "fold must be a number"),
    ("guard:push=0.1", "unknown parameter 'push' for guard: allowed fold"),
    ("guard:fold=0.1;fold=0.2", "given twice"),
    ("greedy:fold=0.1", "policy 'greedy' takes no parameters"),
    ("smart:x=1", "unknown policy 'smart'"),
])
def test_bad_parameters(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_spec(spec)
    with pytest.raises(ValueError, match=message):
        engine.play_block(load("fuzhou").core, 1, 0, 1, spec)


def test_runs_check_policy_parameters_before_writing(tmp_path):
    import fzsim

    with pytest.raises(ValueError, match="fold must be a number"):
        fzsim.simulate(10, out=tmp_path / "r", policies="guard:fold=9")
    assert not (tmp_path / "r").exists()
    fzsim.simulate(20, out=tmp_path / "ok", policies={1: "guard:fold=0.2", 2: "value"}, progress=False)
    assert len(fzsim.load(tmp_path / "ok")) == 20


def test_guard_default_fold_is_the_documented_one():
    from fzsim_core.policies.registry import PARAMS

    rules = load("fuzhou").core
    default = PARAMS["guard"]["fold"][2]
    plain = engine.play_block(rules, 12, 0, 300, "guard")
    spelled = engine.play_block(rules, 12, 0, 300, f"guard:fold={default}")
    assert all(np.array_equal(plain[c], spelled[c]) for c in plain)
