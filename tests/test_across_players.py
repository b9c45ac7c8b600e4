"""docs/scripts/across_players.py and fzsim.analysis_players: a tiny run of two systems, every figure
checked against an independent pandas recomputation from the stored rows."""
import importlib.util
import math
import pathlib

import numpy as np
import pandas as pd
import pytest

import fzsim
from fzsim import analysis as fa
from fzsim import analysis_players as fp

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _script():
    spec = importlib.util.spec_from_file_location("across_players", ROOT / "docs" / "scripts" / "across_players.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    mod = _script()
    out = tmp_path_factory.mktemp("across")
    res = mod.collect(["fuzhou", "guobiao"], ["greedy", "guard"], 40, seed=11, jobs=1, out=str(out), log=lambda m: None)
    return mod, res


def test_guobiao_rounds_to_matches(run):
    mod, res = run
    assert res["guobiao"]["hands"] == 48 and res["guobiao"]["matches"] == 3
    assert res["fuzhou"]["hands"] == 40 and res["fuzhou"]["order"] == ["greedy", "guard"]


@pytest.mark.parametrize("system", ["fuzhou", "guobiao"])
def test_figures_match_pandas(run, system):
    mod, res = run
    r = res[system]
    hands = fzsim.load(r["folder"])
    wins = fzsim.load(r["folder"], table="wins")
    hands["policy"] = hands["policy"].astype(str)
    wins = wins[wins["record"].astype(str) == "win"].copy()
    wins["policy"] = wins["policy"].astype(str)
    summ = r["summary"].set_index(["setting", "metric"])
    for pol, h in hands.groupby("policy"):
        # dealer's edge: the dealer's own delta column, row by row
        dd = np.array([row[f"delta_{row['dealer']}"] for _, row in h.iterrows()], dtype=float)
        assert summ.loc[(pol, "dealer_delta"), "estimate"] == pytest.approx(dd.mean())
        # the seat opposite the dealer
        opp = np.array([row[f"delta_{(row['dealer'] + 2) % 4}"] for _, row in h.iterrows()], dtype=float)
        assert summ.loc[(pol, "pos_2"), "estimate"] == pytest.approx(opp.mean())
        # drawn-hand rate as fzsim.analysis.play_style gives it
        assert summ.loc[(pol, "drawn"), "estimate"] == pytest.approx((h["outcome"].astype(str) != "win").mean())
        # self-draw share over every win of the wins table
        w = wins[wins["policy"] == pol]
        share = (~w["win_type"].astype(str).isin(["discard", "robbed_kong"])).mean()
        assert summ.loc[(pol, "selfdraw_share"), "estimate"] == pytest.approx(share)
        # the top element's share of wins, as fzsim.analysis.patterns counts it
        e = r["elements"][0]
        hit = w["elements"].map(lambda xs: e in list(xs)).mean()
        assert summ.loc[(pol, f"el:{e}"), "estimate"] == pytest.approx(hit)
        # the dealer's-edge error: one hand a match -> std/sqrt(n); guobiao -> per-match clusters
        if system == "fuzhou":
            assert summ.loc[(pol, "dealer_delta"), "se"] == pytest.approx(dd.std(ddof=1) / math.sqrt(len(dd)))
            bal = fa.balance(r["folder"]).set_index(["variant", "who"])
            assert bal.loc[(f"fuzhou/{pol}", "dealer"), "se"] == pytest.approx(summ.loc[(pol, "dealer_delta"), "se"])
        else:
            g = pd.Series(dd - dd.mean()).groupby(h["game_id"].to_numpy()).sum().to_numpy()
            se = math.sqrt(len(g) / (len(g) - 1) * (g ** 2).sum()) / len(dd)
            assert summ.loc[(pol, "dealer_delta"), "se"] == pytest.approx(se)


def test_paired_difference_matches_pandas(run):
    mod, res = run
    r = res["fuzhou"]
    hands = fzsim.load(r["folder"])
    hands["policy"] = hands["policy"].astype(str)
    per = {}
    for pol in ("greedy", "guard"):
        h = hands[hands["policy"] == pol].sort_values(["game_id", "hand"])
        per[pol] = np.array([row[f"delta_{row['dealer']}"] for _, row in h.iterrows()], dtype=float)
    d = per["guard"] - per["greedy"]
    q = r["paired"].set_index(["baseline", "other", "metric"]).loc[("greedy", "guard", "dealer_delta")]
    assert q["diff"] == pytest.approx(d.mean())
    assert q["se_diff"] == pytest.approx(d.std(ddof=1) / math.sqrt(len(d)))
    assert q["n_pairs"] == 40
    # fzsim.analysis.compare pairs the same way
    c = fa.compare(r["folder"], "fuzhou/greedy", metrics=("dealer_delta",)).iloc[0]
    assert c["mean_diff"] == pytest.approx(q["diff"]) and c["se_diff"] == pytest.approx(q["se_diff"])
    assert q["changes"] == (abs(q["z_diff"]) > 3 or q["sign_flip"])


def test_markdown_has_every_measure(run):
    mod, res = run
    text = mod.markdown("fuzhou", res["fuzhou"], 11)
    assert "| dealer's edge (points/hand) |" in text and "greedy → guard" in text
    assert mod.changes_list(res).count("\n") == 2 + 2


def test_ratio_paired_error():
    """A ratio's paired error: the linearised residuals' per-match difference."""
    m = pd.DataFrame({"setting": ["a"] * 4 + ["b"] * 4, "game_id": [0, 1, 2, 3] * 2, "hand": 0,
                      "selfdraws": [1, 0, 2, 1, 1, 1, 2, 0], "wins": [1, 1, 2, 2, 1, 2, 2, 1]})
    q = fp.paired_settings(m, "a", metrics=["selfdraw_share"]).iloc[0]
    ra, rb = 4 / 6, 4 / 6
    ea = (np.array([1, 0, 2, 1]) - ra * np.array([1, 1, 2, 2])) / 6
    eb = (np.array([1, 1, 2, 0]) - rb * np.array([1, 2, 2, 1])) / 6
    diff = eb - ea
    assert q["diff"] == pytest.approx(0.0)
    assert q["se_diff"] == pytest.approx(math.sqrt(4 / 3 * (diff ** 2).sum()))
    with pytest.raises(ValueError, match="baseline"):
        fp.paired_settings(m, "c")


def test_module_examples():
    import doctest

    assert doctest.testmod(fp).failed == 0
