# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Sichuan scoring and end-of-hand settlements (docs/spec/RULES-PACKS.md §2.4, §3.4; contract in score.pxd).

In the core rather than in Python so the engine's settle step can call the same code without the
GIL when the pack's flow lands; the calculator (fzsim.packs.sichuan.calculator) only validates and names.

Value of a win = max over the hand's readings (every set + pair decomposition, and seven pairs)
of the reading's largest base pattern + additions: §3.4 asks for the reading that maximises 番
(the 带幺九 example 111222333万78999筒 only scores as 123万 ×3), and §2 follows the same rule.
Additions never depend on the reading except through 龙七对, which counts one 根 in its base.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t
from libc.string cimport memcpy, memset

import numpy as np

from fzsim_core.packs.sichuan.shapes cimport (
    SC_CONCEALED_KONG, SC_KINDS, SC_MAX_READINGS, SC_PUNG, ScHand, ScReading, load_hand,
    sc_is_huazhu, sc_is_seven_pairs, sc_is_win, sc_quads, sc_readings, sc_suit_mask, sc_wait_mask,
)

# value of each pattern per preset, -1: not a pattern there. §2 table [003:L68–L90] and §3.4.
cdef extern from *:
    """
    static const signed char SC_VAL[2][14] = {
        /* 平 对 清 幺 七 龙七 清对 将对 清七 清幺 清龙 天 地 抢杠 */
        {  1,  2, 3, 3, 3,  4,   4,   4,  -1,  -1,  -1, 8, 8, 2},   /* 四川 standard, 分 */
        {  0,  1, 2, 2, 2,  3,   3,   3,   3,   3,   3, 3, 3, -1},   /* 血战, 番 */
    };
    """
    const signed char SC_VAL[2][14]


cdef void sc_rules_default(ScRules* r, bint xuezhan, int base) noexcept nogil:
    memset(r, 0, sizeof(ScRules))
    r.xuezhan = xuezhan
    r.longqidui_value = 4
    r.chajiao_kongs = 1
    r.fan_cap = 3
    r.base = base


cdef inline int _val(const ScRules* r, int p) noexcept nogil:
    if not r.xuezhan and p == SC_P_LONGQIDUI:
        return r.longqidui_value
    if not r.xuezhan and p == SC_P_QIANGGANG and not r.qianggang_base:
        return -1
    return SC_VAL[r.xuezhan][p]


cdef inline bint _term(int k) noexcept nogil:
    return k % 9 == 0 or k % 9 == 8


cdef inline bint _258(int k) noexcept nogil:
    return k % 9 == 1 or k % 9 == 4 or k % 9 == 7


cdef uint32_t _reading_patterns(const ScHand* h, const ScReading* rd, bint flush) noexcept nogil:
    """Patterns of one standard reading (melds included: they are all pungs or kongs)."""
    cdef uint32_t p = 1u << SC_P_PINGHU
    cdef bint yaojiu = _term(rd.pair), jiang = _258(rd.pair)
    cdef int i
    for i in range(rd.n_chows):
        if rd.chow_start[i] % 9 != 0 and rd.chow_start[i] % 9 != 6:
            yaojiu = 0
        jiang = 0
    for i in range(rd.n_pungs):
        yaojiu = yaojiu and _term(rd.pung_kind[i])
        jiang = jiang and _258(rd.pung_kind[i])
    for i in range(h.n_melds):
        yaojiu = yaojiu and _term(h.meld_kind[i])
        jiang = jiang and _258(h.meld_kind[i])
    if rd.n_chows == 0:
        p |= 1u << SC_P_DUIDUI
        if jiang:
            p |= 1u << SC_P_JIANGDUI
        if flush:
            p |= 1u << SC_P_QINGDUI
    if yaojiu:
        p |= 1u << SC_P_YAOJIU
        if flush:
            p |= 1u << SC_P_QINGYAOJIU
    if flush:
        p |= 1u << SC_P_QINGYISE
    return p


