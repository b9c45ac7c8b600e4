# 国标 shanten over every winning shape (docs/spec/RULES-PACKS.md §5.3), and the useful tiles (进张).
#
# `counts` are the 34 concealed counts (kinds as in tiles.pxd), `n_melds` the sets already
# declared (0..4); the concealed part then holds 13 - 3 n_melds tiles (before a draw) or
# 14 - 3 n_melds (after one). "Need" D is the fewest concealed tiles to exchange for a winning
# hand of the shapes in `shapes` (a GB_SHAPE_* bit mask): D = min over winning hands W of
# |W - counts| (tiles of W not held). Shanten is D - 1: -1 complete, 0 ready. Like the core's
# tables (wintables.pxd) the standard shape ignores the four-copy limit, so "1111m" + 9 tiles
# of sets counts as ready on a fifth 1m; the special shapes never need a fifth copy.
# Every function reads only its arguments and read-only tables: safe without the GIL.
from libc.stdint cimport int8_t, uint8_t, uint32_t, uint64_t
from fzsim_core.suit_shanten cimport ShTables, sh_tables

cdef enum:
    GB_SHAPE_BASIC = 1               # 4 sets + a pair (declared sets count among the 4)
    GB_SHAPE_SEVEN_PAIRS = 2         # 七对 (a four of a kind is two pairs), concealed only
    GB_SHAPE_THIRTEEN_ORPHANS = 4    # 十三幺, concealed only
    GB_SHAPE_HONORS_KNITTED = 8      # 全不靠: 14 singles of one knitting + honours, concealed only
    GB_SHAPE_SEVEN_STARS = 16        # 七星不靠: 全不靠 holding all 7 honours
    GB_SHAPE_KNITTED_STRAIGHT = 32   # 组合龙 + one set + a pair (at most one declared set)
    GB_SHAPES_ALL = 63
    GB_NO_SHAPE = 100                # the need when no shape of the mask is open to the hand

# D for n sets + a pair from the concealed counts (any size; extra tiles are discarded).
cdef int gb_basic_need(const uint8_t* counts, int n_sets) noexcept nogil
# D for the shapes of `shapes`, GB_NO_SHAPE if none is possible with n_melds declared sets.
cdef int gb_need(const uint8_t* counts, int n_melds, int shapes) noexcept nogil
# gb_need - 1 (GB_NO_SHAPE - 1 when no shape is possible).
cdef int gb_shanten(const uint8_t* counts, int n_melds, int shapes) noexcept nogil
# Before a draw (13 - 3 n_melds tiles): bit k set iff one more tile of kind k lowers the need
# (进张) for `shapes`; kinds already held 4 times are never set.
cdef uint64_t gb_useful_mask(const uint8_t* counts, int n_melds, int shapes) noexcept nogil
# After a draw (14 - 3 n_melds tiles): out[k] = need after discarding one tile of kind k,
# GB_NO_SHAPE for kinds not held. Returns the best of them.
cdef int gb_discard_needs(const uint8_t* counts, int n_melds, int shapes, int8_t* out) noexcept nogil

# What gb_need reads of a 14 - 3 n_melds tile hand, kept to read the need over every shape after
# each one-tile discard from it (gb_need_after_discard) without re-reading the counts.
ctypedef struct GbDiscardFacts:
    uint32_t key[4]          # the part keys (gb_keys)
    int n_melds
    int pairs                # pairs held (a four: two)
    int distinct             # kinds held
    int honors               # honour kinds held
    int orphans              # terminal and honour kinds held
    int orphan_pairs         # of them, held twice or more
    int residues[9]          # distinct kinds held of suit s, ranks r, r + 3, r + 6: at s * 3 + r

cdef void gb_discard_facts(const uint8_t* counts, int n_melds, GbDiscardFacts* f) noexcept nogil
# gb_need(counts - one k, n_melds, GB_SHAPES_ALL) for kind k held, f read from counts.
cdef int gb_need_after_discard(const GbDiscardFacts* f, const uint8_t* counts, int k) noexcept nogil

# The four base-5 part keys of 34 counts (as Hand.key with no gold): what the standard need reads.
cdef inline void gb_keys(const uint8_t* c, uint32_t* key) noexcept nogil:
    cdef int part, r, base
    cdef uint32_t x
    for part in range(4):
        base = 9 * part
        x = 0
        r = 6 if part == 3 else 8
        while r >= 0:
            x = x * 5 + c[base + r]
            r -= 1
        key[part] = x

# gb_basic_need of the counts whose part keys are `key` (n_sets 0..4): four table reads, so a
# caller that changes a tile or drops a whole part adjusts the keys instead of re-reading counts.
cdef inline int gb_keys_need(const uint32_t* key, int n_sets) noexcept nogil:
    cdef const ShTables* T = sh_tables()
    cdef int ab = T.ab[T.scls[key[0]] * T.nsc + T.scls[key[1]]]
    cdef int ch = T.ch[T.scls[key[2]] * T.nhc + T.hcls[key[3]]]
    return T.final[(n_sets * T.nab + ab) * T.nch + ch]

# 组合龙's need (the special shape alone) on the counts and their part keys; with best, min(best, it).
cdef int gb_straight_need_keyed(const uint8_t* c, const uint32_t* key, int n_melds,
                                int best=*) noexcept nogil
