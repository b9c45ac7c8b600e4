"""fzsim.study.sequential: the intervals keep their coverage when a study stops as soon as they are
narrow enough, and control variates keep the mean while they shrink the error."""
import numpy as np
import pytest

from fzsim.study.sequential import critical_value, estimate, planned_looks

Z95 = 1.959963984540054


def heavy_tailed(rng, shape):
    """Paired differences shaped like mahjong scores: mostly small, a few large and one-sided.
    Mean exactly 0.03 * 20 = 0.6."""
    small = rng.standard_normal(shape)
    big = rng.random(shape) < 0.03
    return small + np.where(big, rng.exponential(20.0, shape), 0.0)


def sequential_coverage(studies: int, looks, precision: float, z: float | None, seed: int):
    """Share of studies whose interval at their stop holds the true mean 0.6, and the mean stop.

    Each study looks after each planned size and stops at the first look whose half-width
    z * se (se = sd / sqrt(n), as `estimate` gives without covariates) is at most ``precision``,
    or at the last look, as `fzsim.study` does."""
    c = critical_value(tuple(looks), 0.95) if z is None else z
    rng = np.random.default_rng(seed)
    covered, stops = [], []
    for _ in range(0, studies, 250):                 # 250 studies at a time: bounded memory
        data = heavy_tailed(rng, (250, looks[-1]))
        done = np.zeros(250, bool)
        hit = np.zeros(250, bool)
        stop = np.zeros(250)
        for n in looks:
            part = data[:, :n]
            mean, se = part.mean(axis=1), part.std(axis=1, ddof=1) / np.sqrt(n)
            now = ~done & ((c * se <= precision) | (n == looks[-1]))
            hit[now] = np.abs(mean[now] - 0.6) <= c * se[now]
            stop[now] = n
            done |= now
        covered.append(hit)
        stops.append(stop)
    return float(np.concatenate(covered)[:studies].mean()), float(np.concatenate(stops)[:studies].mean())


def test_the_test_statistics_are_estimates():
    row = heavy_tailed(np.random.default_rng(0), 500)
    mean, se, factor = estimate(row)
    assert (mean, se, factor) == pytest.approx((row.mean(), row.std(ddof=1) / np.sqrt(500), 1.0))


def test_planned_looks_grow_to_the_budget_in_whole_matches():
    assert planned_looks(1000, 10000, 2.0) == [1000, 2000, 4000, 8000, 10000]
    assert planned_looks(16, 100, 1.5, unit=16) == [16, 32, 48, 80, 100]
    assert planned_looks(500, 500, 2.0) == [500]


def test_critical_value_grows_with_the_looks_and_is_reproducible():
    assert critical_value((5000,), 0.95) == pytest.approx(Z95)
    two, four = critical_value((1, 2), 0.95), critical_value((1, 2, 4, 8), 0.95)
    assert Z95 < two < four < 2.6
    critical_value.cache_clear()
    assert critical_value((1, 2, 4, 8), 0.95) == four
    # Bonferroni over 4 looks is a valid but wider bound: the joint boundary is inside it
    assert four < 2.50
    with pytest.raises(ValueError, match="confidence"):
        critical_value((1, 2), 1.0)
    with pytest.raises(ValueError, match="increasing"):
        critical_value((2, 2), 0.95)


def test_coverage_holds_under_the_stopping_rule():
    looks = planned_looks(1000, 16000, 2.0)
    coverage, mean_stop = sequential_coverage(1000, looks, precision=0.45, z=None, seed=1)
    assert coverage >= 0.94, coverage
    assert looks[0] < mean_stop < looks[-1]       # the studies really stop at different looks


def test_the_naive_interval_undercovers_under_the_same_rule():
    """What the test above guards against: 1.96 se at a data-dependent stop covers less than asked
    on skewed data (a study that stops early tends to have missed the rare big hands)."""
    looks = planned_looks(1000, 16000, 2.0)
    ours, _ = sequential_coverage(1000, looks, precision=0.45, z=None, seed=1)
    naive, _ = sequential_coverage(1000, looks, precision=0.45, z=Z95, seed=1)
    assert naive < 0.94 < ours


