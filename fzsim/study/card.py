"""The balance card of a study: fairness, skill, excitement and length, every figure with its interval.

`card_figures` computes the figures from the study folder's stored rows (every round) into one tidy
table; `write_card` writes it as ``card.md`` and ``card.html`` (and ``card.png`` when matplotlib is
installed) in the study folder. Intervals use the study's critical value ``c`` (the one its
questions use), so they hold under its stopping rule like the answers do; matches are the
independent units. Each variant is set against the baseline under the same line-up, paired on the
same walls.

Figures (``section``, ``figure``):

* fairness: ``dealer edge`` (the dealer's mean delta), ``seat 0`` .. ``seat 3``, and in matches of
  several hands ``dealer edge, streak L`` (L = 0, 1, 2, 3+, the dealer's streak before the hand);
* skill, for every line-up that is one seat of policy A among three of B when the all-B line-up is
  in the study: ``gain of A over B`` (that seat's delta minus the same seat's in the all-B line-up,
  same walls), ``hands until A is ahead`` (after n hands A's total beats the average opponent's
  with 95% chance when n = (1.645 σ / μ)², μ and σ of A's lead per hand) and ``skill share of
  variance`` (the share of that seat's score variance explained by who plays it:
  between-policy variance / total);
* excitement: ``points per hand`` and ``variance of a hand's points`` (points moved: the sum of
  the positive deltas), ``winning value q50 / q90 / q99`` (the winner's gain on won hands), and per
  named pattern of the wins table ``P per hand`` (hands with a win that has it) and ``P point
  share`` (its wins' share of all winners' gains);
* length: ``turns`` and ``drawn hands``.
"""
from __future__ import annotations

import json
import math
import os
from statistics import NormalDist

import numpy as np
import pandas as pd

from fzsim.study.metrics import metric_values
from fzsim.study.runner import STATE_NAME, read_rounds, unit_rows, write_atomic

SECTIONS = ("fairness", "skill", "excitement", "length")
QUANTILES = (0.5, 0.9, 0.99)
#: one-sided 95%: the stronger player ahead with 95% probability
Z_AHEAD = NormalDist().inv_cdf(0.95)
WINS_COLUMNS = ["game_id", "hand", "record", "seat", "patterns_named", "delta_0", "delta_1", "delta_2", "delta_3"]
#: figures that are a mean of per-hand values: these are also compared with the baseline, paired
PAIRED = {"dealer edge": "dealer_delta", "seat 0": "delta_0", "seat 1": "delta_1", "seat 2": "delta_2",
          "seat 3": "delta_3", "points per hand": "points_moved", "turns": "turns", "drawn hands": "drawn"}


def read_state(root) -> dict:
    path = os.path.join(os.fspath(root), STATE_NAME)
    try:
        with open(path, encoding="utf-8") as f:
            state = json.load(f)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{os.fspath(root)!r} is not a study folder: cannot read {STATE_NAME} ({exc})") from None
    # (a stratified study records a round's allocation before the round runs: only finished rounds count)
    state["rounds"] = [r for r in state.get("rounds", []) if r.get("done")]
    if not state["rounds"]:
        raise ValueError(f"{os.fspath(root)!r} holds no finished round yet: run the study first")
    return state


