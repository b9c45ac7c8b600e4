# The guard policy (see guard.pyx) and its threat reading, shared with the value policy: how likely
# each other seat is to be ready, read from its exposed melds, its discards and the wall depth, and
# how likely a given discard is to complete a ready seat's hand. Everything is public information
# of the Observation (policy.pxd): the model never sees another hand.
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.policies.defence cimport chow_unseen


ctypedef struct Threat:
    double ready[4]       # each seat's estimated chance of being ready (0 for the deciding seat)
    uint8_t un[34]        # unseen copies by kind, from the deciding seat's view
    double total          # the chance that some other seat is ready
    uint64_t thrown[4]    # the kinds each seat has discarded (bit k)


cdef inline double unseen_wait_weight(const uint8_t* un, int k) noexcept nogil:
    """How many waits on kind k the unseen copies un[] leave open, weighted (guard's and the 国标
    guard's danger model): pair / pung waits on k's own copies, chow waits on the neighbour pairs
    (r-2, r-1), (r-1, r+1), (r+1, r+2) inside its suit; honours have no chow waits."""
    cdef double w = 0.35 * un[k] + 0.15
    if k < 27:
        w += 0.2 * chow_unseen(un, k)
    return w


cdef void read_threat(const Observation* o, Threat* t) noexcept nogil
# the chance that discarding a tile of kind k now deals into some other seat
cdef double discard_danger(const Observation* o, const Threat* t, int k) noexcept nogil

cdef void guard_policy(Policy* p) noexcept nogil
cdef void guard_policy_with(Policy* p, double fold) noexcept nogil
