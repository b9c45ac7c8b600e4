# cython: language_level=3
"""The compiled half of the `tiny` rule pack (docs/guide/own_pack.md): the flow's hooks and the
pack's one option. 136 tiles (four of each of 34 kinds), 13-tile hands, no wild, no flowers; a win
is any standard hand (four sets and a pair). A discard win is paid `base` by the discarder; a
self-draw is paid `tiny_selfdraw_factor` x `base` by each other seat."""
from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int32_t, uint32_t, uint64_t
from fzsim_core.policy cimport POLICIES_BASIC
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Game, Pack, no_opening, no_opening_choice
from fzsim_core.table cimport ST_CONT
from fzsim_core.tiles cimport N_HAND_KINDS, N_KINDS
from fzsim_core.tileset cimport TileSet, tiles_from_copies
from fzsim_core.wintables cimport hand_is_win, hand_wait_mask, hand_wins_with
from fzsim_core.packs.deal cimport deal_without_wild

# --- the pack's own options: int32 fields, stored in the rules' pack_options area ---
ctypedef struct TinyOptions:
    int32_t tiny_selfdraw_factor      # each other seat pays this x base for a self-draw

#: the options with their defaults, in the struct's order (the rule keys take their defaults from here)
DEFAULTS = dict(tiny_selfdraw_factor=2)


cdef inline const TinyOptions* tiny_options(const RuleSet* r) noexcept nogil:
    return <const TinyOptions*>r.pack_options


# --- the hooks: what the flow asks of a pack (fzsim_core/state.pxd, Pack) ---
cdef int tiny_setup(Game* g) noexcept nogil:
    return deal_without_wild(g, N_HAND_KINDS, False)     # 13 tiles each, one more to the dealer


cdef int tiny_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                        uint32_t specials, int tile) noexcept nogil:
    cdef int s, pay = g.r.base if discarder >= 0 else g.r.base * tiny_options(&g.r).tiny_selfdraw_factor
    for s in range(4):
        if s != winner and (discarder < 0 or s == discarder):
            g.row.deltas[s] = -pay
            g.row.deltas[winner] += pay
    g.row.S = g.row.deltas[winner]
    return ST_CONT


cdef bint tiny_is_win(const Game* g, int s) noexcept nogil:
    return hand_is_win(&g.seats[s].hand)


cdef uint64_t tiny_waits(const Game* g, int s) noexcept nogil:
    return hand_wait_mask(&g.seats[s].hand)


cdef bint tiny_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    return not fresh or hand_wins_with(&g.seats[s].hand, k)


cdef void tiny_declined(Game* g, int s, int k) noexcept nogil:
    pass                                                  # no 过水 in this pack


cdef void tiny_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    cdef int k
    for k in range(N_KINDS):
        ts.copies[k] = 4 if k < N_HAND_KINDS else 0
    tiles_from_copies(ts, 13)
    p.name = b"tiny"
    p.policies = POLICIES_BASIC   # random, greedy, guard: value and rollout would need its pricing of a
                                  # win (Pack.score_facts or Pack.eval, docs: architecture)
    p.setup = tiny_setup
    p.opening_offer = no_opening
    p.opening_resolve = no_opening_choice
    p.dealer_may_win_first = True
    p.score_win = tiny_score_win
    p.is_win = tiny_is_win
    p.may_self_win = tiny_is_win
    p.waits = tiny_waits
    p.may_discard_win = tiny_may_discard_win
    p.declined = tiny_declined


#: the binding function as fzsim_core.packs.registry.register_pack takes it
PLUG = PyCapsule_New(<void*>tiny_plug, b"fzsim_core.PackPlug", NULL)
