# cython: language_level=3
"""The 国标 pack as one plug: the flow's hooks (pack.pyx), its fan-seeking greedy and guard, the
policies that play it, and what the code above the flow reads of it."""
from fzsim_core.policy cimport POLICIES_ALL
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Game
from fzsim_core.packs.guobiao.pack cimport GB_VARIANT_BOTZONE, guobiao_pack, seat_left
from fzsim_core.packs.guobiao.greedy cimport gb_greedy_choose
from fzsim_core.packs.guobiao.evaluate cimport gb_eval
from fzsim_core.packs.guobiao.guard cimport gb_guard_choose
from fzsim_core.packs.guobiao.options cimport gb_options


cdef bint judge_claims_closed(const Game* g, int discarder) noexcept nogil:
    """The Botzone judge (GB-A4): no chow, pung or kong of a discard when the seat after the
    discarder has an empty wall."""
    return seat_left(g, (discarder + 1) % 4) == 0


cdef bint judge_kongs_closed(const Game* g, int seat) noexcept nogil:
    """The Botzone judge (GB-A5): no own-turn kong when the seat's own wall or the next seat's is empty."""
    return seat_left(g, seat) == 0 or seat_left(g, (seat + 1) % 4) == 0


cdef void guobiao_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    guobiao_pack(p, ts, r)
    if r != NULL and gb_options(r).gb_variant == GB_VARIANT_BOTZONE:   # one wall per seat: the judge's rules at its end
        if not gb_options(r).gb_claim_at_wall_end:
            p.claims_closed = judge_claims_closed
        if not gb_options(r).gb_kong_at_wall_end:
            p.kongs_closed = judge_kongs_closed
    p.name = b"guobiao"
    p.policies = POLICIES_ALL   # value and rollout through the evaluation hooks (evaluate.pyx)
    p.eval = gb_eval()
    p.greedy = gb_greedy_choose
    p.guard = gb_guard_choose
