"""Per-hand figures a study question can ask about, computed from the stored hands table."""
from __future__ import annotations

import numpy as np
import pandas as pd

from fzsim import analysis

#: metric -> what it is per hand (the analysis metrics of `fzsim.analysis.compare`, and more)
METRICS = {
    **analysis.METRICS,
    "drawn": "1 if the hand was drawn (nobody won)",
    "turns": "turns played in the hand",
    "points_moved": "points that changed hands (the sum of the positive deltas)",
}
#: the stored columns every metric needs (read once per round)
COLUMNS = ["game_id", "hand", "outcome", "winner", "dealer", "streak", "n_wins", "turns", "win_type",
           *analysis.DELTAS]


def metric_values(df: pd.DataFrame, metric: str) -> np.ndarray:
    """``metric`` of every row of the hands frame ``df``, as floats."""
    if metric == "drawn":
        return (df["outcome"].astype(str).to_numpy() == "draw").astype(float)   # (a bot's fault is neither)
    if metric == "turns":
        return df["turns"].to_numpy(dtype=float)
    if metric == "points_moved":
        deltas = df[analysis.DELTAS].to_numpy(dtype=float)
        return np.clip(deltas, 0, None).sum(axis=1)
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}: allowed {', '.join(METRICS)}")
    return analysis._metric_values(df, metric)
