"""fzsim_core.winapi: every public call refuses bad input with a ValueError naming it (never a
crash, never an answer for an invalid hand), and answers valid input in any form alike."""
import numpy as np
import pytest

from fzsim_core import notation, winapi

SINGLE = {  # name -> (function, allowed sizes mod 3)
    "is_win": (winapi.is_win, {2}), "need": (winapi.need, {2}), "is_jinque": (winapi.is_jinque, {2}),
    "is_jinlong": (winapi.is_jinlong, {2}), "shanten": (winapi.shanten, {1, 2}),
    "wait_mask": (winapi.wait_mask, {1}), "waits": (winapi.waits, {1}),
    "is_xianjin_wait": (winapi.is_xianjin_wait, {1}),
    "wins_with": (lambda hand, gold=None: winapi.wins_with(hand, 4, gold), {1}),
}
FIVE = np.zeros(34, np.uint8)
FIVE[0] = 5  # a fifth copy of 1m: the tables would read a key outside any hand


def _sized(mod):
    """A valid hand of a size each function accepts: 17 tiles (mod 2) or 16 (mod 1)."""
    return notation.hand_counts("111234999m123456s55p" if mod == 2 else "111234999m12345s55p")


@pytest.mark.parametrize("name", sorted(SINGLE))
def test_single_calls_refuse_bad_hands_and_golds(name):
    fn, mods = SINGLE[name]
    good = _sized(min(mods) if mods != {1, 2} else 2)
    assert good.sum() % 3 in mods
    bad_hands = [
        (FIVE, "count 5 of 1m"), (FIVE.astype(np.int64), "count 5 of 1m"), (list(FIVE), "count 5 of 1m"),
        ("11111m", "5 copies of 1m"), (good[:33], "34 or 42"), (np.tile(good, 2), "34 or 42"),
        (good.reshape(2, 17), "34 or 42"), (good.astype(float) + 0.5, "whole numbers"),
        (-good.astype(np.int16), "out of range"), (np.r_[good, [0] * 7, 1], "flower 8f"),
        ("123m", "hand size"), (np.zeros(34, np.uint8), "hand size 0"), ("1m1f", "flower 1f"), (3.5, "34 or 42"),
    ]
    for hand, match in bad_hands:
        with pytest.raises(ValueError, match=match):
            fn(hand)
    for gold in ("1f", 34, 40, -2, 2**70, "xx", "55p"):
        with pytest.raises(ValueError):
            fn(good, gold)


@pytest.mark.parametrize("name", sorted(SINGLE))
def test_single_calls_fuzzed(name):
    """Random shapes, dtypes and values: a ValueError exactly when the hand is invalid, else the
    answer for the same counts given as a contiguous uint8 array."""
    fn, mods = SINGLE[name]
    rng = np.random.default_rng(sum(map(ord, name)))
    dtypes = [np.uint8, np.int8, np.int16, np.int64, np.uint32, np.float64, bool]
    for _ in range(600):
        length = int(rng.choice([33, 34, 34, 34, 42, 42, 35]))
        values = rng.choice([0, 0, 0, 0, 1, 1, 2, 3, 4, 5, -1], size=length)
        if rng.random() < 0.5:  # mostly valid-looking hands of a plausible size
            values = np.zeros(length, np.int64)
            kinds = rng.choice(min(34, length), size=int(rng.integers(1, 18)))
            np.add.at(values, kinds, 1)
        dtype = dtypes[int(rng.integers(len(dtypes)))]
        if dtype is np.uint8 or dtype is np.uint32:
            values = np.abs(values)
        arr = values.astype(dtype)
        if rng.random() < 0.3:
            wide = np.zeros(2 * length, dtype=dtype)
            wide[::2] = arr
            arr = wide[::2]  # not contiguous
        gold = int(rng.integers(-1, 34))
        v = arr.astype(np.int64)
        valid = (length in (34, 42) and (v >= 0).all() and (v <= 4).all() and not v[34:].any()
                 and v[:34].sum() <= 17 and v[:34].sum() % 3 in mods)
        if not valid:
            with pytest.raises(ValueError):
                fn(arr, gold)
        else:
            assert fn(arr, gold) == fn(np.ascontiguousarray(v[:34], dtype=np.uint8), gold)


