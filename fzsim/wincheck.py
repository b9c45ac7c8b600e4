"""Wildcard (金) win search for Python callers: win, waits, shanten and the special readings.

Every function takes a hand as tile notation (``"123m456p789s11z"``) or a 34/42-long count
array, and ``gold`` as a kind in notation (``"5p"``), a kind index, or None. Every copy of the
gold kind in the hand is wild (docs/spec/RULES.md §4): it may stand for any tile, its own kind included,
even a fifth copy of a kind. The work is done by the C tables in ``fzsim_core.wintables``.

Sizes are concealed tiles: a winning shape is n melds + a pair (3n+2 tiles, at most 17 = 5
melds + pair); exposed melds are simply not part of the hand passed here.
"""
from __future__ import annotations

# Parsing, validation and the kernels are all compiled (fzsim_core/notation.pyx, winapi.pyx,
# wintables.pyx); these are the same function objects, so a call costs one C function call.
from fzsim_core.winapi import (
    is_jinlong,
    is_jinque,
    is_win,
    is_win_many,
    is_xianjin_wait,
    need,
    shanten,
    shanten_many,
    wait_mask,
    wait_mask_many,
    waits,
)

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
    "wait_mask_many",
]

#: the most concealed tiles a hand can hold (5 melds + a pair)
MAX_TILES = 17
