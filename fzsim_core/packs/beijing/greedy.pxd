# greedy for the Beijing pack (policies/greedy.pyx hands it Beijing decisions): see greedy.pyx here.
from libc.stdint cimport uint16_t, uint64_t
from libc.stdio cimport snprintf
from fzsim_core.policy cimport Observation
from fzsim_core.bits cimport ctz64
from fzsim_core.hand cimport Hand, hand_add, hand_remove, hand_set_counts
from fzsim_core.packs.beijing.shapes cimport bj_hand_discard_shanten, bj_hand_shanten
from fzsim_core.kit.hand34 cimport MjHand

cdef int bj_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
# greedy's own turn; keep != NULL: only among the discards it marks (guard's defence), no win or kong;
# known != NULL: known[i] is the shanten discard action i leaves (99 for other actions; guard's
# reading), not read again
cdef int bj_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep,
                       const int* known) noexcept nogil
# bj_turn_among's choice among the discards of the kinds in `among`, each leaving the seat's hand h
# (bj_hand_of; restored after use) `best` from ready: what keep and known marking those discards
# give (guard's reading is by kind), the same offers in the same order. discards: the kinds acts
# offers to throw, which close it one a kind in kind order (flow.pyx turn_offer); -1 when
# check=True finds another action at a discard's place.
cdef int bj_discard_among(const Observation* o, const uint16_t* acts, int n, MjHand* h, uint64_t among,
                          uint64_t discards, int best) noexcept nogil
# The shanten the claim `a` on o.claim_tile reaches from h (99: not a chow, pung or exposed kong)
cdef int bj_claim_shanten(const Observation* o, const MjHand* h, uint16_t a) noexcept nogil
# greedy's claim: the index of the chosen action (the pass when nothing qualifies)
cdef int bj_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil
# The most unseen winning tiles of a ready 13 - 3 n_melds hand h
cdef int waits_unseen(const Observation* o, const MjHand* h) noexcept nogil


# x: h's concealed tiles packed — the seat's own Hand when h is the seat's hand with its 惠牌
cdef inline void bj_packed_hand(const Observation* o, const MjHand* h, Hand* x) noexcept nogil:
    if o.me.hand.gold == h.wild:
        x[0] = o.me.hand   # nothing to rebuild
    else:
        hand_set_counts(x, h.counts, h.wild)


# out[k]: the shanten of h without one k, for each (held) kind of cand, from one reading of the hand
# (shapes.pxd bj_hand_discard_shanten); check=True holds each to bj_hand_shanten. -1 on a mismatch
# (errmsg written), else 0. Inline: it is greedy's and guard's every turn.
cdef inline int bj_discard_reading(const Observation* o, const MjHand* h, uint64_t cand, int* out) noexcept nogil:
    cdef Hand x
    cdef uint64_t m = cand
    cdef int k, t
    bj_packed_hand(o, h, &x)
    bj_hand_discard_shanten(&x, h.n_melds, cand, out)
    if o.check:
        while m:
            k = ctz64(m)
            m &= m - 1
            hand_remove(&x, k)
            t = bj_hand_shanten(&x, h.n_melds)
            hand_add(&x, k)
            if t != out[k]:
                snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                         "Beijing: a discard's shanten from one reading differs from bj_hand_shanten (fast, plain)",
                         out[k], t)
                return -1
    return 0
