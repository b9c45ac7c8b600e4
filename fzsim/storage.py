"""The results on disk: Parquet schema, part files, metadata, manifest and reading back.

A run folder looks like::

    DIR/_manifest.json                     what the run is (identity) and how far it got
    DIR/variant=NAME/part-000000.parquet   one part per block of consecutive game ids
    DIR/_wins/variant=NAME/part-000000.parquet   the same block's wins table (fzsim.wins_table)
    DIR/_logs/variant=NAME/hands.jsonl     optional event logs of a sample of hands
    (a run of several policy settings: variant=NAME/policy=LABEL/... at each of these places)

Parts are written under a dot-prefixed temporary name and renamed into place, so a reader (and
``--resume``) never sees half a part. Names starting with ``.`` or ``_`` are skipped by pyarrow's
dataset discovery, which keeps the manifest and logs out of the data.

The engine hands over one row per hand with packed columns (contract 3); :func:`build_table`
turns them into the stored layout (contract 4): ``specials`` and ``flags`` become one bool column
per bit, ``win_type``/``special_counted``/``outcome``/``gold`` become dictionary-encoded names,
and the root ``seed`` is added. ``variant`` is not stored in the file: it is the hive partition.
"""
from __future__ import annotations

import errno
import json
import os
import urllib.parse
import uuid
from dataclasses import dataclass, field

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from fzsim._version import __version__
from fzsim.pack_registry import DEFAULT_PACK, REGISTRY
from fzsim.tiles import N_HAND_KINDS, kind_name
from fzsim_core.schema import COLUMNS as ROW_COLUMNS
from fzsim_core.win_facts import FLAGS, SPECIALS, WIN_TYPES

#: bump when the stored layout changes; a folder written with another format is a different run
#: (format 2: every block also has its wins part; format-1 folders hold the hands only;
#: format 3: the wins table has the scoring elements and payers, the hands table dealins_0..3; a format-2
#: folder loads them as nulls)
FORMAT = 3
#: the first format whose blocks have a wins part
WINS_FORMAT = 2
MANIFEST = "_manifest.json"
LOG_DIR = "_logs"
#: the wins table mirrors the hands' layout under this folder (hidden from hands-only readers)
WINS_DIR = "_wins"
TABLES = ("hands", "wins")
META_PREFIX = "fzsim."

#: the engine's columns and dtypes (contract 3), in its order: fzsim_core.schema declares them
ENGINE_COLUMNS: dict[str, np.dtype] = {name: np.dtype(dt) for name, dt in ROW_COLUMNS}

SPECIAL_COLUMNS = list(SPECIALS)           # tianhu qiangjin sanjindao jinque jinlong pinghu_*
FLAG_COLUMNS = list(FLAGS)                 # selfdraw kong_replacement robbed_kong last_tile ...
#: category lists, fixed so every part (and every load) has the same categories in the same order
WIN_TYPE_NAMES = [name for name, _ in sorted(WIN_TYPES.items(), key=lambda kv: kv[1])]
# win_type codes are stored as indices into WIN_TYPE_NAMES, which needs WinType to be 0..n-1
assert sorted(WIN_TYPES.values()) == list(range(len(WIN_TYPES))), WIN_TYPES
SPECIAL_COUNTED_NAMES = ["none"] + SPECIAL_COLUMNS
#: "fault": a hand ended by a seat's fault (a Botzone bot's error settled as its judge does)
OUTCOME_NAMES = ["draw", "win", "fault"]
GOLD_NAMES = [kind_name(k) for k in range(N_HAND_KINDS)]
CATEGORIES = {
    "gold": GOLD_NAMES,
    "outcome": OUTCOME_NAMES,
    "win_type": WIN_TYPE_NAMES,
    "special_counted": SPECIAL_COUNTED_NAMES,
}

_PASSTHROUGH_HEAD = ["game_id", "hand"]
_PASSTHROUGH_MID = ["wall_digest", "dealer", "streak"]
#: stored as they come from the engine, after the categories: every other engine column, in order
_PASSTHROUGH_TAIL = [c for c in ENGINE_COLUMNS if c not in (
    _PASSTHROUGH_HEAD + _PASSTHROUGH_MID
    + ["gold", "outcome", "winner", "discarder", "win_type", "specials", "special_counted", "flags"])]


