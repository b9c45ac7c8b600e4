# Rule pack ids -> their tile sets and hooks (the one place a new pack is registered).
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet

# A rule pack's binding function: fill the flow's hooks and what the code above reads of it
# (state.pxd Pack), and its tile set, for the given rules (NULL: its defaults). A pack built outside
# fzsim_core hands one to `register_pack` as a PyCapsule named PLUG_CAPSULE.
ctypedef void (*PackPlug)(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil

cdef int bind_pack(Pack* p, TileSet* ts, int pack, const RuleSet* r=*) except -1
