"""The results' "wins" table: one row per win and per end-of-hand payment, as stored in Parquet.

The engine hands over its records as flat columns (``fzsim_core.winschema.WIN_COLUMNS``) plus
the winning hand as 2-D arrays (``concealed``, ``meld_type``, ``meld_kind``);
:func:`build_wins_table` turns one block of them into the stored layout: the flat columns as they
are, ``kind`` also by name (``record``), ``win_type`` by name (the hands table's categories),
the winning tile by name, the winner's hand in tile notation (``hand_notation``) and the pack's
names for the pattern and flag bits (``patterns_named``, ``base_pattern_name``, ``flags_named``).
Names come from the pack that played the variant (its ``pack`` rule key), so a Fuzhou and a
Sichuan variant of one run share the schema and differ only in the names they use.
"""
from __future__ import annotations

import numpy as np
import pyarrow as pa

from fzsim.tiles import N_HAND_KINDS, kind_name
from fzsim_core.winschema import RECORD_KINDS, WIN_COLUMNS

#: the record kinds by code (0 win, 1 查叫 chajiao, 2 查花猪 huazhu, 3 查大叫 dajiao)
RECORD_NAMES = [name for name, _ in sorted(RECORD_KINDS.items(), key=lambda kv: kv[1])]
assert [RECORD_KINDS[n] for n in RECORD_NAMES] == list(range(len(RECORD_NAMES))), RECORD_KINDS
#: the engine's flat record columns and their numpy dtypes, in its order
ENGINE_WIN_COLUMNS: dict[str, np.dtype] = {name: np.dtype(t) for name, t in WIN_COLUMNS}
HAND_ARRAYS = {"concealed": 18, "meld_type": 5, "meld_kind": 5}
_SUIT = "mpsz"
# MeldType (fzsim_core/table.pxd): 1 chow, 2 pung, 3 exposed kong, 4 added kong, 5 concealed kong
_MELD_CHOW, _MELD_PUNG, _MELD_CONCEALED_KONG = 1, 2, 5


def _pack_names(pack: str) -> tuple[dict[int, str], dict[int, str]]:
    """(pattern bit -> name, flag bit -> name) of a pack; an unknown pack names no bits."""
    if pack == "sichuan":
        from fzsim_core.packs.sichuan.score import FLAGS, PATTERNS

        return {1 << i: n for i, n in enumerate(PATTERNS)}, {b: n for n, b in FLAGS.items()}
    if pack in ("fuzhou", "plain"):
        from fzsim_core.scoring import FLAGS, SPECIALS

        return {b: n for n, b in SPECIALS.items()}, {b: n for n, b in FLAGS.items()}
    return {}, {}


def base_pattern_names(pack: str) -> list[str]:
    """The names ``base_pattern`` indexes (Sichuan: PATTERNS; other packs have none)."""
    if pack == "sichuan":
        from fzsim_core.packs.sichuan.score import PATTERNS

        return list(PATTERNS)
    return []


def _win_type_names() -> list[str]:
    from fzsim.storage import WIN_TYPE_NAMES

    return WIN_TYPE_NAMES


def _dict_type() -> pa.DataType:
    return pa.dictionary(pa.int8(), pa.string())


def _schema() -> pa.Schema:
    e = ENGINE_WIN_COLUMNS
    fields = [pa.field("game_id", pa.int64()), pa.field("hand", pa.from_numpy_dtype(e["hand"])),
              pa.field("seed", pa.uint64()), pa.field("order", pa.from_numpy_dtype(e["order"])),
              pa.field("kind", pa.from_numpy_dtype(e["kind"])), pa.field("record", _dict_type()),
              pa.field("seat", pa.from_numpy_dtype(e["seat"])),
              pa.field("from_seat", pa.from_numpy_dtype(e["from_seat"])),
              pa.field("win_type", _dict_type()), pa.field("tile", pa.from_numpy_dtype(e["tile"])),
              pa.field("tile_name", pa.string()), pa.field("hand_notation", pa.string()),
              pa.field("flags", pa.from_numpy_dtype(e["flags"])), pa.field("flags_named", pa.list_(pa.string())),
              pa.field("patterns", pa.from_numpy_dtype(e["patterns"])),
              pa.field("patterns_named", pa.list_(pa.string())),
              pa.field("base_pattern", pa.from_numpy_dtype(e["base_pattern"])),
              pa.field("base_pattern_name", pa.string())]
    fields += [pa.field(c, pa.from_numpy_dtype(e[c])) for c in
               ("gen", "value", "points", "delta_0", "delta_1", "delta_2", "delta_3", "n_melds")]
    return pa.schema(fields)


