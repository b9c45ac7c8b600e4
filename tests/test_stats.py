"""fzsim.stats: the one Wilson interval (fzsim.prob, fzsim.analysis and the report use it)."""
import math

import pytest

from fzsim import analysis, prob, stats
from fzsim.stats import wilson_interval


def test_wilson_interval():
    lo, hi = stats.wilson(0, 10)
    assert lo == 0 and 0.2 < hi < 0.35
    lo, hi = stats.wilson(50, 100)
    assert math.isclose(lo + hi, 1.0)
    assert all(math.isnan(x) for x in stats.wilson(0, 0))
    with pytest.raises(ValueError, match="successes"):
        stats.wilson(5, 3)


def test_wilson_bounds_are_exact_at_the_extremes():
    for n in (1, 7, 600, 1800, 123_457):
        assert stats.wilson(0, n)[0] == 0.0 and stats.wilson(n, n)[1] == 1.0
        lo, hi = wilson_interval([0, n], [n, n])
        assert lo[0] == 0.0 and hi[1] == 1.0


def test_one_implementation_everywhere():
    assert prob.wilson is stats.wilson and analysis.wilson_interval is stats.wilson_interval
    for k, n in [(0, 1), (3, 7), (599, 600), (5, 100)]:
        lo, hi = wilson_interval([k], [n])
        assert stats.wilson(k, n) == (float(lo[0]), float(hi[0]))
    with pytest.raises(ValueError, match="successes=4, n=3"):
        wilson_interval([1, 4], [3, 3])


def test_docstring_examples_run():
    import doctest

    assert doctest.testmod(stats).failed == 0
