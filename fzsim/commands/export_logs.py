"""``fzsim export botzone DIR --out FILE``: simulated 国标 hands written as Botzone game records."""
from __future__ import annotations


def add_parser(subparsers) -> None:
    p = subparsers.add_parser("export", help="write simulated hands as game records of other platforms",
                              description="Write the hands of a results folder as game records of other platforms.")
    formats = p.add_subparsers(dest="target", metavar="TARGET", required=True)
    b = formats.add_parser(
        "botzone", help="Botzone 国标 records (text data format or JSON match logs)",
        description="Replay the hands of a results folder played under Botzone's rules (--variant guobiao --set"
        " gb_variant=botzone --set gb_mingangang=true) with their event logs and write them as Botzone records:"
        " the text data format, or JSON match logs (one per line) as Botzone's judge writes them. Botzone's"
        " player 0 is each hand's dealer. FILE ending in .gz is compressed.")
    b.add_argument("results", metavar="DIR", help="the results folder (a run of one variant and one policy setting)")
    b.add_argument("--out", required=True, metavar="FILE", help="the file to write")
    b.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")
    b.add_argument("--games", type=int, metavar="N", help="only the first N hands (default all)")
    b.set_defaults(func=run)


def run(args) -> int:
    from fzsim.botzone.export import export_run   # heavy (pyarrow): loaded by this command only

    n = export_run(args.results, args.out, args.format, args.games)
    print(f"wrote {n:,} games to {args.out} (Botzone {args.format} records)")
    return 0
