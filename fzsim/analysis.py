"""Analysis of simulated hands: rates with intervals, seat and dealer balance, variant comparison, play style.

Every function takes ``data``: either a pandas DataFrame with the result columns
(``fzsim.load`` output, contract 4) or the path of a results folder
(``DIR/variant=NAME/part-*.parquet``). Given a folder, only the columns the
function needs are read (a pyarrow dataset scan), so 10,000,000-hand results fit
in memory: :func:`rates` reads about a dozen narrow columns, :func:`balance` six.

Conventions
-----------
* Rates are per hand: ``count / n`` with a Wilson 95% interval (``lo``, ``hi``).
* Seats are 0..3; the *role* of a seat in a hand is ``dealer`` or ``nondealer``.
  Per-role rates divide by the number of seat-hands of that role (one dealer and
  three non-dealers per hand), so they read "per seat of that role".
* Score figures use the four ``delta_*`` columns (zero-sum per hand).
* Standard errors are ``std / sqrt(n)`` of per-hand values (hands are
  independent when ``hands_per_match == 1``; with longer matches, hands within a
  match are correlated and these errors are somewhat optimistic).

Example (with any results folder made by ``fzsim run`` / ``fzsim.simulate``; here 100,000 hands
of a variant file ``house.toml`` whose ``[rules]`` set ``gold_discard = "forbidden"``, played by
``fzsim run --variant house.toml --hands 100000 --out runs/demo``)::

    >>> import fzsim.analysis as fa                              # doctest: +SKIP
    >>> fa.rates("runs/demo", families=("win_type",))            # doctest: +SKIP
      variant    family        event  count       n     rate        lo        hi
    0   house  win_type     selfdraw  20417  100000  0.20417  0.201683  0.206680
    ...
"""
from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence

import numpy as np
import pandas as pd

from fzsim import analysis_wins
from fzsim.analysis_wins import SETTLEMENT_KINDS
from fzsim.pack_registry import DEFAULT_PACK
from fzsim.results_reader import (  # noqa: F401  (also read as fzsim.analysis.<name>, e.g. by the report)
    _variant_dirs, check_results_dir, column_names, has_wins_table, read_columns, read_wins, reading_incomplete,
    run_info)
from fzsim.stats import Z95, wilson_interval  # noqa: F401  (fzsim.analysis.wilson_interval)
from fzsim.shanten_turns import shanten_by_turn, turn_shanten  # noqa: F401  (replayed hands: own module)
from fzsim.storage import SPECIALS_PACKS, read_part_metadata


WIN_TYPE_NAMES = ("selfdraw", "discard", "robbed_kong", "qiangjin", "sanjindao", "tianhu")
SPECIAL_COLUMNS = ("tianhu", "qiangjin", "sanjindao", "jinque", "jinlong",
                   "pinghu_noflower", "pinghu_oneflower")
FLAG_COLUMNS = ("selfdraw", "kong_replacement", "robbed_kong", "last_tile", "xianjin", "last_group")
DELTAS = [f"delta_{s}" for s in range(4)]
FAMILIES = ("outcome", "win_type", "special", "flag", "youjin")
#: families read from the wins table (one row per win and settlement): patterns each win counted
#: and the end-of-hand settlements; with a wins table, ``win_type`` is read from it too
WINS_FAMILIES = ("pattern", "settlement")
PER_CHOICES = (None, "seat", "role")


# ----------------------------------------------------------------------------
# Small statistics helpers
# ----------------------------------------------------------------------------

