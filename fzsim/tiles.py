"""Tile kinds and the text notation (docs/spec/RULES.md §1).

Notation: ``123m456p789s`` for suited tiles, ``1z``..``7z`` for 东南西北白发中 and
``1f``..``8f`` for 春夏秋冬梅兰竹菊. Counts are numpy ``uint8`` arrays indexed by kind:

    0..8 1m..9m, 9..17 1p..9p, 18..26 1s..9s, 27..33 1z..7z, 34..41 1f..8f.

Hands use the first 34 kinds (flowers are never held); a 42-long array may be
passed anywhere a hand is expected as long as its flower counts are zero.
"""
from __future__ import annotations

import numpy as np

# The one tile parser is compiled: notation and count arrays are read and checked in C.
from fzsim_core.notation import gold_index, kind_index, kind_name, parse  # noqa: F401
from fzsim_core.notation import hand_counts as as_hand_counts  # noqa: F401

N_SUITED = 27
N_HAND_KINDS = 34
N_KINDS = 42
SUITS = "mpszf"
_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
_SUIT_RANKS = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
#: copies of each kind in the 144-tile set: four of every suited tile and honour, one of each flower.
COPIES = np.array([4] * N_HAND_KINDS + [1] * 8, dtype=np.uint8)

HONOR_NAMES = "东南西北白发中"
FLOWER_NAMES = "春夏秋冬梅兰竹菊"

# Unicode mahjong glyphs (display only): characters, dots and bamboo run 1..9;
# honours in notation order 东南西北白发中; flowers 春夏秋冬 then 梅兰竹菊.
_GLYPHS = (
    [chr(0x1F007 + r) for r in range(9)]
    + [chr(0x1F019 + r) for r in range(9)]
    + [chr(0x1F010 + r) for r in range(9)]
    + [chr(c) for c in (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)]
    + [chr(0x1F026 + r) for r in range(4)]
    + [chr(0x1F022 + r) for r in range(4)]
)


def fmt(counts, glyphs: bool = False) -> str:
    """Canonical notation of a count array (34 or 42 long), e.g. ``"123m55p1f"``.

    With ``glyphs=True`` returns Unicode mahjong tiles instead (display only).
    """
    arr = np.asarray(counts)
    if arr.ndim != 1 or arr.shape[0] not in (N_HAND_KINDS, N_KINDS):
        raise ValueError(f"counts must be 34 or 42 long, got shape {arr.shape}")
    if arr.dtype.kind not in "biu":
        raise ValueError(f"counts must be integers, got dtype {arr.dtype}")
    if (arr < 0).any():
        raise ValueError(f"negative count at kind {kind_name(int(np.flatnonzero(arr < 0)[0]))}")
    if glyphs:
        return "".join(_GLYPHS[k] * int(c) for k, c in enumerate(arr))
    out = []
    for suit in SUITS:
        base = _SUIT_BASE[suit]
        if base >= arr.shape[0]:
            break
        ranks = "".join(str(r + 1) * int(arr[base + r]) for r in range(_SUIT_RANKS[suit]))
        if ranks:
            out.append(ranks + suit)
    return "".join(out)
