# cython: language_level=3
"""The records' columns (the results' "wins" table), declared once beside the C struct WinRec
(winrec.pxd) as a numpy dtype whose layout is checked against the compiler's at import.

`columns(recs)` gives what `play_block` returns under its "wins" key: one array per column, the
four payments as `delta_0` .. `delta_3`, and the winning hand as three 2-D uint8 arrays
(`concealed`: REC_TILES kinds per record, 255-padded; `meld_type`, `meld_kind`: REC_MELDS each,
`n_melds` of them used) that the orchestrator turns into tile notation.
"""
import numpy as np

from fzsim_core.schema import check_layout

from fzsim_core.winrec cimport WinRec, REC_TILES, REC_MELDS, REC_WIN, REC_PACK_FIRST

#: the flow's own record kind by name; the packs' kinds (REC_PACK_FIRST on) are named by their
#: entries in fzsim/pack_registry.py (record_kinds; all of them: fzsim.pack_registry.RECORD_KINDS)
RECORD_KINDS = {"win": REC_WIN}
#: the first code of the packs' own record kinds
PACK_RECORD_FIRST = REC_PACK_FIRST
#: the per-record arrays kept 2-D by `columns`
HAND_FIELDS = ("concealed", "meld_type", "meld_kind")

# (field, dtype, per-seat column stem or None, shape), in the order of the struct
_FIELDS = (
    ("game_id", np.int64, None, ()), ("hand", np.int16, None, ()), ("order", np.int8, None, ()),
    ("kind", np.int8, None, ()), ("seat", np.int8, None, ()), ("from_seat", np.int8, None, ()),
    ("win_type", np.int8, None, ()), ("tile", np.int8, None, ()), ("flags", np.uint32, None, ()),
    ("patterns", np.uint32, None, ()), ("base_pattern", np.int8, None, ()), ("gen", np.int8, None, ()),
    ("value", np.int16, None, ()), ("points", np.int32, None, ()), ("deltas", np.int32, "delta", (4,)),
    ("n_melds", np.int8, None, ()), ("meld_type", np.uint8, None, (REC_MELDS,)),
    ("meld_kind", np.uint8, None, (REC_MELDS,)), ("concealed", np.uint8, None, (REC_TILES,)),
)

#: a record as a numpy structured dtype, byte for byte the C struct WinRec
WIN_DTYPE = np.dtype([(f, t, shape) if shape else (f, t) for f, t, _, shape in _FIELDS], align=True)

#: the flat columns (name, numpy scalar type), without the 2-D HAND_FIELDS
WIN_COLUMNS = tuple(
    col for f, t, stem, shape in _FIELDS if f not in HAND_FIELDS
    for col in ([(f"{stem}_{i}", t) for i in range(4)] if stem else [(f, t)])
)


cdef dict _c_offsets():
    cdef WinRec r
    cdef char* b = <char*>&r
    return {
        "game_id": <char*>&r.game_id - b, "hand": <char*>&r.hand - b, "order": <char*>&r.order - b,
        "kind": <char*>&r.kind - b, "seat": <char*>&r.seat - b, "from_seat": <char*>&r.from_seat - b,
        "win_type": <char*>&r.win_type - b, "tile": <char*>&r.tile - b, "flags": <char*>&r.flags - b,
        "patterns": <char*>&r.patterns - b, "base_pattern": <char*>&r.base_pattern - b,
        "gen": <char*>&r.gen - b, "value": <char*>&r.value - b, "points": <char*>&r.points - b,
        "deltas": <char*>&r.deltas[0] - b, "n_melds": <char*>&r.n_melds - b,
        "meld_type": <char*>&r.meld_type[0] - b, "meld_kind": <char*>&r.meld_kind[0] - b,
        "concealed": <char*>&r.concealed[0] - b,
    }


check_layout(WIN_DTYPE, _c_offsets(), sizeof(WinRec), "WinRec")


def columns(recs):
    """The columns of an array of records (WIN_DTYPE): flat ones and the 2-D HAND_FIELDS."""
    out = {}
    for f, t, stem, shape in _FIELDS:
        if stem:
            for i in range(4):
                out[f"{stem}_{i}"] = np.ascontiguousarray(recs[f][:, i])
        else:
            out[f] = np.ascontiguousarray(recs[f])
    return out
