"""Botzone's names for tiles and fans, and fzsim's kinds for them.

Botzone (its judge, its bots and its data sets) writes a tile as a letter and a rank: ``W1``..``W9``
万 (fzsim ``1m``..``9m``), ``B1``..``B9`` 饼 (``1p``..``9p``), ``T1``..``T9`` 条 (``1s``..``9s``),
``F1``..``F4`` the winds 东南西北 (``1z``..``4z``) and ``J1``..``J3`` the dragons 中发白 — the
judge makes ``J1`` the fan calculator's 红中, ``J2`` 发财 and ``J3`` 白板, so ``J1`` is fzsim's
``7z``, ``J2`` ``6z`` and ``J3`` ``5z``. Its fans are those of ChineseOfficialMahjongHelper in
the rulebook's order, the ids of ``fzsim.fans.FAN_NAMES``; three are spelled differently.
"""
from __future__ import annotations

from fzsim.packs.guobiao.calculator import FAN_NAMES

__all__ = ["TILE_KINDS", "TILE_NAMES", "tile_kind", "FAN_IDS", "BOTZONE_FAN_NAMES"]

_SUITS = {"W": 0, "B": 9, "T": 18}
_DRAGONS = {1: 33, 2: 32, 3: 31}      # J1 中 = 7z, J2 发 = 6z, J3 白 = 5z

#: Botzone tile name -> fzsim kind 0..33
TILE_KINDS: dict[str, int] = {}
for _letter, _base in _SUITS.items():
    for _rank in range(1, 10):
        TILE_KINDS[f"{_letter}{_rank}"] = _base + _rank - 1
for _rank in range(1, 5):
    TILE_KINDS[f"F{_rank}"] = 26 + _rank
for _rank, _kind in _DRAGONS.items():
    TILE_KINDS[f"J{_rank}"] = _kind
#: fzsim kind -> Botzone tile name
TILE_NAMES: tuple[str, ...] = tuple(sorted(TILE_KINDS, key=TILE_KINDS.get))

#: Botzone's fan names by id (ChineseOfficialMahjongHelper's fan_name): PyMahjongGB's spellings
#: except 边张, 嵌张 and 单钓将
BOTZONE_FAN_NAMES: tuple[str, ...] = tuple(
    {"独听・边张": "边张", "独听・嵌张": "嵌张", "独听・单钓": "单钓将"}.get(n, n) for n in FAN_NAMES)
#: either spelling -> fan id
FAN_IDS: dict[str, int] = {**{n: i for i, n in enumerate(FAN_NAMES) if n},
                           **{n: i for i, n in enumerate(BOTZONE_FAN_NAMES) if n}}


def tile_kind(name: str) -> int:
    """The fzsim kind of a Botzone tile name; ValueError naming it otherwise (flowers ``H1``..``H8``
    never occur: Botzone's 国标 plays 136 tiles)."""
    kind = TILE_KINDS.get(name)
    if kind is None:
        raise ValueError(f"{name!r} is not a Botzone tile: allowed W1..W9, B1..B9, T1..T9, F1..F4, J1..J3")
    return kind
