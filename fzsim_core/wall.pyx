# cython: language_level=3
"""The wall (RULES.md §3): the seeded shuffle, its digest, a match's first dealer, explicit walls.

The wall depends only on (root seed, game id, hand) through STREAM_WALL, never on the variant or
the policies, so two variants on the same ids play the same walls.
"""
from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t

import numpy as np

from fzsim_core.rng cimport Rng, rng_seed, rng_next, rng_below, STREAM_WALL, STREAM_MATCH, FZ_FNV_OFFSET, FZ_FNV_PRIME


cdef void fill_sorted_tiles(uint8_t* wall) noexcept nogil:
    """The 144 tiles in canonical order: kinds 0..33 four times each, then the 8 flowers."""
    cdef int t
    for t in range(136):
        wall[t] = t // 4
    for t in range(8):
        wall[136 + t] = 34 + t


cdef void shuffle_wall(uint8_t* wall, uint64_t root, uint64_t game, uint64_t hand) noexcept nogil:
    """Fisher-Yates from the top: for i = 143..1 swap wall[i] with wall[rng_below(i + 1)]."""
    cdef Rng r
    cdef int i, j
    cdef uint8_t t
    rng_seed(&r, root, game, hand, STREAM_WALL)
    fill_sorted_tiles(wall)
    i = 143
    while i > 0:
        j = rng_below(&r, i + 1)
        t = wall[i]
        wall[i] = wall[j]
        wall[j] = t
        i -= 1


cdef uint64_t digest_wall(const uint8_t* wall) noexcept nogil:
    """FNV-1a (64-bit) over the 144 kind bytes, head first."""
    cdef uint64_t h = FZ_FNV_OFFSET
    cdef int i
    for i in range(144):
        h ^= wall[i]
        h *= FZ_FNV_PRIME
    return h


cdef int match_first_dealer(uint64_t root, uint64_t game) noexcept nogil:
    cdef Rng r
    rng_seed(&r, root, game, 0, STREAM_MATCH)
    return rng_below(&r, 4)



def validate_wall(wall):
    """A wall as 144 kind indices (uint8 array); ValueError unless it is exactly the tile set."""
    arr = np.asarray(wall)
    if arr.ndim != 1 or arr.shape[0] != 144:
        raise ValueError(f"a wall is 144 tile kinds, got shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"a wall holds integer kind indices, got dtype {arr.dtype}")
    if arr.min() < 0 or arr.max() > 41:
        raise ValueError(f"wall kinds must be 0..41, got {int(arr.min())}..{int(arr.max())}")
    counts = np.bincount(arr.astype(np.int64), minlength=42)
    want = np.array([4] * 34 + [1] * 8)
    bad = np.flatnonzero(counts != want)
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"the wall holds {counts[k]} copies of kind {k}; the tile set has {want[k]}")
    return arr.astype(np.uint8)




def first_dealer(uint64_t root_seed, int64_t game_id):
    """The first dealer of a match (STREAM_MATCH of hand 0)."""
    return match_first_dealer(root_seed, <uint64_t>game_id)



def shuffled_wall(uint64_t root_seed, int64_t game_id, int hand=0):
    """The seeded wall of (root_seed, game_id, hand) as 144 kind indices, index 0 = head."""
    cdef uint8_t w[144]
    shuffle_wall(w, root_seed, <uint64_t>game_id, <uint64_t>hand)
    return np.array([w[i] for i in range(144)], dtype=np.uint8)


def wall_digest(wall):
    """The 64-bit digest recorded for a wall (FNV-1a over its kind bytes)."""
    arr = validate_wall(wall)
    cdef uint8_t w[144]
    cdef int i
    for i in range(144):
        w[i] = arr[i]
    return digest_wall(w)


def rng_outputs(uint64_t root_seed, uint64_t game_id, uint64_t hand, uint64_t stream, int n, uint32_t below=0):
    """The first n outputs of the core generator (rng_next, or rng_below(below) if below > 0)."""
    cdef Rng r
    rng_seed(&r, root_seed, game_id, hand, stream)
    out = []
    for _ in range(n):
        out.append(rng_below(&r, below) if below else rng_next(&r))
    return out


