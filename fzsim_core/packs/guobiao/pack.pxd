# The 国标 / MCR pack's binding (RULES-PACKS §5): its tile set and the flow's hooks, and the
# seat-to-evaluator bridge its greedy policy reads too.
from libc.stdint cimport uint8_t, uint32_t
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Game, Pack
from fzsim_core.table cimport Seat
from fzsim_core.tileset cimport TileSet
from fzsim_core.packs.guobiao.fans cimport GbFans, GbHand
from fzsim_core.packs.guobiao.shapes cimport GbSet

cdef enum:
    # a win record's extra flag bit (WinRec.flags beside the flow's FLAG_*): 和绝张 was counted
    FLAG_GB_FOURTH_TILE = 256
    # the rules' gb_variant (GB-A2)
    GB_VARIANT_RULEBOOK = 0       # 144 tiles, flowers, one wall drawn to its last tile
    GB_VARIANT_BOTZONE = 1        # 136 tiles, no flowers, a 34-tile wall per seat

# r: the rules (gb_variant picks the tile set, the deal and the draws); NULL: the rulebook's.
cdef void guobiao_pack(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil
# Tiles left in seat s's own wall under the Botzone variant.
cdef int seat_left(const Game* g, int s) noexcept nogil
# A seat's declared sets in the evaluator's form (exposed 0 only for a concealed kong); their count.
cdef int gb_melds_of(const Seat* st, GbSet* out) noexcept nogil
# The seat's fans if it won now on tile k: how = 0 self-draw (its last draw), 1 on a discard,
# 2 robbing an added kong; in_hand: k is among its concealed tiles already (else added here).
# gb_evaluate's status.
cdef int gb_fans_now(const Game* g, int s, int k, int how, bint in_hand, GbFans* out) noexcept nogil
# Every tile the seat holds by kind, its declared sets included (a kong as 4).
cdef void held_counts(const Seat* st, uint8_t* held) noexcept nogil
