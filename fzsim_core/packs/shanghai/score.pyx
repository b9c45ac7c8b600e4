# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Shanghai scoring and payments (contract in score.pxd; docs/spec/RULES-PACKS.md §1.4, §8.1, §9).

Patterns never add: the counted one is the single highest value among those the hand forms (清碰
over 清一色 and 碰碰胡, ...). Per payer: P = V x m, V = min(底分 + 花分, 勒子) for 碰碰胡 / 混一色 and the
fixed 勒子 value otherwise, raised to one 勒子 by 杠开 / 大吊车; m = 开宝 (x2) times 荒番 (x2), which
double the cap as well.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t
from libc.string cimport memset

import numpy as np

from fzsim_core.kit.hand34 cimport (
    MJ_CHOW, MJ_CONCEALED_KONG, MJ_PUNG, MjHand, flag_bits, mj_claimed, mj_concealed_size, mj_load,
)
from fzsim_core.kit.shapes34 cimport mj_is_standard
from fzsim_core.packs.shanghai.shapes cimport (
    SH_BAHUA, SH_FENGPENG, SH_FENGYISE, SH_HUNPENG, SH_HUNYISE, SH_N_PATTERNS, SH_PENGPENG, SH_QINGPENG,
    SH_QINGYISE, SH_STANDALONE, ShShape, sh_patterns, sh_shape_default, shape_options,
)

cdef extern from *:
    """
    /* §1.4 flower points of a set: [suited, wind, dragon][pung, exposed or added kong, concealed kong] */
    static const unsigned char SH_SET_FLOWERS[3][3] = {{0, 1, 2}, {1, 2, 3}, {2, 3, 4}};
    /* fixed values in 勒子 (0: 底分 + 花分) per pattern of shapes.pxd */
    static const unsigned char SH_LEZI[9] = {0, 0, 1, 1, 2, 2, 4, 2, 0};
    """
    const unsigned char SH_SET_FLOWERS[3][3]
    const unsigned char SH_LEZI[9]


cdef void sh_rules_default(ShRules* r) noexcept nogil:
    memset(r, 0, sizeof(ShRules))
    sh_shape_default(&r.shape)
    r.base_points = 2
    r.flower_point = 1
    r.lezi = 10
    r.bahua_lezi = 2


cdef inline int _cls(int k) noexcept nogil:
    return 0 if k < 27 else (1 if k < 31 else 2)


cdef int sh_flower_points(const ShRules* r, const MjHand* h, int n_flowers) noexcept nogil:
    cdef int f = n_flowers, i, k, t
    for i in range(h.n_melds):
        t = h.meld_type[i]
        if t == MJ_CHOW:
            continue
        f += SH_SET_FLOWERS[_cls(h.meld_kind[i])][0 if t == MJ_PUNG else (2 if t == MJ_CONCEALED_KONG else 1)]
    for k in range(27, 34):
        # a concealed honour triple can only be a pung (honours never chow)
        if h.counts[k] >= 3:
            f += SH_SET_FLOWERS[_cls(k)][0]
    return f * r.flower_point