@pytest.mark.slow
def test_coverage_holds_over_many_studies_and_plans(request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("15,000 simulated studies: run with -m slow")
    for first, growth, precision in ((1000, 2.0, 0.5), (1000, 1.5, 0.35), (2000, 2.0, 0.25)):
        looks = planned_looks(first, first * 20, growth)
        coverage, _ = sequential_coverage(5000, looks, precision, z=None, seed=first)
        assert coverage >= 0.945, (first, growth, coverage)


def test_control_variates_keep_the_mean_and_shrink_the_error():
    rng = np.random.default_rng(5)
    n, reps = 2000, 400
    plain, controlled = [], []
    for _ in range(reps):
        c = rng.binomial(17, 36 / 144, n).astype(float)       # exactly known mean 17 * 36 / 144
        y = 0.5 + 2.0 * (c - 17 * 36 / 144) + rng.standard_normal(n)
        plain.append(estimate(y))
        controlled.append(estimate(y, c[:, None], np.array([17 * 36 / 144])))
    means = np.array([m for m, _, _ in controlled])
    assert abs(means.mean() - 0.5) < 3 * means.std() / np.sqrt(reps)
    # the reported error is the spread of the estimates, and the factor is the variance ratio
    assert np.std(means) == pytest.approx(np.mean([se for _, se, _ in controlled]), rel=0.1)
    factor = np.mean([f for _, _, f in controlled])
    var_c = 4 * 17 * (36 / 144) * (108 / 144)
    assert factor == pytest.approx((var_c + 1) / 1, rel=0.1)
    assert np.std([m for m, _, _ in plain]) / np.std(means) == pytest.approx(np.sqrt(factor), rel=0.15)


def test_a_constant_covariate_is_ignored():
    y = np.arange(10.0)
    assert estimate(y, np.ones((10, 1)), np.array([1.0])) == estimate(y)


def engine_coverage(studies: int, looks, precision: float, seed0: int):
    """Coverage of seat 0's mean score, which is exactly 0 (every seat plays greedy and the first
    dealer is uniform), by studies on the engine's own hands under the stopping rule, plain and
    with the dealer-seat control variates (exact mean 1/4 each)."""
    import fzsim
    from fzsim_core.engine import play_block

    rules = fzsim.load_rules("fuzhou").core
    c = critical_value(tuple(looks), 0.95)
    covered = {"plain": 0, "covariates": 0}
    for s in range(studies):
        delta, dealer, done = np.empty(0), np.empty(0, dtype=np.int64), 0
        for n in looks:        # play only the walls this look needs
            cols = play_block(rules, seed0 + s, done, n - done, ("greedy",) * 4, False)
            delta = np.concatenate([delta, cols["delta_0"].astype(float)])
            dealer = np.concatenate([dealer, cols["dealer"].astype(np.int64)])
            done = n
            x = np.column_stack([(dealer == k).astype(float) for k in range(3)])
            plain = estimate(delta)
            controlled = estimate(delta, x, np.full(3, 0.25))
            if c * max(plain[1], controlled[1]) <= precision or n == looks[-1]:
                break
        covered["plain"] += abs(plain[0]) <= c * plain[1]
        covered["covariates"] += abs(controlled[0]) <= c * controlled[1]
    return {k: v / studies for k, v in covered.items()}


@pytest.mark.slow
def test_coverage_holds_on_the_engines_scores(request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("400 studies of up to 8,000 engine hands: run with -m slow")
    coverage = engine_coverage(400, planned_looks(1000, 8000, 2.0), precision=1.35, seed0=50_000)
    assert coverage["plain"] >= 0.94 and coverage["covariates"] >= 0.94, coverage
