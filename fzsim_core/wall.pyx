# cython: language_level=3
"""The wall (docs/spec/RULES.md §3): the seeded shuffle, its digest, a match's first dealer, explicit walls.

The wall depends only on (root seed, game id, hand) through STREAM_WALL, never on the variant or
the policies, so two variants on the same ids play the same walls.
"""
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memcpy

import numpy as np

from fzsim_core.tiles cimport N_KINDS
from fzsim_core.tileset cimport MAX_TILES, TileSet, full_144_tiles, tiles_from_copies
from fzsim_core.seat_draws cimport SeatDraws, order_entry, seat_draws_reset
from fzsim_core.rng cimport Rng, rng_seed, rng_next, rng_below, STREAM_WALL, STREAM_MATCH, FZ_FNV_OFFSET, FZ_FNV_PRIME


cdef void shuffle_wall(const TileSet* ts, uint8_t* wall, uint64_t root, uint64_t game, uint64_t hand) noexcept nogil:
    """Fisher-Yates from the top: for i = n_tiles - 1 .. 1 swap wall[i] with wall[rng_below(i + 1)]."""
    cdef Rng r
    cdef int i, j
    cdef uint8_t t
    rng_seed(&r, root, game, hand, STREAM_WALL)
    memcpy(wall, ts.sorted, ts.n_tiles)
    i = ts.n_tiles - 1
    while i > 0:
        j = rng_below(&r, i + 1)
        t = wall[i]
        wall[i] = wall[j]
        wall[j] = t
        i -= 1


cdef uint64_t digest_wall(const TileSet* ts, const uint8_t* wall) noexcept nogil:
    """FNV-1a (64-bit) over the wall's kind bytes, head first (four bytes a step: the same chain
    of xors and multiplies with a quarter of the loop's own instructions)."""
    cdef uint64_t h = FZ_FNV_OFFSET
    cdef int i = 0, n = ts.n_tiles
    while i + 4 <= n:
        h = (h ^ wall[i]) * FZ_FNV_PRIME
        h = (h ^ wall[i + 1]) * FZ_FNV_PRIME
        h = (h ^ wall[i + 2]) * FZ_FNV_PRIME
        h = (h ^ wall[i + 3]) * FZ_FNV_PRIME
        i += 4
    while i < n:
        h = (h ^ wall[i]) * FZ_FNV_PRIME
        i += 1
    return h


cdef int hand_dealer(uint64_t root, uint64_t game, uint64_t hand) noexcept nogil:
    cdef Rng r
    rng_seed(&r, root, game, hand, STREAM_MATCH)
    return rng_below(&r, 4)


cdef int match_first_dealer(uint64_t root, uint64_t game) noexcept nogil:
    return hand_dealer(root, game, 0)



def validate_wall(wall, int pack=0, rules=None):
    """A wall of rule pack `pack` (default: the default pack; under `rules` when given) as its kind indices
    (uint8 array); ValueError unless it is exactly the pack's tile set."""
    from fzsim_core.packs.registry import tile_set
    n_tiles, _, want = tile_set(pack, rules)
    arr = np.asarray(wall)
    if arr.ndim != 1 or arr.shape[0] != n_tiles:
        raise ValueError(f"a wall is {n_tiles} tile kinds, got shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"a wall holds integer kind indices, got dtype {arr.dtype}")
    if arr.min() < 0 or arr.max() >= N_KINDS:
        raise ValueError(f"wall kinds must be 0..{N_KINDS - 1}, got {int(arr.min())}..{int(arr.max())}")
    counts = np.bincount(arr.astype(np.int64), minlength=N_KINDS)
    bad = np.flatnonzero(counts != want)
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"the wall holds {counts[k]} copies of kind {k}; the tile set has {want[k]}")
    return arr.astype(np.uint8)


def first_dealer(uint64_t root_seed, int64_t game_id):
    """The first dealer of a match (STREAM_MATCH of hand 0)."""
    return match_first_dealer(root_seed, <uint64_t>game_id)


def shuffled_wall(uint64_t root_seed, int64_t game_id, int hand=0, int pack=0):
    """The seeded wall of (root_seed, game_id, hand) of rule pack `pack` (default: the default pack) as kind
    indices, index 0 = head."""
    from fzsim_core.packs.registry import tile_set
    cdef TileSet ts
    cdef uint8_t w[MAX_TILES]
    cdef int k
    n_tiles, hand_size, copies = tile_set(pack)
    for k in range(len(copies)):
        ts.copies[k] = copies[k]
    tiles_from_copies(&ts, hand_size)
    shuffle_wall(&ts, w, root_seed, <uint64_t>game_id, <uint64_t>hand)
    return np.array([w[i] for i in range(ts.n_tiles)], dtype=np.uint8)


def wall_digest(wall):
    """The 64-bit digest recorded for a wall (FNV-1a over its kind bytes)."""
    arr = validate_wall(wall)
    cdef TileSet ts
    cdef uint8_t w[MAX_TILES]
    cdef int i
    full_144_tiles(&ts)
    for i in range(ts.n_tiles):
        w[i] = arr[i]
    return digest_wall(&ts, w)


def rng_outputs(uint64_t root_seed, uint64_t game_id, uint64_t hand, uint64_t stream, int n, uint32_t below=0):
    """The first n outputs of the core generator (rng_next, or rng_below(below) if below > 0)."""
    cdef Rng r
    rng_seed(&r, root_seed, game_id, hand, stream)
    out = []
    for _ in range(n):
        out.append(rng_below(&r, below) if below else rng_next(&r))
    return out




def seat_draw_orders(uint64_t root_seed, int64_t game_id, int hand=0, int n_tiles=144):
    """Each seat's preference order of draws coupled by seat (seat_draws.pxd) for (root_seed,
    game_id, hand): a (4, n_tiles) uint8 array of instances (a wall position at the deal); seat s
    draws, in turn, the first instance of row s still in the wall."""
    if not 0 < n_tiles <= MAX_TILES:
        raise ValueError(f"n_tiles must be 1..{MAX_TILES}, got {n_tiles}")
    if hand < 0:
        raise ValueError(f"hand must be >= 0, got {hand}")
    cdef SeatDraws d
    cdef int s, t
    seat_draws_reset(&d, n_tiles, root_seed, <uint64_t>game_id, <uint64_t>hand)
    out = np.empty((4, n_tiles), dtype=np.uint8)
    cdef uint8_t[:, ::1] view = out
    for s in range(4):
        for t in range(n_tiles):
            view[s, t] = order_entry(&d, s, t)
    return out
