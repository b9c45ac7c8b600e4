"""Control variates: per-hand quantities with exactly known expectations, for sharper contrasts.

A quantity C whose mean is known exactly can be subtracted from a contrast, Y - b (C - E[C]), with
b fitted to the data: the mean is unchanged and the variance falls by the factor 1 - R² (see
`fzsim.study.sequential.estimate`). The quantities are known exactly because they depend on the
shuffled wall or on the first dealer only, never on play or on the rules' scoring:

* A pack's own, declared by its entry (`fzsim.pack_registry.PackEntry.study_covariates`), such as
  the quantities of an opening deal whose exact means its probability tables give.
* One-hand matches, every pack: ``dealer_seat_s``, seat s deals; the first dealer is uniform.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from fzsim.pack_registry import REGISTRY


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


def row_walls(spec, rows: pd.DataFrame, strata=None) -> np.ndarray:
    """The wall each hand of ``rows`` was played on (rows x tiles): the seeded shuffle of its round,
    game and hand, or in a stratified study (``strata``, `fzsim.study.runner.Strata`) for a match's
    first hand the wall drawn within its game's stratum (`fzsim.stratified`)."""
    from fzsim.stratified import first_walls
    from fzsim.study.runner import round_seed
    from fzsim_core.engine import shuffled_wall

    config = spec.variants[spec.baseline]
    pack_id = int(config.core.fields["pack"])
    rounds, games, hands = (rows[c].to_numpy(np.int64) for c in ("round", "game_id", "hand"))
    seeds = {int(k): round_seed(spec.seed, int(k)) for k in np.unique(rounds)}
    firsts = {}
    if strata is not None:
        for k in seeds:
            counts = strata.counts[k]
            firsts[k] = first_walls({"name": strata.name, "counts": counts}, config, seeds[k], 0, int(sum(counts)))
    return np.array([firsts[r][g] if h == 0 and r in firsts else shuffled_wall(seeds[r], g, h, pack_id)
                     for r, g, h in zip(rounds.tolist(), games.tolist(), hands.tolist())])


def for_rows(spec, rows: pd.DataFrame, strata=None) -> Covariates:
    """The covariates of the hands in ``rows`` (one unit's rows: every unit plays the same walls;
    ``strata``: a stratified study's design, whose first walls are drawn within strata)."""
    configs = list(spec.variants.values())
    names, cols, means = [], [], []
    own = REGISTRY[spec.pack].resolve("study_covariates")
    found = own(spec, configs, rows, row_walls(spec, rows, strata)) if own is not None and len(rows) else None
    if found is not None:
        names += found[0]
        cols.append(found[1])
        means += list(found[2])
    if int(configs[0]["hands_per_match"]) == 1:
        dealer = rows["dealer"].to_numpy()
        for s in range(3):     # the fourth is one minus the others
            names.append(f"dealer_seat_{s}")
            cols.append((dealer == s).astype(float)[:, None])
            means.append(0.25)
    values = np.column_stack(cols) if cols else np.empty((len(rows), 0))
    return Covariates(names, values, np.asarray(means, dtype=float))
