"""A policy a rule pack does not play is refused when a run, a duel, an env or a hand is set up
(issue 25): before any hand is played or any folder written, naming the pack and the policies
allowed there. `supported_policies` is held to what the engine itself accepts."""
import re

import pytest

import fzsim
from fzsim.cli import main
from fzsim.env import VecEnv
from fzsim.policyspec import check_policies_play, supported_policies
from fzsim.rules import PACKS, PRESETS, load
from fzsim_core.engine import InvariantError, first_dealer, play_hand_raw
from fzsim_core.policies.registry import LADDER, NAMES

PLAIN = load("fuzhou", pack="plain", honors_are_flowers=False, reserve_per_flower_set=0)
#: one variant of each pack
BY_PACK = {load(p)["pack"]: load(p) for p in PRESETS} | {"plain": PLAIN}
#: cheap forms of every compiled policy (rollout's searches kept small)
CHEAP = {"greedy": "greedy", "random": "random", "guard": "guard", "value": "value", "rollout": "rollout:n=2;k=2"}
REFUSED = "does not play the sichuan pack (variant 'sichuan'): allowed there random, greedy, guard, value"


def test_every_pack_has_a_variant_and_every_policy_a_cheap_form():
    assert set(BY_PACK) == set(PACKS) and set(CHEAP) == set(NAMES)


@pytest.mark.parametrize("pack", PACKS)
def test_supported_policies_are_those_the_engine_plays(pack):
    """Bypassing the setup check, the core itself refuses exactly the policies left out (when it
    binds a hand's policies, from the pack descriptor)."""
    rules = BY_PACK[pack].core
    allowed = supported_policies(BY_PACK[pack])
    assert allowed == supported_policies(rules) == supported_policies(pack)
    for name, spec in CHEAP.items():
        try:
            for game in range(3):
                play_hand_raw(rules, 7, game, 0, first_dealer(7, game), 0, (spec,) * 4, None, False, False, False, 0)
            played = True
        except (InvariantError, ValueError) as exc:
            assert f"does not play the {pack} pack" in str(exc)
            played = False
        assert played == (name in allowed), (pack, name)


def test_the_table_and_its_errors():
    assert supported_policies("fuzhou") == LADDER and set(LADDER) == set(NAMES)
    assert supported_policies("sichuan") == ("random", "greedy", "guard", "value")
    with pytest.raises(ValueError, match="pack 'tibet' is unknown: allowed fuzhou, plain, sichuan"):
        supported_policies("tibet")
    with pytest.raises(ValueError, match="expected a RuleConfig, a fzsim_core.rules.Rules or a pack name"):
        supported_policies(42)
    # callables, unknown names and parameters are not this check's to judge; parameters are read past
    check_policies_play(load("sichuan"), (lambda obs, legal: 0, "nosuch", "guard:fold=0.1", "random"))
    with pytest.raises(ValueError, match=r"policy 'rollout:k=1' \(seat 3\) does not play the beijing pack"):
        check_policies_play(load("beijing"), ("greedy",) * 3 + ("rollout:k=1",))


def test_play_hand_and_replay_refuse_before_playing(capsys):
    calls = []

    def counting(obs, legal):
        calls.append(1)
        return 0

    with pytest.raises(ValueError, match=re.escape("policy 'rollout' (seat 1) " + REFUSED)):
        fzsim.play_hand(1, 0, "sichuan", [counting, "rollout", "greedy", "greedy"])
    assert calls == []           # not one decision was asked for
    assert fzsim.play_hand(1, 0, "fuzhou", "value").seed == 1   # where the pack plays it, it plays
    assert main(["replay", "--seed", "1", "--game", "0", "--variant", "sichuan", "--policy", "2=rollout"]) == 2
    captured = capsys.readouterr()
    assert "policy 'rollout' (seat 2) " + REFUSED in captured.err and captured.out == ""


