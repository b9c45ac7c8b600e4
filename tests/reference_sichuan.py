"""Slow, obviously-correct reference for the Sichuan win check, waits and shanten (tests only).

Shares no code or tables with fzsim_core.packs.sichuan. The standard shape uses the exhaustive
search of tests/reference_win.py (no gold: wilds only stand for the tiles an exchange draws);
seven pairs is a plain recursive search here: the lowest real tile is dropped, paired with
another real copy, or paired with a drawn tile (a wild). Four of a kind pairs twice, so it is
two pairs. The ≤ 2-suit rule: a win may not hold three suits over hand and melds; for shanten
every tile of the suit given up must be exchanged, and the best suit to give up is taken.

Hands are 27 suited counts; melds are (type, kind) with type "pung" or a kong. `void` (定缺): the
suit declared void, or None; with one, a win holds none of it and it is the suit given up.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from reference_win import _can as _std_can
from vector_positions import swap_and_fit


@lru_cache(maxsize=1 << 20)
def _pairs_can(counts: bytes, wilds: int, drops: int) -> bool:
    """Real tiles `counts` + `wilds` drawn tiles form only pairs once exactly `drops` real tiles
    are dropped."""
    rest = counts.lstrip(b"\0")
    if not rest:
        return drops == 0 and wilds % 2 == 0
    i = len(counts) - len(rest)
    c = bytearray(counts)
    c[i] -= 1
    if drops and _pairs_can(bytes(c), wilds, drops - 1):
        return True
    if wilds and _pairs_can(bytes(c), wilds - 1, drops):
        return True
    if c[i] >= 1:
        c[i] -= 1
        if _pairs_can(bytes(c), wilds, drops):
            return True
    return False


def _held(counts, melds, k):
    return int(counts[k]) + sum(3 if t == "pung" else 4 for t, m in melds if m == k)


def suits(counts, melds=()):
    return {k // 9 for k in range(27) if counts[k]} | {k // 9 for _, k in melds}


def _b34(counts) -> bytes:
    return bytes([int(x) for x in counts[:27]] + [0] * 7)


def ref_is_win(counts, melds=(), void=None) -> bool:
    held = suits(counts, melds)
    if (void in held if void is not None else len(held) == 3) or sum(counts) != 14 - 3 * len(melds):
        return False
    if not melds and _pairs_can(bytes(int(x) for x in counts[:27]), 0, 0):
        return True
    return _std_can(_b34(counts), 0, True, 0)


def ref_waits(counts, melds=(), void=None) -> int:
    mask = 0
    for k in range(27):
        if _held(counts, melds, k) >= 4:
            continue
        c = list(counts[:27])
        c[k] += 1
        if ref_is_win(c, melds, void):
            mask |= 1 << k
    return mask


def ref_shanten(counts, melds=(), suit_filter=True, void=None):
    """Fewest exchanges before complete (size 3n+2: answer - 1) or ready (3n+1), as the core
    defines it (the 4-copy limit ignored); None when the melds hold three suits."""
    size = sum(int(x) for x in counts[:27])
    extra = 1 if size % 3 == 1 else 0
    meld_suits = {k // 9 for _, k in melds}
    if suit_filter and (len(meld_suits) == 3 or void in meld_suits):
        return None
    best = None
    for drop in (((0, 1, 2) if void is None else (void,)) if suit_filter else (None,)):
        if drop in meld_suits:
            continue
        c = [int(x) for x in counts[:27]]
        forced = 0
        if drop is not None:
            forced = sum(c[drop * 9:drop * 9 + 9])
            c[drop * 9:drop * 9 + 9] = [0] * 9
        for j in range(sum(c) + 1):
            w = forced + extra + j
            ok = _std_can(bytes(c + [0] * 7), w, True, j)
            if not ok and not melds:
                ok = _pairs_can(bytes(c), w, j)
            if ok:
                v = forced + j - 1 + extra
                best = v if best is None else min(best, v)
                break
    return best


def random_case(rng: np.random.Generator, size_before_melds: int):
    """A random (counts, melds) position from the 108-tile set: sometimes melds, sometimes a
    one- or two-suit hand, often near a seven-pairs or standard win."""
    n_melds = int(rng.choice([0, 0, 0, 1, 2])) if rng.random() < 0.4 else 0
    style = rng.random()
    allowed = [0, 1, 2]
    if style < 0.5:
        allowed = sorted(rng.choice(3, size=int(rng.integers(1, 3)), replace=False).tolist())
    kinds = [s * 9 + r for s in allowed for r in range(9)]
    total = np.zeros(27, dtype=np.int64)
    melds = []
    for _ in range(n_melds):
        k = int(rng.choice(kinds))
        t = str(rng.choice(["pung", "pung", "kong", "concealed_kong"]))
        if total[k] + 4 <= 4:
            melds.append((t, k))
            total[k] += 3 if t == "pung" else 4
    size = size_before_melds - 3 * len(melds)
    for _attempt in range(50):
        c = np.zeros(27, dtype=np.int64)
        r = rng.random()
        if r < 0.3 and not melds:            # near seven pairs, quads allowed
            while c.sum() < 14:
                k = int(rng.choice(kinds))
                c[k] += 2
        elif r < 0.6:                        # near a standard win
            for _ in range((size - 1) // 3):
                k = int(rng.choice(kinds))
                if k % 9 <= 6 and rng.random() < 0.6:
                    c[k:k + 3] += 1
                else:
                    c[k] += 3
            c[int(rng.choice(kinds))] += 2
        while c.sum() > size:
            c[int(rng.choice(np.flatnonzero(c)))] -= 1
        for _ in range(int(rng.integers(0, 3)) if c.sum() else 0):     # a few random swaps (any suit)
            c[int(rng.choice(np.flatnonzero(c)))] -= 1
            c[int(rng.integers(27))] += 1
        while c.sum() < size:
            c[int(rng.choice(kinds if rng.random() < 0.8 else list(range(27))))] += 1
        if (c + total).max() <= 4:
            return c.astype(np.uint8), melds
    return random_case(rng, size_before_melds)


def clear_cache():
    _pairs_can.cache_clear()
    _std_can.cache_clear()


# ---------------------------------------------------------------------------------------------
# A vectorised reference for large samples (the table path's million-hand sweep): the standard
# shape from the per-suit DP of tests/reference_need.py (fzsim.prob's former tables, built
# independently of fzsim_core.wintables), seven pairs as "no odd count", the suit rule as above,
# and the waits as the 27 one-tile additions checked one by one.

def ref_batch(counts, n_melds, suits, void, in_melds):
    """(win (n,), waits (n,) int64) of random_batch's positions, vectorised."""
    from reference_need import dp_need_table

    f0, f1 = (t.astype(np.int64) for t in dp_need_table(9, True))
    pow5 = 5 ** np.arange(9)
    n_melds = n_melds.astype(np.int64)

    def wins(c):
        c = c.astype(np.int64)
        keys = [c[:, 9 * s:9 * s + 9] @ pow5 for s in range(3)]
        a0 = np.stack([f0[k] for k in keys])
        a1 = np.stack([f1[k] for k in keys])
        standard = a0.sum(0) + (a1 - a0).min(0) == 0
        seven_pairs = (n_melds == 0) & ~(c % 2).any(1)
        held = sum(((c[:, 9 * s:9 * s + 9].sum(1) > 0).astype(np.int64) << s) for s in range(3)) | suits
        suit_ok = np.where(void > 0, (held >> np.maximum(void.astype(np.int64) - 1, 0)) & 1 == 0, held != 7)
        return (c.sum(1) == 14 - 3 * n_melds) & suit_ok & (standard | seven_pairs)

    waits = np.zeros(len(counts), np.int64)
    for k in range(27):
        c = counts.astype(np.int64)
        free = c[:, k] + in_melds[:, k] < 4
        c[:, k] = np.minimum(c[:, k] + 1, 4)
        waits |= (wins(c) & free).astype(np.int64) << k
    return wins(counts), waits


