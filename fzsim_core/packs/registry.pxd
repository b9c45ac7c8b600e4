# Rule pack ids -> their tile sets and hooks (the one place a new pack is registered).
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet

cdef int bind_pack(Pack* p, TileSet* ts, int pack, const RuleSet* r=*) except -1
