"""Real games beside simulated ones: the figures a logged game and a simulated one share, with
intervals and their differences.

:func:`real_vs_simulated` sets logged games (``fzsim import FORMAT``, a record format a pack declares,
`fzsim.pack_registry.LogFormat`: every seat's policy is the format's ``logged_policy``) beside
simulated ones (``fzsim run``), each a results folder or its hands and wins DataFrames
(``fzsim.load(DIR)``, ``fzsim.load(DIR, table="wins")``). For each simulated variant
(``VARIANT/SETTING`` in a run of several policy settings) one block of rows:

* ``drawn``: hands that ended without a win, per hand;
* ``selfdraw``: the self-draw share of wins (the winner drew the tile: any win but a discard win
  or a robbed kong);
* ``win``: wins per seat-hand (every win of a hand counts: 4 × hands seat-hands);
* ``deal_in``: wins paid by a discarder (a discard win, a robbed kong) per seat-hand;
* ``fan``: per scoring element the wins table names (a pack's fans or patterns), the share of wins that
  count it.

Each side has its count, its denominator, the rate and its Wilson interval (``lo``, ``hi``); the
difference real − simulated has Newcombe's hybrid score interval (his method 10: the two Wilson
intervals combined), which keeps its coverage for rare events and small samples, where a Wald
interval fails. Seat-hands of one hand are not independent (in a pack where one win ends the hand,
at most one seat wins it): the intervals on 4 × hands err on the wide side for win and deal-in rates.

Example (a folder of games imported with ``fzsim import botzone``, variant ``botzone-logs``, and a
run of the same rules from a variant file ``botzone.toml``, so named ``botzone``)::

    >>> import fzsim.analysis as fa                                    # doctest: +SKIP
    >>> fa.real_vs_simulated("real", "sim")                            # doctest: +SKIP
       real   simulated  measure      name  real_count  real_n  real_rate ...  diff  diff_lo  diff_hi
    0  botzone-logs      botzone  drawn  drawn hands ...
"""
from __future__ import annotations

import math
import os
from collections.abc import Sequence

import numpy as np
import pandas as pd

from fzsim.pack_registry import LogFormat, log_formats
from fzsim.stats import Z95, wilson_interval

#: the measures, in the order of the rows (``fan`` rows follow, most frequent in the real games first)
MEASURES = {"drawn": "drawn hands (per hand)", "selfdraw": "self-draw share (of wins)",
            "win": "wins (per seat-hand)", "deal_in": "deal-ins (per seat-hand)"}
#: win types a discarder pays (fzsim.analysis.DEAL_IN_TYPES): a deal-in; any other win is self-drawn
DEAL_IN_TYPES = ("discard", "robbed_kong")
COLUMNS = ["real", "simulated", "measure", "name",
           "real_count", "real_n", "real_rate", "real_lo", "real_hi",
           "sim_count", "sim_n", "sim_rate", "sim_lo", "sim_hi",
           "diff", "diff_lo", "diff_hi"]


def logged_format(path) -> LogFormat | None:
    """The record format of a results folder of logged games (every seat's policy is that format's
    ``logged_policy``, e.g. ``botzone-log``); None for any other folder."""
    from fzsim import analysis

    try:
        info = analysis.run_info(path) or {}
    except (ValueError, OSError):
        return None
    if info.get("policy_sets"):
        return None
    seats = list(info.get("policies") or [])
    return next((fmt for fmt in log_formats() if seats == [fmt.logged_policy] * 4), None)


def is_logged(path) -> bool:
    """Whether a results folder holds logged games (`logged_format`)."""
    return logged_format(path) is not None


def rule_differences(real, simulated) -> dict[str, list[str]]:
    """{simulated variant: the rule keys it plays otherwise than the logged games} for two results
    folders (the rules their manifests record; a variant without recorded rules is left out), of the
    keys the logged games' format names (`LogFormat.rule_keys`: for Botzone's records the pack, its
    walls and 明暗杠; a run on other walls is not Botzone's game)."""
    from fzsim import analysis

    rules = [{v: (d or {}).get("rules") or {} for v, d in ((analysis.run_info(f) or {}).get("variants") or {}).items()}
             for f in (real, simulated)]
    logged = next(iter(rules[0].values()), {})
    fmt = logged_format(real)
    keys = fmt.rule_keys if fmt is not None else ()
    out = {}
    for v, r in rules[1].items():
        if r and logged:
            differ = [f"{k} = {r.get(k)!r} (logged: {logged.get(k)!r})" for k in keys if r.get(k) != logged.get(k)]
            if differ:
                out[v] = differ
    return out


