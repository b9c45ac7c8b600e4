"""fzsim_core.wintables: the packed hand (hand.pxd), the tables' build and their fast paths
against direct versions; the f0/f1 tables against fzsim.prob's former dynamic program
(tests/reference_need.py) and a brute-force solver."""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

from fzsim_core import wintables as wt  # noqa: E402
from reference_win import sample_hands  # noqa: E402


# ---------------------------------------------------------------------------------------------
# The packed hand (hand.pxd)


def _keys_of(counts, gold):
    keys = [0, 0, 0, 0]
    for k in range(34):
        n = int(counts[k]) if k != gold else 0
        keys[k // 9] += n * 5 ** (k % 9)
    return keys


def test_hand_packing_and_incremental_updates():
    rng = np.random.default_rng(5)
    for _ in range(300):
        gold = int(rng.integers(-1, 34))
        held = np.zeros(34, dtype=np.int64)
        ops = []
        for _ in range(int(rng.integers(1, 60))):
            if held.sum() and (held.sum() >= 17 or rng.random() < 0.4):
                k = int(rng.choice(np.flatnonzero(held)))
                held[k] -= 1
                ops.append(-k - 1)
            else:
                k = int(rng.choice(np.flatnonzero(held < 4)))
                held[k] += 1
                ops.append(k)
        keys, golds, size, counts = wt._hand_walk(np.array(ops, dtype=np.int16), gold)
        assert counts == list(held)
        assert keys == _keys_of(held, gold)
        assert golds == (held[gold] if gold >= 0 else 0) and size == held.sum()
        assert wt._hand_state(held.astype(np.uint8), gold) == (keys, golds, size)


def test_tables_build_fast_and_small():
    info = wt.table_info()
    assert info["build_seconds"] < 2.0  # generous: shared 2-core machine; README gives figures
    assert info["suit_classes"] <= 256 and info["honour_classes"] <= 256
    # the wait mask relies on every one-tile step changing f0/f1 by exactly -1 or +2
    assert info["step_violations"] == 0


def test_fast_paths_match_direct_versions():
    """The 3-lookup shanten pipeline equals the explicit min-plus over the four parts, and the
    per-part wait mask equals 34 single wins_with checks, on 15k hands (cheap: no reference)."""
    hands = sample_hands(4242, 15_000)
    counts = np.stack([c for c, _ in hands])
    golds = np.array([g for _, g in hands], dtype=np.int8)
    assert wt._cross_check(counts, golds) == []


def test_need_tables_shapes_and_argument():
    f0, f1 = wt.need_tables()
    h0, h1 = wt.need_tables(True)
    assert f0.shape == f1.shape == (5 ** 9,) and h0.shape == h1.shape == (5 ** 7,)
    assert f0.dtype == np.int8 and int(f0[0]) == 0 and int(f1[0]) == 2
    with pytest.raises(ValueError, match="honours must be True"):
        wt.need_tables("honours")