def _mean_se(values: pd.Series | np.ndarray) -> tuple[float, float, int]:
    v = np.asarray(values, dtype=float)
    n = v.size
    if n == 0:
        return (math.nan, math.nan, 0)
    se = float(v.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    return (float(v.mean()), se, n)


def _is(column: pd.Series, value: str) -> np.ndarray:
    """Boolean array ``column == value`` that stays fast on categorical columns."""
    return (column == value).to_numpy(dtype=bool)


def _check_per(per):
    if per not in PER_CHOICES:
        raise ValueError(f"per={per!r}: allowed None, 'seat', 'role'")


# ----------------------------------------------------------------------------
# Rates
# ----------------------------------------------------------------------------

def _event_columns(families) -> list[str]:
    cols = ["outcome", "winner", "dealer"]
    if "win_type" in families:
        cols.append("win_type")
    if "special" in families:
        cols += SPECIAL_COLUMNS
    if "flag" in families:
        cols += FLAG_COLUMNS
    if "youjin" in families:
        cols.append("youjin_level")
    return cols


def _indicators(df: pd.DataFrame, families) -> dict[tuple[str, str], np.ndarray]:
    """(family, event) -> boolean per hand."""
    won = _is(df["outcome"], "win")
    out: dict[tuple[str, str], np.ndarray] = {}
    if "outcome" in families:
        out[("outcome", "win")] = won
        out[("outcome", "draw")] = _is(df["outcome"], "draw")
        fault = _is(df["outcome"], "fault")
        if fault.any():                 # a hand ended by a seat's fault: neither won nor drawn
            out[("outcome", "fault")] = fault
    if "win_type" in families:
        for name in WIN_TYPE_NAMES:
            out[("win_type", name)] = _is(df["win_type"], name)
    if "special" in families:
        for name in SPECIAL_COLUMNS:
            out[("special", name)] = df[name].to_numpy(dtype=bool) & won
    if "flag" in families:
        for name in FLAG_COLUMNS:
            out[("flag", name)] = df[name].to_numpy(dtype=bool) & won
    if "youjin" in families:
        lvl = df["youjin_level"].to_numpy()
        for level, name in enumerate(("none", "single", "double", "triple")):
            out[("youjin", name)] = won & (lvl == level)
    return out


def _other_packs(data, wins) -> bool:
    """Whether the results hold a variant of a pack whose patterns are not the hands table's specials
    (`PackEntry.row_specials`; the default families then show its patterns and settlements); a
    folder of the other packs only keeps its families."""
    if isinstance(wins, pd.DataFrame):       # such a pack: settlements, or a base pattern on every win
        settled = "record" in wins.columns and bool((wins["record"].astype(str) != "win").any())
        return settled or ("base_pattern" in wins.columns and bool((wins["base_pattern"] >= 0).any()))
    info = run_info(data if not isinstance(data, pd.DataFrame) else wins) or {}
    packs = {str((v or {}).get("rules", {}).get("pack", DEFAULT_PACK)) for v in (info.get("variants") or {}).values()}
    return not packs or bool(packs - set(SPECIALS_PACKS))


def _wins_indicators(hands: pd.DataFrame, wins: pd.DataFrame, families,
                     patterns=()) -> dict[tuple[str, str], np.ndarray]:
    """(family, event) -> (hands, 4) booleans from the wins table: which seats had the event in
    each hand (a win of that type or pattern: its winner; a settlement: the receiving seat)."""
    keys = _hand_keys(hands)
    order = np.argsort(keys, kind="stable")
    wkeys = _hand_keys(wins)
    pos = np.searchsorted(keys[order], wkeys)
    pos = np.minimum(pos, len(keys) - 1)
    known = keys[order][pos] == wkeys
    row = order[pos][known]
    w = wins[known]
    seat = w["seat"].to_numpy(dtype=np.int64)
    record = w["record"].astype(str).to_numpy()
    is_win = record == "win"

    def matrix(mask):
        out = np.zeros((len(hands), 4), dtype=bool)
        out[row[mask], seat[mask]] = True
        return out

    out: dict[tuple[str, str], np.ndarray] = {}
    if "win_type" in families:
        wt = w["win_type"].astype(str).to_numpy()
        for name in WIN_TYPE_NAMES:
            out[("win_type", name)] = matrix(is_win & (wt == name))
    if "pattern" in families:
        flat = w["patterns_named"].reset_index(drop=True).explode()
        flat = flat[flat.notna() & is_win[flat.index.to_numpy()]]
        idx = flat.index.to_numpy()
        names = flat.astype(str).to_numpy()
        for name in patterns:
            hit = np.zeros(len(w), dtype=bool)
            hit[idx[names == name]] = True
            out[("pattern", name)] = matrix(hit)
    if "settlement" in families:
        for name in SETTLEMENT_KINDS:
            out[("settlement", name)] = matrix(record == name)
    return out


def rates(data, per: str | None = None, families: Sequence[str] | None = None,
          variants: Sequence[str] | None = None, z: float = Z95, wins=None) -> pd.DataFrame:
    """Per-hand rates with Wilson intervals, per variant (and per seat or role).

    Families: ``outcome`` (win, draw; and fault when a hand ended by a seat's
    fault, a Botzone bot's error), ``win_type`` (selfdraw, discard,
    robbed_kong, qiangjin, sanjindao, tianhu), ``special`` (every special of a
    won hand), ``flag`` (win flags) and ``youjin`` (游金 level of the win: none,
    single, double, triple). ``per=None`` counts hands; ``per="seat"`` counts
    hands the seat won (the event then belongs to the winner; ``draw`` and
    ``fault`` stay per hand); ``per="role"`` splits by whether the winner was the dealer, and
    divides a non-dealer count by 3 × hands (one figure per non-dealer seat).

    With a wins table (a results folder written with one, or ``wins=fzsim.load(DIR,
    table="wins")`` beside a hands frame) every win of a hand counts, not only its first: a
    ``win_type`` rate is the share of hands with a win of that type (per seat: hands that seat
    won that way), and two more families are read from it: ``pattern`` (hands with a win
    counting the pattern, by the pack's names) and ``settlement`` (hands with a 查叫 ``chajiao``,
    查花猪 ``huazhu`` or 查大叫 ``dajiao`` payment; per seat: the receiving seat). ``families``
    defaults to FAMILIES, plus those two where a variant is of a pack with patterns of its own.

    Returns a long DataFrame: ``variant, [seat | role], family, event, count, n,
    rate, lo, hi``.

    >>> df = pd.DataFrame({"variant": ["v"] * 4, "outcome": ["win", "win", "draw", "win"],
    ...                    "winner": [0, 1, -1, 0], "dealer": [0, 0, 0, 1],
    ...                    "win_type": ["selfdraw", "discard", "none", "tianhu"]})
    >>> r = rates(df, families=("outcome", "win_type"))
    >>> r.loc[r.event == "win", ["count", "n", "rate"]].to_numpy().tolist()
    [[3.0, 4.0, 0.75]]
    >>> r = rates(df, per="role", families=("outcome",))
    >>> r.loc[r.event == "win", ["role", "count", "n"]].to_numpy().tolist()
    [['dealer', 1, 4], ['nondealer', 2, 12]]
    """
    _check_per(per)
    if wins is None and not isinstance(data, pd.DataFrame):
        wins = os.fspath(data) if has_wins_table(data) else None
    if families is None:
        families = FAMILIES + (WINS_FAMILIES if wins is not None and _other_packs(data, wins) else ())
    bad = [f for f in families if f not in FAMILIES + WINS_FAMILIES]
    if bad:
        raise ValueError(f"unknown families {bad}: allowed {list(FAMILIES + WINS_FAMILIES)}")
    if wins is None and any(f in WINS_FAMILIES for f in families):
        raise ValueError(f"families {[f for f in families if f in WINS_FAMILIES]} are read from the wins table:"
                         " pass a results folder that has one, or wins=fzsim.load(DIR, table='wins')")
    df = read_columns(data, _event_columns(families) + (["game_id", "hand"] if wins is not None else []), variants)
    hand_families = [f for f in families if f not in WINS_FAMILIES and not (wins is not None and f == "win_type")]
    wins_families = [f for f in families if f not in hand_families]
    wdf = None
    if wins_families:
        wdf = read_wins(wins, ["game_id", "hand", "record", "seat", "win_type", "patterns_named"], variants)
        # every variant lists the same patterns (0 where none counted them): the tables line up
        patterns = sorted({str(p) for p in wdf["patterns_named"].explode().dropna()})
    rows = []
    for variant, g in df.groupby("variant", sort=True, observed=True):
        ind = _indicators(g, hand_families)
        seat_ind = {} if wdf is None else _wins_indicators(g, wdf[wdf["variant"] == str(variant)], wins_families,
                                                            patterns)
        n_hands = len(g)
        winner = g["winner"].to_numpy()
        dealer = g["dealer"].to_numpy()
        if per is None:
            groups = [(None, np.ones(n_hands, bool), n_hands)]
        elif per == "seat":
            groups = [(s, winner == s, n_hands) for s in range(4)]
        else:
            is_dealer = winner == g["dealer"].to_numpy()
            groups = [("dealer", is_dealer, n_hands), ("nondealer", (winner >= 0) & ~is_dealer, 3 * n_hands)]
        for key, mask, n in groups:
            for (family, event), hit in ind.items():
                if per is not None and family == "outcome" and event in ("draw", "fault"):
                    count = int(hit.sum())
                    n_use = n_hands
                else:
                    count = int((hit & mask).sum())
                    n_use = n
                row = {"variant": variant}
                if per is not None:
                    row[per] = key
                row.update(family=family, event=event, count=count, n=n_use)
                rows.append(row)
            for (family, event), hit in seat_ind.items():   # (hands, 4): which seats had the event
                if per is None:
                    count = int(hit.any(axis=1).sum())
                elif per == "seat":
                    count = int(hit[:, key].sum())
                else:
                    at_dealer = hit[np.arange(n_hands), dealer]
                    count = int(at_dealer.sum()) if key == "dealer" else int(hit.sum() - at_dealer.sum())
                row = {"variant": variant}
                if per is not None:
                    row[per] = key
                row.update(family=family, event=event, count=count, n=n)
                rows.append(row)
    out = pd.DataFrame(rows)
    out["rate"] = out["count"] / out["n"]
    out["lo"], out["hi"] = wilson_interval(out["count"], out["n"], z)
    return out


# ----------------------------------------------------------------------------
# Balance: seats, dealer, streak, score distribution
# ----------------------------------------------------------------------------

def _dealer_delta(df: pd.DataFrame) -> np.ndarray:
    return _seat_delta(df, df["dealer"].to_numpy())


def _seat_delta(df: pd.DataFrame, seat: np.ndarray) -> np.ndarray:
    """``delta_<seat[i]>`` of each row (0 where seat is -1), without a 4-wide int64 copy."""
    out = np.zeros(len(df), dtype=np.int64)
    for s in range(4):
        hit = seat == s
        out[hit] = df[f"delta_{s}"].to_numpy()[hit]
    return out


def balance(data, variants: Sequence[str] | None = None) -> pd.DataFrame:
    """Mean score delta per seat and for the dealer vs a non-dealer seat, with standard errors.

    Returns ``variant, who, mean, se, n`` with ``who`` in ``seat_0`` .. ``seat_3``,
    ``dealer`` (the dealer's delta per hand) and ``nondealer`` (the average of the
    three non-dealers' deltas per hand; it is exactly ``-dealer / 3`` because
    scores are zero-sum, listed for reading convenience).

    >>> df = pd.DataFrame({"variant": "v", "dealer": [0, 1], "delta_0": [30, -10],
    ...                    "delta_1": [-10, 30], "delta_2": [-10, -10], "delta_3": [-10, -10]})
    >>> balance(df).set_index("who")["mean"].to_dict()
    {'seat_0': 10.0, 'seat_1': 10.0, 'seat_2': -10.0, 'seat_3': -10.0, 'dealer': 30.0, 'nondealer': -10.0}
    """
    df = read_columns(data, ["dealer", *DELTAS], variants)
    rows = []
    for variant, g in df.groupby("variant", sort=True, observed=True):
        for s in range(4):
            m, se, n = _mean_se(g[f"delta_{s}"])
            rows.append({"variant": variant, "who": f"seat_{s}", "mean": m, "se": se, "n": n})
        dd = _dealer_delta(g)
        m, se, n = _mean_se(dd)
        rows.append({"variant": variant, "who": "dealer", "mean": m, "se": se, "n": n})
        total = sum(g[c].to_numpy(dtype=np.int64) for c in DELTAS)  # 0 unless a result is corrupt
        nd = (total - dd) / 3.0
        m, se, n = _mean_se(nd)
        rows.append({"variant": variant, "who": "nondealer", "mean": m, "se": se, "n": n})
    return pd.DataFrame(rows)


def streak_effect(data, max_streak: int = 5, variants: Sequence[str] | None = None,
                  z: float = Z95) -> pd.DataFrame:
    """How the dealer fares by streak ``L`` before the hand (``max_streak`` and above pooled).

    Returns ``variant, streak, n, dealer_wins, win_rate, lo, hi, dealer_mean, dealer_se``
    (``streak`` is an int; the last bucket holds every ``L >= max_streak``).
    The streak only varies when matches have more than one hand.

    >>> df = pd.DataFrame({"variant": "v", "streak": [0, 0, 1], "dealer": [0, 0, 0],
    ...                    "winner": [0, 1, 0], "delta_0": [30, -10, 60],
    ...                    "delta_1": [-10, 30, -20], "delta_2": [-10, -10, -20], "delta_3": [-10, -10, -20]})
    >>> streak_effect(df)[["streak", "n", "dealer_wins", "dealer_mean"]].to_numpy().tolist()
    [[0.0, 2.0, 1.0, 10.0], [1.0, 1.0, 1.0, 60.0]]
    """
    if int(max_streak) < 1:
        raise ValueError(f"max_streak={max_streak!r}: need at least 1")
    df = read_columns(data, ["streak", "dealer", "winner", *DELTAS], variants)
    # one pass of bincounts over (variant, bucket) instead of a pandas groupby of the whole frame
    width = int(max_streak) + 1
    bucket = np.minimum(df["streak"].to_numpy(dtype=np.int64), int(max_streak))
    key = df["variant"].cat.codes.to_numpy(dtype=np.int64) * width + bucket
    size = len(df["variant"].cat.categories) * width
    dd = _dealer_delta(df).astype(float)
    n = np.bincount(key, minlength=size)
    wins = np.bincount(key, weights=df["winner"].to_numpy() == df["dealer"].to_numpy(), minlength=size)
    total = np.bincount(key, weights=dd, minlength=size)
    rows = []
    for k in np.flatnonzero(n):
        sel = dd[key == k]
        mean = total[k] / n[k]
        # two-pass variance on the group's values: exact enough for any score scale
        se = float(np.sqrt(((sel - mean) ** 2).sum() / (n[k] - 1) / n[k])) if n[k] > 1 else math.nan
        rows.append({"variant": df["variant"].cat.categories[k // width], "streak": int(k % width),
                     "n": int(n[k]), "dealer_wins": int(wins[k]), "dealer_mean": float(mean), "dealer_se": se})
    out = pd.DataFrame(rows)
    out["win_rate"] = out["dealer_wins"] / out["n"]
    out["lo"], out["hi"] = wilson_interval(out["dealer_wins"], out["n"], z)
    return out[["variant", "streak", "n", "dealer_wins", "win_rate", "lo", "hi", "dealer_mean", "dealer_se"]]


def winner_gain(data, variants: Sequence[str] | None = None) -> pd.DataFrame:
    """One row per won hand: ``variant, win_type, gain`` (the winner's delta)."""
    df = read_columns(data, ["outcome", "winner", "win_type", *DELTAS], variants)
    df = df[_is(df["outcome"], "win")]
    gain = _seat_delta(df, df["winner"].to_numpy())
    return pd.DataFrame({"variant": df["variant"].reset_index(drop=True),
                         "win_type": df["win_type"].reset_index(drop=True), "gain": gain})


def score_quantiles(data, q: Sequence[float] = (0.05, 0.25, 0.5, 0.75, 0.95, 0.99),
                    by_win_type: bool = False, variants: Sequence[str] | None = None) -> pd.DataFrame:
    """Quantiles of the winner's gain per won hand (per variant, optionally per win type).

    Columns: ``variant, [win_type], n, mean, q05, q25, ...`` (a ``qNN`` per quantile).

    >>> df = pd.DataFrame({"variant": "v", "outcome": ["win", "win", "draw"], "winner": [0, 1, -1],
    ...                    "win_type": ["selfdraw", "discard", "none"], "delta_0": [30, -12, 0],
    ...                    "delta_1": [-10, 12, 0], "delta_2": [-10, 0, 0], "delta_3": [-10, 0, 0]})
    >>> score_quantiles(df, q=(0.5,))[["n", "mean", "q50"]].to_numpy().tolist()
    [[2.0, 21.0, 21.0]]
    """
    qs = [float(x) for x in q]
    bad = [x for x in qs if not 0 <= x <= 1]
    if bad:
        raise ValueError(f"quantiles {bad} out of range: allowed 0..1")
    wg = winner_gain(data, variants)
    keys = ["variant", "win_type"] if by_win_type else ["variant"]
    rows = []
    for key, g in wg.groupby(keys, sort=True, observed=True):
        key = key if isinstance(key, tuple) else (key,)
        row = dict(zip(keys, key))
        row["n"] = len(g)
        row["mean"] = float(g["gain"].mean())
        vals = np.quantile(g["gain"].to_numpy(dtype=float), qs)
        for x, v in zip(qs, vals):
            row[f"q{round(x * 100):02d}"] = float(v)
        rows.append(row)
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------
# Paired variant comparison
# ----------------------------------------------------------------------------

#: metrics of :func:`compare` and how each is computed per hand
METRICS = {
    "dealer_delta": "the dealer's score delta",
    "delta_0": "seat 0's delta", "delta_1": "seat 1's delta",
    "delta_2": "seat 2's delta", "delta_3": "seat 3's delta",
    "winner_gain": "the winner's delta (0 on a drawn hand)",
    "win": "1 if the hand was won",
    "dealer_win": "1 if the dealer won",
    "n_wins": "wins in the hand (several in 血战到底 and on 一炮多响)",
}


def _metric_values(df: pd.DataFrame, metric: str) -> np.ndarray:
    if metric == "dealer_delta":
        return _dealer_delta(df).astype(float)
    if metric in DELTAS:
        return df[metric].to_numpy(dtype=float)
    won = _is(df["outcome"], "win")
    if metric == "win":
        return won.astype(float)
    winner = df["winner"].to_numpy(dtype=np.int64)
    if metric == "dealer_win":
        return (winner == df["dealer"].to_numpy(dtype=np.int64)).astype(float)
    if metric == "n_wins":
        return df["n_wins"].to_numpy(dtype=float)
    if metric == "winner_gain":
        return np.where(won, _seat_delta(df, winner), 0).astype(float)
    raise ValueError(f"unknown metric {metric!r}: allowed {list(METRICS)}")


def _hand_keys(df: pd.DataFrame) -> np.ndarray:
    """One int64 per hand: game_id * 65536 + hand (hand is an int16)."""
    return df["game_id"].to_numpy(dtype=np.int64) * 65536 + df["hand"].to_numpy(dtype=np.int64)


def _shared_keys(ka: np.ndarray, kb: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Positions in ``ka`` and ``kb`` of the keys both hold, in key order.

    ``np.intersect1d`` on int64 keys instead of a pandas MultiIndex join: several
    times faster at 10,000,000 rows.
    """
    for k in (ka, kb):
        ordered = np.sort(k)
        if (ordered[1:] == ordered[:-1]).any():
            raise ValueError("results hold the same (game_id, hand) twice for one variant: not one fzsim run")
    _, ia, ib = np.intersect1d(ka, kb, assume_unique=True, return_indices=True)
    return ia, ib


def paired_differences(data, baseline: str, other: str, metric: str = "dealer_delta") -> pd.DataFrame:
    """Per-hand ``other - baseline`` of ``metric`` on the game ids both variants played.

    Returns ``game_id, hand, baseline, other, diff``. Hands present in only one
    variant are dropped (the comparison needs the same walls).
    """
    if metric not in METRICS:
        raise ValueError(f"unknown metric {metric!r}: allowed {list(METRICS)}")
    cols = ["game_id", "hand", "outcome", "winner", "dealer", *DELTAS] + (["n_wins"] if metric == "n_wins" else [])
    df = read_columns(data, cols, [baseline, other])
    if baseline == other:
        raise ValueError(f"compare a variant with a different one, got {baseline!r} twice")
    ga, gb = df[df["variant"] == baseline], df[df["variant"] == other]
    ia, ib = _shared_keys(_hand_keys(ga), _hand_keys(gb))
    a, b = ga.iloc[ia], gb.iloc[ib]
    out = pd.DataFrame({"game_id": a["game_id"].to_numpy(), "hand": a["hand"].to_numpy(),
                        "baseline": _metric_values(a, metric), "other": _metric_values(b, metric)})
    out["diff"] = out["other"] - out["baseline"]
    return out


def compare(data, baseline: str | None = None, metrics: Sequence[str] = ("dealer_delta", "winner_gain", "win"),
            variants: Sequence[str] | None = None) -> pd.DataFrame:
    """Paired comparison of each variant against ``baseline`` on shared game ids.

    For every other variant and metric: ``mean_baseline, mean_other, mean_diff,
    se_diff`` (standard error of the per-hand differences), ``se_unpaired`` (what
    the error would be for independent samples of the same size, to show what
    pairing buys), ``z`` and ``n_pairs``. ``baseline`` defaults to the first
    variant in name order.

    >>> df = pd.DataFrame({"variant": ["a", "a", "b", "b"], "game_id": [0, 1, 0, 1], "hand": 0,
    ...                    "outcome": "win", "winner": 0, "dealer": 0,
    ...                    "delta_0": [30, 60, 33, 66], "delta_1": [-10, -20, -11, -22],
    ...                    "delta_2": [-10, -20, -11, -22], "delta_3": [-10, -20, -11, -22]})
    >>> compare(df, "a", metrics=("dealer_delta",))[["other", "mean_diff", "n_pairs"]].to_numpy().tolist()
    [['b', 4.5, 2]]
    """
    bad = [m for m in metrics if m not in METRICS]
    if bad:
        raise ValueError(f"unknown metric(s) {bad}: allowed {list(METRICS)}")
    names = (sorted(str(v) for v in read_columns(data, [], variants)["variant"].unique())
             if variants is None else list(variants))
    if len(names) < 2:
        raise ValueError(f"a comparison needs two or more variants, the results hold {names}")
    if baseline is None:
        baseline = names[0]
    if baseline not in names:
        raise ValueError(f"baseline {baseline!r} is not among the variants {names}")
    # (n_wins only when asked: results made before the column existed compare the rest)
    cols = ["game_id", "hand", "outcome", "winner", "dealer", *DELTAS] + (["n_wins"] if "n_wins" in metrics else [])
    df = read_columns(data, cols, variants)  # (no filter when every variant is wanted)
    # whole-column numpy work: per-variant row positions, one int64 key per hand, each metric once
    codes = df["variant"].cat.codes.to_numpy()
    cats = list(df["variant"].cat.categories)
    rows_of = {v: np.flatnonzero(codes == cats.index(v)) for v in names}
    keys = _hand_keys(df)
    values = {m: _metric_values(df, m) for m in metrics}
    rows = []
    for other in names:
        if other == baseline:
            continue
        ia, ib = _shared_keys(keys[rows_of[baseline]], keys[rows_of[other]])
        if len(ia) == 0:
            raise ValueError(f"variants {baseline!r} and {other!r} share no game ids: run them with the same seed and games")
        pa_, pb_ = rows_of[baseline][ia], rows_of[other][ib]
        for metric in metrics:
            va = values[metric][pa_]
            vb = values[metric][pb_]
            mean_d, se_d, n = _mean_se(vb - va)
            se_unpaired = math.sqrt(va.var(ddof=1) / n + vb.var(ddof=1) / n) if n > 1 else math.nan
            rows.append({"baseline": baseline, "other": other, "metric": metric,
                         "mean_baseline": float(va.mean()), "mean_other": float(vb.mean()),
                         "mean_diff": mean_d, "se_diff": se_d, "se_unpaired": se_unpaired,
                         "z": mean_d / se_d if se_d and se_d > 0 else math.nan, "n_pairs": n})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------
# Play style
# ----------------------------------------------------------------------------

#: what :func:`play_style` may group by
PLAY_STYLE_BY = ("variant", "policy")
#: win types where a discarder pays (a discard win and a robbed kong): the discarder "deals in"
DEAL_IN_TYPES = ("discard", "robbed_kong")
CLAIMS = [f"claims_{s}" for s in range(4)]
DECLINES = [f"declines_{s}" for s in range(4)]
FOLDS = [f"folds_{s}" for s in range(4)]
_PLAY_REQUIRED = ["outcome", "winner", "discarder", "win_type", "turns", *DELTAS]


def _policy_name(seats) -> str:
    """One label for a run's four seat policies: the name when every seat plays it, else ``a,b,c,d``."""
    seats = [str(s) for s in seats]
    return seats[0] if len(set(seats)) == 1 else ",".join(seats)


def policy_label(path) -> str:
    """The policy setting a results folder was played with, as one label (``"greedy"``,
    ``"guard,greedy,greedy,greedy"`` for mixed seats).

    Read from ``_manifest.json`` (``policies``), else from a part's ``fzsim.policies`` metadata.
    Raises ``ValueError`` when the folder records neither.
    """
    info = run_info(path)
    seats = (info or {}).get("policies")
    if not seats:
        path = os.fspath(path)
        for d in _variant_dirs(path):
            parts = sorted(f for f in os.listdir(os.path.join(path, d))
                           if f.endswith(".parquet") and not f.startswith((".", "_")))
            if parts:
                raw = read_part_metadata(os.path.join(path, d, parts[0])).get("policies")
                if raw:
                    try:
                        seats = json.loads(raw)
                    except ValueError:
                        seats = [p.strip() for p in raw.split(",")]
                break
    if not seats or not isinstance(seats, (list, tuple)):
        raise ValueError(f"results in {os.fspath(path)!r} do not record their policies "
                         "(no _manifest.json and no fzsim.policies part metadata)")
    return _policy_name(seats)


def _check_by(by) -> tuple[str, ...]:
    by = (by,) if isinstance(by, str) else tuple(by)
    bad = [b for b in by if b not in PLAY_STYLE_BY]
    if not by or bad or len(set(by)) != len(by):
        raise ValueError(f"by={by!r}: give one or both of {list(PLAY_STYLE_BY)}, each once")
    return by


def _play_frame(source, by: tuple[str, ...], variants) -> tuple[pd.DataFrame, bool]:
    """One source's needed columns (+ ``policy``), and whether it has the claims/declines columns."""
    names = column_names(source)
    optional = all(c in names for c in CLAIMS + DECLINES)
    cols = _PLAY_REQUIRED + (CLAIMS + DECLINES if optional else [])
    cols += FOLDS if all(c in names for c in FOLDS) else []   # added after claims/declines
    want_policy = "policy" in by
    if isinstance(source, pd.DataFrame):
        if want_policy and "policy" not in names:
            raise ValueError("by includes 'policy' but the DataFrame has no 'policy' column: add one "
                             "(df['policy'] = 'greedy') or pass the results folder, which records its policies")
        df = read_columns(source, cols + (["policy"] if want_policy else []), variants, fold_policy=False)
        if want_policy:
            df["policy"] = df["policy"].astype(str)
    elif any("/" in label for label in check_results_dir(source)):
        # a run of several policy settings: each row's setting is its policy=LABEL partition
        df = read_columns(source, cols + ["policy"], variants)
        if want_policy:       # VARIANT/LABEL back to the variant, the label in ``policy``
            df["variant"] = [v.rsplit("/", 1)[0] for v in df["variant"].astype(str)]
            df["policy"] = df["policy"].astype(str)
        else:                 # each setting its own group, as a variant
            df = df.drop(columns="policy")
    else:
        df = read_columns(source, cols, variants)
        if want_policy:
            df["policy"] = policy_label(source)
    df["variant"] = df["variant"].astype(str)
    return df, optional


def check_sources(results, z: float) -> tuple[list, float]:
    """``results`` (a results folder, a DataFrame or a list of them) as a list, and ``z`` as a
    float; ValueError for no sources, another kind of source or a z that is not positive."""
    z = float(z)
    if not z > 0:
        raise ValueError(f"z={z!r}: need a positive normal quantile (1.96 for 95%)")
    sources = list(results) if isinstance(results, (list, tuple)) else [results]
    if not sources:
        raise ValueError("no results given: pass a results folder, a DataFrame or a list of them")
    for src in sources:
        if not isinstance(src, (pd.DataFrame, str, os.PathLike)):
            raise ValueError(f"results must be a results folder, a DataFrame or a list of them, got {type(src).__name__}")
    return sources, z


def play_style(results, by: Sequence[str] | str = ("variant",), variants: Sequence[str] | None = None,
               z: float = Z95) -> pd.DataFrame:
    """How the players played: per group (``by`` = ``("variant",)``, ``("variant", "policy")`` or ``("policy",)``).

    ``results`` is a results folder, a DataFrame, or a list of them (e.g. one folder per policy
    setting: each folder's policies come from its manifest). A DataFrame grouped by ``policy``
    needs a ``policy`` column. One row per group:

    * ``hands``, ``seat_hands`` (4 × hands);
    * ``draws`` and ``drawn_rate`` per hand; ``wins`` and ``win_rate`` per seat-hand;
      ``deal_ins`` and ``deal_in_rate`` per seat-hand (the seat discarded the winning tile: a
      discard win or a robbed kong); ``selfdraws`` and ``selfdraw_share`` of wins (every win no
      discarder pays for: self-draw, 抢金, 三金倒, 天胡) — each with a Wilson interval
      (``*_lo``, ``*_hi``);
    * ``claims`` (chows, pungs and exposed kongs called) and ``declines`` (wins offered and
      declined) per seat-hand, ``win_score`` (the winner's delta per won hand) and ``turns``
      per hand — means with standard errors (``*_se``; claims and declines from per-hand
      means over the four seats). Results made before the per-seat ``claims_*`` /
      ``declines_*`` columns existed give NaN there (``recorded`` is False);
    * ``folds`` per seat-hand (discards chosen for safety over the best offensive one, counted by
      guard, value and rollout), NaN for results made before the ``folds_*`` columns. Mean
      shanten by turn needs the hands replayed: :func:`shanten_by_turn`.

    Seat-hands of one hand are not independent (at most one seat wins); the Wilson interval
    on 4 × hands treats them as if they were, which for win and deal-in errs on the wide side.

    >>> df = pd.DataFrame({"variant": "v", "outcome": ["win", "win", "draw", "win"],
    ...                    "winner": [0, 1, -1, 2], "discarder": [-1, 3, -1, 0],
    ...                    "win_type": ["selfdraw", "discard", "none", "robbed_kong"], "turns": [10, 20, 30, 40],
    ...                    "delta_0": [30, 0, 0, -8], "delta_1": [-10, 6, 0, 0],
    ...                    "delta_2": [-10, 0, 0, 8], "delta_3": [-10, -6, 0, 0]})
    >>> s = play_style(df).iloc[0]
    >>> [int(s[c]) for c in ("hands", "draws", "wins", "deal_ins", "selfdraws")]
    [4, 1, 3, 2, 1]
    >>> float(s["win_rate"]), float(s["deal_in_rate"]), float(s["win_score"]), bool(s["recorded"])
    (0.1875, 0.125, 14.666666666666666, False)
    """
    by = _check_by(by)
    sources, z = check_sources(results, z)
    frames, recorded = [], []
    for src in sources:
        df, opt = _play_frame(src, by, variants)
        df["_recorded"] = opt
        frames.append(df)
        recorded.append(opt)
    df = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0]
    if not all(recorded):   # pooled with an old source: its claims/declines are unknown
        for c in CLAIMS + DECLINES:
            if c in df.columns:
                df[c] = df[c].where(df["_recorded"])
    rows = []
    for key, g in df.groupby(list(by), sort=True, observed=True):
        key = key if isinstance(key, tuple) else (key,)
        n = len(g)
        won = _is(g["outcome"], "win")
        wt = g["win_type"].astype(str).to_numpy()
        paid = won & np.isin(wt, DEAL_IN_TYPES) & (g["discarder"].to_numpy() >= 0)
        gain = _seat_delta(g, np.where(won, g["winner"].to_numpy(), -1))[won]
        row = dict(zip(by, key))
        row.update(hands=n, seat_hands=4 * n, draws=int(_is(g["outcome"], "draw").sum()), wins=int(won.sum()),
                   deal_ins=int(paid.sum()), selfdraws=int((won & ~paid).sum()))
        ok = bool(g["_recorded"].all())
        row["recorded"] = ok
        for name, cols in (("claims", CLAIMS), ("declines", DECLINES), ("folds", FOLDS)):
            if ok and all(c in g.columns and not g[c].isna().any() for c in cols):
                m, se, _ = _mean_se(sum(g[c].to_numpy(dtype=np.int64) for c in cols) / 4.0)
            else:
                m, se = math.nan, math.nan
            row[name], row[f"{name}_se"] = m, se
        row["win_score"], row["win_score_se"], _ = _mean_se(gain)
        row["turns"], row["turns_se"], _ = _mean_se(g["turns"].to_numpy())
        rows.append(row)
    out = pd.DataFrame(rows)
    for name, count, n in (("drawn", "draws", "hands"), ("win", "wins", "seat_hands"),
                           ("deal_in", "deal_ins", "seat_hands"), ("selfdraw", "selfdraws", "wins")):
        rate = f"{name}_share" if name == "selfdraw" else f"{name}_rate"
        with np.errstate(invalid="ignore", divide="ignore"):
            out[rate] = out[count] / out[n].where(out[n] > 0)
        lo, hi = wilson_interval(out[count], out[n], z)
        out[f"{name}_lo"] = np.where(out[n] > 0, lo, math.nan)
        out[f"{name}_hi"] = np.where(out[n] > 0, hi, math.nan)
    order = [*by, "hands", "seat_hands",
             "draws", "drawn_rate", "drawn_lo", "drawn_hi",
             "wins", "win_rate", "win_lo", "win_hi",
             "deal_ins", "deal_in_rate", "deal_in_lo", "deal_in_hi",
             "selfdraws", "selfdraw_share", "selfdraw_lo", "selfdraw_hi",
             "claims", "claims_se", "declines", "declines_se", "folds", "folds_se",
             "win_score", "win_score_se", "turns", "turns_se", "recorded"]
    return out[order]


def patterns(wins, hands=None, variants: Sequence[str] | None = None, z: float = Z95) -> pd.DataFrame:
    """How often each scoring element counts, per variant and winner's role, with Wilson intervals,
    its mean value and share of points (the wins table's ``elements``): see
    :func:`fzsim.analysis_wins.patterns`."""
    return analysis_wins.patterns(wins, hands=hands, variants=variants, z=z)


def real_vs_simulated(real, simulated, **kw) -> pd.DataFrame:
    """Logged games (``fzsim import botzone``) beside simulated ones: drawn-hand rate, self-draw
    share, win and deal-in rates per seat-hand and fan frequencies with Wilson intervals, and
    real − simulated with Newcombe's interval: see :func:`fzsim.analysis_real.real_vs_simulated`."""
    from fzsim import analysis_real

    return analysis_real.real_vs_simulated(real, simulated, **kw)


def policy_play_style(results, **kw) -> pd.DataFrame:
    """Play style per seat-hand by the policy of each seat, every win of a hand counted, for every
    pack: see :func:`fzsim.analysis_style.policy_play_style`."""
    from fzsim import analysis_style

    return analysis_style.policy_play_style(results, **kw)
