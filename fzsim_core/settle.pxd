# Settlement (docs/spec/RULES.md §6, §9, §10): the end of a hand, drawn or won, into the row and the hand's
# records (winrec.pxd: one per win, one per end-of-hand payment).
from libc.stdint cimport int32_t, uint32_t
from fzsim_core.state cimport Game
from fzsim_core.winrec cimport WinRec

# A win scored by the pack into a record of its own; the row keeps the first win's facts and the
# seats' running totals. The winner leaves the hand (Seat.finished). ST_CONT or ST_ERR.
cdef int record_win(Game* g, int winner, int discarder, int win_type, uint32_t flags,
                    uint32_t specials, int tile) noexcept nogil
# record_win, then the end of the hand (ST_END or ST_ERR).
cdef int finish_win(Game* g, int winner, int discarder, int win_type, uint32_t flags,
                    uint32_t specials, int tile) noexcept nogil
# The hand ends after its wins (ST_END, or ST_ERR when a check fails).
cdef int end_hand(Game* g) noexcept nogil
# The wall ran out (reason 0) or a replacement reached the reserve (1): the pack's end-of-hand
# settlements, then the end of the hand.
cdef int end_drawn(Game* g, int reason) noexcept nogil
# A payment of an end-of-hand settlement (kind: RecordKind) as a record of its own, added to the
# row's totals; NULL (g failed) when the hand has no room left.
cdef WinRec* record_payment(Game* g, int kind, int payer, int receiver, int32_t amount) noexcept nogil
# A payment of several payers (deltas[4], zero-sum: the caller's) as one record of its own kind
# (seat: who receives, from_seat: the one payer or -1), added to the row's totals; NULL as above.
cdef WinRec* record_deltas(Game* g, int kind, int seat, int from_seat, const int32_t* deltas,
                           int32_t points) noexcept nogil
