# Fuzhou's scoring hook (Pack.score_win): the winner's final hand -> WinFacts -> score_win -> row.
from libc.stdint cimport uint32_t
from fzsim_core.state cimport Game

cdef int fuzhou_score_win(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                          uint32_t specials, int tile) noexcept nogil
