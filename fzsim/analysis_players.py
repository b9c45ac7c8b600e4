"""Balance answers across players: per-hand measures of a run of several policy settings and
their paired comparison on the same walls.

A run made with ``fzsim.simulate(..., policy_sets=[...])`` plays every policy setting on the
same game ids (the same seeded walls). :func:`hand_measures` turns its hands and wins tables into
one row per hand and setting with the numbers a balance answer is made of; :func:`setting_summary`
gives each setting's estimates with 95% intervals and :func:`paired_settings` the paired
difference of each other setting from a baseline, hand by hand on the walls both played.

Measures (columns of :func:`hand_measures`):

* ``dealer_delta``: the dealer's score delta; ``pos_1``, ``pos_2``, ``pos_3``: the delta of the
  seat 1, 2, 3 places after the dealer (下家, 对家, 上家). With zero-sum scores the four add to 0.
* ``drawn``: 1 if nobody won the hand.
* ``wins``: wins in the hand (several in 血战到底 and on 一炮多响; read from the wins table);
  ``selfdraws``: those no discarder paid for (self-draw, 抢金, 三金倒, 天胡: every win type but
  ``discard`` and ``robbed_kong``, as :func:`fzsim.analysis.play_style` counts them).
* ``el:NAME``: wins in the hand that counted scoring element ``NAME`` (the wins table's
  ``elements``, as :func:`fzsim.analysis.patterns` names them), for the elements asked for.

A metric is either the mean of a measure per hand (``dealer_delta``, ``drawn``) or a ratio of two
sums (``selfdraw_share`` = selfdraws / wins, a pattern's share of wins = ``el:NAME`` / wins).
Standard errors are cluster-robust over matches (``game_id``): with one hand per match
(``hands_per_match = 1``) they are the usual ``std / sqrt(n)``; with 16-hand matches (the 国标 preset)
they allow for the hands of a match being correlated. A ratio's error is the delta-method (linearised) one; a paired
difference's error is that of the per-match differences, so pairing on the same walls removes
the wall-to-wall spread both settings share.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

from fzsim.stats import Z95

#: win types a discarder pays for (as fzsim.analysis.DEAL_IN_TYPES); every other win is self-drawn
_PAID = ("discard", "robbed_kong")
_DELTAS = [f"delta_{s}" for s in range(4)]

#: the metrics :func:`setting_summary` and :func:`paired_settings` compute by default:
#: name -> (numerator column, denominator column or None for a mean per hand)
METRICS: dict[str, tuple[str, str | None]] = {
    "dealer_delta": ("dealer_delta", None),
    "pos_1": ("pos_1", None),
    "pos_2": ("pos_2", None),
    "pos_3": ("pos_3", None),
    "drawn": ("drawn", None),
    "selfdraw_share": ("selfdraws", "wins"),
}


def element_metric(name: str) -> tuple[str, str]:
    """The metric spec of a scoring element's share of wins: ``("el:NAME", "wins")``."""
    return (f"el:{name}", "wins")


