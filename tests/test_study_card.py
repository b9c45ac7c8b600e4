"""The balance card: every figure recomputed independently from the study's stored rows with pandas."""
import math
from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

import fzsim
from fzsim.study.card import card_figures, write_card

# small studies on purpose: their first round is under the 1,000 walls the runner warns about
pytestmark = pytest.mark.filterwarnings("ignore:first_round")

SPEC = {
    "baseline": {"preset": "fuzhou", "hands_per_match": 4}, "seed": 8, "first_round": 400, "budget": 400,
    "variants": {"bianfeng": {"preset": "bianfeng", "hands_per_match": 4}},
    "lineups": {"greedy": "greedy", "guard_seat": "all=greedy,1=guard"},
    "questions": [{"name": "gap", "metric": "dealer_delta", "precision": 1e3}],
}


@pytest.fixture(scope="module")
def study(tmp_path_factory):
    out = tmp_path_factory.mktemp("card") / "s"
    result = fzsim.study(SPEC, out, progress=False)
    return out, result


def rows(out):
    hands = fzsim.load(out / "round-00")
    wins = fzsim.load(out / "round-00", table="wins")
    for df in (hands, wins):
        df["variant"], df["policy"] = df["variant"].astype(str), df["policy"].astype(str)
    hands["dealer_delta"] = [r[f"delta_{d}"] for d, (_, r) in zip(hands["dealer"], hands.iterrows())]
    return hands, wins


def per_game_interval(df, column, c):
    g = df.groupby("game_id")[column].mean()
    se = g.std() / math.sqrt(len(g))
    return g.mean(), g.mean() - c * se, g.mean() + c * se


def figure(figs, name, variant="baseline", lineup="greedy"):
    row = figs[(figs["figure"] == name) & (figs["variant"].astype(str) == variant)
               & (figs["lineup"].astype(str) == lineup)]
    assert len(row) == 1, (name, variant, lineup, len(row))
    return row.iloc[0]


def test_the_card_is_written_with_the_study(study):
    out, result = study
    assert set(result.card) >= {"md", "html"}
    text = (out / "card.md").read_text(encoding="utf-8")
    for section in ("## Fairness", "## Skill", "## Excitement", "## Length"):
        assert section in text
    assert "gain of guard over greedy (seat 1)" in text and "<h2>Skill</h2>" in (out / "card.html").read_text()


def test_every_figure_matches_pandas(study):
    out, result = study
    c = result.critical_value
    figs = card_figures(out)
    hands, wins = rows(out)
    for variant in ("baseline", "bianfeng"):
        for lineup in ("greedy", "guard_seat"):
            h = hands[(hands["variant"] == variant) & (hands["policy"] == lineup)]
            for name, col in (("dealer edge", "dealer_delta"), ("seat 2", "delta_2"), ("turns", "turns")):
                got = figure(figs, name, variant, lineup)
                assert (got["estimate"], got["lo"], got["hi"]) == pytest.approx(per_game_interval(h, col, c))
            # points moved: the positive deltas; its variance with the m4 error
            pts = h[[f"delta_{s}" for s in range(4)]].clip(lower=0).sum(axis=1)
            got = figure(figs, "variance of a hand's points", variant, lineup)
            se = math.sqrt((((pts - pts.mean()) ** 4).mean() - pts.var() ** 2) / len(pts))
            assert (got["estimate"], got["lo"], got["hi"]) == pytest.approx((pts.var(), pts.var() - c * se,
                                                                             pts.var() + c * se))
            # drawn hands: a Wilson interval at the study's c
            n, k = len(h), int((h["outcome"].astype(str) != "win").sum())
            p = k / n
            centre = (p + c * c / (2 * n)) / (1 + c * c / n)
            half = c * math.sqrt(p * (1 - p) / n + c * c / (4 * n * n)) / (1 + c * c / n)
            got = figure(figs, "drawn hands", variant, lineup)
            assert got["estimate"] == pytest.approx(p)
            if 0 < k < n:
                assert (got["lo"], got["hi"]) == pytest.approx((centre - half, centre + half))
            # the winning value's median: the winner's gain on won hands
            won = h[h["outcome"].astype(str) == "win"]
            gains = [r[f"delta_{w}"] for w, (_, r) in zip(won["winner"], won.iterrows())]
            assert figure(figs, "winning value q50", variant, lineup)["estimate"] == np.quantile(gains, 0.5)
            # each named pattern: wins with it per hand and its share of the winners' gains
            w = wins[(wins["variant"] == variant) & (wins["policy"] == lineup) & (wins["record"].astype(str) == "win")]
            w = w.assign(gain=[r[f"delta_{s}"] for s, (_, r) in zip(w["seat"], w.iterrows())])
            for pattern, group in w.explode("patterns_named").dropna(subset=["patterns_named"]).groupby("patterns_named"):
                hands_with = len(group.drop_duplicates(["game_id", "hand"]))
                assert figure(figs, f"{pattern} per hand", variant, lineup)["estimate"] == pytest.approx(hands_with / n)
                assert figure(figs, f"{pattern} point share", variant, lineup)["estimate"] == \
                    pytest.approx(group["gain"].sum() / w["gain"].sum())
    # the variant against the baseline, paired wall by wall
    a = hands[(hands["variant"] == "bianfeng") & (hands["policy"] == "greedy")].set_index(["game_id", "hand"])
    b = hands[(hands["variant"] == "baseline") & (hands["policy"] == "greedy")].set_index(["game_id", "hand"])
    d = (a["dealer_delta"] - b["dealer_delta"]).rename("d").reset_index()
    got = figure(figs, "dealer edge", "bianfeng", "greedy")
    assert (got["diff"], got["diff_lo"], got["diff_hi"]) == pytest.approx(per_game_interval(d, "d", c))


