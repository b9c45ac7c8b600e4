"""fzsim.analysis.play_style against a plain pandas recomputation (synthetic and real runs), its
argument checks, and the report's Play style section (including folders made before the
claims / declines columns)."""
import json
import math
import os

import numpy as np
import pandas as pd
import pytest

from fzsim import analysis, report
from fzsim.stats import wilson
from synthetic_results import synthetic_results, write_results


def with_style_columns(df, seed=0):
    """Synthetic results plus the per-seat claims_* / declines_* columns (int8, as stored)."""
    rng = np.random.default_rng(seed)
    df = df.copy()
    for s in range(4):
        df[f"claims_{s}"] = rng.integers(0, 4, len(df)).astype(np.int8)
        df[f"declines_{s}"] = (rng.random(len(df)) < 0.05).astype(np.int8)
    return df


def reference(df):
    """Plain pandas, one row per hand, row by row where it is clearer."""
    out = {}
    for (variant, *rest), g in df.groupby(["variant"] + (["policy"] if "policy" in df else []), observed=True):
        n = len(g)
        won = g["outcome"].astype(str) == "win"
        deal = won & g["win_type"].astype(str).isin(["discard", "robbed_kong"])
        gains = [row[f"delta_{int(row['winner'])}"] for _, row in g[won].iterrows()]
        r = {"hands": n, "draws": int((~won).sum()), "wins": int(won.sum()), "deal_ins": int(deal.sum()),
             "selfdraws": int((won & ~deal).sum()),
             "drawn_rate": (~won).mean(), "win_rate": won.sum() / (4 * n), "deal_in_rate": deal.sum() / (4 * n),
             "selfdraw_share": (won & ~deal).sum() / won.sum(),
             "win_score": float(np.mean(gains)), "turns": g["turns"].mean()}
        if "claims_0" in g:
            r["claims"] = g[[f"claims_{s}" for s in range(4)]].to_numpy(int).sum() / (4 * n)
            r["declines"] = g[[f"declines_{s}" for s in range(4)]].to_numpy(int).sum() / (4 * n)
        # every deal-in has a discarder other than the winner
        assert ((g.loc[deal, "discarder"] >= 0) & (g.loc[deal, "discarder"] != g.loc[deal, "winner"])).all()
        out[(str(variant), *map(str, rest))] = r
    return out


def check_against_reference(ps, df, by=("variant",)):
    ref = reference(df)
    assert len(ps) == len(ref)
    for row in ps.to_dict("records"):
        r = ref[tuple(str(row[k]) for k in by)]
        for col in ("hands", "draws", "wins", "deal_ins", "selfdraws"):
            assert row[col] == r[col], col
        for col in ("drawn_rate", "win_rate", "deal_in_rate", "selfdraw_share", "win_score", "turns"):
            assert row[col] == pytest.approx(r[col], rel=1e-12), col
        if "claims" in r:
            assert row["recorded"]
            assert row["claims"] == pytest.approx(r["claims"]) and row["declines"] == pytest.approx(r["declines"])
        else:
            assert not row["recorded"] and math.isnan(row["claims"]) and math.isnan(row["declines_se"])
        assert row["seat_hands"] == 4 * row["hands"]
        for prefix, count, n in (("drawn", "draws", "hands"), ("win", "wins", "seat_hands"),
                                 ("deal_in", "deal_ins", "seat_hands"), ("selfdraw", "selfdraws", "wins")):
            lo, hi = wilson(row[count], row[n])
            assert (row[f"{prefix}_lo"], row[f"{prefix}_hi"]) == pytest.approx((lo, hi), rel=1e-12)
        # a standard error of the per-hand values
        turns = df[df["variant"].astype(str) == row["variant"]]["turns"]
        if "policy" in by:
            turns = df[(df["variant"].astype(str) == row["variant"]) & (df["policy"] == row["policy"])]["turns"]
        assert row["turns_se"] == pytest.approx(turns.std(ddof=1) / math.sqrt(len(turns)))


