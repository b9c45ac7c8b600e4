# One decision: fill the seat's Observation, ask its Policy, re-check the choice (check=True).
from libc.stdint cimport uint16_t
from fzsim_core.policy cimport Observation
from fzsim_core.state cimport Game, fail, live_tiles, reserve
from fzsim_core.table cimport ST_CONT
from fzsim_core.invariants cimport verify_action


cdef inline int choose(Game* g, int seat, int dec, const uint16_t* acts, int n) noexcept nogil:
    """The seat's policy picks one of the n legal actions (a single one is taken without asking);
    -1 on error."""
    cdef int i
    cdef Observation* o
    if n == 1:
        i = 0
    else:
        o = &g.obs
        o.seat = seat
        o.decision = dec
        o.claim_tile = g.claim_tile
        o.claim_from = g.claim_from
        o.gold = g.gold
        o.n_kinds = g.n_kinds
        o.live = live_tiles(g)
        o.reserve = reserve(g)
        o.me = &g.seats[seat]
        i = g.policies[seat].choose(g.policies[seat].state, o, acts, n)
        if i < 0:   # the policy wrote errmsg, or the Python bridge stored an exception
            if g.error == 0:
                g.error = 1
            return -1
    if i >= n:
        fail(g, "policy returned an out-of-range action (seat, index)", seat, i)
        return -1
    if g.check and verify_action(g, seat, dec, acts[i]) != ST_CONT:
        return -1
    return i
