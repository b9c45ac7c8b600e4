"""Scripted Python policies and a scenario runner for the engine tests."""
from __future__ import annotations

from collections import Counter

import numpy as np

from fzsim.game import build_wall, parse_tile_sequence, play_hand
from fzsim.tiles import kind_name
from fzsim_core.rules import Rules


class Script:
    """A seat that follows a script: discards the listed tiles in order, then the tile it drew
    (tsumogiri); takes the claims listed in `claims` in order and passes the rest.

    opening: take an opening-window win (天胡/三金倒/抢金); discard_win / rob / self_win: take
    those wins; kongs: declare concealed/added kongs when offered. Every decision it saw is kept
    in `seen` as (decision, tile, legal).
    """

    def __init__(self, discards="", claims=(), opening=False, discard_win=True, rob=True, self_win=True,
                 kongs=False):
        self.discards = [kind_name(k) for k in parse_tile_sequence(discards)]
        self.claims = list(claims)
        self.opening = opening
        self.discard_win = discard_win
        self.rob = rob
        self.self_win = self_win
        self.kongs = kongs
        self.seen = []

    def __call__(self, obs, legal):
        dec = obs["decision"]
        self.seen.append((dec, obs["tile"], list(legal)))
        names = [a[0] for a in legal]
        take_first = {"opening_win": self.opening, "dealer_qiangjin": self.opening,
                      "discard_win": self.discard_win, "rob_kong": self.rob}
        if dec in take_first:
            return 0 if take_first[dec] else names.index("pass")
        if dec == "claim":
            if self.claims and self.claims[0] in names:
                return names.index(self.claims.pop(0))
            return names.index("pass")
        if "win" in names and self.self_win:
            return names.index("win")
        if self.kongs:
            for kind in ("concealed_kong", "added_kong"):
                if kind in names:
                    return names.index(kind)
        if self.discards:
            want = ("discard", self.discards.pop(0))
            assert want in legal, f"script wants {want}, legal {legal}"
            return want
        if obs["last_draw"] and ("discard", obs["last_draw"]) in legal:
            return ("discard", obs["last_draw"])
        return names.index("discard")


def scenario(hands, policies, draws="", tail="", dealer=0, streak=0, rules=None, fill_seed=0):
    """Play one hand on an explicit wall with logging and invariant checks on."""
    rules = rules or Rules()
    wall = build_wall(hands, dealer=dealer, draws=draws, tail=tail, fill_seed=fill_seed,
                      honors_are_flowers=bool(rules.fields["honors_are_flowers"]))
    return play_hand(0, 0, variant=rules, policies=policies, wall=wall, log=True, dealer=dealer,
                     streak=streak, check=True)


def event_types(result):
    return [e.type for e in result.events]


def explicit_wall(hands, dealer=0, draws="", n_kinds=34, hand_size=13):
    """A wall of a pack with four copies of each of n_kinds kinds and no flowers: seat
    (dealer + i) is dealt hands[...][:hand_size], the dealer also its last tile, then `draws`
    from the head, then every other tile in kind order."""
    tiles = {s: parse_tile_sequence(h) for s, h in hands.items()}
    wall = []
    for i in range(4):
        wall += tiles[(dealer + i) % 4][:hand_size]
    wall.append(tiles[dealer][hand_size])
    wall += parse_tile_sequence(draws)
    for s, t in tiles.items():
        assert len(t) == (hand_size + 1 if s == dealer else hand_size), f"seat {s} is dealt {len(t)} tiles"
    left = Counter({k: 4 for k in range(n_kinds)})
    left.subtract(wall)
    assert min(left.values()) >= 0, "a kind is used more than four times"
    wall += [k for k in range(n_kinds) for _ in range(left[k])]
    assert len(wall) == 4 * n_kinds
    return np.array(wall, dtype=np.uint8)
