# Per-suit shanten tables for policies that try many one-tile changes of one hand (greedy).
#
# The same quantity as wintables.hand_shanten (D - golds - 1, D = fewest tiles missing for n
# melds + a pair, golds wild, unbounded counts), but split so a caller can cache the classes of
# the parts it does not change: a one-tile change then costs three table reads, no call.
# Tables build when fzsim_core.suit_shanten is imported (cimporting imports it) and are
# read-only afterwards: safe without the GIL.
from libc.stdint cimport uint8_t, uint16_t, uint32_t

ctypedef struct ShTables:
    const uint8_t* scls     # [5^9] suit key -> suit class (keys of more than 17 tiles: 0, unused)
    const uint8_t* hcls     # [5^7] honour key -> honour class
    const uint16_t* ab      # [suit class * nsc + suit class] -> class of the parts m + p
    const uint16_t* ch      # [suit class * nhc + honour class] -> class of the parts s + z
    const uint16_t* cht     # ch transposed: [honour class * nsc + suit class]
    const uint8_t* final    # [(n * nab + ab) * nch + ch] -> D for n melds + a pair
    const uint8_t* finalt   # final transposed: [(n * nch + ch) * nab + ab]
    int nsc, nhc, nab, nch

# A hand's parts with their classes cached; sh_vary (below) gives D with one part's key
# replaced, the other three parts as cached.
ctypedef struct ShCtx:
    const ShTables* T
    uint32_t key[4]         # the parts' base-5 keys (golds excluded), as in Hand.key
    int cls[4]              # their classes
    int ab, ch              # classes of parts 0+1 and 2+3
    int row                 # n * nab: the FINAL rows of n melds + a pair
    int n

cdef const ShTables* sh_tables() noexcept nogil


cdef inline int _cls(const ShTables* T, int part, uint32_t key) noexcept nogil:
    return T.hcls[key] if part == 3 else T.scls[key]


cdef inline void sh_ctx_set(ShCtx* c, const ShTables* T, const uint32_t* key, int n) noexcept nogil:
    """Cache the classes of the four parts `key` for n melds + a pair."""
    cdef int q
    c.T = T
    for q in range(4):
        c.key[q] = key[q]
        c.cls[q] = _cls(T, q, key[q])
    c.ab = T.ab[c.cls[0] * T.nsc + c.cls[1]]
    c.ch = T.ch[c.cls[2] * T.nhc + c.cls[3]]
    c.row = n * T.nab
    c.n = n


cdef inline void sh_ctx_replace(ShCtx* c, int part, uint32_t key) noexcept nogil:
    """Replace one part's key (and its cached classes)."""
    cdef const ShTables* T = c.T
    c.key[part] = key
    c.cls[part] = _cls(T, part, key)
    if part < 2:
        c.ab = T.ab[c.cls[0] * T.nsc + c.cls[1]]
    else:
        c.ch = T.ch[c.cls[2] * T.nhc + c.cls[3]]


cdef inline int sh_d(const ShCtx* c) noexcept nogil:
    """D of the cached hand."""
    return c.T.final[(c.row + c.ab) * c.T.nch + c.ch]


# D as a function of one part's key, the other three fixed (a ShCtx's): three dependent reads
# for every part (ab is symmetric and ch, final have transposed copies, so the varying class
# is always the last index), and no branch on the part in a loop over its draws.
ctypedef struct ShVary:
    const uint8_t* cls      # the part's key -> class table
    const uint16_t* pair    # the ab / ch row of the fixed partner part
    const uint8_t* final    # the final row of the fixed other pair


cdef inline void sh_vary(ShVary* v, const ShCtx* c, int part) noexcept nogil:
    cdef const ShTables* T = c.T
    if part < 2:
        v.cls = T.scls
        v.pair = T.ab + c.cls[1 - part] * T.nsc
        v.final = T.finalt + (c.n * T.nch + c.ch) * T.nab
    else:
        if part == 2:
            v.cls = T.scls
            v.pair = T.cht + c.cls[3] * T.nsc
        else:
            v.cls = T.hcls
            v.pair = T.ch + c.cls[2] * T.nhc
        v.final = T.final + (c.row + c.ab) * T.nch


cdef inline void sh_vary_swap(ShVary* v, const ShCtx* c, int part, int q, int cls) noexcept nogil:
    """v, sh_vary's view of `part` in c, becomes its view once another part q has class cls: the
    partner of q gets a new pair row, the other pair a new final row (one pointer either way,
    where a changed ShCtx and sh_vary would redo all three)."""
    cdef const ShTables* T = c.T
    if (part < 2) == (q < 2):
        if q < 2:
            v.pair = T.ab + cls * T.nsc   # ab is symmetric
        elif q == 3:
            v.pair = T.cht + cls * T.nsc
        else:
            v.pair = T.ch + cls * T.nhc
    elif q < 2:
        v.final = T.final + (c.row + T.ab[cls * T.nsc + c.cls[1 - q]]) * T.nch
    else:
        v.final = T.finalt + (c.n * T.nch + (T.ch[cls * T.nhc + c.cls[3]] if q == 2
                                              else T.ch[c.cls[2] * T.nhc + cls])) * T.nab


cdef inline int sh_vary_d(const ShVary* v, uint32_t key) noexcept nogil:
    return v.final[v.pair[v.cls[key]]]
