# The standard shape (sets + a pair) of a 34-kind hand with a wild: the bot kit's, shared by the packs
# that read hands as hand34 (RULES-PACKS §1, §4). The core's wildcard tables (wintables.pxd) on a Hand
# whose gold kind is the wild, so the 金 (RULES.md §4) and the 惠牌 (RULES-PACKS §4.2) share one search. Inline (the
# packs' pattern readings call these in their inner loops); pure, safe without the GIL.
from libc.stdint cimport uint8_t
from libc.string cimport memcpy
from fzsim_core.hand cimport Hand, hand_set_counts
from fzsim_core.kit.hand34 cimport MjHand, mj_concealed_size
from fzsim_core.wintables cimport hand_need


# The wilds the concealed tiles hold (0 without a wild).
cdef inline int mj_wilds(const MjHand* h) noexcept nogil:
    return h.counts[h.wild] if h.wild >= 0 else 0


cdef inline bint mj_rest_wins(const uint8_t* c, int wilds, int wild) noexcept nogil:
    """The real counts c (c[wild] ignored) plus `wilds` wilds are sets + a pair (size 3m + 2)."""
    cdef uint8_t t[34]
    cdef Hand x
    cdef int k, n = wilds
    memcpy(t, c, 34)
    if wild >= 0:
        t[wild] = <uint8_t>wilds
    for k in range(34):
        if k != wild:
            n += t[k]
    if n % 3 != 2:
        return 0
    hand_set_counts(&x, t, wild)
    return hand_need(&x) <= wilds


# The concealed counts without the wilds.
cdef inline void mj_real(const MjHand* h, uint8_t* c) noexcept nogil:
    memcpy(c, h.counts, 34)
    if h.wild >= 0:
        c[h.wild] = 0


# The concealed tiles (14 - 3 n_melds) are (4 - n_melds) sets + a pair, wilds wild.
cdef inline bint mj_is_standard(const MjHand* h) noexcept nogil:
    cdef Hand x
    if h.n_melds > 4 or mj_concealed_size(h) != 14 - 3 * h.n_melds:
        return 0
    hand_set_counts(&x, h.counts, h.wild)   # mj_rest_wins of the real counts and the wilds, read in place
    return hand_need(&x) <= mj_wilds(h)