def _source(data, wins):
    """(hands, wins) frames of a results folder or of DataFrames: the columns the counts need."""
    from fzsim import analysis
    from fzsim import analysis_wins as aw

    h = analysis.read_columns(data, ["game_id", "hand", "outcome"])
    h["variant"] = h["variant"].astype(str)
    if wins is None and not isinstance(data, pd.DataFrame):
        if not aw.has_wins_table(data):
            raise ValueError(f"{os.fspath(data)!r} has no wins table (written before runs stored one row per win):"
                             " run it again, or import the games again")
        wins = data
    if wins is None:
        raise ValueError("give the wins table too (real_wins= / simulated_wins=: fzsim.load(DIR, table='wins'))"
                         " when passing a hands DataFrame")
    w = aw.read_wins(wins, ["game_id", "hand", "record", "win_type", "elements"])
    w = w[w["record"] == "win"]
    return h, w


def _counts(h: pd.DataFrame, w: pd.DataFrame) -> dict:
    """{measure or ("fan", name): (count, n)} of one group of hands and their wins."""
    hands = len(h)
    keys = pd.MultiIndex.from_frame(h[["game_id", "hand"]])
    w = w[pd.MultiIndex.from_frame(w[["game_id", "hand"]]).isin(keys)]
    wins = len(w)
    paid = int(np.isin(w["win_type"].astype(str).to_numpy(), DEAL_IN_TYPES).sum())
    drawn = int((h["outcome"].astype(str) == "draw").sum())      # (a hand ended by a fault is not)
    out = {"drawn": (drawn, hands), "selfdraw": (wins - paid, wins),
           "win": (wins, 4 * hands), "deal_in": (paid, 4 * hands)}
    if wins:
        names = w["elements"].map(lambda e: () if e is None else set(e))   # a win counts a fan once
        for name, c in pd.Series([n for s in names for n in s], dtype=object).value_counts().items():
            out[("fan", str(name))] = (int(c), wins)
    return out


def newcombe_interval(c1, n1, c2, n2, z: float = Z95):
    """Newcombe's hybrid score interval (method 10) for p1 − p2: ``(lo, hi)`` arrays from the
    two Wilson intervals.

    >>> lo, hi = newcombe_interval([56], [70], [48], [80])
    >>> round(float(lo[0]), 4), round(float(hi[0]), 4)
    (0.0524, 0.3339)
    """
    c1, n1, c2, n2 = (np.asarray(x, dtype=float) for x in (c1, n1, c2, n2))
    l1, u1 = wilson_interval(c1, n1, z)
    l2, u2 = wilson_interval(c2, n2, z)
    with np.errstate(invalid="ignore", divide="ignore"):
        p1, p2 = c1 / n1, c2 / n2
        d = p1 - p2
        lo = d - np.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
        hi = d + np.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return lo, hi


