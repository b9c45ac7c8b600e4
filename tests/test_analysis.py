"""fzsim.analysis against slow row-by-row reference code on synthetic contract-4 results."""
import math
import os

import numpy as np
import pandas as pd
import pytest

from fzsim import analysis as fa
from synthetic_results import synthetic_results, write_results


@pytest.fixture(scope="module")
def results():
    return synthetic_results(3000, variants=("fuzhou", "bianfeng"), seed=5, hands_per_match=2)


@pytest.fixture(scope="module")
def results_dir(results, tmp_path_factory):
    return write_results(results, str(tmp_path_factory.mktemp("run")), parts=3)


def _ref_mean_se(values):
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def test_rates_match_row_loop(results):
    out = fa.rates(results, per=None)
    for variant in ("fuzhou", "bianfeng"):
        rows = results[results.variant == variant].to_dict("records")
        n = len(rows)
        expect = {
            ("outcome", "win"): sum(r["outcome"] == "win" for r in rows),
            ("outcome", "draw"): sum(r["outcome"] == "draw" for r in rows),
            ("win_type", "qiangjin"): sum(r["win_type"] == "qiangjin" for r in rows),
            ("win_type", "discard"): sum(r["win_type"] == "discard" for r in rows),
            ("special", "jinque"): sum(bool(r["jinque"]) for r in rows),
            ("flag", "xianjin"): sum(bool(r["xianjin"]) for r in rows),
            ("youjin", "none"): sum(r["outcome"] == "win" and r["youjin_level"] == 0 for r in rows),
        }
        got = out[out.variant == variant].set_index(["family", "event"])
        for key, count in expect.items():
            assert got.loc[key, "count"] == count, key
            assert got.loc[key, "n"] == n
            assert got.loc[key, "lo"] <= count / n <= got.loc[key, "hi"]
    # every win type sums with draws to all hands
    wt = out[(out.family == "win_type")].groupby("variant")["count"].sum()
    draws = out[(out.event == "draw")].set_index("variant")["count"]
    sizes = results["variant"].astype(str).value_counts()
    assert all(wt[v] + draws[v] == sizes[v] for v in ("fuzhou", "bianfeng"))


def test_rates_per_seat_and_role_match_row_loop(results):
    by_seat = fa.rates(results, per="seat", families=("outcome", "win_type"))
    by_role = fa.rates(results, per="role", families=("outcome", "win_type"))
    rows = results[results.variant == "fuzhou"].to_dict("records")
    n = len(rows)
    for seat in range(4):
        wins = sum(r["winner"] == seat for r in rows)
        selfdraws = sum(r["winner"] == seat and r["win_type"] == "selfdraw" for r in rows)
        g = by_seat[(by_seat.variant == "fuzhou") & (by_seat.seat == seat)].set_index("event")
        assert g.loc["win", "count"] == wins and g.loc["win", "n"] == n
        assert g.loc["selfdraw", "count"] == selfdraws
    dealer_wins = sum(r["winner"] == r["dealer"] for r in rows)
    nd_wins = sum(r["winner"] >= 0 and r["winner"] != r["dealer"] for r in rows)
    g = by_role[(by_role.variant == "fuzhou") & (by_role.event == "win")].set_index("role")
    assert g.loc["dealer", "count"] == dealer_wins and g.loc["dealer", "n"] == n
    assert g.loc["nondealer", "count"] == nd_wins and g.loc["nondealer", "n"] == 3 * n
    tianhu_nd = by_role[(by_role.event == "tianhu") & (by_role.role == "nondealer")]["count"]
    assert (tianhu_nd == 0).all()


def test_balance_matches_row_loop(results):
    out = fa.balance(results).set_index(["variant", "who"])
    for variant in ("fuzhou", "bianfeng"):
        rows = results[results.variant == variant].to_dict("records")
        for s in range(4):
            m, se = _ref_mean_se([r[f"delta_{s}"] for r in rows])
            assert math.isclose(out.loc[(variant, f"seat_{s}"), "mean"], m)
            assert math.isclose(out.loc[(variant, f"seat_{s}"), "se"], se)
        dealer = [r[f"delta_{r['dealer']}"] for r in rows]
        m, se = _ref_mean_se(dealer)
        assert math.isclose(out.loc[(variant, "dealer"), "mean"], m)
        assert math.isclose(out.loc[(variant, "dealer"), "se"], se)
        nd = [sum(r[f"delta_{s}"] for s in range(4) if s != r["dealer"]) / 3 for r in rows]
        assert math.isclose(out.loc[(variant, "nondealer"), "mean"], sum(nd) / len(nd))
        assert math.isclose(out.loc[(variant, "nondealer"), "mean"], -m / 3, abs_tol=1e-9)