def _dict_type() -> pa.DataType:
    return pa.dictionary(pa.int8(), pa.string())


def _schema() -> pa.Schema:
    fields = [pa.field(c, pa.from_numpy_dtype(ENGINE_COLUMNS[c])) for c in _PASSTHROUGH_HEAD]
    fields.append(pa.field("seed", pa.uint64()))
    fields += [pa.field(c, pa.from_numpy_dtype(ENGINE_COLUMNS[c])) for c in _PASSTHROUGH_MID]
    fields += [pa.field("gold", _dict_type()), pa.field("outcome", _dict_type())]
    fields += [pa.field(c, pa.from_numpy_dtype(ENGINE_COLUMNS[c])) for c in ("winner", "discarder")]
    fields.append(pa.field("win_type", _dict_type()))
    fields += [pa.field(c, pa.bool_()) for c in SPECIAL_COLUMNS]
    fields.append(pa.field("special_counted", _dict_type()))
    fields += [pa.field(c, pa.bool_()) for c in FLAG_COLUMNS]
    fields += [pa.field(c, pa.from_numpy_dtype(ENGINE_COLUMNS[c])) for c in _PASSTHROUGH_TAIL]
    return pa.schema(fields)


#: the stored schema (without metadata); ``variant`` is added by the hive partition on read
SCHEMA = _schema()
#: every column `load` can return, in order
COLUMNS = SCHEMA.names + ["variant"]


def _check_engine_columns(cols: dict) -> int:
    """Check the engine's output against contract 3; returns the row count."""
    return check_columns(cols, ENGINE_COLUMNS, "engine output lacks", "engine column")


def check_columns(cols: dict, dtypes: dict, lacks: str, column: str) -> int:
    """Every column of ``dtypes`` in ``cols``, a 1-d array of its dtype, all of one length
    (returned); the errors start with ``lacks`` / ``column`` (what was handed over)."""
    missing = [c for c in dtypes if c not in cols]
    if missing:
        raise ValueError(f"{lacks} column(s) {missing}")
    n = None
    for name, dtype in dtypes.items():
        arr = cols[name]
        if not isinstance(arr, np.ndarray) or arr.ndim != 1 or arr.dtype != dtype:
            got = getattr(arr, "dtype", type(arr).__name__)
            raise ValueError(f"{column} {name!r} must be a 1-d {dtype} array, got {got}")
        if n is None:
            n = arr.shape[0]
        elif arr.shape[0] != n:
            raise ValueError(f"{column} {name!r} has {arr.shape[0]} rows, expected {n}")
    return int(n or 0)


def _dictionary(codes: np.ndarray, names: list[str], column: str, null_code: int | None = None):
    """A dictionary array over the fixed category list ``names`` from small-int codes."""
    bad = (codes < 0) | (codes >= len(names))
    if null_code is not None:
        bad &= codes != null_code
    if bad.any():
        raise ValueError(
            f"engine column {column!r} holds {int(codes[bad][0])}: allowed 0..{len(names) - 1}"
            + (f" or {null_code}" if null_code is not None else "")
        )
    mask = None if null_code is None else (codes == null_code)
    indices = pa.array(np.where(codes < 0, 0, codes).astype(np.int8), mask=mask)
    return pa.DictionaryArray.from_arrays(indices, pa.array(names, pa.string()))


def _special_counted_codes(values: np.ndarray) -> np.ndarray:
    """Map the one SP_* bit that counted (0 = none) to its index in SPECIAL_COUNTED_NAMES."""
    codes = np.full(values.shape, -1, dtype=np.int64)
    codes[values == 0] = 0
    for i, name in enumerate(SPECIAL_COLUMNS, start=1):
        codes[values == SPECIALS[name]] = i
    if (codes < 0).any():
        bad = int(values[codes < 0][0])
        raise ValueError(
            f"engine column 'special_counted' holds {bad}: allowed 0 or one SP_* bit of {SPECIALS}"
        )
    return codes


