# One decision asked of a seat's Policy: fill its Observation from the pending decision (Game.pend)
# and call the policy. The flow (flow.pxd: advance / apply) applies the answer.
from fzsim_core.policy cimport Observation
from fzsim_core.state cimport Game, fail, live_tiles, reserve


cdef inline int ask(Game* g) noexcept nogil:
    """The index the pending seat's policy picks in g.pend.acts[0..n); -1 on error."""
    cdef int i, seat = g.pend.seat
    cdef Observation* o = &g.obs
    o.seat = seat
    o.decision = g.pend.decision
    o.claim_tile = g.claim_tile
    o.claim_from = g.claim_from
    o.gold = g.gold
    o.n_kinds = g.n_kinds
    o.live = live_tiles(g)
    o.reserve = reserve(g)
    o.me = &g.seats[seat]
    i = g.policies[seat].choose(g.policies[seat].state, o, g.pend.acts, g.pend.n)
    if i < 0:   # the policy wrote errmsg, or the Python bridge stored an exception
        if g.error == 0:
            g.error = 1
        return -1
    if i >= g.pend.n:
        return fail(g, "policy returned an out-of-range action (seat, index)", seat, i)
    return i
