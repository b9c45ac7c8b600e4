"""What a results folder holds, checked against its manifest, and the manifest rebuilt from parts.

`check_folder` looks at every file of a results folder without trusting any of them. A part is
consistent when its name, its footer and its own ``fzsim.*`` metadata agree with the manifest:
the run identity (format, version, seed, hands, block size, policies, every variant's rules), the
variant of its folder, its block number and first game id (also against the game-id statistics
of the data), and its row count. Everything else is a *finding* naming the file:

* ``replay``: a part of this run that cannot be trusted where it is (unreadable, another block's
  rows under this name, the wrong row count); ``fzsim run --resume`` plays its block again;
* ``refuse``: something that does not belong to this run (a part of another run, a stray file,
  an unknown ``variant=`` folder, a part past the last block); nothing fzsim does removes it,
  so ``--resume`` refuses until it is moved away.

Blocks without a consistent part are *missing*. Readers only ever read the consistent parts.
Stale temporary files of killed writers are listed apart: they are hidden from every reader, and
``--resume`` removes them.
"""
from __future__ import annotations

import bisect
import json
import os
import re
import time
import urllib.parse
from dataclasses import dataclass, field

import pyarrow.parquet as pq

from fzsim import storage
from fzsim.lock import LOCK_NAME

_PART_NAME = re.compile(r"part-(\d+)\.parquet")
#: part metadata keys every fzsim part carries, compared with the manifest's identity
_IDENTITY_KEYS = ("format", "version", "seed", "block_size", "policies")


class ResultsError(ValueError):
    """A results folder that is inconsistent, incomplete or not an fzsim run (message lists why)."""


@dataclass(frozen=True)
class Finding:
    path: str           # relative to the results folder
    problem: str
    action: str         # "replay" or "refuse"
    variant: str | None = None
    block: int | None = None

    def line(self) -> str:
        return f"{self.path} {self.problem}"


@dataclass(frozen=True)
class Part:
    variant: str
    block: int
    path: str           # absolute (as given) path of the file
    rows: int
    bytes: int


