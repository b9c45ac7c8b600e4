"""Control variates: per-hand quantities with exactly known expectations, for sharper contrasts.

A quantity C whose mean is known exactly can be subtracted from a contrast, Y - b (C - E[C]), with
b fitted to the data: the mean is unchanged and the variance falls by the factor 1 - R² (see
`fzsim.study.sequential.estimate`). The quantities here are known exactly because they depend on
the shuffled wall or on the first dealer only, never on play:

* ``dealer_flowers`` (Fuzhou family): flower tiles among the dealer's 17 dealt tiles (wall
  positions 0..15 and 64, RULES §3): hypergeometric, mean 17·F/144 for the F flower tiles.
* ``tianhu`` (Fuzhou family, 天胡 scored): the dealer's dealt tiles win before any decision; its
  chance is `fzsim.prob.opening_exact`'s exact ``tianhu_won``.
* ``dealer_seat_s`` (one-hand matches): seat s deals; the first dealer is uniform, mean 1/4.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

DEALER_SLOTS = np.r_[0:16, 64]
FLOWER_KINDS = 34          # kinds from here on are flowers (tiles.py); honours too when they are flowers
HONOR_KINDS = 27
WALL_TILES = 144


def dealer_flowers(walls: np.ndarray, honors_are_flowers: bool) -> np.ndarray:
    """Flower tiles among the dealer's dealt tiles of each wall (rows of ``walls``)."""
    dealt = walls[:, DEALER_SLOTS]
    return (dealt >= (HONOR_KINDS if honors_are_flowers else FLOWER_KINDS)).sum(axis=1).astype(float)


def dealer_flowers_mean(honors_are_flowers: bool) -> float:
    flowers = 8 + (28 if honors_are_flowers else 0)
    return len(DEALER_SLOTS) * flowers / WALL_TILES


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


def _walls(spec, rows: pd.DataFrame) -> np.ndarray:
    from fzsim_core.engine import shuffled_wall

    from fzsim.study.runner import round_seed

    seeds = {k: round_seed(spec.seed, int(k)) for k in np.unique(rows["round"].to_numpy())}
    return np.stack([np.asarray(shuffled_wall(seeds[r], int(g), int(h)))
                     for r, g, h in zip(rows["round"].to_numpy(), rows["game_id"].to_numpy(), rows["hand"].to_numpy())])


def for_rows(spec, rows: pd.DataFrame) -> Covariates:
    """The covariates of the hands in ``rows`` (one unit's rows: every unit plays the same walls)."""
    from fzsim.prob import opening_exact

    base = spec.variants[spec.baseline]
    names, cols, means = [], [], []
    fuzhou_family = str(base["pack"]) == "fuzhou" and all(str(c["pack"]) == "fuzhou" for c in spec.variants.values())
    flowers_alike = len({bool(c["honors_are_flowers"]) for c in spec.variants.values()}) == 1
    if fuzhou_family and flowers_alike and len(rows):
        haf = bool(base["honors_are_flowers"])
        names.append("dealer_flowers")
        cols.append(dealer_flowers(_walls(spec, rows), haf))
        means.append(dealer_flowers_mean(haf))
    if int(base["hands_per_match"]) == 1:
        dealer = rows["dealer"].to_numpy()
        for s in range(3):     # the fourth is one minus the others
            names.append(f"dealer_seat_{s}")
            cols.append((dealer == s).astype(float))
            means.append(0.25)
    values = np.column_stack(cols) if cols else np.empty((len(rows), 0))
    return Covariates(names, values, np.asarray(means, dtype=float))
