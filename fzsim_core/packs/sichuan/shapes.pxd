# Sichuan winning shapes (docs/spec/RULES-PACKS.md §2.3, §3.3): 4 sets + a pair or seven pairs (a
# four-of-a-kind is two pairs; concealed only), no wildcard, at most two suits counting melds.
#
# Kinds are the core's suited kinds 0..26 (suit = k // 9: 0 万 m, 1 筒 p, 2 条 s; rank = k % 9).
# Every function reads only its arguments (and the read-only core tables): safe without the GIL.
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from fzsim_core.hand cimport Hand

cdef enum:
    SC_KINDS = 27
    SC_PUNG = 0              # claimed pung
    SC_KONG = 1              # exposed kong from a discard
    SC_ADDED_KONG = 2        # a pung upgraded by a drawn tile
    SC_CONCEALED_KONG = 3
    SC_NO_WIN = 99           # shanten of a hand whose melds already use all three suits
    SC_MAX_READINGS = 32     # more readings (sets + pair) of 14 suited tiles never occur

# A player's tiles: the concealed part (size 14 - 3 n_melds after a win, 13 - 3 n_melds before
# one) and the declared sets. Callers keep every count in 0..4 over hand and melds together.
ctypedef struct ScHand:
    uint8_t counts[SC_KINDS]
    uint8_t n_melds
    uint8_t meld_kind[4]
    uint8_t meld_type[4]
    uint8_t void_suit        # 定缺: the declared suit + 1 (0: none, the two-suit rule alone); with
                             # one the win holds none of that suit and it is the suit given up

# One reading of a winning hand as sets + a pair (concealed sets only; melds are added by the
# pattern code). chow_start / pung_kind list the concealed sets.
ctypedef struct ScReading:
    uint8_t n_chows, n_pungs
    uint8_t chow_start[4]
    uint8_t pung_kind[4]
    int8_t pair

# A hand read once for shanten (sc_read_parts): per suit its base-5 key (hand.pxd's digit order),
# pairs and singles; the concealed size and the suits held in melds. A caller trying discards
# edits one suit's entries (sc_parts_remove / add) instead of reading the hand again.
ctypedef struct ScParts:
    uint32_t key[3]
    int pairs[3]
    int singles[3]
    int size
    int n_melds
    int meld_suits
    int void_suit            # ScHand.void_suit

cdef void sc_read_parts(const ScHand* h, ScParts* p) noexcept nogil
# ... with the suits' keys given (keys[0..2]: a seat's packed Hand.key, which holds every tile of a
# hand without a gold), only the counts read
cdef void sc_read_parts_keyed(const ScHand* h, const uint32_t* keys, ScParts* p) noexcept nogil
# ... from the 27 counts, the keys (NULL: read from the counts), the melds' count and suits (bit s)
# and 定缺, with no ScHand (a seat's own Hand)
cdef void sc_read_parts_counts(const uint8_t* counts, const uint32_t* keys, int n_melds, int meld_suits,
                               int void_suit, ScParts* p) noexcept nogil
# sc_shanten (filtered) or sc_shanten_shape of the hand p was read from
cdef int sc_parts_shanten(const ScParts* p, bint filtered) noexcept nogil
# out[k] = sc_parts_shanten(filtered) of the hand p was read from (counts: its counts) with one
# more copy of k, for each kind k in cand (each held fewer than 4 times), where that is below
# `below` (else some value at or above it); other entries untouched.
cdef void sc_parts_draw_shanten(const ScParts* p, const uint8_t* counts, uint32_t cand,
                                int* out, int below) noexcept nogil
# ... with one copy fewer of k, for each kind k in cand (each held at least once): the shanten
# of every discard from one read of the hand
cdef void sc_parts_discard_shanten(const ScParts* p, const uint8_t* counts, uint32_t cand,
                                   int* out) noexcept nogil
# ... only the least of them (best[0]) and the kinds in cand that reach it, for a caller (greedy)
# that needs no other value: most discards then take no table read. With first >= 0, only the
# kinds of suit `first` among them when there are any (greedy's key puts that suit first).
cdef uint32_t sc_parts_discard_best(const ScParts* p, const uint8_t* counts, uint32_t cand,
                                    int* best, int first) noexcept nogil

cdef extern from *:
    """
    static const unsigned int SC_POW5[9] = {1u, 5u, 25u, 125u, 625u, 3125u, 15625u, 78125u, 390625u};
    static const unsigned int SC_SUIT_BITS[3] = {0x1FFu, 0x1FFu << 9, 0x1FFu << 18};
    """
    const unsigned int SC_POW5[9]
    const unsigned int SC_SUIT_BITS[3]      # the kinds of each suit as a kind mask


