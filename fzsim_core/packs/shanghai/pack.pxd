# The Shanghai pack's binding (RULES-PACKS §1 上海麻将): its tile set and the flow's hooks.
from fzsim_core.state cimport Game, Pack
from fzsim_core.table cimport Seat
from fzsim_core.tileset cimport TileSet
from fzsim_core.rules cimport RuleSet
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.packs.shanghai.shapes cimport ShShape
from fzsim_core.packs.shanghai.score cimport ShRules

cdef enum:
    # the win's situation bits the pack adds to the record's flags (beside FLAG_SELFDRAW ...)
    FLAG_SH_KAIBAO = 256          # the opening dice were 开宝
    FLAG_SH_HUANGFAN = 512        # a 荒番 hand (the match counter >= 1 entering it)
    FLAG_SH_DADIAOCHE = 1024      # 大吊车: four claimed melds, single wait on the pair
    FLAG_SH_CHENGBAO = 2048       # a 承包 partner paid
    FLAG_SH_BAHUA = 4096          # 八花齐 (the instant win on the eighth flower)
    SP_SH_BAHUA = 1               # self_win_kind's specials bit: the self-draw is scored as 八花齐

cdef void shanghai_pack(Pack* p, TileSet* ts) noexcept nogil
# A seat's tiles and melds as the pack's pure functions read them (no wild).
cdef void sh_hand_of(const Seat* st, MjHand* h) noexcept nogil
# The scoring and shape options of the rules.
cdef void sh_rules_of(const RuleSet* r, ShRules* out) noexcept nogil