cdef int sh_evaluate(const ShRules* r, const MjHand* h, int flags, int n_flowers, bint kaibao, int huangfan,
                     ShScore* out) noexcept nogil:
    cdef ShScore s
    cdef int p, v, pats, mk, mh
    cdef bint floor_rule
    memset(&s, 0, sizeof(ShScore))
    s.flowers = <int16_t>sh_flower_points(r, h, n_flowers)
    s.dadiaoche = h.n_melds == 4 and mj_claimed(h) == 4
    floor_rule = (flags & SH_F_GANGKAI) or s.dadiaoche
    if flags & SH_F_BAHUA:
        if n_flowers != 8:
            return -1
        s.patterns = 1 << SH_BAHUA
        s.pattern = SH_BAHUA
        s.value = r.bahua_lezi * r.lezi
        floor_rule = 0
    else:
        pats = sh_patterns(&r.shape, h)
        if not pats and r.standalone and floor_rule and mj_is_standard(h):
            pats = 1 << SH_STANDALONE
        if not pats:
            return -1
        s.patterns = pats
        s.value = -1
        for p in range(SH_N_PATTERNS):
            if not pats & (1 << p):
                continue
            v = SH_LEZI[p] * r.lezi
            if v == 0:
                v = r.base_points + s.flowers
                if v > r.lezi:
                    v = r.lezi
            if v >= s.value:    # ties: the later, more specific pattern names the hand
                s.value = <int16_t>v
                s.pattern = p
    s.floored = s.value
    if floor_rule and s.floored < r.lezi:
        s.floored = r.lezi
    elif floor_rule and r.floor_cap and s.floored > r.lezi:
        s.floored = r.lezi
    mk = 2 if kaibao else 1
    mh = 1
    if huangfan >= 1:
        mh = (1 << (huangfan if huangfan < 10 else 10)) if r.huangfan_pow else 2
    s.mult = <int16_t>((mk if mk > mh else mh) if r.stack_max else mk * mh)
    s.per_payer = s.floored * s.mult
    s.cap = (r.lezi if SH_LEZI[s.pattern] == 0 else s.value) * s.mult
    if floor_rule and s.floored > s.value:
        s.cap = s.floored * s.mult
    out[0] = s
    return 0


cdef int32_t sh_win_deltas(const ShRules* r, int32_t per_payer, int winner, int payer, int flags,
                           const uint8_t* liable, int32_t* deltas) noexcept nogil:
    cdef int32_t gain = 0, pay, normal_total, extra
    cdef int i, any_liable = 0
    cdef bint robbed = payer >= 0 and (flags & SH_F_ROBBED)
    for i in range(4):
        if i != winner and liable[i]:
            any_liable = 1
    # the whole hand's normal payment, and the liability per relation on top ("extra")
    normal_total = 3 * per_payer if (payer < 0 or robbed) else per_payer
    extra = 2 * per_payer if payer < 0 else (3 * per_payer if robbed else per_payer)
    for i in range(4):
        if i == winner:
            continue
        pay = 0
        if r.chengbao == SH_CB_FULL and any_liable:
            pay = liable[i] * normal_total
        else:
            if payer < 0:
                pay = per_payer
            elif i == payer:
                pay = 3 * per_payer if robbed else per_payer
            pay += liable[i] * extra
        deltas[i] -= pay
        gain += pay
    deltas[winner] += gain
    return gain


# ---------------------------------------------------------------------------------------------
# Validated Python wrappers (the calculator fzsim.packs.shanghai.calculator builds on these)

PATTERNS = ("pengpeng", "hunyise", "qingyise", "hunpeng", "fengyise", "qingpeng", "fengpeng", "bahua", "standalone")
FLAGS = {"selfdraw": SH_F_SELFDRAW, "gangkai": SH_F_GANGKAI, "robbed_kong": SH_F_ROBBED, "bahua": SH_F_BAHUA}
#: the scoring options the core reads, with their defaults (docs/spec/RULES-PACKS.md §1.4, §9 SH-A2..A9)
OPTIONS = {"base_points": 2, "flower_point": 1, "lezi": 10, "bahua_lezi": 2, "gangkai_over_lezi": "keep",
           "kaibao_huangfan_stack": "multiply", "huangfan_mult": "x2", "dadiaoche_standalone": False,
           "chengbao": "extra", "feng_includes_dragons": True, "fengyise_shape": False}
_CHOICES = {"gangkai_over_lezi": ("keep", "cap"), "kaibao_huangfan_stack": ("multiply", "max"),
            "huangfan_mult": ("x2", "pow2"), "chengbao": ("extra", "full")}