@dataclass
class VariantLayout:
    """The blocks one variant of a run must have."""

    name: str
    hands_per_match: int
    n_games: int
    block_size: int

    @property
    def n_blocks(self) -> int:
        return -(-self.n_games // self.block_size)

    def games(self, block: int) -> tuple[int, int]:
        """(first game id, number of games) of a block."""
        first = block * self.block_size
        return first, min(self.block_size, self.n_games - first)


def layouts(identity: storage.RunIdentity) -> dict[str, VariantLayout]:
    out = {}
    for name, v in identity.variants.items():
        hpm = int((v.get("rules") or {}).get("hands_per_match", 1))
        out[name] = VariantLayout(name, hpm, identity.hands // hpm, identity.block_size)
    return out


def identity_metadata(identity: storage.RunIdentity) -> str:
    """The run identity as stored in every part (``fzsim.run``): what `rebuild_manifest` reads."""
    return json.dumps(identity.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def part_metadata(identity: storage.RunIdentity, variant: str) -> dict[str, str]:
    """The ``fzsim.*`` metadata every part of ``variant`` carries (block fields are added per part)."""
    rules = identity.variants[variant]["rules"]
    meta = {"format": identity.format, "version": identity.fzsim_version, "variant": variant,
            "rules": json.dumps(rules, ensure_ascii=False, separators=(",", ":")),
            "rules_hash": identity.variants[variant]["rules_hash"], "seed": identity.seed,
            "block_size": identity.block_size, "policies": json.dumps(list(identity.policies)),
            "hands_per_match": int(rules.get("hands_per_match", 1)), "run": identity_metadata(identity)}
    return {k: str(v) for k, v in meta.items()}


def _identity_of(meta: dict) -> storage.RunIdentity | None:
    try:
        return storage.RunIdentity.from_json(json.loads(meta["run"]))
    except (KeyError, ValueError, TypeError):
        return None


@dataclass
class FolderCheck:
    root: str
    manifest: storage.Manifest
    layout: dict[str, VariantLayout]
    parts: dict[str, dict[int, Part]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    stale_temps: list[str] = field(default_factory=list)

    def missing(self, variant: str):
        """The blocks of ``variant`` without a consistent part (lazily: runs may be huge)."""
        have = self.parts.get(variant, {})
        return (b for b in range(self.layout[variant].n_blocks) if b not in have)

    @property
    def n_missing(self) -> int:
        return sum(lay.n_blocks - len(self.parts.get(name, {})) for name, lay in self.layout.items())

    @property
    def consistent(self) -> bool:
        return not self.findings

    @property
    def complete(self) -> bool:
        return self.consistent and self.n_missing == 0 and self.manifest.status == "complete"

    def files(self, variants=None) -> list[str]:
        names = list(self.layout) if variants is None else list(variants)
        return [p.path for v in names for _, p in sorted(self.parts.get(v, {}).items())]

    def problems(self, limit: int = 20) -> list[str]:
        """One line per finding, missing block and an unfinished status (at most ``limit`` + a count)."""
        lines = [f.line() for f in self.findings]
        for name, lay in self.layout.items():
            gone = [b for b, _ in zip(self.missing(name), range(limit + 1))]
            named = {f.block for f in self.findings if f.variant == name}
            for b in gone[:limit]:
                rel = os.path.relpath(storage.part_path(self.root, name, b), self.root)
                if b not in named:
                    lines.append(f"{rel} is missing (block {b}, first game {lay.games(b)[0]})")
            extra = lay.n_blocks - len(self.parts.get(name, {})) - limit
            if extra > 0:
                lines.append(f"variant={name}: {extra:,} more blocks missing")
        if self.manifest.status != "complete" and not lines:
            lines.append(f"{storage.MANIFEST} says the run is unfinished (status {self.manifest.status!r})")
        if len(lines) > limit:
            lines = lines[:limit] + [f"... and {len(lines) - limit} more"]
        return lines

    def summary(self) -> str:
        n_parts = sum(len(p) for p in self.parts.values())
        total = sum(lay.n_blocks for lay in self.layout.values())
        rows = sum(p.rows for ps in self.parts.values() for p in ps.values())
        return (f"{n_parts:,} of {total:,} parts consistent ({rows:,} hands), {len(self.findings)} problem(s),"
                f" {self.n_missing:,} block(s) missing, status {self.manifest.status}")


def _rel(root: str, path: str) -> str:
    return os.path.relpath(path, root)


def check_folder(root: str, manifest: storage.Manifest) -> FolderCheck:
    """Every file of ``root`` against ``manifest`` (see the module docstring)."""
    identity = manifest.identity
    check = FolderCheck(root, manifest, layouts(identity))
    expected = json.loads(identity_metadata(identity))
    with os.scandir(root) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            name = entry.name
            if name in (storage.MANIFEST, LOCK_NAME):
                continue
            if name == storage.LOG_DIR:
                check.stale_temps += _log_temps(entry.path)
                continue
            if storage.is_temp_name(name):
                check.stale_temps.append(entry.path)
                continue
            if name.startswith((".", "_")):
                continue                # hidden from every reader (pyarrow skips these names too)
            if entry.is_dir() and name.startswith("variant="):
                variant = urllib.parse.unquote(name.split("=", 1)[1])
                if variant not in check.layout:
                    check.findings.append(Finding(name, f"is a folder for variant {variant!r}, which is not in"
                                                  f" this run (it holds {', '.join(check.layout)})", "refuse"))
                    continue
                _check_variant_dir(check, entry.path, variant, expected)
                continue
            kind = "folder" if entry.is_dir() else "file"
            check.findings.append(Finding(name, f"is a stray {kind}, not part of an fzsim run", "refuse"))
    return check


def _log_temps(log_dir: str) -> list[str]:
    found = []
    for dirpath, _, files in os.walk(log_dir):
        found += [os.path.join(dirpath, f) for f in files if storage.is_temp_name(f)]
    return found


def _check_variant_dir(check: FolderCheck, folder: str, variant: str, expected: dict) -> None:
    lay = check.layout[variant]
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            rel = _rel(check.root, entry.path)
            m = _PART_NAME.fullmatch(entry.name)
            if m and entry.is_file() and entry.name == f"part-{int(m.group(1)):06d}.parquet":
                _check_part(check, entry.path, variant, int(m.group(1)), expected, lay)
            elif storage.is_temp_name(entry.name):
                check.stale_temps.append(entry.path)
            elif entry.name.startswith((".", "_")):
                continue
            else:
                what = "folder" if entry.is_dir() else "file"
                check.findings.append(Finding(rel, f"is a stray {what}: not a part name (part-NNNNNN.parquet)",
                                              "refuse", variant))


def _check_part(check, path, variant, block, expected, lay: VariantLayout) -> None:
    rel = _rel(check.root, path)

    def finding(problem, action):
        check.findings.append(Finding(rel, problem, action, variant, block))

    try:
        footer = pq.read_metadata(path)
        meta = storage.decode_metadata(footer.metadata)
    except Exception as exc:  # noqa: BLE001 - pyarrow raises several types for damaged files
        finding(f"is unreadable ({type(exc).__name__}: {exc})", "replay")
        return
    theirs = _identity_of(meta)
    if theirs is not None:
        if json.loads(identity_metadata(theirs)) != expected:
            diffs = check.manifest.identity.differences(theirs) or ["run identity differs"]
            why = "; ".join(d.replace(" there,", " in the manifest,").replace(" requested", " in the part")
                            for d in diffs)
            finding(f"belongs to another run ({why})", "refuse")
            return
    else:                               # parts written before the identity was stored whole
        want = {"format": str(storage.FORMAT), "version": check.manifest.identity.fzsim_version,
                "seed": str(check.manifest.identity.seed), "block_size": str(lay.block_size),
                "policies": json.dumps(list(check.manifest.identity.policies))}
        want["rules_hash"] = check.manifest.identity.variants[variant]["rules_hash"]
        for key in (*_IDENTITY_KEYS, "rules_hash"):
            if meta.get(key) != want[key]:
                finding(f"belongs to another run ({key} {meta.get(key)!r} in the part,"
                        f" {want[key]!r} in the manifest)", "refuse")
                return
    if block >= lay.n_blocks:
        finding(f"is past the last block ({lay.n_blocks - 1}) of this run", "refuse")
        return
    first, n = lay.games(block)
    if meta.get("variant", variant) != variant:
        finding(f"holds variant {meta.get('variant')!r}'s rows, not {variant!r}'s", "replay")
        return
    if meta.get("block") != str(block) or meta.get("first_game") != str(first):
        finding(f"holds block {meta.get('block')} (first game {meta.get('first_game')}); its name says"
                f" block {block} (first game {first})", "replay")
        return
    want_rows = n * lay.hands_per_match
    if footer.num_rows != want_rows or meta.get("rows") != str(want_rows):
        finding(f"holds {footer.num_rows} rows, expected {want_rows}", "replay")
        return
    low, high = _game_id_range(footer)
    if low is not None and (low, high) != (first, first + n - 1):
        finding(f"holds game ids {low}..{high}, expected {first}..{first + n - 1}", "replay")
        return
    check.parts.setdefault(variant, {})[block] = Part(variant, block, path, want_rows, os.path.getsize(path))


def _game_id_range(footer) -> tuple[int | None, int | None]:
    """Smallest and largest game id from the footer's column statistics (None if not recorded)."""
    col = footer.schema.to_arrow_schema().get_field_index("game_id")
    if col < 0 or footer.num_row_groups == 0:
        return None, None
    lows, highs = [], []
    for i in range(footer.num_row_groups):
        stats = footer.row_group(i).column(col).statistics
        if stats is None or not stats.has_min_max:
            return None, None
        lows.append(stats.min)
        highs.append(stats.max)
    return min(lows), max(highs)


# --- opening a folder ------------------------------------------------------------------------------

def read_run_manifest(root: str) -> storage.Manifest:
    """The manifest of ``root``, or ResultsError saying how to get one back."""
    if not os.path.exists(root):
        raise FileNotFoundError(f"results folder {root!r} does not exist")
    if not os.path.isdir(root):
        raise ResultsError(f"{root!r} is a file, not a results folder (expected DIR/{storage.MANIFEST}"
                           " and DIR/variant=NAME/part-*.parquet)")
    try:
        manifest = storage.read_manifest(root)
    except ValueError as exc:
        raise ResultsError(f"{exc}{repair_hint(root)}") from None
    if manifest is None:
        raise ResultsError(f"{root!r} holds no fzsim run ({storage.MANIFEST} is missing){repair_hint(root)}")
    return manifest


def repair_hint(root: str) -> str:
    """How to get a manifest back, for a folder that has parts (else nothing to say)."""
    if not any(e.startswith("variant=") for e in os.listdir(root)):
        return ""
    return f"; if its parts were written by fzsim, rebuild the manifest with `fzsim verify {root} --repair`"


def open_folder(root: str) -> FolderCheck:
    return check_folder(root, read_run_manifest(root))


def refusal(check: FolderCheck, what: str, remedy: str) -> ResultsError:
    """The error for a folder that is not consistent and complete: every problem, then what to do."""
    lines = "\n".join("  " + line for line in check.problems())
    state = ("is not consistent with its manifest" if not check.consistent else "holds an unfinished run")
    return ResultsError(f"results folder {check.root!r} {state}; {what}:\n{lines}\n{remedy}")


# --- rebuilding the manifest ------------------------------------------------------------------------

def rebuild_manifest(root: str) -> tuple[storage.Manifest, list[str]]:
    """A manifest for ``root`` from its parts' own metadata; returns it and notes on what was done.

    Refuses (ResultsError) when no part carries a run identity or parts of several runs are mixed.
    """
    runs: dict[str, list[str]] = {}
    unreadable = []
    for entry in sorted(os.listdir(root)):
        folder = os.path.join(root, entry)
        if not (entry.startswith("variant=") and os.path.isdir(folder)):
            continue
        for name in sorted(os.listdir(folder)):
            if not _PART_NAME.fullmatch(name):
                continue
            path = os.path.join(folder, name)
            try:
                meta = storage.read_part_metadata(path)
            except Exception:  # noqa: BLE001 - a damaged part cannot vouch for anything
                unreadable.append(_rel(root, path))
                continue
            ident = _identity_of(meta)
            key = identity_metadata(ident) if ident is not None else ""
            runs.setdefault(key, []).append(_rel(root, path))
    unnamed = runs.pop("", [])
    if not runs:
        raise ResultsError(f"cannot rebuild the manifest of {root!r}: no part carries the run's identity"
                           f" ({len(unnamed)} part(s) without it, {len(unreadable)} unreadable)")
    if len(runs) > 1:
        lines = []
        for key, files in runs.items():
            ident = storage.RunIdentity.from_json(json.loads(key))
            lines.append(f"  seed {ident.seed}, {ident.hands:,} hands, variants {', '.join(ident.variants)}:"
                         f" {len(files)} part(s), e.g. {files[0]}")
        raise ResultsError(f"cannot rebuild the manifest of {root!r}: its parts belong to {len(runs)} runs:\n"
                           + "\n".join(lines) + "\nmove the parts of all but one run elsewhere first")
    (key, files), = runs.items()
    manifest = storage.Manifest(storage.RunIdentity.from_json(json.loads(key)))
    check = check_folder(root, manifest)
    manifest.blocks = {v: {str(b): {"variant": v, "block": b, "file": _rel(root, p.path), "rows": p.rows,
                                    "bytes": p.bytes} for b, p in sorted(ps.items())}
                       for v, ps in check.parts.items()}
    manifest.status = "complete" if check.consistent and check.n_missing == 0 else "running"
    manifest.extra["repaired"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    notes = [f"rebuilt from {len(files)} part(s): seed {manifest.identity.seed},"
             f" {manifest.identity.hands:,} hands per variant, variants {', '.join(manifest.identity.variants)};"
             f" status {manifest.status}"]
    if unnamed or unreadable:
        notes.append(f"{len(unnamed)} part(s) without a run identity and {len(unreadable)} unreadable part(s)"
                     " were not used")
    return manifest, notes


# --- replaying stored hands ------------------------------------------------------------------------

@dataclass
class ReplayResult:
    compared: int
    mismatches: list[str]


def replay_sample(check: FolderCheck, k: int) -> ReplayResult:
    """Play ``k`` evenly spread stored hands again through the engine and compare every column.

    The sample is taken over the consistent parts (all variants, in run order); each sampled
    hand's match is replayed with ``play_block`` exactly as the run played it.
    """
    from fzsim.orchestrator import sample_positions
    from fzsim.rules import RuleConfig
    from fzsim_core.engine import play_block

    identity = check.manifest.identity
    parts = [p for v in check.layout for _, p in sorted(check.parts.get(v, {}).items())]
    starts, total = [], 0
    for p in parts:
        starts.append(total)
        total += p.rows
    chosen: dict[int, list[int]] = {}
    for pos in sample_positions(total, min(k, total)):
        i = bisect.bisect_right(starts, pos) - 1
        chosen.setdefault(i, []).append(pos - starts[i])
    cores = {}
    mismatches = []
    for i, rows in chosen.items():
        part = parts[i]
        lay = check.layout[part.variant]
        if part.variant not in cores:
            cores[part.variant] = RuleConfig(part.variant, identity.variants[part.variant]["rules"]).core
        stored = pq.read_table(part.path)
        first, _ = lay.games(part.block)
        for row in rows:
            game_id, hand = divmod(row, lay.hands_per_match)
            game_id += first
            cols = play_block(cores[part.variant], identity.seed, game_id, 1, identity.policies, False)
            fresh = storage.build_table(cols, identity.seed).slice(hand, 1).to_pylist()[0]
            kept = stored.slice(row, 1).to_pylist()[0]
            diffs = [f"{c} stored {kept.get(c)!r}, engine {fresh[c]!r}" for c in fresh if kept.get(c) != fresh[c]]
            if diffs:
                mismatches.append(f"{_rel(check.root, part.path)} row {row} (game {game_id}, hand {hand}): "
                                  + "; ".join(diffs[:5]) + (f"; {len(diffs) - 5} more" if len(diffs) > 5 else ""))
    return ReplayResult(sum(len(r) for r in chosen.values()), mismatches)