def hand_measures(hands: pd.DataFrame, wins: pd.DataFrame, elements: Sequence[str] = ()) -> pd.DataFrame:
    """One row per hand and policy setting: ``setting, game_id, hand, dealer_delta, pos_1..3,
    drawn, wins, selfdraws`` and an ``el:NAME`` count per element of ``elements``.

    ``hands`` and ``wins``: the two tables of one run (``fzsim.load(DIR)`` and
    ``fzsim.load(DIR, table="wins")``); the setting is the ``policy`` column of a run of several
    policy settings (else ``variant``). Give one variant's rows (a system) at a time.

    >>> h = pd.DataFrame({"policy": "g", "game_id": [0, 1], "hand": 0, "dealer": [0, 1],
    ...                   "outcome": ["win", "draw"], "delta_0": [6, 0], "delta_1": [-2, 0],
    ...                   "delta_2": [-2, 0], "delta_3": [-2, 0]})
    >>> w = pd.DataFrame({"policy": "g", "game_id": [0], "hand": 0, "record": "win",
    ...                   "win_type": "selfdraw", "elements": [["自摸"]]})
    >>> m = hand_measures(h, w, elements=["自摸"])
    >>> m[["dealer_delta", "pos_1", "drawn", "wins", "selfdraws", "el:自摸"]].to_numpy().tolist()
    [[6, -2, 0, 1, 1, 1], [0, 0, 1, 0, 0, 0]]
    """
    key = "policy" if "policy" in hands.columns else "variant"
    h = hands[[key, "game_id", "hand", "dealer", "outcome", *_DELTAS]].copy()
    h[key] = h[key].astype(str)
    d = np.stack([h[c].to_numpy(dtype=np.int64) for c in _DELTAS], axis=1)
    dealer = h["dealer"].to_numpy(dtype=np.int64)
    rows = np.arange(len(h))
    out = pd.DataFrame({"setting": h[key].to_numpy(), "game_id": h["game_id"].to_numpy(dtype=np.int64),
                        "hand": h["hand"].to_numpy(dtype=np.int64)})
    out["dealer_delta"] = d[rows, dealer]
    for k in (1, 2, 3):
        out[f"pos_{k}"] = d[rows, (dealer + k) % 4]
    out["drawn"] = (h["outcome"].astype(str).to_numpy() == "draw").astype(np.int64)
    w = wins[wins["record"].astype(str) == "win"]
    wkey = "policy" if "policy" in wins.columns else "variant"
    wk = pd.DataFrame({"setting": w[wkey].astype(str).to_numpy(), "game_id": w["game_id"].to_numpy(dtype=np.int64),
                       "hand": w["hand"].to_numpy(dtype=np.int64)})
    wk["wins"] = 1
    wk["selfdraws"] = (~w["win_type"].astype(str).isin(_PAID)).to_numpy().astype(np.int64)
    elements = list(elements)
    if elements:
        has = w["elements"].map(lambda e: set() if e is None else set(e)).to_numpy()
        for name in elements:
            wk[f"el:{name}"] = np.fromiter((name in s for s in has), dtype=np.int64, count=len(has))
    per = wk.groupby(["setting", "game_id", "hand"], sort=False).sum().reset_index()
    out = out.merge(per, on=["setting", "game_id", "hand"], how="left", validate="one_to_one")
    for c in ["wins", "selfdraws", *[f"el:{n}" for n in elements]]:
        out[c] = out[c].fillna(0).astype(np.int64)
    return out


def _spec(metric, metrics):
    if isinstance(metric, tuple):
        return metric
    if metric in metrics:
        return metrics[metric]
    if metric.startswith("el:"):
        return (metric, "wins")
    raise ValueError(f"unknown metric {metric!r}: allowed {list(metrics)} or el:NAME")


def _cluster_sums(values: np.ndarray, cluster: np.ndarray) -> np.ndarray:
    _, inv = np.unique(cluster, return_inverse=True)
    return np.bincount(inv, weights=values)


def _estimate(num: np.ndarray, den: np.ndarray | None, cluster: np.ndarray) -> tuple[float, np.ndarray, float]:
    """(estimate, per-cluster linearised residual sums, scale): var = G/(G-1) * sum(r^2) / scale^2."""
    if den is None:
        est = float(num.mean()) if len(num) else math.nan
        return est, _cluster_sums(num - est, cluster), float(len(num))
    total = float(den.sum())
    est = float(num.sum()) / total if total > 0 else math.nan
    return est, _cluster_sums(num - est * den, cluster), total


def _se(resid: np.ndarray, scale: float) -> float:
    g = len(resid)
    if g < 2 or not scale > 0:
        return math.nan
    return math.sqrt(g / (g - 1) * float((resid ** 2).sum())) / scale


def setting_summary(measures: pd.DataFrame, metrics: Sequence | None = None, z: float = Z95,
                    cluster: str = "game_id") -> pd.DataFrame:
    """Per setting and metric: ``estimate, se, lo, hi`` (normal interval ``estimate ± z·se``,
    cluster-robust over ``cluster``), ``hands`` and ``matches``.

    ``metrics``: names of :data:`METRICS`, ``el:NAME`` (an element's share of wins) or
    ``(name, (numerator, denominator))`` pairs; default every metric of :data:`METRICS`.
    """
    names = list(METRICS) if metrics is None else list(metrics)
    rows = []
    for setting, g in measures.groupby("setting", sort=False):
        cl = g[cluster].to_numpy()
        n_cl = len(np.unique(cl))
        for m in names:
            label, (num, den) = (m if isinstance(m, tuple) else (m, _spec(m, METRICS)))
            est, resid, scale = _estimate(g[num].to_numpy(dtype=float),
                                          None if den is None else g[den].to_numpy(dtype=float), cl)
            se = _se(resid, scale)
            rows.append({"setting": setting, "metric": label, "estimate": est, "se": se,
                         "lo": est - z * se, "hi": est + z * se, "hands": len(g), "matches": n_cl})
    return pd.DataFrame(rows)


