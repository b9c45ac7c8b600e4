# The Fuzhou pack's binding (packs/registry calls it).
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet

cdef void fuzhou_pack(Pack* p, TileSet* ts) noexcept nogil