cdef void _finish(const ScRules* r, const ScHand* h, uint32_t pats, bint seven, int flags,
                  ScScore* s) noexcept nogil:
    """Base (largest pattern), additions and value of one reading's pattern set."""
    cdef int p, v, quads = sc_quads(h), kongs = 0, i
    cdef uint32_t kept = 0
    s.base = -1
    s.base_pattern = -1
    for p in range(SC_N_PATTERNS):
        if pats & (1u << p):
            v = _val(r, p)
            if v < 0:
                continue
            kept |= 1u << p
            if v >= s.base:   # ties: the later, more specific pattern names the hand
                s.base = <int16_t>v
                s.base_pattern = <int8_t>p
    s.patterns = kept
    for i in range(h.n_melds):
        if h.meld_type[i] != SC_PUNG:
            kongs += 1
    # 龙七对 (and 清龙七对) carry one 根 in their base: "不再计七对，同时减1根"
    if seven and quads > 0:
        quads -= 1
    if r.xuezhan:
        s.gen = <int8_t>quads
        s.kongs = 0
        s.additions = quads
        if flags & SC_F_KONG_FLOWER:
            s.additions += 1
        if flags & SC_F_KONG_DISCARD:
            s.additions += 1
        if flags & SC_F_ROBBED:
            s.additions += 1
        s.raw = s.base + s.additions
        s.value = s.raw if s.raw < r.fan_cap else r.fan_cap
        s.unit = 1 << s.value
    else:
        # §2: +1 per kong, +1 per 根; a declared kong is its own 根 unless kong_and_gen (SC-A4)
        s.kongs = <int8_t>kongs
        s.gen = <int8_t>(quads - kongs + (kongs if r.kong_and_gen else 0))
        s.additions = s.kongs + s.gen
        if flags & SC_F_KONG_FLOWER:
            s.additions += 2
        if (flags & SC_F_ROBBED) and not r.qianggang_base:
            s.additions += 1
        s.raw = s.base + s.additions
        s.value = s.raw
        s.unit = s.value


cdef int sc_evaluate(const ScRules* r, const ScHand* h, int flags, ScScore* out) noexcept nogil:
    if not sc_is_win(h):
        return -1
    return sc_evaluate_win(r, h, flags, out)


cdef int sc_evaluate_win(const ScRules* r, const ScHand* h, int flags, ScScore* out) noexcept nogil:
    cdef ScReading rd[SC_MAX_READINGS]
    cdef ScScore cur
    cdef int n, i, found = 0
    cdef bint flush
    cdef uint32_t extra = 0, pats
    flush = sc_suit_mask(h) in (1, 2, 4)
    if flags & SC_F_TIANHU:
        extra |= 1u << SC_P_TIANHU
    if flags & SC_F_DIHU:
        extra |= 1u << SC_P_DIHU
    if flags & SC_F_ROBBED:
        extra |= 1u << SC_P_QIANGGANG
    if sc_is_seven_pairs(h):
        pats = extra | (1u << SC_P_QIDUI)
        if sc_quads(h):
            pats |= 1u << SC_P_LONGQIDUI
        if flush:
            pats |= (1u << SC_P_QINGYISE) | (1u << SC_P_QINGQIDUI)
            if sc_quads(h):
                pats |= 1u << SC_P_QINGLONGQIDUI
        _finish(r, h, pats, 1, flags, out)
        found = 1
    n = sc_readings(h, rd, SC_MAX_READINGS)
    for i in range(n):
        _finish(r, h, extra | _reading_patterns(h, &rd[i], flush), 0, flags, &cur)
        if not found or cur.raw > out.raw:   # on the uncapped value, so ties at the cap keep the richer reading
            memcpy(out, &cur, sizeof(ScScore))
            found = 1
    return 0 if found else -1


