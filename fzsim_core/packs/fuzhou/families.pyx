# cython: language_level=3
"""The Fuzhou pack's scoring of one win (docs/spec/RULES.md §10): its four scoring families, zero-sum deltas.

`score_win` is the C entry point the pack's scoring hook (score.pyx) calls for every win and the
generic value policy prices wins with (the pack's Pack.score_facts); `score_facts` is the same
computation from Python (used by ``fzsim.score`` and the tests). The constants are the rules
header's (base, flower_point, zhuazhuang) and the pack's own options (options.pxd FzOptions).

Conventions (README "Rule variants and scoring"):
- F: `flower_point` per flower, but a complete set of four identical honour
  flowers, or all of 春夏秋冬, or all of 梅兰竹菊, scores `flower_set_value`.
- K: `exposed_kong_points` per exposed/added kong + `concealed_kong_points` per
  concealed kong.  G: golds in the winning hand.  L: the dealer's 连庄 count;
  a non-dealer winner adds it only with `zhuazhuang` (抓庄); with
  `zhuazhuang_payer = dealer` only the dealer's payment includes it.
- Payers: the three others on a self-draw, the discarder on a discard win; a
  bianfeng special won on a discard is paid as a self-draw by all three or, with
  `special_discard_payer = discarder`, by the discarder alone. With `loss_cap` > 0
  no payment exceeds it; the winner receives the sum of the capped payments.
- `specials` holds every special whose condition holds, whatever the family
  (the engine's bits, the bit implied by the win type, and 平胡 derived here
  from the winner's flowers and kongs); a special *counts* only if its value
  in the rule set is > 0, and only the largest one counts (ties: the first
  in SP_* bit order).
"""
from libc.stdint cimport int64_t

import operator

from fzsim_core.notation import kind_index, parse
from fzsim_core.rules cimport Rules, RuleSet
from fzsim_core.win_facts cimport *
from fzsim_core.win_facts import SPECIALS, WIN_TYPES
from fzsim_core.packs.registry cimport SCORING_FUZHOU, SCORING_LIANZHONG, SCORING_BIANFENG, SCORING_YOUJIN
from fzsim_core.packs.fuzhou.options cimport (FzOptions, fz_options, SPECIAL_DISCARD_PAYER_ALL,
                                              ZHUAZHUANG_PAYER_DEALER)

#: the pack's scoring families (the rules' `scoring` values it plays), by name
SCORING_FAMILIES = {"fuzhou": SCORING_FUZHOU, "lianzhong": SCORING_LIANZHONG, "bianfeng": SCORING_BIANFENG,
                    "youjin": SCORING_YOUJIN}

# flower slots in WinFacts.flowers: 0..6 honours 1z..7z, 7..10 春夏秋冬, 11..14 梅兰竹菊
cdef enum:
    _N_HONOR_SLOTS = 7
    _SEASONS = 7
    _PLANTS = 11


cdef inline int32_t _special_value(const RuleSet* r, uint32_t bit) noexcept nogil:
    if bit == SP_TIANHU:
        return fz_options(r).special_tianhu
    if bit == SP_QIANGJIN:
        return fz_options(r).special_qiangjin
    if bit == SP_SANJINDAO:
        return fz_options(r).special_sanjindao
    if bit == SP_JINQUE:
        return fz_options(r).special_jinque
    if bit == SP_JINLONG:
        return fz_options(r).special_jinlong
    if bit == SP_PINGHU_NOFLOWER:
        return fz_options(r).special_pinghu_noflower
    if bit == SP_PINGHU_ONEFLOWER:
        return fz_options(r).special_pinghu_oneflower
    return 0


cdef inline int32_t _flower_set_points(const uint8_t* slots, int n, const RuleSet* r) noexcept nogil:
    # a set of n one-copy flowers (春夏秋冬 or 梅兰竹菊): complete -> the set value
    cdef int i
    cdef int32_t held = 0
    for i in range(n):
        held += slots[i]
    if held == n:
        return fz_options(r).flower_set_value
    return held * r.flower_point


