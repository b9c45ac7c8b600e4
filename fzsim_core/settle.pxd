# Settlement (RULES.md §6, §9, §10): the end of a hand -> WinFacts -> the scoring -> the row.
from libc.stdint cimport uint32_t
from fzsim_core.state cimport Game

cdef int end_drawn(Game* g, int reason) noexcept nogil
cdef int finish_win(Game* g, int winner, int discarder, int win_type, uint32_t flags,
                    uint32_t specials, int tile) noexcept nogil
