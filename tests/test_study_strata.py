"""fzsim.study.strata: the golds strata's weights are exact (against sampled deals and the engine's
own walls), the allocation is Neyman's with its floors, the stratified estimate is what pandas
computes, and its intervals keep their coverage under the study's stopping rule."""
import math

import numpy as np
import pandas as pd
import pytest

import fzsim
from fzsim.prob import gold_count_pmf, sample_deals
from fzsim.packs.fuzhou import strata as fzs
from fzsim.study import strata as st
from fzsim.study.sequential import critical_value, planned_looks
from fzsim_core.engine import play_block
from fzsim_core.packs.fuzhou import strata as core_strata

pytestmark = pytest.mark.filterwarnings("ignore:first_round")


def cfg(haf: bool) -> dict:
    """The rule keys the golds strata read."""
    return {"pack": "fuzhou", "honors_are_flowers": haf}


@pytest.mark.parametrize("haf", [True, False])
def test_the_weights_are_exact_fractions_whose_marginals_are_the_hypergeometric(haf):
    joint = fzs.gold_counts_pmf(haf)
    assert sum(joint.values()) == 1
    for seat, size in enumerate((17, 16, 16, 16)):
        marginal = [sum(p for g, p in joint.items() if g[seat] == k) for k in range(4)]
        assert [float(p) for p in marginal] == pytest.approx(gold_count_pmf(size, haf), abs=1e-15)
    w = fzs.weights("golds", cfg(haf))
    assert w.sum() == pytest.approx(1.0, abs=1e-15) and w.min() > 0


def _close(counts, w, n, z=4.5):
    """Every stratum's frequency within z binomial standard errors of its weight."""
    freq = counts / n
    se = np.sqrt(w * (1 - w) / n)
    return np.all(np.abs(freq - w) <= z * se), freq


@pytest.mark.parametrize("haf", [True, False])
def test_the_weights_match_directly_sampled_deals(haf):
    n = 200_000
    gold, hands = sample_deals(n, haf, seed=11)
    top = hands[np.arange(n), :, gold].max(axis=1)
    ok, freq = _close(np.bincount(top, minlength=4), fzs.weights("golds", cfg(haf)), n)
    assert ok, (freq, fzs.weights("golds", cfg(haf)))


@pytest.mark.parametrize("variant", ["fuzhou", "fuzhou-honors"])
def test_the_weights_match_the_engines_walls(variant):
    haf = bool(fzsim.load_rules(variant)["honors_are_flowers"])
    n = 20_000
    h = np.array([fzs.stratum_of(3, g, haf) for g in range(n)])
    ok, freq = _close(np.bincount(h, minlength=4), fzs.weights("golds", cfg(haf)), n)
    assert ok, (freq, fzs.weights("golds", cfg(haf)))


def test_a_three_gold_stratum_is_a_seat_holding_three_golds_at_the_deal():
    """The stratum read from the wall agrees with what the engine plays: with all 3 golds in one
    seat's hand at the deal, the hand ends in the opening window by 三金倒 (or the dealer's 天胡)."""
    from fzsim_core.win_facts import WIN_TYPES

    cfg = fzsim.load_rules("fuzhou")
    cols = play_block(cfg.core, 9, 0, 3000, ("greedy",) * 4, False)
    h = np.array([fzs.stratum_of(9, g, True) for g in range(3000)])
    assert (h == 3).sum() > 10
    assert np.all(np.isin(cols["win_type"][h == 3], [WIN_TYPES["sanjindao"], WIN_TYPES["tianhu"]]))
    assert np.all(cols["turns"][h == 3] <= 1)


@pytest.mark.parametrize("haf", [True, False])
def test_the_cores_strata_are_the_python_replays(haf):
    """The core reads a wall's stratum (fzsim_core.packs.fuzhou.strata) as the Python replay of the
    deal and 补花 does (`covariates.opening`, itself checked against the engine's gold)."""
    n = 6000
    core = core_strata.game_strata(17, 500, n, haf)
    ref = np.array([fzs.stratum_of(17, g, haf) for g in range(500, 500 + n)])
    assert np.array_equal(core, ref)
    assert np.array_equal(fzs.game_strata("golds", 17, 500, n, cfg(haf)), ref)
    assert set(np.unique(ref)) == {0, 1, 2, 3}


