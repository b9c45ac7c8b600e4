"""The 国标 wait mask the pack's hook reads off a seat's packed Hand (shapes.gb_hand_wait_mask: the
need tables plus the special shapes in closed form) against the vectorised definition of
tests/reference_guobiao_waits.py: 20,000 random positions by default, 1,000,000 under -m slow."""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

from fzsim_core.packs.guobiao import shapes  # noqa: E402
from reference_guobiao_waits import random_positions, ref_waits  # noqa: E402


def _sweep(seed, batches, n):
    rng = np.random.default_rng(seed)
    ready = 0
    for _ in range(batches):
        counts, n_melds = random_positions(rng, n)
        got = shapes._hand_wait_many(counts, n_melds)
        want = ref_waits(counts, n_melds)
        bad = np.flatnonzero(got != want)
        assert not len(bad), [(counts[i].tolist(), int(n_melds[i]), hex(int(got[i])), hex(int(want[i])))
                              for i in bad[:3]]
        ready += int((got != 0).sum())
    assert ready > batches * n // 10   # the sample reaches waits of every kind of shape


def test_table_waits_match_the_definition():
    _sweep(2800, 1, 20_000)


@pytest.mark.slow
def test_table_waits_million_hands():   # conftest.py runs it only under -m slow
    _sweep(2801, 10, 100_000)
