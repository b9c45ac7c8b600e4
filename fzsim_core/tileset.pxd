# The tile set of a rule system and its hand size (docs/spec/DESIGN.md "no magic 144/136/16/17 in the flow"):
# the wall, the deal and the invariants read these fields, so a 108- or 136-tile, 13-tile-hand
# pack gives its own TileSet instead of editing them. Kind indices keep the layout of tiles.pxd
# (a set simply has no copies of the kinds it lacks).
from libc.stdint cimport uint8_t
from fzsim_core.tiles cimport N_KINDS, N_HAND_KINDS, FLOWER_BASE

cdef enum:
    MAX_TILES = 144               # capacity of a wall: the largest tile set


ctypedef struct TileSet:
    int n_tiles                   # tiles in the wall
    int hand_size                 # concealed tiles a non-dealer is dealt; the dealer gets one more
    uint8_t copies[N_KINDS]       # copies of each kind in the set (0: not in it)
    uint8_t sorted[MAX_TILES]     # the tiles in canonical order, each kind's copies kind by kind
                                  # (the shuffle starts from it: one memcpy per hand)


cdef inline void tiles_from_copies(TileSet* ts, int hand_size) noexcept nogil:
    """Complete a TileSet whose `copies` are filled: the tile count and the canonical order."""
    cdef int k, c, t = 0
    for k in range(N_KINDS):
        for c in range(ts.copies[k]):
            ts.sorted[t] = k
            t += 1
    ts.n_tiles = t
    ts.hand_size = hand_size


cdef inline void full_144_tiles(TileSet* ts) noexcept nogil:
    """docs/spec/RULES.md §1, §3: 144 tiles (four of each of 34 kinds, one of each of 8 flowers), 16-tile hands."""
    cdef int k
    for k in range(N_KINDS):
        ts.copies[k] = 4 if k < FLOWER_BASE else 1
    tiles_from_copies(ts, 16)
