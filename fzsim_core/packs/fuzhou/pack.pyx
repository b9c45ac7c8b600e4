# cython: language_level=3
"""The Fuzhou pack's binding: its tile set (144 tiles, 16-tile hands) and its hooks."""
from fzsim_core.policy cimport POLICIES_ALL
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet, full_144_tiles
from fzsim_core.packs.fuzhou.opening cimport opening_offer, opening_resolve, setup
from fzsim_core.packs.fuzhou.score cimport fuzhou_score_win
from fzsim_core.packs.fuzhou.families cimport score_win
from fzsim_core.packs.fuzhou.wins cimport (fz_declined, fz_is_win, fz_may_discard_win, fz_may_self_win,
                                           fz_self_win_kind, fz_turn_offer, fz_waits)


cdef void fuzhou_pack(Pack* p, TileSet* ts) noexcept nogil:
    full_144_tiles(ts)
    p.name = b"fuzhou"
    p.policies = POLICIES_ALL   # the generic bots are Fuzhou's
    p.setup = setup
    p.opening_offer = opening_offer
    p.opening_resolve = opening_resolve
    p.dealer_may_win_first = False
    p.score_win = fuzhou_score_win
    p.score_facts = score_win   # the generic value policy prices wins by the pack's families
    p.jinque_first = True
    p.is_win = fz_is_win
    p.may_self_win = fz_may_self_win
    p.waits = fz_waits
    p.waits_of_hand = True                    # hand and melds only
    p.may_discard_win = fz_may_discard_win
    p.declined = fz_declined
    p.turn_offer = fz_turn_offer
    p.self_win_kind = fz_self_win_kind
    p.end_drawn = NULL
