# Small pure rules of Shanghai play (docs/spec/RULES-PACKS.md §1.1, §1.2, §1.4) that the engine pack will call:
# the dice (开宝, break), the match-level 荒番 counter, the next dealer, 漏胡 and 承包 relations.
# Seats run counter-clockwise: seat s + 1 (mod 4) is s's 下家. Pure: safe without the GIL.
from libc.stdint cimport uint8_t, uint64_t

cdef enum:
    SH_DEALER_NEAREST = 0        # SH-A1 default: the first winner counter-clockwise from the discarder
    SH_DEALER_AFTER_NEAREST = 1  # the literal text: that winner's 下家

# 开宝: the opening dice are a double or show 1 and 4.
cdef bint sh_kaibao(int d1, int d2) noexcept nogil
# The wall to break: seats counter-clockwise from the roller (0 = the roller's own wall) and the
# stacks skipped, both from the dice sum ("2 + 5 = 7: the opposite wall, 7 stacks").
cdef int sh_break_wall(int d1, int d2) noexcept nogil
# Next dealer: winners_mask 0 = drawn (the dealer stays); one winner deals; several winners on
# `discarder`'s discard follow `rule`.
cdef int sh_next_dealer(int dealer, int winners_mask, int discarder, int rule) noexcept nogil
# 荒番 counter H after a hand: a drawn hand adds 1; a won hand while H >= 1 is doubled and lowers H
# by 1 (or by the number of winners when per_winner). *doubled says whether this hand was a 荒番 hand.
cdef int sh_huangfan_next(int h, int n_winners, bint per_winner, bint* doubled) noexcept nogil

# 漏胡: per seat, the kinds barred for discard wins (bit k); set when the seat passes a discard
# that would win, cleared by that seat's next draw or claim. Self-draw is never barred.
ctypedef struct ShLouhu:
    uint64_t barred[4]

cdef void sh_louhu_pass(ShLouhu* s, int seat, int kind) noexcept nogil
cdef void sh_louhu_clear(ShLouhu* s, int seat) noexcept nogil
cdef bint sh_louhu_may_win(const ShLouhu* s, int seat, int kind, bint selfdraw) noexcept nogil
# 承包 relations of each seat with `winner`: out[x] = [claims[4 W + x] >= 3] + [claims[4 x + W] >= 3]
# (claims[4 a + b]: sets seat a took from seat b's discards), so a mutual relation counts twice.
cdef void sh_chengbao_relations(const uint8_t* claims, int winner, uint8_t* out) noexcept nogil
