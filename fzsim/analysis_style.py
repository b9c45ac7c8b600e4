"""Play style per seat-hand by the policy that played the seat, for every pack.

:func:`fzsim.analysis.play_style` describes a results folder (or a policy setting of one) as a
whole, from each hand's first win. :func:`policy_play_style` splits each setting by the policy of
each seat — guard at seat 0 against three greedy seats gives a guard row and a greedy row — and
counts every win of a hand (一炮多响 under ``multi_win``, 血战到底's three wins under ``winners_to_end``)
from the wins table:

* ``seat_hands``: hands × the seats that policy played;
* ``wins``, ``win_rate`` per seat-hand; ``selfdraws`` and ``selfdraw_share`` of those wins (the
  winner drew the tile: every win type but a discard win and a robbed kong — a self-draw
  that a feeder pays for under 包 (互包, RULES-PACKS §4.4) counts); ``deal_ins``, ``deal_in_rate`` per seat-hand (wins the seat paid as the
  discarder: the hands table's ``dealins_*``); ``drawn``, ``drawn_rate``: its seat-hands in hands
  nobody won — each with a Wilson interval (``*_lo``, ``*_hi``);
* ``claims`` (chows, pungs, exposed kongs), ``declines`` (wins offered and declined) and
  ``folds`` (discards chosen for safety over the best offensive one: guard, value, rollout) per
  seat-hand: means with standard errors (``*_se``), NaN where the results predate the column.

The policy of each seat comes from the folder's manifest (``policies``, or ``policy_sets`` in a
run of several settings); a DataFrame needs a ``policy`` column holding the setting's label
(``"guard"`` or four names ``"guard,greedy,greedy,greedy"``) or ``policies=`` (four names).
"""
from __future__ import annotations

import math
import os
from collections.abc import Sequence

import numpy as np
import pandas as pd

from fzsim.results_reader import column_names
from fzsim.stats import Z95, wilson_interval

#: win types a discarder pays (fzsim.analysis.DEAL_IN_TYPES); any other win was drawn by its winner
DEAL_IN_TYPES = ("discard", "robbed_kong")
#: per-seat counters of the hands table, by what they count
SEAT_COUNTERS = {"claims": "claims_", "declines": "declines_", "folds": "folds_"}
COLUMNS = ["variant", "policy", "seats", "hands", "seat_hands",
           "wins", "win_rate", "win_lo", "win_hi",
           "selfdraws", "selfdraw_share", "selfdraw_lo", "selfdraw_hi",
           "deal_ins", "deal_in_rate", "deal_in_lo", "deal_in_hi",
           "drawn", "drawn_rate", "drawn_lo", "drawn_hi",
           "claims", "claims_se", "declines", "declines_se", "folds", "folds_se"]


def seat_policies(label: str) -> list[str]:
    """The four seats' policies of a setting's label: one name for every seat, or four names
    joined by commas.

    >>> seat_policies("guard"), seat_policies("guard,greedy,greedy,random")
    (['guard', 'guard', 'guard', 'guard'], ['guard', 'greedy', 'greedy', 'random'])
    """
    parts = [p.strip() for p in str(label).split(",")]
    if len(parts) == 4:
        return parts
    if len(parts) == 1 and parts[0]:
        return parts * 4
    raise ValueError(f"policy label {label!r}: give one policy name or four joined by commas")


def _folder_seats(path: str) -> dict[str, list[str]]:
    """{variant label as fzsim.analysis reads it: seats' policies} of a results folder."""
    from fzsim import analysis

    info = analysis.run_info(path) or {}
    sets = info.get("policy_sets") or {}
    labels = analysis.check_results_dir(path)
    if sets:
        return {v: [str(p) for p in sets[v.rsplit("/", 1)[1]]] for v in labels}
    seats = seat_policies(analysis.policy_label(path))
    return {v: seats for v in labels}


def _source(src, wins, policies, variants):
    """(hands, wins or None, {variant: seats' policies}) of one source."""
    from fzsim import analysis
    from fzsim import analysis_wins as aw

    names = column_names(src)
    cols = ["game_id", "hand", "outcome", "winner", "discarder", "win_type"]
    cols += [f"{prefix}{s}" for prefix in ("dealins_", *SEAT_COUNTERS.values()) for s in range(4)
             if f"{prefix}{s}" in names]
    if isinstance(src, pd.DataFrame):
        if policies is None and "policy" not in src.columns:
            raise ValueError("a DataFrame needs a 'policy' column (the setting's label, e.g. 'guard' or"
                             " 'guard,greedy,greedy,greedy') or policies= (four names)")
        h = analysis.read_columns(src, cols, variants)
        h["variant"] = h["variant"].astype(str)
        if policies is not None:
            seats = {v: seat_policies(",".join(policies) if not isinstance(policies, str) else policies)
                     for v in h["variant"].unique()}
        else:
            labels = src["policy"].astype(str)
            h["_label"] = labels.loc[h.index].to_numpy()
            seats = None
        w = None
        if wins is not None:
            w = aw.read_wins(wins, ["game_id", "hand", "record", "seat", "win_type"], variants)
    else:
        h = analysis.read_columns(src, cols, variants)
        h["variant"] = h["variant"].astype(str)
        seats = _folder_seats(os.fspath(src))
        w = (aw.read_wins(wins if wins is not None else src, ["game_id", "hand", "record", "seat", "win_type"],
                          variants) if aw.has_wins_table(src) else None)
    if w is not None:
        w = w[w["record"] == "win"]
    return h, w, seats


