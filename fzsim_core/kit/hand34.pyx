# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The 34-kind hand with chows (contract in hand34.pxd) and its validated loader."""
from libc.stdint cimport int8_t, uint8_t
from libc.string cimport memset

import numpy as np

from fzsim_core.packs.inputs import check_melds

MELD_NAMES = {"chow": MJ_CHOW, "pung": MJ_PUNG, "kong": MJ_KONG, "added_kong": MJ_ADDED_KONG,
              "concealed_kong": MJ_CONCEALED_KONG}
MELD_TYPE_NAMES = {v: k for k, v in MELD_NAMES.items()}


cdef int mj_held(const MjHand* h, int k) noexcept nogil:
    cdef int i, n = h.counts[k], m
    for i in range(h.n_melds):
        m = h.meld_kind[i]
        if h.meld_type[i] == MJ_CHOW:
            if m <= k <= m + 2:
                n += 1
        elif m == k:
            n += 3 if h.meld_type[i] == MJ_PUNG else 4
    return n


cdef int mj_claimed(const MjHand* h) noexcept nogil:
    cdef int i, n = 0
    for i in range(h.n_melds):
        if h.meld_type[i] != MJ_CONCEALED_KONG:
            n += 1
    return n


cdef int mj_load(MjHand* h, counts, melds, int wild, bint wild_melds=False) except -1:
    arr = np.asarray(counts)
    if arr.ndim != 1 or arr.shape[0] not in (34, 42) or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"counts must be 34 (or 42) integer tile counts, got shape {arr.shape} of {arr.dtype}")
    if arr.shape[0] == 42 and arr[34:].any():
        raise ValueError(f"flowers {arr[34:].tolist()} among the hand's tiles: flowers are never held")
    if not -1 <= wild < 34:
        raise ValueError(f"wild {wild}: allowed a kind 0..33 or -1 (no wild)")
    memset(h, 0, sizeof(MjHand))
    h.wild = <int8_t>wild
    for k in range(MJ_KINDS):
        v = int(arr[k])
        if not 0 <= v <= 4:
            raise ValueError(f"counts[{k}] = {v}: allowed 0..4")
        h.counts[k] = <uint8_t>v
    melds = check_melds(melds, MELD_NAMES, 4, MJ_KINDS, "0..33")
    for i, (mtype, kind) in enumerate(melds):
        if mtype == MJ_CHOW and (kind >= 27 or kind % 9 > 6):
            raise ValueError(f"meld {(MELD_TYPE_NAMES[mtype], kind)!r}: a chow starts at a suited rank 1..7 (kind % 9 <= 6, kind < 27)")
        if wild >= 0 and not wild_melds and (kind == wild or (mtype == MJ_CHOW and kind <= wild <= kind + 2)):
            raise ValueError(f"meld {(MELD_TYPE_NAMES[mtype], kind)!r} holds the wild kind {wild}: a wild is never used in a claimed set")
        h.meld_type[i] = <uint8_t>mtype
        h.meld_kind[i] = <uint8_t>kind
    h.n_melds = <uint8_t>len(melds)
    for k in range(MJ_KINDS):
        if mj_held(h, k) > 4:
            raise ValueError(f"{mj_held(h, k)} copies of kind {k} across hand and melds: the tile set has 4")
    return 0


cdef int flag_bits(flags, dict table) except -1:
    cdef int f = 0
    if isinstance(flags, str):
        raise ValueError(f"flags {flags!r}: expected a list of names from {', '.join(table)}")
    for name in flags:
        if name not in table:
            raise ValueError(f"flag {name!r} is unknown: allowed {', '.join(table)}")
        f |= table[name]
    return f
