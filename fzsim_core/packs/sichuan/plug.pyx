# cython: language_level=3
"""The Sichuan pack as one plug: the flow's hooks (pack.pyx), its own greedy and guard, the
policies that play it, and what the code above the flow reads of it."""
from fzsim_core.policy cimport POLICIES_ALL
from fzsim_core.packs.sichuan.pack cimport sichuan_pack
from fzsim_core.packs.sichuan.greedy cimport sc_greedy_choose
from fzsim_core.packs.sichuan.evaluate cimport sc_eval
from fzsim_core.packs.sichuan.guard cimport sc_guard_choose
from fzsim_core.packs.sichuan.options cimport sc_options


cdef void sichuan_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    sichuan_pack(p, ts)
    p.name = b"sichuan"
    p.policies = POLICIES_ALL   # value and rollout through the evaluation hooks (evaluate.pyx)
    p.eval = sc_eval(r)
    p.greedy = sc_greedy_choose
    p.guard = sc_guard_choose
    p.play_on_from_discarder = r != NULL and sc_options(r).xz_next_after_discarder
    # 定缺 and 换三张 constrain the hidden hands beyond counts: no world is sampled then
    p.hidden_constraints = r == NULL or sc_options(r).sc_dingque or sc_options(r).sc_exchange != 0