@pytest.mark.parametrize("haf", [True, False])
def test_walls_drawn_within_a_stratum_fall_in_it_and_keep_the_seeded_wall_when_it_does(haf):
    from fzsim_core.engine import shuffled_wall
    from fzsim_core.wall import validate_wall

    want = np.resize(np.arange(4, dtype=np.int8), 400)
    walls = fzs.first_walls("golds", 23, 1000, want, cfg(haf))
    seeded = core_strata.game_strata(23, 1000, want.size, haf)
    for i, (wall, h) in enumerate(zip(walls, want)):
        validate_wall(wall)
        assert fzs.golds_stratum(wall, haf) == h
        # a game whose own wall is in its stratum plays it (attempt 0); the others draw again
        assert np.array_equal(wall, shuffled_wall(23, 1000 + i, 0)) == (seeded[i] == h)
    # one game's wall does not depend on the block it is drawn in
    assert np.array_equal(fzs.first_walls("golds", 23, 1003, want[3:5], cfg(haf)), walls[3:5])
    with pytest.raises(ValueError, match="golds strata are 0..3, got 4 for game 7"):
        core_strata.stratum_walls(1, 7, np.array([4], np.int8))


def test_walls_drawn_within_a_stratum_have_the_deals_law_given_the_stratum():
    """Exactly a wall drawn given its stratum: the opening covariates' means of walls drawn within
    stratum 2 (and 0) are their exact means within that stratum."""
    from fzsim.packs.fuzhou import covariates as cv

    mu = fzs.stratum_means("golds", list(cv.OPENING_NAMES), cfg(True))
    for h, n in ((2, 6000), (0, 3000)):
        walls = fzs.first_walls("golds", 41, 0, np.full(n, h, np.int8), cfg(True))
        x = np.array([cv.opening_covariates(w, True) for w in walls])
        se = np.maximum(x.std(axis=0), 0.05) / np.sqrt(n)
        assert np.all(np.abs(x.mean(axis=0) - mu[h]) <= 4.5 * se), (h, x.mean(axis=0), mu[h])


def test_neyman_allocation_with_floors():
    w = np.asarray(fzs.golds_pmf(True))
    n = st.neyman(w, [2.7, 3.3, 10.5, 0.0], 90_000)
    assert n.sum() == 90_000
    assert n[3] >= st.FLOOR_SHARE * w[3] * 90_000            # a stratum with no variance keeps its floor
    free = n[:3] / (w[:3] * np.array([2.7, 3.3, 10.5]))
    assert free.max() / free.min() < 1.01                     # the rest in proportion to W_h sd_h
    assert st.neyman(w, [1, 1, 1, 1], 100_000).tolist() == pytest.approx(np.round(w * 100_000), abs=1)
    assert st.neyman(w, [1, 1, 1, 1], 1000)[3] == st.MIN_WALLS          # 12 proportional: raised to the minimum
    assert st.neyman(w, [0, 0, 0, 0], 1000).sum() == 1000       # no variance seen: proportional
    assert st.neyman(w, [1, 1, 1, 1], 10).sum() == 10


