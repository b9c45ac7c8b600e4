# The portable random generator of the core (docs/spec/DESIGN.md "Every game is reproducible on its own").
#
# Everything random in a hand comes from a `Rng` seeded by (root_seed, game_id, hand, stream):
#
#   sm  = root_seed;              a = splitmix64(&sm)
#   sm  = a ^ game_id;            b = splitmix64(&sm)
#   sm  = b ^ (hand << 8 | stream); splitmix64(&sm)        (result discarded)
#   s[0..3] = four further splitmix64(&sm) outputs          (xoshiro256** state)
#
# splitmix64 (Steele, Lea, Flood 2014) and xoshiro256** (Blackman, Vigna 2018) use only 64-bit
# unsigned adds, multiplies, shifts and xors, so every platform and compiler gives the same stream;
# nothing here touches numpy's generators. `rng_below(n)` is Lemire's unbiased multiply-shift
# on the top 32 bits of each output. Streams: STREAM_WALL shuffles the wall, STREAM_POLICY feeds
# the policies (random choices, tie-breaks), STREAM_MATCH picks a match's first dealer (hand 0) —
# so the wall never depends on the rule variant or on the policies. Streams 4..7 are the seats'
# preference orders of draws coupled by seat (seat_draws.pxd).
# tests/test_engine_core.py re-implements it in pure Python as the reference.
from libc.stdint cimport uint32_t, uint64_t

cdef extern from *:
    """
    #define FZ_SM_GAMMA 0x9E3779B97F4A7C15ULL
    #define FZ_SM_MUL1 0xBF58476D1CE4E5B9ULL
    #define FZ_SM_MUL2 0x94D049BB133111EBULL
    #define FZ_FNV_OFFSET 0xCBF29CE484222325ULL
    #define FZ_FNV_PRIME 0x00000100000001B3ULL
    """
    const uint64_t FZ_SM_GAMMA
    const uint64_t FZ_SM_MUL1
    const uint64_t FZ_SM_MUL2
    const uint64_t FZ_FNV_OFFSET
    const uint64_t FZ_FNV_PRIME

cdef enum:
    STREAM_WALL = 0
    STREAM_POLICY = 1
    STREAM_MATCH = 2
    STREAM_DICE = 3               # the opening dice of a pack that rolls them (开宝, RULES-PACKS §1.1)

ctypedef struct Rng:
    uint64_t s[4]


cdef inline uint64_t splitmix64(uint64_t* state) noexcept nogil:
    state[0] += FZ_SM_GAMMA
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * FZ_SM_MUL1
    z = (z ^ (z >> 27)) * FZ_SM_MUL2
    return z ^ (z >> 31)


cdef inline uint64_t rotl64(uint64_t x, int k) noexcept nogil:
    return (x << k) | (x >> (64 - k))


cdef inline void rng_seed(Rng* r, uint64_t root, uint64_t game, uint64_t hand, uint64_t stream) noexcept nogil:
    cdef uint64_t sm = root
    cdef uint64_t a = splitmix64(&sm)
    sm = a ^ game
    cdef uint64_t b = splitmix64(&sm)
    sm = b ^ ((hand << 8) | stream)
    splitmix64(&sm)
    cdef int i
    for i in range(4):
        r.s[i] = splitmix64(&sm)
    if r.s[0] == 0 and r.s[1] == 0 and r.s[2] == 0 and r.s[3] == 0:
        r.s[0] = 1   # xoshiro's one forbidden state; splitmix64 practically never yields it


cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    """xoshiro256**"""
    cdef uint64_t result = rotl64(r.s[1] * 5, 7) * 9
    cdef uint64_t t = r.s[1] << 17
    r.s[2] ^= r.s[0]
    r.s[3] ^= r.s[1]
    r.s[1] ^= r.s[2]
    r.s[0] ^= r.s[3]
    r.s[2] ^= t
    r.s[3] = rotl64(r.s[3], 45)
    return result


cdef inline uint32_t rng_below(Rng* r, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n), n >= 1 (Lemire 2019, unbiased)."""
    cdef uint32_t x = <uint32_t>(rng_next(r) >> 32)
    cdef uint64_t m = <uint64_t>x * n
    cdef uint32_t low = <uint32_t>m
    cdef uint32_t threshold
    if low < n:
        threshold = (<uint32_t>0 - n) % n
        while low < threshold:
            x = <uint32_t>(rng_next(r) >> 32)
            m = <uint64_t>x * n
            low = <uint32_t>m
    return <uint32_t>(m >> 32)
