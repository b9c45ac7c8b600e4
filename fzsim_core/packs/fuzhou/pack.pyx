# cython: language_level=3
"""The Fuzhou pack's binding: its tile set (144 tiles, 16-tile hands) and its hooks."""
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet, fuzhou_tiles
from fzsim_core.packs.fuzhou.opening cimport opening_offer, opening_resolve, setup
from fzsim_core.packs.fuzhou.score cimport fuzhou_score_win


cdef void fuzhou_pack(Pack* p, TileSet* ts) noexcept nogil:
    fuzhou_tiles(ts)
    p.setup = setup
    p.opening_offer = opening_offer
    p.opening_resolve = opening_resolve
    p.dealer_may_win_first = False
    p.score_win = fuzhou_score_win
