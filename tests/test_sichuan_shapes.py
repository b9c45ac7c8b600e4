"""The Sichuan pack's win check, waits and shanten (fzsim_core.packs.sichuan.shapes) against the
slow reference of tests/reference_sichuan.py on random positions, plus hand-picked cases.

Default run: 10,000 winning-size hands (win check, shanten) and 10,000 hands one tile short
(waits, shanten with and without the suit filter); and the win value of 3,000 random winning
hands under both presets against the plain scorer of tests/reference_sichuan_score.py. The table
path the pack's hooks take (sc_table_is_win, sc_table_wait_mask on a packed Hand) against the
vectorised reference of reference_sichuan.ref_batch: 40,000 hands, and 1,000,000 under -m slow.
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

from fzsim.tiles import parse  # noqa: E402
from fzsim_core.packs.sichuan import shapes  # noqa: E402
from reference_sichuan import clear_cache, random_case, ref_is_win, ref_shanten, ref_waits  # noqa: E402

N = int(os.environ.get("FZSIM_SICHUAN_HANDS", "5000"))


def c27(text):
    return parse(text)[:27]


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_winning_size_hands_match_reference(seed):
    rng = np.random.default_rng(4200 + seed)
    bad, wins = [], 0
    for _ in range(N):
        counts, melds = random_case(rng, 14)
        got = shapes.is_win(counts, melds)
        wins += got
        if got != ref_is_win(counts, melds):
            bad.append(("is_win", counts.tolist(), melds))
        if shapes.shanten(counts, melds) != ref_shanten(counts, melds):
            bad.append(("shanten", counts.tolist(), melds))
    clear_cache()
    assert not bad, bad[:5]
    assert wins > N // 20   # the sample does reach wins


@pytest.mark.parametrize("seed", [0, pytest.param(1, marks=pytest.mark.slow)])   # the second sample: -m slow
def test_short_hands_match_reference(seed):
    rng = np.random.default_rng(4300 + seed)
    bad, ready = [], 0
    for _ in range(N):
        counts, melds = random_case(rng, 13)
        got = shapes.wait_mask(counts, melds)
        ready += got != 0
        if got != ref_waits(counts, melds):
            bad.append(("waits", counts.tolist(), melds, got))
        if shapes.shanten(counts, melds) != ref_shanten(counts, melds):
            bad.append(("shanten", counts.tolist(), melds))
        if shapes.shanten(counts, melds, suit_filter=False) != ref_shanten(counts, melds, suit_filter=False):
            bad.append(("shanten_shape", counts.tolist(), melds))
    clear_cache()
    assert not bad, bad[:5]
    assert ready > N // 20


def test_every_discard_shanten_from_one_read():
    """sc_parts_discard_shanten (greedy's and guard's turn) against shanten() of each discard's
    hand, with and without 定缺."""
    rng = np.random.default_rng(4400)
    bad = []
    for i in range(N):
        counts, melds = random_case(rng, 14)
        void = None if i % 3 else int(rng.integers(0, 3))
        got = shapes._discard_shanten(counts, melds, void)
        assert set(got) == {k for k in range(27) if counts[k]}
        for k, sh in got.items():
            after = counts.copy()
            after[k] -= 1
            want = shapes.shanten(after, melds, void_suit=void)
            if sh != want:
                bad.append((counts.tolist(), melds, void, k, sh, want))
    assert not bad, bad[:5]


def test_best_discards_from_bounds():
    """sc_parts_discard_best (greedy's turn) against the least of _discard_shanten and the kinds at
    it (those of suit `first` when it has some), over every held kind and over random subsets (a
    claimed kind may not be discarded)."""
    rng = np.random.default_rng(4401)
    bad = []
    for i in range(N):
        counts, melds = random_case(rng, 14)
        void = None if i % 3 else int(rng.integers(0, 3))
        every = shapes._discard_shanten(counts, melds, void)
        held = sorted(every)
        for cand in (None, {k for k in held if rng.random() < 0.5}):
            sub = {k: v for k, v in every.items() if cand is None or k in cand}
            best = min((v for v in sub.values() if v is not None and v < 99), default=99)
            if best == 99 and any(v is None for v in sub.values()):
                want = (99, {k for k, v in sub.items() if v is None})
            else:
                want = (best, {k for k, v in sub.items() if v == best})
            for first in (-1, 0, 1, 2):
                got = shapes._discard_best(counts, melds, void, cand, first)
                mine = {k for k in want[1] if first >= 0 and k // 9 == first}
                if got != (want[0], mine or want[1]):
                    bad.append((counts.tolist(), melds, void, cand, first, got, want))
    assert not bad, bad[:5]


@pytest.mark.parametrize("hand, win", [
    ("11224444557799m", True),        # four of a kind = two pairs
    ("1111222233334m", False),        # 13 tiles
    ("11m22m33m44p55p66p77s", False),  # seven pairs over three suits
    ("11m22m33m44p55p66p77p", True),
    ("123m456p789s11s222s", False),    # standard over three suits
    ("11112222333344m", True),         # standard (and not seven pairs: 44 is one pair, 1111 two...)
])
def test_hand_picked(hand, win):
    assert shapes.is_win(c27(hand)) is win


def test_seven_pairs_wait_and_shanten():
    assert shapes.wait_mask(c27("1122444455779m")) == 1 << 8     # the single 9m
    assert shapes.shanten(c27("1122444455779m")) == 0
    # three suits: a 3-suit seven-pairs shape is one exchange away once the 7s pair is broken
    assert shapes.shanten(c27("11m22m33m44p55p66p7s")) == 1
    assert shapes.shanten(c27("11m22m33m44p55p66p7s"), suit_filter=False) == 0


def test_melds_in_three_suits_can_never_win():
    assert shapes.shanten(c27("2345m"), [("pung", 9), ("pung", 18), ("kong", 0)]) is None


@pytest.mark.parametrize("bad, match", [
    (np.zeros(26, dtype=np.uint8), "27"),
    (np.full(27, 5, dtype=np.uint8), "allowed 0..4"),
])
def test_bad_counts(bad, match):
    with pytest.raises(ValueError, match=match):
        shapes.is_win(bad)


def test_bad_melds():
    with pytest.raises(ValueError, match="kind"):
        shapes.is_win(c27("11m"), [("pung", 30)])
    with pytest.raises(ValueError, match="type"):
        shapes.is_win(c27("11m"), [("chow", 3)])
    with pytest.raises(ValueError, match="copies"):
        shapes.is_win(c27("11m"), [("pung", 0), ("kong", 0)])
    with pytest.raises(ValueError, match="shanten needs"):
        shapes.shanten(c27("123m"))


def test_win_values_match_the_plain_reference():
    # the core's scorer (every reading, largest base + additions) vs tests/reference_sichuan_score.py
    from fzsim_core.packs.sichuan import score as core
    from reference_sichuan_score import value
    rng = np.random.default_rng(77)
    checked, bad = 0, []
    flag_sets = [(), ("selfdraw",), ("kong_discard",), ("dihu",)]
    while checked < 3000:
        counts, melds = random_case(rng, 14)
        if not shapes.is_win(counts, melds):
            continue
        flags = flag_sets[checked % 4]
        if melds and any(t != "pung" for t, _ in melds) and checked % 3 == 0:
            flags = ("selfdraw", "kong_flower")
        if "dihu" in flags and melds:
            flags = ()
        for pack in ("sichuan", "xuezhan"):
            got = core.evaluate(pack, counts, melds, flags)
            want = value(pack, counts, melds, flags)
            if want is None or got["value"] != want[0] or got["base_pattern"] not in want[1]:
                bad.append((pack, counts.tolist(), melds, flags, got["value"], got["base_pattern"], want))
        checked += 1
    assert not bad, bad[:5]


def _table_sweep(seed, batches, n):
    """The table path (the pack hooks' sc_table_is_win / sc_table_wait_mask) against the
    vectorised reference (tests/reference_sichuan.ref_batch) on batches x n hands of each size."""
    from reference_sichuan import random_batch, ref_batch

    rng = np.random.default_rng(seed)
    wins = ready = 0
    for _ in range(batches):
        for size in (14, 13):
            counts, n_melds, suits, pungs, kongs, void, in_melds = random_batch(rng, n, size)
            got_win, got_waits = shapes._table_many(counts, n_melds, suits, pungs, kongs, void)
            want_win, want_waits = ref_batch(counts, n_melds, suits, void, in_melds)
            bad = np.flatnonzero((got_win != want_win) | (got_waits != want_waits))
            assert not len(bad), [(counts[i].tolist(), int(n_melds[i]), int(pungs[i]), int(kongs[i]), int(void[i]),
                                   bool(got_win[i]), int(got_waits[i]), int(want_waits[i])) for i in bad[:3]]
            wins += int(got_win.sum())
            ready += int((got_waits != 0).sum())
    assert wins > batches * n // 20 and ready > batches * n // 10   # the sample reaches wins and waits


def test_table_path_matches_vectorised_reference():
    _table_sweep(4400, 1, 20_000)   # 40,000 hands


@pytest.mark.slow
def test_table_path_million_hands():   # conftest.py runs it only under -m slow
    _table_sweep(4401, 5, 100_000)   # 5 x (100,000 + 100,000) = 1,000,000 hands