def test_the_skill_figures_match_pandas(study):
    out, result = study
    c = result.critical_value
    figs = card_figures(out)
    hands, _ = rows(out)
    h = hands[hands["variant"] == "baseline"]
    mixed = h[h["policy"] == "guard_seat"].set_index(["game_id", "hand"])
    plain = h[h["policy"] == "greedy"].set_index(["game_id", "hand"])
    gain = (mixed["delta_1"] - plain["delta_1"]).rename("g").reset_index()
    got = figure(figs, "gain of guard over greedy (seat 1)", "baseline", "guard_seat")
    assert (got["estimate"], got["lo"], got["hi"]) == pytest.approx(per_game_interval(gain, "g", c))
    lead = (mixed["delta_1"] - mixed[["delta_0", "delta_2", "delta_3"]].mean(axis=1)).rename("l").reset_index()
    per_game = lead.groupby("game_id")["l"].mean()
    z = NormalDist().inv_cdf(0.95)
    want = (z * per_game.std() / per_game.mean()) ** 2 if per_game.mean() > 0 else math.inf
    assert figure(figs, "hands until guard is ahead of greedy", "baseline", "guard_seat")["estimate"] == pytest.approx(want)
    share = figure(figs, "skill share of variance, guard over greedy (seat 1)", "baseline", "guard_seat")
    between = (gain["g"].mean() / 2) ** 2
    assert share["estimate"] == pytest.approx(between / (between + (mixed["delta_1"].var() + plain["delta_1"].var()) / 2))
    assert 0 <= share["lo"] <= share["estimate"] <= share["hi"] < 1


def test_streaks_appear_in_matches_of_several_hands(study):
    out, result = study
    figs = card_figures(out)
    hands, _ = rows(out)
    h = hands[(hands["variant"] == "baseline") & (hands["policy"] == "greedy")]
    got = figure(figs, "dealer edge, streak 1")
    sel = h[h["streak"] == 1]["dealer_delta"]
    assert got["estimate"] == pytest.approx(sel.mean()) and got["n"] == len(sel)


def test_a_folder_without_a_study_is_refused(tmp_path):
    with pytest.raises(ValueError, match="is not a study folder"):
        write_card(tmp_path)


@pytest.mark.parametrize("preset", list(fzsim.PRESETS))
def test_the_card_works_for_every_preset(preset, tmp_path):
    walls = 32 if preset == "guobiao" else 100          # 国标: whole 16-hand matches, and slower
    fzsim.study({"baseline": preset, "seed": 4, "first_round": walls, "budget": walls,
                 "questions": [{"metric": "drawn", "precision": 1}]}, tmp_path, progress=False, card=False)
    paths = write_card(tmp_path, png=False)
    figs = card_figures(tmp_path)
    assert {"fairness", "excitement", "length"} <= set(figs["section"].astype(str))
    assert figs[["estimate", "lo", "hi"]].notna().all(axis=None)
    assert (figs["lo"] <= figs["estimate"] + 1e-9).all() and (figs["estimate"] <= figs["hi"] + 1e-9).all()
    # the pack's named patterns have their figures when the wins table names them
    wins = fzsim.load(tmp_path / "round-00", table="wins")
    named = {p for ps in wins["patterns_named"] for p in ps}
    assert {f"{p} per hand" for p in named} <= set(figs["figure"])
    assert "## Fairness" in open(paths["md"], encoding="utf-8").read()


def test_the_rarest_patterns_are_replayed_turn_by_turn(study):
    out, _ = study
    from fzsim.study.card import read_state
    from fzsim.study.notable import notable_hands

    hands = notable_hands(out, read_state(out))
    assert hands and hands == sorted(hands, key=lambda h: h["hands_with_it"])
    text = (out / "card.md").read_text(encoding="utf-8")
    assert "## Notable hands" in text
    page = (out / "notable" / "0.html").read_text(encoding="utf-8")
    # the replay's final line is the stored hand's result (write_replays checks its deltas too)
    assert hands[0]["pattern"] in page and "class='t'" in page and "deltas [" in page


# --- a stratified study's card: every figure weighs its games back to the population -----------------

STRATIFIED = dict(SPEC, strata="golds", first_round=400, budget=1200,
                  questions=[{"name": "gap", "metric": "dealer_delta", "precision": 1e-6}])


