# The Sichuan opening window (换三张, 定缺; RULES-PACKS §3.2, SC-A7) as Pack hooks: see opening.pyx.
from libc.stdint cimport uint64_t
from fzsim_core.state cimport Game

# Pack.opening_offer / opening_resolve: post the window's next decision (ST_DECIDE) or ST_CONT.
cdef int sc_opening_offer(Game* g) noexcept nogil
cdef int sc_opening_resolve(Game* g, int c) noexcept nogil
# Pack.discard_filter: 定缺's declared suit first.
cdef uint64_t sc_discard_filter(const Game* g, int s, uint64_t legal) noexcept nogil
# The seat that receives seat s's three tiles under rule (ScExchange, not off).
cdef int exchange_target(int rule, int s) noexcept nogil
