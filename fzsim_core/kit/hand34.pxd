# A player's tiles for the 34-kind systems with chows (the bot kit, below the packs and the
# policies): the concealed counts, a wild kind and up to four declared sets. The packs that read a
# hand this way share this one loader instead of one cimporting another.
from libc.stdint cimport int8_t, uint8_t, uint64_t
from libc.string cimport memcpy

cdef enum:
    MJ_KINDS = 34
    MJ_CHOW = 0              # claimed chow; meld_kind = its lowest tile
    MJ_PUNG = 1              # claimed pung
    MJ_KONG = 2              # exposed kong from a discard
    MJ_ADDED_KONG = 3        # a claimed pung upgraded by a drawn tile (补杠)
    MJ_CONCEALED_KONG = 4

ctypedef struct MjHand:
    uint8_t counts[MJ_KINDS]  # concealed tiles, wilds included (14 - 3 n_melds after a win)
    int8_t wild               # the wild kind, -1 none
    uint8_t n_melds
    uint8_t meld_type[4]
    uint8_t meld_kind[4]

cdef inline int mj_sum8(const uint8_t* counts) noexcept nogil:
    """The sum of eight counts by one multiply: a word's bytes all land in its top byte (each count
    is at most 4, so no byte sum carries)."""
    cdef uint64_t w
    memcpy(&w, counts, 8)
    return <int>((w * 0x0101010101010101ULL) >> 56)


cdef inline int mj_suit_tiles(const uint8_t* counts, int suit) noexcept nogil:
    """Tiles of the suit (0..2) among 34 counts."""
    return mj_sum8(&counts[9 * suit]) + counts[9 * suit + 8]


cdef inline int mj_concealed_size(const MjHand* h) noexcept nogil:
    """The concealed tiles, eight counts at a time (inline: the shape readers ask it on every
    decision)."""
    return (mj_sum8(h.counts) + mj_sum8(&h.counts[8]) + mj_sum8(&h.counts[16]) + mj_sum8(&h.counts[24])
            + h.counts[32] + h.counts[33])


# Copies of kind k in the concealed tiles and the melds together.
cdef int mj_held(const MjHand* h, int k) noexcept nogil
# Melds taken from a discard: chow, pung, exposed kong and added kong (it rests on a pung).
cdef int mj_claimed(const MjHand* h) noexcept nogil


cdef inline void mj_own_kong(MjHand* x, int k, bint concealed) noexcept nogil:
    """Declare a kong of kind k on the own turn: four concealed copies become a concealed kong, or
    the drawn fourth joins the pung of k (an added kong). The greedies try each on a copy."""
    cdef int i
    if concealed:
        x.counts[k] -= 4
        x.meld_kind[x.n_melds] = k
        x.meld_type[x.n_melds] = MJ_CONCEALED_KONG
        x.n_melds += 1
    else:
        x.counts[k] -= 1
        for i in range(x.n_melds):
            if x.meld_kind[i] == k and x.meld_type[i] == MJ_PUNG:
                x.meld_type[i] = MJ_ADDED_KONG

# Fill `h` from Python values: counts (34, or 42 with no flowers), melds [(type, kind)] with type
# a name of MELD_NAMES or 0..4, wild -1..33 (inside a meld only if wild_melds: a discarded wild
# claimed at its face value). ValueError names the bad value.
cdef int mj_load(MjHand* h, counts, melds, int wild, bint wild_melds=*) except -1
# OR of table[name] over a list of flag names, raising ValueError naming an unknown one (for the
# packs' scoring wrappers that read hand34).
cdef int flag_bits(flags, dict table) except -1