def test_simulate_refuses_before_the_folder_is_written(tmp_path):
    out = tmp_path / "run"
    with pytest.raises(ValueError, match=re.escape("policy 'rollout' (seat 0) " + REFUSED)):
        fzsim.simulate(8, ["fuzhou", "sichuan"], policies="0=rollout", out=out)
    with pytest.raises(ValueError, match=re.escape("policy 'rollout' (seat 0 of policy set 'rollout') " + REFUSED)):
        fzsim.simulate(8, ["fuzhou", "sichuan"], policy_sets=["greedy", "rollout"], out=out)
    assert not out.exists()


def test_run_command_refuses_before_the_folder_is_written(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["run", "--hands", "16", "--variant", "guobiao", "--policy", "all=rollout", "--out", str(out)]) == 2
    assert "policy 'rollout' (seat 0) does not play the guobiao pack" in capsys.readouterr().err
    assert main(["run", "--hands", "8", "--variant", "fuzhou", "--variant", "shanghai", "--policy-set", "guard",
                 "--policy-set", "all=greedy,0=rollout", "--out", str(out)]) == 2
    assert ("policy 'rollout' (seat 0 of policy set 'rollout,greedy,greedy,greedy') does not play the shanghai pack"
            in capsys.readouterr().err)
    assert not out.exists()


def test_duel_refuses_before_playing_or_writing(tmp_path, capsys):
    out = tmp_path / "duel"
    with pytest.raises(ValueError, match=r"policy 'rollout' \(challenger\) does not play the beijing pack"):
        fzsim.duel("rollout", variant="beijing", hands=4, out=out)
    with pytest.raises(ValueError, match=re.escape("policy 'rollout' (baseline) " + REFUSED)):
        fzsim.duel("greedy", "rollout", variant="sichuan", hands=4)
    assert main(["duel", "--challenger", "rollout", "--variant", "xuezhan", "--hands", "4", "--out", str(out)]) == 2
    assert "policy 'rollout' (challenger) does not play the sichuan pack (variant 'xuezhan')" in capsys.readouterr().err
    assert not out.exists()


def test_vec_env_refuses_its_opponents_and_hints():
    with pytest.raises(ValueError, match=re.escape("policy 'rollout' (seat 1) " + REFUSED)):
        VecEnv(2, "sichuan", opponents="rollout")
    # an agent's seat is played by the agent: its opponents entry is ignored, so not refused
    env = VecEnv(2, "sichuan", agent_seats=(0,), opponents=["rollout", "greedy", "guard", "random"])
    env.reset()
    with pytest.raises(ValueError, match=re.escape("policy 'rollout' (hint) " + REFUSED)):
        env.hint(0, "rollout")
    assert env.hint(0, "guard") >= 0


def test_aec_env_refuses_its_opponents():
    pytest.importorskip("pettingzoo")
    from fzsim.env import env, raw_env

    with pytest.raises(ValueError, match=r"policy 'rollout' \(seat 1\) does not play the shanghai pack"):
        raw_env("shanghai", agents=("seat_0",), opponents="rollout")
    with pytest.raises(ValueError, match=r"policy 'rollout' \(seat 2\) does not play the guobiao pack"):
        env("guobiao", agents=("seat_0", "seat_1"), opponents=["rollout"] * 4)
    raw_env("guobiao", agents=("seat_0", "seat_1", "seat_2", "seat_3"), opponents="value")   # no seat left to it


def test_the_stepper_and_play_block_refuse_when_the_policies_are_bound():
    """The core's own entry points refuse from the pack descriptor before a decision is played."""
    from fzsim_core.engine import HandStepper, play_block

    rules = load("beijing").core
    with pytest.raises(ValueError, match=r"seat 2: the rollout policy does not play the beijing pack "
                                         r"\(allowed there: random, greedy, guard, value\)"):
        HandStepper(rules, 11, 0, 0, 0, 0, ("greedy", "greedy", "rollout", "greedy"), (0,))
    with pytest.raises(ValueError, match="the rollout policy does not play the guobiao pack"):
        play_block(load("guobiao").core, 1, 0, 1, "rollout")
