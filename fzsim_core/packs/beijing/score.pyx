# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Beijing scoring: fans, 烧庄 and 互包 payments (contract in score.pxd; docs/spec/RULES-PACKS.md §4.4).

Fans add up; the only exclusions are the table's (推倒和 with any listed fan, 庄 with 天和, 七对子
with 豪华七对子). Fans that depend on how the tiles are read (七对子 / 豪华 / 对对和 / 一条龙 / 捉五魁)
are alternatives: the counted reading is the one with the most 番 (一条龙 and 捉五魁 may share a
reading, checked jointly). Everything else reads the whole hand or the win flags.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t, uint64_t
from fzsim_core.bits cimport fz_counts_mask
from fzsim_core.kit.tables34 cimport T34_SUIT_KINDS
from libc.string cimport memset

import numpy as np

from fzsim_core.kit.hand34 cimport MJ_CONCEALED_KONG, MjHand, flag_bits, mj_claimed, mj_load
from fzsim_core.packs.beijing.shapes cimport (
    bj_add_natural, bj_dragon_of_standard, bj_haohua_of_seven_pairs, bj_is_seven_pairs, bj_pungs_of_standard,
    bj_zhuowukui_of_standard,
)
from fzsim_core.kit.shapes34 cimport mj_is_standard, mj_wilds

cdef extern from *:
    """
    /* 番 of each fan in the seed's table [003:L196-L210]; 海底 on a discard is set by the rules */
    static const unsigned char BJ_FAN_VALUE[15] = {1, 1, 1, 2, 2, 2, 2, 3, 4, 5, 6, 8, 8, 10, 8};
    """
    const unsigned char BJ_FAN_VALUE[15]


cdef void bj_rules_default(BjRules* r, int base) noexcept nogil:
    memset(r, 0, sizeof(BjRules))
    r.base = base
    r.haidi_discard = 1
    r.unique_wuhui = 1


cdef inline void _add(BjScore* s, int fan, int value) noexcept nogil:
    s.fans |= 1u << fan
    s.value[fan] = <uint8_t>value
    s.total += value


