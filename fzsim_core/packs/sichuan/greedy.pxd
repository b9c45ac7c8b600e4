# greedy for the Sichuan pack (policies/greedy.pyx hands it Sichuan decisions): see greedy.pyx here.
from libc.stdint cimport uint16_t, uint32_t
from fzsim_core.policy cimport Observation
from fzsim_core.packs.sichuan.shapes cimport ScHand, ScParts

cdef int sc_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
# the suit to give up: not in a meld, fewest concealed tiles (-1 when only two suits are held)
cdef int drop_suit(const ScHand* h) noexcept nogil
# ... read from the hand's parts (shapes.pxd ScParts)
cdef int drop_suit_parts(const ScParts* p) noexcept nogil
# the deciding seat's parts (sc_read_parts), from its own Hand: no ScHand built
cdef void sc_seat_parts(const Observation* o, ScParts* p) noexcept nogil
# 定缺 / 换三张 answers (the opening window's options)
cdef int sc_dingque(const Observation* o, const uint16_t* acts, int n) noexcept nogil
cdef int sc_exchange(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# greedy's own turn over acts[0..n) (wins, kongs, discards)
cdef int sc_turn(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# ... with the discards limited to those with keep[i] (NULL: all)
cdef int sc_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep) noexcept nogil
# ... with each discard kind k's shanten known[k] already read (sc_parts_discard_shanten; NULL: read
# there); read: the seat's parts (seat_parts) and read_drop its suit given up (drop_suit_parts or
# the declared one), NULL: read there; read_best >= 0: known's least over the discards and read_at
# the discard kinds at it (NULL / -1 / 0: none of these read); given read_best, known is read
# only with keep or check=True
cdef int sc_turn_known(const Observation* o, const uint16_t* acts, int n, const bint* keep,
                       const int* known, const ScParts* read, int read_drop, int read_best,
                       uint32_t read_at) noexcept nogil
# greedy's claim: a pung or kong that leaves the hand no further from ready
cdef int sc_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# the lowest shanten one discard (never `banned`) reaches from the 3n+2 hand h
cdef int best_after_discard(ScHand* h, int banned) noexcept nogil
# shanten of the 3n+1 hand a pung (t = ACT_PUNG, then the best discard) or an exposed kong of the
# claimed kind k leaves
cdef int call_shanten(const ScHand* h, int t, int k, int banned) noexcept nogil
