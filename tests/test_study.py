"""fzsim.study / ``fzsim study``: specs checked before anything runs, rounds until answered, a
resumable study folder whose answers pandas recomputes from the stored rows."""
import json
import math

import pandas as pd
import pytest

import fzsim
from fzsim.cli import main
from fzsim.study import StudyError, load_spec
from fzsim.study.runner import plan, round_seed

SMALL = {
    "baseline": "fuzhou", "seed": 3, "budget": 2000, "first_round": 1000,
    "variants": {"bianfeng": "bianfeng"},
    "lineups": {"greedy": "greedy"},
    "questions": [{"name": "dealer gap", "metric": "dealer_delta", "precision": 100.0},
                  {"name": "draws", "metric": "drawn", "compare": "none", "variants": ["fuzhou"],
                   "precision": 1e-9}],
}


def spec(**changes):
    out = json.loads(json.dumps(SMALL))
    out.update(changes)
    return out


@pytest.mark.parametrize("changes, message", [
    ({"budjet": 10}, r"budjet: unknown key; allowed keys: baseline, seed, budget"),
    ({"sweep": {"sh_lezi": [5, 10]}}, r"sweep.sh_lezi: a rule key of the shanghai pack, but the baseline plays"
                                       r" the fuzhou pack"),
    ({"sweep": {"special_jinque": []}}, r"sweep.special_jinque = \[\]: allowed a non-empty list"),
    ({"sweep": {}}, r"sweep: no key to sweep"),
    ({"sweep": {"special_jinque": [30, 60], "special_tianhu": [10], "mode": "zip"}},
     r"zip' needs lists of one length: special_jinque has 2, special_tianhu has 1"),
    ({"sweep": {"jinque": [30]}}, r"sweep.jinque: not a rule key"),
    ({"questions": [{"metric": "dealer_delta", "precision": 0}]}, r"questions\[0\] \(question 1\).precision = 0"),
    ({"questions": [{"metric": "dealer_delta"}]}, r"no precision"),
    ({"questions": [{"metric": "fun", "precision": 1}]}, r"metric = 'fun': allowed dealer_delta"),
    ({"questions": []}, r"questions: none given"),
    ({"questions": [{"precision": 1, "compare": "lineups"}]}, r"compare = 'lineups' needs base_lineup"),
    ({"questions": [{"precision": 1, "variants": ["nope"]}]}, r"'nope' is not one of bianfeng"),
    ({"baseline": "sichuan", "variants": {}, "lineups": {"v": "all=greedy,0=rollout:at=1"},
      "questions": [{"precision": 1}]},
     r"lineups.v: policy 'rollout:at=1': on the sichuan pack rollout does not search own-turn discards"),
    ({"lineups": {"x": "greedy,nobody,greedy,greedy"}}, r"lineups.x: policy 'nobody' does not play"),
    ({"lineups": {"a/b": "greedy"}}, r"lineups: policy setting label 'a/b' cannot name a results folder"),
    ({"variants": {"sc": "sichuan"}}, r"variants.sc plays the sichuan pack, the baseline 'fuzhou' the fuzhou pack"),
    ({"variants": {"bad": {"special_jinque": -1}}}, r"variants.bad: special_jinque = -1 is out of range"),
    ({"budget": 0}, r"budget = 0: allowed an integer 1 or more"),
    ({"first_round": 5000}, r"first_round = 5000 is more than budget = 2000"),
    ({"confidence": 1.5}, r"confidence = 1.5"),
    ({"budget": 10**7, "first_round": 1000}, r"plan 15 rounds; allowed at most 12"),
])
def test_bad_specs_are_refused_naming_the_entry(changes, message, tmp_path):
    with pytest.raises(StudyError, match=message):
        fzsim.study(spec(**changes), tmp_path / "out")
    assert not (tmp_path / "out").exists()          # refused before anything was written


def test_sweeps_make_one_variant_per_point():
    grid = load_spec(spec(variants={}, sweep={"special_jinque": [30, 60], "special_tianhu": [10, 20]}))
    assert list(grid.variants) == ["fuzhou", "special_jinque 30, special_tianhu 10", "special_jinque 30, special_tianhu 20",
                                   "special_jinque 60, special_tianhu 10", "special_jinque 60, special_tianhu 20"]
    assert grid.variants["special_jinque 60, special_tianhu 10"]["special_jinque"] == 60
    zipped = load_spec(spec(variants={}, sweep={"special_jinque": [30, 60], "special_tianhu": [10, 20], "mode": "zip"}))
    assert list(zipped.variants)[1:] == ["special_jinque 30, special_tianhu 10", "special_jinque 60, special_tianhu 20"]
    # a question over every variant contrasts each sweep point with the baseline
    assert len(zipped.questions[0].contrasts) == 2