def real_vs_simulated(real, simulated, *, real_wins=None, simulated_wins=None,
                      simulated_variants: Sequence[str] | None = None, min_wins: int = 0,
                      z: float = Z95) -> pd.DataFrame:
    """Logged games beside simulated ones: drawn-hand rate, self-draw share, win and deal-in
    rates per seat-hand and fan frequencies, each side with its Wilson interval, and the
    difference real − simulated with Newcombe's interval (see the module's text).

    ``real``, ``simulated``: results folders, or hands DataFrames with ``real_wins`` /
    ``simulated_wins`` their wins DataFrames (``fzsim.load(DIR, table="wins")``). The real
    games are pooled (all their variants); the simulated ones give one block of rows per
    variant (``simulated_variants`` keeps those). ``min_wins``: leave out a fan counted by fewer
    wins than this on both sides. Columns: :data:`COLUMNS` (``measure`` is ``drawn``,
    ``selfdraw``, ``win``, ``deal_in`` or ``fan``; ``name`` says what; a fan that one side never
    counts has count 0 there).

    >>> h = pd.DataFrame({"variant": "r", "game_id": [0, 1, 2, 3], "hand": 0,
    ...                   "outcome": ["win", "win", "draw", "win"]})
    >>> w = pd.DataFrame({"variant": "r", "game_id": [0, 1, 3], "hand": 0, "record": "win",
    ...                   "win_type": ["selfdraw", "discard", "discard"],
    ...                   "elements": [["自摸"], ["平和"], ["平和", "断幺"]]})
    >>> t = real_vs_simulated(h, h.assign(variant="s"), real_wins=w, simulated_wins=w.assign(variant="s"))
    >>> t[["measure", "name", "real_count", "real_n", "diff"]].values.tolist()[:5]
    [['drawn', 'drawn hands (per hand)', 1, 4, 0.0], ['selfdraw', 'self-draw share (of wins)', 1, 3, 0.0], ['win', 'wins (per seat-hand)', 3, 16, 0.0], ['deal_in', 'deal-ins (per seat-hand)', 2, 16, 0.0], ['fan', '平和', 2, 3, 0.0]]
    """
    z = float(z)
    if not z > 0:
        raise ValueError(f"z={z!r}: need a positive normal quantile (1.96 for 95%)")
    rh, rw = _source(real, real_wins)
    sh, sw = _source(simulated, simulated_wins)
    real_label = ", ".join(sorted(rh["variant"].unique()))
    variants = sorted(sh["variant"].unique())
    if simulated_variants is not None:
        unknown = [v for v in simulated_variants if v not in variants]
        if unknown:
            raise ValueError(f"simulated variant(s) {unknown} not in the simulated results: have {variants}")
        variants = [v for v in variants if v in set(simulated_variants)]
    rc = _counts(rh, rw)
    rows = []
    for v in variants:
        sc = _counts(sh[sh["variant"] == v], sw[sw["variant"] == v])
        fans = sorted({k for k in (*rc, *sc) if isinstance(k, tuple)},
                      key=lambda k: (-rc.get(k, (0, 0))[0], -sc.get(k, (0, 0))[0], k[1]))
        fans = [k for k in fans if max(rc.get(k, (0, 0))[0], sc.get(k, (0, 0))[0]) >= max(min_wins, 1)]
        for key in [*MEASURES, *fans]:
            measure, name = ("fan", key[1]) if isinstance(key, tuple) else (key, MEASURES[key])
            r_n = rc["win"][0] if measure == "fan" else rc[key][1]
            s_n = sc["win"][0] if measure == "fan" else sc[key][1]
            rows.append({"real": real_label, "simulated": v, "measure": measure, "name": name,
                         "real_count": rc.get(key, (0, r_n))[0], "real_n": r_n,
                         "sim_count": sc.get(key, (0, s_n))[0], "sim_n": s_n})
    out = pd.DataFrame(rows, columns=["real", "simulated", "measure", "name", "real_count", "real_n",
                                      "sim_count", "sim_n"])
    for side in ("real", "sim"):
        c, n = out[f"{side}_count"].to_numpy(float), out[f"{side}_n"].to_numpy(float)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[f"{side}_rate"] = np.where(n > 0, c / np.where(n > 0, n, 1), math.nan)
        lo, hi = wilson_interval(c, n, z)
        out[f"{side}_lo"] = np.where(n > 0, lo, math.nan)
        out[f"{side}_hi"] = np.where(n > 0, hi, math.nan)
    out["diff"] = out["real_rate"] - out["sim_rate"]
    lo, hi = newcombe_interval(out["real_count"], out["real_n"], out["sim_count"], out["sim_n"], z)
    both = (out["real_n"] > 0) & (out["sim_n"] > 0)
    out["diff_lo"] = np.where(both, lo, math.nan)
    out["diff_hi"] = np.where(both, hi, math.nan)
    return out[COLUMNS]
