"""A report of a results folder: Markdown + HTML tables and matplotlib plots (headless).

``build_report(DIR, OUT)`` writes into ``OUT``:

* ``report.md`` and ``report.html`` — the same sections: rates with intervals,
  play style (drawn, win and deal-in rates, self-draw share, claims, declined wins),
  seat and dealer balance, the streak effect, score quantiles, the paired
  variant comparison and each variant's probability table;
* ``win_types.png`` (win-type frequencies with 95% intervals), ``play_style.png``
  (drawn, win, deal-in rates and self-draw share with 95% intervals), ``balance.png``
  (mean delta per seat and for the dealer, ±1.96 SE), ``streak.png`` (dealer
  win rate and mean delta by streak), ``scores.png`` (histograms of the
  winner's gain) and, with two or more variants, ``compare.png`` (paired
  differences against the baseline).

Only the columns each part needs are read from the folder.
"""
from __future__ import annotations

import contextlib
import html
import json
import math
import os
import time
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from fzsim import analysis, integrity, lock, prob, storage
from fzsim import analysis_wins as aw
from fzsim.analysis_wins import has_wins_table
from fzsim.pack_registry import DEFAULT_PACK, REGISTRY
from fzsim.shanten_turns import shanten_by_turn_run

#: each pack's scoring elements (analysis.patterns): its report section's title, plot file and plot title
#: (`PackEntry.report_section`; the plot title ASCII, as the plots' default font has no CJK glyphs)
PACK_SECTIONS = {name: (entry.report_section[0], f"elements_{name}.png", entry.report_section[1])
                 for name, entry in REGISTRY.items() if entry.report_section}
PLOTS = ("win_types.png", "play_style.png", "shanten.png", "balance.png", "streak.png", "scores.png",
         "compare.png", "real_vs_simulated.png") + tuple(png for _, png, _ in PACK_SECTIONS.values())
#: written into every report folder, so that a later report knows it may replace this one
MARKER = ".fzsim-report"
#: every file a report folder holds
REPORT_FILES = ("report.md", "report.html", "rates.csv", MARKER) + PLOTS
#: sampled opening deals for the probability tables: 100,000 take about 2 s
MAX_DEALS = 10_000_000


@dataclass
class Section:
    title: str
    text: str = ""
    table: pd.DataFrame | None = None
    markdown: str | None = None  # a ready-made Markdown table (used instead of ``table``)
    html_table: str | None = None
    image: str | None = None
    notes: list[str] = field(default_factory=list)


# ----------------------------------------------------------------------------
# Formatting
# ----------------------------------------------------------------------------

def _fmt(v) -> str:
    if isinstance(v, (bool, np.bool_)):
        return "yes" if v else "no"
    if isinstance(v, (int, np.integer)):
        return f"{int(v):,}"
    if isinstance(v, (float, np.floating)):
        if math.isnan(v):
            return ""
        return f"{v:.4g}" if abs(v) < 1e5 else f"{v:,.0f}"
    return str(v)


