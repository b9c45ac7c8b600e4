# The guobiao pack as one plug (国标 / MCR (docs/spec/RULES-PACKS.md §5)): its descriptor, filled whole.
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet
from fzsim_core.rules cimport RuleSet

# The flow's hooks and tile set (pack.pyx), its bots, the policies that play it and its claim
# permissions. r: the rules it will play (NULL: the defaults).
cdef void guobiao_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil
