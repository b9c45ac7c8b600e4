"""The Fuzhou family's study covariates: the opening deal replayed from each wall (RULES §3-§4).

The dealer's golds, the seats holding two golds or more, the seats holding all three (三金倒
available) and whether the dealer's 17 tiles already win (天胡) depend on the wall alone, and their
exact means come from `fzsim.prob` (hypergeometric gold counts, ``opening_exact``'s 天胡 chance), so
`fzsim.study.covariates` may subtract them from a contrast (``PackEntry.study_covariates``).
"""
from __future__ import annotations

import numpy as np

from fzsim.prob import DEALER_TILES, NONDEALER_TILES, gold_count_pmf, opening_exact
from fzsim.study.runner import round_seed
from fzsim.wincheck import is_win
from fzsim_core.engine import shuffled_wall

FLOWER_KINDS = 34          # kinds from here on are flowers (fzsim.tiles); honours too when they are flowers
HONOR_KINDS = 27
WALL_TILES = 144
DEALER_EXTRA = 64          # the dealer's 17th dealt tile


def opening(wall, honors_are_flowers: bool) -> tuple[list[np.ndarray], int]:
    """Each seat's held kinds after opening 补花 (seat 0 = the dealer, counter-clockwise) and the
    gold kind, replayed from a 144-tile Fuzhou wall (RULES §3-§4; deal and tail as `fzsim.game`)."""
    wall = np.asarray(wall).tolist()        # Python ints: this loop is per hand
    first_flower = HONOR_KINDS if honors_are_flowers else FLOWER_KINDS
    hands = [wall[16 * i:16 * i + 16] + ([wall[DEALER_EXTRA]] if i == 0 else []) for i in range(4)]
    tail = WALL_TILES - 1
    active = [0, 1, 2, 3]
    while active:
        drew_flower = []
        for i in active:             # each seat sets aside all its flowers and replaces them at once
            flowers = [t for t in hands[i] if t >= first_flower]
            if not flowers:
                continue
            hands[i] = [t for t in hands[i] if t < first_flower]
            drawn = wall[tail - len(flowers) + 1:tail + 1][::-1]
            tail -= len(flowers)
            hands[i] += drawn
            if any(t >= first_flower for t in drawn):
                drew_flower.append(i)
        active = drew_flower
    while wall[tail] >= first_flower:      # a flipped flower is the dealer's; flip the next
        tail -= 1
    counts = [np.bincount(h, minlength=FLOWER_KINDS) for h in hands]
    return counts, wall[tail]


def opening_covariates(wall, honors_are_flowers: bool) -> tuple[float, ...]:
    """`OPENING_NAMES` of one wall: the dealer's golds, the seats with 2+ golds, the seats with 3
    golds (三金倒 available) and whether the dealer's tiles win (天胡)."""
    counts, gold = opening(wall, honors_are_flowers)
    golds = [int(c[gold]) for c in counts]
    return (float(golds[0]), float(sum(g >= 2 for g in golds)), float(sum(g == 3 for g in golds)),
            float(is_win(counts[0], gold=gold)))


OPENING_NAMES = ("dealer_golds", "seats_two_golds", "seats_three_golds", "dealer_tianhu")


def opening_means(honors_are_flowers: bool) -> np.ndarray:
    """The exact means of `opening_covariates` (fzsim.prob)."""
    dealer, other = gold_count_pmf(DEALER_TILES, honors_are_flowers), gold_count_pmf(NONDEALER_TILES, honors_are_flowers)
    return np.array([sum(k * p for k, p in enumerate(dealer)),
                     dealer[2] + dealer[3] + 3 * (other[2] + other[3]),
                     dealer[3] + 3 * other[3],
                     opening_exact(honors_are_flowers)["dealer"]["tianhu"]])


def _opening_table(spec, rows, haf: bool) -> np.ndarray:
    seeds = {k: round_seed(spec.seed, int(k)) for k in np.unique(rows["round"].to_numpy())}
    keys = zip(rows["round"].to_numpy(), rows["game_id"].to_numpy(), rows["hand"].to_numpy())
    return np.array([opening_covariates(shuffled_wall(seeds[r], int(g), int(h)), haf) for r, g, h in keys]
                    ).reshape(len(rows), len(OPENING_NAMES))




def study_covariates(spec, configs, rows):
    """(names, hands x covariates, exact means) of the hands ``rows`` when every variant deals the
    same Fuzhou opening (one ``honors_are_flowers``); None otherwise."""
    if len({bool(c["honors_are_flowers"]) for c in configs}) != 1:
        return None
    haf = bool(configs[0]["honors_are_flowers"])
    return OPENING_NAMES, _opening_table(spec, rows, haf), opening_means(haf)
