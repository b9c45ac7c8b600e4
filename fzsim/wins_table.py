"""The results' "wins" table: one row per win and per end-of-hand payment, as stored in Parquet.

The engine hands over its records as flat columns (``fzsim_core.winschema.WIN_COLUMNS``) plus
the winning hand as 2-D arrays (``concealed``, ``meld_type``, ``meld_kind``);
:func:`build_wins_table` turns one block of them into the stored layout: the flat columns as they
are, ``kind`` also by name (``record``), ``win_type`` by name (the hands table's categories),
the winning tile by name, the winner's hand in tile notation (``hand_notation``) and the pack's
names for the pattern and flag bits (``patterns_named``, ``base_pattern_name``, ``flags_named``;
国标: every fan of the win and its highest), each win's scoring elements as three parallel lists
(``elements``, ``element_values``, ``element_counts``: fzsim.win_elements) and the seats that paid
in each record (``payers``, from its deltas). Names come from the pack that played the variant
(its ``pack`` rule key, through `fzsim.pack_registry`), so variants of two packs in one run share
the schema and differ only in the names they use; a flag or pattern bit the pack does not name is refused.
"""
from __future__ import annotations

import json

import numpy as np
import pyarrow as pa

from fzsim import win_elements
from fzsim.storage import META_PREFIX, WIN_TYPE_NAMES, _dictionary, check_columns
from fzsim.pack_registry import RECORD_KINDS, REGISTRY
from fzsim.tiles import N_HAND_KINDS, kind_name
from fzsim_core.winschema import RECORD_KINDS as _CORE_KINDS, PACK_RECORD_FIRST, WIN_COLUMNS

#: the record kinds by code: the flow's win (0), then each pack's own (`PackEntry.record_kinds`)
RECORD_NAMES = [name for name, _ in sorted(RECORD_KINDS.items(), key=lambda kv: kv[1])]
assert [RECORD_KINDS[n] for n in RECORD_NAMES] == list(range(len(RECORD_NAMES))), RECORD_KINDS
assert _CORE_KINDS.items() <= RECORD_KINDS.items() and len(_CORE_KINDS) == PACK_RECORD_FIRST, _CORE_KINDS
#: the engine's flat record columns and their numpy dtypes, in its order
ENGINE_WIN_COLUMNS: dict[str, np.dtype] = {name: np.dtype(t) for name, t in WIN_COLUMNS}
HAND_ARRAYS = {"concealed": 18, "meld_type": 5, "meld_kind": 5}
_SUIT = "mpsz"
# MeldType (fzsim_core/table.pxd): 1 chow, 2 pung, 3 exposed kong, 4 added kong, 5 concealed kong
_MELD_CHOW, _MELD_PUNG, _MELD_CONCEALED_KONG = 1, 2, 5


def pack_names(pack: str) -> tuple[dict[int, str], dict[int, str]]:
    """(pattern bit -> name, flag bit -> name) of a pack (`PackEntry.record_names`): every pack's flags
    are the flow's FLAG_* bits (``fzsim_core.win_facts.FLAGS``) plus its own. An unknown pack, or one
    that names none, names no bits."""
    entry = REGISTRY.get(pack)
    return entry.resolve("record_names")() if entry is not None and entry.record_names else ({}, {})


def base_pattern_names(pack: str) -> list[str]:
    """The names ``base_pattern`` indexes (`PackEntry.base_patterns`; packs without one have none)."""
    entry = REGISTRY.get(pack)
    return entry.resolve("base_patterns")() if entry is not None and entry.base_patterns else []


def _dict_type() -> pa.DataType:
    return pa.dictionary(pa.int8(), pa.string())


#: the scoring elements (fzsim.win_elements) as parallel lists, then who paid in the record
#: (storage format 3; a format-2 folder loads them empty)
ELEMENT_COLUMNS = {"elements": pa.string(), "element_values": pa.int32(), "element_counts": pa.int16(),
                   "payers": pa.int8()}


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
    fields += [pa.field(name, pa.list_(t)) for name, t in ELEMENT_COLUMNS.items()]
    return pa.schema(fields)


