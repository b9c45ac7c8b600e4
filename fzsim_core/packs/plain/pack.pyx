# cython: language_level=3
"""The minimal example pack `plain` (docs: architecture, "a rule pack plugs in"): what a pack must
give the flow, and nothing more. 136 tiles (four of each of 34 kinds, no flowers), 13-tile hands,
no wild, no opening window; a win is any standard hand (four sets and a pair) and is worth `base`
from each other seat on a self-draw, from the discarder alone on a discard. The flow, the legal
actions, the invariants, the policies and the engine are the same code every pack runs on.
"""
from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset
from fzsim_core.rules cimport RuleSet, Rules
from fzsim_core.win_facts cimport ScoreResult, WinFacts
from fzsim_core.policy cimport POLICIES_ALL
from fzsim_core.state cimport Game, Pack, no_opening, no_opening_choice
from fzsim_core.table cimport ST_CONT, ST_ERR
from fzsim_core.tiles cimport N_HAND_KINDS, N_KINDS
from fzsim_core.tileset cimport TileSet, tiles_from_copies
from fzsim_core.wintables cimport hand_is_win, hand_wait_mask, hand_wins_with
from fzsim_core.packs.deal cimport deal_without_wild


cdef void plain_tiles(TileSet* ts) noexcept nogil:
    cdef int k
    for k in range(N_KINDS):
        ts.copies[k] = 4 if k < N_HAND_KINDS else 0
    tiles_from_copies(ts, 13)


cdef int plain_setup(Game* g) noexcept nogil:
    """The deal in blocks of hand_size from the head (state.pxd), one more to the dealer."""
    return deal_without_wild(g, N_HAND_KINDS, False)


cdef int plain_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                         uint32_t specials, int tile) noexcept nogil:
    cdef int s, b = g.r.base
    for s in range(4):
        if s != winner and (discarder < 0 or s == discarder):
            g.row.deltas[s] = -b
            g.row.deltas[winner] += b
    g.row.S = g.row.deltas[winner]
    return ST_CONT


cdef void plain_score_facts(const RuleSet* r, const WinFacts* win, ScoreResult* out) noexcept nogil:
    """The same payments from a win's facts, which the generic value policy prices wins with."""
    cdef int s
    memset(out, 0, sizeof(ScoreResult))
    if win.winner < 0:
        return
    for s in range(4):
        if s != win.winner and (win.discarder < 0 or s == win.discarder):
            out.deltas[s] = -r.base
            out.deltas[win.winner] += r.base
    out.S = out.deltas[win.winner]


cdef bint plain_is_win(const Game* g, int s) noexcept nogil:
    return hand_is_win(&g.seats[s].hand)


cdef uint64_t plain_waits(const Game* g, int s) noexcept nogil:
    return hand_wait_mask(&g.seats[s].hand)


cdef bint plain_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil:
    return not fresh or hand_wins_with(&g.seats[s].hand, k)


cdef void plain_declined(Game* g, int s, int k) noexcept nogil:
    pass


cdef void plain_pack(Pack* p, TileSet* ts) noexcept nogil:
    plain_tiles(ts)
    p.name = b"plain"
    p.policies = POLICIES_ALL
    p.setup = plain_setup
    p.opening_offer = no_opening
    p.opening_resolve = no_opening_choice
    p.dealer_may_win_first = True
    p.score_win = plain_score_win
    p.score_facts = plain_score_facts
    p.is_win = plain_is_win
    p.may_self_win = plain_is_win
    p.waits = plain_waits
    p.waits_of_hand = True                    # hand and melds only
    p.may_discard_win = plain_may_discard_win
    p.declined = plain_declined
    p.turn_offer = NULL
    p.self_win_kind = NULL
    p.end_drawn = NULL


def _score_facts(Rules rules not None, int winner, int discarder):
    """The four deltas plain_score_facts gives a win of `winner` (discarder -1: a self-draw); for tests."""
    cdef WinFacts f
    cdef ScoreResult out
    memset(&f, 0, sizeof(f))
    f.winner = winner
    f.discarder = discarder
    plain_score_facts(&rules.c, &f, &out)
    return [out.deltas[0], out.deltas[1], out.deltas[2], out.deltas[3]]