#: packs whose ``specials`` / ``special_counted`` row columns hold the flow's SP_* bits
#: (`PackEntry.row_specials`); another pack puts its own pattern bits there, which the wins table
#: names (``patterns_named``)
SPECIALS_PACKS = tuple(name for name, entry in REGISTRY.items() if entry.row_specials)


def build_table(cols: dict[str, np.ndarray], seed: int, metadata: dict[str, str] | None = None,
                pack: str = DEFAULT_PACK) -> pa.Table:
    """The stored table (contract 4) for one block of engine output (contract 3).

    ``pack``: the variant's rule pack; outside SPECIALS_PACKS the special columns are stored as
    False / "none" (that pack's patterns are in the wins table, by their own names).
    Raises ValueError when the engine output breaks the contract (a missing column, a wrong
    dtype, a code outside its enum), so a bad block is never written.
    """
    n = _check_engine_columns(cols)
    if pack not in SPECIALS_PACKS:
        cols = dict(cols, specials=np.zeros_like(cols["specials"]),
                    special_counted=np.zeros_like(cols["special_counted"]))
    arrays = {c: pa.array(cols[c]) for c in _PASSTHROUGH_HEAD}
    arrays["seed"] = pa.array(np.full(n, seed, dtype=np.uint64))
    for c in _PASSTHROUGH_MID:
        arrays[c] = pa.array(cols[c])
    arrays["gold"] = _dictionary(cols["gold"].astype(np.int64), GOLD_NAMES, "gold", null_code=-1)
    arrays["outcome"] = _dictionary(cols["outcome"].astype(np.int64), OUTCOME_NAMES, "outcome")
    arrays["winner"] = pa.array(cols["winner"])
    arrays["discarder"] = pa.array(cols["discarder"])
    arrays["win_type"] = _dictionary(cols["win_type"].astype(np.int64), WIN_TYPE_NAMES, "win_type")
    specials = cols["specials"]
    for name in SPECIAL_COLUMNS:
        arrays[name] = pa.array((specials & np.uint32(SPECIALS[name])) != 0)
    arrays["special_counted"] = _dictionary(
        _special_counted_codes(cols["special_counted"]), SPECIAL_COUNTED_NAMES, "special_counted"
    )
    flags = cols["flags"]
    for name in FLAG_COLUMNS:
        arrays[name] = pa.array((flags & np.uint32(FLAGS[name])) != 0)
    for c in _PASSTHROUGH_TAIL:
        arrays[c] = pa.array(cols[c])
    table = pa.Table.from_arrays([arrays[f.name] for f in SCHEMA], schema=SCHEMA)
    if metadata:
        table = table.replace_schema_metadata({META_PREFIX + k: str(v) for k, v in metadata.items()})
    return table


# --- part files ------------------------------------------------------------------------------

def check_variant_name(name: str) -> str:
    """A variant name must be a non-empty one-line string (it is %-encoded in ``variant=NAME``)."""
    if not isinstance(name, str) or not name or any(c in name for c in "/\\\n\r\0"):
        raise ValueError(f"variant name {name!r} cannot name a results folder: give a non-empty"
                         " one-line name without / or \\")
    return name


def variant_dir(root: str, variant: str) -> str:
    """``root/variant=NAME``, the name %-encoded as pyarrow's hive partitioning decodes it."""
    return os.path.join(root, "variant=" + urllib.parse.quote(variant, safe=""))


def check_policy_label(name: str) -> str:
    """A policy-setting label names a ``policy=LABEL`` folder: a non-empty one-line string."""
    if not isinstance(name, str) or not name or any(c in name for c in "/\\\n\r\0"):
        raise ValueError(f"policy setting label {name!r} cannot name a results folder: give a non-empty"
                         " one-line label without / or \\")
    return name


def unit_dir(root: str, variant: str, policy: str | None = None) -> str:
    """``root/variant=NAME`` or, in a run of several policy settings, ``root/variant=NAME/policy=LABEL``."""
    d = variant_dir(root, variant)
    return d if policy is None else os.path.join(d, "policy=" + urllib.parse.quote(policy, safe=""))