cdef void score_win(const RuleSet* rules, const WinFacts* win, ScoreResult* out) noexcept nogil:
    cdef int i
    cdef int32_t n_flowers = 0, P, P_no_L, pay, best = 0, value
    cdef uint32_t sp, bit
    cdef bint selfdraw, all_pay, counted_special
    cdef const FzOptions* opts = fz_options(rules)
    out.F = 0
    out.K = 0
    out.G = 0
    out.L = 0
    out.S = 0
    out.specials = 0
    out.special_counted = 0
    for i in range(4):
        out.deltas[i] = 0
    if win.win_type == WIN_NONE or win.winner < 0:
        return

    # F: honour flowers (only present when honours are flowers), then the two one-copy sets
    for i in range(_N_HONOR_SLOTS):
        n_flowers += win.flowers[i]
        if win.flowers[i] >= 4:
            out.F += opts.flower_set_value
        else:
            out.F += win.flowers[i] * rules.flower_point
    for i in range(_SEASONS, N_FLOWER_SLOTS):
        n_flowers += win.flowers[i]
    out.F += _flower_set_points(&win.flowers[_SEASONS], 4, rules)
    out.F += _flower_set_points(&win.flowers[_PLANTS], 4, rules)
    out.K = win.exposed_kongs * opts.exposed_kong_points + win.concealed_kongs * opts.concealed_kong_points
    out.G = win.golds
    if win.winner == win.dealer or rules.zhuazhuang:
        out.L = win.dealer_streak

    # specials: the engine's, the one the win type implies, and 平胡 from flowers and kongs
    sp = win.specials
    if win.win_type == WIN_TIANHU:
        sp |= SP_TIANHU
    elif win.win_type == WIN_QIANGJIN:
        sp |= SP_QIANGJIN
    elif win.win_type == WIN_SANJINDAO:
        sp |= SP_SANJINDAO
    if win.exposed_kongs == 0 and win.concealed_kongs == 0:
        if n_flowers == 0:
            sp |= SP_PINGHU_NOFLOWER
        elif n_flowers == 1:
            sp |= SP_PINGHU_ONEFLOWER
    out.specials = sp
    bit = 1
    while bit <= SP_PINGHU_ONEFLOWER:
        if sp & bit:
            value = _special_value(rules, bit)
            if value > best:
                best = value
                out.special_counted = bit
        bit <<= 1
    out.S = best
    counted_special = out.special_counted != 0
    # lianzhong: 抢金 / 三金倒 / 金雀 (any counted special but 平胡 itself) +bonus when also 平胡
    if (rules.scoring == SCORING_LIANZHONG and counted_special
            and out.special_counted != SP_PINGHU_NOFLOWER and out.special_counted != SP_PINGHU_ONEFLOWER
            and (sp & SP_PINGHU_NOFLOWER)):
        out.S += opts.lianzhong_pinghu_bonus

    selfdraw = not (win.win_type == WIN_DISCARD or win.win_type == WIN_ROBBED_KONG)
    # who pays: the three others on a self-draw, else the discarder; a bianfeng special is paid
    # as a self-draw, by all three or (special_discard_payer) by the discarder alone
    all_pay = selfdraw
    if rules.scoring == SCORING_BIANFENG and counted_special and not selfdraw:
        all_pay = opts.special_discard_payer == SPECIAL_DISCARD_PAYER_ALL
        selfdraw = True
    P = _payment(rules, out, out.L, selfdraw, counted_special, win.youjin_level)
    P_no_L = P
    if out.L and win.winner != win.dealer and opts.zhuazhuang_payer == ZHUAZHUANG_PAYER_DEALER:
        P_no_L = _payment(rules, out, 0, selfdraw, counted_special, win.youjin_level)
    for i in range(4):
        if i == win.winner or not (all_pay or i == win.discarder):
            continue
        pay = P if i == win.dealer else P_no_L
        if opts.loss_cap > 0 and pay > opts.loss_cap:
            pay = opts.loss_cap
        out.deltas[i] = -pay
        out.deltas[win.winner] += pay


