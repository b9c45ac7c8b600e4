# Legal actions (docs/spec/RULES.md §4, §5): the rules the flow lists actions by and the invariant checks
# re-check chosen actions against — one source for both, inline (no legal.pyx): they run on every discard.
from libc.stdint cimport uint8_t, uint16_t, uint64_t
from fzsim_core.hand cimport Hand
from fzsim_core.rules cimport GOLD_DISCARD_FORBIDDEN
from fzsim_core.state cimport Game, gold_bit
from fzsim_core.table cimport act, ACT_CHOW
from fzsim_core.tiles cimport HONOR_BASE


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


cdef inline int add_chows(const Game* g, const Hand* h, int k, uint16_t* acts, int n) noexcept nogil:
    """Append the chows the next seat can make with discard k (golds never take part; a chow
    that would leave no legal discard is not offered), lowest first: the four neighbours of k
    read once, and no chow at all (the usual answer) before the discard check."""
    cdef int r, gold = g.gold
    cdef const uint8_t* c = <const uint8_t*>h.counts
    cdef bint m2, m1, p1, p2
    if k >= HONOR_BASE:   # honours are never chowed
        return n
    r = k % 9
    m1 = r >= 1 and c[k - 1] and k - 1 != gold
    p1 = r <= 7 and c[k + 1] and k + 1 != gold
    if not (m1 or p1):
        return n
    m2 = m1 and r >= 2 and c[k - 2] and k - 2 != gold
    p2 = p1 and r <= 6 and c[k + 2] and k + 2 != gold
    if not (m2 or (m1 and p1) or p2) or not claim_leaves_discard(g, h, c[k]):
        return n
    if m2:
        acts[n] = act(ACT_CHOW, k - 2)
        n += 1
    if m1 and p1:
        acts[n] = act(ACT_CHOW, k - 1)
        n += 1
    if p2:
        acts[n] = act(ACT_CHOW, k)
        n += 1
    return n
