"""国标 / MCR hand analysis for bots and users: shanten over every winning shape, useful tiles,
and which fans a hand can still reach (docs/spec/RULES-PACKS.md §5.3–§5.4).

``shanten(hand, melds=...)`` is the fewest tile exchanges before the hand is ready (-1 complete,
0 ready) over the standard shape, 七对, 十三幺, 全不靠 / 七星不靠 and 组合龙; ``useful_tiles``
lists the draws that lower it (进张); ``reachable`` gives, per fan family (清一色, 碰碰和,
三色三同顺, 清龙, 七对, …), the nearest target and its need — the fewest tiles to exchange for a
winning hand with that fan. A fan-seeking bot keeps a discard that leaves some family with
``fans >= 8`` within reach. The work is done by C kernels in ``fzsim_core.packs.guobiao``
(``shanten``, ``reach``) that run without the GIL; this module parses notation and says what
is wrong.

Counting convention (as the core's tables): the standard shape may count a fifth copy of a
kind, so a hand holding ``1111m`` can look one tile nearer than it is; the special shapes and
the 碰碰和 targets never need one. ``hand`` is notation or 34 counts of the concealed tiles;
``melds`` the declared sets as in ``fzsim.fans``.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fzsim.packs.guobiao.calculator import _meld
from fzsim.tiles import as_hand_counts, kind_name
from fzsim_core.packs.guobiao import reach as _reach
from fzsim_core.packs.guobiao import shanten as _sh

__all__ = ["shanten", "useful_tiles", "discard_shanten", "reachable", "Reach", "SHAPES"]

#: the winning shapes by name, as bits of a ``shapes`` mask
SHAPES = dict(_sh.SHAPES)


def _shapes(shapes) -> int:
    if shapes is None or shapes == "all":
        return _sh.ALL
    if isinstance(shapes, str):
        shapes = (shapes,)
    mask = 0
    for s in shapes:
        if s not in SHAPES:
            raise ValueError(f"shape {s!r} is not one of {', '.join(SHAPES)}")
        mask |= SHAPES[s]
    if not mask:
        raise ValueError("shapes is empty: name at least one of " + ", ".join(SHAPES))
    return mask


def _hand(hand, melds):
    counts = np.ascontiguousarray(as_hand_counts(hand), dtype=np.uint8)
    if isinstance(melds, str):
        melds = (melds,)
    ms = [_meld(m) for m in melds]
    if len(ms) > 4:
        raise ValueError(f"{len(ms)} melds: a hand declares at most 4 sets")
    arr = np.full((4, 3), -1, dtype=np.int8)
    for i, m in enumerate(ms):
        arr[i] = m
    return counts, ms, arr


def shanten(hand, *, melds=(), shapes=None) -> int:
    """Shanten of a 13- or 14-tile hand (melds counted): -1 complete, 0 ready, n > 0 tiles to
    exchange before ready; over the named ``shapes`` (default all). A large value (99) means no
    shape of ``shapes`` is open to the hand (e.g. 七对 after a claim)."""
    counts, ms, _ = _hand(hand, melds)
    return int(_sh.need(counts, len(ms), _shapes(shapes))) - 1


def useful_tiles(hand, *, melds=(), shapes=None) -> list[str]:
    """The kinds whose draw lowers the shanten of a 13-tile hand (melds counted), in kind
    order; kinds the hand already holds four of are left out."""
    counts, ms, _ = _hand(hand, melds)
    mask = int(_sh.useful_mask(counts, len(ms), _shapes(shapes)))
    return [kind_name(k) for k in range(34) if mask >> k & 1]


def discard_shanten(hand, *, melds=(), shapes=None) -> dict[str, int]:
    """For a 14-tile hand (melds counted): the shanten after each possible discard, by tile."""
    counts, ms, _ = _hand(hand, melds)
    out = _sh.discard_needs(counts, len(ms), _shapes(shapes))
    return {kind_name(k): int(out[k]) - 1 for k in range(34) if counts[k]}


@dataclass(frozen=True)
class Reach:
    """The nearest target of one fan family: ``need`` tiles to exchange for a winning hand
    with fan ``name`` (worth ``fans`` on its own, a lower bound on the hand's total); ``target``
    says which one (suit, ranks, suit order, or "" when there is one)."""

    name: str
    fans: int
    need: int
    target: str


def reachable(hand, *, melds=(), min_fans: int = 0, max_need: int | None = None) -> list[Reach]:
    """Per fan family, its nearest target for a 13- or 14-tile hand, nearest first (then by
    fan value); families the declared sets rule out are left out, and so are those worth less
    than ``min_fans`` or farther than ``max_need``."""
    if not isinstance(min_fans, int) or min_fans < 0:
        raise ValueError(f"min_fans {min_fans!r} must be an integer >= 0")
    if max_need is not None and (not isinstance(max_need, int) or max_need < 0):
        raise ValueError(f"max_need {max_need!r} must be an integer >= 0 or None")
    counts, _ms, arr = _hand(hand, melds)
    needs = _reach.target_needs(counts, arr)
    best: dict[int, tuple[int, int]] = {}
    for i, d in enumerate(needs.tolist()):
        f = _reach.TARGET_FAMILY[i]
        if d < _sh.NO_SHAPE and (f not in best or d < best[f][0]):
            best[f] = (d, i)
    out = []
    for f, (d, i) in best.items():
        name, value = _reach.FAMILIES[f]
        if value >= min_fans and (max_need is None or d <= max_need):
            out.append(Reach(name, value, d, _reach.TARGET_LABEL[i]))
    out.sort(key=lambda r: (r.need, -r.fans, r.name))
    return out