def test_the_stratified_estimate_is_what_pandas_computes():
    rng = np.random.default_rng(4)
    w = np.array([0.1, 0.6, 0.3])
    df = pd.DataFrame({"y": rng.standard_normal(900) * 3, "h": rng.integers(0, 3, 900), "k": rng.integers(0, 2, 900)})
    est, se, _ = st.stratified_estimate(df["y"], df["h"], w)
    g = df.groupby("h")["y"]
    assert est == pytest.approx((g.mean() * w).sum())
    assert se == pytest.approx(math.sqrt((w ** 2 * g.var() / g.count()).sum()))
    # the factor: a plain mean's variance over as many walls (the population variance from the
    # strata) over the estimate's
    population = (w * (g.var() + (g.mean() - est) ** 2)).sum()
    assert st.stratified_estimate(df["y"], df["h"], w)[2] == pytest.approx(population / len(df) / se ** 2)
    lam = {0: 0.25, 1: 0.75}
    est, se, _ = st.stratified_estimate(df["y"], df["h"], w, df["k"], lam)
    by = df.groupby(["k", "h"])["y"]
    wk = pd.Series({(k, h): lam[k] * w[h] for k in (0, 1) for h in range(3)})
    assert est == pytest.approx((by.mean() * wk).sum())
    assert se == pytest.approx(math.sqrt((wk ** 2 * by.var() / by.count()).sum()))


def test_an_unknown_stratification_or_a_pack_without_golds_is_refused():
    fz = fzsim.load_rules("fuzhou")
    with pytest.raises(ValueError, match="strata = 'dealer'.*allowed 'golds'"):
        st.check_strata("dealer", "fuzhou", [fz])
    with pytest.raises(ValueError, match="the guobiao pack.s walls have no strata; allowed for the fuzhou pack only"):
        st.check_strata("golds", "guobiao", [fz])
    with pytest.raises(ValueError, match="honors_are_flowers"):
        st.check_strata("golds", "fuzhou", [fz, fzsim.load_rules("fuzhou-honors")])
    st.check_strata("golds", "fuzhou", [fz, fzsim.load_rules("bianfeng")])


# --- coverage under the stopping rule ------------------------------------------------------------

W = np.asarray(fzs.golds_pmf(True))
#: per stratum: (sd, share of big hands, their mean) — like 金雀 under value: most of the variance
#: and all of the skew in stratum 2, none in stratum 3
SHAPE = ((1.0, 0.0, 0.0), (2.0, 0.01, 10.0), (4.0, 0.05, 25.0), (0.0, 0.0, 0.0))
TRUE_MEAN = float(sum(wh * share * big for wh, (_, share, big) in zip(W, SHAPE)))


def _draw(rng, h, n):
    sd, share, big = SHAPE[h]
    return rng.standard_normal(n) * sd + np.where(rng.random(n) < share, rng.exponential(big, n) if big else 0.0, 0.0)


def stratified_study(rng, looks, precision, c):
    """One study as the stratified design runs it (`fzsim.study.runner.Strata`): round 0 in
    proportional allocation, each later round Neyman's allocation from the rounds before; the estimate the
    fixed-weight combination of the rounds' stratified means. Returns (covered, stopped at)."""
    ys, hs, ks = [], [], []
    prev = 0
    for k, total in enumerate(looks):
        m = total - prev
        if k == 0:       # proportional (with the floors), as the study's first round
            h = np.repeat(np.arange(4), st.neyman(W, np.ones(4), m))
        else:
            sd = st.allocation_sd([np.concatenate(ys)], np.concatenate(hs), 4, [1.0])
            h = np.repeat(np.arange(4), st.neyman(W, sd, m))
        y = np.empty(m)
        for s in range(4):
            y[h == s] = _draw(rng, s, int((h == s).sum()))
        ys.append(y), hs.append(h), ks.append(np.full(m, k))
        lam = {j: (looks[j] - (looks[j - 1] if j else 0)) / total for j in range(k + 1)}
        est, se, _ = st.stratified_estimate(np.concatenate(ys), np.concatenate(hs), W, np.concatenate(ks), lam)
        prev = total
        if c * se <= precision or k == len(looks) - 1:
            return abs(est - TRUE_MEAN) <= c * se, total


