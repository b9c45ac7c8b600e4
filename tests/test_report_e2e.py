"""The report and the analysis on real `fzsim.simulate` output ."""
import math
import os

import numpy as np
import pytest

from fzsim import analysis, prob, report

HANDS = 1000


@pytest.fixture(scope="module")
def real_run(tmp_path_factory):
    import fzsim

    out = str(tmp_path_factory.mktemp("real") / "run")
    fzsim.simulate(HANDS, ("fuzhou", "bianfeng"), seed=2026, out=out, jobs=1, progress=False)
    return out


def test_analysis_reads_real_runs_like_load(real_run):
    import fzsim

    full = fzsim.load(real_run)
    assert set(analysis.SPECIAL_COLUMNS) <= set(full.columns) and set(analysis.FLAG_COLUMNS) <= set(full.columns)
    wins = fzsim.load(real_run, table="wins")
    for fn in (analysis.rates, analysis.balance, analysis.streak_effect, analysis.compare):
        a = fn(real_run)
        b = fn(full, wins=wins) if fn is analysis.rates else fn(full)
        assert a.shape == b.shape
        num = a.select_dtypes("number").columns
        np.testing.assert_allclose(a[num].to_numpy(float), b[num].to_numpy(float), equal_nan=True)
    r = analysis.rates(real_run, families=("outcome",))
    assert (r.groupby("variant")["count"].sum() == len(full) // 2).all()
    b = analysis.balance(real_run)
    # scores are zero-sum per hand, so the four seats' means add up to 0
    seats = b[b.who.str.startswith("seat_")].groupby("variant")["mean"].sum()
    assert np.allclose(seats.to_numpy(), 0)
    c = analysis.compare(real_run, baseline="fuzhou", metrics=("win",))
    assert c.loc[0, "n_pairs"] == len(full) // 2


def test_report_on_real_run(real_run, tmp_path):
    out = report.build_report(real_run, tmp_path / "rep", prob_deals=2000)
    # every plot but the other packs' scoring elements (the run plays Fuzhou variants only) and the
    # real games beside simulated ones (one folder)
    others = [png for pack, (_, png, _) in report.PACK_SECTIONS.items() if pack != "fuzhou"]
    others.append("real_vs_simulated.png")
    assert sorted(map(os.path.basename, out["plots"])) == sorted(p for p in report.PLOTS if p not in others)
    md = open(out["markdown"], encoding="utf-8").read()
    assert "Probability table: fuzhou" in md and "金雀 won" in md and "seed 2026" in md


def test_engine_opening_window_agrees_with_exact():
    t = prob.probability_table("fuzhou", deals=20_000, hands=4_000, seed=8)
    whole = t[t.window == "whole hand"].set_index(["event", "role"])
    opening = t[t.window == "opening"].set_index(["event", "role"])
    # 天胡 happens only in the window: the engine's rate must match the exact value (99.9% interval)
    th = whole.loc[("tianhu_won", "hand")]
    lo, hi = prob.wilson(th["mc"] * th["n"], th["n"], z=3.2905)
    assert lo <= th["exact"] <= hi
    assert whole.loc[("tianhu_won", "nondealer"), "mc"] == 0
    # 抢金 is only possible in the window: engine and deal sampling estimate the same rate
    a, b = whole.loc[("qiangjin_won", "hand")], opening.loc[("qiangjin_won", "hand")]
    se = math.sqrt(a["mc"] * (1 - a["mc"]) / a["n"] + b["mc"] * (1 - b["mc"]) / b["n"])
    assert abs(a["mc"] - b["mc"]) <= 3.2905 * se + 1e-12
    # 三金倒 can also come later in the hand, never less often than in the window alone
    s_whole, s_open = whole.loc[("sanjindao_won", "hand")], opening.loc[("sanjindao_won", "hand")]
    assert s_whole["mc"] >= s_open["exact"] - 3.2905 * math.sqrt(s_open["exact"] / s_whole["n"])
