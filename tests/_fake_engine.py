"""TEMPORARY stand-ins for the engine's play_block and play_hand (contract 3).

Used only until branch `engine` lands on main; then every test switches to the real engine and
this file is deleted. Rows are a pure function of (seed, game id, hand), like the real
engine's walls, so block boundaries and backends cannot change them.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fzsim.storage import ENGINE_COLUMNS
from fzsim_core.scoring import SPECIALS

_M = np.uint64(0xFFFFFFFFFFFFFFFF)


def _splitmix(x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        x = x + np.uint64(0x9E3779B97F4A7C15)
        x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return x ^ (x >> np.uint64(31))


def fake_play_block(rules, root_seed, first_game, n_games, policies=("greedy",) * 4, check=False):
    hpm = int(rules.fields["hands_per_match"])
    gid = np.repeat(np.arange(first_game, first_game + n_games, dtype=np.int64), hpm)
    hand = np.tile(np.arange(hpm, dtype=np.int16), n_games)
    with np.errstate(over="ignore"):
        key = _splitmix(np.uint64(root_seed) ^ _splitmix(gid.astype(np.uint64) * np.uint64(64)
                                                         + hand.astype(np.uint64)))
    r = [_splitmix(key + np.uint64(i)) for i in range(8)]
    n = gid.shape[0]
    win = (r[0] % np.uint64(10)) < np.uint64(7)
    out = {}
    out["game_id"] = gid
    out["hand"] = hand
    out["wall_digest"] = key
    out["dealer"] = (r[1] % np.uint64(4)).astype(np.int8)
    out["streak"] = (r[1] >> np.uint64(8) & np.uint64(3)).astype(np.int16)
    out["gold"] = (r[2] % np.uint64(27)).astype(np.int8)
    out["outcome"] = win.astype(np.int8)
    out["winner"] = np.where(win, (r[3] % np.uint64(4)).astype(np.int8), -1).astype(np.int8)
    selfdraw = win & ((r[3] >> np.uint64(8)) % np.uint64(2) == 0)
    out["discarder"] = np.where(win & ~selfdraw, ((out["winner"] + 1) % 4), -1).astype(np.int8)
    out["win_type"] = np.where(win, np.where(selfdraw, 1, 2), 0).astype(np.int8)
    bits = np.array(sorted(SPECIALS.values()), dtype=np.uint32)
    sp_pick = bits[(r[4] % np.uint64(len(bits))).astype(np.int64)]
    has_sp = win & ((r[4] >> np.uint64(8)) % np.uint64(8) == 0)
    out["specials"] = np.where(has_sp, sp_pick, 0).astype(np.uint32)
    out["special_counted"] = out["specials"].copy()
    out["flags"] = np.where(selfdraw, 1, 0).astype(np.uint32)
    out["youjin_level"] = np.zeros(n, np.int8)
    for i, c in enumerate("FKGLS"):
        out[c] = np.where(win, (r[5] >> np.uint64(4 * i)) % np.uint64(8), 0).astype(np.int16)
    pts = np.where(win, 5 + out["F"] + out["K"] + out["G"], 0).astype(np.int32)
    for s in range(4):
        out[f"delta_{s}"] = np.where(out["winner"] == s, 3 * pts, -pts).astype(np.int32)
        out[f"delta_{s}"][~win] = 0
        out[f"flowers_{s}"] = ((r[6] >> np.uint64(4 * s)) % np.uint64(6)).astype(np.int8)
        out[f"golds_{s}"] = ((r[7] >> np.uint64(4 * s)) % np.uint64(3)).astype(np.int8)
    out["turns"] = (r[6] >> np.uint64(32) & np.uint64(63)).astype(np.int16)
    out["tiles_left"] = (r[7] >> np.uint64(32) & np.uint64(31)).astype(np.int16)
    return {c: out[c].astype(dt, copy=False) for c, dt in ENGINE_COLUMNS.items()}


@dataclass
class FakeHandResult:
    game_id: int
    hand: int
    wall_digest: int
    winner: int
    events: list | None = None


def fake_play_hand(seed, game_id, variant="fuzhou", policies=None, wall=None, log=False, hand=0):
    from fzsim.rules import load

    cfg = load(variant)
    cols = fake_play_block(cfg.core, seed, game_id, 1, policies)
    i = int(hand)
    events = [{"t": "deal", "dealer": int(cols["dealer"][i])}, {"t": "end", "winner": int(cols["winner"][i])}]
    return FakeHandResult(game_id, i, int(cols["wall_digest"][i]), int(cols["winner"][i]),
                          events if log else None)