def test_batched_calls_refuse_bad_rows_shapes_and_dtypes():
    good = np.stack([_sized(2)] * 3)
    golds = np.array([-1, 0, 13], np.int8)
    assert winapi.is_win_many(good, golds).tolist() == [winapi.is_win(r, g) for r, g in zip(good, golds)]
    five = good.copy()
    five[2, 0] = 5
    cases = [
        (lambda: winapi.is_win_many(five, golds), r"counts\[2\] holds 5 of 1m"),
        (lambda: winapi.shanten_many(five.astype(np.int64), golds), r"counts\[2\] holds 5 of 1m"),
        (lambda: winapi.is_win_many(good.astype(np.int64) + 256, golds), "holds"),
        (lambda: winapi.is_win_many(good.astype(float), golds), "integer array"),
        (lambda: winapi.is_win_many(good[:, :33], golds), r"shape \(N, 34\)"),
        (lambda: winapi.is_win_many(good[0], golds), r"shape \(N, 34\)"),
        (lambda: winapi.is_win_many(good, golds[:2]), r"golds must have shape \(3,\)"),
        (lambda: winapi.is_win_many(good, np.array([0, 0, 34])), r"golds\[2\] = 34"),
        (lambda: winapi.is_win_many(good, np.array([0, 0, 255], np.uint8)), r"golds\[2\] = 255"),
        (lambda: winapi.is_win_many(good, np.array([0.0, 0, 1])), "golds must be an integer"),
        (lambda: winapi.is_win_many(good[:, ::-1][:, ::-1] * 0 + np.eye(3, 34, dtype=np.uint8), -1), "has 1 tiles"),
        (lambda: winapi.is_win_many_into(five, golds, np.empty(3, np.uint8)), r"counts\[2\] holds 5"),
        (lambda: winapi.shanten_many_into(five, golds, np.empty(3, np.int8)), r"counts\[2\] holds 5"),
        (lambda: winapi.shanten_many_into(good, np.array([0, 0, 99], np.int8), np.empty(3, np.int8)),
         r"golds\[2\] = 99"),
        (lambda: winapi.is_win_many_into(good, golds, np.empty(2, np.uint8)), "shapes must be"),
        (lambda: winapi.is_win_many_into(good.astype(np.int64), golds, np.empty(3, np.uint8)), "dtype"),
        (lambda: winapi.is_win_many_into(np.asfortranarray(good), golds, np.empty(3, np.uint8)), "contiguous"),
    ]
    for call, match in cases:
        with pytest.raises(ValueError, match=match):
            call()


def test_batched_calls_fuzzed():
    rng = np.random.default_rng(77)
    for _ in range(300):
        n = int(rng.integers(0, 6))
        counts = rng.choice([0, 0, 0, 1, 1, 2, 3, 4, 5], size=(n, 34)).astype(np.uint8)
        golds = rng.integers(-3, 37, size=n).astype(np.int8)
        sizes = counts.astype(int).sum(axis=1)
        for fn, mods in ((winapi.is_win_many, {2}), (winapi.shanten_many, {1, 2})):
            valid = ((counts <= 4).all() and ((golds >= -1) & (golds < 34)).all()
                     and all(s <= 17 and s % 3 in mods for s in sizes))
            if valid:
                single = winapi.is_win if fn is winapi.is_win_many else winapi.shanten
                assert fn(counts, golds).tolist() == [single(c, int(g)) for c, g in zip(counts, golds)]
            else:
                with pytest.raises(ValueError):
                    fn(counts, golds)