cdef bint _one_suit(const MjHand* h) noexcept nogil:
    """清一色: the real tiles (concealed non-wild and melds) are all of one suit, no honours."""
    cdef int i, suits = 0
    cdef uint64_t real = fz_counts_mask(h.counts, -1)
    if h.wild >= 0:
        real &= ~((<uint64_t>1) << h.wild)
    if real & T34_SUIT_KINDS[3]:
        return 0
    for i in range(3):
        if real & T34_SUIT_KINDS[i]:
            suits |= 1 << i
    for i in range(h.n_melds):
        if h.meld_kind[i] >= 27:
            return 0
        suits |= 1 << (h.meld_kind[i] // 9)
    return suits == 1 or suits == 2 or suits == 4


cdef void _reading(const BjRules* r, const MjHand* h, int win_kind, bint std, bint sp, BjScore* s) noexcept nogil:
    """Add the best of the reading-dependent alternatives (std: h is standard, mj_is_standard;
    sp: seven pairs, bj_is_seven_pairs)."""
    cdef int best = 0, pick = -1, v
    cdef bint zwk = 0
    if sp:
        if bj_haohua_of_seven_pairs(h):
            best, pick = 8, BJ_HAOHUA
        else:
            best, pick = 4, BJ_QIDUIZI
    if std:
        zwk = bj_zhuowukui_of_standard(h, win_kind, r.unique_wuhui)
        # each reading only when it could beat the best so far
        if zwk and 5 > best and bj_dragon_of_standard(h, 1):
            best, pick = 5, 100          # 一条龙 + 捉五魁 in one reading
        if 3 > best and bj_dragon_of_standard(h, 0):
            best, pick = 3, BJ_YITIAOLONG
        if 2 > best and bj_pungs_of_standard(h):
            best, pick = 2, BJ_DUIDUIHE
        if zwk and 2 > best:
            best, pick = 2, BJ_ZHUOWUKUI
    if pick == 100:
        _add(s, BJ_YITIAOLONG, 3)
        _add(s, BJ_ZHUOWUKUI, 2)
    elif pick >= 0:
        _add(s, pick, BJ_FAN_VALUE[pick])


cdef int bj_evaluate(const BjRules* r, const MjHand* h, int flags, int win_kind, BjScore* out) noexcept nogil:
    return bj_evaluate_of(r, h, flags, win_kind, mj_is_standard(h), bj_is_seven_pairs(h), out)


cdef int bj_evaluate_of(const BjRules* r, const MjHand* h, int flags, int win_kind, bint std, bint sp,
                        BjScore* out) noexcept nogil:
    cdef BjScore s
    cdef bint sihui = flags & BJ_F_SIHUI, win = std or sp
    if sihui and mj_wilds(h) != 4:
        return -1
    if not win and not sihui:
        return -1
    memset(&s, 0, sizeof(BjScore))
    if (flags & (BJ_F_DEALER_WINS | BJ_F_DEALER_PAYS)) and not (flags & BJ_F_TIANHE):
        _add(&s, BJ_ZHUANG, 1)
    if sihui:
        _add(&s, BJ_SIHUI, 8)
        if not r.sihui_shape or not win:
            out[0] = s
            return 0
    if mj_claimed(h) == 0 and mj_wilds(h) == 0:
        _add(&s, BJ_MENQING_WUHUI, 1)
    if h.n_melds == 4 and mj_claimed(h) == 4:
        _add(&s, BJ_DADIAO, 2)
    if flags & BJ_F_LAST:
        _add(&s, BJ_HAIDI, 2 if flags & BJ_F_SELFDRAW else r.haidi_discard)
    if flags & BJ_F_KONG_FLOWER:
        _add(&s, BJ_GANGSHANG, 5)
    if _one_suit(h):
        _add(&s, BJ_QINGYISE, 6)
    if flags & BJ_F_TIANHE:
        _add(&s, BJ_TIANHE, 10)
    if flags & BJ_F_DIHE:
        _add(&s, BJ_DIHE, 8)
    _reading(r, h, win_kind, std, sp, &s)
    if not (s.fans & ~((1u << BJ_ZHUANG) | (1u << BJ_MENQING_WUHUI))):
        _add(&s, BJ_TUIDAOHU, 1)
    out[0] = s
    return 0


cdef int32_t bj_win_deltas(int total, int32_t base, int winner, int payer, int partners_mask,
                           int32_t* deltas) noexcept nogil:
    cdef int32_t unit = total * base, gain = 0, pay
    cdef int i
    partners_mask &= ~(1 << winner)
    for i in range(4):
        if i == winner:
            continue
        if partners_mask:
            # 互包: each partner pays the whole hand part ("各付一份")
            pay = (unit if payer >= 0 else 3 * unit) if partners_mask & (1 << i) else 0
        else:
            pay = unit if (payer < 0 or i == payer) else 0
        deltas[i] -= pay
        gain += pay
    deltas[winner] += gain
    return gain


cdef int32_t bj_shaozhuang_deltas(int rounds, int32_t base, int dealer, int32_t* deltas) noexcept nogil:
    cdef int32_t s
    cdef int i
    if rounds <= 0:
        return 0
    s = (<int32_t>1 << (rounds - 1)) * base
    for i in range(4):
        deltas[i] += -3 * s if i == dealer else s
    return s


cdef int bj_shaozhuang_rounds(const int8_t* discards, int n) noexcept nogil:
    cdef int k, j, rounds = 0
    for k in range(n // 4):
        if discards[4 * k] < 0:
            break
        for j in range(1, 4):
            if discards[4 * k + j] != discards[4 * k]:
                return rounds
        rounds += 1
    return rounds


cdef int bj_hubao_partners(const uint8_t* claims, int winner) noexcept nogil:
    cdef int x, mask = 0
    for x in range(4):
        if x != winner and (claims[4 * winner + x] >= 3 or claims[4 * x + winner] >= 3):
            mask |= 1 << x
    return mask


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers (the calculator fzsim.packs.beijing.calculator builds on these)

FANS = ("tuidaohu", "zhuang", "menqing_wuhui", "duiduihe", "dadiao", "zhuowukui", "haidi", "yitiaolong",
        "qiduizi", "gangshang", "qingyise", "haohua", "sihui", "tianhe", "dihe")
FLAGS = {"selfdraw": BJ_F_SELFDRAW, "kong_flower": BJ_F_KONG_FLOWER, "last": BJ_F_LAST, "tianhe": BJ_F_TIANHE,
         "dihe": BJ_F_DIHE, "sihui": BJ_F_SIHUI, "dealer_wins": BJ_F_DEALER_WINS, "dealer_pays": BJ_F_DEALER_PAYS}
#: the scoring options the core reads, with their defaults (docs/spec/RULES-PACKS.md §9 BJ-A5, BJ-A10, BJ-A12)
OPTIONS = {"haidi_discard": 1, "zhuowukui_unique": True, "sihui_shape": False}


cdef int _rules(BjRules* r, int base, options) except -1:
    if not 1 <= base <= 1_000_000:
        raise ValueError(f"base {base!r}: allowed an integer 1..1000000")
    bj_rules_default(r, base)
    opts = dict(OPTIONS)
    for key, value in (options or {}).items():
        if key not in opts:
            raise ValueError(f"option {key!r} is not a Beijing scoring option: allowed {', '.join(opts)}")
        opts[key] = value
    if opts["haidi_discard"] not in (1, 2) or isinstance(opts["haidi_discard"], bool):
        raise ValueError(f"haidi_discard {opts['haidi_discard']!r}: allowed 1 (default, literal) or 2 (BJ-A5)")
    for key in ("zhuowukui_unique", "sihui_shape"):
        if not isinstance(opts[key], bool):
            raise ValueError(f"{key} {opts[key]!r}: allowed true or false")
    r.haidi_discard = opts["haidi_discard"]
    r.unique_wuhui = opts["zhuowukui_unique"]
    r.sihui_shape = opts["sihui_shape"]
    return 0


def evaluate(counts, melds=(), int wild=-1, flags=(), int win_kind=-1, options=None, bint wild_melds=False,
             bint natural_win=False):
    """The counted fans of a Beijing win: {"fans": {name: 番}, "total": F}. Raises ValueError when
    the tiles are not a win (4 sets + a pair or seven pairs, wilds wild; or four wilds with the
    'sihui' flag). natural_win: the winning tile win_kind is a discarded 惠牌 won at its face value
    (BJ-A2 natural), a real tile of the hand, not a wild."""
    cdef BjRules r
    cdef MjHand h
    cdef BjScore s
    _rules(&r, 1, options)
    mj_load(&h, counts, melds, wild, wild_melds)
    if not -1 <= win_kind < 34:
        raise ValueError(f"win_kind {win_kind}: allowed -1 (unknown) or a kind 0..33")
    if natural_win:
        if win_kind < 0 or win_kind != wild or h.counts[win_kind] == 0:
            raise ValueError(f"natural_win: the winning tile {win_kind} must be a held copy of the wild kind {wild}")
        h.counts[win_kind] -= 1
        bj_add_natural(&h, win_kind)
    if bj_evaluate(&r, &h, flag_bits(flags, FLAGS), win_kind, &s) < 0:
        raise ValueError("not a Beijing win: the tiles are neither 4 sets + a pair nor seven pairs with the "
                         "惠牌 wild" + ("; 四惠牌 needs all four 惠牌 in the hand" if "sihui" in flags else ""))
    return {"fans": {FANS[f]: int(s.value[f]) for f in range(BJ_N_FANS) if s.fans & (1u << f)},
            "total": int(s.total)}


def win_deltas(int total, int winner, int payer=-1, partners=(), int base=1):
    """deltas[4] of the hand part of one win worth `total` 番 (payer -1: self-draw)."""
    cdef int32_t d[4]
    cdef int mask = 0
    if total < 0 or not 0 <= winner <= 3 or not -1 <= payer <= 3 or payer == winner or not 1 <= base <= 1_000_000:
        raise ValueError(f"total {total}, winner {winner}, payer {payer}, base {base}: total >= 0, seats 0..3, "
                         f"the payer (-1 self-draw) not the winner, base 1..1000000")
    for x in partners:
        if isinstance(x, bool) or not isinstance(x, (int, np.integer)) or not 0 <= x <= 3 or x == winner:
            raise ValueError(f"互包 partner {x!r}: allowed a seat 0..3 other than the winner {winner}")
        mask |= 1 << int(x)
    memset(d, 0, sizeof(d))
    bj_win_deltas(total, base, winner, payer, mask, d)
    return [int(d[i]) for i in range(4)]


def shaozhuang_deltas(int rounds, int dealer=0, int base=1):
    """deltas[4] of R rounds of 烧庄: the dealer pays 3 x 2^(R-1) d, each other seat gets 2^(R-1) d."""
    cdef int32_t d[4]
    if not 0 <= rounds <= 20 or not 0 <= dealer <= 3 or not 1 <= base <= 1_000_000:
        raise ValueError(f"rounds {rounds}, dealer {dealer}, base {base}: allowed rounds 0..20, seat 0..3, base 1..1000000")
    memset(d, 0, sizeof(d))
    bj_shaozhuang_deltas(rounds, base, dealer, d)
    return [int(d[i]) for i in range(4)]


def shaozhuang_rounds(discards):
    """R from the discards in play order from the dealer's first (kinds 0..33, -1 for a claim)."""
    arr = np.asarray(list(discards), dtype=np.int64)
    if arr.ndim != 1 or ((arr < -1) | (arr > 33)).any():
        raise ValueError(f"discards {list(discards)!r}: expected kinds 0..33 or -1 (a claim)")
    cdef int8_t[::1] a = arr.astype(np.int8)
    return int(bj_shaozhuang_rounds(&a[0], a.shape[0])) if a.shape[0] else 0


def hubao_partners(claims, int winner):
    """Seats in 互包 with `winner` given claims[a][b] = 嘴 seat a took from seat b's discards."""
    arr = np.asarray(claims)
    if arr.shape != (4, 4) or not np.issubdtype(arr.dtype, np.integer) or (arr < 0).any() or (arr > 255).any():
        raise ValueError(f"claims must be a 4 x 4 table of counts 0..255, got {arr.tolist()!r}")
    if not 0 <= winner <= 3:
        raise ValueError(f"winner {winner}: allowed a seat 0..3")
    cdef uint8_t[::1] c = np.ascontiguousarray(arr, dtype=np.uint8).ravel()
    m = bj_hubao_partners(&c[0], winner)
    return [x for x in range(4) if m & (1 << x)]
