# Legal actions (docs/spec/RULES.md §4, §5): the rules the flow lists actions by and the invariant checks
# re-check chosen actions against — one source for both.
from libc.stdint cimport uint16_t, uint64_t
from fzsim_core.hand cimport Hand
from fzsim_core.rules cimport GOLD_DISCARD_FORBIDDEN
from fzsim_core.state cimport Game, gold_bit

cdef int add_chows(const Game* g, const Hand* h, int k, uint16_t* acts, int n) noexcept nogil


cdef inline uint64_t discard_mask(const Game* g, uint64_t held, int claimed) noexcept nogil:
    """Kinds that may be discarded from the held kinds (§4, §5). After a chow or pung of kind
    `claimed` (>= 0) that kind never goes (no_discard_claimed_tile), even when only golds remain
    beside it, and under gold_discard = "forbidden" no gold goes either: the mask could then be
    empty, so such a claim is not offered (claim_leaves_discard). On an ordinary turn a
    forbidden gold goes only when nothing else is held."""
    cdef uint64_t gbit = gold_bit(g)
    cdef uint64_t m = held
    if claimed >= 0 and g.r.no_discard_claimed_tile:
        m &= ~((<uint64_t>1) << claimed)
    if g.r.gold_discard == GOLD_DISCARD_FORBIDDEN and (claimed >= 0 or m & ~gbit):
        m &= ~gbit
    return m


cdef inline bint claim_leaves_discard(const Game* g, const Hand* h, int k_left) noexcept nogil:
    """Would the size - 2 tiles a chow or pung leaves (k_left of them of the claimed kind) have a
    discard in discard_mask? Counted instead of masked: it runs on every offer of a claim."""
    cdef int others = h.size - 2 - k_left - h.golds
    return (others > 0 or (k_left > 0 and not g.r.no_discard_claimed_tile)
            or (h.golds > 0 and g.r.gold_discard != GOLD_DISCARD_FORBIDDEN))



cdef inline bint can_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    """May seat s win on tile k from another seat (a discard or a robbed added kong)?
    fresh=False reads the seat's cached wait mask, fresh=True asks the win search again; the
    rest is the rule pack's (Game.pack.may_discard_win). The usual answer (k is not among the seat's waits) is given here, inline: it is asked of three
    seats on every discard."""
    if not fresh and not (g.seats[s].wait_mask >> k) & 1:
        return False
    return g.pack.may_discard_win(g, s, k, fresh)