def test_stratified_intervals_keep_their_coverage_under_the_stopping_rule():
    looks = planned_looks(1000, 16000, 2.0)
    c = critical_value(tuple(looks), 0.95)
    rng = np.random.default_rng(7)
    runs = [stratified_study(rng, looks, 0.15, c) for _ in range(1000)]
    coverage = np.mean([r[0] for r in runs])
    stops = np.array([r[1] for r in runs])
    assert coverage >= 0.94, coverage
    assert looks[0] < stops.mean() < looks[-1]        # the studies really stop at different looks


# --- the covariates within the strata ------------------------------------------------------------

@pytest.mark.parametrize("haf", [True, False])
def test_the_covariates_means_within_the_strata_add_up_to_their_exact_means(haf):
    from fzsim.packs.fuzhou import covariates as cv

    names = list(cv.OPENING_NAMES) + ["dealer_seat_0"]
    mu = fzs.stratum_means("golds", names, cfg(haf))
    w = fzs.weights("golds", cfg(haf))
    assert w @ mu[:, :-1] == pytest.approx(cv.opening_means(haf), rel=1e-12, abs=1e-15)
    assert np.all(mu[:, -1] == 0.25)
    lk = fzs.dealer_golds_and_lack(haf)
    assert lk.sum(axis=1) == pytest.approx(gold_count_pmf(17, haf), rel=1e-12)
    with pytest.raises(KeyError):
        fzs.stratum_means("golds", ["turns"], cfg(haf))


def test_the_covariates_means_within_the_strata_match_the_engines_walls():
    from fzsim.packs.fuzhou import covariates as cv
    from fzsim_core.engine import first_dealer, shuffled_wall

    n = 12_000
    x = np.array([cv.opening_covariates(shuffled_wall(31, g, 0), True) + (float(first_dealer(31, g) == 0),)
                  for g in range(n)])
    h = np.array([fzs.stratum_of(31, g, True) for g in range(n)])
    mu = fzs.stratum_means("golds", list(cv.OPENING_NAMES) + ["dealer_seat_0"], cfg(True))
    for s in range(3):              # stratum 3 has ~140 walls: too few to check closely
        xs = x[h == s]
        se = np.maximum(xs.std(axis=0), 0.05) / np.sqrt(len(xs))
        assert np.all(np.abs(xs.mean(axis=0) - mu[s]) <= 4.5 * se), (s, xs.mean(axis=0), mu[s])


def test_covariates_sharpen_the_stratified_estimate_and_keep_its_mean():
    rng = np.random.default_rng(5)
    w = np.array([0.3, 0.7])
    mu = np.array([[0.0], [1.0]])                   # the covariate's exact mean within each stratum
    n = 4000
    h = (rng.random(n) < 0.5).astype(int)           # allocation: half and half
    x = mu[h, 0] + rng.standard_normal(n)
    y = 2.0 * x + h + 0.5 * rng.standard_normal(n)
    true = float(w @ (2.0 * mu[:, 0] + np.arange(2)))
    est, se, _ = st.stratified_estimate(y, h, w)
    est_cv, se_cv, _ = st.stratified_estimate(y, h, w, covariates=x[:, None], means=mu)
    assert se_cv < se / 3
    assert abs(est_cv - true) < 4 * se_cv
    # a covariate of zero weight changes nothing
    same = st.stratified_estimate(y, h, w, covariates=np.zeros((n, 1)), means=np.zeros((2, 1)))
    assert same[:2] == pytest.approx((est, se))


# --- a stratified study, end to end -----------------------------------------------------------------

STUDY = {
    "baseline": "fuzhou", "seed": 12, "first_round": 400, "budget": 1200, "strata": "golds",
    "variants": {"bianfeng": "bianfeng"}, "lineups": {"greedy": "greedy"},
    "questions": [{"name": "gap", "metric": "dealer_delta", "precision": 1e-6},
                  {"name": "gain", "metric": "winner_gain", "precision": 1e-6}],
}


@pytest.fixture(scope="module")
def golds_study(tmp_path_factory):
    import warnings

    out = tmp_path_factory.mktemp("strata") / "s"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # (a first round under 1,000 walls, on purpose)
        result = fzsim.study(STUDY, out, progress=False, control_variates=False, card=False)
    return out, result


