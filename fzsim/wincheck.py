"""Wildcard (金) win search for Python callers: win, waits, shanten and the special readings.

Every function takes a hand as tile notation (``"123m456p789s11z"``) or a 34/42-long count
array, and ``gold`` as a kind in notation (``"5p"``), a kind index, or None. Every copy of the
gold kind in the hand is wild (RULES.md §4): it may stand for any tile, its own kind included,
even a fifth copy of a kind. The work is done by the C tables in ``fzsim_core.wintables``.

Sizes are concealed tiles: a winning shape is n melds + a pair (3n+2 tiles, at most 17 = 5
melds + pair); exposed melds are simply not part of the hand passed here.
"""
from __future__ import annotations

import numpy as np

from fzsim.tiles import N_HAND_KINDS, as_hand_counts, gold_index, kind_name
from fzsim_core import wintables as _wt

__all__ = [
    "is_win",
    "waits",
    "wait_mask",
    "shanten",
    "need",
    "is_jinque",
    "is_jinlong",
    "is_xianjin_wait",
    "is_win_many",
    "shanten_many",
]

MAX_TILES = 17


def _hand(hand, gold, sizes: str):
    """Validated (counts, gold index) for a hand whose size must be `sizes` ("2", "1" or "12" mod 3)."""
    counts = as_hand_counts(hand)
    g = gold_index(gold)
    size = int(counts.sum())
    if size > MAX_TILES or str(size % 3) not in sizes:
        allowed = {
            "2": "3n+2 tiles (2, 5, 8, 11, 14 or 17)",
            "1": "3n+1 tiles (1, 4, 7, 10, 13 or 16)",
            "12": "3n+1 or 3n+2 tiles, at most 17",
        }[sizes]
        raise ValueError(f"hand size {size} is not allowed here: expected {allowed}")
    return np.ascontiguousarray(counts), g


def is_win(hand, gold=None) -> bool:
    """True if the 3n+2 concealed tiles are n melds + a pair, every gold being wild."""
    counts, g = _hand(hand, gold, "2")
    return _wt.is_win_counts(counts, g)


def need(hand, gold=None) -> int:
    """Fewest golds the non-gold tiles of a 3n+2 hand need to become n melds + a pair."""
    counts, g = _hand(hand, gold, "2")
    return _wt.need_counts(counts, g)


def wait_mask(hand, gold=None) -> int:
    """Waits of a 3n+1 hand as a bit mask over kinds 0..33 (see `waits`)."""
    counts, g = _hand(hand, gold, "1")
    return _wt.wait_mask_counts(counts, g)


def waits(hand, gold=None) -> list[str]:
    """Kinds whose draw completes a 3n+1 hand, in kind order.

    The gold kind is listed whenever the hand is ready, since a drawn gold is wild. A kind
    the hand already holds 4 copies of is never listed: no fifth copy can be drawn.
    """
    mask = wait_mask(hand, gold)
    return [kind_name(k) for k in range(N_HAND_KINDS) if mask >> k & 1]


def shanten(hand, gold=None) -> int:
    """Shanten of a 3n+1 or 3n+2 hand with golds wild: -1 complete, 0 ready, else the fewest
    tile exchanges before it is ready. Ignores the 4-copy limit and visible tiles, like
    every shanten table (a 3n+1 hand can be "ready" on a kind it holds 4 of)."""
    counts, g = _hand(hand, gold, "12")
    return _wt.shanten_counts(counts, g)


def is_jinque(hand, gold=None) -> bool:
    """金雀 (RULES §6): a 3n+2 hand that wins with two golds as the pair and the other tiles
    (any further golds wild) as the melds."""
    counts, g = _hand(hand, gold, "2")
    return _wt.is_jinque_counts(counts, g)


def is_jinlong(hand, gold=None) -> bool:
    """金龙 (RULES §6): a 3n+2 hand that wins with three golds as a pung of their own kind and
    every other tile used as itself. A fourth gold (three held + the robbed indicator) stays
    wild, so the hand is 金龙 whenever some split has three golds as the pung (gold 5p:
    ``5555p1199m`` is 金龙, the fourth 5p pairing with 1m or 9m)."""
    counts, g = _hand(hand, gold, "2")
    return _wt.is_jinlong_counts(counts, g)


def is_xianjin_wait(hand, gold=None) -> bool:
    """闲金 wait (RULES §4): a 3n+1 hand holding exactly one gold whose other tiles are n
    melds with no wildcard, so the gold is half of the pair and any tile completes it."""
    counts, g = _hand(hand, gold, "1")
    return _wt.is_xianjin_wait_counts(counts, g)


def _many(counts, golds, allowed_mod: tuple[int, ...], what: str):
    """Validated contiguous (N, 34) uint8 counts and (N,) int8 golds for the batched loops.
    Cheap whole-array checks first; the offending row is located only on failure."""
    arr = np.asarray(counts)
    if arr.ndim != 2 or arr.shape[1] != N_HAND_KINDS:
        raise ValueError(f"counts must have shape (N, 34), got {arr.shape}")
    g = np.asarray(golds)
    if g.ndim == 0:
        g = np.full(arr.shape[0], int(g), dtype=np.int64)
    if g.shape != (arr.shape[0],):
        raise ValueError(f"golds must have shape ({arr.shape[0]},), got {g.shape}")
    if g.size and (g.min() < -1 or g.max() >= N_HAND_KINDS):
        i = int(np.flatnonzero((g < -1) | (g >= N_HAND_KINDS))[0])
        raise ValueError(f"golds[{i}] = {g[i]} is not a kind: allowed -1 (none) or 0..33")
    if arr.size and (arr.max() > 4 or (arr.dtype.kind == "i" and arr.min() < 0)):
        i, k = (int(x) for x in np.argwhere((arr < 0) | (arr > 4))[0])
        raise ValueError(f"counts[{i}] holds {arr[i, k]} of {kind_name(k)}: allowed 0..4")
    c = np.ascontiguousarray(arr, dtype=np.uint8)
    sizes = c.sum(axis=1, dtype=np.int16)
    rem = sizes % 3
    ok = (rem == 2) if allowed_mod == (2,) else (rem != 0)
    ok &= sizes <= MAX_TILES
    if not ok.all():
        i = int(np.flatnonzero(~ok)[0])
        need = "3n+2" if allowed_mod == (2,) else "3n+1 or 3n+2"
        raise ValueError(f"counts[{i}] has {sizes[i]} tiles: {what} needs {need} tiles, at most 17")
    return c, np.ascontiguousarray(g, dtype=np.int8)


def is_win_many(counts, golds) -> np.ndarray:
    """`is_win` over an (N, 34) uint8 count array and N gold kinds (int, -1 for none); the
    loop runs in C without the GIL. Returns an (N,) bool array."""
    c, g = _many(counts, golds, (2,), "is_win_many")
    out = np.empty(c.shape[0], dtype=np.uint8)
    _wt.is_win_many_into(c, g, out)
    return out.view(bool)


def shanten_many(counts, golds) -> np.ndarray:
    """`shanten` over an (N, 34) uint8 count array and N gold kinds; returns (N,) int8."""
    c, g = _many(counts, golds, (1, 2), "shanten_many")
    out = np.empty(c.shape[0], dtype=np.int8)
    _wt.shanten_many_into(c, g, out)
    return out