def test_play_style_synthetic_matches_pandas(tmp_path):
    df = with_style_columns(synthetic_results(700, variants=("fuzhou", "bianfeng"), seed=3))
    ps = analysis.play_style(df)
    assert list(ps["variant"]) == ["bianfeng", "fuzhou"]
    check_against_reference(ps, df)
    # a folder gives the same figures as the frame
    folder = write_results(df, str(tmp_path / "run"))
    pd.testing.assert_frame_equal(analysis.play_style(folder), ps)
    # variants= keeps one
    one = analysis.play_style(folder, variants=["fuzhou"])
    assert list(one["variant"]) == ["fuzhou"] and one.iloc[0]["hands"] == 700


def test_play_style_old_results_have_no_claims():
    df = synthetic_results(300, variants=("fuzhou",), seed=5)     # no claims_* / declines_*
    ps = analysis.play_style(df)
    check_against_reference(ps, df)
    assert not ps["recorded"].any() and ps[["claims", "declines"]].isna().all().all()


def test_play_style_by_policy_dataframe_and_folders(tmp_path):
    a = with_style_columns(synthetic_results(400, variants=("fuzhou",), seed=1), seed=1).assign(policy="greedy")
    b = with_style_columns(synthetic_results(300, variants=("fuzhou",), seed=2), seed=2).assign(policy="guard")
    both = pd.concat([a, b], ignore_index=True)
    ps = analysis.play_style(both, by=("variant", "policy"))
    assert ps[["variant", "policy", "hands"]].values.tolist() == [["fuzhou", "greedy", 400], ["fuzhou", "guard", 300]]
    check_against_reference(ps, both, by=("variant", "policy"))
    only = analysis.play_style(both, by="policy")
    assert list(only.columns[:2]) == ["policy", "hands"]
    # folders: each one's policies come from its manifest (or its parts' metadata)
    folders = []
    for name, frame, seats in (("greedy", a, ["greedy"] * 4), ("mixed", b, ["guard", "greedy", "greedy", "greedy"])):
        folders.append(write_results(frame.drop(columns="policy"), str(tmp_path / name), policies=seats))
    ps2 = analysis.play_style(folders, by=("variant", "policy"))
    assert list(ps2["policy"]) == ["greedy", "guard,greedy,greedy,greedy"]
    assert analysis.policy_label(folders[1]) == "guard,greedy,greedy,greedy"
    np.testing.assert_allclose(ps2["win_rate"], ps["win_rate"])
    # pooled over the two folders when not split by policy
    pooled = analysis.play_style(folders)
    assert pooled.iloc[0]["hands"] == 700
    assert pooled.iloc[0]["wins"] == ps["wins"].sum()
    # an old folder pooled with a new one: claims unknown for the pool
    old = write_results(synthetic_results(100, variants=("fuzhou",), seed=7), str(tmp_path / "old"))
    mixed = analysis.play_style([folders[0], old])
    assert mixed.iloc[0]["hands"] == 500 and not mixed.iloc[0]["recorded"] and math.isnan(mixed.iloc[0]["claims"])


def test_play_style_bad_input(tmp_path):
    df = with_style_columns(synthetic_results(50, variants=("fuzhou",), seed=4))
    for by in (("seat",), (), ("variant", "variant"), ("variant", "policy", "x")):
        with pytest.raises(ValueError, match="by="):
            analysis.play_style(df, by=by)
    with pytest.raises(ValueError, match="no 'policy' column"):
        analysis.play_style(df, by=("variant", "policy"))
    with pytest.raises(ValueError, match=r"lack column\(s\) \['discarder'\]"):
        analysis.play_style(df.drop(columns="discarder"))
    with pytest.raises(ValueError, match="no results given"):
        analysis.play_style([])
    with pytest.raises(ValueError, match="got int"):
        analysis.play_style(3)
    with pytest.raises(ValueError, match="z="):
        analysis.play_style(df, z=0)
    with pytest.raises(ValueError, match="variant"):
        analysis.play_style(df, variants=["nope"])
    with pytest.raises(FileNotFoundError, match="does not exist"):
        analysis.play_style(str(tmp_path / "missing"))
    folder = write_results(df, str(tmp_path / "nomanifest"))
    assert len(analysis.play_style(folder, by=("variant", "policy"))) == 1
    os.remove(os.path.join(folder, "_manifest.json"))
    with pytest.raises(ValueError, match="holds no fzsim run"):     # the manifest check of fzsim.load
        analysis.play_style(folder)


