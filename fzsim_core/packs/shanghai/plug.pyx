# cython: language_level=3
"""The Shanghai pack as one plug: the flow's hooks (pack.pyx), its own greedy and guard, the
policies that play it, its next-hand rule (the 荒番 counter, SH-A1's dealer after several
winners) and its 下家-kong permission (SH-A10)."""
from fzsim_core.policy cimport POLICIES_ALL
from fzsim_core.row cimport Row

from fzsim_core.packs.shanghai.pack cimport shanghai_pack
from fzsim_core.packs.shanghai.play cimport sh_huangfan_next
from fzsim_core.packs.shanghai.greedy cimport sh_greedy_choose
from fzsim_core.packs.shanghai.evaluate cimport sh_eval
from fzsim_core.packs.shanghai.guard cimport sh_guard_choose
from fzsim_core.packs.shanghai.options cimport sh_options, SH_OPT_OTHER


cdef bint sh_next_hand(const RuleSet* r, const Row* row, int* dealer, int* streak, int* carry) noexcept nogil:
    """The 荒番 counter for the next hand (RULES-PACKS §1.4); after a win by several, SH-A1 literal:
    the 下家 of the nearest winner (the row's first win) deals. False: the header's rule decides."""
    cdef bint doubled
    carry[0] = sh_huangfan_next(row.carry, row.n_wins, sh_options(r).sh_huangfan_multi_ron == SH_OPT_OTHER, &doubled)
    if row.n_wins > 1 and sh_options(r).sh_multi_ron_dealer == SH_OPT_OTHER:
        streak[0] = streak[0] + 1 if (row.winner + 1) % 4 == dealer[0] else 0
        dealer[0] = (row.winner + 1) % 4
        return True
    return False


cdef void shanghai_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    shanghai_pack(p, ts)
    p.name = b"shanghai"
    p.policies = POLICIES_ALL   # value and rollout through the evaluation hooks (evaluate.pyx)
    p.eval = sh_eval()
    p.greedy = sh_greedy_choose
    p.guard = sh_guard_choose
    p.next_hand = sh_next_hand
    p.next_seat_kong_barred = r != NULL and not sh_options(r).sh_xiajia_can_kong   # SH-A10 literal
