# greedy for the 国标 pack (policies/greedy.pyx hands it 国标 decisions): see greedy.pyx here.
# Its pieces are shared with the 国标 guard (guard.pyx here): the fan-target goal G of a hand,
# G after each discard, the kong that keeps G, greedy's choice among given discards, its claims.
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint32_t, uint64_t
from fzsim_core.policy cimport Observation
from fzsim_core.packs.guobiao.reach cimport GB_MAX_TARGETS
from fzsim_core.packs.guobiao.shanten cimport GbDiscardFacts
from fzsim_core.packs.guobiao.shapes cimport GbSet

# What a one-tile change must move for a standard-shape target at G to leave G: its bound
# max(standard need of its allowed tiles, its required sets' missing tiles) + its family's extra is
# at most its need, so when a term alone reaches G, a draw must lower it to get below G, and a
# discard that raises it takes the target to G + 1 (a discard raises a need by at most one).
ctypedef struct DrawCheck:
    uint32_t key[4]          # the part keys of the target's allowed parts
    int std                  # their standard need, when it reaches G (else -1: no check)
    uint64_t req_kinds       # kinds a draw of which lowers the missing required tiles
    uint64_t req_full        # kinds held no more than the required sets take (a discard adds one missing)
    bint req_tight           # those missing tiles reach G

# A turn's hand as greedy reads it: concealed counts, declared sets, its G and the targets at G,
# and the need over every winning shape after discarding each kind (-1 until gb_shape_need reads it).
ctypedef struct GbTurn:
    uint8_t c[34]
    uint32_t key[4]          # the part keys of c (shanten.pxd gb_keys), kept in step with it
    GbSet m[5]
    int nm
    int min_fan
    int g0
    int near[GB_MAX_TARGETS]
    int n_near
    int8_t shape_need[34]
    bint facts_read          # shape_facts holds c's (read on the first gb_shape_need)
    GbDiscardFacts shape_facts
    # after[k][j]: the need of target near[j] after discarding kind k, for j < n_after[k] (what
    # gb_discard_goals read, so gb_pick_discard reads it again for free)
    uint8_t n_after[34]
    uint8_t after[34][GB_MAX_TARGETS]
    DrawCheck check[GB_MAX_TARGETS]   # for each target of near (standard shape; else no check)

cdef int gb_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil
# G of concealed counts c and declared sets m[0..nm) (see greedy.pyx); near may be NULL; a G
# past cap is returned as cap + 1.
cdef int goal(const uint8_t* c, const GbSet* m, int nm, int min_fan, int* near, int* n_near,
              int cap=*) noexcept nogil
# goal() with near, its answer kept (per thread) for the next ask of the same hand (see greedy.pyx).
cdef int goal_remembered(const uint8_t* c, const GbSet* m, int nm, int min_fan, int* near,
                         int* n_near) noexcept nogil
# The kinds of cand whose draw into the 13 - 3 nm tile hand leaves its G at most g_max (see greedy.pyx).
cdef uint64_t gb_draws_lowering(const uint8_t* counts, const GbSet* m, int nm, int min_fan, uint64_t cand,
                                 int g_max) noexcept nogil
# v.shape_need[k], read on first use: the need over every shape after discarding kind k.
cdef int gb_shape_need(GbTurn* v, int k) noexcept nogil
# Fills v; G after each discard action into g_of; returns the best.
cdef int gb_discard_goals(const Observation* o, const uint16_t* acts, int n, GbTurn* v, int* g_of) noexcept nogil
# A kong keeping G <= best_g (a live tile left for its replacement), else -1.
cdef int gb_kong_keeping(const Observation* o, const uint16_t* acts, int n, GbTurn* v, int best_g) noexcept nogil
# greedy's tie-breaks among the discards with keep[i] (all at one G); 0 if none.
cdef int gb_pick_discard(const Observation* o, const uint16_t* acts, int n, GbTurn* v, const int* g_of,
                         const bint* keep) noexcept nogil
# greedy's claim (pung, chow, exposed kong or pass) on a discard.
cdef int gb_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil
