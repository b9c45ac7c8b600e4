"""Slow, obviously-correct reference for the wildcard (金) win search, written for the tests.

Nothing here shares code or tables with fzsim_core.wintables: it is a plain exhaustive
recursive search. Hands are 34 counts (golds included at the gold kind) and a gold index
(-1 none). The engine's tests may reuse it.

The search always takes the lowest real tile left and tries every group that can hold it:
its pung, its pair (if the pair is still open) or any chow through it, filling every other
slot either with a real tile (if one is left) or with a wild gold, both tried. When no real
tile is left the remaining wilds must make gold-only groups (multiples of 3, or 2 + a
multiple of 3 when the pair is still open). A wild may stand for anything, a fifth copy too.
"""
from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

N = 34


def _group_shapes(i):
    """Groups (as kind lists) that can hold tile i: pung, and chows through i (suited only)."""
    shapes = [[i, i, i]]
    if i < 27:
        suit, rank = divmod(i, 9)
        for start in (rank - 2, rank - 1, rank):
            if 0 <= start and start + 2 <= 8:
                shapes.append([suit * 9 + start + j for j in range(3)])
    return shapes


def _options(i):
    """Every way to complete a group holding one copy of kind i: (other real kinds taken,
    wilds used, is the pair). Each other slot of the pung, of a chow through i, or of the pair
    is either a real tile or a wild; duplicates are dropped."""
    out = set()
    shapes = [(shape, False) for shape in _group_shapes(i)] + [([i, i], True)]
    for shape, is_pair in shapes:
        slots = list(shape)
        slots.remove(i)
        for choice in itertools.product((True, False), repeat=len(slots)):
            real = tuple(sorted(k for k, r in zip(slots, choice) if r))
            out.add((real, len(slots) - len(real), is_pair))
    return sorted(out)


_OPTIONS = [_options(i) for i in range(N)]


@lru_cache(maxsize=1 << 20)
def _can(counts: bytes, wilds: int, pair_open: bool, drops: int) -> bool:
    """Real tiles `counts` (34 bytes) + `wilds` golds form melds (+ a pair if pair_open) once
    exactly `drops` of the real tiles are left out (the caller adds one wild per dropped tile:
    an exchange replaces a useless tile by exactly the tile wanted)."""
    rest = counts.lstrip(b"\0")
    if not rest:
        if drops:
            return False
        if pair_open:
            return wilds >= 2 and (wilds - 2) % 3 == 0
        return wilds % 3 == 0
    i = N - len(rest)  # the lowest real tile
    c = bytearray(counts)
    c[i] -= 1  # tile i is dropped or in a group for sure
    base = bytes(c)
    if drops > 0 and _can(base, wilds, pair_open, drops - 1):
        return True
    for real, w, is_pair in _OPTIONS[i]:
        if w > wilds or (is_pair and not pair_open):
            continue
        # real tiles must be left, and never below i (those are all used up)
        if any(k < i or base[k] < real.count(k) for k in real):
            continue
        nc = bytearray(base)
        for k in real:
            nc[k] -= 1
        if _can(bytes(nc), wilds - w, pair_open and not is_pair, drops):
            return True
    return False


def split(counts, gold):
    """(real counts without the golds, number of golds)."""
    c = [int(x) for x in counts[:N]]
    g = 0
    if gold >= 0:
        g = c[gold]
        c[gold] = 0
    return c, g


def ref_is_win(counts, gold) -> bool:
    c, g = split(counts, gold)
    if (sum(c) + g) % 3 != 2:
        return False
    return _can(bytes(c), g, True, 0)


def ref_waits(counts, gold) -> int:
    """Bit mask of kinds whose draw wins; kinds held 4 times cannot be drawn."""
    c, g = split(counts, gold)
    if not _can(bytes(c), g + 1, True, 0):
        return 0  # a wild can be any tile, so if an extra wild does not win no tile does
    mask = 0
    for k in range(N):
        if counts[k] >= 4:
            continue
        c = list(counts[:N])
        c[k] += 1
        if ref_is_win(c, gold):
            mask |= 1 << k
    return mask


