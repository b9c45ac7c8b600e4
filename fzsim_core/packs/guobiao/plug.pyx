# cython: language_level=3
"""The 国标 pack as one plug: the flow's hooks (pack.pyx), its fan-seeking greedy and guard, the
policies that play it, and what the code above the flow reads of it."""
from fzsim_core.policy cimport POLICIES_BASIC
from fzsim_core.packs.guobiao.pack cimport guobiao_pack
from fzsim_core.packs.guobiao.greedy cimport gb_greedy_choose
from fzsim_core.packs.guobiao.guard cimport gb_guard_choose


cdef void guobiao_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    guobiao_pack(p, ts, r)
    p.name = b"guobiao"
    p.policies = POLICIES_BASIC   # value's EV is Fuzhou's scoring: it knows no fans nor the 8-fan minimum
    p.greedy = gb_greedy_choose
    p.guard = gb_guard_choose