def _mean_interval(values: np.ndarray, c: float) -> tuple[float, float, float]:
    n = values.size
    mean = float(values.mean()) if n else math.nan
    se = float(values.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    return mean, mean - c * se, mean + c * se


def _rate(count: int, n: int, c: float) -> tuple[float, float, float]:
    from fzsim.stats import wilson

    lo, hi = wilson(count, n, c)
    return (count / n if n else math.nan), lo, hi


def _quantile(values: np.ndarray, q: float, c: float) -> tuple[float, float, float]:
    """The q-quantile and its distribution-free interval from order statistics (binomial ranks)."""
    v = np.sort(values)
    n = v.size
    if n == 0:
        return math.nan, math.nan, math.nan
    half = c * math.sqrt(n * q * (1 - q))
    lo_rank = max(int(math.floor(n * q - half)), 0)
    hi_rank = min(int(math.ceil(n * q + half)), n - 1)
    return float(np.quantile(v, q)), float(v[lo_rank]), float(v[hi_rank])


def _variance(values: np.ndarray, c: float) -> tuple[float, float, float]:
    """Sample variance with the large-sample error sqrt((m4 - s^4) / n)."""
    n = values.size
    s2 = float(values.var(ddof=1))
    m4 = float(((values - values.mean()) ** 4).mean())
    se = math.sqrt(max(m4 - s2 * s2, 0.0) / n)
    return s2, s2 - c * se, s2 + c * se


def _share(x: np.ndarray, y: np.ndarray, c: float) -> tuple[float, float, float]:
    """sum(x) / sum(y), a share in 0..1, with its linearised error (x, y per hand), kept in 0..1."""
    if y.sum() == 0:
        return math.nan, math.nan, math.nan
    r = float(x.sum() / y.sum())
    se = float(np.std(x - r * y, ddof=1) / math.sqrt(x.size) / abs(y.mean()))
    return r, max(r - c * se, 0.0), min(r + c * se, 1.0)


class Weights:
    """How one unit's hands weigh in its figures (its rows ordered by round, game and hand).

    Plain walls: every game alike; the figures are the plain ones above. A stratified study
    (`fzsim.study.runner.Strata`): a game of round k in stratum h weighs lambda_k W_h / n_kh, so
    every figure estimates the population's, and a mean's error comes from the cells (round,
    stratum) as in `fzsim.study.strata.stratified_estimate`; a rate's Wilson interval counts the
    effective games p (1 - p) / se^2, a quantile's ranks Kish's effective hands; variances, shares
    and means over some hands are linearised into per-game means."""

    def __init__(self, rows: pd.DataFrame, strata=None, look: int = 0):
        key = rows["round"].to_numpy(np.int64) * (1 << 48) + rows["game_id"].to_numpy(np.int64)
        games, self.game, per_game = np.unique(key, return_inverse=True, return_counts=True)
        self.plain = strata is None
        self.n_games = games.size
        if self.plain:
            game_w = np.full(games.size, 1.0 / max(games.size, 1))
        else:
            self.rounds = games >> 48
            self.strata = strata.of_games(self.rounds, games & ((1 << 48) - 1))
            self.w, self.lam = strata.weights, strata.round_weights(look)
            cells = self.rounds * len(self.w) + self.strata
            n_cell = np.bincount(cells)
            lam = np.array([self.lam[int(k)] for k in self.rounds])
            game_w = lam * self.w[self.strata] / n_cell[cells]
        self.hand_w = game_w[self.game] / per_game[self.game]      # sums to 1

    def per_game(self, values) -> np.ndarray:
        values = np.asarray(values, dtype=float)
        return np.bincount(self.game, weights=values) / np.bincount(self.game)

    def mean_se(self, game_values: np.ndarray) -> tuple[float, float]:
        if self.plain:
            n = game_values.size
            return (float(game_values.mean()) if n else math.nan,
                    float(game_values.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan)
        from fzsim.study.strata import stratified_estimate

        est, se, _ = stratified_estimate(game_values, self.strata, self.w, self.rounds, self.lam)
        return est, se

    def interval(self, game_values: np.ndarray, c: float) -> tuple[float, float, float]:
        """A mean of per-game values."""
        if self.plain:
            return _mean_interval(game_values, c)
        mean, se = self.mean_se(game_values)
        return mean, mean - c * se, mean + c * se

    def rate(self, hits: np.ndarray, c: float) -> tuple[float, float, float]:
        """The rate of hands with ``hits`` (per hand, 0/1)."""
        if self.plain:
            return _rate(int(hits.sum()), hits.size, c)
        from fzsim.stats import wilson

        p, se = self.mean_se(self.per_game(hits))
        n_eff = p * (1 - p) / se ** 2 if se > 0 else float(self.n_games)
        return (p, *wilson(p * n_eff, n_eff, c))

    def domain_mean(self, values: np.ndarray, sel: np.ndarray, c: float) -> tuple[float, float, float]:
        """The mean of ``values`` over the hands ``sel``."""
        if self.plain:
            return _mean_interval(values[sel], c)
        share = float(self.hand_w[sel].sum())
        r = float((self.hand_w * values)[sel].sum() / share)
        _, se = self.mean_se(self.per_game(np.where(sel, values - r, 0.0)))
        return r, r - c * se / share, r + c * se / share

    def variance(self, values: np.ndarray, c: float) -> tuple[float, float, float]:
        """The variance of a hand's ``values``."""
        if self.plain:
            return _variance(values, c)
        m = float(self.hand_w @ values)
        s2 = float(self.hand_w @ (values - m) ** 2)
        _, se = self.mean_se(self.per_game((values - m) ** 2 - s2))
        return s2, s2 - c * se, s2 + c * se

    def quantile(self, values: np.ndarray, sel: np.ndarray, q: float, c: float) -> tuple[float, float, float]:
        """The q-quantile of ``values`` over the hands ``sel``."""
        if self.plain:
            return _quantile(values[sel], q, c)
        v, w = values[sel], self.hand_w[sel]
        if v.size == 0:
            return math.nan, math.nan, math.nan
        order = np.argsort(v, kind="stable")
        v, w = v[order], w[order]
        cum = np.cumsum(w) / w.sum()
        n_eff = w.sum() ** 2 / (w ** 2).sum()
        half = c * math.sqrt(q * (1 - q) / n_eff)

        def at(p):
            return float(v[min(int(np.searchsorted(cum, min(max(p, 0.0), 1.0) - 1e-12)), v.size - 1)])
        return at(q), at(q - half), at(q + half)

    def share(self, x: np.ndarray, y: np.ndarray, c: float) -> tuple[float, float, float]:
        """sum(x) / sum(y) (per hand), a share in 0..1."""
        if self.plain:
            return _share(x, y, c)
        total = float(self.hand_w @ y)
        if total == 0:
            return math.nan, math.nan, math.nan
        r = float(self.hand_w @ x) / total
        _, se = self.mean_se(self.per_game(x - r * y))
        return r, max(r - c * se / abs(total), 0.0), min(r + c * se / abs(total), 1.0)

    def var(self, values: np.ndarray) -> float:
        """The population variance of per-hand (or, with per-game values, per-game) ``values``."""
        if self.plain:
            return float(np.var(values, ddof=1))
        w = self.hand_w if values.size == self.hand_w.size else np.bincount(self.game, weights=self.hand_w)
        m = float(w @ values)
        return float(w @ (values - m) ** 2)


def _winner_gain(hands: pd.DataFrame) -> np.ndarray:
    return metric_values(hands, "winner_gain")


def _unit_figures(hands: pd.DataFrame, wins: pd.DataFrame, c: float, wt: Weights) -> list[tuple]:
    """(section, figure, estimate, lo, hi, n) of one variant x line-up."""
    out = []
    n = len(hands)
    for figure, metric in PAIRED.items():
        section = "length" if metric in ("turns", "drawn") else ("excitement" if metric == "points_moved"
                                                                 else "fairness")
        if metric == "drawn":
            out.append((section, figure, *wt.rate(metric_values(hands, "drawn").astype(float), c), n))
        else:
            out.append((section, figure, *wt.interval(wt.per_game(metric_values(hands, metric)), c), n))
    streak = hands["streak"].to_numpy()
    if streak.max(initial=0) > 0:
        dealer = metric_values(hands, "dealer_delta").astype(float)
        for level in range(4):
            sel = streak >= 3 if level == 3 else streak == level
            if sel.sum() > 1:
                label = f"dealer edge, streak {level}{'+' if level == 3 else ''}"
                out.append(("fairness", label, *wt.domain_mean(dealer, sel, c), int(sel.sum())))
    points = metric_values(hands, "points_moved").astype(float)
    out.append(("excitement", "variance of a hand's points", *wt.variance(points, c), n))
    won = hands["outcome"].astype(str).to_numpy() == "win"
    gains = _winner_gain(hands).astype(float)
    for q in QUANTILES:
        out.append(("excitement", f"winning value q{round(q * 100)}", *wt.quantile(gains, won, q, c), int(won.sum())))
    out += _pattern_figures(hands, wins, c, wt)
    return out


def _pattern_figures(hands: pd.DataFrame, wins: pd.DataFrame, c: float, wt: Weights) -> list[tuple]:
    w = wins[wins["record"].astype(str) == "win"]
    if w.empty:
        return []
    seat = w["seat"].to_numpy()
    deltas = w[["delta_0", "delta_1", "delta_2", "delta_3"]].to_numpy()
    gain = deltas[np.arange(len(w)), seat].astype(float)
    hand_key = (hands["round"].to_numpy(np.int64) * (1 << 48) + hands["game_id"].to_numpy(np.int64)) * 64 \
        + hands["hand"].to_numpy(np.int64)
    win_key = (w["round"].to_numpy(np.int64) * (1 << 48) + w["game_id"].to_numpy(np.int64)) * 64 \
        + w["hand"].to_numpy(np.int64)
    pos = np.searchsorted(hand_key, win_key)      # the hands are ordered by round, game, hand
    n = len(hands)
    total = np.bincount(pos, weights=gain, minlength=n)
    names = w["patterns_named"].to_numpy()
    out = []
    for pattern in sorted({p for ps in names for p in (ps if ps is not None else [])}):
        has = np.array([ps is not None and pattern in ps for ps in names])
        hits = (np.bincount(pos[has], minlength=n) > 0).astype(float)    # hands (血战: several wins)
        out.append(("excitement", f"{pattern} per hand", *wt.rate(hits, c), n))
        share_x = np.bincount(pos[has], weights=gain[has], minlength=n)
        out.append(("excitement", f"{pattern} point share", *wt.share(share_x, total, c), n))
    return out


def _lineup_parts(seats) -> tuple[str, int, str] | None:
    """(A, seat, B) when one seat plays A and the other three B, else None."""
    names = list(seats)
    for s in range(4):
        others = {n for i, n in enumerate(names) if i != s}
        if len(others) == 1 and names[s] not in others:
            return names[s], s, others.pop()
    return None


def _skill_figures(hands: pd.DataFrame, variant: str, lineups: dict, c: float, strata, look: int) -> list[dict]:
    rows = []
    uniform = {tuple(seats)[0]: label for label, seats in lineups.items() if len(set(seats)) == 1}
    for label, seats in lineups.items():
        parts = _lineup_parts(seats)
        if parts is None or parts[2] not in uniform:
            continue
        a, seat, b = parts
        base_label = uniform[b]
        mixed, plain = unit_rows(hands, (variant, label)), unit_rows(hands, (variant, base_label))
        wt = Weights(mixed, strata, look)
        col = f"delta_{seat}"
        da, db = mixed[col].to_numpy(float), plain[col].to_numpy(float)
        gain = wt.per_game(da - db)
        g = wt.interval(gain, c)
        others = mixed[[f"delta_{s}" for s in range(4) if s != seat]].to_numpy(float).mean(axis=1)
        lead = wt.per_game(da - others)
        mu, mu_lo, mu_hi = wt.interval(lead, c)
        sd = math.sqrt(wt.var(lead))

        def hands_ahead(m):
            return (Z_AHEAD * sd / m) ** 2 if m > 0 else math.inf

        between = lambda d: (d / 2) ** 2   # noqa: E731  (two equally weighted groups)
        within = (wt.var(da) + wt.var(db)) / 2

        def share(d):
            return between(d) / (between(d) + within)

        lo_abs = 0.0 if g[1] <= 0 <= g[2] else min(abs(g[1]), abs(g[2]))
        hi_abs = max(abs(g[1]), abs(g[2]))
        who = f"{a} over {b} (seat {seat})"
        common = {"section": "skill", "variant": variant, "lineup": label, "n": int(gain.size)}
        rows.append({**common, "figure": f"gain of {who}", "estimate": g[0], "lo": g[1], "hi": g[2]})
        rows.append({**common, "figure": f"hands until {a} is ahead of {b}", "estimate": hands_ahead(mu),
                     "lo": hands_ahead(mu_hi), "hi": hands_ahead(mu_lo)})
        rows.append({**common, "figure": f"skill share of variance, {who}", "estimate": share(g[0]),
                     "lo": share(lo_abs), "hi": share(hi_abs)})
    return rows


def card_figures(root) -> pd.DataFrame:
    """Every figure of the study in ``root`` (one row per figure and variant x line-up), with
    ``diff``, ``diff_lo``, ``diff_hi`` against the baseline variant under the same line-up for the
    per-hand means (paired on the same walls). In a stratified study every figure weighs the
    games back to the population's (`Weights`)."""
    from fzsim.study.runner import Strata

    root = os.fspath(root)
    state = read_state(root)
    ident = state["fzsim_study"]
    rounds = len(state["rounds"])
    c = float(ident["critical_value"])
    strata = Strata.of_folder(root, state)
    hands = read_rounds(root, rounds)
    wins = read_rounds(root, rounds, WINS_COLUMNS, table="wins")
    baseline, lineups = ident["baseline"], ident["lineups"]
    rows = []
    weights = {}
    for variant in ident["variants"]:
        for label in lineups:
            h = unit_rows(hands, (variant, label))
            w = wins[(wins["variant"] == variant) & (wins["policy"] == label)]
            weights[(variant, label)] = wt = Weights(h, strata, rounds - 1)
            for section, figure, est, lo, hi, n in _unit_figures(h, w, c, wt):
                rows.append({"section": section, "figure": figure, "variant": variant, "lineup": label,
                             "estimate": est, "lo": lo, "hi": hi, "n": n})
        rows += _skill_figures(hands, variant, lineups, c, strata, rounds - 1)
    out = pd.DataFrame(rows)
    out["diff"] = out["diff_lo"] = out["diff_hi"] = math.nan
    for (variant, label), idx in out.groupby(["variant", "lineup"]).groups.items():
        if variant == baseline:
            continue
        a, b = unit_rows(hands, (variant, label)), unit_rows(hands, (baseline, label))
        wt = weights[(variant, label)]
        for i in idx:
            metric = PAIRED.get(out.at[i, "figure"])
            if metric is None:
                continue
            diff = wt.per_game(metric_values(a, metric) - metric_values(b, metric))
            out.loc[i, ["diff", "diff_lo", "diff_hi"]] = wt.interval(diff, c)
    out["section"] = pd.Categorical(out["section"], SECTIONS)
    out["variant"] = pd.Categorical(out["variant"], list(ident["variants"]))
    out["lineup"] = pd.Categorical(out["lineup"], list(lineups))
    return out.sort_values(["section", "variant", "lineup"], kind="stable").reset_index(drop=True)


# --- writing it --------------------------------------------------------------------------------

def _fmt(x: float) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return ""
    if math.isinf(x):
        return "∞" if x > 0 else "-∞"
    return f"{x:.4g}"


def _cell(est, lo, hi) -> str:
    return "" if _fmt(est) == "" else f"{_fmt(est)} [{_fmt(lo)}, {_fmt(hi)}]"


def card_tables(figures: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """One display table per section: figure, variant, line-up, the estimate and the paired
    difference from the baseline, each as ``value [lo, hi]``."""
    out = {}
    for section in SECTIONS:
        part = figures[figures["section"] == section]
        if part.empty:
            continue
        out[section] = pd.DataFrame({
            "figure": part["figure"].to_numpy(), "variant": part["variant"].astype(str).to_numpy(),
            "line-up": part["lineup"].astype(str).to_numpy(),
            "estimate [interval]": [_cell(*r) for r in part[["estimate", "lo", "hi"]].itertuples(index=False)],
            "vs baseline [interval]": [_cell(*r) for r in part[["diff", "diff_lo", "diff_hi"]].itertuples(index=False)],
            "n": part["n"].to_numpy()})
    return out


def _header(state: dict) -> list[str]:
    ident = state["fzsim_study"]
    last = state["rounds"][-1]
    unanswered = sorted({a["question"] for a in last["answers"] if not a["answered"]})
    status = "every question answered" if not unanswered else f"not answered: {', '.join(unanswered)}"
    return [f"baseline {ident['baseline']}; variants {', '.join(ident['variants'])};"
            f" line-ups {', '.join(ident['lineups'])}",
            f"{last['walls']:,} walls per variant and line-up in {len(state['rounds'])} round(s), seed {ident['seed']};"
            f" {status}",
            f"intervals: {ident['confidence']:.0%}, estimate ± {ident['critical_value']:.3f} se (the study's"
            " stopping rule); matches are the units"]


def _markdown_table(df: pd.DataFrame) -> str:
    lines = ["| " + " | ".join(df.columns) + " |", "|" + "---|" * len(df.columns)]
    lines += ["| " + " | ".join(str(v) for v in row) + " |" for row in df.itertuples(index=False)]
    return "\n".join(lines)


def _plot(figures: pd.DataFrame, state: dict, path: str) -> bool:
    """card.png: each variant's paired difference from the baseline (bars with intervals), or for
    a sweep each figure along the swept values with its band. False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    ident = state["fzsim_study"]
    sweep = ident.get("sweep", {}).get("points", {})
    keys = ident.get("sweep", {}).get("keys", [])
    names = ["dealer edge", "points per hand", "turns", "drawn hands"]
    fig, axes = plt.subplots(1, len(names), figsize=(4 * len(names), 3.4), squeeze=False)
    for ax, name in zip(axes[0], names):
        part = figures[figures["figure"] == name]
        for label, g in part.groupby("lineup", observed=True):
            if sweep:
                g = g[g["variant"].astype(str).isin(list(sweep))]
                xs = [sweep[str(v)][keys[0]] if len(keys) == 1 else i for i, v in enumerate(g["variant"])]
                ax.plot(xs, g["estimate"], marker="o", label=str(label))
                ax.fill_between(xs, g["lo"], g["hi"], alpha=0.25)
                ax.set_xlabel(keys[0] if len(keys) == 1 else "sweep point")
            else:
                g = g.dropna(subset=["diff"])
                y = np.arange(len(g))
                ax.errorbar(g["diff"], y, xerr=[g["diff"] - g["diff_lo"], g["diff_hi"] - g["diff"]], fmt="o",
                            label=str(label))
                ax.set_yticks(y, [str(v) for v in g["variant"]])
                ax.axvline(0, color="grey", lw=0.8)
        ax.set_title(name if sweep else f"{name}: vs {ident['baseline']}", fontsize=9)
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110, format="png")
    plt.close(fig)
    return True


def write_card(root, png: bool = True, notable: int = 3) -> dict[str, str]:
    """Write ``card.md``, ``card.html`` (and ``card.png`` with matplotlib) into the study folder
    ``root``, with turn-by-turn replays of ``notable`` hands of its rarest patterns
    (`fzsim.study.notable`); returns {format: path}. Each file is written whole, then renamed into
    place."""
    from fzsim.study.notable import write_replays

    root = os.fspath(root)
    state = read_state(root)
    figures = card_figures(root)
    replays = write_replays(root, state, notable) if notable else []
    tables = card_tables(figures)
    header = _header(state)
    paths = {}
    if png and _plot(figures, state, os.path.join(root, ".card.png.tmp")):
        os.replace(os.path.join(root, ".card.png.tmp"), os.path.join(root, "card.png"))
        paths["png"] = os.path.join(root, "card.png")
    md = ["# Balance card", "", *[f"- {line}" for line in header], ""]
    if "png" in paths:
        md += ["![the card's figures](card.png)", ""]
    html = ["<!doctype html><meta charset='utf-8'><title>Balance card</title>",
            "<style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:left}</style>",
            "<h1>Balance card</h1><ul>", *[f"<li>{line}</li>" for line in header], "</ul>"]
    if "png" in paths:
        html.append("<img src='card.png' alt='the card figures'>")
    for section, table in tables.items():
        md += [f"## {section.capitalize()}", "", _markdown_table(table), ""]
        html += [f"<h2>{section.capitalize()}</h2>", table.to_html(index=False, border=0)]
    if replays:
        md += ["## Notable hands", ""]
        html.append("<h2>Notable hands</h2><ul>")
        for h in replays:
            what = (f"{h['pattern']} ({h['hands_with_it']} hand(s)): {h['variant']} / {h['lineup']}, round {h['round']},"
                    f" game {h['game_id']}, hand {h['hand']}")
            link = os.path.relpath(h["path"], root).replace(os.sep, "/")
            md.append(f"- [{what}]({link})")
            html.append(f"<li><a href='{link}'>{what}</a></li>")
        html.append("</ul>")
    for name, text in (("md", "\n".join(md)), ("html", "\n".join(html))):
        path = os.path.join(root, f"card.{name}")
        write_atomic(path, text + "\n")
        paths[name] = path
    return paths
