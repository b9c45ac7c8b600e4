"""国标 shanten and useful tiles (fzsim_core.packs.guobiao.shanten) against the brute-force
reference (guobiao_shanten_ref) and PyMahjongGB's shanten and win recognition."""
from __future__ import annotations

import random

import numpy as np
import pytest

import guobiao_shanten_ref as ref
from guobiao_oracle import CODES, oracle_args, random_hands
from fzsim.tiles import as_hand_counts
from fzsim_core.packs.guobiao import shanten as sh

N_NEED = 2_500       # hands compared shape by shape (and all shapes together) with the reference
N_MASK = 80          # 13-tile hands whose useful-tile masks are compared with the reference
N_ORACLE = 10_000    # 13-tile hands compared with PyMahjongGB's five shanten functions
N_SLOW = 100_000


def _need_sweep(seed, n):
    rng = random.Random(seed)
    bad = []
    sizes = {13: 0, 14: 0}
    melded = 0
    for _ in range(n):
        c, m = ref.random_hand(rng)
        sizes[int(c.sum()) + 3 * m] += 1
        melded += m > 0
        theirs = {name: ref.need(c, m, bit) for name, bit in ref.SHAPE_BITS.items()}
        theirs["all"] = min(theirs.values())
        for name, bit in list(ref.SHAPE_BITS.items()) + [("all", 63)]:
            if sh.need(c, m, bit) != theirs[name]:
                bad.append((name, c.tolist(), m, sh.need(c, m, bit), theirs[name]))
    return bad, sizes, melded


def test_need_matches_brute_force_on_random_hands():
    bad, sizes, melded = _need_sweep(20261201, N_NEED)
    assert bad == [], f"{len(bad)} disagreements, e.g. {bad[:3]}"
    # both sizes and both concealed and melded hands are well represented
    assert min(sizes.values()) > N_NEED // 3 and N_NEED // 4 < melded < 3 * N_NEED // 4


def test_useful_masks_match_brute_force():
    rng = random.Random(7)
    bad = []
    for _ in range(N_MASK):
        c, m = ref.random_hand(rng, size=13)
        for bit in (1, 63):  # each shape's masks: PyMahjongGB below
            if sh.useful_mask(c, m, bit) != ref.useful_mask(c, m, bit):
                bad.append((bit, c.tolist(), m))
    assert bad == [], f"{len(bad)} disagreements, e.g. {bad[:3]}"


