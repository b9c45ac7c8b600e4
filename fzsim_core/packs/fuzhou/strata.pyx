# cython: language_level=3, boundscheck=False, wraparound=False
"""Fuzhou's ``golds`` strata of a wall, and walls drawn within a stratum (`fzsim.study.strata`).

A wall's stratum is the most golds any seat holds after the deal and opening 补花 (0..3): it
depends on the wall alone. The deal is replayed on kind counts as `setup` (opening.pyx) deals it —
seats take 16-tile blocks from the head, the dealer the 65th tile too, flowers are replaced from
the tail in rounds, then the gold is flipped at the tail past any flowers; which seat deals does
not matter for the most golds any seat holds.

A stratified run plays, as a game's first wall, the first of its *attempts* that falls in the
stratum asked: attempt 0 is the game's own seeded wall (hand 0), attempt a > 0 the seeded wall of
"hand" ``ATTEMPT_HAND + a`` of the same game — a slot no match reaches — so the attempts are
independent uniform walls and the first one in the stratum is exactly a wall drawn given the
stratum; the dealer's, the policies' and the coupled draws' streams stay those of hand 0.
"""
from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t

import numpy as np

from fzsim_core.tiles cimport FLOWER_BASE, HONOR_BASE, N_KINDS
from fzsim_core.tileset cimport TileSet, full_144_tiles
from fzsim_core.wall cimport shuffle_wall

cdef enum:
    WALL_TILES = 144         # the Fuzhou wall (docs/spec/RULES.md §1)
    N_GOLDS_STRATA = 4       # the most golds a seat can hold, 0..3
    SEAT_TILES = 16
    DEALER_EXTRA = 64        # the dealer's 17th tile
    LAST = 143
    MAX_ATTEMPTS = 1 << 20   # attempts before a stratum is called unreachable (stratum 3 needs ~84)

#: the "hand" of a game's attempt a > 0 is ATTEMPT_HAND + a: seeded like a hand no match plays
cdef uint64_t ATTEMPT = (<uint64_t>1) << 62
ATTEMPT_HAND = ATTEMPT
GOLDS_STRATA = N_GOLDS_STRATA


cdef int golds_stratum(const uint8_t* wall, int first_flower) noexcept nogil:
    """The most golds any seat holds after the deal and opening 补花 of a 144-tile wall (kinds from
    ``first_flower`` on are flowers)."""
    cdef int counts[4][N_KINDS]
    cdef int s, k, i, n, tail = LAST, active = 0xF, next_active, best = 0
    for s in range(4):
        for k in range(N_KINDS):
            counts[s][k] = 0
        for i in range(SEAT_TILES * s, SEAT_TILES * s + SEAT_TILES):
            counts[s][wall[i]] += 1
    counts[0][wall[DEALER_EXTRA]] += 1
    while active:                   # each seat sets its flowers aside and replaces them at once
        next_active = 0
        for s in range(4):
            if not (active >> s) & 1:
                continue
            n = 0
            for k in range(first_flower, N_KINDS):
                n += counts[s][k]
                counts[s][k] = 0
            for i in range(n):
                k = wall[tail]
                tail -= 1
                counts[s][k] += 1
                if k >= first_flower:
                    next_active |= 1 << s
        active = next_active
    while wall[tail] >= first_flower:   # flipped flowers go to the dealer; the gold is the next
        tail -= 1
    k = wall[tail]
    for s in range(4):
        if counts[s][k] > best:
            best = counts[s][k]
    return best


cdef inline int first_flower_of(bint honors_are_flowers) noexcept nogil:
    return HONOR_BASE if honors_are_flowers else FLOWER_BASE


def wall_stratum(const uint8_t[::1] wall, bint honors_are_flowers=True):
    """The ``golds`` stratum of one 144-tile Fuzhou wall (kind indices, head first)."""
    if wall.shape[0] != WALL_TILES:
        raise ValueError(f"a Fuzhou wall is {WALL_TILES} tiles, got {wall.shape[0]}")
    for i in range(WALL_TILES):
        if wall[i] >= N_KINDS:
            raise ValueError(f"wall kinds must be 0..{N_KINDS - 1}, got {wall[i]} at {i}")
    return golds_stratum(&wall[0], first_flower_of(honors_are_flowers))


def game_strata(uint64_t root_seed, int64_t first_game, int64_t n_games, bint honors_are_flowers=True):
    """The ``golds`` stratum of the seeded first wall of games first_game .. first_game + n_games - 1
    (an int8 array): how an unstratified run's games fall into the strata."""
    if n_games < 0 or first_game < 0:
        raise ValueError(f"first_game and n_games must be >= 0, got {first_game} and {n_games}")
    out = np.empty(n_games, dtype=np.int8)
    cdef int8_t[::1] o = out
    cdef TileSet ts
    cdef uint8_t wall[WALL_TILES]
    cdef int64_t i
    cdef int ff = first_flower_of(honors_are_flowers)
    full_144_tiles(&ts)
    with nogil:
        for i in range(n_games):
            shuffle_wall(&ts, wall, root_seed, <uint64_t>(first_game + i), 0)
            o[i] = <int8_t>golds_stratum(wall, ff)
    return out


def stratum_walls(uint64_t root_seed, int64_t first_game, const int8_t[::1] strata,
                  bint honors_are_flowers=True):
    """The first walls of games first_game, first_game + 1, ... drawn within the ``golds`` stratum
    ``strata[i]`` each (an (n, 144) uint8 array): each game's first attempt in its stratum (see the
    module's docstring). ValueError for a stratum outside 0..3."""
    cdef Py_ssize_t n = strata.shape[0]
    cdef Py_ssize_t i
    if first_game < 0:
        raise ValueError(f"first_game must be >= 0, got {first_game}")
    for i in range(n):
        if not 0 <= strata[i] < N_GOLDS_STRATA:
            raise ValueError(f"golds strata are 0..{N_GOLDS_STRATA - 1}, got {strata[i]} for game {first_game + i}")
    out = np.empty((n, WALL_TILES), dtype=np.uint8)
    if n == 0:
        return out
    cdef uint8_t[:, ::1] w = out
    cdef TileSet ts
    cdef uint64_t a, game
    cdef int ff = first_flower_of(honors_are_flowers)
    cdef Py_ssize_t failed = -1
    full_144_tiles(&ts)
    with nogil:
        for i in range(n):
            game = <uint64_t>(first_game + i)
            a = 0
            while True:
                shuffle_wall(&ts, &w[i, 0], root_seed, game, 0 if a == 0 else ATTEMPT + a)
                if golds_stratum(&w[i, 0], ff) == strata[i]:
                    break
                a += 1
                if a >= MAX_ATTEMPTS:
                    failed = i
                    break
            if failed >= 0:
                break
    if failed >= 0:
        raise RuntimeError(f"no wall of golds stratum {strata[failed]} in {MAX_ATTEMPTS:,} attempts for game"
                           f" {first_game + failed}")
    return out