cdef inline void sc_parts_change(ScParts* p, int k, int count_before, int delta) noexcept nogil:
    """Kind k goes from count_before to count_before + delta (±1) copies."""
    cdef int s = k // 9, after = count_before + delta
    if delta > 0:
        p.key[s] += SC_POW5[k % 9]
    else:
        p.key[s] -= SC_POW5[k % 9]
    p.pairs[s] += (after >> 1) - (count_before >> 1)
    p.singles[s] += (after & 1) - (count_before & 1)
    p.size += delta


cdef int sc_concealed_size(const ScHand* h) noexcept nogil

# What the table path needs of a hand besides its packed concealed tiles (hand.pxd, no gold):
# the melds' suits and kinds, and 定缺. A pack hook fills it from the seat, so a win check or a
# wait mask is a few table reads on the seat's own Hand (kit/tables34.pxd), no rebuild.
ctypedef struct ScMelds:
    int n_melds
    int suits                # bit s: a meld of suit s
    uint64_t pungs           # kinds of the claimed pungs (their 4th copy may sit in the hand)
    uint64_t kongs           # kinds of the kongs (all 4 copies in the meld)
    int void_suit            # ScHand.void_suit

cdef void sc_melds_of(const ScHand* h, ScMelds* m) noexcept nogil


cdef inline void sc_melds_start(ScMelds* m, int void_suit) noexcept nogil:
    m.n_melds = 0
    m.suits = 0
    m.pungs = 0
    m.kongs = 0
    m.void_suit = void_suit


cdef inline void sc_melds_add(ScMelds* m, int kind, bint pung) noexcept nogil:
    m.n_melds += 1
    m.suits |= 1 << (kind // 9)
    if pung:
        m.pungs |= (<uint64_t>1) << kind
    else:
        m.kongs |= (<uint64_t>1) << kind

# sc_is_win / sc_wait_mask of the hand whose concealed tiles are `h` and melds `m`.
cdef bint sc_table_is_win(const Hand* h, const ScMelds* m) noexcept nogil
cdef uint32_t sc_table_wait_mask(const Hand* h, const ScMelds* m) noexcept nogil
# ... of a hand of 13 - 3 n_melds tiles whose standard waits `std` (t34_std_waits) are already read
cdef uint32_t sc_table_waits_from(const Hand* h, const ScMelds* m, uint64_t std) noexcept nogil
# Bit s set iff suit s (0 m, 1 p, 2 s) appears in the concealed tiles or the melds.
cdef int sc_suit_mask(const ScHand* h) noexcept nogil
# The suits of mask (sc_suit_mask) may make a win: two at most, and none declared void (定缺).
cdef bint sc_suits_may_win(const ScHand* h, int mask) noexcept nogil
# 花猪 at the end of the wall: three suits held, or (定缺) any tile of the declared suit.
cdef bint sc_is_huazhu(const ScHand* h) noexcept nogil
# Kinds with all 4 copies in the hand and melds together (根 / kongs), concealed or declared.
cdef int sc_quads(const ScHand* h) noexcept nogil
# The concealed tiles are 7 pairs (four of a kind = two pairs); false when any meld is declared.
cdef bint sc_is_seven_pairs(const ScHand* h) noexcept nogil
# The concealed tiles are (4 - n_melds) sets + a pair (the core's table search, no wildcard).
cdef bint sc_is_standard(const ScHand* h) noexcept nogil
# A Sichuan win: either shape and at most two suits over hand and melds.
cdef bint sc_is_win(const ScHand* h) noexcept nogil
# A hand of 13 - 3 n_melds concealed tiles: bit k set iff one more tile of kind k wins; kinds
# whose 4 copies are already in the hand or its melds are never set. 0 for other sizes.
cdef uint32_t sc_wait_mask(const ScHand* h) noexcept nogil
# Shanten with the suit filter: min over shapes and over the suit given up (never one held in
# a meld) of (fewest tiles missing from the hand's own tiles) - 1. -1 complete, 0 ready.
# Like the core's tables it ignores the 4-copy limit. SC_NO_WIN when the melds use 3 suits,
# -2 for a concealed size that is neither 3n+1 nor 3n+2 (n = 4 - n_melds).
cdef int sc_shanten(const ScHand* h) noexcept nogil
# The same without the suit filter (min of the standard and seven-pairs shanten).
cdef int sc_shanten_shape(const ScHand* h) noexcept nogil
# Every reading of the concealed tiles as (4 - n_melds) sets + a pair, each multiset of sets
# once; at most max_out written, the count returned.
cdef int sc_readings(const ScHand* h, ScReading* out, int max_out) noexcept nogil

# Fill a hand from Python values (counts, [(type, kind), ...]), raising ValueError naming the bad
# value (needs the GIL; for the wrappers of this pack).
cdef int load_hand(ScHand* h, counts, melds) except -1
