"""Tile kinds and the text notation (RULES.md §1).

Notation: ``123m456p789s`` for suited tiles, ``1z``..``7z`` for 东南西北白发中 and
``1f``..``8f`` for 春夏秋冬梅兰竹菊. Counts are numpy ``uint8`` arrays indexed by kind:

    0..8 1m..9m, 9..17 1p..9p, 18..26 1s..9s, 27..33 1z..7z, 34..41 1f..8f.

Hands use the first 34 kinds (flowers are never held); a 42-long array may be
passed anywhere a hand is expected as long as its flower counts are zero.
"""
from __future__ import annotations

import re

import numpy as np

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

_GROUP = re.compile(r"\s*([0-9]+)([a-zA-Z])|\s*(\S+)")

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


def kind_name(kind: int) -> str:
    """Notation of one kind index, e.g. ``kind_name(13) == "5p"``."""
    if not 0 <= int(kind) < N_KINDS:
        raise ValueError(f"tile kind {kind!r} out of range: allowed 0..{N_KINDS - 1}")
    kind = int(kind)
    for suit in reversed(SUITS):
        if kind >= _SUIT_BASE[suit]:
            return f"{kind - _SUIT_BASE[suit] + 1}{suit}"
    raise AssertionError("unreachable")


def kind_index(name: str) -> int:
    """Kind index of one tile in notation, e.g. ``kind_index("5p") == 13``."""
    counts = parse(name)
    if int(counts.sum()) != 1:
        raise ValueError(f"expected exactly one tile, got {name!r}")
    return int(np.flatnonzero(counts)[0])


def parse(text: str) -> np.ndarray:
    """Parse tile notation into a 42-long ``uint8`` count array.

    Raises ``ValueError`` naming the bad part for an unknown suit letter, rank 0,
    a rank above the suit's range (9 suited, 7 honours, 8 flowers), digits with no
    suit letter, or more copies of a kind than the tile set holds (4, flowers 1).
    """
    if not isinstance(text, str):
        raise TypeError(f"tile notation must be a str, got {type(text).__name__}")
    counts = np.zeros(N_KINDS, dtype=np.int64)
    for match in _GROUP.finditer(text):
        digits, suit, junk = match.groups()
        if junk is not None:
            if junk[0].isdigit():
                raise ValueError(f"digits {junk!r} have no suit letter in {text!r} (use m, p, s, z or f)")
            raise ValueError(f"cannot read {junk!r} in {text!r}: expected digits followed by m, p, s, z or f")
        if suit not in _SUIT_BASE:
            raise ValueError(f"unknown suit letter {suit!r} in {digits}{suit!r}: allowed m, p, s, z, f")
        for ch in digits:
            rank = int(ch)
            if not 1 <= rank <= _SUIT_RANKS[suit]:
                raise ValueError(
                    f"rank {rank} is not a {suit} tile in {digits}{suit!r}: allowed 1..{_SUIT_RANKS[suit]}"
                )
            counts[_SUIT_BASE[suit] + rank - 1] += 1
    over = np.flatnonzero(counts > COPIES)
    if over.size:
        k = int(over[0])
        raise ValueError(
            f"{counts[k]} copies of {kind_name(k)} in {text!r}: the tile set has only {COPIES[k]}"
        )
    return counts.astype(np.uint8)


def fmt(counts, glyphs: bool = False) -> str:
    """Canonical notation of a count array (34 or 42 long), e.g. ``"123m55p1f"``.

    With ``glyphs=True`` returns Unicode mahjong tiles instead (display only).
    """
    arr = np.asarray(counts)
    if arr.ndim != 1 or arr.shape[0] not in (N_HAND_KINDS, N_KINDS):
        raise ValueError(f"counts must be 34 or 42 long, got shape {arr.shape}")
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


def as_hand_counts(hand) -> np.ndarray:
    """A hand given as notation or a 34/42-long count array, as 34 ``uint8`` counts.

    Raises ``ValueError`` for flowers in a hand, negative counts or more than 4 of a kind.
    """
    if isinstance(hand, str):
        arr = parse(hand).astype(np.int64)
    else:
        arr = np.asarray(hand, dtype=np.int64)
        if arr.ndim != 1 or arr.shape[0] not in (N_HAND_KINDS, N_KINDS):
            raise ValueError(f"a hand is 34 or 42 counts, got shape {arr.shape}")
    if arr.shape[0] == N_KINDS:
        if arr[N_HAND_KINDS:].any():
            k = N_HAND_KINDS + int(np.flatnonzero(arr[N_HAND_KINDS:])[0])
            raise ValueError(f"flower {kind_name(k)} cannot be held in a hand")
        arr = arr[:N_HAND_KINDS]
    bad = np.flatnonzero((arr < 0) | (arr > 4))
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"count {arr[k]} of {kind_name(k)} is out of range: allowed 0..4")
    return arr.astype(np.uint8)


def gold_index(gold) -> int:
    """A gold kind given as notation (``"5p"``), a kind index or None, as an index (-1 for none)."""
    if gold is None:
        return -1
    if isinstance(gold, (bool, np.bool_)) or not isinstance(gold, (str, int, np.integer)):
        raise ValueError(f"gold {gold!r} must be a kind in notation (\"5p\"), a kind index 0..33 or None")
    k = kind_index(gold) if isinstance(gold, str) else int(gold)
    if not 0 <= k < N_HAND_KINDS:
        raise ValueError(f"gold {gold!r} must be a suited or honour kind (1m..9s, 1z..7z)")
    return k