def paired_settings(measures: pd.DataFrame, baseline: str, metrics: Sequence | None = None,
                    z: float = Z95, cluster: str = "game_id", threshold: float = 3.0) -> pd.DataFrame:
    """Each other setting against ``baseline`` on the hands both played (same ``game_id``, ``hand``):
    ``mean_baseline, mean_other, diff`` (other − baseline), ``se_diff`` (paired, cluster-robust),
    ``lo, hi`` (``diff ± z·se_diff``), ``z_diff``, ``n_pairs``, ``sign_flip`` (the two estimates
    have opposite signs and each one's ``z`` interval excludes 0) and ``changes`` (``|z_diff| > threshold`` or ``sign_flip``).

    A ratio metric's paired error linearises each setting's ratio (residual ``num − R·den``
    divided by the total of ``den``) and takes the per-match difference of those residuals.

    >>> m = pd.DataFrame({"setting": ["a"] * 3 + ["b"] * 3, "game_id": [0, 1, 2] * 2, "hand": 0,
    ...                   "drawn": [0, 1, 0, 1, 1, 0]})
    >>> r = paired_settings(m, "a", metrics=["drawn"]).iloc[0]
    >>> r["other"], round(float(r["diff"]), 4), int(r["n_pairs"])
    ('b', 0.3333, 3)
    """
    names = list(METRICS) if metrics is None else list(metrics)
    settings = list(dict.fromkeys(measures["setting"].astype(str)))
    if baseline not in settings:
        raise ValueError(f"baseline {baseline!r} is not among the settings {settings}")
    base = measures[measures["setting"] == baseline]
    rows = []
    for other in settings:
        if other == baseline:
            continue
        o = measures[measures["setting"] == other]
        pair = base.merge(o, on=["game_id", "hand"], suffixes=("_a", "_b"), validate="one_to_one")
        if len(pair) == 0:
            raise ValueError(f"settings {baseline!r} and {other!r} share no hands: play them in one run")
        cl = pair[cluster if cluster in ("game_id", "hand") else f"{cluster}_a"].to_numpy()
        for m in names:
            label, (num, den) = (m if isinstance(m, tuple) else (m, _spec(m, METRICS)))
            parts = {}
            for side in ("a", "b"):
                parts[side] = _estimate(pair[f"{num}_{side}"].to_numpy(dtype=float),
                                        None if den is None else pair[f"{den}_{side}"].to_numpy(dtype=float), cl)
            (ea, ra, sa), (eb, rb, sb) = parts["a"], parts["b"]
            diff = eb - ea
            se = _se(rb / sb - ra / sa, 1.0) if sa > 0 and sb > 0 else math.nan
            se_a, se_b = _se(ra, sa), _se(rb, sb)
            zd = diff / se if se and se > 0 else math.nan
            flip = bool(np.sign(ea) * np.sign(eb) < 0 and abs(ea) > z * se_a and abs(eb) > z * se_b)
            rows.append({"baseline": baseline, "other": other, "metric": label, "mean_baseline": ea,
                         "mean_other": eb, "diff": diff, "se_diff": se, "lo": diff - z * se, "hi": diff + z * se,
                         "z_diff": zd, "n_pairs": len(pair), "sign_flip": flip,
                         "changes": bool((abs(zd) > threshold) if not math.isnan(zd) else False) or flip})
    return pd.DataFrame(rows)


def changed(table: pd.DataFrame) -> pd.DataFrame:
    """The rows of a :func:`paired_settings` table flagged ``changes``."""
    return table[table["changes"]]


__all__ = ["METRICS", "element_metric", "hand_measures", "setting_summary", "paired_settings", "changed"]
