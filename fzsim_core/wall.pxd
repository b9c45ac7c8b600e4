# The wall (docs/spec/RULES.md §3): the seeded shuffle, its digest and a match's first dealer.
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.tileset cimport TileSet

cdef void shuffle_wall(const TileSet* ts, uint8_t* wall, uint64_t root, uint64_t game, uint64_t hand) noexcept nogil
cdef uint64_t digest_wall(const TileSet* ts, const uint8_t* wall) noexcept nogil
cdef int match_first_dealer(uint64_t root, uint64_t game) noexcept nogil
# A seeded dealer for hand `hand` of a match (hand 0: the match's first dealer).
cdef int hand_dealer(uint64_t root, uint64_t game, uint64_t hand) noexcept nogil
