# cython: language_level=3
"""Observation planes: one decision as fixed-size integer arrays, and the fixed action space.

`encode_planes` (obs_planes.pxd, nogil) writes a `Planes` struct from the Observation a policy
sees; `PLANES_DTYPE` is that struct as a numpy structured dtype, built from the compiler's own
field offsets so the two cannot drift apart. The action space is fixed: id = type * 35 + slot
(slot = the kind 0..33, or 34 for no tile), `N_ACTIONS` ids in all; `ACTION_TUPLES[id]` is the id
in notation, `encode_action` maps back. `decode` turns a plane set into the hook's observation dict
(tile notation) and `legal_actions` into its legal-action tuples — for debugging, and for the
check=True comparison against the Observation itself (python_bridge).
"""
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t
from libc.string cimport memset

import numpy as np

from fzsim_core.policy cimport Observation, PublicSeat
from fzsim_core.table cimport Meld, Seat, MAX_ACTIONS, MAX_DISCARDS, MAX_MELDS, NO_TILE

from fzsim_core.notation import kind_name as _kind_name

#: Decision names (the `decision` field), by Decision value (table.pxd).
DECISIONS = ("turn", "after_claim", "discard_win", "claim", "rob_kong", "opening_win", "dealer_qiangjin",
             "exchange", "dingque")
#: Action type names (the first element of a legal-action tuple), by ActionType value.
ACTIONS = ("pass", "discard", "win", "concealed_kong", "added_kong", "pung", "kong", "chow", "qiangjin", "youjin",
           "exchange", "dingque")
#: Meld type names, by MeldType value - 1.
MELDS = ("chow", "pung", "kong", "added_kong", "concealed_kong")

