"""fzsim.packs.fuzhou.covariates (the study's Fuzhou covariates): the opening replayed from the wall is the engine's, and every covariate's
mean is the exact one the study subtracts."""
import numpy as np
import pytest

import fzsim
from fzsim.packs.fuzhou import covariates as cv
from fzsim_core.engine import first_dealer, play_block, shuffled_wall


@pytest.mark.parametrize("variant", ["fuzhou", "fuzhou-honors"])
def test_the_replayed_opening_reveals_the_engines_gold(variant):
    cfg = fzsim.load_rules(variant)
    cols = play_block(cfg.core, 5, 0, 400, ("greedy",) * 4, False)
    for g in range(400):
        counts, gold = cv.opening(shuffled_wall(5, g, 0), cfg["honors_are_flowers"])
        assert gold == cols["gold"][g], g
        assert [int(c.sum()) for c in counts] == [17, 16, 16, 16]


@pytest.mark.parametrize("haf", [True, False])
def test_covariate_means_are_the_exact_ones(haf):
    n = 2000
    values = np.array([cv.opening_covariates(shuffled_wall(77, g, 0), haf) for g in range(n)])
    exact = cv.opening_means(haf)
    se = np.sqrt(np.maximum(exact * (1 - np.minimum(exact, 1)), 1e-12) / n) * 2   # counts: a loose bound
    se[0] = values[:, 0].std() / np.sqrt(n)
    assert np.all(np.abs(values.mean(axis=0) - exact) < 4 * se + 1e-3), (values.mean(axis=0), exact)
    # the 天胡 covariate is the opening table's chance, and it is the dealer's win on the dealt tiles
    assert exact[3] == pytest.approx(fzsim.opening_exact(haf)["dealer"]["tianhu"])


def test_the_first_dealer_is_uniform():
    seats = np.bincount([first_dealer(4, g) for g in range(8000)], minlength=4)
    assert np.all(np.abs(seats / 8000 - 0.25) < 4 * np.sqrt(0.25 * 0.75 / 8000))


def test_control_variates_sharpen_a_seat_question_and_keep_its_answer(tmp_path):
    spec = {"baseline": "fuzhou", "seed": 2, "first_round": 1000, "budget": 1000,
            "lineups": {"greedy": "greedy", "guard_seat": "all=greedy,0=guard"},
            "questions": [{"name": "seat 0", "metric": "delta_0", "compare": "none", "precision": 1e-6}]}
    plain = fzsim.study(spec, tmp_path / "a", progress=False, control_variates=False).answers
    sharp = fzsim.study(spec, tmp_path / "b", progress=False).answers
    # who deals explains a little of a seat's score: the seat covariates cut its variance a little
    assert (sharp["variance_factor"] > 1.01).all() and (sharp["se"] < plain["se"]).all()
    assert np.all(np.abs(sharp["estimate"] - plain["estimate"]) < 2 * plain["se"])


@pytest.mark.parametrize("haf", [True, False])
def test_the_dealers_lack_distribution_is_exact(haf):
    """`dealer_need_pmf` against 20,000 deals sampled directly (fzsim.prob.sample_deals, not the wall
    replay): each level within 4.5 standard errors; with 天胡 the levels cover every hand."""
    from fzsim.prob import sample_deals
    pmf = cv.dealer_need_pmf(haf)
    assert sum(pmf.values()) + fzsim.opening_exact(haf)["dealer"]["tianhu"] == pytest.approx(1.0, abs=1e-12)
    gold, hands = sample_deals(20_000, haf, seed=11)
    lacks = np.array([cv.dealer_lack(h[0], int(g)) for g, h in zip(gold, hands)])
    assert set(np.unique(lacks[lacks > 0]) % 3) == {0}
    for level in cv.LACK_LEVELS:
        seen = np.mean(lacks >= level) if level == cv.LACK_LEVELS[-1] else np.mean(lacks == level)
        se = np.sqrt(pmf[level] * (1 - pmf[level]) / lacks.size)
        assert abs(seen - pmf[level]) < 4.5 * se + 1e-4, (level, seen, pmf[level])
