"""Tests marked ``slow`` (long correctness sweeps) run only when asked for with ``-m slow``; the
default run (README's test command) skips them, saying so. Many slow tests also check this
themselves; this makes the marker alone enough."""
import pytest


def pytest_collection_modifyitems(config, items):
    markexpr = config.getoption("-m") or ""
    if "slow" in markexpr and "not slow" not in markexpr:
        return
    skip = pytest.mark.skip(reason="a long sweep: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