@pytest.fixture(scope="module")
def real_runs(tmp_path_factory):
    import fzsim

    root = tmp_path_factory.mktemp("style")
    out = {}
    for policy in ("greedy", "value"):
        out[policy] = str(root / policy)
        fzsim.simulate(1500, ("fuzhou", "bianfeng"), seed=11, out=out[policy], jobs=1, progress=False,
                       policies=policy)
    return out


def test_play_style_real_runs_match_pandas(real_runs):
    import fzsim

    frames = [fzsim.load(d).assign(policy=p) for p, d in real_runs.items()]
    full = pd.concat(frames, ignore_index=True)
    full["variant"] = full["variant"].astype(str)
    ps = analysis.play_style(list(real_runs.values()), by=("variant", "policy"))
    assert len(ps) == 4 and (ps["hands"] == 1500).all() and ps["recorded"].all()
    check_against_reference(ps, full, by=("variant", "policy"))
    # the engine: greedy never declines a win; value declines some; every deal-in seat is a discarder
    g = ps[ps.policy == "greedy"]
    assert (g["declines"] == 0).all() and (ps[ps.policy == "value"]["declines"] > 0).all()
    assert (ps["claims"] > 0).all()
    # win rate per seat-hand and drawn rate add up: each hand is won by one seat or drawn
    np.testing.assert_allclose(4 * ps["win_rate"] + ps["drawn_rate"], 1.0)
    # the per-seat columns agree with duel's deal-in counting (discarder == seat on a discard-paid win)
    d = frames[0][frames[0]["variant"] == "fuzhou"]
    per_seat = sum(int(((d["discarder"] == s) & d["win_type"].isin(["discard", "robbed_kong"])).sum())
                   for s in range(4))
    assert per_seat == int(ps[(ps.policy == "greedy") & (ps.variant == "fuzhou")]["deal_ins"].iloc[0])


def test_report_play_style_section(real_runs, tmp_path):
    out = report.build_report(real_runs["value"], tmp_path / "rep", prob_deals=0)
    md = open(out["markdown"], encoding="utf-8").read()
    page = open(out["html"], encoding="utf-8").read()
    assert "## Play style" in md and "<h2>Play style</h2>" in page and "Policies: value." in md
    assert "(play_style.png)" in md and os.path.exists(tmp_path / "rep" / "play_style.png")
    assert "not recorded" not in md
    ps = analysis.play_style(real_runs["value"])
    row = ps[ps.variant == "fuzhou"].iloc[0]
    assert f"{100 * row['win_rate']:.2f}% [{100 * row['win_lo']:.2f}, {100 * row['win_hi']:.2f}]" in md
    assert f"{row['claims']:.3f} ± {row['claims_se']:.3f}" in md


def test_report_on_old_folder_says_not_recorded(tmp_path):
    d = write_results(synthetic_results(200, variants=("fuzhou", "bianfeng"), seed=8), str(tmp_path / "old"))
    out = report.build_report(d, tmp_path / "rep", prob_deals=0)
    md = open(out["markdown"], encoding="utf-8").read()
    section = md.split("## Play style", 1)[1].split("\n## ", 1)[0]
    assert "not recorded" in section and "Claims and declined wins are not recorded" in section
    assert "Policies: greedy." in section
    assert os.path.exists(tmp_path / "rep" / "play_style.png")
    table = report.play_style_display(analysis.play_style(d))
    assert (table["claims / seat-hand"] == "not recorded").all()
    assert (table["declined wins / seat-hand"] == "not recorded").all()