#: the stored wins schema (without metadata); ``variant`` is the hive partition on read
WINS_SCHEMA = _schema()
#: every column ``fzsim.load(DIR, table="wins")`` can return, in order
WINS_COLUMNS = WINS_SCHEMA.names + ["variant"]
#: dictionary columns and their fixed categories (every load lines up)
WINS_CATEGORIES = {"record": RECORD_NAMES, "win_type": WIN_TYPE_NAMES}


def check_records(recs: dict) -> int:
    """Check the engine's record columns against its contract; returns the record count."""
    missing = [c for c in HAND_ARRAYS if c not in recs]
    if missing:
        raise ValueError(f"engine records lack column(s) {missing}")
    n = check_columns(recs, ENGINE_WIN_COLUMNS, "engine records lack", "engine record column")
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


def _named_lists(values: np.ndarray, table: dict[int, str], column: str, pack: str) -> pa.Array:
    """Bit names per value as a list<string> array, built per distinct value (few occur) and
    gathered by offsets: no Python work per row. A bit the pack does not name is an error."""
    uniq, inv = np.unique(values, return_inverse=True)
    unknown = [i for v in uniq for i in range(32) if int(v) >> i & 1 and (1 << i) not in table]
    if unknown:
        raise ValueError(f"engine record column {column!r} holds bit {unknown[0]} (value {1 << unknown[0]}),"
                         f" which pack {pack!r} does not name: allowed bits {sorted(table)} ({table})")
    return _gather_lists([[table[1 << i] for i in range(32) if int(v) >> i & 1] for v in uniq], inv, pa.string())


def _gather_lists(lists: list[list], inv: np.ndarray, value_type: pa.DataType) -> pa.Array:
    """The list array whose row r is ``lists[inv[r]]``."""
    lens = np.array([len(x) for x in lists], dtype=np.int64)
    starts = np.concatenate([[0], np.cumsum(lens)[:-1]]).astype(np.int64)
    flat = pa.array([n for x in lists for n in x], value_type)
    row_lens = lens[inv]
    offsets = np.concatenate([[0], np.cumsum(row_lens)]).astype(np.int32)
    total = int(offsets[-1])
    take = np.repeat(starts[inv], row_lens) + (np.arange(total) - np.repeat(offsets[:-1].astype(np.int64), row_lens))
    return pa.ListArray.from_arrays(pa.array(offsets), flat.take(pa.array(take, pa.int64())))


def _list_columns(per_row: list[list[tuple]], types: tuple[pa.DataType, ...]) -> list[pa.Array]:
    """Parallel list columns from per-row lists of tuples (one column per tuple position)."""
    lens = np.array([len(x) for x in per_row], dtype=np.int64)
    offsets = pa.array(np.concatenate([[0], np.cumsum(lens)]).astype(np.int32))
    flat = [e for row in per_row for e in row]
    return [pa.ListArray.from_arrays(offsets, pa.array([e[j] for e in flat], t)) for j, t in enumerate(types)]


def payers_column(deltas: np.ndarray) -> pa.Array:
    """Per record, the seats that paid in it (a negative delta), ascending: list<int8>."""
    paid = deltas < 0                                  # (n, 4)
    offsets = np.concatenate([[0], np.cumsum(paid.sum(axis=1))]).astype(np.int32)
    seats = np.nonzero(paid)[1].astype(np.int8)        # row-major: each record's seats in order
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(seats, pa.int8()))


def _digit(k: np.ndarray) -> np.ndarray:
    """The rank digit (ASCII) of kinds 0..33."""
    return np.where(k < 27, k % 9 + 1, k - 26).astype(np.uint8) + ord("0")


_SUIT_BYTES = np.frombuffer(b"mpsz", dtype=np.uint8)


