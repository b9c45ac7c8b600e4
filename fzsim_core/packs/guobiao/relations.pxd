# Fans between the sets of one reading (docs/spec/RULES-PACKS.md §5.4: 不拆移, 不得相同, 套算一次).
from libc.stdint cimport uint8_t

# Add to cnt[fan id] the fans among n (<= 4) chows (`chows`: their lowest kinds) or suited
# pungs and kongs (their kinds): a fan of all four alone; else the best fan of three plus one
# pair fan of the fourth with one of them; else the best forest of pair fans in which fans of
# one name share no set.
cdef void gb_set_relations(bint chows, const int* t, int n, uint8_t* cnt) noexcept nogil
