"""``fzsim report DIR [OTHER] --out REPORT_DIR``: Markdown/HTML report with plots of a results folder
(with OTHER: logged games beside simulated ones)."""
from __future__ import annotations


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "report",
        help="write report.md, report.html and PNG plots for a results folder",
        description=(
            "Rates with 95% intervals, seat and dealer balance, the streak effect, score distributions, "
            "a paired comparison of the variants and each variant's probability table, as report.md and "
            "report.html with PNG plots (works without a display). Given a second folder, one of the two "
            "holding logged games (fzsim import botzone) and the other simulated games, the report of DIR "
            "adds a section setting the real games beside the simulated ones (drawn-hand rate, self-draw "
            "share, win and deal-in rates per seat-hand, fan frequencies, and real - simulated, with 95% "
            "intervals)."
        ),
    )
    p.add_argument("results", metavar="DIR", help="results folder (DIR/variant=NAME/part-*.parquet)")
    p.add_argument("other", metavar="OTHER", nargs="?",
                   help="a second results folder: logged games when DIR holds simulated ones, or simulated"
                        " games when DIR holds logged ones (adds the section 'Real beside simulated')")
    p.add_argument("--out", required=True, metavar="REPORT_DIR", help="folder to write the report into")
    p.add_argument("--deals", type=int, default=20_000, metavar="N",
                   help="sampled opening deals for the probability tables (default 20000, at most 10000000)")
    p.add_argument("--seed", type=int, default=0, help="seed of the deal sampling, 0..2**64-1 (default 0)")
    p.add_argument("--allow-incomplete", action="store_true",
                   help="report on an unfinished run (the report says so) instead of refusing it")
    p.set_defaults(func=run)


def run(args) -> int:
    from fzsim.report import MAX_DEALS, build_report   # heavy (pandas, matplotlib): this command only

    if not 0 <= args.deals <= MAX_DEALS:
        raise ValueError(f"--deals {args.deals}: allowed 0..{MAX_DEALS:,}")
    if not 0 <= args.seed < 2**64:
        raise ValueError(f"--seed {args.seed}: allowed 0..2**64-1")
    out = build_report(args.results, args.out, prob_deals=args.deals, seed=args.seed,
                       allow_incomplete=args.allow_incomplete, other=args.other)
    print(f"wrote {out['markdown']}")
    print(f"wrote {out['html']}")
    for p in out["plots"]:
        print(f"wrote {p}")
    return 0