#: the stored wins schema (without metadata); ``variant`` is the hive partition on read
WINS_SCHEMA = _schema()
#: every column ``fzsim.load(DIR, table="wins")`` can return, in order
WINS_COLUMNS = WINS_SCHEMA.names + ["variant"]
#: dictionary columns and their fixed categories (every load lines up)
WINS_CATEGORIES = {"record": RECORD_NAMES, "win_type": _win_type_names()}


def check_records(recs: dict) -> int:
    """Check the engine's record columns against its contract; returns the record count."""
    missing = [c for c in (*ENGINE_WIN_COLUMNS, *HAND_ARRAYS) if c not in recs]
    if missing:
        raise ValueError(f"engine records lack column(s) {missing}")
    n = None
    for name, dtype in ENGINE_WIN_COLUMNS.items():
        arr = recs[name]
        if not isinstance(arr, np.ndarray) or arr.ndim != 1 or arr.dtype != dtype:
            got = getattr(arr, "dtype", type(arr).__name__)
            raise ValueError(f"engine record column {name!r} must be a 1-d {dtype} array, got {got}")
        n = arr.shape[0] if n is None else n
        if arr.shape[0] != n:
            raise ValueError(f"engine record column {name!r} has {arr.shape[0]} rows, expected {n}")
    for name, width in HAND_ARRAYS.items():
        arr = recs[name]
        if not isinstance(arr, np.ndarray) or arr.dtype != np.uint8 or arr.shape != (n, width):
            raise ValueError(f"engine record array {name!r} must be uint8 of shape ({n}, {width}),"
                             f" got {getattr(arr, 'dtype', type(arr).__name__)} {getattr(arr, 'shape', '')}")
    return int(n or 0)