def test_variant_files_are_read_next_to_the_spec(tmp_path):
    (tmp_path / "half.toml").write_text('preset = "fuzhou"\n[rules]\nspecial_jinque = 30\n', encoding="utf-8")
    (tmp_path / "s.toml").write_text('baseline = "fuzhou"\n[variants]\nhalf = "half.toml"\n'
                                     '[[questions]]\nprecision = 1\n', encoding="utf-8")
    s = load_spec(tmp_path / "s.toml")
    assert s.variants["half"]["special_jinque"] == 30 and s.pack == "fuzhou"


def test_a_study_runs_until_answered_and_pandas_agrees(tmp_path):
    out = tmp_path / "study"
    r = fzsim.study(spec(), out, progress=False, control_variates=False, card=False)
    # the draw rate cannot reach ±1e-9: the study spends its budget and says so
    assert r.status == "budget" and r.unanswered == ["draws"] and r.walls == 2000 and r.rounds == 2
    looks, c = plan(load_spec(spec()))
    assert looks == [1000, 2000] and r.critical_value == c
    # recompute each answer from the stored rows with pandas alone
    frames = [fzsim.load(out / f"round-{k:02d}").assign(round=k) for k in range(2)]
    df = pd.concat(frames)
    df["variant"], df["policy"] = df["variant"].astype(str), df["policy"].astype(str)
    dealer = df.apply(lambda row: row[f"delta_{row['dealer']}"], axis=1)
    df = df.assign(dealer_delta=dealer)
    keyed = df.set_index(["variant", "round", "game_id", "hand"]).sort_index()
    gap = (keyed.loc["bianfeng", "dealer_delta"] - keyed.loc["fuzhou", "dealer_delta"])
    got = r.answers.set_index("question")
    assert got.loc["dealer gap", "estimate"] == pytest.approx(gap.mean())
    assert got.loc["dealer gap", "half_width"] == pytest.approx(c * gap.std() / math.sqrt(len(gap)))
    assert got.loc["dealer gap", "answered"] and got.loc["dealer gap", "games"] == 2000
    drawn = (keyed.loc["fuzhou", "outcome"].astype(str) != "win")
    assert got.loc["draws", "estimate"] == pytest.approx(drawn.mean())
    # each round is a complete results folder of its own seed
    assert fzsim.load(out / "round-01", columns=["seed"])["seed"].iloc[0] == round_seed(3, 1)


def test_the_study_stops_at_the_first_look_that_answers_and_resumes(tmp_path):
    out = tmp_path / "s"
    answered = spec(questions=[{"name": "dealer gap", "precision": 100.0}])
    r = fzsim.study(answered, out, progress=False, card=False)
    assert r.status == "answered" and r.rounds == 1 and not (out / "round-01").exists()
    with pytest.raises(ValueError, match="already holds this study; continue it with --resume"):
        fzsim.study(answered, out, progress=False, card=False)
    again = fzsim.study(answered, out, progress=False, resume=True, card=False)
    pd.testing.assert_frame_equal(again.answers, r.answers)
    with pytest.raises(ValueError, match="holds another study \\(it differs in questions"):
        fzsim.study(spec(), out, progress=False, resume=True)


def test_an_interrupted_round_is_finished_on_resume(tmp_path):
    out = tmp_path / "s"
    whole = fzsim.study(spec(), tmp_path / "whole", progress=False, card=False)
    fzsim.study(spec(), out, progress=False, card=False)
    state = json.loads((out / "study.json").read_text())
    state["rounds"] = state["rounds"][:1]            # as if stopped while round 1 was playing
    (out / "study.json").write_text(json.dumps(state))
    part = sorted((out / "round-01").rglob("part-*.parquet"))[0]
    part.unlink()
    again = fzsim.study(spec(), out, progress=False, resume=True, card=False)
    pd.testing.assert_frame_equal(again.answers, whole.answers)


def test_the_command_prints_the_plan_and_the_answers(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text('baseline = "fuzhou"\nbudget = 1000\nfirst_round = 1000\n[variants]\nbianfeng = "bianfeng"\n'
                    '[[questions]]\nname = "gap"\nprecision = 100\n', encoding="utf-8")
    assert main(["study", str(path), "--plan"]) == 0
    assert "looks after 1,000 walls" in capsys.readouterr().out and not (tmp_path / "fzsim-study").exists()
    assert main(["study", str(path), "--out", str(tmp_path / "o"), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["status"] == "answered" and printed["answers"][0]["variant"] == "bianfeng"
    path.write_text("budget = -1\n[[questions]]\nprecision = 1\n", encoding="utf-8")
    assert main(["study", str(path)]) == 2
    assert "budget = -1" in capsys.readouterr().err


def test_a_small_first_round_is_played_with_a_warning(tmp_path):
    with pytest.warns(UserWarning, match="first_round = 500 walls: below 1,000"):
        fzsim.study(spec(first_round=500, budget=500), tmp_path, progress=False, card=False)


def test_answers_do_not_depend_on_jobs_or_backend(tmp_path):
    one = fzsim.study(spec(budget=1000), tmp_path / "one", progress=False, card=False)
    two = fzsim.study(spec(budget=1000), tmp_path / "two", progress=False, card=False, jobs=2, backend="threads",
                      )
    pd.testing.assert_frame_equal(one.answers, two.answers)
