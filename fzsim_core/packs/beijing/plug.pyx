# cython: language_level=3
"""The Beijing pack as one plug: the flow's hooks (pack.pyx), its own greedy and guard, the
policies that play it, and its claim permission on a discarded 惠牌 (BJ-A2)."""
from fzsim_core.policy cimport POLICIES_ALL
from fzsim_core.packs.beijing.pack cimport beijing_pack
from fzsim_core.packs.beijing.greedy cimport bj_greedy_choose
from fzsim_core.packs.beijing.evaluate cimport bj_eval
from fzsim_core.packs.beijing.guard cimport bj_guard_choose
from fzsim_core.packs.beijing.options cimport bj_options


cdef void beijing_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    beijing_pack(p, ts)
    p.name = b"beijing"
    p.policies = POLICIES_ALL   # value and rollout through the evaluation hooks (evaluate.pyx)
    p.eval = bj_eval()
    p.greedy = bj_greedy_choose
    p.guard = bj_guard_choose
    # BJ-A2 natural: a discarded 惠牌 is claimed and won on at face value (dead by default)
    p.wild_claimable = r != NULL and bj_options(r).bj_hui_discard != 0