@pytest.fixture(scope="module")
def stratified(tmp_path_factory):
    out = tmp_path_factory.mktemp("card-strata") / "s"
    result = fzsim.study(STRATIFIED, out, progress=False)
    return out, result


def weighted_rows(out):
    """Every round's hands with their games' weights, computed here from the study's state: a game
    of round k in stratum h (its round's games are consecutive per stratum) weighs
    lambda_k W_h / n_kh, lambda_k the round's planned share of the walls."""
    import json

    from fzsim.packs.fuzhou.strata import golds_pmf

    state = json.loads((out / "study.json").read_text(encoding="utf-8"))
    looks = [r["walls"] for r in state["rounds"]]
    w = np.asarray(golds_pmf(True))
    frames = []
    for k, r in enumerate(state["rounds"]):
        df = fzsim.load(out / f"round-{k:02d}")
        df["variant"], df["policy"] = df["variant"].astype(str), df["policy"].astype(str)
        df["round"] = k
        stratum = np.searchsorted(np.cumsum(r["strata_counts"]), df["game_id"], side="right")
        lam = (looks[k] - (looks[k - 1] if k else 0)) / looks[-1]
        df["cell"] = k * 4 + stratum
        df["weight"] = lam * w[stratum] / np.asarray(r["strata_counts"])[stratum] / 4    # 4 hands a match
        frames.append(df)
    hands = pd.concat(frames, ignore_index=True)
    hands["dealer_delta"] = [r[f"delta_{d}"] for d, (_, r) in zip(hands["dealer"], hands.iterrows())]
    return hands


def stratified_interval(df, column, c):
    """sum over cells of the weighted per-game means, its error from the cells' per-game variances."""
    g = df.groupby(["round", "game_id"]).agg(v=(column, "mean"), cell=("cell", "first"), w=("weight", "sum"))
    cells = g.groupby("cell")
    a = cells["w"].sum()
    est = (a * cells["v"].mean()).sum()
    se = math.sqrt((a ** 2 * cells["v"].var().fillna(0) / cells["v"].count()).sum())
    return est, est - c * se, est + c * se


def test_a_stratified_cards_figures_are_the_weighted_ones_pandas_computes(stratified):
    out, result = stratified
    c = result.critical_value
    figs = card_figures(out)
    hands = weighted_rows(out)
    for variant in ("baseline", "bianfeng"):
        h = hands[(hands["variant"] == variant) & (hands["policy"] == "greedy")]
        wsum = h["weight"].sum()
        assert wsum == pytest.approx(1.0)
        for name, col in (("dealer edge", "dealer_delta"), ("seat 2", "delta_2"), ("turns", "turns")):
            got = figure(figs, name, variant)
            assert (got["estimate"], got["lo"], got["hi"]) == pytest.approx(stratified_interval(h, col, c))
        drawn = (h["outcome"].astype(str) != "win").astype(float)
        assert figure(figs, "drawn hands", variant)["estimate"] == pytest.approx((h["weight"] * drawn).sum())
        pts = h[[f"delta_{s}" for s in range(4)]].clip(lower=0).sum(axis=1)
        mean = (h["weight"] * pts).sum()
        assert figure(figs, "variance of a hand's points", variant)["estimate"] == \
            pytest.approx((h["weight"] * (pts - mean) ** 2).sum())
        s1 = h["streak"] == 1
        assert figure(figs, "dealer edge, streak 1", variant)["estimate"] == \
            pytest.approx((h["weight"] * h["dealer_delta"])[s1].sum() / h["weight"][s1].sum())
        won = h[h["outcome"].astype(str) == "win"]
        gains = np.array([r[f"delta_{x}"] for x, (_, r) in zip(won["winner"], won.iterrows())], dtype=float)
        order = np.argsort(gains, kind="stable")
        cum = np.cumsum(won["weight"].to_numpy()[order]) / won["weight"].sum()
        assert figure(figs, "winning value q50", variant)["estimate"] == gains[order][np.searchsorted(cum, 0.5 - 1e-12)]
    a = hands[(hands["variant"] == "bianfeng") & (hands["policy"] == "greedy")].set_index(["round", "game_id", "hand"])
    b = hands[(hands["variant"] == "baseline") & (hands["policy"] == "greedy")].set_index(["round", "game_id", "hand"])
    d = a[["cell", "weight"]].assign(d=a["dealer_delta"] - b["dealer_delta"]).reset_index()
    got = figure(figs, "dealer edge", "bianfeng")
    assert (got["diff"], got["diff_lo"], got["diff_hi"]) == pytest.approx(stratified_interval(d, "d", c))
    # a weighted figure differs from the plain mean of the stratified rows (stratum 2 oversampled)
    h = hands[(hands["variant"] == "baseline") & (hands["policy"] == "greedy")]
    assert figure(figs, "dealer edge")["estimate"] != pytest.approx(h["dealer_delta"].mean(), rel=1e-6)
    assert (figs["lo"] <= figs["estimate"] + 1e-9).all() and (figs["estimate"] <= figs["hi"] + 1e-9).all()
