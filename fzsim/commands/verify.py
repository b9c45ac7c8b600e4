"""``fzsim verify DIR``: check every part of a results folder against its manifest (and the engine).

Exit status 0 only if everything agrees: every part consistent, no block missing, the run
finished and, with ``--replay K``, K sampled hands replayed through the engine equal to the
stored rows and, with ``--rescore``, every stored win scored again by its pack's pure calculator
(``fzsim.rescore``) equal to its stored value, points and deltas. Disagreement exits 1 (each
problem named); bad input exits 2. ``--repair`` first rebuilds a lost or damaged manifest from
the parts' own metadata.
"""
from __future__ import annotations

import os
import shutil
import time

from fzsim import integrity, lock, rescore, storage

#: replaying a hand costs about as much as playing it: a bound that keeps verify interactive
MAX_REPLAY = 1_000_000


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "verify",
        help="check a results folder: every part against the manifest, optionally against the engine",
        description="Check every part of DIR against its manifest (run identity, block number, first "
        "game id, row count) and name every missing, damaged, duplicated, foreign or stray file. "
        "Exit 0 only if all agree.",
    )
    p.add_argument("results", metavar="DIR", help="results folder written by fzsim run")
    p.add_argument("--replay", type=int, default=0, metavar="K",
                   help=f"also replay K evenly spread stored hands through the engine (0..{MAX_REPLAY:,})")
    p.add_argument("--rescore", action="store_true",
                   help="also re-score every stored win with its pack's calculator (the code of fzsim score /"
                   " fzsim.fans) and list every disagreement in value, points and deltas")
    p.add_argument("--repair", action="store_true",
                   help="rebuild a lost or damaged manifest from the parts (each carries the run's identity)")
    p.set_defaults(func=run)


def _repair(root: str) -> None:
    """Write a manifest rebuilt from the parts, if the folder's own is missing or unreadable."""
    with lock.FolderLock(root, exclusive=True):
        try:
            if storage.read_manifest(root) is not None:
                print(f"{root}: the manifest is readable; nothing to repair")
                return
        except ValueError:
            # keep the damaged one beside it (a name every reader skips): never delete user data
            kept = os.path.join(root, f"{storage.MANIFEST}.damaged-{time.strftime('%Y%m%dT%H%M%S')}")
            shutil.copy2(storage.manifest_path(root), kept)
            print(f"{root}: the damaged manifest is kept as {os.path.basename(kept)}")
        manifest, notes = integrity.rebuild_manifest(root)
        storage.write_manifest(root, manifest)
        for note in notes:
            print(f"{root}: manifest {note}")


def run(args) -> int:
    root = os.fspath(args.results)
    if isinstance(args.replay, bool) or not 0 <= args.replay <= MAX_REPLAY:
        raise ValueError(f"--replay {args.replay}: allowed 0..{MAX_REPLAY:,} hands")
    if not os.path.isdir(root):
        integrity.read_run_manifest(root)       # the right error for a missing path or a file
    if args.repair:
        _repair(root)
    check = integrity.open_folder(root)
    ident = check.manifest.identity
    print(f"{root}: seed {ident.seed}, {ident.hands:,} hands x {len(ident.variants)} variant(s)"
          f" [{', '.join(ident.variants)}], block size {ident.block_size:,}, fzsim {ident.fzsim_version}")
    writer = lock.holder(root)
    if writer:
        print(f"note: the folder {writer.removeprefix('is ')} now: this is a snapshot")
    ok = check.complete
    for line in check.problems(limit=50):
        print(f"  {line}")
    if check.stale_temps:
        print(f"  {len(check.stale_temps)} temporary file(s) of stopped writers (hidden from readers;"
              " `fzsim run ... --resume` removes them)")
    print(check.summary())
    if args.replay:
        result = integrity.replay_sample(check, args.replay)
        for line in result.mismatches[:50]:
            print(f"  {line}")
        agree = result.compared - len(result.mismatches)
        print(f"replayed {result.compared:,} sampled hand(s) through the engine: {agree:,} agree with the"
              f" stored rows, {len(result.mismatches):,} differ")
        ok = ok and not result.mismatches
    if args.rescore:
        ok = _rescore(root, check) and ok
    print("OK: every part agrees with the manifest" + (" and the engine" if args.replay else "")
          + (" and every win with its calculator" if args.rescore else "")
          if ok else "FAILED: see the lines above")
    return 0 if ok else 1


def _rescore(root: str, check) -> bool:
    """Re-score the stored wins (a folder that is not complete cannot be re-scored whole)."""
    if not check.complete:
        print("not re-scored: the folder is not complete and consistent (see above)")
        return False
    result = rescore.rescore(root)
    for d in result.disagreements[:50]:
        print(f"  {d.line()}")
    if len(result.disagreements) > 50:
        print(f"  ... and {len(result.disagreements) - 50:,} more")
    for line in result.notes:
        print(f"  {line}")
    total = sum(result.compared.values())
    per_unit = ", ".join(f"{unit} {n:,}" for unit, n in result.compared.items())
    print(f"re-scored {total:,} stored win(s) ({per_unit}) with the packs' calculators:"
          f" {total - len(result.disagreements):,} agree, {len(result.disagreements):,} differ")
    return result.ok and not result.notes