def hand_notations(conc: np.ndarray, n_melds: np.ndarray, mtype: np.ndarray, mkind: np.ndarray,
                   keep: np.ndarray) -> np.ndarray:
    """:func:`hand_notation` of every record at once (``keep`` False: empty), as a numpy bytes
    array: one byte matrix (digits, suit letters, brackets, 0 = nothing), left-packed."""
    n = conc.shape[0]
    k = conc.astype(np.int64)
    valid = (k != 255) & keep[:, None]
    if (valid & (k >= N_HAND_KINDS)).any() or (valid[:, 1:] & ~valid[:, :-1]).any() or \
            ((np.diff(k, axis=1) < 0) & valid[:, 1:]).any():
        bad = conc[np.flatnonzero(((valid & (k >= N_HAND_KINDS)).any(1)) | (valid[:, 1:] & ~valid[:, :-1]).any(1)
                                  | ((np.diff(k, axis=1) < 0) & valid[:, 1:]).any(1))[0]]
        raise ValueError(f"engine record holds concealed kinds {[x for x in bad.tolist() if x != 255]}: allowed ascending kinds"
                         f" 0..{N_HAND_KINDS - 1}, 255-padded")
    kc = np.where(valid, k, 0)
    suit = np.minimum(kc // 9, 3)
    nxt_valid = np.concatenate([valid[:, 1:], np.zeros((n, 1), bool)], axis=1)
    nxt_suit = np.concatenate([suit[:, 1:], np.full((n, 1), -1)], axis=1)
    boundary = valid & (~nxt_valid | (nxt_suit != suit))
    width_c = 2 * conc.shape[1]
    n_slots = mtype.shape[1]
    mat = np.zeros((n, width_c + 8 * n_slots), dtype=np.uint8)
    mat[:, 0:width_c:2] = np.where(valid, _digit(kc), 0)
    mat[:, 1:width_c:2] = np.where(boundary, _SUIT_BYTES[suit], 0)
    nm = n_melds.astype(np.int64)
    if ((nm < 0) | (nm > n_slots)).any():
        raise ValueError(f"engine record column 'n_melds' holds {int(nm[(nm < 0) | (nm > n_slots)][0])}:"
                         f" allowed 0..{n_slots}")
    has_conc = valid.any(axis=1)
    for i in range(n_slots):
        used = (nm > i) & keep
        t = mtype[:, i].astype(np.int64)
        mk = mkind[:, i].astype(np.int64)
        bad = used & ((t < 1) | (t > 5) | (mk >= N_HAND_KINDS) | ((t == _MELD_CHOW) & ((mk >= 27) | (mk % 9 > 6))))
        if bad.any():
            r = np.flatnonzero(bad)[0]
            meld_notation(int(t[r]), int(mk[r]))      # raises, naming the meld
        mk = np.where(used, mk, 0)
        chow = t == _MELD_CHOW
        kong = t >= 3
        d = _digit(mk)
        base = width_c + 8 * i
        mat[:, base] = np.where(used & ((i > 0) | has_conc), ord(" "), 0)
        mat[:, base + 1] = np.where(used, np.where(t == _MELD_CONCEALED_KONG, ord("("), ord("[")), 0)
        mat[:, base + 2] = np.where(used, d, 0)
        mat[:, base + 3] = np.where(used, d + chow, 0)
        mat[:, base + 4] = np.where(used, d + 2 * chow, 0)
        mat[:, base + 5] = np.where(used & kong, d, 0)
        mat[:, base + 6] = np.where(used, _SUIT_BYTES[np.minimum(mk // 9, 3)], 0)
        mat[:, base + 7] = np.where(used, np.where(t == _MELD_CONCEALED_KONG, ord(")"), ord("]")), 0)
    mat[~keep] = 0
    # left-pack each row (every byte moves to the count of bytes before it), then read rows as strings
    nz = mat != 0
    packed = np.zeros_like(mat)
    rows, _ = np.nonzero(nz)
    packed[rows, (np.cumsum(nz, axis=1) - 1)[nz]] = mat[nz]
    return packed.view(f"S{mat.shape[1]}").ravel()


def build_wins_table(recs: dict, seed: int, pack: str, metadata: dict[str, str] | None = None,
                     hands: dict | None = None, rules: dict | None = None) -> pa.Table:
    """The stored wins table for one block of engine records (see the module docstring).

    ``hands``: the block's per-hand columns (a pack's elements may read the dealer or the wild there);
    ``rules``: the variant's canonical rules (default: ``metadata["rules"]``, else the pack's
    defaults), whose options the scoring elements follow.
    Raises ValueError when the records break the engine's contract (a missing column, a wrong
    dtype, a code outside its enum, a flag or pattern bit the pack does not name), so a bad block
    is never written.
    """
    n = check_records(recs)
    if rules is None:
        rules = json.loads(metadata["rules"]) if metadata and "rules" in metadata else {}
    patterns_by_bit, flags_by_bit = pack_names(pack)
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
    arrays["win_type"] = _dictionary(wt, WIN_TYPE_NAMES, "win_type", null_code=-1)
    tile = recs["tile"]
    if ((tile < -1) | (tile >= N_HAND_KINDS)).any():
        raise ValueError(f"engine record column 'tile' holds {int(tile[(tile < -1) | (tile >= N_HAND_KINDS)][0])}:"
                         f" allowed -1..{N_HAND_KINDS - 1}")
    names = np.array([kind_name(k) for k in range(N_HAND_KINDS)], dtype=object)
    arrays["tile"] = pa.array(tile)
    arrays["tile_name"] = pa.array(names[np.maximum(tile, 0)], pa.string(), mask=tile < 0)
    notation = hand_notations(recs["concealed"], recs["n_melds"], recs["meld_type"], recs["meld_kind"], is_win)
    arrays["hand_notation"] = pa.array(notation).cast(pa.string())     # ASCII bytes, trailing 0s cut
    arrays["flags"] = pa.array(recs["flags"])
    arrays["flags_named"] = _named_lists(recs["flags"], flags_by_bit, "flags", pack)
    arrays["patterns"] = pa.array(recs["patterns"])
    per_row = win_elements.elements(recs, is_win, pack, rules, hands) if n else []
    entry = REGISTRY.get(pack)
    if entry is not None and entry.patterns_from_elements:   # e.g. fans, each once (not bits in the record)
        arrays["patterns_named"] = pa.array([[name for name, _, _ in row] for row in per_row],
                                            pa.list_(pa.string()))
    else:
        arrays["patterns_named"] = _named_lists(recs["patterns"], patterns_by_bit, "patterns", pack)
    bp = recs["base_pattern"].astype(np.int64)
    base_names = np.array(bases + [None], dtype=object)
    known = (bp >= 0) & (bp < len(bases))
    arrays["base_pattern"] = pa.array(recs["base_pattern"])
    arrays["base_pattern_name"] = pa.array(base_names[np.where(known, bp, len(bases))], pa.string(), mask=~known)
    for c in ("gen", "value", "points", "delta_0", "delta_1", "delta_2", "delta_3", "n_melds"):
        arrays[c] = pa.array(recs[c])
    arrays["elements"], arrays["element_values"], arrays["element_counts"] = _list_columns(
        per_row, (pa.string(), pa.int32(), pa.int16()))
    deltas = np.stack([recs[f"delta_{s}"] for s in range(4)], axis=1) if n else np.zeros((0, 4), np.int32)
    arrays["payers"] = payers_column(deltas)
    table = pa.Table.from_arrays([arrays[f.name] for f in WINS_SCHEMA], schema=WINS_SCHEMA)
    if metadata:
        table = table.replace_schema_metadata({META_PREFIX + k: str(v) for k, v in metadata.items()})
    return table
