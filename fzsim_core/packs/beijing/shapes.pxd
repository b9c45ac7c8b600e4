# Beijing winning shapes with the 惠牌 wildcard (docs/spec/RULES-PACKS.md §4.2, §4.4): 4 sets + a pair or seven
# pairs (concealed; a four-of-a-kind is two pairs), up to 4 wilds standing for any tile (their own
# kind included, a fifth copy too, as the 金 of RULES.md §4), and the wait analysis the fans need.
#
# The standard shape is the core's table search (wintables.pxd) on a Hand whose gold is the wild.
# Every function reads only its arguments and the read-only core tables: safe without the GIL.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from fzsim_core.suit_shanten cimport ShCtx, ShVary
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.hand cimport Hand

cdef enum:
    BJ_NO_SHAPE = -2
    BJ_MEMO = 16    # a key per discard kind (at most 14) fits

# The standard shape and the wild count are the kit's (fzsim_core/kit/shapes34.pxd: mj_is_standard, mj_wilds).
# 14 concealed tiles, no melds, pairable with the wilds (singles <= wilds).
cdef bint bj_is_seven_pairs(const MjHand* h) noexcept nogil
# 豪华七对子: seven pairs readable with two identical pairs (a kind held 3 or 4 times, or two wilds
# to spare, which copy any pair).
cdef bint bj_is_haohua(const MjHand* h) noexcept nogil
# ... on a hand already known to be seven pairs (bj_is_seven_pairs)
cdef bint bj_haohua_of_seven_pairs(const MjHand* h) noexcept nogil
cdef bint bj_is_win(const MjHand* h) noexcept nogil
# Every set (melds and concealed) a pung or kong + a pair: 对对和.
cdef bint bj_is_pungs(const MjHand* h) noexcept nogil
# A standard reading holds 1-9 of one suit as three chows (claimed chows may be among them). With
# zhuowukui, the reading must also hold a chow of real 4m 5m 6m (for 捉五魁 in the same reading).
cdef bint bj_is_dragon(const MjHand* h, bint zhuowukui) noexcept nogil
# A standard reading holds the winning 5m (win_kind 4, not the wild kind) in a chow of real 4m 5m 6m
# and, if unique, 5m is the only non-wild tile completing the hand without it (BJ-A12).
cdef bint bj_is_zhuowukui(const MjHand* h, int win_kind, bint unique) noexcept nogil
# The same three on a hand already known to be standard (mj_is_standard): a scorer reading every
# alternative asks that once.
cdef bint bj_pungs_of_standard(const MjHand* h) noexcept nogil
cdef bint bj_dragon_of_standard(const MjHand* h, bint zhuowukui) noexcept nogil
cdef bint bj_zhuowukui_of_standard(const MjHand* h, int win_kind, bint unique) noexcept nogil
# A 13 - 3 n_melds hand: bit k set iff one more tile of kind k wins (a drawn wild wins iff ready);
# kinds whose 4 copies are in the hand and melds are never set. 0 for other sizes.
cdef uint64_t bj_wait_mask(const MjHand* h) noexcept nogil
# bj_wait_mask, with std and sp: the kinds of it whose tile makes the hand standard
# (mj_is_standard of h plus that tile) and seven pairs (bj_is_seven_pairs), read off the same
# tables (a scorer of every winning tile need not read the shape again).
cdef uint64_t bj_wait_parts(const MjHand* h, uint64_t* std, uint64_t* sp) noexcept nogil
# The seven-pairs part of bj_wait_mask (a meld-free 13-tile hand; the 4-copy limit not applied).
cdef uint64_t bj_seven_pairs_waits(const MjHand* h) noexcept nogil
# Shanten over both shapes, wilds wild, ignoring the 4-copy limit like the core's tables: -1
# complete, 0 ready. BJ_NO_SHAPE for a concealed size that is neither 3n+1 nor 3n+2.
cdef int bj_shanten(const MjHand* h) noexcept nogil
# The same on the concealed tiles packed in a Hand (hand.pxd) whose gold is the 惠牌 (the seat's own
# Hand, or hand_set_counts of h.counts with h.wild kept in step by hand_add / hand_remove), with
# n_melds declared sets: a loop over one-tile changes reads the need tables with no rebuild.
cdef int bj_hand_shanten(const Hand* x, int n_melds) noexcept nogil
# bj_hand_shanten of x with one more tile of each kind k in cand (kinds < 34), into out[k]: what a
# loop over the draws would give, with the parts the draw does not touch read once.
cdef void bj_hand_draw_shanten(const Hand* x, int n_melds, uint64_t cand, int* out) noexcept nogil
# Useful draws of many discards of one 3n+2 hand x (guard's building choice): the kinds j of
# cand after which x without one `discard` (held) and with one j has bj_hand_shanten below sh —
# bj_hand_draw_shanten's out[j] < sh on x minus the discard. bj_draws_set reads the hand and
# the classes of the draws in `draws` (each later cand within it, and within the kinds x
# holds at most 3 of, or the discard's own kind; at sh or below, cand may hold more, read as
# not helping: a caller whose draws hold every one that can) once, and which of them can help
# at all at threshold sh (later calls with an sh above it read every draw); bj_draws_helping each
# discard: the discard changes one part (or the wilds), a draw one part, and only tables are read.
ctypedef struct BjDraws:
    const Hand* x
    ShCtx ctx               # x's parts
    ShVary vary[4]          # D with one part's key replaced
    uint64_t odd            # real kinds x holds an odd number of times
    int odd_n               # ... how many
    int sh                  # the threshold bj_draws_set was given
    uint64_t avail          # the draws j with x + j's D below that threshold's: no other can help
    uint64_t gbit           # the wild's bit (0 without one)
    uint16_t pair_of[34]    # a draw j: the class of its pair of parts (ab or ch) with j added
    uint8_t cls_of[34]      # ... and of its part
    int n_melds
    bint bad                # a concealed size that is no shape
    # bj_draws_helping's memo at threshold sh: the draws of avail outside a discard's pair of
    # parts that help depend only on that pair's new class (discards sharing it share them)
    int n_memo
    uint32_t memo_key[BJ_MEMO]   # (pair of parts) << 16 | its class after the discard
    uint64_t memo_bits[BJ_MEMO]