cdef int sc_wait_value(const ScRules* r, const ScHand* h, bint want_max, int32_t* unit) noexcept nogil:
    cdef uint32_t mask = sc_wait_mask(h)
    cdef ScHand w
    cdef ScScore s
    cdef ScRules rr
    cdef int k, best = -1
    cdef int32_t best_unit = 0
    memcpy(&rr, r, sizeof(ScRules))
    if not r.xuezhan and not r.chajiao_kongs:
        rr.kong_and_gen = 0
    for k in range(SC_KINDS):
        if not mask & (1u << k):
            continue
        memcpy(&w, h, sizeof(ScHand))
        w.counts[k] += 1
        if sc_evaluate(&rr, &w, 0, &s) < 0:
            continue
        if not r.xuezhan and not r.chajiao_kongs:
            s.value -= s.kongs   # SC-A6 option: the value without the declared kongs
        if best < 0 or (s.value > best if want_max else s.value < best):
            best = s.value
    if best >= 0:
        best_unit = (1 << best) if r.xuezhan else best
    unit[0] = best_unit
    return best


cdef int32_t sc_win_deltas(const ScScore* s, int base, int winner, int payer, int payers_mask,
                           int32_t* deltas) noexcept nogil:
    cdef int32_t pay = s.unit * base, gain = 0
    cdef int i
    for i in range(4):
        if i == winner:
            continue
        if (payer >= 0 and i == payer) or (payer < 0 and payers_mask & (1 << i)):
            deltas[i] -= pay
            gain += pay
    deltas[winner] += gain
    return gain


cdef inline int _pay(ScPayment* out, int n, int payer, int receiver, int kind, int32_t amount,
                     int32_t* deltas) noexcept nogil:
    if amount <= 0 or n >= SC_MAX_PAYMENTS:
        return n
    out[n].payer = <int8_t>payer
    out[n].receiver = <int8_t>receiver
    out[n].kind = <uint8_t>kind
    out[n].amount = amount
    deltas[payer] -= amount
    deltas[receiver] += amount
    return n + 1


cdef int sc_end_settle(const ScRules* r, const ScHand* hands, const uint8_t* won, int32_t* deltas,
                       ScPayment* out) noexcept nogil:
    cdef int i, j, n = 0, any_won = 0
    cdef int val[4]
    cdef int32_t unit[4]
    cdef bint huazhu[4]
    for i in range(4):
        any_won |= won[i]
        huazhu[i] = not won[i] and sc_is_huazhu(&hands[i])
        val[i] = -1
        unit[i] = 0
        if (not won[i] or r.dajiao_to_winners) and not huazhu[i]:
            # §2 查叫 pays each ready player's minimum, §3 查大叫 the maximum
            val[i] = sc_wait_value(r, &hands[i], r.xuezhan, &unit[i])
    if not r.xuezhan:
        for i in range(4):
            if won[i] or val[i] >= 0:
                continue
            for j in range(4):
                if j != i and not won[j] and val[j] >= 0:
                    n = _pay(out, n, i, j, SC_PAY_CHAJIAO, unit[j] * r.base, deltas)
        return n
    if r.end_checks == 1 and any_won:
        return 0
    # 查花猪: each 花猪 pays 2^cap units to every non-花猪 seat, winners included (XZ-A2 default)
    for i in range(4):
        if not huazhu[i]:
            continue
        for j in range(4):
            if j != i and not huazhu[j]:
                n = _pay(out, n, i, j, SC_PAY_HUAZHU, (1 << r.fan_cap) * r.base, deltas)
    # 查大叫: each unfinished non-ready non-花猪 seat pays every ready unfinished seat (and ready
    # winner, XZ-A8 option) its maximum
    for i in range(4):
        if won[i] or huazhu[i] or val[i] >= 0:
            continue
        for j in range(4):
            if j != i and (not won[j] or r.dajiao_to_winners) and val[j] >= 0:
                n = _pay(out, n, i, j, SC_PAY_DAJIAO, unit[j] * r.base, deltas)
    return n


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers (the calculator fzsim.packs.sichuan.calculator builds on these)

PATTERNS = ("pinghu", "duiduihu", "qingyise", "yaojiu", "qidui", "longqidui", "qingdui", "jiangdui",
            "qingqidui", "qingyaojiu", "qinglongqidui", "tianhu", "dihu", "qianggang")