cdef int32_t _payment(const RuleSet* rules, const ScoreResult* out, int32_t L, bint selfdraw,
                      bint counted_special, int youjin_level) noexcept nogil:
    """What one payer pays (§10) given the L that payer's formula uses; `selfdraw` already
    says how a bianfeng special is paid (as a self-draw)."""
    cdef int32_t H, B, mult
    cdef const FzOptions* opts = fz_options(rules)
    if rules.scoring == SCORING_FUZHOU:
        return (out.F + out.K + out.G + L + rules.base) * opts.multiplier + out.S
    if rules.scoring == SCORING_LIANZHONG:
        H = out.F + out.K + L
        return H * opts.multiplier + out.S if (counted_special or selfdraw) else H
    if rules.scoring == SCORING_BIANFENG:
        if counted_special:   # a special replaces the base, flowers counted as self-draw
            return out.S + opts.multiplier * (out.F + out.K + out.G + L)
        if selfdraw:
            return opts.multiplier * (rules.base + out.F + out.K + out.G + L)
        return opts.discard_multiplier * (rules.base + out.F + out.K + out.G + L)
    # SCORING_YOUJIN
    B = rules.base + out.F + out.G + L + out.K
    if not selfdraw:
        B += opts.youjin_discard_bonus
        mult = opts.youjin_mult_discard
    elif youjin_level == 1:
        mult = rules.youjin_mult_single
    elif youjin_level == 2:
        mult = rules.youjin_mult_double
    elif youjin_level >= 3:
        mult = rules.youjin_mult_triple
    else:
        mult = rules.youjin_mult_selfdraw
    return B * mult + out.S


cdef object _whole(str name, value):
    """`value` as a Python int, or ValueError naming the argument (floats and strings refused)."""
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{name} must be an integer, got {value!r}") from None


def score_facts(Rules rules not None, *, winner, dealer, win_type, discarder=-1,
                specials=0, flowers=(), exposed_kongs=0, concealed_kongs=0, golds=0,
                dealer_streak=0, youjin_level=0):
    """Score one win from its facts, exactly as the engine does (`score_win`).

    `win_type` is a WIN_TYPES name or value; `specials` an int of SP_* bits or an
    iterable of SPECIALS names (the engine's bits: 天胡, 抢金, 三金倒, 金雀, 金龙;
    平胡 is derived here); `flowers` the winner's flowers as 15 counts (kinds
    27..41, i.e. 1z..7z then 1f..8f) or as kind indices/notation names.
    Returns a dict: F, K, G, L, S, specials, special_counted (SP_* bits) and
    deltas (list of 4 ints, zero-sum).
    """
    cdef WinFacts w
    cdef ScoreResult res
    cdef int i
    winner, dealer, discarder = _whole("winner", winner), _whole("dealer", dealer), _whole("discarder", discarder)
    exposed_kongs, concealed_kongs = _whole("exposed_kongs", exposed_kongs), _whole("concealed_kongs", concealed_kongs)
    golds, dealer_streak = _whole("golds", golds), _whole("dealer_streak", dealer_streak)
    youjin_level = _whole("youjin_level", youjin_level)
    if isinstance(win_type, str):
        if win_type not in WIN_TYPES:
            raise ValueError(f"win_type {win_type!r} is unknown: allowed {sorted(WIN_TYPES)}")
        win_type = WIN_TYPES[win_type]
    win_type = _whole("win_type", win_type)
    if win_type not in WIN_TYPES.values():
        raise ValueError(f"win_type {win_type!r} is out of range: allowed {sorted(WIN_TYPES.values())}")
    for name, seat in (("winner", winner), ("dealer", dealer)):
        if not 0 <= seat <= 3:
            raise ValueError(f"{name} seat {seat} is out of range: allowed 0..3")
    if win_type in (WIN_DISCARD, WIN_ROBBED_KONG):
        if not 0 <= discarder <= 3 or discarder == winner:
            raise ValueError(f"discarder {discarder} must be a seat 0..3 other than the winner {winner} "
                             f"for a discard or robbed-kong win")
    elif discarder != -1:
        raise ValueError(f"discarder {discarder} given for a win by self-draw: use -1")
    if isinstance(specials, int):
        sp = int(specials)
    else:
        sp = 0
        for name in specials:
            if name not in SPECIALS:
                raise ValueError(f"special {name!r} is unknown: allowed {sorted(SPECIALS)}")
            sp |= SPECIALS[name]
    if not 0 <= sp < 2 * SP_PINGHU_ONEFLOWER:
        raise ValueError(f"specials bits {sp} out of range: allowed 0..{2 * SP_PINGHU_ONEFLOWER - 1}")
    slots = _flower_slots(flowers)
    for name, value, hi in (("exposed_kongs", exposed_kongs, 5), ("concealed_kongs", concealed_kongs, 5),
                            ("golds", golds, 4), ("dealer_streak", dealer_streak, 255),
                            ("youjin_level", youjin_level, 3)):
        if not 0 <= value <= hi:
            raise ValueError(f"{name} = {value} is out of range: allowed 0..{hi}")
    if exposed_kongs + concealed_kongs > 5:
        raise ValueError(f"{exposed_kongs + concealed_kongs} kongs: a hand has at most 5 melds")
    if youjin_level and win_type in (WIN_DISCARD, WIN_ROBBED_KONG):
        raise ValueError(f"youjin_level {youjin_level} with a discard win: 游金 wins only by self-draw")
    w.winner = winner
    w.dealer = dealer
    w.discarder = discarder
    w.win_type = win_type
    w.specials = sp
    for i in range(N_FLOWER_SLOTS):
        w.flowers[i] = slots[i]
    w.exposed_kongs = exposed_kongs
    w.concealed_kongs = concealed_kongs
    w.golds = golds
    w.dealer_streak = dealer_streak
    w.youjin_level = youjin_level
    score_win(&rules.c, &w, &res)
    return {
        "F": res.F, "K": res.K, "G": res.G, "L": res.L, "S": res.S,
        "specials": res.specials, "special_counted": res.special_counted,
        "deltas": [res.deltas[0], res.deltas[1], res.deltas[2], res.deltas[3]],
    }