cdef int _rules(ShRules* r, options) except -1:
    sh_rules_default(r)
    opts = dict(OPTIONS)
    for key, value in (options or {}).items():
        if key not in opts:
            raise ValueError(f"option {key!r} is not a Shanghai scoring option: allowed {', '.join(opts)}")
        opts[key] = value
    for key, limit in (("base_points", 1000), ("flower_point", 1000), ("lezi", 10000), ("bahua_lezi", 16)):
        v = opts[key]
        if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= limit:
            raise ValueError(f"{key} {v!r}: allowed an integer 1..{limit}")
    for key, allowed in _CHOICES.items():
        if opts[key] not in allowed:
            raise ValueError(f"{key} {opts[key]!r}: allowed {' or '.join(allowed)} (default {allowed[0]})")
    if not isinstance(opts["dadiaoche_standalone"], bool):
        raise ValueError(f"dadiaoche_standalone {opts['dadiaoche_standalone']!r}: allowed true or false")
    shape_options(&r.shape, opts["feng_includes_dragons"], opts["fengyise_shape"])
    r.base_points = opts["base_points"]
    r.flower_point = opts["flower_point"]
    r.lezi = opts["lezi"]
    r.bahua_lezi = opts["bahua_lezi"]
    r.floor_cap = opts["gangkai_over_lezi"] == "cap"
    r.stack_max = opts["kaibao_huangfan_stack"] == "max"
    r.huangfan_pow = opts["huangfan_mult"] == "pow2"
    r.standalone = opts["dadiaoche_standalone"]
    r.chengbao = SH_CB_FULL if opts["chengbao"] == "full" else SH_CB_EXTRA
    return 0


def evaluate(counts, melds=(), flags=(), int flowers=0, bint kaibao=False, int huangfan=0, options=None):
    """Score a Shanghai win: dict of patterns, pattern (counted), flowers (F), value, floored, mult,
    per_payer (P), cap, dadiaoche. Raises ValueError when the hand is below the minimum."""
    cdef ShRules r
    cdef MjHand h
    cdef ShScore s
    _rules(&r, options)
    mj_load(&h, counts, melds, -1)
    if not 0 <= flowers <= 8 or not 0 <= huangfan <= 1000:
        raise ValueError(f"flowers {flowers}, huangfan {huangfan}: allowed 0..8 flowers and a counter 0..1000")
    f = flag_bits(flags, FLAGS)
    if sh_evaluate(&r, &h, f, flowers, kaibao, huangfan, &s) < 0:
        if f & SH_F_BAHUA:
            raise ValueError(f"八花齐 needs all 8 flowers, got {flowers}")
        raise ValueError("below the Shanghai minimum: a win must be 碰碰胡, 清一色, 清碰, 混一色, 混碰, 风一色 or 风碰 "
                         "(4 sets + a pair; 风一色 any 14 honours)")
    return {"patterns": [PATTERNS[p] for p in range(SH_N_PATTERNS) if s.patterns & (1 << p)],
            "pattern": PATTERNS[s.pattern], "flowers": int(s.flowers), "value": int(s.value),
            "floored": int(s.floored), "mult": int(s.mult), "per_payer": int(s.per_payer), "cap": int(s.cap),
            "dadiaoche": bool(s.dadiaoche)}


def win_deltas(int per_payer, int winner, int payer=-1, bint robbed=False, liable=(0, 0, 0, 0), options=None):
    """deltas[4] of one win worth P per payer (payer -1: self-draw); liable[x] = 承包 relations of seat
    x with the winner (0, 1, or 2 when mutual)."""
    cdef ShRules r
    cdef int32_t d[4]
    cdef uint8_t lb[4]
    _rules(&r, options)
    if per_payer < 0 or not 0 <= winner <= 3 or not -1 <= payer <= 3 or payer == winner or (robbed and payer < 0):
        raise ValueError(f"per_payer {per_payer}, winner {winner}, payer {payer}, robbed {robbed}: P >= 0, seats "
                         f"0..3, the payer (-1 self-draw) not the winner; a robbed kong has a payer")
    liable = list(liable)
    if len(liable) != 4:
        raise ValueError(f"liable {liable!r}: expected 4 relation counts")
    for i in range(4):
        v = liable[i]
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v <= 2 or (i == winner and v):
            raise ValueError(f"liable[{i}] = {v!r}: allowed 0, 1 or 2 (mutual), and 0 for the winner")
        lb[i] = <uint8_t>v
    memset(d, 0, sizeof(d))
    sh_win_deltas(&r, per_payer, winner, payer, SH_F_ROBBED if robbed else 0, lb, d)
    return [int(d[i]) for i in range(4)]
