"""The Shanghai pack's patterns, minimum gate, gate-aware waits and shanten, flower points and
payments (fzsim_core.packs.shanghai) against tests/reference_shanghai.py on random positions.

Default run: 2 x 6,000 winning-size positions (patterns, shanten), 2 x 2,000 positions one tile
short (waits, shanten) and 2 x 2,000 scored wins (F, value, multipliers, payments with 承包):
20,000 hands. ``-m slow`` runs 100,000 more. FZSIM_SHANGHAI_SCALE scales the default. The gate
filter of the pack's wait hook (sh_hand_may_wait) never drops a hand with waits: about 34,000
hands by default, over 1,000,000 under -m slow.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

from fzsim_core.packs.shanghai import score, shapes  # noqa: E402
from reference_beijing import random_case  # noqa: E402
from reference_shanghai import (  # noqa: E402
    clear_cache, ref_deltas, ref_flowers, ref_patterns, ref_per_payer, ref_shanten, ref_waits,
)

SCALE = float(os.environ.get("FZSIM_SHANGHAI_SCALE", "1"))
FULL, SHORT, SCORED = int(4000 * SCALE), int(1200 * SCALE), int(2000 * SCALE)
SHAPE_OPTS = [{}, {"feng_includes_dragons": False}, {"fengyise_shape": True}]


def _held(counts, melds, k):
    return int(counts[k]) + sum((1 if k - 2 <= j <= k else 0) if t == "chow" else (3 if t == "pung" else 4) * (j == k)
                                for t, j in melds)


def _case(rng, short):
    """A position aimed at the gate's patterns: pungs anywhere, one suit + honours, honours only
    (sometimes shapeless), or plain random; a tile swapped now and then."""
    for _ in range(500):
        style = int(rng.integers(4))
        if style == 3:
            counts, melds, _ = random_case(rng, short, wild_rate=0.0)
            return counts, melds
        suit = int(rng.integers(3))
        kinds = (list(range(34)) if style == 0 else list(range(27, 34)) if style == 2
                 else list(range(9 * suit, 9 * suit + 9)) + (list(range(27, 34)) if rng.random() < 0.6 else []))
        counts = np.zeros(34, dtype=np.int64)
        melds = []
        n_melds = int(rng.integers(0, 5)) if rng.random() < 0.4 else 0
        if style == 2 and rng.random() < 0.3:
            for k in rng.choice([k for k in kinds for _ in range(4)], size=14, replace=False):
                counts[k] += 1
        else:
            for i in range(4):
                k = int(rng.choice(kinds))
                chow = style == 1 and k < 27 and k % 9 <= 6 and rng.random() < 0.5
                if i < n_melds:
                    melds.append(("chow", k) if chow else
                                 (str(rng.choice(["pung", "pung", "kong", "added_kong", "concealed_kong"])), k))
                elif chow:
                    counts[k:k + 3] += 1
                else:
                    counts[k] += 3
            counts[int(rng.choice(kinds))] += 2
        if rng.random() < 0.4:
            held = np.flatnonzero(counts)
            counts[int(rng.choice(held))] -= 1
            counts[int(rng.choice(kinds if rng.random() < 0.7 else list(range(34))))] += 1
        if short:
            held = np.flatnonzero(counts)
            counts[int(rng.choice(held))] -= 1
        if all(_held(counts, melds, k) <= 4 for k in range(34)):
            return counts.astype(np.uint8), melds
    raise AssertionError("no position drawn")


def _check(rng, n, short):
    bad, hits = [], 0
    for _ in range(n):
        counts, melds = _case(rng, short)
        opts = SHAPE_OPTS[int(rng.integers(len(SHAPE_OPTS)))]
        kw = {"feng_all": opts.get("feng_includes_dragons", True), "fengyise_shape": opts.get("fengyise_shape", False)}
        got_sh = shapes.shanten(counts, melds, **opts)
        if got_sh != ref_shanten(counts, melds, **kw):
            bad.append(("shanten", counts.tolist(), melds, opts, got_sh, ref_shanten(counts, melds, **kw)))
        if short:
            got = shapes.wait_mask(counts, melds, **opts)
            hits += got != 0
            if got != ref_waits(counts, melds, **kw):
                bad.append(("waits", counts.tolist(), melds, opts, got))
        else:
            got = set(shapes.patterns(counts, melds, **opts))
            hits += bool(got)
            if got != ref_patterns(counts, melds, **kw):
                bad.append(("patterns", counts.tolist(), melds, opts, got))
    return bad, hits


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_winning_size_positions_match_reference(seed):
    bad, legal = _check(np.random.default_rng(6100 + seed), FULL, False)
    clear_cache()
    assert not bad, bad[:5]
    assert legal > FULL // 5


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_short_positions_match_reference(seed):
    bad, ready = _check(np.random.default_rng(6200 + seed), SHORT, True)
    clear_cache()
    assert not bad, bad[:5]
    assert ready > SHORT // 5


def _check_scored(rng, n):
    bad, seen, done = [], set(), 0
    while done < n:
        counts, melds = _case(rng, False)
        pats = ref_patterns(counts, melds)
        if not pats:
            continue
        done += 1
        n_flowers = int(rng.integers(0, 9))
        flags = [["selfdraw"], [], ["selfdraw", "gangkai"], ["robbed_kong"]][int(rng.integers(4))]
        kaibao, huangfan = bool(rng.random() < 0.3), int(rng.choice([0, 0, 1, 3]))
        opts = {"gangkai_over_lezi": str(rng.choice(["keep", "cap"])), "huangfan_mult": str(rng.choice(["x2", "pow2"])),
                "kaibao_huangfan_stack": str(rng.choice(["multiply", "max"])), "chengbao": str(rng.choice(["extra", "full"]))}
        got = score.evaluate(counts, melds, flags, n_flowers, kaibao, huangfan, opts)
        F = ref_flowers(counts, melds, n_flowers)
        dadiaoche = len(melds) == 4 and all(t != "concealed_kong" for t, _ in melds)
        v, m, P = ref_per_payer(pats, F, gangkai="gangkai" in flags, dadiaoche=dadiaoche, kaibao=kaibao,
                                huangfan=huangfan, floor_cap=opts["gangkai_over_lezi"] == "cap",
                                stack=opts["kaibao_huangfan_stack"], pow2=opts["huangfan_mult"] == "pow2")
        seen.add(got["pattern"])
        if (got["flowers"], got["floored"], got["mult"], got["per_payer"], set(got["patterns"])) != (F, v, m, P, pats):
            bad.append((counts.tolist(), melds, flags, n_flowers, opts, got, (F, v, m, P, pats)))
            continue
        winner = int(rng.integers(4))
        payer = -1 if "selfdraw" in flags else int(rng.choice([s for s in range(4) if s != winner]))
        liable = [0 if s == winner else int(rng.choice([0, 0, 0, 1, 2])) for s in range(4)]
        d = score.win_deltas(P, winner, payer, "robbed_kong" in flags, liable, opts)
        if d != ref_deltas(P, winner, payer, "robbed_kong" in flags, liable, opts["chengbao"] == "full"):
            bad.append(("deltas", P, winner, payer, flags, liable, opts, d))
    return bad, seen


@pytest.mark.parametrize("seed", [0, 1])
def test_scored_wins_match_reference(seed):
    bad, seen = _check_scored(np.random.default_rng(6300 + seed), SCORED)
    clear_cache()
    assert not bad, bad[:3]
    assert {"pengpeng", "qingyise", "hunyise", "hunpeng", "qingpeng"} <= seen, seen


@pytest.mark.slow
def test_many_more_positions_match_reference(request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("runs only with -m slow")   # the default run does not deselect it
    rng = np.random.default_rng(6400)
    for _ in range(10):   # 10 x (4,000 + 4,000 + 2,000) = 100,000
        for short in (False, True):
            bad, _ = _check(rng, 4000, short)
            assert not bad, bad[:5]
        bad, _ = _check_scored(rng, 2000)
        assert not bad, bad[:3]
        clear_cache()


def _gate_filter_sweep(seed, batches, n):
    """The pack hook's gate filter (shapes.sh_hand_may_wait) never drops a hand whose
    sh_wait_mask is not 0: on one- and two-suit hands with pung / kong melds (Sichuan's random
    positions, honours empty) and on hands with honours biased to pungs, pairs and 十三幺-like
    singles (the 国标 wait sweep's positions, no melds)."""
    from reference_guobiao_waits import random_positions
    from reference_sichuan import random_batch

    rng = np.random.default_rng(seed)
    waiting = 0
    for _ in range(batches):
        counts27, _, _, pungs, kongs, _, _ = random_batch(rng, n, 13)
        counts = np.zeros((n, 34), np.uint8)
        counts[:, :27] = counts27
        misses, _, w = shapes._gate_filter_misses(counts, pungs, kongs)
        assert misses == 0
        waiting += w
        counts, n_melds = random_positions(rng, n)
        keep = n_melds == 0
        zero = np.zeros(int(keep.sum()), np.uint32)
        misses, _, w = shapes._gate_filter_misses(np.ascontiguousarray(counts[keep]), zero, zero)
        assert misses == 0
        waiting += w
    assert waiting > batches * n // 50   # the sample holds hands with waits


def test_gate_filter_never_drops_a_wait():
    _gate_filter_sweep(6100, 1, 20_000)


@pytest.mark.slow
def test_gate_filter_million_hands():   # conftest.py runs it only under -m slow
    _gate_filter_sweep(6101, 6, 100_000)   # 6 x (100,000 + about 70,000): over 1,000,000 hands