def test_streak_effect_matches_row_loop(results):
    out = fa.streak_effect(results, max_streak=3).set_index(["variant", "streak"])
    rows = results[results.variant == "bianfeng"].to_dict("records")
    for bucket in range(4):
        sel = [r for r in rows if min(r["streak"], 3) == bucket]
        wins = sum(r["winner"] == r["dealer"] for r in sel)
        m, se = _ref_mean_se([r[f"delta_{r['dealer']}"] for r in sel])
        got = out.loc[("bianfeng", bucket)]
        assert got["n"] == len(sel) and got["dealer_wins"] == wins
        assert math.isclose(got["dealer_mean"], m) and math.isclose(got["dealer_se"], se)
    with pytest.raises(ValueError, match="max_streak=0"):
        fa.streak_effect(results, max_streak=0)


def test_score_quantiles_match_numpy_reference(results):
    out = fa.score_quantiles(results, q=(0.1, 0.5, 0.9), by_win_type=True).set_index(["variant", "win_type"])
    rows = results[(results.variant == "fuzhou") & (results.outcome == "win")].to_dict("records")
    for wt in ("selfdraw", "discard"):
        gains = sorted(r[f"delta_{r['winner']}"] for r in rows if r["win_type"] == wt)
        got = out.loc[("fuzhou", wt)]
        assert got["n"] == len(gains)
        # linear interpolation between order statistics, written out by hand
        pos = 0.5 * (len(gains) - 1)
        lo = int(math.floor(pos))
        med = gains[lo] + (gains[min(lo + 1, len(gains) - 1)] - gains[lo]) * (pos - lo)
        assert math.isclose(got["q50"], med)
        assert got["q10"] <= got["q50"] <= got["q90"]
    with pytest.raises(ValueError, match=r"quantiles \[1.5\]"):
        fa.score_quantiles(results, q=(1.5,))


def test_compare_is_paired_and_matches_row_loop(results):
    out = fa.compare(results, baseline="fuzhou", metrics=("dealer_delta", "win", "delta_2")).set_index("metric")
    a = results[results.variant == "fuzhou"].set_index(["game_id", "hand"])
    b = results[results.variant == "bianfeng"].set_index(["game_id", "hand"])
    diffs = []
    for key, ra in a.iterrows():
        rb = b.loc[key]
        diffs.append(rb[f"delta_{rb['dealer']}"] - ra[f"delta_{ra['dealer']}"])
    m, se = _ref_mean_se(diffs)
    row = out.loc["dealer_delta"]
    assert row["n_pairs"] == len(a) and row["other"] == "bianfeng"
    assert math.isclose(row["mean_diff"], m) and math.isclose(row["se_diff"], se)
    # same walls, same outcomes: pairing removes the hand-to-hand noise
    assert row["se_diff"] < row["se_unpaired"] / 2
    assert out.loc["win", "mean_diff"] == 0 and out.loc["win", "se_diff"] == 0
    pd_ = fa.paired_differences(results, "fuzhou", "bianfeng", "dealer_delta")
    assert len(pd_) == len(a) and math.isclose(pd_["diff"].mean(), m)


def test_compare_drops_unshared_games_and_rejects_bad_input(results):
    partial = results[~((results.variant == "bianfeng") & (results.game_id < 100))]
    out = fa.compare(partial, metrics=("winner_gain",))
    assert out.loc[0, "baseline"] == "bianfeng"  # first in name order
    assert out.loc[0, "n_pairs"] == len(partial[partial.variant == "bianfeng"])
    with pytest.raises(ValueError, match="unknown metric"):
        fa.compare(results, metrics=("nonsense",))
    with pytest.raises(ValueError, match="two or more variants"):
        fa.compare(results[results.variant == "fuzhou"])
    with pytest.raises(ValueError, match="baseline 'nope'"):
        fa.compare(results, baseline="nope")


