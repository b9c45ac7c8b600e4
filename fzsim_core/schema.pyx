# cython: language_level=3
"""The result row's columns, declared once (docs/spec/DESIGN.md "One row schema").

`ROW_DTYPE` is a numpy structured dtype laid out exactly like the C struct `Row` (row.pxd); the
layout is checked against the compiler's at import, so the two cannot drift apart. `COLUMNS` —
what `play_block` returns, one array per column — is derived from it: a field holding one value
per seat (`deltas`, `flowers`, `golds`, `claims`, `declines`, `folds`, `dealins`) becomes four columns `delta_0` .. `delta_3` and so on.
Storage, `fzsim.HandResult` and the analysis take their engine columns from `COLUMNS`. A system
with several wins per hand (血战到底, 一炮多响) adds a per-win struct and dtype beside this one.
"""
import numpy as np

from fzsim_core.row cimport Row

# (field, dtype, per-seat column stem or None), in the order of the struct
_FIELDS = (
    ("game_id", np.int64, None), ("hand", np.int16, None), ("wall_digest", np.uint64, None),
    ("dealer", np.int8, None), ("streak", np.int16, None), ("gold", np.int8, None),
    ("outcome", np.int8, None), ("winner", np.int8, None), ("discarder", np.int8, None),
    ("win_type", np.int8, None), ("specials", np.uint32, None), ("special_counted", np.uint32, None),
    ("flags", np.uint32, None), ("youjin_level", np.int8, None),
    ("F", np.int16, None), ("K", np.int16, None), ("G", np.int16, None), ("L", np.int16, None),
    ("S", np.int16, None), ("deltas", np.int32, "delta"), ("turns", np.int16, None),
    ("tiles_left", np.int16, None), ("flowers", np.int8, "flowers"), ("golds", np.int8, "golds"),
    ("claims", np.int8, "claims"), ("declines", np.int8, "declines"), ("n_wins", np.int8, None),
    ("folds", np.int8, "folds"), ("dice", np.int8, None), ("carry", np.int16, None),
    ("winners", np.int8, None), ("dealins", np.int8, "dealins"),
)

#: the row as a numpy structured dtype, byte for byte the C struct Row
ROW_DTYPE = np.dtype([(f, t, (4,)) if stem else (f, t) for f, t, stem in _FIELDS], align=True)

#: the flat columns (name, numpy scalar type) of play_block's output, in order
COLUMNS = tuple(
    col for f, t, stem in _FIELDS
    for col in ([(f"{stem}_{i}", t) for i in range(4)] if stem else [(f, t)])
)


cdef dict _c_offsets():
    cdef Row r
    cdef char* base = <char*>&r
    return {
        "game_id": <char*>&r.game_id - base, "hand": <char*>&r.hand - base,
        "wall_digest": <char*>&r.wall_digest - base, "dealer": <char*>&r.dealer - base,
        "streak": <char*>&r.streak - base, "gold": <char*>&r.gold - base,
        "outcome": <char*>&r.outcome - base, "winner": <char*>&r.winner - base,
        "discarder": <char*>&r.discarder - base, "win_type": <char*>&r.win_type - base,
        "specials": <char*>&r.specials - base, "special_counted": <char*>&r.special_counted - base,
        "flags": <char*>&r.flags - base, "youjin_level": <char*>&r.youjin_level - base,
        "F": <char*>&r.F - base, "K": <char*>&r.K - base, "G": <char*>&r.G - base,
        "L": <char*>&r.L - base, "S": <char*>&r.S - base, "deltas": <char*>&r.deltas[0] - base,
        "turns": <char*>&r.turns - base, "tiles_left": <char*>&r.tiles_left - base,
        "flowers": <char*>&r.flowers[0] - base, "golds": <char*>&r.golds[0] - base,
        "claims": <char*>&r.claims[0] - base, "declines": <char*>&r.declines[0] - base,
        "n_wins": <char*>&r.n_wins - base,
        "folds": <char*>&r.folds[0] - base,
        "dice": <char*>&r.dice - base, "carry": <char*>&r.carry - base,
        "winners": <char*>&r.winners - base, "dealins": <char*>&r.dealins[0] - base,
    }


def check_layout(dtype, offsets, int size, str struct):
    """ImportError unless the numpy dtype has exactly the C struct's fields at its offsets and size
    (schema.pyx and winschema.pyx check their dtypes with it at import)."""
    if dtype.itemsize != size or set(offsets) != set(dtype.names):
        raise ImportError(f"{dtype} ({dtype.itemsize} bytes) does not describe struct {struct} ({size})")
    for name in dtype.names:
        if dtype.fields[name][1] != offsets[name]:
            raise ImportError(f"dtype field {name} at offset {dtype.fields[name][1]}, "
                              f"struct {struct} has it at {offsets[name]}")


check_layout(ROW_DTYPE, _c_offsets(), sizeof(Row), "Row")


def columns(rows):
    """The flat columns of an array of rows (ROW_DTYPE), each a contiguous array."""
    out = {}
    for f, t, stem in _FIELDS:
        if stem:
            for i in range(4):
                out[f"{stem}_{i}"] = np.ascontiguousarray(rows[f][:, i])
        else:
            out[f] = np.ascontiguousarray(rows[f])
    return out


def row_dict(row):
    """One row (a ROW_DTYPE scalar) as {column: int}."""
    return {name: int(v) for name, v in zip((c for c, _ in COLUMNS),
                                             (x for f, _, stem in _FIELDS
                                              for x in (row[f] if stem else (row[f],))))}