@pytest.mark.slow
def test_need_matches_brute_force_slow(request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("runs only with -m slow")
    bad, _, _ = _need_sweep(99, N_SLOW)
    assert bad == []


def test_shanten_and_useful_tiles_match_pymahjonggb():
    """PyMahjongGB's per-shape shanten of 13-tile hands (its 全不靠 covers 七星不靠). Its useful
    tiles include kinds the hand already holds four of; ours leave those out (they cannot be
    drawn), so they are dropped before comparing."""
    M = pytest.importorskip("MahjongGB")
    fns = [(1, M.RegularShanten, 4), (2, M.SevenPairsShanten, 0), (4, M.ThirteenOrphansShanten, 0),
           (8 | 16, M.HonorsAndKnittedTilesShanten, 0), (32, M.KnittedStraightShanten, 1)]
    rng = random.Random(11)
    bad, compared = [], 0
    for _ in range(N_ORACLE):
        c, m = ref.random_hand(rng, size=13)
        tiles = tuple(CODES[k] for k in range(34) for _ in range(c[k]))
        for bit, fn, max_melds in fns:
            if m > max_melds:
                continue
            s, useful = fn(tiles)
            theirs = sum(1 << CODES.index(t) for t in useful if c[CODES.index(t)] < 4)
            compared += 1
            if sh.need(c, m, bit) - 1 != s or sh.useful_mask(c, m, bit) != theirs:
                bad.append((bit, "".join(tiles), m))
    assert compared > 2 * N_ORACLE
    assert bad == [], f"{len(bad)} of {compared} differ, e.g. {bad[:3]}"


def test_complete_iff_pymahjonggb_recognises_a_win():
    """need 0 on PyMahjongGB's winning hands (every shape, with melds), and on random 14-tile
    concealed hands need 0 exactly when PyMahjongGB scores the hand instead of refusing it."""
    M = pytest.importorskip("MahjongGB")
    for h in random_hands(5, 3000):
        assert sh.need(np.asarray(h["counts"], dtype=np.uint8), len(h["melds"])) == 0, h
    rng = random.Random(13)
    wins = compared = 0
    for h0 in random_hands(6, 6000):
        if h0["melds"]:
            continue
        c = np.asarray(h0["counts"], dtype=np.uint8).copy()
        if rng.random() < 0.6:  # swap one tile for another kind: mostly no longer a win
            out = rng.choice([k for k in range(34) if c[k]])
            c[out] -= 1
            c[rng.choice([k for k in range(34) if c[k] < 4 and k != out])] += 1
        h = {"counts": c, "melds": [], "win": int(np.flatnonzero(c)[0]), "flags": 0, "flowers": 0,
             "seat": 0, "round": 0}
        try:
            M.MahjongFanCalculator(*oracle_args(h))
            theirs = True
        except TypeError as e:
            assert "ERROR_NOT_WIN" in str(e), e
            theirs = False
        wins += theirs
        compared += 1
        assert (sh.need(c, 0) == 0) == theirs, c.tolist()
    assert compared > 1000 and 300 < wins < compared - 300


def test_known_hands():
    def need(text, melds=0, shapes=63):
        return sh.need(as_hand_counts(text), melds, shapes)
    assert need("19m19p19s1234567z7z") == 0                       # 十三幺 complete
    assert need("19m19p19s1234567z", shapes=4) == 1               # 13-sided wait
    assert sh.useful_mask(as_hand_counts("19m19p19s1234567z"), 0, 4) == sum(1 << k for k in ref.ORPHANS)
    assert need("147m258p369s1234z") == 1                         # 全不靠 ready (16 - 3 choices)
    assert need("147m258p369s12345z", shapes=16) == 2             # 七星不靠 needs 2 more honours
    assert need("147m258p369s123m55z") == 0                       # 组合龙 + 123m + 55z
    assert need("1122m3344p5566s7z", shapes=2) == 1               # 七对 ready on 7z
    assert need("11112222m3333p4s", shapes=2) == 1                # four of a kind = two pairs
    assert need("147m258p369s55z", 1) == 0                        # 组合龙 with one declared set
    assert need("147m258p369s5z", 1) == 1
    assert need("147m258p36s", 2, 32) == sh.NO_SHAPE                # 组合龙 allows one declared set only
    assert need("147m258p36s", 2) == 5


def test_discard_needs():
    c = as_hand_counts("19m19p19s1234567z7z")
    out = sh.discard_needs(c, 0)
    assert out[33] == 1 and out[0] == 1 and out[1] == sh.NO_SHAPE


@pytest.mark.parametrize("args, match", [
    ((np.zeros(33, np.uint8),), "34 entries"),
    ((np.full(34, 5, np.uint8),), "held 5 times"),
    ((as_hand_counts("123m"), 5), "n_melds 5"),
    ((as_hand_counts("123m"), 0), "3 concealed tiles with 0 declared set"),
    ((as_hand_counts("19m19p19s1234567z"), 0, 0), "shapes 0"),
    ((as_hand_counts("19m19p19s1234567z"), 0, 64), "shapes 64"),
])
def test_bad_input_is_named(args, match):
    with pytest.raises(ValueError, match=match):
        sh.need(*args)
    with pytest.raises(ValueError):
        sh.useful_mask(as_hand_counts("19m19p19s1234567z7z"))  # 14 tiles: a mask is for 13


def test_needs_many_matches_need():
    rng = random.Random(3)
    hands = [ref.random_hand(rng) for _ in range(300)]
    counts = np.array([c for c, _ in hands], dtype=np.uint8)
    melds = np.array([m for _, m in hands], dtype=np.uint8)
    assert sh.needs_many(counts, melds).tolist() == [sh.need(c, m) for c, m in hands]


def test_discard_needs_by_facts_match_discard_needs():
    """greedy's tie-break reads the need over every shape after each discard from facts read once
    (shanten.pxd gb_need_after_discard): the same needs as one gb_need a discard, on random 14 -
    3 m tile hands with 0-4 declared sets, many near the special shapes (pairs, orphans, knittings)."""
    from test_guobiao_greedy import random_hand
    rng = random.Random(28)
    orphans = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
    knit = [s * 9 + r for s, c in enumerate((0, 1, 2)) for r in range(c, 9, 3)] + list(range(27, 34))
    checked = 0
    while checked < 6000:
        style = rng.randrange(4)
        if style < 2:
            counts, melds = random_hand(rng)
            m = len(melds)
        else:   # 14 tiles around 十三幺 or a knitting (+ honours), a few strays, some pairs
            pool = (orphans if style == 2 else knit) * 2 + [rng.randrange(34) for _ in range(6)]
            counts = np.bincount(rng.sample(pool, 14), minlength=34).astype(np.uint8)
            m = int(rng.random() < 0.2)
            counts[np.flatnonzero(counts)[:3]] -= np.uint8(1) if m else np.uint8(0)
        if counts.sum() + 3 * m != 14 or counts.max() > 4:
            continue
        want = sh.discard_needs(counts, m)
        got = sh.discard_needs_by_facts(counts, m)
        assert got.tolist() == want.tolist(), (counts.tolist(), m)
        checked += 1