FLAGS = {"selfdraw": SC_F_SELFDRAW, "kong_flower": SC_F_KONG_FLOWER, "kong_discard": SC_F_KONG_DISCARD,
         "robbed_kong": SC_F_ROBBED, "tianhu": SC_F_TIANHU, "dihu": SC_F_DIHU}
PAYMENT_KINDS = ("win", "chajiao", "huazhu", "dajiao")
#: the rule options each preset's scoring reads, with their defaults (docs/spec/RULES-PACKS.md §9)
OPTIONS = {
    "sichuan": {"longqidui_value": 4, "qianggang_base": False, "kong_and_gen": False, "chajiao_kongs": True},
    "xuezhan": {"end_checks": "any_unfinished", "dajiao_to_winners": False},
}


cdef int _rules(ScRules* r, str pack, int base, dict options) except -1:
    if pack not in OPTIONS:
        raise ValueError(f"pack {pack!r} is unknown: allowed {', '.join(OPTIONS)}")
    if not isinstance(base, int) or not 1 <= base <= 1_000_000:
        raise ValueError(f"base {base!r}: allowed an integer 1..1000000")
    sc_rules_default(r, pack == "xuezhan", base)
    opts = dict(OPTIONS[pack])
    for key, value in (options or {}).items():
        if key not in opts:
            raise ValueError(f"option {key!r} is unknown for {pack}: allowed {', '.join(opts) or 'none'}")
        opts[key] = value
    if pack == "sichuan":
        if opts["longqidui_value"] not in (4, 8):
            raise ValueError(f"longqidui_value {opts['longqidui_value']!r}: allowed 4 (default) or 8 (SC-A1)")
        for key in ("qianggang_base", "kong_and_gen", "chajiao_kongs"):
            if not isinstance(opts[key], bool):
                raise ValueError(f"{key} {opts[key]!r}: allowed true or false")
        r.longqidui_value = opts["longqidui_value"]
        r.qianggang_base = opts["qianggang_base"]
        r.kong_and_gen = opts["kong_and_gen"]
        r.chajiao_kongs = opts["chajiao_kongs"]
    else:
        if opts["end_checks"] not in ("any_unfinished", "no_winner_only"):
            raise ValueError(f"end_checks {opts['end_checks']!r}: allowed any_unfinished (default) or "
                             f"no_winner_only (XZ-A2)")
        r.end_checks = opts["end_checks"] == "no_winner_only"
        if not isinstance(opts["dajiao_to_winners"], bool):
            raise ValueError(f"dajiao_to_winners {opts['dajiao_to_winners']!r}: allowed true or false (XZ-A8)")
        r.dajiao_to_winners = opts["dajiao_to_winners"]
    return 0


cdef dict _score_dict(const ScScore* s):
    return {"patterns": [PATTERNS[p] for p in range(SC_N_PATTERNS) if s.patterns & (1u << p)],
            "base_pattern": PATTERNS[s.base_pattern], "base": int(s.base), "gen": int(s.gen),
            "kongs": int(s.kongs), "additions": int(s.additions), "raw": int(s.raw),
            "value": int(s.value), "unit": int(s.unit)}


_NOT_A_WIN = ("not a Sichuan win: the tiles are neither 4 sets + a pair nor seven pairs, "
              "or they hold three suits")


cdef int _flags(flags) except -1:
    cdef int f = 0
    if isinstance(flags, str):
        raise ValueError(f"flags {flags!r}: expected a list of names from {', '.join(FLAGS)}")
    for name in flags:
        if name not in FLAGS:
            raise ValueError(f"flag {name!r} is unknown: allowed {', '.join(FLAGS)}")
        f |= FLAGS[name]
    return f