_KIND = tuple(_kind_name(k) for k in range(42))
#: every fixed action id as (type name, tile in notation or None)
ACTION_TUPLES = tuple(
    (ACTIONS[aid // N_ACTION_SLOTS],
     None if aid % N_ACTION_SLOTS == NO_TILE_SLOT else _KIND[aid % N_ACTION_SLOTS])
    for aid in range(N_ACTIONS))
_ID_OF = {t: aid for aid, t in enumerate(ACTION_TUPLES)}


cdef int encode_planes(const Observation* o, const uint16_t* acts, int n,
                       Planes* out) noexcept nogil:
    cdef int s, i, k, aid
    cdef const PublicSeat* p
    cdef const Meld* m
    cdef const Seat* me = o.me
    # the discards and melds are read below only up to each seat's count, so padding is what
    # memset leaves: -1 for kinds (0xFF as int8), 0 for counts
    memset(out, 0, sizeof(Planes))
    memset(out.melds, 0xFF, sizeof(out.melds))
    memset(out.discards, 0xFF, sizeof(out.discards))
    memset(out.action_ids, 0xFF, sizeof(out.action_ids))
    out.live = o.live
    out.reserve = o.reserve
    out.streak = o.streak
    out.seat = o.seat
    out.decision = o.decision
    out.dealer = o.dealer
    out.claim_tile = o.claim_tile
    out.claim_from = o.claim_from
    out.gold = o.gold
    out.golds = me.hand.golds
    out.n_kinds = o.n_kinds
    out.last_draw = me.last_draw
    for k in range(34):
        out.hand[k] = me.hand.counts[k]
        out.seen[k] = o.seen[k]
    for k in range(N_OWN_FLOWERS):
        out.own_flowers[k] = me.flowers[k]
    for s in range(4):
        p = &o.table[s]
        out.youjin[s] = p.youjin[0]
        out.void_suit[s] = p.void_suit[0] - 1
        out.n_flowers[s] = p.n_flowers[0]
        out.n_melds[s] = p.n_melds[0]
        out.n_discards[s] = p.n_discards[0]
        for i in range(p.n_melds[0]):
            m = &p.melds[i]
            out.melds[(s * MAX_MELDS + i) * MELD_FIELDS] = m.type
            out.melds[(s * MAX_MELDS + i) * MELD_FIELDS + 1] = m.kind
            out.melds[(s * MAX_MELDS + i) * MELD_FIELDS + 2] = m.source
        for i in range(p.n_discards[0]):
            out.discards[s * MAX_DISCARDS + i] = p.discards[i]
    if n < 0 or n > MAX_ACTIONS:
        return -1
    out.n_actions = n
    for i in range(n):
        aid = action_id(acts[i])
        if aid < 0 or out.mask[aid]:
            return -1
        out.mask[aid] = 1
        out.action_ids[i] = aid
    return 0


# ---- the numpy side -------------------------------------------------------------------------

# (field, numpy type, shape) in struct order; the offsets come from the compiler (_c_offsets)
_FIELDS = (
    ("live", np.int16, ()), ("reserve", np.int16, ()), ("streak", np.int16, ()),
    ("n_actions", np.int16, ()), ("action_ids", np.int16, (MAX_ACTIONS,)),
    ("seat", np.int8, ()), ("decision", np.int8, ()), ("dealer", np.int8, ()),
    ("claim_tile", np.int8, ()), ("claim_from", np.int8, ()), ("gold", np.int8, ()),
    ("golds", np.int8, ()), ("n_kinds", np.int8, ()), ("last_draw", np.int8, ()),
    ("youjin", np.int8, (4,)), ("void_suit", np.int8, (4,)), ("n_flowers", np.uint8, (4,)), ("n_melds", np.uint8, (4,)),
    ("n_discards", np.uint8, (4,)), ("hand", np.uint8, (34,)), ("seen", np.uint8, (34,)),
    ("own_flowers", np.uint8, (N_OWN_FLOWERS,)), ("melds", np.int8, (4, MAX_MELDS, MELD_FIELDS)),
    ("discards", np.int8, (4, MAX_DISCARDS)), ("mask", np.uint8, (N_ACTIONS,)),
)


cdef dict _c_offsets():
    cdef Planes q
    cdef char* b = <char*>&q
    return {
        "live": <char*>&q.live - b, "reserve": <char*>&q.reserve - b, "streak": <char*>&q.streak - b,
        "n_actions": <char*>&q.n_actions - b, "action_ids": <char*>&q.action_ids[0] - b,
        "seat": <char*>&q.seat - b, "decision": <char*>&q.decision - b, "dealer": <char*>&q.dealer - b,
        "claim_tile": <char*>&q.claim_tile - b, "claim_from": <char*>&q.claim_from - b,
        "gold": <char*>&q.gold - b, "golds": <char*>&q.golds - b, "n_kinds": <char*>&q.n_kinds - b,
        "last_draw": <char*>&q.last_draw - b, "youjin": <char*>&q.youjin[0] - b,
        "void_suit": <char*>&q.void_suit[0] - b,
        "n_flowers": <char*>&q.n_flowers[0] - b, "n_melds": <char*>&q.n_melds[0] - b,
        "n_discards": <char*>&q.n_discards[0] - b, "hand": <char*>&q.hand[0] - b,
        "seen": <char*>&q.seen[0] - b, "own_flowers": <char*>&q.own_flowers[0] - b,
        "melds": <char*>&q.melds[0] - b, "discards": <char*>&q.discards[0] - b,
        "mask": <char*>&q.mask[0] - b,
    }


_OFFSETS = _c_offsets()
#: one decision's planes as a numpy structured dtype, byte for byte the C struct Planes
PLANES_DTYPE = np.dtype({
    "names": [f for f, _, _ in _FIELDS],
    "formats": [(t, shape) if shape else t for _, t, shape in _FIELDS],
    "offsets": [_OFFSETS[f] for f, _, _ in _FIELDS],
    "itemsize": sizeof(Planes),
})
# the offsets are the compiler's; what could still differ is a field's size (a shape or type
# edited on one side only): then fields overlap or run past the struct
_ends = sorted((_OFFSETS[f], _OFFSETS[f] + PLANES_DTYPE.fields[f][0].itemsize) for f, _, _ in _FIELDS)
if max(e for _, e in _ends) > sizeof(Planes) or any(a[1] > b[0] for a, b in zip(_ends, _ends[1:])):
    raise ImportError("fzsim_core.obs_planes: PLANES_DTYPE does not match the C struct Planes")
del _OFFSETS, _ends


def empty_planes(shape=()):
    """Zeroed planes of the given shape (one record per decision), e.g. a buffer for many tables."""
    return np.zeros(shape, dtype=PLANES_DTYPE)


def encode_action(action) -> int:
    """The fixed id of an action given as a tuple ``("discard", "5m")`` / ``("pass", None)``."""
    try:
        return _ID_OF[tuple(action)]
    except (KeyError, TypeError, ValueError):
        raise ValueError(f"{action!r} is not an action: allowed a tuple (type, tile or None) with type one of "
                         f"{ACTIONS}, e.g. ('discard', '5m')") from None


def decode_action(aid) -> tuple:
    """The action of fixed id `aid` as (type name, tile in notation or None)."""
    if isinstance(aid, bool) or not isinstance(aid, (int, np.integer)) or not 0 <= aid < N_ACTIONS:
        raise ValueError(f"action id must be an integer 0..{N_ACTIONS - 1}, got {aid!r}")
    return ACTION_TUPLES[aid]


cdef const Planes* planes_ptr(object planes, object keep) except NULL:
    """The Planes record behind a 0-d array or a record of PLANES_DTYPE (`keep` holds the array)."""
    arr = planes if isinstance(planes, np.ndarray) else np.asarray(planes)
    if arr.dtype != PLANES_DTYPE or arr.size != 1:
        raise ValueError(f"planes must be one record of PLANES_DTYPE, got dtype {arr.dtype} shape {arr.shape}")
    arr = np.ascontiguousarray(arr).reshape(())
    keep.append(arr)
    cdef const uint8_t[::1] raw = arr.reshape(1).view(np.uint8)
    return <const Planes*>&raw[0]


cdef str kind_str(int k):
    return _KIND[k] if 0 <= k < 42 else None


cdef str hand_str(const uint8_t* counts):
    """Canonical notation of 34 counts (the same text as fzsim.tiles.fmt)."""
    cdef int base, r, c
    parts = []
    for base, nr, suit in ((0, 9, "m"), (9, 9, "p"), (18, 9, "s"), (27, 7, "z")):
        ranks = []
        for r in range(nr):
            c = counts[base + r]
            if c:
                ranks.append(str(r + 1) * c)
        if ranks:
            parts.append("".join(ranks) + suit)
    return "".join(parts)


cdef list seat_dicts(const Planes* p):
    cdef int s, i, j
    out = []
    for s in range(4):
        melds = []
        for i in range(p.n_melds[s]):
            j = (s * MAX_MELDS + i) * MELD_FIELDS
            melds.append((MELDS[p.melds[j] - 1], _KIND[<uint8_t>p.melds[j + 1]]))
        out.append(dict(melds=melds, flowers=p.n_flowers[s],
                        discards=[_KIND[<uint8_t>p.discards[s * MAX_DISCARDS + i]]
                                  for i in range(p.n_discards[s])],
                        void="mps"[p.void_suit[s]] if p.void_suit[s] >= 0 else None))
    return out


#: the keys of the hook's observation (dict-style access), in order
KEYS = ("seat", "decision", "dealer", "hand", "gold", "golds", "youjin", "tile", "last_draw",
        "live", "reserve", "seats")


cdef object decode_key(const Planes* p, str key):
    """One observation key in notation, read from the planes; KeyError for an unknown key."""
    if key == "seat":
        return p.seat
    if key == "decision":   # -1: the seat is not deciding (an env's view of a waiting seat)
        return DECISIONS[p.decision] if 0 <= p.decision < len(DECISIONS) else None
    if key == "tile":
        return kind_str(p.claim_tile)
    if key == "last_draw":
        return kind_str(p.last_draw)
    if key == "hand":
        return hand_str(p.hand)
    if key == "gold":
        return kind_str(p.gold)
    if key == "golds":
        return p.golds
    if key == "youjin":
        return p.youjin[p.seat]
    if key == "dealer":
        return p.dealer
    if key == "live":
        return p.live
    if key == "reserve":
        return p.reserve
    if key == "seats":
        return seat_dicts(p)
    raise KeyError(f"{key!r}: an observation has the keys {KEYS}")


cdef list decode_legal(const Planes* p):
    cdef int i
    return [ACTION_TUPLES[p.action_ids[i]] for i in range(p.n_actions)]


def decode(planes) -> dict:
    """A plane set back in tile notation: the hook's observation dict (keys `KEYS`)."""
    keep = []
    cdef const Planes* p = planes_ptr(planes, keep)
    return {key: decode_key(p, key) for key in KEYS}


def legal_actions(planes) -> list:
    """The legal actions of a plane set as tuples, in the order the flow offered them."""
    keep = []
    return decode_legal(planes_ptr(planes, keep))


cdef inline int put8(int16_t* o, int at, const int8_t* v, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        o[at + i] = v[i]
    return at + n


cdef inline int putu8(int16_t* o, int at, const uint8_t* v, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        o[at + i] = v[i]
    return at + n


cdef int flatten_one(const Planes* p, int16_t* o) noexcept nogil:
    """Every field but the mask as int16, in PLANES_DTYPE order; returns the length written."""
    cdef int i, at = 4
    o[0], o[1], o[2], o[3] = p.live, p.reserve, p.streak, p.n_actions
    for i in range(MAX_ACTIONS):
        o[at + i] = p.action_ids[i]
    at += MAX_ACTIONS
    at = put8(o, at, &p.seat, 9)   # seat .. last_draw: nine adjacent int8 scalars
    at = put8(o, at, p.youjin, 4)
    at = put8(o, at, p.void_suit, 4)
    at = putu8(o, at, p.n_flowers, 4)
    at = putu8(o, at, p.n_melds, 4)
    at = putu8(o, at, p.n_discards, 4)
    at = putu8(o, at, p.hand, 34)
    at = putu8(o, at, p.seen, 34)
    at = putu8(o, at, p.own_flowers, N_OWN_FLOWERS)
    at = put8(o, at, p.melds, 4 * MAX_MELDS * MELD_FIELDS)
    return put8(o, at, p.discards, 4 * MAX_DISCARDS)


#: the length of a flattened plane set (every field but the mask)
FLAT_SIZE = sum(int(np.prod(PLANES_DTYPE.fields[f][0].shape or (1,))) for f in PLANES_DTYPE.names if f != "mask")


def flatten(planes, out=None):
    """Planes (a record or an array of them) -> int16 vectors (..., FLAT_SIZE): every field but
    the mask, in PLANES_DTYPE order (what the AEC env's "observation" is). `out` is reused when given."""
    arr = np.asarray(planes)
    if arr.dtype != PLANES_DTYPE:
        raise ValueError(f"planes must have PLANES_DTYPE, got {arr.dtype}")
    shape = arr.shape + (FLAT_SIZE,)
    if out is None:
        out = np.empty(shape, dtype=np.int16)
    elif not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != np.int16 or not out.flags.c_contiguous:
        raise ValueError(f"out must be a C-contiguous int16 array of shape {shape}, got "
                         f"{getattr(out, 'dtype', type(out).__name__)} {getattr(out, 'shape', '')}")
    arr = np.ascontiguousarray(arr).reshape(-1)
    cdef Py_ssize_t i, n = arr.shape[0]
    if n == 0:
        return out
    cdef const uint8_t[::1] raw = arr.view(np.uint8)
    cdef int16_t[::1] flat = out.reshape(-1)
    cdef const Planes* p = <const Planes*>&raw[0]
    cdef int size = FLAT_SIZE
    with nogil:
        for i in range(n):
            flatten_one(&p[i], &flat[i * size])
    return out
