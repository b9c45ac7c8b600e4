"""The Beijing pack's wild-aware win search, waits, shanten and fans (fzsim_core.packs.beijing) against
the slow reference of tests/reference_beijing.py on random positions.

Default run: 2 x 6,000 winning-size positions (win check, shanten), 2 x 2,500 positions one tile
short (waits, shanten) and 2 x 1,500 winning hands whose fans are recomputed by enumerating every
reading: 20,000 hands. ``-m slow`` runs 120,000 more. FZSIM_BEIJING_SCALE scales the default.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

from fzsim_core.packs.beijing import score, shapes  # noqa: E402
from reference_beijing import clear_cache, random_case, ref_fans, ref_is_win, ref_shanten, ref_waits  # noqa: E402

SCALE = float(os.environ.get("FZSIM_BEIJING_SCALE", "1"))
FULL, SHORT, FANS = int(6000 * SCALE), int(1500 * SCALE), int(1500 * SCALE)


def _check_full(rng, n):
    bad, wins = [], 0
    for _ in range(n):
        counts, melds, wild = random_case(rng, False)
        got = shapes.is_win(counts, melds, wild)
        wins += got
        if got != ref_is_win(counts, melds, wild):
            bad.append(("is_win", counts.tolist(), melds, wild))
        if shapes.shanten(counts, melds, wild) != ref_shanten(counts, melds, wild):
            bad.append(("shanten", counts.tolist(), melds, wild, shapes.shanten(counts, melds, wild)))
    return bad, wins


def _check_short(rng, n):
    bad, ready = [], 0
    for _ in range(n):
        counts, melds, wild = random_case(rng, True)
        got = shapes.wait_mask(counts, melds, wild)
        ready += got != 0
        if got != ref_waits(counts, melds, wild):
            bad.append(("waits", counts.tolist(), melds, wild, got))
        if shapes.shanten(counts, melds, wild) != ref_shanten(counts, melds, wild):
            bad.append(("shanten", counts.tolist(), melds, wild))
    return bad, ready


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_winning_size_positions_match_reference(seed):
    bad, wins = _check_full(np.random.default_rng(5100 + seed), FULL)
    clear_cache()
    assert not bad, bad[:5]
    assert wins > FULL // 10


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_short_positions_match_reference(seed):
    bad, ready = _check_short(np.random.default_rng(5200 + seed), SHORT)
    clear_cache()
    assert not bad, bad[:5]
    assert ready > SHORT // 10


FLAG_SETS = [(), ("selfdraw",), ("selfdraw", "kong_flower"), ("last",), ("selfdraw", "last"), ("dealer_pays",),
             ("selfdraw", "dealer_wins"), ("selfdraw", "tianhe", "dealer_wins"), ("dihe",)]


def _check_fans(rng, n):
    bad, seen = [], set()
    done = 0
    while done < n:
        counts, melds, wild = random_case(rng, False)
        if not ref_is_win(counts, melds, wild):
            continue
        done += 1
        flags = FLAG_SETS[int(rng.integers(len(FLAG_SETS)))]
        held = np.flatnonzero(counts)
        win_kind = 4 if counts[4] and rng.random() < 0.5 else int(rng.choice(held))
        opts = {"zhuowukui_unique": bool(rng.random() < 0.7), "haidi_discard": int(rng.choice([1, 2]))}
        got = score.evaluate(counts, melds, wild, flags, win_kind, opts)
        total, fan_sets = ref_fans(counts, melds, wild, win_kind=win_kind, haidi_discard=opts["haidi_discard"],
                                   zhuowukui_unique=opts["zhuowukui_unique"], **{f: True for f in flags})
        seen |= set(got["fans"])
        if got["total"] != total or got["fans"] not in fan_sets:
            bad.append((counts.tolist(), melds, wild, flags, win_kind, opts, got, total, fan_sets))
    return bad, seen


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_fans_match_reference(seed):
    bad, seen = _check_fans(np.random.default_rng(5300 + seed), FANS)
    clear_cache()
    assert not bad, bad[:3]
    # the sample reaches the reading-dependent fans, not just 推倒和
    assert {"duiduihe", "qiduizi", "haohua", "qingyise", "tuidaohu"} <= seen, seen


@pytest.mark.slow
def test_many_more_positions_match_reference(request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("runs only with -m slow")   # the default run does not deselect it
    rng = np.random.default_rng(5400)
    for _ in range(10):
        for check in (_check_full, _check_short):
            bad, _ = check(rng, 5000)   # 10 x (5,000 + 5,000 + 2,000) = 120,000
            assert not bad, bad[:5]
        bad, _ = _check_fans(rng, 2000)
        assert not bad, bad[:3]
        clear_cache()


def _seven_pairs_sweep(seed, batches, n):
    """The closed-form seven-pairs waits of the pack's hook (a packed Hand, 惠牌 wild) against
    the definition: k is a wait iff the 14 tiles with k are seven pairs, the 惠牌 filling the
    singles of the real kinds (a kind held four times is two pairs); hands near seven pairs with
    0..4 惠牌."""
    rng = np.random.default_rng(seed)
    rows = np.arange(n)
    wild = rng.integers(-1, 34, n).astype(np.int8)
    c = np.zeros((n, 34), np.int64)
    for _ in range(7):
        k = rng.integers(0, 34, n)
        c[rows, k] += 2
    golds = rng.integers(0, 5, n)
    has = wild >= 0
    c[rows[has], wild[has]] = golds[has]
    from vector_positions import swap_and_fit
    swap_and_fit(rng, c, np.full(n, 13), np.full((n, 34), 4), 3, 0.6)
    counts = c.astype(np.uint8)
    got = shapes._seven_pairs_waits_many(counts, wild)
    want = np.zeros(n, np.uint64)
    real = np.ones((n, 34), bool)
    real[rows[has], wild[has]] = False
    for k in range(34):
        d = c.copy()
        d[:, k] += 1
        odd = ((d % 2 == 1) & real).sum(1)
        wilds = np.where(has, d[rows, np.maximum(wild, 0)], 0)
        want |= ((odd <= wilds) & (c[:, k] < 4)).astype(np.uint64) << np.uint64(k)
    bad = np.flatnonzero(got != want)
    assert not len(bad), [(counts[i].tolist(), int(wild[i]), hex(int(got[i])), hex(int(want[i]))) for i in bad[:3]]
    assert (got != 0).mean() > 0.1


def test_seven_pairs_closed_form():
    for seed in range(5):
        _seven_pairs_sweep(7700 + seed, 1, 20_000)


def _fast_equals_plain(hook, seed, n):
    """hook(counts, melds, wild) -> (fast, plain) on n random winning-size hands (with and
    without melds, 0..4 惠牌), each pair equal; the plain answers, for the caller's coverage check."""
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(n):
        counts, melds, wild = random_case(rng, False)
        fast, plain = hook(counts, melds, wild)
        assert fast == plain, (counts.tolist(), melds, wild)
        seen.append(plain)
    return seen


def test_seven_pairs_discard_shanten_is_the_per_discard_loop():
    """The guard's one-reading seven-pairs shanten after each discard against the per-discard loop."""
    seen = _fast_equals_plain(shapes._seven_pairs_discard_check, 7900, int(4000 * SCALE))
    assert sum(min(p.values()) <= 1 for p in seen) > 50   # the sample reached hands near seven pairs


def test_useful_draws_read_per_discard_are_the_rebuilt_hands():
    """guard's useful draws (shapes.pxd BjDraws: the turn's classes read once, each discard and
    draw by table reads) against bj_hand_shanten of the hand rebuilt for every discard and draw,
    thresholds 1..4."""
    seen = _fast_equals_plain(shapes._helpful_draws_check, 7950, int(1500 * SCALE))
    assert sum(m != 0 for p in seen for m in p.values()) > 1000   # useful draws at every threshold


@pytest.mark.slow
def test_seven_pairs_closed_form_million_hands():   # conftest.py runs it only under -m slow
    for seed in range(10):
        _seven_pairs_sweep(7800 + seed, 1, 100_000)
