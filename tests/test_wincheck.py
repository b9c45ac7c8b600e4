"""The wildcard (金) win search against a slow exhaustive reference (tests/reference_win.py).

Default run: ~16k random and near-winning hands over every size and 0–4 golds, plus the
classic traps. The full >= 1,000,000-hand sweep:

    python -m pytest -m slow tests/test_wincheck.py   (FZSIM_SWEEP_HANDS=... to change the count)
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

sys.path.insert(0, os.path.dirname(__file__))

import fzsim  # noqa: E402
from fzsim import wincheck  # noqa: E402
from fzsim.tiles import as_hand_counts, gold_index, parse  # noqa: E402
from reference_win import (  # noqa: E402
    clear_cache,
    ref_is_jinlong,
    ref_is_jinque,
    ref_is_win,
    ref_is_xianjin_wait,
    ref_shanten,
    ref_waits,
    sample_hands,
)


def compare(hands):
    """Every core function vs the reference on (counts, gold) pairs; returns disagreements."""
    bad = []
    for counts, gold in hands:
        c = np.ascontiguousarray(counts, dtype=np.uint8)
        size = int(c.sum())
        if size % 3 == 2:
            checks = [
                ("is_win", wincheck.is_win(c, gold), ref_is_win(c, gold)),
                ("is_jinque", wincheck.is_jinque(c, gold), ref_is_jinque(c, gold)),
                ("is_jinlong", wincheck.is_jinlong(c, gold), ref_is_jinlong(c, gold)),
            ]
        else:
            checks = [
                ("wait_mask", wincheck.wait_mask(c, gold), ref_waits(c, gold)),
                ("is_xianjin_wait", wincheck.is_xianjin_wait(c, gold), ref_is_xianjin_wait(c, gold)),
            ]
        checks.append(("shanten", wincheck.shanten(c, gold), ref_shanten(c, gold)))
        for name, got, want in checks:
            if got != want:
                bad.append((name, fzsim.fmt(c), gold, got, want))
    clear_cache()
    return bad


@pytest.mark.parametrize("seed", range(6))
def test_matches_reference_sample(seed):
    hands = sample_hands(1000 + seed, 1500)
    assert compare(hands) == []


def test_sample_covers_sizes_golds_and_wins():
    """The generator really spans what the comparison claims (so the test above can fail)."""
    hands = sample_hands(7, 4000)
    sizes = {int(c.sum()) for c, _ in hands}
    assert sizes == {s for s in range(1, 18) if s % 3}
    golds = {int(c[g]) for c, g in hands if g >= 0}
    assert golds == {0, 1, 2, 3, 4}
    assert any(c[27:].any() for c, _ in hands)
    # the core agrees with the reference (tests above), so it can count cheaply here
    wins = sum(wincheck.is_win(c, g) for c, g in hands if c.sum() % 3 == 2)
    ready = sum(wincheck.wait_mask(c, g) != 0 for c, g in hands if c.sum() % 3 == 1)
    assert wins > 300 and ready > 300


def test_exhaustive_one_suit_small_hands():
    """Every one-suit hand of 1, 2, 4 and 5 tiles (gold 5m, none or 9p) matches the reference."""
    import itertools

    hands = []
    for size in (1, 2, 4, 5):
        for combo in itertools.combinations_with_replacement(range(9), size):
            c = np.zeros(34, dtype=np.uint8)
            for k in combo:
                c[k] += 1
            if c.max() > 4:
                continue
            for gold in (-1, 4, 9):
                hands.append((c, gold))
    assert compare(hands) == []


@pytest.mark.slow
def test_matches_reference_full_sweep(request):
    """>= 1,000,000 hands (FZSIM_SWEEP_HANDS), zero disagreements. Runs only when selected
    with ``-m slow`` (the project's default run does not deselect slow tests itself)."""
    if "slow" not in (request.config.getoption("-m") or "") or "not slow" in request.config.getoption("-m"):
        pytest.skip("the full sweep runs only with -m slow")
    total = int(os.environ.get("FZSIM_SWEEP_HANDS", "1000000"))
    # FZSIM_SWEEP_PART="i/k" runs every k-th chunk from the i-th, to split the sweep over processes
    part, parts = (int(x) for x in os.environ.get("FZSIM_SWEEP_PART", "0/1").split("/"))
    chunk = 10000
    bad = []
    done = 0
    for j, i in enumerate(range(0, total, chunk)):
        if j % parts != part:
            continue
        n = min(chunk, total - i)
        bad += compare(sample_hands(10_000_000 + i, n))
        done += n
        print(f"sweep part {part}/{parts}: {done} hands, {len(bad)} disagreements", flush=True)
    print(f"full sweep part {part}/{parts}: {done} hands, {len(bad)} disagreements: {bad[:5]}")
    assert bad == []


# ---------------------------------------------------------------------------------------------
# Hand-written traps (expected values reasoned by hand)


@pytest.mark.parametrize(
    "hand, gold, expected",
    [
        ("1111m5p", "5p", True),  # the gold is a fifth 1m: 111m + 1m·金
        ("1111m5p", None, False),
        ("1111m9p", "5p", False),
        ("55p", "5p", True),  # all-gold pair
        ("5p9m", "5p", True),
        ("123m456m55p", "5p", True),
        ("555p11m", "5p", True),
        ("5555p1m", "5p", True),  # 555p as golds' own pung or wild, 1m + 金 pair
        ("1111m23m9p5p", "5p", True),  # 111m 123m + 9p·金 pair
        ("1111m24m9p5p", "5p", False),
        ("1111m23m55p", "5p", True),  # 111m 123m + all-gold pair
        ("11122233344455566m", None, True),  # one-suit 17 tiles
        ("11122233344455567m", None, True),  # 111 222 333 444 567 + 55
        ("11122233344455568m", None, False),
        ("11122233344455568m", "8m", True),  # 8m wild as 7m: 567m + 55m
        ("1111222233334444m5p", "5p", True),  # 17 tiles: 4 x 123m, 444m, 4m·金 pair
        ("1111222233334444m5p", None, False),
        ("1122333z5p", "5p", True),  # honours: 333z, 11z, 22z+金
        ("123z99m", None, False),  # honours never chow
        ("123z99m", "1z", False),  # 1z wild: 23z cannot chow either
        ("12z99m5p", "5p", False),
        ("1z5p", "5p", True),
        ("11223344556677z", None, False),  # no seven pairs (RULES §5)
    ],
)
def test_is_win_traps(hand, gold, expected):
    assert fzsim.is_win(hand, gold) is expected
    assert ref_is_win(as_hand_counts(hand), gold_index(gold)) is expected


def test_waits_traps():
    # nine gates waits on all nine
    assert fzsim.waits("1112345678999m") == [f"{r}m" for r in range(1, 10)]
    # a single gold with complete melds: any tile (the 4-held kind excluded) — 闲金
    w = fzsim.waits("123m456p5s", "5s")
    assert len(w) == 34 and fzsim.is_xianjin_wait("123m456p5s", "5s")
    # 1111m is "ready" on a fifth 1m only, which cannot be drawn: no waits, shanten 0
    assert fzsim.waits("1111m") == [] and fzsim.shanten("1111m") == 0
    assert fzsim.waits("1111m456p") == [] and fzsim.shanten("1111m456p") == 0
    # with a gold the fifth 1m is wild: 111m 456p + 1m·金; the 4-held 1m itself is not a wait
    w = fzsim.waits("1111m45p5s", "5s")
    assert "1m" not in w and w == ["3p", "6p", "5s"]
    # with golds the gold kind is a wait of every ready hand (listed in kind order)
    assert fzsim.waits("123m456m99m78s", "5p") == ["5p", "6s", "9s"]
    assert fzsim.waits("123m456m99m78s") == ["6s", "9s"]
    # not ready: no waits at all, not even the gold
    assert fzsim.waits("159m159p1s", "5z") == []


def test_shanten_values():
    assert fzsim.shanten("11m") == -1
    assert fzsim.shanten("1m") == 0
    assert fzsim.shanten("13579m2468p1357s") == 4
    assert fzsim.shanten("13579m2468p1357s", "1m") == 3  # the 1m is wild now
    assert fzsim.shanten("3579m2468p1357s5z", "5z") == 3
    assert fzsim.shanten("123456789123456m55p", "5p") == -1
    assert fzsim.shanten("12345678912345m55p", "5p") == 0


def test_special_readings():
    # 金雀: two golds as the pair
    assert fzsim.is_jinque("123m456m55p", "5p")
    assert not fzsim.is_jinque("123m456m5p9m", "5p")  # one gold
    assert fzsim.is_jinque("123m45m555p", "5p")  # third gold wild in 345m
    # 金龙: three golds as their own pung, the rest with no gold help
    assert fzsim.is_jinlong("555p11m", "5p")
    assert not fzsim.is_jinlong("555p19m", "5p")  # wins (gold as 1m/9m) but not as 金龙
    assert fzsim.is_win("555p19m", "5p")
    # a 4th gold (the robbed indicator) stays wild (RULES §6)
    assert fzsim.is_jinlong("5555p67p11m", "5p")  # the 4th gold as 5p in 567p
    assert fzsim.is_jinlong("5555p1199m", "5p")  # the 4th gold makes 999m
    assert fzsim.is_jinlong("5555p1m", "5p")      # the 4th gold pairs the 1m
    assert not fzsim.is_jinlong("5555p1479m", "5p")  # wins only with all four golds wild
    assert fzsim.is_win("5555p1479m", "5p")
    # 闲金 wait: exactly one gold, the rest melds
    assert fzsim.is_xianjin_wait("123m456p5s", "5s")
    assert not fzsim.is_xianjin_wait("123m455p5s", "5s")
    assert not fzsim.is_xianjin_wait("123m45p55s", "5s")  # two golds: not 闲金 (RULES §4)


# ---------------------------------------------------------------------------------------------
# Python surface: inputs, errors, batched API


def test_accepts_notation_and_arrays_and_gold_forms():
    c34 = as_hand_counts("123m456p789s99s11z5p")
    assert fzsim.is_win(c34, 13) and fzsim.is_win(parse("123m456p789s99s11z5p"), "5p")
    assert not fzsim.is_win(list(c34), None)


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: fzsim.is_win("123m"), "hand size 3"),
        (lambda: fzsim.is_win("11122233344455566m99p"), "hand size 19"),
        (lambda: fzsim.waits("11m"), "hand size 2"),
        (lambda: fzsim.waits("11m"), "3n\\+1"),
        (lambda: fzsim.waits("1111222233334444m9p"), "hand size 17"),
        (lambda: fzsim.shanten("123m"), "hand size 3"),
        (lambda: fzsim.is_win(np.array([5] + [0] * 33)), "count 5 of 1m"),
        (lambda: fzsim.is_win("11111m"), "5 copies of 1m"),
        (lambda: fzsim.is_win("11m", "8z"), "rank 8"),
        (lambda: fzsim.is_win("11m", "1f"), "gold"),
        (lambda: fzsim.is_win("11m", 40), "gold"),
        (lambda: fzsim.is_win("11m1f"), "flower 1f"),
        (lambda: fzsim.is_xianjin_wait("11m"), "hand size 2"),
        (lambda: fzsim.is_jinque("1m"), "hand size 1"),
    ],
)
def test_bad_input_raises_value_error(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_many_matches_single_calls():
    hands = sample_hands(99, 3000)
    win_rows = [(c, g) for c, g in hands if c.sum() % 3 == 2]
    counts = np.stack([c for c, _ in win_rows])
    golds = np.array([g for _, g in win_rows], dtype=np.int8)
    got = fzsim.is_win_many(counts, golds)
    assert got.dtype == bool and got.shape == (len(win_rows),)
    assert list(got) == [wincheck.is_win(c, g) for c, g in win_rows]
    counts = np.stack([c for c, _ in hands])
    golds = np.array([g for _, g in hands], dtype=np.int8)
    sh = fzsim.shanten_many(counts, golds)
    assert sh.dtype == np.int8
    assert list(sh) == [wincheck.shanten(c, g) for c, g in hands]
    wait_rows = [(c, g) for c, g in hands if c.sum() % 3 == 1]
    counts = np.stack([c for c, _ in wait_rows])
    golds = np.array([g for _, g in wait_rows], dtype=np.int8)
    masks = fzsim.wait_mask_many(counts, golds)
    assert masks.dtype == np.uint64 and (masks != 0).any()
    assert masks.tolist() == [wincheck.wait_mask(c, g) for c, g in wait_rows]
    with pytest.raises(ValueError, match=r"wait_mask_many needs 3n\+1 tiles, at most 16"):
        fzsim.wait_mask_many(np.stack([c for c, _ in win_rows[:2]]), -1)


def test_many_errors():
    c = np.zeros((2, 34), dtype=np.uint8)
    c[:, 0] = 2
    with pytest.raises(ValueError, match=r"shape \(N, 34\)"):
        fzsim.is_win_many(c[:, :30], np.zeros(2, np.int8))
    with pytest.raises(ValueError, match=r"golds must have shape \(2,\)"):
        fzsim.is_win_many(c, np.zeros(3, np.int8))
    bad = c.copy()
    bad[1, 0] = 3
    with pytest.raises(ValueError, match=r"counts\[1\] has 3 tiles"):
        fzsim.is_win_many(bad, np.full(2, -1, np.int8))
    bad[1, 0] = 5
    with pytest.raises(ValueError, match=r"counts\[1\] holds 5 of 1m"):
        fzsim.shanten_many(bad, np.full(2, -1, np.int8))
    with pytest.raises(ValueError, match=r"golds\[0\] = 40"):
        fzsim.shanten_many(c, np.array([40, 0]))
    assert list(fzsim.is_win_many(c, -1)) == [True, True]