def unit_label(variant: str, policy: str | None = None) -> str:
    """How analysis and the report name one (variant, policy setting): ``NAME`` or ``NAME/LABEL``."""
    return variant if policy is None else f"{variant}/{policy}"


def part_path(root: str, variant: str, block: int, table: str = "hands", policy: str | None = None) -> str:
    """Where one block's part of ``table`` ("hands" or "wins") lives."""
    base = root if table == "hands" else os.path.join(root, WINS_DIR)
    return os.path.join(unit_dir(base, variant, policy), f"part-{block:06d}.parquet")


def write_part(root: str, variant: str, block: int, table: pa.Table, kind: str = "hands",
               policy: str | None = None) -> tuple[str, int]:
    """Write one block's part of table ``kind`` atomically (temporary dot-name in the same folder,
    then rename).

    Returns (final path, bytes written). A crash leaves at most a ``.part-*.tmp-*`` file, which
    readers ignore and :func:`remove_temp_files` cleans up on resume. A run writes a block's wins
    part before its hands part: the hands part is the block's commit, so a block whose hands part
    is in place always has its wins beside it.
    """
    final = part_path(root, variant, block, kind, policy)
    folder = os.path.dirname(final)
    os.makedirs(folder, exist_ok=True)
    tmp = os.path.join(folder, f".{os.path.basename(final)}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        pq.write_table(table, tmp, compression="zstd", row_group_size=max(1, table.num_rows))
        os.replace(tmp, final)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.remove(tmp)
        if isinstance(exc, OSError):
            raise write_error(exc, final) from exc
        raise
    return final, os.path.getsize(final)


def write_error(exc: OSError, path: str) -> OSError:
    """The same OSError, worded to name the file that could not be written (pyarrow's do not)."""
    reason = exc.strerror or str(exc)
    return OSError(exc.errno or errno.EIO, f"cannot write {path}: {reason}")


#: the temporary names fzsim writes before renaming into place (parts, the manifest, logs)
_TEMP_PREFIXES = (".part-", f".{MANIFEST}.tmp-", ".hands.jsonl.tmp-")


def is_temp_name(name: str) -> bool:
    return name.startswith(_TEMP_PREFIXES) and ".tmp-" in name


def remove_temp_files(root: str) -> int:
    """Delete the temporary files killed writers left (parts, manifest, logs); returns how many.

    Call it only while holding the folder's writer lock: then no live writer owns them.
    """
    removed = 0
    if not os.path.isdir(root):
        return 0
    for dirpath, dirnames, files in os.walk(root):
        rel = os.path.relpath(dirpath, root)
        top = rel.split(os.sep)[0]
        if rel != "." and not (top.startswith("variant=") or top in (LOG_DIR, WINS_DIR)):
            dirnames[:] = []            # not ours: never look inside
            continue
        for f in files:
            if is_temp_name(f):
                os.remove(os.path.join(dirpath, f))
                removed += 1
    return removed


def read_part_metadata(path: str) -> dict[str, str]:
    """The ``fzsim.*`` key-value metadata of one part, without the prefix."""
    return decode_metadata(pq.read_schema(path).metadata)


def decode_metadata(raw) -> dict[str, str]:
    """The ``fzsim.*`` entries of a Parquet key-value metadata mapping, without the prefix."""
    out = {}
    for k, v in (raw or {}).items():
        key = k.decode()
        if key.startswith(META_PREFIX):
            out[key[len(META_PREFIX):]] = v.decode()
    return out


# --- manifest ----------------------------------------------------------------------------------

@dataclass
class RunIdentity:
    """What makes two runs the same run: a folder is only ever filled by one identity."""

    seed: int
    hands: int
    block_size: int
    policies: tuple[str, ...]
    variants: dict[str, dict]          # name -> {"rules_hash": ..., "rules": canonical dict}
    fzsim_version: str = __version__
    format: int = FORMAT
    #: several policy settings in one run: label -> the four seats' policies (empty: one setting,
    #: ``policies``); each is a ``policy=LABEL`` partition inside every variant, on the same game ids
    policy_sets: dict[str, list] = field(default_factory=dict)
    #: how the hands draw from the wall: ``wall`` (as it lies) or ``seat`` (draws coupled by seat,
    #: fzsim_core/seat_draws.pxd: the same game distribution, paired variants kept in step)
    draws: str = "wall"
    #: a stratified run's strata (`fzsim.stratified`): {"name": ..., "counts": games per stratum},
    #: each game's first wall drawn within its stratum; empty: every wall the seeded shuffle
    strata: dict = field(default_factory=dict)

    def units(self) -> list[tuple[str, str | None]]:
        """Every (variant, policy setting label or None) the run plays, in run order."""
        return [(v, p) for v in self.variants for p in (list(self.policy_sets) or [None])]

    def seats(self, policy: str | None) -> tuple[str, ...]:
        return tuple(self.policies if policy is None else self.policy_sets[policy])

    def to_json(self) -> dict:
        return {
            "format": self.format,
            "fzsim_version": self.fzsim_version,
            "seed": str(self.seed),        # decimal string: 64-bit ints overflow JSON readers
            "hands": self.hands,
            "block_size": self.block_size,
            "policies": list(self.policies),
            "variants": self.variants,
            # (only when set: identities of one-setting runs read as they always did)
            **({"policy_sets": self.policy_sets} if self.policy_sets else {}),
            **({"draws": self.draws} if self.draws != "wall" else {}),
            **({"strata": self.strata} if self.strata else {}),
        }

    @classmethod
    def from_json(cls, d: dict) -> "RunIdentity":
        return cls(
            seed=int(d["seed"]), hands=int(d["hands"]), block_size=int(d["block_size"]),
            policies=tuple(d["policies"]), variants=d["variants"],
            fzsim_version=d["fzsim_version"], format=int(d["format"]),
            policy_sets={str(k): list(v) for k, v in (d.get("policy_sets") or {}).items()},
            draws=str(d.get("draws", "wall")),
            strata=dict(d.get("strata") or {}),
        )

    def differences(self, other: "RunIdentity") -> list[str]:
        """Human-readable differences between a folder's run (self) and a requested one."""
        out = []
        for name, mine, theirs in [
            ("storage format", self.format, other.format),
            ("fzsim version", self.fzsim_version, other.fzsim_version),
            ("seed", self.seed, other.seed),
            ("hands", self.hands, other.hands),
            ("block size", self.block_size, other.block_size),
            ("policies", list(self.policies), list(other.policies)),
            ("variants", sorted(self.variants), sorted(other.variants)),
            ("policy settings", self.policy_sets, other.policy_sets),
            ("draws", self.draws, other.draws),
            ("strata", self.strata, other.strata),
        ]:
            if mine != theirs:
                out.append(f"{name} {mine} there, {theirs} requested")
        for name in sorted(set(self.variants) & set(other.variants)):
            a, b = self.variants[name]["rules_hash"], other.variants[name]["rules_hash"]
            if a != b:
                out.append(f"variant {name} rules hash {a} there, {b} requested")
        return out


@dataclass
class Manifest:
    identity: RunIdentity
    status: str = "running"            # "running" until every block is written, then "complete"
    blocks: dict[str, dict[str, dict]] = field(default_factory=dict)  # variant -> block -> summary
    extra: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"fzsim_run": self.identity.to_json(), "status": self.status,
                "blocks": self.blocks, **self.extra}


def manifest_path(root: str) -> str:
    return os.path.join(root, MANIFEST)


def read_manifest(root: str) -> Manifest | None:
    path = manifest_path(root)
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
        identity = RunIdentity.from_json(d["fzsim_run"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"{path} is not a readable fzsim manifest ({exc}); choose another --out") from exc
    extra = {k: v for k, v in d.items() if k not in ("fzsim_run", "status", "blocks")}
    return Manifest(identity, d.get("status", "running"), d.get("blocks", {}), extra)


def write_manifest(root: str, manifest: Manifest) -> None:
    """Replace the manifest atomically."""
    path = manifest_path(root)
    tmp = os.path.join(root, f".{MANIFEST}.tmp-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(manifest.to_json(), f, indent=1, sort_keys=False)
            f.write("\n")
        os.replace(tmp, path)
    except OSError as exc:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise write_error(exc, path) from exc


# --- reading back --------------------------------------------------------------------------------