def _state(out):
    import json

    return json.loads((out / "study.json").read_text(encoding="utf-8"))


def test_each_round_draws_its_allocation_within_the_strata(golds_study):
    """Round 0 in proportional allocation, the later rounds in Neyman's from the rounds before;
    every stored first hand was played on the wall drawn within its game's stratum."""
    from fzsim import stratified
    from fzsim_core.engine import wall_digest

    out, result = golds_study
    state = _state(out)
    assert result.rounds == 3 and [r["walls"] for r in state["rounds"]] == [400, 800, 1200]
    counts = [r["strata_counts"] for r in state["rounds"]]
    assert counts[0] == st.neyman(W, np.ones(4), 400).tolist()
    assert [sum(c) for c in counts] == [400, 400, 400]
    assert counts[1] != counts[0]           # the allocation follows the spread seen
    cfg_ = fzsim.load_rules("fuzhou")
    for k, n_h in enumerate(counts):
        rows = fzsim.load(out / f"round-{k:02d}", columns=["game_id", "hand", "wall_digest"],
                          filters=[("variant", "==", "bianfeng")])
        walls = stratified.first_walls({"name": "golds", "counts": n_h}, cfg_, result_seed(out, k), 0, 400)
        want = np.repeat(np.arange(4), n_h)
        assert [fzs.golds_stratum(w, True) for w in walls] == want.tolist()
        digests = np.array([wall_digest(w) for w in walls], dtype=np.uint64)
        assert np.array_equal(rows.sort_values("game_id")["wall_digest"].to_numpy(np.uint64), digests)


def result_seed(out, k):
    return int(_state(out)["rounds"][k]["seed"])


def test_the_stratified_answers_are_what_pandas_computes(golds_study):
    out, result = golds_study
    state = _state(out)
    looks = [r["walls"] for r in state["rounds"]]
    lam = {k: (looks[k] - (looks[k - 1] if k else 0)) / looks[-1] for k in range(len(looks))}
    frames = []
    for k, r in enumerate(state["rounds"]):
        df = fzsim.load(out / f"round-{k:02d}")
        df["round"] = k
        df["stratum"] = np.searchsorted(np.cumsum(r["strata_counts"]), df["game_id"], side="right")
        frames.append(df)
    df = pd.concat(frames)
    df["variant"] = df["variant"].astype(str)
    df["dealer_delta"] = [r[f"delta_{d}"] for d, (_, r) in zip(df["dealer"], df.iterrows())]
    a = df[df["variant"] == "bianfeng"].set_index(["round", "game_id"]).sort_index()
    b = df[df["variant"] == "fuzhou"].set_index(["round", "game_id"]).sort_index()
    d = (a["dealer_delta"] - b["dealer_delta"]).rename("d").to_frame().join(a["stratum"]).reset_index()
    cell = d.groupby(["round", "stratum"])["d"]
    weight = pd.Series({(k, h): lam[k] * W[h] for k, h in cell.groups})
    est = (cell.mean() * weight).sum()
    se = math.sqrt((weight ** 2 * cell.var().fillna(0) / cell.count()).sum())
    got = result.answers.set_index("question").loc["gap"]
    assert got["estimate"] == pytest.approx(est) and got["se"] == pytest.approx(se)


def test_a_stratified_study_resumes_verifies_and_replays(golds_study, capsys):
    import argparse

    from fzsim.commands import replay
    from fzsim.integrity import open_folder, replay_sample

    out, result = golds_study
    again = fzsim.study(STUDY, out, progress=False, control_variates=False, card=False, resume=True)
    assert again.answers.equals(result.answers)
    for k in range(3):
        check = open_folder(str(out / f"round-{k:02d}"))
        assert check.consistent and replay_sample(check, 40).mismatches == []
    # the last game of round 2 is in stratum 3: a seat holds all three golds at the deal
    game = 399
    replay.run(argparse.Namespace(run=str(out / "round-02"), variant="bianfeng", policy_set="greedy", game=game, hand=0,
                                  seed=None, policy=None, draws=None))
    text = capsys.readouterr().out
    assert f"game {game} hand 0" in text and ("三金倒" in text or "sanjindao" in text.lower() or "天胡" in text)