def random_batch(rng: np.random.Generator, n: int, size_before_melds: int):
    """n random positions as arrays, drawn with whole-array steps (a million in about a minute):
    counts (n, 27) uint8 and the melds as n_melds, meld suit bits, pung / kong kind masks (uint32),
    void (ScHand.void_suit: 0 none, suit + 1) and the copies held in melds (n, 27). 0..2 melds,
    a standard-shaped or seven-pairs-shaped start (or none) in one or more suits, 0..2 tiles
    swapped, then tiles removed or added at random to the size; a quarter with 定缺."""
    rows = np.arange(n)
    n_suits = rng.integers(1, 4, n)
    first = rng.integers(0, 3, n)
    suit_of = lambda: (first + rng.integers(0, 3, n) % n_suits) % 3   # noqa: E731  a suit a row allows
    in_melds = np.zeros((n, 27), np.int64)
    n_melds = np.zeros(n, np.int64)
    pungs = np.zeros(n, np.uint32)
    kongs = np.zeros(n, np.uint32)
    for _ in range(2):
        k = suit_of() * 9 + rng.integers(0, 9, n)
        add = (rng.random(n) < 0.25) & (in_melds[rows, k] == 0)
        pung = rng.random(n) < 0.5
        in_melds[rows[add], k[add]] = np.where(pung[add], 3, 4)
        n_melds += add
        pungs[add & pung] |= (np.uint32(1) << k[add & pung].astype(np.uint32))
        kongs[add & ~pung] |= (np.uint32(1) << k[add & ~pung].astype(np.uint32))
    suits = np.zeros(n, np.uint8)
    for s in range(3):
        suits |= (in_melds[:, 9 * s:9 * s + 9].any(1).astype(np.uint8) << s)
    size = size_before_melds - 3 * n_melds
    c = np.zeros((n, 27), np.int64)
    style = rng.random(n)
    pairs = (style < 1 / 3) & (n_melds == 0)
    for _ in range(7):
        k = suit_of() * 9 + rng.integers(0, 9, n)
        c[rows[pairs], k[pairs]] += 2
    std = ~pairs & (style < 2 / 3)
    for j in range(4):
        k = suit_of() * 9 + rng.integers(0, 9, n)
        live = std & (j < 4 - n_melds)
        chow = live & (k % 9 <= 6) & (rng.random(n) < 0.6)
        for d in range(3):
            c[rows[chow], k[chow] + d] += 1
        c[rows[live & ~chow], k[live & ~chow]] += 3
    k = suit_of() * 9 + rng.integers(0, 9, n)
    c[rows[std], k[std]] += 2

    allowed = np.zeros((n, 27), bool)   # a tile put on goes to the row's suits, now and then any
    for s in range(3):
        allowed[:, 9 * s:9 * s + 9] = ((s - first) % 3 < n_suits)[:, None]
    bias = np.where(allowed, 1.0, rng.random((n, 1)) < 0.15)
    swap_and_fit(rng, c, size, 4 - in_melds, 2, 0.5, bias)
    void = np.where(rng.random(n) < 0.25, rng.integers(1, 4, n), 0).astype(np.uint8)
    return (c.astype(np.uint8), n_melds.astype(np.uint8), suits, pungs, kongs, void, in_melds.astype(np.uint8))
