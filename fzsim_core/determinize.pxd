# Information-set sampling (determinisation): a copy of a game in which every tile hidden from one
# seat is dealt again at random, so a search can play the copy on without knowing the real tiles.
from fzsim_core.rng cimport Rng
from fzsim_core.state cimport Game

cdef enum:
    SAMPLE_OK = 0
    SAMPLE_UNSUPPORTED = 1        # the seat's view constrains hidden tiles beyond counts (see pyx)

# dst = a copy of src (copy_game, no log) in which the other seats' concealed tiles and the live
# wall (reserve included) are a uniform draw among the arrangements consistent with what `seat`
# observes: each other seat keeps its concealed count, flowers stay in the wall, everything public
# is unchanged. SAMPLE_OK, or SAMPLE_UNSUPPORTED (dst then untouched).
cdef int sample_world(Game* dst, const Game* src, int seat, Rng* rng) noexcept nogil
# The same with a prior on the other seats' progress: seat s's hand is the nearest to ready
# (lowest shanten, the first drawn among equals, a ready hand waiting on a
# kind that seat discarded counting one step further) of tries[s] uniform draws from the hidden tiles
# left (seats in turn order after `seat`); tries NULL or all 1 is sample_world.
cdef int sample_world_prior(Game* dst, const Game* src, int seat, Rng* rng, const int* tries) noexcept nogil
# The same with each other seat's hand built as a player builds one: a uniform deal, then steps[s]
# turns of drawing a hidden tile and throwing back the tile whose loss leaves the lowest shanten
# (a kind the seat threw first among equals); steps all 0 is sample_world.
cdef int sample_world_built(Game* dst, const Game* src, int seat, Rng* rng, const int* steps) noexcept nogil
# How likely the other seats' discards are in world w, relative to a world where none of them
# wanted what they threw: the product over each other seat and each kind it discarded (the gold
# aside) of `beta` when that kind would now bring its hand nearer ready (1 when it would not).
cdef double discard_likelihood(const Game* w, int seat, double beta) noexcept nogil
# SAMPLE_OK when sample_world can sample src for seat, else SAMPLE_UNSUPPORTED (no copy made).
cdef int can_sample(const Game* src, int seat) noexcept nogil
