# Fuzhou's start of a hand (docs/spec/RULES.md §3, §4, §7): the deal with 补花 rounds, the gold reveal, the opening window.
from fzsim_core.state cimport Game

cdef int setup(Game* g) noexcept nogil
cdef int opening_offer(Game* g) noexcept nogil
cdef int opening_resolve(Game* g, int c) noexcept nogil
