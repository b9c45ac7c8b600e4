# The minimal example pack's binding (packs/registry calls it).
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet

cdef void plain_pack(Pack* p, TileSet* ts) noexcept nogil
