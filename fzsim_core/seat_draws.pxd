# Draws coupled by seat (docs/guide/studies.md "Draws coupled by seat"): an optional way of drawing
# from the wall that keeps paired variants in step after their play diverges, with exactly the same
# game distribution as drawing the wall as it lies.
#
# The wall is shuffled as always (wall.pxd) and dealt as always. From then on, a seat that draws
# (at the head, at the tail, in the last group) takes the first tile of its own preference order that
# is still in the wall, and that tile is swapped into the position drawn from. Each tile copy of the
# initial wall is an *instance* (its initial position); each seat's preference order is a uniform
# permutation of the instances from its own stream (STREAM_SEAT_DRAWS + seat), drawn lazily
# (Fisher-Yates from the front, one step per entry read).
#
# Why the distribution is unchanged: given everything that happened, the instances still in the wall
# lie in a uniformly random relative order in a seat's preference order (every earlier pick only
# said that the instance picked came before all instances then in the wall, a condition symmetric in
# the ones still there), so the first one is uniform among the tiles left: each draw is uniform
# among the tiles left, which is what a uniformly shuffled wall gives. The swap keeps the
# arrangement of the tiles left uniform too, so a draw that is not coupled (the opening, a pack's
# own walls) is unchanged as well.
# Why it couples: two variants on the same seeds deal the same hands, and a seat's k-th draw is the
# same tile in both unless its preferred instance is already gone in one of them, so a seat sees
# the same sequence of draws even when a claim in one variant shifts the turn order.
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.rng cimport Rng
from fzsim_core.tileset cimport MAX_TILES

cdef enum:
    STREAM_SEAT_DRAWS = 4         # streams 4..7: seat 0..3's preference order (rng.pxd has 0..3)

cdef struct SeatDraws:
    uint8_t instance[MAX_TILES]   # the instance lying at each wall position
    uint8_t position[MAX_TILES]   # where each instance lies
    uint8_t order[4][MAX_TILES]   # each seat's preference order; entries < fixed[s] are drawn
    int fixed[4]                  # entries of order[s] drawn so far (the rest: still to shuffle)
    int next[4]                   # the first entry of order[s] not yet passed over
    int n_tiles
    Rng rng[4]


# A new hand: every instance at its initial position, every order still to shuffle.
cdef void seat_draws_reset(SeatDraws* d, int n_tiles, uint64_t root, uint64_t game, uint64_t hand) noexcept nogil
# Entry t of the seat's preference order (entries are fixed in turn: t <= fixed[seat]).
cdef uint8_t order_entry(SeatDraws* d, int seat, int t) noexcept nogil
# Before `seat` draws wall[at] (head <= at <= tail): swap into `at` the first instance of the seat's
# order still in wall[head..tail]. Out of line: the flow's draws pay one pointer test when uncoupled.
cdef void seat_pick(SeatDraws* d, uint8_t* wall, int head, int tail, int seat, int at) noexcept nogil
