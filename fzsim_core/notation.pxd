# Tile notation and count arrays -> validated counts: the one tile parser of fzsim (docs/spec/RULES.md §1).
#
# Notation: digits followed by a suit letter, m p s (1..9), z (1..7: 东南西北白发中), f (1..8:
# 春夏秋冬梅兰竹菊); whitespace between groups is ignored. Kind indices are those of tiles.pxd.
# Every function raises ValueError naming the bad part (TypeError for a non-str notation) and
# writes nothing the caller may use on failure. They need the GIL: validate first, then run
# the nogil kernels on what they wrote.
from libc.stdint cimport uint8_t

# Add the tiles of `text` to counts[0..41] (C ints, not zeroed here); also append each kind to
# `seq` unless it is None. Checks the syntax and ranks only, not the copies.
cdef int scan_notation(str text, int* counts, list seq) except -1
# `text` as 42 counts, every kind within its copies in the 144-tile set (4, flowers 1).
cdef int parse_into(object text, uint8_t* out42) except -1
# A concealed hand given as notation (str or bytes) or as 34/42 counts (any integer array or
# sequence, strided or not) as 34 counts, each 0..4; flowers refused.
cdef int hand_counts_into(object hand, uint8_t* out34) except -1
# A gold kind given as None / -1 (no gold), notation ("5p") or a kind index, as -1 or 0..33.
cdef int gold_kind(object gold) except -2