def evaluate(str pack, counts, melds=(), flags=(), int base=1, options=None):
    """Score a winning hand: dict of patterns (of the counted reading), base_pattern, base, gen,
    kongs, additions, raw, value (分 / capped 番) and unit (分 or 2^番 per payer per base unit).
    flags: names from FLAGS. Raises ValueError if the hand is not a Sichuan win."""
    cdef ScRules r
    cdef ScHand h
    cdef ScScore s
    cdef int f = 0
    _rules(&r, pack, base, options)
    load_hand(&h, counts, melds)
    f = _flags(flags)
    if sc_evaluate(&r, &h, f, &s) < 0:
        raise ValueError(_NOT_A_WIN)
    return _score_dict(&s)


def wait_value(str pack, counts, melds=(), bint want_max=False, options=None):
    """(value, unit) of the best (want_max) or worst wait with no situational additions, or None
    if the hand is not ready: what 查叫 (min) and 查大叫 (max) charge."""
    cdef ScRules r
    cdef ScHand h
    cdef int32_t unit
    _rules(&r, pack, 1, options)
    load_hand(&h, counts, melds)
    v = sc_wait_value(&r, &h, want_max, &unit)
    return None if v < 0 else (int(v), int(unit))


def win_deltas(str pack, counts, melds=(), flags=(), int winner=0, int payer=-1, int payers_mask=0,
               int base=1, options=None):
    """(score dict, deltas[4]) of one win paid by `payer` alone (>= 0) or by every seat of
    payers_mask other than the winner."""
    cdef ScRules r
    cdef ScHand h
    cdef ScScore s
    cdef int32_t d[4]
    cdef int f = 0
    if not 0 <= winner <= 3 or not -1 <= payer <= 3 or payer == winner or not 0 <= payers_mask <= 15:
        raise ValueError(f"winner {winner}, payer {payer}, payers_mask {payers_mask}: seats are 0..3, "
                         f"the payer is not the winner (-1: the payers_mask seats pay)")
    _rules(&r, pack, base, options)
    load_hand(&h, counts, melds)
    f = _flags(flags)
    if sc_evaluate(&r, &h, f, &s) < 0:
        raise ValueError(_NOT_A_WIN)
    memset(d, 0, sizeof(d))
    sc_win_deltas(&s, base, winner, payer, payers_mask, d)
    return _score_dict(&s), [int(d[i]) for i in range(4)]


def end_settle(str pack, hands, won, int base=1, options=None):
    """End-of-hand settlement: hands = four (counts, melds) final hands (13 - 3 x melds concealed
    tiles for a seat still playing; a winner's hand is not read), won = four booleans.
    Returns (deltas[4], [(payer, receiver, kind, amount), ...])."""
    cdef ScRules r
    cdef ScHand hs[4]
    cdef uint8_t w[4]
    cdef int32_t d[4]
    cdef ScPayment out[SC_MAX_PAYMENTS]
    cdef int i, n
    _rules(&r, pack, base, options)
    hands = list(hands)
    won = list(won)
    if len(hands) != 4 or len(won) != 4:
        raise ValueError(f"end_settle needs 4 hands and 4 won flags, got {len(hands)} and {len(won)}")
    for i in range(4):
        if not isinstance(won[i], (bool, np.bool_)):
            raise ValueError(f"won[{i}] = {won[i]!r}: allowed True or False")
        w[i] = bool(won[i])
        try:
            counts, melds = hands[i]
        except (TypeError, ValueError):
            raise ValueError(f"hands[{i}]: expected (counts, melds)") from None
        load_hand(&hs[i], counts, melds)
        size = int(sum(hs[i].counts[k] for k in range(SC_KINDS)))
        if not w[i] and size != 13 - 3 * hs[i].n_melds:
            raise ValueError(f"seat {i} is still playing but holds {size} concealed tiles with "
                             f"{hs[i].n_melds} meld(s): at the end of the wall it holds {13 - 3 * hs[i].n_melds}")
    memset(d, 0, sizeof(d))
    n = sc_end_settle(&r, hs, w, d, out)
    return ([int(d[i]) for i in range(4)],
            [(int(out[j].payer), int(out[j].receiver), PAYMENT_KINDS[out[j].kind], int(out[j].amount))
             for j in range(n)])
