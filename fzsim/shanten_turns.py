"""Mean shanten by turn: how fast each policy builds its hand, from replayed event logs.

The result rows hold no per-turn state, so the figure is computed from a sample of hands played
again with their event logs (`play_hand_raw(..., log=True)`: the same engine and policies, and
hand 0 of each game with that game's first dealer, so exactly the first hands a run of that seed
plays — `shanten_by_turn_run` checks the replays against a run's stored rows). Each seat's concealed hand is followed through the log
(deal, flowers set aside and replaced, draws, calls, kongs, discards); at the seat's k-th own turn
— when it discards for the k-th time, or wins by self-draw instead — the shanten of the hand it
holds then (3n+2 tiles, golds wild; -1 for a self-draw win) is recorded. The mean at turn k is
over the seats still playing at their k-th turn, so late turns are the longer hands.
"""
from __future__ import annotations

import math
from typing import Sequence

import numpy as np
import pandas as pd

from fzsim.game import resolve_rules
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.results_reader import read_columns, run_info
from fzsim.rules import RuleConfig
from fzsim_core.engine import first_dealer, play_hand_raw
from fzsim_core.winapi import shanten

# fzsim_core.table event types
EV_DEAL, EV_FLOWER, EV_REPLACE, EV_GOLD_FLIP, EV_GOLD, EV_DRAW, EV_DISCARD = 1, 2, 3, 4, 5, 6, 7
EV_CHOW, EV_PUNG, EV_EXPOSED_KONG, EV_CONCEALED_KONG, EV_ADDED_KONG = 8, 9, 10, 11, 12
EV_WIN, EV_QIANGJIN_GIVE, EV_YOUJIN = 15, 17, 18
WIN_SELFDRAW = 1


def turn_shanten(events) -> list[list[int]]:
    """Per seat, the shanten of its hand at each own turn (index k-1 for turn k) of one hand's
    event log (`(type, seat, tile, arg)` tuples)."""
    hands = np.zeros((4, 42), dtype=np.int16)
    gold = None
    out: list[list[int]] = [[], [], [], []]

    def sh(s):
        return int(shanten(hands[s, :34].astype(np.uint8), gold))

    for typ, seat, tile, arg in events:
        if typ in (EV_DEAL, EV_REPLACE, EV_DRAW):
            hands[seat, tile] += 1
        elif typ == EV_GOLD_FLIP and arg == 1:   # a flipped flower goes to the dealer (set aside next)
            hands[seat, tile] += 1
        elif typ == EV_FLOWER:
            hands[seat, tile] -= 1
        elif typ == EV_GOLD:
            gold = tile
        elif typ in (EV_DISCARD, EV_YOUJIN):
            out[seat].append(sh(seat))
            hands[seat, tile] -= 1
        elif typ == EV_CHOW:
            for k in range(tile, tile + 3):
                if k != arg:
                    hands[seat, k] -= 1
        elif typ == EV_PUNG:
            hands[seat, tile] -= 2
        elif typ == EV_EXPOSED_KONG:
            hands[seat, tile] -= 3
        elif typ == EV_CONCEALED_KONG:
            hands[seat, tile] -= 4
        elif typ == EV_ADDED_KONG:
            hands[seat, tile] -= 1
        elif typ == EV_QIANGJIN_GIVE:             # the dealer gives a tile up for the indicator
            hands[seat, tile] -= 1
            hands[seat, gold] += 1
        elif typ == EV_WIN and arg == WIN_SELFDRAW:
            out[seat].append(-1)
        if (hands < 0).any():
            raise ValueError(f"event log out of step: a seat holds a negative count after {(typ, seat, tile, arg)}")
    return out


