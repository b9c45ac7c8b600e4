"""``fzsim study``: play a study's variants x line-ups in rounds until its questions are answered."""
from __future__ import annotations

import argparse
import json

from fzsim.commands.options import add_progress_flags
from fzsim.orchestrator import BACKENDS
from fzsim.study import load_spec, study


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "study",
        help="answer rule questions: variants x line-ups on the same walls until each reaches its precision",
        description="Read a study spec (TOML: baseline, variants, sweep, lineups, questions with a precision,"
        " budget, seed), check it whole, then play every variant x line-up on the same walls in rounds until"
        " every question's interval is as narrow as asked or the budget is spent. DIR holds study.json and"
        " one results folder per round.",
    )
    p.add_argument("spec", metavar="SPEC.toml", help="the study spec")
    p.add_argument("--out", default="fzsim-study", metavar="DIR", help="study folder (default fzsim-study)")
    p.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes (-1: all cores; default 1)")
    p.add_argument("--backend", default="loky", choices=BACKENDS, help="as fzsim run (default loky)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="dask scheduler or Ray cluster address")
    p.add_argument("--resume", action="store_true", help="continue the study in DIR")
    p.add_argument("--plan", action="store_true", help="check the spec and print the plan; play nothing")
    p.add_argument("--no-control-variates", dest="control_variates", action="store_false",
                   help="estimate the contrasts without control variates")
    p.add_argument("--json", action="store_true", help="print the answers as JSON")
    add_progress_flags(p)
    p.set_defaults(func=run)


def plan_text(spec) -> str:
    from fzsim.study.runner import plan   # heavy (pandas): loaded by this command only

    looks, c = plan(spec)
    lineups = "; ".join(f"{label} = {','.join(seats)}" for label, seats in spec.lineups.items())
    lines = [f"baseline {spec.baseline} ({spec.pack} pack); variants: {', '.join(spec.variants)}",
             f"line-ups: {lineups}",
             f"rounds: looks after {', '.join(f'{n:,}' for n in looks)} walls per variant and line-up"
             f" (intervals ± {c:.3f} se for {spec.confidence:.0%} under the stopping rule); draws: "
             + ("coupled by seat" if spec.draws == "seat" else "the wall as it lies")
             + (f"; walls drawn per {spec.strata!r} stratum (proportional, then Neyman's allocation)"
                if spec.strata else "")]
    for q in spec.questions:
        lines.append(f"question {q.name!r}: {q.metric}, {len(q.contrasts)} contrast(s) ({q.compare}),"
                     f" precision ±{q.precision:g}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    spec = load_spec(args.spec)
    if args.plan:
        print(plan_text(spec))
        return 0
    result = study(spec, args.out, jobs=args.jobs, backend=args.backend, scheduler=args.scheduler,
                   resume=args.resume, progress=False if args.json else args.progress,
                   control_variates=args.control_variates)
    if args.json:
        print(json.dumps({"status": result.status, "walls": result.walls, "rounds": result.rounds,
                          "critical_value": result.critical_value,
                          "answers": result.answers.to_dict(orient="records")}, indent=1))
    else:
        print(result.text())
    return 0 if result.status == "answered" else 1
