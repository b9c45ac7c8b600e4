# One decision asked of a seat's Policy: fill its Observation from the pending decision (Game.pend)
# and call the policy. The flow (flow.pxd: advance / apply) applies the answer.
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.state cimport Game, fail, live_tiles, reserve


cdef inline void fill_observation(Game* g, int seat, int decision) noexcept nogil:
    """g.obs as `seat` sees the table now, deciding `decision` (-1: not deciding); what never
    changes in a game (its pointers to the game, the rules and the pack's evaluation) is set by
    flow.point_views."""
    cdef Observation* o = &g.obs
    o.seat = seat
    o.decision = decision
    o.claim_tile = g.claim_tile
    o.claim_from = g.claim_from
    o.gold = g.gold
    o.n_kinds = g.n_kinds
    o.live = live_tiles(g)
    o.reserve = reserve(g)
    o.me = &g.seats[seat]
    o.folds = &g.row.folds[seat]


cdef inline int ask(Game* g) noexcept nogil:
    """The index the pending seat's policy picks in g.pend.acts[0..n); -1 on error."""
    cdef int i, seat = g.pend.seat
    cdef const Policy* p = &g.policies[seat]
    if p.choose != p.blind:   # (a policy that reads no observation pays nothing for it)
        fill_observation(g, seat, g.pend.decision)
    i = p.choose(p.state, &g.obs, g.pend.acts, g.pend.n)
    if i < 0:   # the policy wrote errmsg, or the Python bridge stored an exception
        if g.error == 0:
            g.error = 1
        return -1
    if i >= g.pend.n:
        return fail(g, "policy returned an out-of-range action (seat, index)", seat, i)
    return i