def ref_shanten(counts, gold) -> int:
    """Fewest exchanges (drop a real tile, draw exactly the tile wanted) before the hand is
    complete (3n+2: answer - 1) or ready (3n+1: one more wild completes it)."""
    c, g = split(counts, gold)
    size = sum(c) + g
    extra = 1 if size % 3 == 1 else 0
    for j in range(sum(c) + 1):
        if _can(bytes(c), g + extra + j, True, j):
            return j - 1 + extra
    raise AssertionError("unreachable: dropping every real tile always works")


def ref_is_jinque(counts, gold) -> bool:
    c, g = split(counts, gold)
    return (sum(c) + g) % 3 == 2 and g >= 2 and _can(bytes(c), g - 2, False, 0)


def ref_is_jinlong(counts, gold) -> bool:
    c, g = split(counts, gold)
    if (sum(c) + g) % 3 != 2 or g < 3:
        return False
    return _can(bytes(c), g - 3, True, 0)  # three golds are the pung; a fourth stays wild


def ref_is_xianjin_wait(counts, gold) -> bool:
    c, g = split(counts, gold)
    return (sum(c) + g) % 3 == 1 and g == 1 and _can(bytes(c), 0, False, 0)


# ---------------------------------------------------------------------------------------------
# Random hands for the comparisons


def random_hand(rng: np.random.Generator, size: int, honours: bool, golds: int, gold: int):
    """A uniformly random `size`-tile hand from the 4-copy set holding exactly `golds` copies of
    `gold` (if gold >= 0). Honours only when `honours`."""
    nk = 34 if honours else 27
    counts = np.zeros(N, dtype=np.uint8)
    if gold >= 0:
        counts[gold] = golds
    pool = [k for k in range(nk) if k != gold for _ in range(4)]
    picks = rng.choice(len(pool), size=size - (golds if gold >= 0 else 0), replace=False)
    for p in picks:
        counts[pool[p]] += 1
    return counts


def near_win_hand(rng: np.random.Generator, size: int, honours: bool, gold: int, flush: bool):
    """A hand near a win: random melds + pair (counts <= 4), then a few tiles swapped for golds
    or random tiles, and for a 3n+1 size one tile removed. Often wins or is ready."""
    nk = 34 if honours else 27
    n = (size - 1) // 3
    suit = int(rng.integers(3))
    for _attempt in range(100):
        counts = np.zeros(N, dtype=np.int64)
        kinds = list(range(suit * 9, suit * 9 + 9)) if flush else list(range(nk))
        for _ in range(n):
            k = int(rng.choice(kinds))
            if k < 27 and k % 9 <= 6 and rng.random() < 0.6:
                counts[k : k + 3] += 1
            else:
                counts[k] += 3
        counts[int(rng.choice(kinds))] += 2
        if size % 3 == 1:
            held = np.flatnonzero(counts)
            counts[int(rng.choice(held))] -= 1
        for _ in range(int(rng.integers(0, 4))):
            held = np.flatnonzero(counts)
            counts[int(rng.choice(held))] -= 1
            if gold >= 0 and rng.random() < 0.6:
                counts[gold] += 1
            else:
                counts[int(rng.choice(kinds))] += 1
        if counts.max() <= 4 and counts.sum() == size:
            return counts.astype(np.uint8)
    return random_hand(rng, size, honours, min(int(rng.integers(0, 5)), size), gold)


def sample_hands(seed: int, n: int):
    """n (counts, gold) pairs over every size 1..17 except multiples of 3, 0–4 golds, with and
    without honours, half uniformly random and half near a win (some one-suit)."""
    rng = np.random.default_rng(seed)
    sizes = [s for s in range(1, 18) if s % 3]
    out = []
    for _ in range(n):
        size = int(rng.choice(sizes))
        honours = bool(rng.random() < 0.3)
        gold = int(rng.integers(-1, 34 if honours else 27))
        if gold == -1 and rng.random() < 0.7:
            gold = int(rng.integers(0, 27))
        if rng.random() < 0.5:
            golds = 0 if gold < 0 else min(int(rng.integers(0, 5)), size)
            out.append((random_hand(rng, size, honours, golds, gold), gold))
        else:
            out.append((near_win_hand(rng, size, honours, gold, rng.random() < 0.2), gold))
    return out


def clear_cache():
    _can.cache_clear()


__all__ = [
    "ref_is_win", "ref_waits", "ref_shanten", "ref_is_jinque", "ref_is_jinlong",
    "ref_is_xianjin_wait", "random_hand", "near_win_hand", "sample_hands", "clear_cache",
]
