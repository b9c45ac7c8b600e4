# The Sichuan pack's binding (RULES-PACKS §2 四川, §3 血战到底): its tile set and the flow's hooks.
from fzsim_core.state cimport Game, Pack
from fzsim_core.table cimport Seat
from fzsim_core.tileset cimport TileSet
from fzsim_core.rules cimport RuleSet
from fzsim_core.packs.sichuan.shapes cimport ScHand, ScMelds
from fzsim_core.packs.sichuan.score cimport ScRules

cdef void sichuan_pack(Pack* p, TileSet* ts) noexcept nogil
# A seat's tiles and melds as the pack's pure functions read them.
cdef void sc_hand_of(const Seat* st, ScHand* h) noexcept nogil
# ... its melds as the table path reads them
cdef void sc_seat_melds(const Seat* st, ScMelds* m) noexcept nogil
# The scoring options of the rules (xuezhan from the scoring family).
cdef void sc_rules_of(const RuleSet* r, ScRules* out) noexcept nogil
