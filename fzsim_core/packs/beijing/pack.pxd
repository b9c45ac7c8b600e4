# The Beijing pack's binding (RULES-PACKS §4 北京 惠牌): its tile set and the flow's hooks.
from fzsim_core.state cimport Game, Pack
from fzsim_core.table cimport Seat
from fzsim_core.tileset cimport TileSet
from fzsim_core.rules cimport RuleSet
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.packs.beijing.score cimport BjRules

cdef enum:
    # the pack's record kind (winrec.pxd WinRec.kind; its name: the beijing entry's record_kinds in
    # fzsim/pack_registry.py, which checks that no two packs share a code)
    BJ_PAY_SHAOZHUANG = 4     # 烧庄 (RULES-PACKS §4.3): from_seat (the dealer) pays seat its share

cdef void beijing_pack(Pack* p, TileSet* ts) noexcept nogil
# A seat's concealed tiles and melds as the pure functions read them, `wild` the 惠牌 kind.
cdef void bj_hand_of(const Seat* st, int wild, MjHand* h) noexcept nogil
# The scoring options of the rules (base: the 底分).
cdef void bj_rules_of(const RuleSet* r, BjRules* out) noexcept nogil
