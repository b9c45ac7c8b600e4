# What wins in Fuzhou (docs/spec/RULES.md §4, §5, §7, §11): the pack's is_win / may_self_win / waits /
# may_discard_win / declined / turn_offer / self_win_kind hooks (state.pxd Pack).
from libc.stdint cimport uint16_t, uint32_t, uint64_t
from fzsim_core.state cimport Game

cdef bint fz_is_win(const Game* g, int s) noexcept nogil
cdef bint fz_may_self_win(const Game* g, int s) noexcept nogil
cdef uint64_t fz_waits(const Game* g, int s) noexcept nogil
cdef bint fz_may_discard_win(Game* g, int s, int k, bint fresh) noexcept nogil
cdef void fz_declined(Game* g, int s, int k) noexcept nogil
cdef int fz_turn_offer(Game* g, int s, uint16_t* acts) noexcept nogil
cdef int fz_self_win_kind(Game* g, int s, uint32_t* specials) noexcept nogil
