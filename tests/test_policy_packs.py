"""A policy a rule pack cannot seat is refused when a run, a duel, an env or a hand is set up
(issue 25): before any hand is played or any folder written, naming the pack and why. Every
compiled policy now plays every pack (issue 27), so the refusals left are of parameters that
depend on the pack: rollout searches only discard wins where value reads a pack's hooks
(`rollout:at=1` is refused there), and value's risk weight is for those packs only.
`supported_policies` is held to what the engine itself accepts."""
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
#: a spec the Sichuan pack refuses, and why
BAD = "rollout:at=1"
REFUSED = ("(variant 'sichuan'): on the sichuan pack rollout does not search own-turn discards (at bits 1 and 16): "
           "its discard candidates read the core's generic shapes (wintables.pxd), not the pack's (allowed there: "
           "the sums of 2, 4 and 8)")


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
    assert all(supported_policies(p) == LADDER for p in PACKS)
    with pytest.raises(ValueError, match="pack 'tibet' is unknown: allowed fuzhou, plain, sichuan"):
        supported_policies("tibet")
    with pytest.raises(ValueError, match="expected a RuleConfig, a fzsim_core.rules.Rules or a pack name"):
        supported_policies(42)
    # callables, unknown names and parameters are not this check's to judge; parameters are read past
    check_policies_play(load("sichuan"), (lambda obs, legal: 0, "nosuch", "guard:fold=0.1", "random"))
    with pytest.raises(ValueError, match=r"policy 'rollout:at=13' \(seat 3\): on the beijing pack rollout does not"):
        check_policies_play(load("beijing"), ("greedy",) * 3 + ("rollout:at=13",))
    with pytest.raises(ValueError, match=r"policy 'value:risk=0.5' \(seat 0\): value takes its risk weight and claim gain on the "
                                         r"packs it reads through their hooks, not the fuzhou pack"):
        check_policies_play(load("fuzhou"), ("value:risk=0.5",) + ("greedy",) * 3)
    check_policies_play(load("beijing"), ("value:risk=0.5", "rollout", "rollout:n=8;at=12", "guard"))


def test_play_hand_and_replay_refuse_before_playing(capsys):
    calls = []

    def counting(obs, legal):
        calls.append(1)
        return 0

    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (seat 1) " + REFUSED)):
        fzsim.play_hand(1, 0, "sichuan", [counting, BAD, "greedy", "greedy"])
    assert calls == []           # not one decision was asked for
    assert fzsim.play_hand(1, 0, "fuzhou", "value").seed == 1   # where the pack plays it, it plays
    assert main(["replay", "--seed", "1", "--game", "0", "--variant", "sichuan", "--policy", f"2={BAD}"]) == 2
    captured = capsys.readouterr()
    assert f"policy '{BAD}' (seat 2) " + REFUSED in captured.err and captured.out == ""


def test_simulate_refuses_before_the_folder_is_written(tmp_path):
    out = tmp_path / "run"
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (seat 0) " + REFUSED)):
        fzsim.simulate(8, ["fuzhou", "sichuan"], policies=f"0={BAD}", out=out)
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (seat 0 of policy set '{BAD}') " + REFUSED)):
        fzsim.simulate(8, ["fuzhou", "sichuan"], policy_sets=["greedy", BAD], out=out)
    assert not out.exists()


def test_run_command_refuses_before_the_folder_is_written(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["run", "--hands", "16", "--variant", "guobiao", "--policy", f"all={BAD}", "--out", str(out)]) == 2
    assert f"policy '{BAD}' (seat 0) (variant 'guobiao'): on the guobiao pack" in capsys.readouterr().err
    assert main(["run", "--hands", "8", "--variant", "fuzhou", "--variant", "shanghai", "--policy-set", "guard",
                 "--policy-set", f"all=greedy,0={BAD}", "--out", str(out)]) == 2
    assert (f"policy '{BAD}' (seat 0 of policy set '{BAD},greedy,greedy,greedy') (variant 'shanghai'): on the "
            "shanghai pack" in capsys.readouterr().err)
    assert not out.exists()


def test_duel_refuses_before_playing_or_writing(tmp_path, capsys):
    out = tmp_path / "duel"
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (challenger) (variant 'beijing'): on the beijing")):
        fzsim.duel(BAD, variant="beijing", hands=4, out=out)
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (baseline) " + REFUSED)):
        fzsim.duel("greedy", BAD, variant="sichuan", hands=4)
    assert main(["duel", "--challenger", BAD, "--variant", "xuezhan", "--hands", "4", "--out", str(out)]) == 2
    assert f"policy '{BAD}' (challenger) (variant 'xuezhan'): on the sichuan pack" in capsys.readouterr().err
    assert not out.exists()


def test_vec_env_refuses_its_opponents_and_hints():
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (seat 1) " + REFUSED)):
        VecEnv(2, "sichuan", opponents=BAD)
    # an agent's seat is played by the agent: its opponents entry is ignored, so not refused
    env = VecEnv(2, "sichuan", agent_seats=(0,), opponents=[BAD, "greedy", "guard", "random"])
    env.reset()
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (hint) " + REFUSED)):
        env.hint(0, BAD)
    assert env.hint(0, "guard") >= 0


def test_aec_env_refuses_its_opponents():
    pytest.importorskip("pettingzoo")
    from fzsim.env import env, raw_env

    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (seat 1) (variant 'shanghai'): on the shanghai")):
        raw_env("shanghai", agents=("seat_0",), opponents=BAD)
    with pytest.raises(ValueError, match=re.escape(f"policy '{BAD}' (seat 2) (variant 'guobiao'): on the guobiao")):
        env("guobiao", agents=("seat_0", "seat_1"), opponents=[BAD] * 4)
    raw_env("guobiao", agents=("seat_0", "seat_1", "seat_2", "seat_3"), opponents=BAD)   # no seat left to it


def test_the_stepper_and_play_block_refuse_when_the_policies_are_bound():
    """The core's own entry points refuse from the pack descriptor before a decision is played."""
    from fzsim_core.engine import HandStepper, play_block

    rules = load("beijing").core
    with pytest.raises(ValueError, match=re.escape(f"seat 2: policy '{BAD}': on the beijing pack rollout does not "
                                                   "search own-turn discards")):
        HandStepper(rules, 11, 0, 0, 0, 0, ("greedy", "greedy", BAD, "greedy"), (0,))
    with pytest.raises(ValueError, match="seat 0: policy 'value:risk=1': value takes its risk weight"):
        play_block(load("fuzhou").core, 1, 0, 1, "value:risk=1")
