"""The fans of the 国标 pack's wins, read back from its records (docs/guide/guobiao.md, "Reading
the records").

A win's record (``play_block(..., records=True)``, the results' wins table) keeps the winner's
concealed tiles and declared sets, the winning tile, the win type and situation flags; its
``value`` is the fan total *with* flowers, ``gen`` the winner's flowers (花牌), ``points`` what
the discarder (or each self-draw payer) paid, ``patterns`` the four highest fans' ids packed one
byte each (highest first, in the lowest byte). ``record_fans`` re-scores every win record with
the evaluator (``fzsim.fans_many``) from those fields plus the seat and round winds of its hand
(seat wind from the hand's dealer, round wind = hand // 4), giving every fan counted.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from fzsim.fans import (FAN_NAMES, FLAG_FOURTH_TILE, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE, FLAG_MINGANGANG,
                        FLAG_ROBBED_KONG, FLAG_SELFDRAW, fans_many)

__all__ = ["record_fans", "top_fans", "fan_table"]

# the flow's record flags (fzsim_core/scoring.pxd FLAG_*, packs/guobiao/pack.pxd) and win types
_REC_KONG_REPLACEMENT, _REC_LAST_TILE, _REC_FOURTH_TILE = 2, 8, 256
_WIN_SELFDRAW, _WIN_DISCARD, _WIN_ROBBED = 1, 2, 3
# MeldType (fzsim_core/table.pxd) -> the evaluator's (type, exposed)
_MELDS = {1: (0, 1), 2: (1, 1), 3: (2, 1), 4: (2, 1), 5: (2, 0)}


def _column(table, name):
    if name not in table:
        raise ValueError(f"the table has no column {name!r}: pass play_block's columns and records")
    return np.asarray(table[name])


def record_fans(hands, records, *, mingangang: bool = False):
    """(index, total, fans): the win records' positions in ``records``, their fan totals and
    (N, 83) fan counts (``fans[i, f]`` = times fan id f, ``FAN_NAMES[f]``, counts).

    ``hands``: the hands' columns (``play_block``'s dict or a DataFrame with game_id, hand,
    dealer); ``records``: the records' columns. ``mingangang``: the rules' gb_mingangang.
    """
    kind = _column(records, "kind")
    idx = np.flatnonzero(kind == 0)
    key = {(int(g), int(h)): int(d) for g, h, d in zip(_column(hands, "game_id"), _column(hands, "hand"),
                                                      _column(hands, "dealer"))}
    n = idx.size
    counts = np.zeros((n, 34), dtype=np.uint8)
    melds = np.full((n, 4, 3), -1, dtype=np.int8)
    flags = np.zeros(n, dtype=np.uint8)
    seat_wind = np.zeros(n, dtype=np.uint8)
    round_wind = np.zeros(n, dtype=np.uint8)
    concealed = _column(records, "concealed")
    meld_type, meld_kind = _column(records, "meld_type"), _column(records, "meld_kind")
    n_melds, win_type, rflags = _column(records, "n_melds"), _column(records, "win_type"), _column(records, "flags")
    seat, game, hand = _column(records, "seat"), _column(records, "game_id"), _column(records, "hand")
    for j, i in enumerate(idx):
        tiles = concealed[i][concealed[i] != 255]
        np.add.at(counts[j], tiles, 1)
        for m in range(int(n_melds[i])):
            t, exposed = _MELDS[int(meld_type[i][m])]
            melds[j, m] = (t, meld_kind[i][m], exposed)
        f = FLAG_SELFDRAW if win_type[i] == _WIN_SELFDRAW else FLAG_ROBBED_KONG if win_type[i] == _WIN_ROBBED else 0
        f |= FLAG_KONG_REPLACEMENT if rflags[i] & _REC_KONG_REPLACEMENT else 0
        f |= FLAG_LAST_TILE if rflags[i] & _REC_LAST_TILE else 0
        f |= FLAG_FOURTH_TILE if rflags[i] & _REC_FOURTH_TILE else 0
        f |= FLAG_MINGANGANG if mingangang else 0
        flags[j] = f
        dealer = key.get((int(game[i]), int(hand[i])))
        if dealer is None:
            raise ValueError(f"record {i} (game {game[i]}, hand {hand[i]}) has no row in hands")
        seat_wind[j] = (int(seat[i]) - dealer) % 4
        round_wind[j] = (int(hand[i]) // 4) % 4
    total, fans = fans_many(counts, _column(records, "tile")[idx], melds=melds, flags=flags,
                            flowers=_column(records, "gen")[idx], seat_wind=seat_wind, round_wind=round_wind)
    return idx, total, fans


def top_fans(patterns) -> list[list[str]]:
    """The names of the (up to four) highest fans packed in each record's ``patterns``."""
    return [[FAN_NAMES[(int(p) >> (8 * b)) & 255] for b in range(4) if (int(p) >> (8 * b)) & 255]
            for p in np.asarray(patterns).ravel()]


def fan_table(fans) -> list[tuple[str, int, float]]:
    """(name, wins counting it, share of wins) per fan, most frequent first, from record_fans' fans."""
    fans = np.asarray(fans)
    n = max(len(fans), 1)
    c = Counter({FAN_NAMES[f]: int((fans[:, f] > 0).sum()) for f in range(1, fans.shape[1]) if (fans[:, f] > 0).any()})
    return [(name, k, k / n) for name, k in c.most_common()]
