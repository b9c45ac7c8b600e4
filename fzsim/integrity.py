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

From storage format 2 on, every block also has a part of the wins table (``_wins/variant=NAME/
part-NNNNNN.parquet``), written before the hands part: a hands part is consistent only when its
wins part is in place and agrees with it (same identity and block, as many rows as the hands part
says in ``win_rows``); a hands part without one is replayed. A wins part whose hands part is not
(yet) in place is an uncommitted write of this run: readers never read it and a replay replaces it.

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

import numpy as np
import pyarrow.compute as pc
import pyarrow.parquet as pq

from fzsim import storage, stratified
from fzsim.lock import LOCK_NAME
from fzsim.pack_registry import DEFAULT_PACK
from fzsim.rules import RuleConfig
from fzsim.wins_table import build_wins_table
from fzsim_core.engine import play_block

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
    policy: str | None = None

    def line(self) -> str:
        return f"{self.path} {self.problem}"


@dataclass(frozen=True)
class Part:
    variant: str
    block: int
    path: str           # absolute (as given) path of the file
    rows: int
    bytes: int
    wins_path: str | None = None    # its wins part (None: a folder written before the wins table)
    wins_rows: int = 0
    policy: str | None = None       # its policy setting's label in a run of several (else None)


@dataclass
class VariantLayout:
    """The blocks one variant (under one policy setting, in a run of several) must have."""

    name: str
    hands_per_match: int
    n_games: int
    block_size: int
    policy: str | None = None

    @property
    def key(self) -> tuple[str, str | None]:
        return (self.name, self.policy)

    @property
    def label(self) -> str:
        return storage.unit_label(self.name, self.policy)

    @property
    def n_blocks(self) -> int:
        return -(-self.n_games // self.block_size)

    def games(self, block: int) -> tuple[int, int]:
        """(first game id, number of games) of a block."""
        first = block * self.block_size
        return first, min(self.block_size, self.n_games - first)


def layouts(identity: storage.RunIdentity) -> dict[tuple[str, str | None], VariantLayout]:
    """One layout per (variant, policy setting label or None), in run order."""
    out = {}
    for name, policy in identity.units():
        hpm = int((identity.variants[name].get("rules") or {}).get("hands_per_match", 1))
        out[(name, policy)] = VariantLayout(name, hpm, identity.hands // hpm, identity.block_size, policy)
    return out


def identity_metadata(identity: storage.RunIdentity) -> str:
    """The run identity as stored in every part (``fzsim.run``): what `rebuild_manifest` reads."""
    return json.dumps(identity.to_json(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def part_metadata(identity: storage.RunIdentity, variant: str, policy: str | None = None) -> dict[str, str]:
    """The ``fzsim.*`` metadata every part of ``variant`` (under policy setting ``policy``) carries
    (block fields are added per part)."""
    rules = identity.variants[variant]["rules"]
    meta = {"format": identity.format, "version": identity.fzsim_version, "variant": variant,
            "rules": json.dumps(rules, ensure_ascii=False, separators=(",", ":")),
            "rules_hash": identity.variants[variant]["rules_hash"], "seed": identity.seed,
            "block_size": identity.block_size, "policies": json.dumps(list(identity.seats(policy))),
            "hands_per_match": int(rules.get("hands_per_match", 1)), "run": identity_metadata(identity)}
    if policy is not None:
        meta["policy"] = policy
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
    layout: dict[tuple, VariantLayout]                # (variant, policy label or None) -> layout
    parts: dict[tuple, dict[int, Part]] = field(default_factory=dict)
    findings: list[Finding] = field(default_factory=list)
    stale_temps: list[str] = field(default_factory=list)

    def missing(self, unit: tuple):
        """The blocks of ``unit`` (variant, policy) without a consistent part (lazily: runs may be huge)."""
        have = self.parts.get(unit, {})
        return (b for b in range(self.layout[unit].n_blocks) if b not in have)

    @property
    def n_missing(self) -> int:
        return sum(lay.n_blocks - len(self.parts.get(key, {})) for key, lay in self.layout.items())

    @property
    def consistent(self) -> bool:
        return not self.findings

    @property
    def complete(self) -> bool:
        return self.consistent and self.n_missing == 0 and self.manifest.status == "complete"

    def files(self, variants=None, table: str = "hands") -> list[str]:
        """The consistent parts' files of ``table`` ("hands" or "wins"), in run and block order."""
        names = [v for v, _ in self.layout] if variants is None else list(variants)
        parts = [p for key in self.layout if key[0] in names for _, p in sorted(self.parts.get(key, {}).items())]
        if table == "hands":
            return [p.path for p in parts]
        return [p.wins_path for p in parts if p.wins_path is not None]

    def problems(self, limit: int = 20) -> list[str]:
        """One line per finding, missing block and an unfinished status (at most ``limit`` + a count)."""
        lines = [f.line() for f in self.findings]
        for key, lay in self.layout.items():
            gone = [b for b, _ in zip(self.missing(key), range(limit + 1))]
            named = {f.block for f in self.findings if (f.variant, f.policy) == key}
            for b in gone[:limit]:
                rel = os.path.relpath(storage.part_path(self.root, lay.name, b, policy=lay.policy), self.root)
                if b not in named:
                    lines.append(f"{rel} is missing (block {b}, first game {lay.games(b)[0]})")
            extra = lay.n_blocks - len(self.parts.get(key, {})) - limit
            if extra > 0:
                lines.append(f"{os.path.relpath(storage.unit_dir(self.root, lay.name, lay.policy), self.root)}:"
                             f" {extra:,} more blocks missing")
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
            if name == storage.WINS_DIR and entry.is_dir():
                _check_wins_dir(check, entry.path, expected)
                continue
            if storage.is_temp_name(name):
                check.stale_temps.append(entry.path)
                continue
            if name.startswith((".", "_")):
                continue                # hidden from every reader (pyarrow skips these names too)
            if entry.is_dir() and name.startswith("variant="):
                variant = urllib.parse.unquote(name.split("=", 1)[1])
                if variant not in check.manifest.identity.variants:
                    check.findings.append(Finding(name, f"is a folder for variant {variant!r}, which is not in"
                                                  f" this run (it holds {', '.join(check.manifest.identity.variants)})",
                                                  "refuse"))
                    continue
                for folder, policy in _unit_dirs(check, entry.path, variant):
                    _check_variant_dir(check, folder, variant, expected, policy)
                continue
            kind = "folder" if entry.is_dir() else "file"
            check.findings.append(Finding(name, f"is a stray {kind}, not part of an fzsim run", "refuse"))
    return check


def _log_temps(log_dir: str) -> list[str]:
    found = []
    for dirpath, _, files in os.walk(log_dir):
        found += [os.path.join(dirpath, f) for f in files if storage.is_temp_name(f)]
    return found


def _unit_dirs(check: FolderCheck, folder: str, variant: str) -> list[tuple[str, str | None]]:
    """The unit folders of one variant folder: itself, or (several policy settings) its
    ``policy=LABEL`` folders; anything else there is a refused finding."""
    settings = check.manifest.identity.policy_sets
    if not settings:
        return [(folder, None)]
    out = []
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            rel = _rel(check.root, entry.path)
            if storage.is_temp_name(entry.name):
                check.stale_temps.append(entry.path)
            elif entry.name.startswith((".", "_")):
                continue
            elif entry.is_dir() and entry.name.startswith("policy="):
                policy = urllib.parse.unquote(entry.name.split("=", 1)[1])
                if policy in settings:
                    out.append((entry.path, policy))
                else:
                    check.findings.append(Finding(rel, f"is a folder for policy setting {policy!r}, which is not"
                                                  f" in this run (it holds {', '.join(settings)})", "refuse", variant))
            else:
                what = "folder" if entry.is_dir() else "file"
                check.findings.append(Finding(rel, f"is a stray {what}: this run keeps its parts in"
                                              " policy=LABEL folders", "refuse", variant))
    return out


def _check_variant_dir(check: FolderCheck, folder: str, variant: str, expected: dict,
                       policy: str | None = None) -> None:
    lay = check.layout[(variant, policy)]
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
                                              "refuse", variant, policy=policy))


def _check_part(check, path, variant, block, expected, lay: VariantLayout) -> None:
    rel = _rel(check.root, path)

    def finding(problem, action):
        check.findings.append(Finding(rel, problem, action, variant, block, lay.policy))

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
        want = {"format": str(check.manifest.identity.format), "version": check.manifest.identity.fzsim_version,
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
    if meta.get("policy") != lay.policy:
        finding(f"holds policy setting {meta.get('policy')!r}'s rows, not {lay.policy!r}'s", "replay")
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
    wins_path, wins_rows = None, 0
    if check.manifest.identity.format >= storage.WINS_FORMAT:
        wins_path = storage.part_path(check.root, variant, block, "wins", lay.policy)
        problem, wins_rows = _check_wins_part(wins_path, meta, expected, block, first, n)
        if problem:
            finding(f"has {problem}", "replay")
            return
    check.parts.setdefault(lay.key, {})[block] = Part(variant, block, path, want_rows, os.path.getsize(path),
                                                      wins_path, wins_rows, lay.policy)


def _check_wins_part(path, hands_meta, expected, block, first, n) -> tuple[str | None, int]:
    """Why the wins part of a consistent hands part cannot be trusted (None: it can), and its rows."""
    where = os.path.join(storage.WINS_DIR, *path.split(os.sep)[-2:])
    if os.path.basename(os.path.dirname(path)).startswith("policy="):
        where = os.path.join(storage.WINS_DIR, *path.split(os.sep)[-3:])
    if not os.path.isfile(path):
        return f"no wins part ({where} is missing)", 0
    try:
        footer = pq.read_metadata(path)
        meta = storage.decode_metadata(footer.metadata)
    except Exception as exc:  # noqa: BLE001 - pyarrow raises several types for damaged files
        return f"an unreadable wins part {where} ({type(exc).__name__}: {exc})", 0
    theirs = _identity_of(meta)
    if theirs is None or json.loads(identity_metadata(theirs)) != expected or meta.get("table") != "wins":
        return f"a wins part {where} of another run", 0
    if meta.get("policy") != hands_meta.get("policy") or meta.get("variant") != hands_meta.get("variant"):
        return f"a wins part {where} of another variant or policy setting", 0
    if meta.get("block") != str(block) or meta.get("first_game") != str(first):
        return f"a wins part {where} holding block {meta.get('block')}, not {block}", 0
    want = hands_meta.get("win_rows")
    if want is None or footer.num_rows != int(want) or meta.get("rows") != want:
        return f"a wins part {where} of {footer.num_rows} rows, expected {want}", 0
    low, high = _game_id_range(footer)
    if low is not None and not (first <= low and high <= first + n - 1):
        return f"a wins part {where} holding game ids {low}..{high}, outside {first}..{first + n - 1}", 0
    return None, footer.num_rows


def _check_wins_dir(check: FolderCheck, folder: str, expected: dict) -> None:
    """``_wins``: nothing in it may belong elsewhere (each wins part is checked with its hands part)."""
    with os.scandir(folder) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            rel = _rel(check.root, entry.path)
            if storage.is_temp_name(entry.name):
                check.stale_temps.append(entry.path)
                continue
            if entry.name.startswith((".", "_")):
                continue
            if not (entry.is_dir() and entry.name.startswith("variant=")):
                check.findings.append(Finding(rel, "is a stray file in the wins folder, not part of an fzsim run",
                                              "refuse"))
                continue
            variant = urllib.parse.unquote(entry.name.split("=", 1)[1])
            if variant not in check.manifest.identity.variants or check.manifest.identity.format < storage.WINS_FORMAT:
                check.findings.append(Finding(rel, f"is a wins folder for variant {variant!r}, which has no"
                                              " wins table in this run", "refuse"))
                continue
            for folder, policy in _unit_dirs(check, entry.path, variant):
                _check_wins_parts(check, folder, variant, policy, expected)


def _check_wins_parts(check: FolderCheck, folder: str, variant: str, policy: str | None, expected: dict) -> None:
    lay = check.layout[(variant, policy)]
    with os.scandir(folder) as parts:
        for part in sorted(parts, key=lambda e: e.name):
            rel = _rel(check.root, part.path)
            m = _PART_NAME.fullmatch(part.name)
            if storage.is_temp_name(part.name):
                check.stale_temps.append(part.path)
            elif part.name.startswith((".", "_")):
                continue
            elif not (m and part.is_file() and part.name == f"part-{int(m.group(1)):06d}.parquet"):
                check.findings.append(Finding(rel, "is a stray file: not a part name (part-NNNNNN.parquet)",
                                              "refuse", variant, policy=policy))
            elif int(m.group(1)) >= lay.n_blocks:
                check.findings.append(Finding(rel, f"is past the last block ({lay.n_blocks - 1}) of this run",
                                              "refuse", variant, policy=policy))
            else:
                _check_wins_owner(check, part.path, rel, variant, policy, expected)


def _check_wins_owner(check, path, rel, variant, policy, expected) -> None:
    """A wins part of another run is refused (a damaged one is replayed with its hands part)."""
    try:
        meta = storage.read_part_metadata(path)
    except Exception:  # noqa: BLE001 - damaged: its hands part's check names it
        return
    theirs = _identity_of(meta)
    if theirs is None or json.loads(identity_metadata(theirs)) != expected:
        check.findings.append(Finding(rel, "belongs to another run (its run identity differs from the"
                                      " manifest's)", "refuse", variant, policy=policy))


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
        found = [os.path.join(folder, n) for n in sorted(os.listdir(folder))]
        found += [os.path.join(sub, n) for sub in found if os.path.basename(sub).startswith("policy=")
                  and os.path.isdir(sub) for n in sorted(os.listdir(sub))]     # several policy settings
        for path in found:
            if not _PART_NAME.fullmatch(os.path.basename(path)):
                continue
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
    manifest.blocks = {storage.unit_label(*key): {
        str(b): {"variant": p.variant, "policy": p.policy, "block": b, "file": _rel(root, p.path), "rows": p.rows,
                 "win_rows": p.wins_rows, "bytes": p.bytes} for b, p in sorted(ps.items())}
        for key, ps in check.parts.items()}
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


def sample_positions(total_hands: int, k: int) -> list[int]:
    """K hand positions spread evenly over 0..total_hands-1 (first and last included)."""
    if k <= 0:
        return []
    if k == 1:
        return [0]
    return sorted(set(np.linspace(0, total_hands - 1, k).round().astype(np.int64).tolist()))


def replay_sample(check: FolderCheck, k: int) -> ReplayResult:
    """Play ``k`` evenly spread stored hands again through the engine and compare every column.

    The sample is taken over the consistent parts (all variants, in run order); each sampled
    hand's match is replayed with ``play_block`` exactly as the run played it.
    """
    identity = check.manifest.identity
    parts = [p for key in check.layout for _, p in sorted(check.parts.get(key, {}).items())]
    starts, total = [], 0
    for p in parts:
        starts.append(total)
        total += p.rows
    chosen: dict[int, list[int]] = {}
    for pos in sample_positions(total, min(k, total)):
        i = bisect.bisect_right(starts, pos) - 1
        chosen.setdefault(i, []).append(pos - starts[i])
    cores, packs = {}, {}
    mismatches = []
    for i, rows in chosen.items():
        part = parts[i]
        lay = check.layout[(part.variant, part.policy)]
        if part.variant not in cores:
            cores[part.variant] = RuleConfig(part.variant, identity.variants[part.variant]["rules"]).core
        stored = pq.read_table(part.path)
        first, _ = lay.games(part.block)
        for row in rows:
            game_id, hand = divmod(row, lay.hands_per_match)
            game_id += first
            first_wall = stratified.first_wall(identity.strata, identity.variants[part.variant]["rules"],
                                               identity.seed, game_id)
            cols, recs = play_block(cores[part.variant], identity.seed, game_id, 1, identity.seats(part.policy),
                                    False, records=True, seat_draws=identity.draws == "seat",
                                    first_walls=None if first_wall is None else first_wall[None])
            pack = packs.setdefault(part.variant,
                                    str(identity.variants[part.variant]["rules"].get("pack", DEFAULT_PACK)))
            fresh = storage.build_table(cols, identity.seed, pack=pack).slice(hand, 1).to_pylist()[0]
            kept = stored.slice(row, 1).to_pylist()[0]
            # (columns a later version added are not in an older part: nothing to compare)
            diffs = [f"{c} stored {kept[c]!r}, engine {fresh[c]!r}" for c in fresh if c in kept and kept[c] != fresh[c]]
            if part.wins_path is not None:
                diffs += _replay_wins(part, recs, identity.seed, game_id, hand, pack, cols,
                                      identity.variants[part.variant]["rules"])
            if diffs:
                mismatches.append(f"{_rel(check.root, part.path)} row {row} (game {game_id}, hand {hand}): "
                                  + "; ".join(diffs[:5]) + (f"; {len(diffs) - 5} more" if len(diffs) > 5 else ""))
    return ReplayResult(sum(len(r) for r in chosen.values()), mismatches)


def _replay_wins(part: Part, recs: dict, seed: int, game_id: int, hand: int, pack: str, cols: dict,
                 rules: dict) -> list[str]:
    """The differences between a replayed hand's records and its stored wins rows."""
    def rows(table):
        keep = pc.and_(pc.equal(table["game_id"], game_id), pc.equal(table["hand"], hand))
        return table.filter(keep).to_pylist()

    fresh = rows(build_wins_table(recs, seed, pack, hands=cols, rules=rules))
    kept = rows(pq.read_table(part.wins_path))
    if len(fresh) != len(kept):
        return [f"wins table holds {len(kept)} rows for this hand, engine {len(fresh)}"]
    return [f"wins row {i} {c} stored {k[c]!r}, engine {f[c]!r}"
            for i, (k, f) in enumerate(zip(kept, fresh)) for c in f if c in k and k[c] != f[c]]