def shanten_by_turn(variant=DEFAULT_VARIANT, policies: str | Sequence = "greedy", hands: int = 500, seed: int = 2026,
                    max_turn: int = 20, label: str | None = None) -> pd.DataFrame:
    """Mean shanten of each seat's hand at its k-th own turn over `hands` hands (hand 0 of
    games 0..hands-1 with their first dealer, as a run with this seed plays them) of `variant` under `policies` (one spec for all seats or
    four). One row per turn 1..max_turn with ``variant``, ``policy``, ``turn``, ``seat_turns``
    (seats still playing at that turn), ``shanten`` and ``shanten_se``. Raises ValueError on a
    bad count."""
    rows, _ = _replay(variant, policies, hands, seed, max_turn, label)
    return rows


def _replay(variant, policies, hands, seed, max_turn, label):
    """(the shanten_by_turn rows, {game_id: the replayed hand's result row})."""
    for name, v, lo in (("hands", hands, 1), ("max_turn", max_turn, 1)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < lo:
            raise ValueError(f"{name}={v!r}: need an integer >= {lo}")
    rules, vname = resolve_rules(variant)
    seats = [policies] * 4 if isinstance(policies, str) else list(policies)
    if len(seats) != 4:
        raise ValueError(f"policies={policies!r}: give one spec or four")
    per_turn: list[list[int]] = [[] for _ in range(max_turn)]
    played = {}
    for gid in range(int(hands)):
        played[gid], events = play_hand_raw(rules, int(seed), gid, 0, first_dealer(int(seed), gid), 0,
                                            tuple(seats), log=True)
        for seq in turn_shanten(events):
            for k, v in enumerate(seq[:max_turn]):
                per_turn[k].append(v)
    if label is None:
        label = seats[0] if len(set(map(str, seats))) == 1 else ",".join(map(str, seats))
    rows = []
    for k, vals in enumerate(per_turn, start=1):
        a = np.asarray(vals, dtype=float)
        n = len(a)
        rows.append({"variant": vname, "policy": label, "turn": k, "seat_turns": n,
                     "shanten": float(a.mean()) if n else math.nan,
                     "shanten_se": float(a.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan})
    return pd.DataFrame(rows), played


def shanten_by_turn_run(path, hands: int = 200, max_turn: int = 12) -> pd.DataFrame:
    """shanten_by_turn for every variant of a results folder, replaying hand 0 of its first
    `hands` games with the run's seed, policies and rules (from its manifest). Every replay is
    checked against the stored row (deltas and turns): a folder whose hands do not replay (another
    fzsim version, a callable policy) raises ValueError, as does one without a usable manifest."""
    info = run_info(path)
    variants = (info or {}).get("variants")
    if not info or "seed" not in info or not info.get("policies") or not isinstance(variants, dict):
        raise ValueError(f"results in {path!r} have no manifest with the seed, policies and rules to replay")
    cols = ["game_id", "hand", "turns", "delta_0", "delta_1", "delta_2", "delta_3"]
    stored = read_columns(path, cols)
    # a run of several policy settings labels its rows VARIANT/SETTING (fzsim.analysis.read_columns)
    settings = info.get("policy_sets") or {None: info["policies"]}
    out = []
    for name, v in variants.items():
        try:
            rules = RuleConfig(name, v["rules"])
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"results in {path!r}: the manifest's rules of variant {name!r} cannot be"
                             f" rebuilt ({exc!r})") from None
        for setting, policies in settings.items():
            label = name if setting is None else f"{name}/{setting}"
            mine = stored[(stored["variant"].astype(str) == label) & (stored["hand"] == 0)
                          & (stored["game_id"] < hands)].set_index("game_id")
            n = int(min(hands, len(mine)))
            if n == 0:
                continue
            rows, played = _replay(rules, list(policies), n, int(info["seed"]), max_turn, setting)
            for gid, row in played.items():
                if gid in mine.index and any(int(mine.loc[gid, c]) != int(row[c]) for c in cols[2:]):
                    raise ValueError(f"results in {path!r}: {label} game {gid} does not replay (stored "
                                     f"{mine.loc[gid, cols[2:]].tolist()}, replayed {[row[c] for c in cols[2:]]})")
            out.append(rows.assign(variant=name))
    if not out:
        raise ValueError(f"results in {path!r} hold no hand 0 of games 0..{hands - 1} to replay")
    return pd.concat(out, ignore_index=True)