def dataframe_markdown(df: pd.DataFrame) -> str:
    """A DataFrame as a Markdown pipe table (numbers right-aligned, 4 significant digits)."""
    cols = [str(c) for c in df.columns]
    numeric = [pd.api.types.is_numeric_dtype(df[c]) and not pd.api.types.is_bool_dtype(df[c]) for c in df.columns]
    lines = ["| " + " | ".join(cols) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    for row in df.itertuples(index=False):
        lines.append("| " + " | ".join(_fmt(v) for v in row) + " |")
    return "\n".join(lines)


def _dataframe_html(df: pd.DataFrame) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in df.columns)
    body = []
    for row in df.itertuples(index=False):
        cells = "".join(
            f"<td class='num'>{html.escape(_fmt(v))}</td>" if isinstance(v, (int, float, np.integer, np.floating))
            and not isinstance(v, (bool, np.bool_)) else f"<td>{html.escape(_fmt(v))}</td>" for v in row)
        body.append(f"<tr>{cells}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


# ----------------------------------------------------------------------------
# Plots (Agg backend: works without a display)
# ----------------------------------------------------------------------------

def _pyplot():
    import matplotlib   # heavy: loaded only when a figure is drawn

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt   # (the same)

    return plt


def rates_wide(r: pd.DataFrame) -> pd.DataFrame:
    """Rates as one row per (family, event) and one "rate% [lo, hi]" column per variant."""
    cell = r.assign(cell=[f"{100 * x:.3f}% [{100 * lo:.3f}, {100 * hi:.3f}]"
                          for x, lo, hi in zip(r["rate"], r["lo"], r["hi"])])
    keys = [k for k in ("family", "event") if k in r.columns]
    wide = cell.pivot(index=keys, columns="variant", values="cell")
    order = cell[keys].drop_duplicates()
    wide = wide.loc[pd.MultiIndex.from_frame(order)] if len(keys) > 1 else wide.loc[order[keys[0]]]
    return wide.reset_index().rename_axis(columns=None)


def _plot_win_types(r: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    wt = r[r["family"].isin(["win_type", "outcome"]) & (r["event"] != "win")]
    events = [e for e in ("selfdraw", "discard", "robbed_kong", "qiangjin", "sanjindao", "tianhu", "draw")
              if e in set(wt["event"])]
    variants = sorted(wt["variant"].unique())
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(1, len(variants))
    x = np.arange(len(events))
    for i, v in enumerate(variants):
        g = wt[wt["variant"] == v].set_index("event").loc[events]
        err = np.clip(np.vstack([g["rate"] - g["lo"], g["hi"] - g["rate"]]) * 100, 0, None)  # float noise
        ax.bar(x + (i - (len(variants) - 1) / 2) * width, g["rate"] * 100, width, yerr=err, capsize=3, label=v)
    ax.set_xticks(x, events)
    ax.set_yscale("log")
    ax.set_ylabel("% of hands (log scale)")
    ax.set_title("How hands end (95% Wilson intervals)")
    ax.legend(title="variant")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


#: the play-style rates drawn in ``play_style.png``: (column prefix, rate column, label)
_STYLE_RATES = (("drawn", "drawn_rate", "drawn hand\n(per hand)"), ("win", "win_rate", "win\n(per seat-hand)"),
                ("deal_in", "deal_in_rate", "deal-in\n(per seat-hand)"),
                ("selfdraw", "selfdraw_share", "self-draw share\n(of wins)"))


def play_style_display(ps: pd.DataFrame) -> pd.DataFrame:
    """:func:`fzsim.analysis.play_style` as a readable table: "rate% [lo, hi]" cells, means ± SE,
    and "not recorded" where the results predate the claims / declines columns."""
    keys = [k for k in analysis.PLAY_STYLE_BY if k in ps.columns]
    out = ps[keys + ["hands"]].copy()

    def pct(row, prefix, rate):
        if pd.isna(row[rate]):
            return ""
        return f"{100 * row[rate]:.2f}% [{100 * row[prefix + '_lo']:.2f}, {100 * row[prefix + '_hi']:.2f}]"

    def mean(row, col, digits):
        if col in ("claims", "declines") and not row["recorded"]:
            return "not recorded"
        if pd.isna(row[col]):
            return ""
        se = row[f"{col}_se"]
        return f"{row[col]:.{digits}f} ± {se:.{digits}f}" if not pd.isna(se) else f"{row[col]:.{digits}f}"

    rows = ps.to_dict("records")
    for prefix, rate, label in _STYLE_RATES:
        out[label.replace("\n", " ")] = [pct(r, prefix, rate) for r in rows]
    out["claims / seat-hand"] = [mean(r, "claims", 3) for r in rows]
    out["declined wins / seat-hand"] = [mean(r, "declines", 4) for r in rows]
    if "folds" in ps.columns:
        out["folds / seat-hand"] = [mean(r, "folds", 3) if not pd.isna(r["folds"]) else "not recorded"
                                    for r in rows]
    out["winning score"] = [mean(r, "win_score", 2) for r in rows]
    out["turns / hand"] = [mean(r, "turns", 2) for r in rows]
    return out


def _plot_play_style(ps: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    keys = [k for k in analysis.PLAY_STYLE_BY if k in ps.columns]
    labels = [" / ".join(str(r[k]) for k in keys) for r in ps.to_dict("records")]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(1, len(labels))
    x = np.arange(len(_STYLE_RATES))
    for i, (label, (_, r)) in enumerate(zip(labels, ps.iterrows())):
        rate = np.array([r[c] for _, c, _ in _STYLE_RATES], dtype=float)
        lo = np.array([r[f"{p}_lo"] for p, _, _ in _STYLE_RATES], dtype=float)
        hi = np.array([r[f"{p}_hi"] for p, _, _ in _STYLE_RATES], dtype=float)
        err = np.clip(np.nan_to_num(np.vstack([rate - lo, hi - rate])) * 100, 0, None)  # float noise
        ax.bar(x + (i - (len(labels) - 1) / 2) * width, np.nan_to_num(rate) * 100, width, yerr=err, capsize=3,
               label=label)
    ax.set_xticks(x, [lab for _, _, lab in _STYLE_RATES])
    ax.set_ylabel("%")
    ax.set_title("Play style (95% Wilson intervals)")
    ax.legend(title=" / ".join(keys))
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_shanten(sbt: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for (variant, policy), g in sbt.groupby(["variant", "policy"], sort=False):
        g = g.sort_values("turn")
        ax.errorbar(g["turn"], g["shanten"], yerr=1.96 * g["shanten_se"].fillna(0), capsize=2,
                    marker="o", markersize=3, label=f"{variant} / {policy}")
    ax.set_xlabel("own turn")
    ax.set_ylabel("mean shanten (±1.96 SE)")
    ax.set_title("Mean shanten by turn")
    ax.legend()
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _shanten_section(results, out_dir: str, hands: int = 200, max_turn: int = 12) -> Section:
    """Mean shanten by own turn, from hand 0 of the first `hands` games replayed with their logs
    (fzsim.shanten_turns; the replays are checked against the stored rows), with its plot."""
    title = "Mean shanten by turn"
    try:
        sbt = shanten_by_turn_run(results, hands=hands, max_turn=max_turn)
    except ValueError as exc:
        return Section(title, notes=[f"Not computed: {exc}."])
    sbt = sbt[sbt["seat_turns"] > 0]
    cell = [f"{m:.2f} ± {se:.2f} ({n})" if n > 1 else f"{m:.2f} ({n})"
            for m, se, n in zip(sbt["shanten"], sbt["shanten_se"], sbt["seat_turns"])]
    table = (sbt.assign(cell=cell).pivot(index="turn", columns=["variant", "policy"], values="cell")
             .fillna(""))
    table.columns = [f"{v} / {p}" for v, p in table.columns]
    _plot_shanten(sbt, os.path.join(out_dir, "shanten.png"))
    return Section(title, f"Shanten (tiles from ready, golds wild; -1 a self-draw win) of each seat's hand at "
                   f"its k-th own turn, mean ± SE (seats still playing), from hand 0 of the first {hands} games "
                   "replayed with their event logs.", table=table.reset_index(), image="shanten.png")


def _plot_balance(b: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    who = ["seat_0", "seat_1", "seat_2", "seat_3", "dealer", "nondealer"]
    variants = sorted(b["variant"].unique())
    fig, ax = plt.subplots(figsize=(9, 4.5))
    width = 0.8 / max(1, len(variants))
    x = np.arange(len(who))
    for i, v in enumerate(variants):
        g = b[b["variant"] == v].set_index("who").loc[who]
        ax.bar(x + (i - (len(variants) - 1) / 2) * width, g["mean"], width,
               yerr=1.96 * g["se"].fillna(0), capsize=3, label=v)
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xticks(x, ["seat 0", "seat 1", "seat 2", "seat 3", "dealer", "non-dealer"])
    ax.set_ylabel("mean score delta per hand")
    ax.set_title("Balance: mean delta per seat and for the dealer (±1.96 SE)")
    ax.legend(title="variant")
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_streak(s: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(10, 4))
    groups = list(s.groupby("variant"))
    for i, (v, g) in enumerate(groups):
        x = g["streak"] + (i - (len(groups) - 1) / 2) * 0.08  # dodge so the variants' bars do not hide each other
        a1.errorbar(x, g["win_rate"] * 100,
                    yerr=np.clip([(g["win_rate"] - g["lo"]) * 100, (g["hi"] - g["win_rate"]) * 100], 0, None),
                    marker="o", capsize=3, label=v)
        a2.errorbar(x, g["dealer_mean"], yerr=1.96 * g["dealer_se"].fillna(0),
                    marker="o", capsize=3, label=v)
    top = int(s["streak"].max()) if len(s) else 0
    for ax in (a1, a2):
        ax.set_xlabel("dealer streak L before the hand" + (f" ({top} = {top}+)" if top else ""))
        ax.grid(alpha=0.3)
        ax.legend(title="variant")
    a1.set_ylabel("dealer win rate, %")
    a2.set_ylabel("dealer mean delta")
    a2.axhline(0, color="black", lw=0.8)
    fig.suptitle("The dealer streak effect (95% intervals)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_scores(wg: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(9, 4.5))
    if len(wg):
        hi = float(np.quantile(wg["gain"], 0.995))
        bins = np.linspace(0, max(hi, 1.0), 60)
        for v, g in wg.groupby("variant"):
            ax.hist(g["gain"].clip(upper=hi), bins=bins, histtype="step", lw=1.5, density=True, label=v)
    ax.set_xlabel("winner's gain per won hand (top 0.5% folded into the last bin)")
    ax.set_ylabel("density")
    ax.set_title("Score distribution")
    ax.legend(title="variant")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _plot_compare(c: pd.DataFrame, path: str) -> None:
    plt = _pyplot()
    metrics = list(dict.fromkeys(c["metric"]))
    cols = 2 if len(metrics) > 1 else 1
    rows = -(-len(metrics) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(6 * cols, 1.2 + 1.6 * rows * max(1, c["other"].nunique())),
                             squeeze=False)
    for ax in axes.ravel()[len(metrics):]:
        ax.set_visible(False)
    for ax, m in zip(axes.ravel(), metrics):
        g = c[c["metric"] == m]
        y = np.arange(len(g))
        ax.errorbar(g["mean_diff"], y, xerr=1.96 * g["se_diff"].fillna(0), fmt="o", capsize=4, label="paired")
        ax.errorbar(g["mean_diff"], y + 0.2, xerr=1.96 * g["se_unpaired"].fillna(0), fmt="s", capsize=4,
                    alpha=0.5, label="if unpaired")
        ax.axvline(0, color="black", lw=0.8)
        ax.set_yticks(y, [f"{o} − {b}" for o, b in zip(g["other"], g["baseline"])])
        ax.set_ylim(-0.6, len(g) - 0.2)
        ax.set_title(m)
        ax.grid(axis="x", alpha=0.3)
    axes.ravel()[0].legend(loc="best", fontsize=8)
    fig.suptitle("Variant comparison on the same game ids (mean difference, 95% intervals)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


# ----------------------------------------------------------------------------
# The report
# ----------------------------------------------------------------------------

def build_sections(results, out_dir: str, prob_deals: int = 20_000, seed: int = 0,
                   notes: list[str] | None = None) -> list[Section]:
    """Compute every table, draw every plot into ``out_dir``; return the sections in order.

    ``notes`` are said first (what the folder check found, e.g. an incomplete run)."""
    variants = analysis.check_results_dir(results)
    sections: list[Section] = []

    counts = analysis.read_columns(results, ["game_id"])
    n_by_variant = counts.groupby("variant").size()
    info = analysis.run_info(results)
    run = ""
    if info:
        sets = info.get("policy_sets") or {}
        who = (f"policy settings {', '.join(sets)} (each shown as VARIANT/SETTING)" if sets
               else f"policies {', '.join(map(str, info.get('policies') or []))}")
        run = (f" Run: seed {info.get('seed')}, {who}, "
               f"fzsim {info.get('fzsim_version')}, status {info.get('status')}.")
    notes = list(notes or [])
    if info and info.get("status") not in (None, "complete") and not notes:
        notes.append("The run is unfinished: figures cover the blocks written so far"
                     " (finish it with `fzsim run ... --resume`).")
    sections.append(Section(
        "Results",
        f"Folder `{os.fspath(results)}`: " + ", ".join(f"{v} ({n:,} hands)" for v, n in n_by_variant.items())
        + "." + run + " Rates are per hand with 95% Wilson intervals; errors are standard errors of "
        "per-hand values.", notes=notes))

    packs = {str((v or {}).get("rules", {}).get("pack", DEFAULT_PACK)) for v in ((info or {}).get("variants") or {}).values()}
    # the row's specials, flags and 游金 mean nothing to a run of packs without them (no
    # `row_specials`: their patterns are the wins table's)
    families = None if not packs or any(REGISTRY[p].row_specials for p in packs if p in REGISTRY) \
        else ("outcome", "win_type", "pattern", "settlement")
    r = analysis.rates(results, families=families)
    _plot_win_types(r, os.path.join(out_dir, "win_types.png"))
    sections.append(Section("How hands end",
                            "Outcome, win type, specials (of won hands), win flags and 游金 level (with a wins table:"
                            " patterns and settlements; every win of a hand counts): % of hands "
                            "[95% interval]. The long table with counts is `rates.csv`.",
                            table=rates_wide(r), image="win_types.png"))
    r.to_csv(os.path.join(out_dir, "rates.csv"), index=False)

    role = analysis.rates(results, per="role", families=("outcome", "win_type"))
    role = role[role["event"] != "draw"]
    sections.append(Section("Dealer and non-dealer wins",
                            "Per seat of the role: a non-dealer figure divides by 3 × hands.",
                            table=role[["variant", "role", "event", "count", "n", "rate", "lo", "hi"]]))

    ps = analysis.play_style(results)
    _plot_play_style(ps, os.path.join(out_dir, "play_style.png"))
    try:
        policy = None if (info or {}).get("policy_sets") else analysis.policy_label(results)
    except ValueError:
        policy = None
    style_notes = [] if ps["recorded"].all() else [
        "Claims and declined wins are not recorded in these results (made before the per-seat "
        "`claims_*` / `declines_*` columns existed): run them again to see those."]
    sections.append(Section(
        "Play style",
        (f"Policies: {policy}. " if policy else "")
        + "Drawn hands per hand; wins and deal-ins (the seat discarded the winning tile, robbed kongs "
        "included) per seat-hand; the self-draw share of wins (every win no discarder pays for); "
        "95% Wilson intervals. Claims (chows, pungs, exposed kongs) and declined wins per seat-hand, the "
        "winner's delta per won hand and turns per hand: mean ± SE. Each hand counts its first win"
        " (血战到底 and 一炮多响 have more: the next section counts every win, per policy).",
        table=play_style_display(ps), image="play_style.png", notes=style_notes))
    sections.append(policy_style_section(results))
    sections.append(_shanten_section(results, out_dir))

    b = analysis.balance(results)
    _plot_balance(b, os.path.join(out_dir, "balance.png"))
    sections.append(Section("Balance", "Mean score delta per hand (zero-sum: the non-dealer mean is −dealer/3).",
                            table=b, image="balance.png"))

    s = analysis.streak_effect(results)
    _plot_streak(s, os.path.join(out_dir, "streak.png"))
    note = [] if (s["streak"] > 0).any() else [
        "Every hand was played at streak 0 (one hand per match): run matches of several hands "
        "(`hands_per_match`) to see a streak effect."]
    sections.append(Section("Dealer streak", "Dealer win rate and mean delta by the streak L before the hand.",
                            table=s, image="streak.png", notes=note))

    wg = analysis.winner_gain(results)
    _plot_scores(wg, os.path.join(out_dir, "scores.png"))
    q = analysis.score_quantiles(results)
    qw = analysis.score_quantiles(results, by_win_type=True)
    sections.append(Section("Score distribution", "Quantiles of the winner's gain per won hand.",
                            table=q, image="scores.png"))
    sections.append(Section("Score distribution by win type", table=qw))

    sections += wins_sections(results)
    sections += element_sections(results, out_dir)

    if len(variants) >= 2:
        # wins per hand where the results have it (a wins table came with the n_wins column)
        c = analysis.compare(results, metrics=("dealer_delta", "winner_gain", "win", "dealer_win")
                             + (("n_wins",) if has_wins_table(results) else ()))
        _plot_compare(c, os.path.join(out_dir, "compare.png"))
        sections.append(Section(
            "Variant comparison",
            f"Paired on shared (game_id, hand): each variant (or VARIANT/SETTING of a run of several policy"
            f" settings) minus `{c['baseline'].iloc[0]}`. "
            "`se_unpaired` is the error two independent samples would give.",
            table=c, image="compare.png"))
    else:
        sections.append(Section("Variant comparison",
                                notes=[f"Only one variant ({variants[0]}) in the results: run two or more "
                                       "variants with the same seed and games to compare them."]))

    info = analysis.run_info(results) or {}
    # one table per variant: the policy settings of a run share its rules (and its deals)
    for v in dict.fromkeys(label.split("/", 1)[0] for label in variants):
        stored = (info.get("variants") or {}).get(v, {}).get("rules", {})
        haf = stored.get("honors_are_flowers") if isinstance(stored, dict) else None
        try:
            # (the empirical column reads one variant's hands: a run of several policy settings has none alone)
            table = prob.probability_table(v, deals=prob_deals, seed=seed,
                                           results=None if (info.get("policy_sets") or {}) else results,
                                           honors_are_flowers=haf)
        except (ValueError, ImportError, OSError) as exc:
            sections.append(Section(f"Probability table: {v}", notes=[f"skipped: {exc}"]))
            continue
        sections.append(Section(f"Probability table: {v}", prob.describe(table),
                                markdown=prob.format_markdown(table),
                                html_table=_dataframe_html(_prob_display(table))))
    return sections


def policy_style_display(ps: pd.DataFrame) -> pd.DataFrame:
    """:func:`fzsim.analysis_style.policy_play_style` as a readable table."""
    def pct(r, prefix, rate):
        return "" if pd.isna(r[rate]) else \
            f"{100 * r[rate]:.2f}% [{100 * r[prefix + '_lo']:.2f}, {100 * r[prefix + '_hi']:.2f}]"

    def mean(r, col, digits):
        if pd.isna(r[col]):
            return "not recorded"
        se = r[f"{col}_se"]
        return f"{r[col]:.{digits}f} ± {se:.{digits}f}" if not pd.isna(se) else f"{r[col]:.{digits}f}"

    rows = ps.to_dict("records")
    return pd.DataFrame({
        "variant": ps["variant"], "policy": ps["policy"], "seats": ps["seats"], "seat-hands": ps["seat_hands"],
        "wins / seat-hand": [pct(r, "win", "win_rate") for r in rows],
        "self-draw share (of its wins)": [pct(r, "selfdraw", "selfdraw_share") for r in rows],
        "deal-ins / seat-hand": [pct(r, "deal_in", "deal_in_rate") for r in rows],
        "drawn hands": [pct(r, "drawn", "drawn_rate") for r in rows],
        "claims / seat-hand": [mean(r, "claims", 3) for r in rows],
        "declined wins / seat-hand": [mean(r, "declines", 4) for r in rows],
        "folds / seat-hand": [mean(r, "folds", 3) for r in rows],
    })


def policy_style_section(results) -> Section:
    """The report's "Play style by policy" section: every variant (and policy setting) split by the
    policy of each seat, every win of a hand counted."""
    from fzsim import analysis_style

    ps = analysis_style.policy_play_style(results)
    notes = []
    if ps[["claims", "declines", "folds"]].isna().any().any():
        notes.append("'not recorded': these results predate the per-seat claims / declines / folds columns.")
    return Section(
        "Play style by policy",
        "Each variant (VARIANT/SETTING in a run of several policy settings) split by the policy that played"
        " each seat (`seats`): wins per seat-hand, every win of a hand counted (一炮多响, 血战到底), the"
        " self-draw share of those wins, deal-ins (wins the seat paid as the discarder) per seat-hand and"
        " the share of its seat-hands in hands nobody won, with 95% Wilson intervals; claims (chows, pungs,"
        " exposed kongs), declined wins and folds (discards chosen for safety over the best offensive one,"
        " counted by the policies that fold) per seat-hand, mean ± SE. Computed by"
        " `fzsim.analysis.policy_play_style(DIR)`.",
        table=policy_style_display(ps), notes=notes)


def real_vs_simulated_display(t: pd.DataFrame) -> pd.DataFrame:
    """:func:`fzsim.analysis_real.real_vs_simulated` as a readable table: "rate% [lo, hi]" cells
    (percentage points for the difference)."""
    def cell(rate, lo, hi, sign=False):
        if pd.isna(rate):
            return ""
        return f"{100 * rate:{'+' if sign else ''}.2f} [{100 * lo:+.2f}, {100 * hi:+.2f}]" if sign else \
            f"{100 * rate:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}]"

    rows = t.to_dict("records")
    out = pd.DataFrame({
        "simulated": [r["simulated"] for r in rows],
        "figure": [r["name"] if r["measure"] != "fan" else f"fan: {r['name']}" for r in rows],
        "real": [f"{cell(r['real_rate'], r['real_lo'], r['real_hi'])} ({r['real_count']:,}/{r['real_n']:,})"
                 for r in rows],
        "simulated rate": [f"{cell(r['sim_rate'], r['sim_lo'], r['sim_hi'])} ({r['sim_count']:,}/{r['sim_n']:,})"
                           for r in rows],
        "real − simulated (points)": [cell(r["diff"], r["diff_lo"], r["diff_hi"], sign=True) for r in rows],
    })
    return out


def _plot_real_vs_simulated(t: pd.DataFrame, path: str, fans: int = 12) -> None:
    """Bars of the real games' figures and each simulated variant's, with their intervals: the four
    rates and the ``fans`` fans most frequent in the real games (numbered: the plots' font has no
    CJK glyphs; the section names them)."""
    plt = _pyplot()
    blocks = [g.reset_index(drop=True) for _, g in t.groupby("simulated", sort=False)]
    first = blocks[0]
    keep = (first["measure"] != "fan") | (first.groupby("measure").cumcount() < fans)
    keep = keep.to_numpy()
    n_fan = 0
    labels = []
    for m in first["measure"][keep]:
        n_fan += m == "fan"
        labels.append(f"fan {n_fan}" if m == "fan" else m)
    bars = [(f"real ({first['real'].iloc[0]})", first, "real")]
    bars += [(f"simulated ({b['simulated'].iloc[0]})", b, "sim") for b in blocks]
    fig, ax = plt.subplots(figsize=(max(8.0, 0.6 * len(labels) + 2), 4.5))
    x = np.arange(len(labels))
    width = 0.8 / len(bars)
    for i, (label, b, side) in enumerate(bars):
        b = b.set_index(["measure", "name"]).reindex(list(zip(first["measure"][keep], first["name"][keep])))
        rate = b[f"{side}_rate"].to_numpy(float)
        err = np.vstack([rate - b[f"{side}_lo"].to_numpy(float), b[f"{side}_hi"].to_numpy(float) - rate])
        ax.bar(x + (i - (len(bars) - 1) / 2) * width, np.nan_to_num(rate) * 100, width,
               yerr=np.clip(np.nan_to_num(err) * 100, 0, None), capsize=2, label=label)
    ax.set_xticks(x, labels, rotation=45, ha="right")
    ax.set_ylabel("%")
    ax.set_title("Real beside simulated (95% Wilson intervals)")
    ax.legend(fontsize=8)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def real_vs_simulated_section(real: str, simulated: str, out_dir: str) -> Section:
    """The report's "Real beside simulated" section (and its plot) for a folder of logged games
    and a folder of simulated ones."""
    from fzsim import analysis_real

    t = analysis_real.real_vs_simulated(real, simulated)
    _plot_real_vs_simulated(t, os.path.join(out_dir, "real_vs_simulated.png"))
    fans = t[t["measure"] == "fan"]["name"].drop_duplicates().tolist()
    named = ", ".join(f"fan {i + 1} {name}" for i, name in enumerate(fans[:12]))
    return Section(
        "Real beside simulated",
        f"Logged games `{real}` beside simulated games `{simulated}`: drawn hands per hand, the self-draw"
        " share of wins (a win no discarder pays for), wins and deal-ins (wins a discarder pays) per"
        " seat-hand, and per fan the share of wins that count it (each fan once a win); the rate"
        " [95% Wilson interval] (count/denominator) on each side, and real − simulated in percentage"
        " points [Newcombe's 95% interval]. An interval of the difference that excludes 0 is a difference"
        " the samples show; a seat-hand interval treats a hand's four seats as independent (wide side)."
        " Computed by `fzsim.analysis.real_vs_simulated(REAL, SIMULATED)`."
        + (f" The plot's fans: {named}." if named else ""),
        table=real_vs_simulated_display(t), image="real_vs_simulated.png",
        notes=[f"The simulated variant {v} is not played by the logged games' rules: {'; '.join(d)}. Its"
               " figures describe another game." for v, d in analysis_real.rule_differences(real, simulated).items()])


def _pct_cell(rate, lo, hi) -> str:
    return "" if pd.isna(rate) else f"{100 * rate:.3f}% [{100 * lo:.3f}, {100 * hi:.3f}]"


def wins_sections(results) -> list[Section]:
    """The sections the wins table adds: wins per hand, value by order of win and settlements
    (only where a hand can have several wins or settlements: 一炮多响, 血战, end-of-hand settlements),
    and the pattern
    frequencies of every run that has the table."""
    if not aw.has_wins_table(results):
        return [Section("Wins and patterns", notes=[
            "These results have no wins table (written before runs stored one row per win): run them"
            " again to see wins per hand and pattern frequencies."])]
    sections = []
    wph = aw.wins_per_hand(results)
    st = aw.settlements(results)
    multi = bool((wph["share_2"] + wph["share_3"]).gt(0).any()) or bool(st["hands"].gt(0).any())
    if multi:
        shown = wph.assign(**{f"{k} wins": [f"{100 * x:.2f}%" for x in wph[f"share_{k}"]] for k in range(4)})
        sections.append(Section(
            "Wins per hand",
            "Every win of a hand counts (血战到底 plays on until three have won; 一炮多响: several win one"
            " discard). `mean` is wins per hand; the other columns the share of hands with that many wins.",
            table=shown[["variant", "hands", "wins", "mean", *[f"{k} wins" for k in range(4)]]]))
        ov = aw.order_value(results)
        sections.append(Section(
            "Value by order of win",
            "Mean value of the 1st, 2nd and 3rd win of a hand (the pack's value: 番 after the cap, or 分) and"
            " what that win paid its winner (`gain`), ± SE.",
            table=ov))
        st = st[st.groupby("settlement")["hands"].transform("sum") > 0]   # the kinds this run's packs pay
        shown = st.assign(**{"hands with it": [_pct_cell(r, lo, hi) for r, lo, hi in zip(st["rate"], st["lo"], st["hi"])]})
        sections.append(Section(
            "Settlements (查叫, 查花猪, 查大叫, 烧庄, kong payments)",
            "Share of hands with such a payment outside a win (end-of-hand settlements; kong payments,"
            " 刮风下雨, when on) [95% interval], paying seats per hand (over all hands), payments and the"
            " mean amount one payer paid. Kinds no hand of the run paid are left out.",
            table=shown[["variant", "settlement", "hands", "n", "hands with it", "payers", "payments", "amount"]]))
    pf = aw.pattern_frequencies(results)
    shown = pf.assign(**{"share of wins": [_pct_cell(r, lo, hi) for r, lo, hi in zip(pf["share"], pf["lo"], pf["hi"])]})
    sections.append(Section(
        "Pattern frequency",
        "Per win (wins table): the share of wins that counted each pattern [95% interval], how many of"
        " them it named (`as_base`: the counted base pattern, where the pack counts one) and their mean value."
        " A win may count several patterns (平胡 with 对对胡, say). The specials (RULES.md §6) are patterns"
        " too.",
        table=shown[["variant", "pattern", "wins", "n", "share of wins", "as_base", "mean_value"]],
        notes=[] if len(pf) else ["No win counted a named pattern."]))
    return sections


#: elements shown per variant in a pack's table and plot (the rest are in analysis.patterns)
TOP_ELEMENTS = 20


def element_sections(results, out_dir: str) -> list[Section]:
    """One section per rule pack of the run: its scoring elements (specials, patterns and 根, fans,
    flower points and caps) by share of wins, for dealer and non-dealer winners, their mean value
    and share of the points, with a bar chart (``analysis.patterns``)."""
    info = analysis.run_info(results) or {}
    packs = {v: str((spec.get("rules") or {}).get("pack", DEFAULT_PACK)) for v, spec in (info.get("variants") or {}).items()}
    if not aw.has_wins_table(results) or not packs:
        return []
    try:
        p = aw.patterns(results)
    except ValueError as exc:         # a folder of storage format 2: no elements stored
        return [Section("Scoring elements", notes=[str(exc)])]
    p["pack"] = [packs.get(v.split("/", 1)[0], DEFAULT_PACK) for v in p["variant"]]
    sections = []
    for pack, entry in REGISTRY.items():
        if not entry.report_section:
            continue
        (title, plot_title), png = entry.report_section, f"elements_{pack}.png"
        mine = p[p["pack"] == pack]
        variants = [v for v, k in packs.items() if k == pack]
        if not variants:
            continue
        if mine.empty:
            sections.append(Section(title, notes=[f"No win of {', '.join(variants)} counted a scoring element."]))
            continue
        table = _element_table(mine)
        numbered = _plot_elements(table, plot_title, os.path.join(out_dir, png))
        if numbered:
            order = {e: i + 1 for i, e in enumerate(dict.fromkeys(table["element"]))}
            table.insert(0, "#", [order[e] for e in table["element"]])
        sections.append(Section(
            title,
            "Per win (wins table `elements`): the share of wins counting each element [95% interval], for"
            " dealer and non-dealer winners, how often it counts in such a win, what it adds there on"
            f" average (the pack's unit) and its share of all the points the wins scored. The {TOP_ELEMENTS}"
            " most frequent per variant; `fzsim.analysis.patterns(DIR)` has them all."
            + (" The plot labels the elements by their number (#): no CJK font is installed." if numbered
               else ""),
            table=table.drop(columns="share"), image=png))
    return sections


def _element_table(p: pd.DataFrame) -> pd.DataFrame:
    """analysis.patterns rows of one pack as the report shows them: one row per variant and element."""
    everyone = p[p["role"] == "all"].groupby("variant", sort=True, group_keys=False).head(TOP_ELEMENTS)
    by_role = p[p["role"] != "all"].pivot_table(index=["variant", "element"], columns="role", values="share")
    out = everyone.assign(**{
        "share of wins": [_pct_cell(r, lo, hi) for r, lo, hi in zip(everyone["share"], everyone["lo"], everyone["hi"])],
        "dealer wins": [_share(by_role, v, e, "dealer") for v, e in zip(everyone["variant"], everyone["element"])],
        "non-dealer wins": [_share(by_role, v, e, "nondealer") for v, e in zip(everyone["variant"], everyone["element"])],
        "share of points": [f"{100 * x:.2f}%" if pd.notna(x) else "" for x in everyone["points_share"]]})
    return out[["variant", "element", "wins", "n", "share of wins", "dealer wins", "non-dealer wins", "mean_count",
                "mean_value", "share of points", "share"]].reset_index(drop=True)


def _share(by_role: pd.DataFrame, variant: str, element: str, role: str) -> str:
    try:
        x = by_role.loc[(variant, element), role]
    except KeyError:
        return ""
    return "" if pd.isna(x) else f"{100 * x:.2f}%"


def _plot_elements(table: pd.DataFrame, title: str, path: str) -> bool:
    """Bars of the share of wins per element and variant; returns whether the labels are numbers
    (names outside ASCII need a CJK font, and the plots' default has none)."""
    plt = _pyplot()
    from matplotlib import font_manager   # heavy: loaded only when a figure is drawn

    names = list(dict.fromkeys(table["element"]))
    variants = list(dict.fromkeys(table["variant"]))
    cjk = [f.name for f in font_manager.fontManager.ttflist if any(k in f.name for k in ("CJK", "Hei", "Ming", "Song"))]
    numbered = not cjk and not all(n.isascii() for n in names)
    fig, ax = plt.subplots(figsize=(9, 0.32 * len(names) + 1.6))
    height = 0.8 / max(len(variants), 1)
    y = np.arange(len(names))
    for i, v in enumerate(variants):
        g = table[table["variant"] == v].set_index("element")["share"].reindex(names).fillna(0)
        ax.barh(y + i * height, 100 * g.to_numpy(), height=height, label=v)
    ax.set_yticks(y + height * (len(variants) - 1) / 2)
    if numbered:
        ax.set_yticklabels([f"#{i + 1}" for i in range(len(names))])
    else:
        ax.set_yticklabels(names, fontfamily=cjk[:1] + ["DejaVu Sans"] if cjk else None)
    ax.invert_yaxis()
    ax.set_xlabel("% of wins counting it")
    ax.set_title(title)
    ax.legend(title="variant")
    ax.grid(alpha=0.3, axis="x")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return numbered


def _prob_display(table: pd.DataFrame) -> pd.DataFrame:
    return pd.DataFrame(prob._rows_for_display(table), columns=prob._HEADER)


def _write_markdown(sections: list[Section], path: str, title: str) -> None:
    parts = [f"# {title}", ""]
    for s in sections:
        parts += [f"## {s.title}", ""]
        if s.text:
            parts += [s.text, ""]
        for n in s.notes:
            parts += [f"> {n}", ""]
        if s.image:
            parts += [f"![{s.title}]({s.image})", ""]
        if s.markdown:
            parts += [s.markdown, ""]
        elif s.table is not None:
            parts += [dataframe_markdown(s.table), ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))


def _md_inline(text: str) -> str:
    # the only Markdown the section texts use is `code`
    out = html.escape(text)
    pieces = out.split("`")
    return "".join(f"<code>{p}</code>" if i % 2 else p for i, p in enumerate(pieces))


def _write_html(sections: list[Section], path: str, title: str) -> None:
    style = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;padding:0 1em}"
             "table{border-collapse:collapse;font-size:13px;margin:0.5em 0 1.5em}"
             "td,th{border:1px solid #ccc;padding:2px 6px}td.num{text-align:right}"
             "th{background:#f3f3f3}img{max-width:100%}.note{color:#844}")
    parts = [f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
             f"<style>{style}</style></head><body><h1>{html.escape(title)}</h1>"]
    for s in sections:
        parts.append(f"<h2>{html.escape(s.title)}</h2>")
        if s.text:
            parts.append(f"<p>{_md_inline(s.text)}</p>")
        for n in s.notes:
            parts.append(f"<p class='note'>{_md_inline(n)}</p>")
        if s.image:
            parts.append(f"<img src='{html.escape(s.image)}' alt='{html.escape(s.title)}'>")
        if s.html_table:
            parts.append(s.html_table)
        elif s.table is not None:
            parts.append(_dataframe_html(s.table))
    parts.append("</body></html>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(parts))


def build_report(results, out_dir, prob_deals: int = 20_000, seed: int = 0,
                 allow_incomplete: bool = False, other=None) -> dict[str, str]:
    """Write ``report.md``, ``report.html`` and the PNG plots for a results folder.

    ``other``: a second results folder. When one of the two holds logged games (``fzsim import
    botzone``) and the other simulated ones, the report of ``results`` gains a section "Real
    beside simulated" (:func:`fzsim.analysis_real.real_vs_simulated`, plot
    ``real_vs_simulated.png``); two folders of simulated (or of logged) games are refused.

    Returns ``{"markdown": path, "html": path, "plots": [paths]}``. Raises
    ``FileNotFoundError`` for a missing folder and ``ValueError`` (nothing written) for a folder
    that is not fzsim output, holds no hands, is inconsistent with its manifest, or holds an
    unfinished run (unless ``allow_incomplete``: the report then says so), and for an ``out_dir``
    that is inside a results folder or a non-empty folder that is not an earlier fzsim report.
    The report is built in a temporary folder beside ``out_dir`` and renamed into place, so a
    failure leaves nothing behind and an earlier report is replaced whole.
    """
    if isinstance(results, pd.DataFrame):
        raise ValueError("build_report needs a results folder (DIR/variant=NAME/part-*.parquet), not a DataFrame")
    results = os.fspath(results)
    with analysis.reading_incomplete():      # (an unfinished run is refused below, unless allowed)
        analysis.check_results_dir(results)  # fail before creating anything
    out_dir = os.fspath(out_dir)
    _check_out(results, out_dir)
    pair = None
    if other is not None:
        pair = _real_and_simulated(results, os.fspath(other))
        _check_out(os.fspath(other), out_dir)
    with contextlib.ExitStack() as stack:    # no writer may change the folders meanwhile
        stack.enter_context(lock.FolderLock(results, exclusive=False))
        notes = _check_results(results, allow_incomplete)
        if pair is not None:
            stack.enter_context(lock.FolderLock(os.fspath(other), exclusive=False))
            notes += _check_results(os.fspath(other), allow_incomplete)
        return _write_report(results, out_dir, prob_deals, seed, notes, pair)


def _real_and_simulated(results: str, other: str) -> tuple[str, str]:
    """(logged folder, simulated folder) of the two, or a ValueError saying why not."""
    from fzsim.analysis_real import is_logged

    with analysis.reading_incomplete():
        analysis.check_results_dir(other)
    if os.path.realpath(other) == os.path.realpath(results):
        raise ValueError(f"the second folder {other!r} is the first one: give a folder of logged games and one of"
                         " simulated games")
    logged = [is_logged(results), is_logged(other)]
    if logged[0] == logged[1]:
        what = "logged games (fzsim import botzone)" if logged[0] else "simulated games"
        raise ValueError(f"{results!r} and {other!r} both hold {what}: a second folder sets logged games beside"
                         " simulated ones, give one of each")
    return (results, other) if logged[0] else (other, results)


def _check_out(results: str, out_dir: str) -> None:
    """Refuse a report folder inside a results folder, or one holding anything but a report."""
    real_out, real_results = os.path.realpath(out_dir), os.path.realpath(results)
    if real_out == real_results:
        raise ValueError(f"--out {out_dir!r} is the results folder itself: choose another folder")
    probe = real_out
    while True:
        if probe == real_results or os.path.isfile(os.path.join(probe, storage.MANIFEST)):
            raise ValueError(f"--out {out_dir!r} is inside the results folder {probe!r}: a report there"
                             " would become part of the results; choose a folder outside it")
        parent = os.path.dirname(probe)
        if parent == probe:
            break
        probe = parent
    if os.path.exists(out_dir) and not os.path.isdir(out_dir):
        raise ValueError(f"--out {out_dir!r} exists and is not a folder")
    if os.path.isdir(out_dir) and os.listdir(out_dir) and not _is_earlier_report(out_dir):
        others = sorted(set(os.listdir(out_dir)) - set(REPORT_FILES)) or sorted(os.listdir(out_dir))
        shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
        raise ValueError(f"--out {out_dir!r} is not empty and is not an earlier fzsim report (it holds"
                         f" {shown}); nothing was written. Choose a new or empty folder")


def _is_earlier_report(folder: str) -> bool:
    names = set(os.listdir(folder))
    if not names <= set(REPORT_FILES):
        return False
    if MARKER in names:
        return True
    try:                                    # a report written before the marker existed
        with open(os.path.join(folder, "report.md"), encoding="utf-8") as f:
            return f.read(15) == "# fzsim report:"
    except (OSError, UnicodeDecodeError):
        return False


def _check_results(results: str, allow_incomplete: bool) -> list[str]:
    """The folder check before a report: refusals, or the notes the report must carry."""
    try:
        manifest = storage.read_manifest(results)
    except ValueError:
        manifest = None
    if manifest is None:
        if _has_fzsim_parts(results):
            integrity.read_run_manifest(results)    # raises: the manifest is missing or damaged, and the cure
        if not os.path.exists(storage.manifest_path(results)):
            return ["This folder has no fzsim manifest, so its parts could not be checked against a run."]
        info = analysis.run_info(results) or {}
        if info.get("status") not in (None, "complete") and not allow_incomplete:
            raise integrity.ResultsError(f"{results!r} holds an unfinished run (status {info['status']!r});"
                                         " nothing was written. Pass --allow-incomplete to report on it")
        return []
    check = integrity.check_folder(results, manifest)
    if not check.consistent:
        raise integrity.refusal(check, "nothing was written",
                                f"A report would mix or miss data: see `fzsim verify {results}`.")
    if check.complete:
        return []
    if not allow_incomplete:
        raise integrity.refusal(check, "nothing was written",
                                "Finish it with `fzsim run ... --resume`, or pass --allow-incomplete to report"
                                " on the blocks written so far.")
    total = sum(lay.n_blocks for lay in check.layout.values())
    return [f"Incomplete run (reported with --allow-incomplete): {total - check.n_missing:,} of {total:,}"
            f" blocks are present, {check.n_missing:,} missing (status {manifest.status}); every figure"
            " covers only the hands written so far."]


def _has_fzsim_parts(results: str) -> bool:
    for d in analysis._variant_dirs(results):
        for name in os.listdir(os.path.join(results, d)):
            if name.endswith(".parquet") and not name.startswith((".", "_")):
                try:
                    if "seed" in storage.read_part_metadata(os.path.join(results, d, name)):
                        return True
                except Exception:  # noqa: BLE001 - an unreadable file vouches for nothing
                    continue
    return False


def _write_report(results: str, out_dir: str, prob_deals: int, seed: int, notes: list[str],
                  pair: tuple[str, str] | None = None) -> dict:
    parent = os.path.dirname(os.path.abspath(out_dir))
    made_parents = []
    probe = parent
    while not os.path.exists(probe):
        made_parents.append(probe)
        probe = os.path.dirname(probe)
    tmp = os.path.join(parent, f".{os.path.basename(os.path.abspath(out_dir))}.fzsim-tmp-{os.getpid()}")
    try:
        os.makedirs(tmp)
        # (an unfinished run reaches here only with --allow-incomplete: read the blocks written so far)
        with analysis.reading_incomplete():
            sections = build_sections(results, tmp, prob_deals=prob_deals, seed=seed, notes=notes)
            if pair is not None:
                sections.insert(1, real_vs_simulated_section(*pair, tmp))
        title = f"fzsim report: {os.path.basename(os.path.abspath(results))}"
        _write_markdown(sections, os.path.join(tmp, "report.md"), title)
        _write_html(sections, os.path.join(tmp, "report.html"), title)
        with open(os.path.join(tmp, MARKER), "w", encoding="utf-8") as f:
            json.dump({"results": os.path.abspath(results), "written": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                                                                   time.gmtime())}, f)
        _publish(tmp, out_dir)
    except BaseException as exc:
        _remove_tree_we_made(tmp)
        for d in made_parents:
            try:
                os.rmdir(d)
            except OSError:
                break
        if isinstance(exc, OSError):
            raise OSError(exc.errno, f"cannot write the report into {out_dir}: {exc.strerror or exc}") from exc
        raise
    plots = [os.path.join(out_dir, p) for p in PLOTS if os.path.exists(os.path.join(out_dir, p))]
    return {"markdown": os.path.join(out_dir, "report.md"), "html": os.path.join(out_dir, "report.html"),
            "plots": plots}


def _publish(tmp: str, out_dir: str) -> None:
    """Rename the finished report into place; an earlier report (checked before) is replaced."""
    if not os.path.exists(out_dir):
        os.rename(tmp, out_dir)
        return
    old = f"{tmp}-old"
    os.rename(out_dir, old)
    try:
        os.rename(tmp, out_dir)
    except BaseException:
        os.rename(old, out_dir)
        raise
    _remove_tree_we_made(old)


def _remove_tree_we_made(folder: str) -> None:
    """Remove a report folder's known files, then the folder if that emptied it: anything else
    (added by someone meanwhile) stays."""
    if not os.path.isdir(folder):
        return
    for name in REPORT_FILES:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            os.remove(path)
    try:
        os.rmdir(folder)
    except OSError:
        pass