def _flower_slots(flowers):
    """15 per-kind flower counts (kinds 27..41) from counts, kind indices or notation."""
    if isinstance(flowers, str):
        counts = parse(flowers)
        if counts[:27].any():
            raise ValueError(f"flowers {flowers!r} include suited tiles: flowers are 1z..7z and 1f..8f")
        return [int(c) for c in counts[27:42]]
    flowers = list(flowers)
    if len(flowers) == N_FLOWER_SLOTS and all(0 <= int(c) <= 4 for c in flowers) and not any(
            isinstance(c, str) for c in flowers):
        slots = [int(c) for c in flowers]
    else:
        slots = [0] * N_FLOWER_SLOTS
        for kind in flowers:
            kind = kind_index(kind) if isinstance(kind, str) else _whole("flower kind", kind)
            if not 27 <= kind <= 41:
                raise ValueError(f"flower kind {kind} out of range: allowed 27..41 (1z..7z, 1f..8f)")
            slots[kind - 27] += 1
    for i, c in enumerate(slots):
        if c > (4 if i < 7 else 1):
            raise ValueError(f"{c} copies of flower kind {27 + i}: the tile set has only {4 if i < 7 else 1}")
    return slots


def _bench_score_win(Rules rules not None, long long n):
    """Seconds for `n` score_win calls cycling through 64 varied wins, GIL released (benchmarks only)."""
    import time
    cdef WinFacts facts[64]
    cdef ScoreResult res
    cdef long long i
    cdef int j, k
    cdef int64_t checksum = 0
    for j in range(64):
        facts[j].winner = j % 4
        facts[j].dealer = (j // 4) % 4
        facts[j].win_type = WIN_DISCARD if j % 3 == 0 else (WIN_SELFDRAW if j % 3 == 1 else WIN_QIANGJIN)
        facts[j].discarder = (facts[j].winner + 1) % 4 if facts[j].win_type == WIN_DISCARD else -1
        facts[j].specials = SP_JINQUE if j % 7 == 0 else 0
        for k in range(N_FLOWER_SLOTS):
            facts[j].flowers[k] = (j >> (k % 6)) & 1
        facts[j].exposed_kongs = j % 2
        facts[j].concealed_kongs = (j // 8) % 2
        facts[j].golds = j % 4
        facts[j].dealer_streak = j % 5
        facts[j].youjin_level = (j // 16) % 4 if facts[j].win_type == WIN_SELFDRAW else 0
    start = time.perf_counter()
    with nogil:
        for i in range(n):
            score_win(&rules.c, &facts[i & 63], &res)
            checksum += res.deltas[0]
    elapsed = time.perf_counter() - start
    return elapsed, checksum
