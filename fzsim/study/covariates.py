"""Control variates: per-hand quantities with exactly known expectations, for sharper contrasts.

A quantity C whose mean is known exactly can be subtracted from a contrast, Y - b (C - E[C]), with
b fitted to the data: the mean is unchanged and the variance falls by the factor 1 - R² (see
`fzsim.study.sequential.estimate`). The quantities here are known exactly because they depend on
the shuffled wall or on the first dealer only, never on play or on the rules' scoring:

* Fuzhou family, read off the opening deal (RULES §3-§4, replayed from the wall by
  :func:`opening`): the dealer's golds, the seats holding two golds or more, the seats holding all
  three (三金倒 available) and whether the dealer's 17 tiles already win (天胡). Their exact means
  come from `fzsim.prob` (hypergeometric gold counts, ``opening_exact``'s 天胡 chance).
* One-hand matches, every pack: ``dealer_seat_s``, seat s deals; the first dealer is uniform.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

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
    from fzsim.wincheck import is_win

    counts, gold = opening(wall, honors_are_flowers)
    golds = [int(c[gold]) for c in counts]
    return (float(golds[0]), float(sum(g >= 2 for g in golds)), float(sum(g == 3 for g in golds)),
            float(is_win(counts[0], gold=gold)))


OPENING_NAMES = ("dealer_golds", "seats_two_golds", "seats_three_golds", "dealer_tianhu")


def opening_means(honors_are_flowers: bool) -> np.ndarray:
    """The exact means of `opening_covariates` (fzsim.prob)."""
    from fzsim.prob import DEALER_TILES, NONDEALER_TILES, gold_count_pmf, opening_exact

    dealer, other = gold_count_pmf(DEALER_TILES, honors_are_flowers), gold_count_pmf(NONDEALER_TILES, honors_are_flowers)
    return np.array([sum(k * p for k, p in enumerate(dealer)),
                     dealer[2] + dealer[3] + 3 * (other[2] + other[3]),
                     dealer[3] + 3 * other[3],
                     opening_exact(honors_are_flowers)["dealer"]["tianhu"]])


@dataclass
class Covariates:
    """Per-hand covariates of a study's hands (ordered by round, game, hand) and their exact means."""

    names: list
    values: np.ndarray          # hands x covariates
    means: np.ndarray

    def per_game(self, rows: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
        """The covariates averaged per (round, game), as the contrasts are (the same exact means)."""
        from fzsim.study.runner import _per_game

        if not self.names:
            return np.empty((0, 0)), np.empty(0)
        cols = [_per_game(rows, self.values[:, j])[0] for j in range(len(self.names))]
        return np.column_stack(cols), self.means


def _opening_table(spec, rows: pd.DataFrame, haf: bool) -> np.ndarray:
    from fzsim_core.engine import shuffled_wall

    from fzsim.study.runner import round_seed

    seeds = {k: round_seed(spec.seed, int(k)) for k in np.unique(rows["round"].to_numpy())}
    keys = zip(rows["round"].to_numpy(), rows["game_id"].to_numpy(), rows["hand"].to_numpy())
    return np.array([opening_covariates(shuffled_wall(seeds[r], int(g), int(h)), haf) for r, g, h in keys]
                    ).reshape(len(rows), len(OPENING_NAMES))


def for_rows(spec, rows: pd.DataFrame) -> Covariates:
    """The covariates of the hands in ``rows`` (one unit's rows: every unit plays the same walls)."""
    configs = list(spec.variants.values())
    names, cols, means = [], [], []
    fuzhou_deal = all(str(c["pack"]) == "fuzhou" for c in configs) and \
        len({bool(c["honors_are_flowers"]) for c in configs}) == 1
    if fuzhou_deal and len(rows):
        haf = bool(configs[0]["honors_are_flowers"])
        names += OPENING_NAMES
        cols.append(_opening_table(spec, rows, haf))
        means += list(opening_means(haf))
    if int(configs[0]["hands_per_match"]) == 1:
        dealer = rows["dealer"].to_numpy()
        for s in range(3):     # the fourth is one minus the others
            names.append(f"dealer_seat_{s}")
            cols.append((dealer == s).astype(float)[:, None])
            means.append(0.25)
    values = np.column_stack(cols) if cols else np.empty((len(rows), 0))
    return Covariates(names, values, np.asarray(means, dtype=float))
