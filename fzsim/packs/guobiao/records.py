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

from fzsim import win_elements
from fzsim.packs.guobiao.calculator import (FAN_NAMES, FLAG_FOURTH_TILE, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE,
                                      FLAG_MINGANGANG, FLAG_ROBBED_KONG, FLAG_SELFDRAW, fans_many)
from fzsim.rescore import differences, disagreement, parse_hand
from fzsim.tiles import parse
from fzsim_core.packs.guobiao.batch import VALUES
from fzsim_core.win_facts import FLAGS as FLOW_FLAGS
from fzsim_core.win_facts import WIN_TYPES

__all__ = ["record_fans", "top_fans", "fan_table", "record_names", "base_pattern_names", "calculator_fans", "elements",
           "replay_terms", "rescore"]

# the flow's record flags (fzsim_core/win_facts.pxd FLAG_*, packs/guobiao/pack.pxd) and win types
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


def record_names() -> tuple[dict[int, str], dict[int, str]]:
    """(pattern bit -> name, flag bit -> name): no pattern bits (a record packs the top four fan ids
    there), the flow's flags and 和绝张, the pack's own bit (packs/guobiao/pack.pxd)."""
    return {}, {**{b: n for n, b in FLOW_FLAGS.items()}, _REC_FOURTH_TILE: "fourth_tile"}


def base_pattern_names() -> list[str]:
    """The names ``base_pattern`` indexes: the fans."""
    return list(FAN_NAMES)


def calculator_fans(recs: dict, wins: np.ndarray, dealer: np.ndarray, mingangang: bool):
    """(total, fans (N, 83)) of the win records ``wins`` (indices) from the batch fan calculator."""
    n = wins.size
    conc = recs["concealed"][wins].astype(np.int64)
    counts = np.zeros((n, 34), dtype=np.uint8)
    rows, cols = np.nonzero(conc != 255)
    np.add.at(counts, (rows, conc[rows, cols]), 1)
    melds = np.full((n, 4, 3), -1, dtype=np.int8)
    # MeldType -> the evaluator's (type 0 chow / 1 pung / 2 kong, exposed)
    etype = np.array([-1, 0, 1, 2, 2, 2], dtype=np.int8)
    exposed = np.array([0, 1, 1, 1, 1, 0], dtype=np.int8)
    nm = recs["n_melds"][wins].astype(np.int64)
    for m in range(4):
        used = nm > m
        t = recs["meld_type"][wins, m].astype(np.int64)
        melds[used, m, 0] = etype[t[used]]
        melds[used, m, 1] = recs["meld_kind"][wins, m][used].astype(np.int8)
        melds[used, m, 2] = exposed[t[used]]
    rf = recs["flags"][wins].astype(np.int64)
    wt = recs["win_type"][wins].astype(np.int64)
    flags = (np.where(wt == WIN_TYPES["selfdraw"], FLAG_SELFDRAW, 0)
             | np.where(wt == WIN_TYPES["robbed_kong"], FLAG_ROBBED_KONG, 0)
             | np.where(rf & FLOW_FLAGS["kong_replacement"], FLAG_KONG_REPLACEMENT, 0)
             | np.where(rf & FLOW_FLAGS["last_tile"], FLAG_LAST_TILE, 0)
             | np.where(rf & _REC_FOURTH_TILE, FLAG_FOURTH_TILE, 0)
             | (FLAG_MINGANGANG if mingangang else 0))
    seat_wind = (recs["seat"][wins].astype(np.int64) - dealer.astype(np.int64)) % 4
    round_wind = (recs["hand"][wins].astype(np.int64) // 4) % 4
    return fans_many(counts, recs["tile"][wins], melds=melds, flags=flags, flowers=recs["gen"][wins],
                     seat_wind=seat_wind, round_wind=round_wind)


def elements(recs, wins, rules, hands):
    """Per record, every fan counted with its fan points (a fan counted twice has count 2), 花牌
    included (:func:`fzsim.win_elements.elements`); reads the dealer from the hands' columns."""
    idx = np.flatnonzero(wins)
    dealer = win_elements.hand_context(hands, {k: recs[k][idx] for k in ("game_id", "hand")}, "dealer", True)
    out = [[] for _ in range(len(wins))]
    if idx.size == 0:
        return out
    _, fans = calculator_fans(recs, idx, dealer, bool(rules.get("gb_mingangang", False)))
    r, f = np.nonzero(fans)
    for row, fan in zip(r.tolist(), f.tolist()):
        out[idx[row]].append((FAN_NAMES[fan], int(VALUES[fan]), int(fans[row, fan])))
    return out


def replay_terms(r, rec: dict, i: int) -> str:
    """``fzsim replay``: the highest fans, the fan total (flowers included) and what each payer pays."""
    return (f"fans {','.join(top_fans([rec['patterns']])[0]) or 'none'} (the highest) = {int(rec['value'])} 番, "
            f"花牌 {int(rec['gen'])}; {int(rec['points'])} per payer")


def rescore(unit, variant, wins, hands, rules):
    """The stored wins of one unit re-scored in one batch (:func:`fzsim.rescore.rescore`): the fans
    of every win from the stored hands (fzsim.fans_many) and the payments of 底分 + fans."""
    n = len(wins)
    if n == 0:
        return []
    counts = np.zeros((n, 34), dtype=np.uint8)
    melds = np.full((n, 4, 3), -1, dtype=np.int8)
    codes = {"chow": (0, 1), "pung": (1, 1), "kong": (2, 1), "concealed_kong": (2, 0)}
    for i, notation in enumerate(wins["hand_notation"]):
        concealed, ms = parse_hand(notation)
        counts[i] = parse(concealed)[:34]
        for m, text in enumerate(ms):
            kind, tiles = text.split()
            t, exposed = codes[kind]
            melds[i, m] = (t, int(np.flatnonzero(parse(tiles))[0]), exposed)
    flags_named = wins["flags_named"].to_numpy()
    wt = wins["win_type"].astype(str).to_numpy()
    flags = np.array([(FLAG_SELFDRAW if w == "selfdraw" else 0) | (FLAG_ROBBED_KONG if w == "robbed_kong" else 0)
                      | (FLAG_KONG_REPLACEMENT if "kong_replacement" in f else 0)
                      | (FLAG_LAST_TILE if "last_tile" in f else 0)
                      | (FLAG_FOURTH_TILE if "fourth_tile" in f else 0)
                      | (FLAG_MINGANGANG if rules.get("gb_mingangang") else 0) for w, f in zip(wt, flags_named)])
    dealer = hands["dealer"].to_numpy().astype(np.int64)
    seat = wins["seat"].to_numpy().astype(np.int64)
    total, _ = fans_many(counts, wins["tile"].to_numpy(), melds=melds, flags=flags, flowers=wins["gen"].to_numpy(),
                       seat_wind=(seat - dealer) % 4, round_wind=(wins["hand"].to_numpy() // 4) % 4)
    base = int(rules.get("base", 8))
    out = []
    for i, row in enumerate(wins.itertuples(index=False)):
        # the discarder pays base + fans, each other seat base; on a self-draw each pays base + fans
        d = [-base] * 4 if wt[i] != "selfdraw" else [-(base + int(total[i]))] * 4
        if wt[i] != "selfdraw":
            d[int(row.from_seat)] = -(base + int(total[i]))
        d[int(row.seat)] = 0
        d[int(row.seat)] = -sum(d)
        diffs = differences(row, total[i], base + int(total[i]), d)
        if diffs:
            out.append(disagreement(unit, row, diffs))
    return out
