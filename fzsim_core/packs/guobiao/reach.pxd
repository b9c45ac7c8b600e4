# 国标 fan reachability: how far a hand is from each fan target (a fan-seeking bot's compass).
#
# A target is a winning shape plus constraints: the kinds the final hand may hold, whether its
# free sets must be pungs, and up to 3 sets it must contain (e.g. 三色三同顺 123m 123p 123s).
# Its need is the fewest concealed tiles to exchange to reach a winning hand meeting it (the
# need of shanten.pxd, same unbounded-count convention for the standard shape), or
# GB_NO_SHAPE when the declared sets already rule it out. Concealed counts are not capped
# against the declared sets' copies (as the core's tables); 碰碰和 targets take distinct kinds
# for their concealed pungs and pair. Reading only the arguments and the
# target table (built at import, read-only after): safe without the GIL.
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from fzsim_core.packs.guobiao.shapes cimport GbSet

cdef enum:
    GB_MAX_TARGETS = 256

# Tiles some of a target's required sets take together: (kind, copies) pairs, each kind once.
ctypedef struct GbReqTiles:
    uint8_t n
    uint8_t kind[9]
    uint8_t copies[9]

ctypedef struct GbTarget:
    uint64_t allowed       # bit k: the final hand may hold kind k (a union of whole suits / honours)
    uint8_t shape          # one GB_SHAPE_* bit of shanten.pxd
    uint8_t pungs_only     # the sets not in req are pungs or kongs (碰碰和)
    uint8_t n_req
    uint8_t family         # index into the Python FAMILIES table (name, fan value)
    GbSet req[3]           # required sets (type GB_CHOW / GB_PUNG, tile); exposed unused
    GbReqTiles left[8]     # bit j of the index: required set j still missing (no declared set
                           # stands for it); those sets' tiles together

# The need of one target for `counts` (13 - 3 n or 14 - 3 n concealed) and n declared sets.
cdef int gb_target_need(const uint8_t* counts, const GbSet* melds, int n_melds,
                        const GbTarget* t) noexcept nogil
# The same with the counts' four part keys (shanten.pxd gb_keys) given: a caller trying many
# one-tile changes of one hand adjusts the keys instead of re-reading the counts.
cdef int gb_target_need_keyed(const uint8_t* counts, const uint32_t* key, const GbSet* melds,
                              int n_melds, const GbTarget* t) noexcept nogil
# The needs of targets[0..n) into out[0..n).
cdef void gb_target_needs(const uint8_t* counts, const GbSet* melds, int n_melds,
                          const GbTarget* targets, int n, uint8_t* out) noexcept nogil
# The target table built at import (read-only after), its size in n_out, and each target's
# family fan value (FAMILIES[t.family][1]) in value_out[0..n).
cdef const GbTarget* gb_target_table(int* n_out, const uint8_t** value_out) noexcept nogil