def test_bad_strata_are_refused_before_anything_runs(tmp_path):
    from fzsim.study import StudyError

    with pytest.raises(StudyError, match="strata = 'dealer': allowed 'golds'"):
        fzsim.study(dict(STUDY, strata="dealer"), tmp_path / "a")
    with pytest.raises(StudyError, match="the guobiao pack.s walls have no strata"):
        fzsim.study(dict(STUDY, baseline="guobiao", variants={}, questions=[
            {"name": "q", "metric": "dealer_delta", "compare": "none", "precision": 1.0}]), tmp_path / "b")
    with pytest.raises(StudyError, match="honors_are_flowers"):
        fzsim.study(dict(STUDY, variants={"h": "fuzhou-honors"}), tmp_path / "c")
    assert not (tmp_path / "a").exists() and not (tmp_path / "c").exists()
    with pytest.raises(ValueError, match=r"strata counts \[1, 2, 3, 4\] sum to 10 games; the run plays 12"):
        fzsim.simulate(12, ["fuzhou"], strata={"name": "golds", "counts": [1, 2, 3, 4]}, out=tmp_path / "d")
    with pytest.raises(ValueError, match="strata counts must be 4 whole numbers"):
        fzsim.simulate(12, ["fuzhou"], strata={"name": "golds", "counts": [6, 6]}, out=tmp_path / "e")
    with pytest.raises(ValueError, match="the sichuan pack.s walls have no strata"):
        fzsim.simulate(12, ["sichuan"], strata={"name": "golds", "counts": [3, 3, 3, 3]}, out=tmp_path / "f")


def test_the_covariates_read_the_walls_the_hands_were_played_on(golds_study):
    """In a stratified study a match's first hand is played on the wall drawn within its stratum:
    the control variates replay that wall's opening (its digest is the stored one)."""
    from fzsim.study.covariates import row_walls
    from fzsim.study.runner import Strata, _read_state, read_rounds
    from fzsim.study.spec import load_spec
    from fzsim_core.engine import wall_digest

    out, _ = golds_study
    spec = load_spec(STUDY)
    state = _read_state(str(out))
    rows = read_rounds(str(out), 3, columns=["game_id", "hand", "wall_digest"])
    rows = rows[rows["variant"] == "fuzhou"]
    walls = row_walls(spec, rows, Strata.of(spec, state, [r["walls"] for r in state["rounds"]]))
    assert [wall_digest(w) for w in walls] == rows["wall_digest"].astype(np.uint64).tolist()


def test_play_block_checks_the_first_walls_it_is_given():
    rules = fzsim.load_rules("fuzhou").core
    walls = fzs.first_walls("golds", 5, 0, np.array([2, 1, 3], np.int8), cfg(True))
    cols = play_block(rules, 5, 0, 3, ("greedy",) * 4, first_walls=walls)
    from fzsim_core.engine import wall_digest
    assert cols["wall_digest"].tolist() == [wall_digest(w) for w in walls]
    with pytest.raises(ValueError, match=r"first_walls must be 3 walls of 144 tiles, got shape \(2, 144\)"):
        play_block(rules, 5, 0, 3, ("greedy",) * 4, first_walls=walls[:2])
    bad = walls.copy()
    bad[1, 0] = (bad[1, 0] + 1) % 34          # another kind: one kind a copy short, one a copy over
    with pytest.raises(ValueError, match=r"first_walls\[1\] is not the pack's tile set"):
        play_block(rules, 5, 0, 3, ("greedy",) * 4, first_walls=bad)
    with pytest.raises(ValueError, match="integer kind indices"):
        play_block(rules, 5, 0, 3, ("greedy",) * 4, first_walls=walls.astype(float))