def _per_seat(h: pd.DataFrame, w: pd.DataFrame | None) -> dict[int, dict]:
    """Per seat of one group of hands: counts and the per-hand counter values."""
    n = len(h)
    nobody = (h["outcome"].astype(str) == "draw").to_numpy()     # (a hand ended by a fault is not drawn)
    out = {}
    if w is not None:
        keys = pd.MultiIndex.from_frame(h[["game_id", "hand"]])
        w = w[pd.MultiIndex.from_frame(w[["game_id", "hand"]]).isin(keys)]
    for s in range(4):
        if w is not None:
            mine = w[w["seat"].to_numpy() == s]
            wins = len(mine)
            selfdraws = int((~np.isin(mine["win_type"].astype(str).to_numpy(), DEAL_IN_TYPES)).sum())
        else:                   # no wins table: each hand's (first) win
            won = ~nobody & (h["winner"].to_numpy() == s)
            wins = int(won.sum())
            selfdraws = int((won & ~np.isin(h["win_type"].astype(str).to_numpy(), DEAL_IN_TYPES)).sum())
        if f"dealins_{s}" in h.columns:
            deal_ins = int(h[f"dealins_{s}"].to_numpy(dtype=np.int64).sum())
        else:
            paid = ~nobody & np.isin(h["win_type"].astype(str).to_numpy(), DEAL_IN_TYPES)
            deal_ins = int((paid & (h["discarder"].to_numpy() == s)).sum())
        counters = {name: (h[f"{prefix}{s}"].to_numpy(dtype=float) if f"{prefix}{s}" in h.columns else None)
                    for name, prefix in SEAT_COUNTERS.items()}
        out[s] = {"hands": n, "wins": wins, "selfdraws": selfdraws, "deal_ins": deal_ins,
                  "drawn": int(nobody.sum()), "counters": counters}
    return out


def policy_play_style(results, *, wins=None, policies: Sequence[str] | str | None = None,
                      variants: Sequence[str] | None = None, z: float = Z95) -> pd.DataFrame:
    """Play style per seat-hand, one row per variant (``VARIANT/SETTING`` in a run of several
    policy settings) and policy of a seat: see the module's text for the columns.

    ``results``: a results folder, a hands DataFrame (``wins``: its wins DataFrame, for every
    win of a hand; without it each hand's first win counts), or a list of folders. ``policies``:
    four names (or one label) for a DataFrame without a ``policy`` column.

    >>> df = pd.DataFrame({"variant": "v", "policy": "guard,greedy,greedy,greedy", "game_id": [0, 1, 2],
    ...                    "hand": 0, "outcome": ["win", "win", "draw"], "winner": [0, 2, -1],
    ...                    "discarder": [-1, 0, -1], "win_type": ["selfdraw", "discard", "none"]})
    >>> t = policy_play_style(df)
    >>> t[["policy", "seats", "seat_hands", "wins", "selfdraws", "deal_ins", "drawn"]].values.tolist()
    [['greedy', '1,2,3', 9, 1, 0, 0, 3], ['guard', '0', 3, 1, 1, 1, 1]]
    """
    from fzsim.analysis import check_sources

    sources, z = check_sources(results, z)
    if wins is not None and len(sources) > 1:
        raise ValueError("wins= goes with one hands DataFrame; pass folders to read several")
    acc: dict[tuple[str, str], dict] = {}
    for src in sources:
        h, w, seats = _source(src, wins, policies, variants)
        groups = (h.groupby(["variant", "_label"], sort=True) if seats is None
                  else h.groupby("variant", sort=True))
        for key, g in groups:
            variant, label = key if seats is None else (key if isinstance(key, str) else key[0], None)
            who = seat_policies(label) if seats is None else seats[variant]
            per = _per_seat(g, None if w is None else w[w["variant"] == variant])
            for s in range(4):
                a = acc.setdefault((variant, who[s]), {"seats": set(), "hands": 0, "seat_hands": 0, "wins": 0,
                                                       "selfdraws": 0, "deal_ins": 0, "drawn": 0,
                                                       "values": {k: [] for k in SEAT_COUNTERS}})
                p = per[s]
                a["seats"].add(s)
                a["hands"] += p["hands"] if s == min(i for i in range(4) if who[i] == who[s]) else 0
                a["seat_hands"] += p["hands"]
                for k in ("wins", "selfdraws", "deal_ins", "drawn"):
                    a[k] += p[k]
                for k, v in p["counters"].items():
                    a["values"][k].append(v)
    rows = []
    for (variant, policy), a in sorted(acc.items()):
        row = {"variant": variant, "policy": policy, "seats": ",".join(map(str, sorted(a["seats"]))),
               "hands": a["hands"], "seat_hands": a["seat_hands"], "wins": a["wins"], "selfdraws": a["selfdraws"],
               "deal_ins": a["deal_ins"], "drawn": a["drawn"]}
        for k, parts in a["values"].items():
            if parts and all(v is not None for v in parts):
                v = np.concatenate(parts)
                row[k] = float(v.mean())
                row[f"{k}_se"] = float(v.std(ddof=1) / math.sqrt(len(v))) if len(v) > 1 else math.nan
            else:
                row[k], row[f"{k}_se"] = math.nan, math.nan
        rows.append(row)
    out = pd.DataFrame(rows)
    for name, count, n in (("win", "wins", "seat_hands"), ("selfdraw", "selfdraws", "wins"),
                           ("deal_in", "deal_ins", "seat_hands"), ("drawn", "drawn", "seat_hands")):
        rate = "selfdraw_share" if name == "selfdraw" else f"{name}_rate"
        c, m = out[count].to_numpy(float), out[n].to_numpy(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[rate] = np.where(m > 0, c / np.where(m > 0, m, 1), math.nan)
        lo, hi = wilson_interval(c, m, z)
        out[f"{name}_lo"] = np.where(m > 0, lo, math.nan)
        out[f"{name}_hi"] = np.where(m > 0, hi, math.nan)
    return out[COLUMNS]
