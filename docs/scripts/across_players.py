"""What holds across players: each system's balance answers under greedy, guard and value (and
rollout where it plays, with --rollout), four seats of one policy, every policy on the same
seeded walls of its system (one run of several policy settings), with 95% intervals, and the
paired differences between policies that say which answers change with the player.

    python docs/scripts/across_players.py [--hands 4000] [--seed 2027] [--jobs 2]
        [--systems fuzhou,guobiao] [--policies greedy,guard,value] [--rollout]
        [--out DIR] [--markdown FILE]

Measures per system and policy: the dealer's edge (the dealer's mean delta per hand), the edge of
the seats 1, 2, 3 places after the dealer (下家, 对家, 上家), the drawn-hand rate, the self-draw
share of wins (every win of the hand, from the wins table) and the share of wins counting each of
the system's most frequent scoring elements (fzsim.analysis.patterns). Errors are cluster-robust
over matches (guobiao plays 16-hand matches; every other preset one hand a match). A measure
"changes with the player" when a paired difference between two policies has |z| > 3 or its sign
flips (both estimates' 95% intervals exclude 0 on opposite sides). docs/guide/across_players.md
quotes the Markdown this prints.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import time

import pandas as pd

import fzsim
from fzsim import analysis as fa
from fzsim import analysis_players as fp
from fzsim.policyspec import supported_policies

SYSTEMS = ("fuzhou", "bianfeng", "sichuan", "xuezhan", "guobiao", "beijing", "shanghai")
POLICIES = ("greedy", "guard", "value")
THRESHOLD = 3.0
TOP = 5
#: the measures in table order: (metric, label, scale, unit)
ROWS = [("dealer_delta", "dealer's edge (points/hand)", 1.0, ""),
        ("pos_1", "下家 (dealer+1) edge", 1.0, ""),
        ("pos_2", "对家 (dealer+2) edge", 1.0, ""),
        ("pos_3", "上家 (dealer+3) edge", 1.0, ""),
        ("drawn", "drawn-hand rate", 100.0, "%"),
        ("selfdraw_share", "self-draw share of wins", 100.0, "%")]


def hands_for(system: str, hands: int) -> int:
    """Hands to play: a whole number of matches (guobiao: 16-hand matches, rounded up)."""
    per = int(fzsim.load_rules(system).canonical.get("hands_per_match", 1) or 1)
    return max(per, -(-hands // per) * per)


def policies_for(system: str, wanted, rollout: bool) -> list[str]:
    allowed = supported_policies(fzsim.load_rules(system))
    want = list(wanted) + (["rollout"] if rollout and "rollout" not in wanted else [])
    return [p for p in want if p in allowed]


def run_system(system: str, policies, hands: int, seed: int, jobs: int, out: str) -> str:
    """Play ``hands`` walls of ``system`` under each policy (four seats of it), one run: same walls."""
    folder = os.path.join(out, system)
    n = hands_for(system, hands)
    games = n // int(fzsim.load_rules(system).canonical.get("hands_per_match", 1) or 1)
    # a few blocks per policy so that --jobs splits the slow policies too (results do not depend on it)
    block = max(1, min(10_000, -(-games // max(2, 2 * jobs))))
    fzsim.simulate(n, [system], seed=seed, jobs=jobs, out=folder, policy_sets=list(policies),
                   progress=False, resume=True, block_size=block)
    return folder


def measure(folder: str, top: int = TOP) -> dict:
    """Every figure of one system's folder: per-hand measures, per-policy estimates, the top
    elements (fzsim.analysis.patterns, Wilson intervals) and the paired differences."""
    hands = fzsim.load(folder)
    wins = fzsim.load(folder, table="wins")
    settings = list(dict.fromkeys(hands["policy"].astype(str)))
    order = [p for p in ("random", "greedy", "guard", "value", "rollout") if p in settings]
    pat = fa.patterns(folder)
    pat = pat[pat["role"] == "all"].copy()
    pat["policy"] = pat["variant"].str.rsplit("/", n=1).str[1]
    best = pat.groupby("element")["share"].max().sort_values(ascending=False, kind="stable")
    elements = list(best.index[:top])
    m = fp.hand_measures(hands, wins, elements=elements)
    metrics = list(fp.METRICS) + [f"el:{e}" for e in elements]
    summary = fp.setting_summary(m, metrics)
    pairs = []
    for a, b in zip(order, order[1:]):            # each rung against the one below
        pairs.append(fp.paired_settings(m[m["setting"].isin([a, b])], a, metrics, threshold=THRESHOLD))
    if len(order) > 2:                            # and the strongest against greedy (or the weakest)
        pairs.append(fp.paired_settings(m[m["setting"].isin([order[0], order[-1]])], order[0], metrics,
                                        threshold=THRESHOLD))
    paired = pd.concat(pairs, ignore_index=True)
    return {"measures": m, "summary": summary, "paired": paired, "elements": elements, "patterns": pat,
            "order": order, "hands": int(m.groupby("setting").size().iloc[0]),
            "matches": int(m["game_id"].nunique())}


def collect(systems, policies, hands: int, seed: int, jobs: int, out: str, rollout: bool = False,
            log=print) -> dict:
    """Run and measure every system: ``{system: measure(...)}`` (folders kept in ``out``)."""
    res = {}
    for system in systems:
        pols = policies_for(system, policies, rollout)
        t = time.perf_counter()
        folder = run_system(system, pols, hands, seed, jobs, out)
        res[system] = measure(folder)
        res[system]["folder"] = folder
        log(f"{system}: {', '.join(pols)}, {res[system]['hands']:,} walls each, {time.perf_counter() - t:.0f} s")
    return res


def _fmt(x: float, scale: float, signed: bool, digits: int) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "–"
    return f"{x * scale:+.{digits}f}" if signed else f"{x * scale:.{digits}f}"


def _digits(metric: str) -> int:
    return 2 if metric in ("dealer_delta", "pos_1", "pos_2", "pos_3") else 1


def markdown(system: str, r: dict, seed: int) -> str:
    order, summ, paired = r["order"], r["summary"], r["paired"]
    pats = r["patterns"].set_index(["policy", "element"])
    rows = ROWS + [(f"el:{e}", f"{e} (share of wins)", 100.0, "%") for e in r["elements"]]
    pair_cols = list(dict.fromkeys(zip(paired["baseline"], paired["other"])))
    head = (["measure"] + order + [f"{b} → {o}" for b, o in pair_cols])
    per = "16-hand matches" if r["hands"] != r["matches"] else "walls"
    lines = [f"### {system}", "",
             f"{r['hands']:,} hands per policy ({r['matches']:,} {per}), seed {seed}; each cell: estimate"
             f" ± 95% half-width; a difference in **bold** changes with the player (|z| > {THRESHOLD:g} or a"
             " sign flip).", "",
             "| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
    for metric, label, scale, unit in rows:
        d = _digits(metric)
        cells = [label]
        for p in order:
            if metric.startswith("el:"):      # the share and Wilson interval of fzsim.analysis.patterns
                key = (p, metric[3:])
                if key in pats.index:
                    s = pats.loc[key]
                    cells.append(f"{s['share'] * 100:.1f} ({s['lo'] * 100:.1f}–{s['hi'] * 100:.1f})")
                else:
                    cells.append("0")
                continue
            s = summ[(summ["setting"] == p) & (summ["metric"] == metric)].iloc[0]
            signed = unit == ""
            cells.append(f"{_fmt(s['estimate'], scale, signed, d)} ± {_fmt(1.959963984540054 * s['se'], scale, False, d)}")
        for b, o in pair_cols:
            q = paired[(paired["baseline"] == b) & (paired["other"] == o) & (paired["metric"] == metric)].iloc[0]
            if not q["se_diff"] > 0:          # the same on every wall (e.g. a pattern neither policy made)
                text = "same on every wall" if q["diff"] == 0 else f"{_fmt(q['diff'], scale, True, d)}"
            else:
                text = (f"{_fmt(q['diff'], scale, True, d)} ± {_fmt(q['hi'] - q['diff'], scale, False, d)}"
                        f" (z {q['z_diff']:+.1f}{', sign flips' if q['sign_flip'] else ''})")
            cells.append(f"**{text}**" if q["changes"] else text)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def changes_list(res: dict) -> str:
    """One line per system: the measures that change with the player (and by how much)."""
    labels = dict((m, lab) for m, lab, _, _ in ROWS)
    out = ["| system | changes with the player (its most significant paired difference, z) | holds across players |",
           "|---|---|---|"]
    for system, r in res.items():
        p = r["paired"]
        changed, held = [], []
        metrics = list(dict.fromkeys(p["metric"]))
        for metric in metrics:
            g = p[p["metric"] == metric]
            scale = 1.0 if metric in labels and not metric.startswith(("drawn", "selfdraw")) else 100.0
            unit = "" if scale == 1.0 else " pp"
            name = labels.get(metric, metric[3:] + " share")
            if g["changes"].any():
                q = g.loc[g["z_diff"].abs().idxmax()]
                changed.append(f"{name} {q['baseline']}→{q['other']} {q['diff'] * scale:+.{_digits(metric)}f}{unit}"
                               f" (z {q['z_diff']:+.1f}{', sign flips' if g['sign_flip'].any() else ''})")
            else:
                held.append(name)
        out.append(f"| {system} | {'; '.join(changed) or '–'} | {', '.join(held) or '–'} |")
    return "\n".join(out) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="walls per system and policy (guobiao: rounded up to 16-hand matches)")
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--systems", default=",".join(SYSTEMS))
    ap.add_argument("--policies", default=",".join(POLICIES))
    ap.add_argument("--rollout", action="store_true", help="add rollout (every system plays it; the slowest rung)")
    ap.add_argument("--out", help="keep the results folders here (default: a temporary folder); rerunning"
                                  " with the same options resumes / reuses them")
    ap.add_argument("--markdown", help="also write the Markdown to this file")
    args = ap.parse_args(argv)
    systems = [s.strip() for s in args.systems.split(",") if s.strip()]
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    unknown = [s for s in systems if s not in SYSTEMS]
    if unknown:
        ap.error(f"unknown system(s) {unknown}: allowed {', '.join(SYSTEMS)}")
    log = lambda msg: print(msg, file=sys.stderr, flush=True)   # noqa: E731
    from fzsim.provenance import header

    prov = header(seed=args.seed)          # the command, date, machine, load and commit at the start
    t0 = time.perf_counter()
    if args.out:
        res = collect(systems, policies, args.hands, args.seed, args.jobs, args.out, args.rollout, log)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            res = collect(systems, policies, args.hands, args.seed, args.jobs, tmp, args.rollout, log)
    text = [f"{args.hands:,} walls per system and policy (guobiao: rounded up to 16-hand matches), seed"
            f" {args.seed}; four seats of one policy; every policy of a system on the same walls"
            f" ({'; '.join(prov)}; {time.perf_counter() - t0:.0f} s).", "",
            "### Which answers change with the player", "", changes_list(res)]
    text += [markdown(s, r, args.seed) for s, r in res.items()]
    md = "\n".join(text)
    print(md)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(md)


if __name__ == "__main__":
    main()