def _group(kinds) -> str:
    """Suited/honour kinds (ascending) in notation: runs of ranks with the suit letter after each."""
    out, suit = [], None
    for k in kinds:
        s = _SUIT[k // 9] if k < 27 else "z"
        if suit is not None and s != suit:
            out.append(suit)
        out.append(str(k - 27 + 1 if k >= 27 else k % 9 + 1))
        suit = s
    if suit is not None:
        out.append(suit)
    return "".join(out)


def meld_notation(mtype: int, kind: int) -> str:
    """One meld in brackets: ``[123m]`` chow, ``[555p]`` pung, ``[7777s]`` kong, ``(7777s)`` concealed kong."""
    if not 0 <= kind < N_HAND_KINDS or not 1 <= mtype <= 5 or (mtype == _MELD_CHOW and (kind >= 27 or kind % 9 > 6)):
        raise ValueError(f"engine record holds meld (type {mtype}, kind {kind}): allowed types 1..5 of kinds"
                         f" 0..{N_HAND_KINDS - 1} (a chow starts at rank 1..7 of a suit)")
    kinds = [kind, kind + 1, kind + 2] if mtype == _MELD_CHOW else [kind] * (3 if mtype == _MELD_PUNG else 4)
    text = _group(kinds)
    return f"({text})" if mtype == _MELD_CONCEALED_KONG else f"[{text}]"


def hand_notation(concealed, n_melds: int, meld_type, meld_kind) -> str:
    """The winner's concealed tiles in notation, then the melds: ``"123m456p 11s [555p] [7777s]"``
    shows a hand's concealed tiles as one group (the record does not say how they split)."""
    kinds = [int(k) for k in concealed if k != 255]
    if any(k >= N_HAND_KINDS for k in kinds) or kinds != sorted(kinds):
        raise ValueError(f"engine record holds concealed kinds {kinds}: allowed ascending kinds 0..{N_HAND_KINDS - 1},"
                         " 255-padded")
    parts = [_group(kinds)] if kinds else []
    parts += [meld_notation(int(meld_type[i]), int(meld_kind[i])) for i in range(int(n_melds))]
    return " ".join(parts)


def _names(values: np.ndarray, table: dict[int, str]) -> list[list[str]]:
    """Bit names per value (an unnamed bit as ``bitN``), memoised: few distinct values occur."""
    memo: dict[int, list[str]] = {}
    out = []
    for v in values.tolist():
        names = memo.get(v)
        if names is None:
            names = [table.get(1 << i, f"bit{i}") for i in range(32) if v >> i & 1]
            memo[v] = names
        out.append(names)
    return out


def build_wins_table(recs: dict, seed: int, pack: str, metadata: dict[str, str] | None = None) -> pa.Table:
    """The stored wins table for one block of engine records (see the module docstring).

    Raises ValueError when the records break the engine's contract (a missing column, a wrong
    dtype, a code outside its enum), so a bad block is never written.
    """
    from fzsim.storage import META_PREFIX, _dictionary

    n = check_records(recs)
    patterns_by_bit, flags_by_bit = _pack_names(pack)
    bases = base_pattern_names(pack)
    kind = recs["kind"]
    is_win = kind == RECORD_KINDS["win"]
    arrays = {"game_id": pa.array(recs["game_id"]), "hand": pa.array(recs["hand"]),
              "seed": pa.array(np.full(n, seed, dtype=np.uint64)), "order": pa.array(recs["order"]),
              "kind": pa.array(kind),
              "record": _dictionary(kind.astype(np.int64), RECORD_NAMES, "kind"),
              "seat": pa.array(recs["seat"]), "from_seat": pa.array(recs["from_seat"])}
    wt = recs["win_type"].astype(np.int64)
    if (is_win & (wt < 0)).any() or (~is_win & (wt >= 0)).any():
        raise ValueError("engine records: a win must have a win_type >= 0 and a settlement win_type -1")
    arrays["win_type"] = _dictionary(wt, _win_type_names(), "win_type", null_code=-1)
    tile = recs["tile"]
    if ((tile < -1) | (tile >= N_HAND_KINDS)).any():
        raise ValueError(f"engine record column 'tile' holds {int(tile[(tile < -1) | (tile >= N_HAND_KINDS)][0])}:"
                         f" allowed -1..{N_HAND_KINDS - 1}")
    names = {k: kind_name(k) for k in set(tile.tolist()) if k >= 0}
    arrays["tile"] = pa.array(tile)
    arrays["tile_name"] = pa.array([names.get(k) for k in tile.tolist()], pa.string())
    memo: dict[bytes, str] = {}
    notation = []
    conc, mt, mk, nm = recs["concealed"], recs["meld_type"], recs["meld_kind"], recs["n_melds"]
    for i in range(n):
        if not is_win[i]:
            notation.append("")
            continue
        key = conc[i].tobytes() + mt[i].tobytes() + mk[i].tobytes() + bytes([int(nm[i]) & 0xFF])
        text = memo.get(key)
        if text is None:
            if not 0 <= nm[i] <= mt.shape[1]:
                raise ValueError(f"engine record column 'n_melds' holds {int(nm[i])}: allowed 0..{mt.shape[1]}")
            text = memo[key] = hand_notation(conc[i], nm[i], mt[i], mk[i])
        notation.append(text)
    arrays["hand_notation"] = pa.array(notation, pa.string())
    arrays["flags"] = pa.array(recs["flags"])
    arrays["flags_named"] = pa.array(_names(recs["flags"], flags_by_bit), pa.list_(pa.string()))
    arrays["patterns"] = pa.array(recs["patterns"])
    arrays["patterns_named"] = pa.array(_names(recs["patterns"], patterns_by_bit), pa.list_(pa.string()))
    bp = recs["base_pattern"]
    arrays["base_pattern"] = pa.array(bp)
    arrays["base_pattern_name"] = pa.array(
        [bases[b] if 0 <= b < len(bases) else None for b in bp.tolist()], pa.string())
    for c in ("gen", "value", "points", "delta_0", "delta_1", "delta_2", "delta_3", "n_melds"):
        arrays[c] = pa.array(recs[c])
    table = pa.Table.from_arrays([arrays[f.name] for f in WINS_SCHEMA], schema=WINS_SCHEMA)
    if metadata:
        table = table.replace_schema_metadata({META_PREFIX + k: str(v) for k, v in metadata.items()})
    return table
