"""``fzsim import botzone FILE|DIR ... --out DIR`` (real 国标 games replayed into a results folder) and
``fzsim export botzone DIR --out FILE`` (simulated 国标 hands written as Botzone game records): the
guobiao pack's `fzsim.pack_registry.LogFormat`, whose subcommands ``fzsim import`` and ``fzsim
export`` add (`fzsim.commands.import_logs`, `fzsim.commands.export_logs`)."""
from __future__ import annotations

import sys

from fzsim.commands.options import add_progress_flags


def add_import(formats) -> None:
    b = formats.add_parser(
        "botzone", help="Botzone 国标 records: the text data format or JSON match logs (plain, .gz, .zip)",
        description="Read Botzone's 国标 game records (the text data format of its data sets, or JSON match logs;"
        " plain, .gz or inside a .zip; a folder is read file by file), replay every game through the guobiao"
        " pack on Botzone walls checking each action, the claims, winner, fans and scores, and write the games"
        " that agree as a results folder (variant botzone-logs) with DIR/_botzone/games.parquet and"
        " DIR/_botzone/mismatches.parquet naming every game that does not.")
    b.add_argument("paths", nargs="+", metavar="FILE|DIR", help="record files, folders, .gz or .zip files")
    b.add_argument("--out", required=True, metavar="DIR", help="the results folder to write")
    b.add_argument("--jobs", type=int, default=1, metavar="J", help="worker processes replaying (default 1)")
    b.add_argument("--chunk-size", type=int, default=2000, metavar="GAMES",
                   help="games per replayed chunk and per part (default 2000)")
    b.add_argument("--resume", action="store_true", help="finish an interrupted import into DIR")
    b.add_argument("--faults", action="store_true",
                   help="import a match the judge ended on a bot's error (settled -30 / +10) as a hand ended by"
                   " that bot's fault (outcome fault) instead of a bot_error mismatch")
    add_progress_flags(b)
    b.set_defaults(func=run_import)


def run_import(args) -> int:
    from fzsim.packs.guobiao.botzone.importer import import_logs   # heavy (pyarrow): loaded by this command only
    from fzsim.packs.guobiao.botzone.logs import LogError   # (the same package)

    try:
        summary = import_logs(args.paths, args.out, jobs=args.jobs, chunk_size=args.chunk_size,
                              resume=args.resume, progress=args.progress, faults=args.faults)
    except KeyboardInterrupt:
        print(f"fzsim: the chunks replayed so far are kept in {args.out}; finish with the same command"
              " and --resume", file=sys.stderr)
        raise
    except LogError as exc:
        exc.add_note(f"the chunks replayed before this are kept in {args.out}: once the record is fixed"
                         " (or removed), finish with the same command and --resume")
        raise
    print(summary.line())
    return 0


def add_export(formats) -> None:
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
    b.set_defaults(func=run_export)


def run_export(args) -> int:
    from fzsim.packs.guobiao.botzone.export import export_run   # heavy (pyarrow): loaded by this command only

    n = export_run(args.results, args.out, args.format, args.games)
    print(f"wrote {n:,} games to {args.out} (Botzone {args.format} records)")
    return 0
