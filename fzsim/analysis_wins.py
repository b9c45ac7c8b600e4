"""Analysis of the wins table: several wins per hand (血战到底, 一炮多响), settlements, patterns.

The hands table keeps one row per hand (its first win and the four seats' totals); the wins
table (``fzsim.load(DIR, table="wins")``) has one row per win and per end-of-hand payment
(查叫 ``chajiao``, 查花猪 ``huazhu``, 查大叫 ``dajiao``, 烧庄 ``shaozhuang``, and the kong payments
刮风下雨 ``kong``, 退税 ``kong_refund``, 呼叫转移 ``kong_transfer``: each pack's record kinds). Every function takes ``wins``: a
results folder or a wins DataFrame; the per-hand denominators come from the hands table
(``hands``: the same folder by default, or a hands DataFrame), so that hands without any record
(a drawn hand without settlements) count too.

* :func:`wins_per_hand`: how many hands had 0, 1, 2, 3 wins, and the mean;
* :func:`order_value`: the mean value (番 / 分 / S) and the winner's gain by order of win (1st,
  2nd, 3rd in the hand);
* :func:`settlements`: per record kind, the share of hands with such a payment (Wilson
  interval), payers per hand and the mean amount per payment;
* :func:`pattern_frequencies`: per pattern, the share of wins that counted it (Wilson interval)
  and the mean value of those wins;
* :func:`patterns` (also ``fzsim.analysis.patterns``): per scoring element (specials, patterns,
  根, fans, flower points, caps) and winner's role, the share of wins counting it (Wilson
  interval), its mean value and its share of the points.
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from fzsim.results_reader import has_wins_table, read_columns, read_wins  # noqa: F401  (fzsim.analysis_wins.<name>)
from fzsim.stats import Z95, wilson_interval
from fzsim.wins_table import RECORD_NAMES

#: every record kind but a win (the engine's RecordKind order)
SETTLEMENT_KINDS = tuple(name for name in RECORD_NAMES if name != "win")
_WIN_COLUMNS = ("game_id", "hand", "order", "record", "seat", "from_seat", "win_type", "patterns_named",
                "value", "points", "delta_0", "delta_1", "delta_2", "delta_3")


def _hands(hands, wins, variants) -> pd.DataFrame:
    src = wins if hands is None else hands
    if isinstance(src, pd.DataFrame) and hands is None:
        raise ValueError("give the hands table too (hands=fzsim.load(DIR)): a wins frame alone cannot say"
                         " how many hands had no win")
    df = read_columns(src, ["game_id", "hand"], variants)
    df["variant"] = df["variant"].astype(str)
    return df


def _n_hands(hands_df: pd.DataFrame) -> pd.Series:
    return hands_df.groupby("variant", sort=True).size()


def wins_per_hand(wins, hands=None, variants: Sequence[str] | None = None) -> pd.DataFrame:
    """Per variant: ``hands``, ``wins``, ``mean`` wins per hand and ``share_0`` .. ``share_3``
    (the share of hands with that many wins)."""
    w = read_wins(wins, ["game_id", "hand", "record"], variants)
    w = w[w["record"] == "win"]
    h = _hands(hands, wins, variants)
    rows = []
    for variant, hg in h.groupby("variant", sort=True):
        wg = w[w["variant"] == variant]
        per = wg.groupby(["game_id", "hand"]).size()
        n = len(hg)
        counts = np.bincount(per.to_numpy(), minlength=4)
        counts[0] = n - len(per)
        row = {"variant": variant, "hands": n, "wins": int(len(wg)), "mean": len(wg) / n if n else np.nan}
        for k in range(4):
            row[f"share_{k}"] = counts[k] / n if n else np.nan
        rows.append(row)
    return pd.DataFrame(rows)


def _winner_gain(w: pd.DataFrame) -> np.ndarray:
    seat = w["seat"].to_numpy()
    out = np.zeros(len(w), dtype=np.int64)
    for s in range(4):
        out[seat == s] = w[f"delta_{s}"].to_numpy()[seat == s]
    return out


def order_value(wins, variants: Sequence[str] | None = None) -> pd.DataFrame:
    """Per variant and order of win in the hand (1 = first): ``wins``, mean ``value`` (in the pack's
    unit: 番 after the cap, 分 or S) and mean ``gain`` (what that win paid its winner), with
    standard errors."""
    w = read_wins(wins, ["game_id", "hand", "order", "record", "seat", "value", *[f"delta_{s}" for s in range(4)]],
                  variants)
    w = w[w["record"] == "win"].sort_values(["variant", "game_id", "hand", "order"], kind="stable")
    w["nth"] = w.groupby(["variant", "game_id", "hand"]).cumcount() + 1
    w["gain"] = _winner_gain(w)
    rows = []
    for (variant, nth), g in w.groupby(["variant", "nth"], sort=True):
        n = len(g)
        row = {"variant": variant, "nth": int(nth), "wins": n}
        for col in ("value", "gain"):
            v = g[col].to_numpy(dtype=float)
            row[col] = float(v.mean())
            row[f"{col}_se"] = float(v.std(ddof=1) / np.sqrt(n)) if n > 1 else np.nan
        rows.append(row)
    return pd.DataFrame(rows, columns=["variant", "nth", "wins", "value", "value_se", "gain", "gain_se"])


def settlements(wins, hands=None, variants: Sequence[str] | None = None, z: float = Z95) -> pd.DataFrame:
    """Per variant and settlement kind (SETTLEMENT_KINDS): ``hands`` with such a
    payment, ``n`` hands, ``rate`` with a Wilson interval (``lo``, ``hi``), ``payers`` per hand
    (distinct paying seats, averaged over all hands), ``payments`` and the mean ``amount`` a payer
    paid."""
    w = read_wins(wins, ["game_id", "hand", "record", "from_seat", "points"], variants)
    h = _hands(hands, wins, variants)
    n_hands = _n_hands(h)
    rows = []
    for variant, n in n_hands.items():
        wg = w[w["variant"] == variant]
        for kind in SETTLEMENT_KINDS:
            g = wg[wg["record"] == kind]
            hit = g.groupby(["game_id", "hand"]).size()
            payers = g.drop_duplicates(["game_id", "hand", "from_seat"])
            rows.append({"variant": variant, "settlement": kind, "hands": int(len(hit)), "n": int(n),
                         "payers": len(payers) / n if n else np.nan, "payments": int(len(g)),
                         "amount": float(g["points"].mean()) if len(g) else np.nan})
    out = pd.DataFrame(rows, columns=["variant", "settlement", "hands", "n", "payers", "payments", "amount"])
    out["rate"] = out["hands"] / out["n"]
    out["lo"], out["hi"] = wilson_interval(out["hands"], out["n"], z)
    return out[["variant", "settlement", "hands", "n", "rate", "lo", "hi", "payers", "payments", "amount"]]


def pattern_frequencies(wins, variants: Sequence[str] | None = None, z: float = Z95) -> pd.DataFrame:
    """Per variant and pattern name: ``wins`` that counted it of ``n`` wins, ``share`` with a Wilson
    interval (``lo``, ``hi``), ``as_base`` (wins whose counted base pattern it was: a pack with base
    patterns names a hand by its largest one) and the ``mean_value`` of those wins. A win counts several
    patterns (清一色 and 对对胡, say), so shares add up to more than one."""
    w = read_wins(wins, ["record", "patterns_named", "base_pattern_name", "value"], variants)
    w = w[w["record"] == "win"]
    rows = []
    for variant, g in w.groupby("variant", sort=True):
        n = len(g)
        base = g["base_pattern_name"].value_counts()
        flat = g[["patterns_named", "value"]].explode("patterns_named").dropna(subset=["patterns_named"])
        for name, pg in flat.groupby("patterns_named", sort=True):
            rows.append({"variant": variant, "pattern": str(name), "wins": int(len(pg)), "n": n,
                         "as_base": int(base.get(name, 0)), "mean_value": float(pg["value"].astype(float).mean())})
    out = pd.DataFrame(rows, columns=["variant", "pattern", "wins", "n", "as_base", "mean_value"])
    out["share"] = out["wins"] / out["n"]
    out["lo"], out["hi"] = wilson_interval(out["wins"], out["n"], z)
    out = out.sort_values(["variant", "wins"], ascending=[True, False], kind="stable").reset_index(drop=True)
    return out[["variant", "pattern", "wins", "n", "share", "lo", "hi", "as_base", "mean_value"]]


ROLES = ("all", "dealer", "nondealer")
_ELEMENTS = ["elements", "element_values", "element_counts"]


def patterns(wins, hands=None, variants: Sequence[str] | None = None, z: float = Z95) -> pd.DataFrame:
    """Per variant, winner's role (``all``, ``dealer``, ``nondealer``) and scoring element (the wins
    table's ``elements``, each pack's own: specials, patterns and 根, fans, flower points, 勒子
    caps, …): ``wins`` counting it of ``n`` wins of that
    role, ``share`` with a Wilson interval (``lo``, ``hi``), ``mean_count`` (times counted per
    such win, e.g. 根 ×2), ``mean_value`` (what it added to such a win: value × count) and
    ``points_share`` (its part of all the value those ``n`` wins scored; a cap's part is
    negative). Rows by variant, role, then most frequent first.

    ``wins``: a results folder or a wins DataFrame (then ``hands``: the hands DataFrame, for the
    dealer of each hand). A folder written before the scoring elements (storage format 2) is
    refused with a ValueError saying so.
    """
    w = read_wins(wins, ["game_id", "hand", "record", "seat", "value", *_ELEMENTS], variants)
    w = w[w["record"] == "win"]
    if isinstance(wins, pd.DataFrame) and hands is None:
        raise ValueError("give the hands table too (hands=fzsim.load(DIR)): the wins frame does not say who dealt")
    if len(w) and w["elements"].isna().all():
        raise ValueError("these results have no scoring elements (written before storage format 3): run them"
                         " again to count patterns and fans")
    h = read_columns(wins if hands is None else hands, ["game_id", "hand", "dealer"], variants)
    h["variant"] = h["variant"].astype(str)
    w = w.merge(h, on=["variant", "game_id", "hand"], how="left", validate="many_to_one")
    if w["dealer"].isna().any():
        raise ValueError("a win has no row in the hands table (give the hands of the same results)")
    w["role"] = np.where(w["seat"] == w["dealer"], "dealer", "nondealer")
    w = pd.concat([w.assign(role="all"), w], ignore_index=True)
    totals = w.groupby(["variant", "role"]).agg(n=("value", "size"), points=("value", "sum"))
    e = w[["variant", "role", *_ELEMENTS]].explode(_ELEMENTS).dropna(subset=["elements"])
    e = e.astype({"element_values": np.int64, "element_counts": np.int64})
    e["adds"] = e["element_values"] * e["element_counts"]
    g = e.groupby(["variant", "role", "elements"]).agg(
        wins=("adds", "size"), mean_count=("element_counts", "mean"), mean_value=("adds", "mean"),
        added=("adds", "sum")).reset_index().rename(columns={"elements": "element"})
    g = g.join(totals, on=["variant", "role"])
    g["share"] = g["wins"] / g["n"]
    g["lo"], g["hi"] = wilson_interval(g["wins"], g["n"], z)
    g["points_share"] = np.where(g["points"] != 0, g["added"] / g["points"].where(g["points"] != 0, 1), np.nan)
    g["role"] = pd.Categorical(g["role"], categories=list(ROLES))
    g = g.sort_values(["variant", "role", "wins", "element"], ascending=[True, True, False, True], kind="stable")
    cols = ["variant", "role", "element", "wins", "n", "share", "lo", "hi", "mean_count", "mean_value",
            "points_share"]
    return g[cols].reset_index(drop=True).astype({"role": str})