def test_folder_input_reads_only_needed_columns(results, results_dir, monkeypatch):
    pd.testing.assert_frame_equal(fa.rates(results_dir), fa.rates(results))
    pd.testing.assert_frame_equal(fa.balance(results_dir), fa.balance(results))
    pd.testing.assert_frame_equal(fa.compare(results_dir), fa.compare(results))
    # the scan asks pyarrow for the needed columns only
    import pyarrow.dataset as ds

    seen = []
    real = ds.dataset

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            return getattr(self.inner, name)

        def to_table(self, *args, **kwargs):
            seen.append(kwargs.get("columns"))
            return self.inner.to_table(*args, **kwargs)

    monkeypatch.setattr(ds, "dataset", lambda *a, **k: Spy(real(*a, **k)))
    fa.balance(results_dir)
    # (fzsim.load reads the sort keys game_id and hand too)
    assert seen and sorted(seen[-1]) == sorted(["variant", "dealer", "delta_0", "delta_1", "delta_2", "delta_3",
                                                "game_id", "hand"])
    one = fa.rates(results_dir, variants=["bianfeng"])
    assert set(one.variant) == {"bianfeng"}


def test_bad_folders_and_columns(tmp_path, results):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        fa.rates(str(tmp_path / "missing"))
    (tmp_path / "junk").mkdir()
    (tmp_path / "junk" / "notes.txt").write_text("hello")
    with pytest.raises(ValueError, match="not fzsim output"):
        fa.rates(str(tmp_path / "junk"))
    # parts without a manifest are not a run the analysis can trust (fzsim.load's manifest check)
    (tmp_path / "empty" / "variant=fuzhou").mkdir(parents=True)
    with pytest.raises(ValueError, match=r"holds no fzsim run \(_manifest.json is missing\)"):
        fa.balance(str(tmp_path / "empty"))
    empty = results[results.variant == "fuzhou"].iloc[:0]
    os.makedirs(tmp_path / "zero" / "variant=fuzhou")
    empty.drop(columns=["variant"]).to_parquet(tmp_path / "zero" / "variant=fuzhou" / "part-000000.parquet")
    with pytest.raises(ValueError, match="holds no fzsim run"):
        fa.balance(str(tmp_path / "zero"))
    with pytest.raises(ValueError, match="lack column"):
        fa.balance(results.drop(columns=["delta_3"]))
    with pytest.raises(ValueError, match="per='table'"):
        fa.rates(results, per="table")
    with pytest.raises(ValueError, match="unknown families"):
        fa.rates(results, families=("colour",))
    with pytest.raises(ValueError, match=r"variant\(s\) \['nope'\]"):
        fa.rates(results, variants=["nope"])


def test_folders_are_read_through_the_manifest_check(tmp_path, results_dir):
    """Every entry point refuses a folder fzsim.load refuses: a stray part, a missing block."""
    import shutil

    import fzsim.analysis_wins as aw
    from fzsim import prob, storage

    bad = tmp_path / "bad"
    shutil.copytree(results_dir, bad)
    shutil.copy(bad / "variant=fuzhou" / "part-000000.parquet", bad / "variant=fuzhou" / "part-000009.parquet")
    calls = [lambda d: fa.rates(d), lambda d: fa.balance(d), lambda d: fa.streak_effect(d),
             lambda d: fa.score_quantiles(d), lambda d: fa.compare(d, baseline="fuzhou"), lambda d: fa.play_style(d),
             lambda d: aw.wins_per_hand(d), lambda d: prob.probability_table("fuzhou", deals=100, hands=0, results=d)]
    for call in calls:
        with pytest.raises(ValueError, match="part-000009.parquet is past the last block"):
            call(str(bad))
    os.remove(bad / "variant=fuzhou" / "part-000009.parquet")
    os.remove(bad / "variant=fuzhou" / "part-000001.parquet")
    for call in calls[:3]:
        with pytest.raises(ValueError, match="part-000001.parquet is missing"):
            call(str(bad))
    assert storage.read_manifest(str(bad)).status == "complete"


def test_docstring_examples_run():
    import doctest

    result = doctest.testmod(fa, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted >= 8


def test_compare_rejects_duplicated_hands(results):
    doubled = pd.concat([results, results[results.variant == "fuzhou"].iloc[:5]], ignore_index=True)
    with pytest.raises(ValueError, match="twice"):
        fa.compare(doubled)


def test_synthetic_results_are_consistent():
    df = synthetic_results(300, seed=1)
    deltas = df[[f"delta_{s}" for s in range(4)]].to_numpy()
    assert (deltas.sum(axis=1) == 0).all()
    assert ((df.outcome == "draw") == (df.winner == -1)).all()
    assert (df.loc[df.win_type == "tianhu", "winner"] == df.loc[df.win_type == "tianhu", "dealer"]).all()