cdef void bj_draws_set(BjDraws* t, const Hand* x, int n_melds, uint64_t draws, int sh) noexcept nogil
cdef uint64_t bj_draws_helping(BjDraws* t, int discard, uint64_t cand, int sh) noexcept nogil
# bj_draws_helping at bj_draws_set's threshold for each discard k of `discards` (held kinds), with
# cand plus k itself (unless k is the wild) as its draws, into out[k]: what the threshold alone
# decides (the seven-pairs part) is read once for them all.
cdef void bj_draws_helping_each(BjDraws* t, uint64_t discards, uint64_t cand, uint64_t* out) noexcept nogil
# bj_hand_shanten of x minus one tile of each (held) kind in cand, into out[k]: the discards' counterpart.
cdef void bj_hand_discard_shanten(const Hand* x, int n_melds, uint64_t cand, int* out) noexcept nogil
# Its seven-pairs part (99 with melds; a 13- or 14-tile hand)
cdef int bj_seven_pairs_shanten(const MjHand* h) noexcept nogil
# ... of the packed x with n_melds, without one copy of each (held) kind in cand, into out[k]
cdef void bj_seven_pairs_discard_shanten(const Hand* x, int n_melds, uint64_t cand, int* out) noexcept nogil
# ... the kinds of cand whose discard leaves it lowest, best: that value (99, and every kind of
# cand, with melds)
cdef uint64_t bj_seven_pairs_best_discards(const Hand* x, int n_melds, uint64_t cand, int* best) noexcept nogil
# §4.3: may this hand win on a discard (or rob a kong)? Not after any claimed meld (an added kong
# rests on a pung; a concealed kong does not count), and not holding three 惠牌 (BJ-4..6, BJ-A9).
cdef bint bj_may_win_on_discard(const MjHand* h) noexcept nogil
# One more tile of kind k at face value; a copy of the wild kind (a won discard under BJ-A2
# natural) stays real: the wilds move to a kind the hand and melds hold none of, h.wild with them.
cdef void bj_add_natural(MjHand* h, int k) noexcept nogil
