"""Slow, obviously-correct reference for the Shanghai pack (tests only): patterns from the definitions of
docs/spec/RULES-PACKS.md §1.3 over every reading, gate-aware waits and shanten by exhaustive search, the §1.4
flower table and per-payer value, and the payments written out case by case. Shares no code or
tables with fzsim_core.packs.shanghai (readings come from tests/reference_beijing.py, the exchange
search from tests/reference_win.py).
"""
from __future__ import annotations

from functools import lru_cache

from reference_beijing import _held, readings
from reference_win import _can

N = 34
WINDS = set(range(27, 31))
DRAGONS = set(range(31, 34))
VALUE_LEZI = {"qingyise": 1, "hunpeng": 1, "qingpeng": 2, "fengyise": 2, "fengpeng": 4, "bahua": 2}


def _kinds(counts, melds):
    ks = {k for k in range(N) if counts[k]}
    for t, k in melds:
        ks |= {k, k + 1, k + 2} if t == "chow" else {k}
    return ks


def ref_patterns(counts, melds=(), feng_all=True, fengyise_shape=False) -> set:
    if sum(int(x) for x in counts[:N]) != 14 - 3 * len(melds):
        return set()
    feng = WINDS | DRAGONS if feng_all else WINDS
    rds = readings(tuple(int(x) for x in counts[:N]), 0, True)
    std = bool(rds)
    pungs = std and any(all(g[0] != "chow" for g in rd) for rd in rds) and all(t != "chow" for t, _ in melds)
    ks = _kinds(counts, melds)
    suits = {k // 9 for k in ks if k < 27}
    has_feng = bool(ks & feng)
    other = bool({k for k in ks if k >= 27} - feng)
    out = set()
    if pungs:
        out.add("pengpeng")
    if std and len(suits) == 1 and not other:
        if not has_feng:
            out |= {"qingyise"} | ({"qingpeng"} if pungs else set())
        else:
            out |= {"hunyise"} | ({"hunpeng"} if pungs else set())
    if ks <= feng and all(t != "chow" for t, _ in melds):
        if std or not fengyise_shape:
            out.add("fengyise")
        if pungs:
            out.add("fengpeng")
    return out


def ref_waits(counts, melds=(), **kw) -> int:
    mask = 0
    for k in range(N):
        if _held(counts, melds, k) >= 4:
            continue
        c = [int(x) for x in counts[:N]]
        c[k] += 1
        if ref_patterns(c, melds, **kw):
            mask |= 1 << k
    return mask


@lru_cache(maxsize=1 << 18)
def _pungs_can(counts: tuple, wilds: int, pair_open: bool, drops: int) -> bool:
    """Real tiles + `wilds` drawn tiles form pungs (+ the pair) once `drops` real tiles are dropped."""
    i = next((k for k in range(N) if counts[k]), -1)
    if i < 0:
        if drops:
            return False
        return (wilds >= 2 and (wilds - 2) % 3 == 0) if pair_open else wilds % 3 == 0
    c = list(counts)
    c[i] -= 1
    if drops and _pungs_can(tuple(c), wilds, pair_open, drops - 1):
        return True
    for size, is_pair in ((3, False), (2, True)):
        if is_pair and not pair_open:
            continue
        for real in range(1, size + 1):
            if c[i] < real - 1 or size - real > wilds:
                continue
            d = list(c)
            d[i] -= real - 1
            if _pungs_can(tuple(d), wilds - (size - real), pair_open and not is_pair, drops):
                return True
    return False


def ref_shanten(counts, melds=(), feng_all=True, fengyise_shape=False):
    """Fewest exchanges to a legal win (-1) or to ready (0), the 4-copy limit ignored; None if no
    allowed pattern is reachable with these melds."""
    c = [int(x) for x in counts[:N]]
    size = sum(c)
    extra = 1 if size % 3 == 1 else 0
    feng = WINDS | DRAGONS if feng_all else WINDS
    best = []
    chow = any(t == "chow" for t, _ in melds)
    meld_kinds = _kinds([0] * N, melds)
    if not chow:
        for j in range(size + 1):
            if _pungs_can(tuple(c), extra + j, True, j):
                best.append(j - 1 + extra)
                break
    if not meld_kinds & ({k for k in range(27, 34)} - feng):
        for s in range(3):
            if {k // 9 for k in meld_kinds if k < 27} - {s}:
                continue
            keep = set(range(9 * s, 9 * s + 9)) | feng
            r = [c[k] if k in keep else 0 for k in range(N)]
            forced = size - sum(r)
            for j in range(sum(r) + 1):
                if _can(bytes(r), forced + extra + j, True, j):
                    best.append(forced + j - 1 + extra)
                    break
        if not meld_kinds - feng and not chow and not fengyise_shape:
            best.append(size + extra - sum(c[k] for k in feng) - 1)
    return min(best) if best else None


def ref_flowers(counts, melds, n_flowers) -> int:
    f = n_flowers
    for t, k in melds:
        if t == "chow":
            continue
        kind = "suit" if k < 27 else ("wind" if k in WINDS else "dragon")
        table = {"suit": {"pung": 0, "kong": 1, "added_kong": 1, "concealed_kong": 2},
                 "wind": {"pung": 1, "kong": 2, "added_kong": 2, "concealed_kong": 3},
                 "dragon": {"pung": 2, "kong": 3, "added_kong": 3, "concealed_kong": 4}}
        f += table[kind][t]
    for k in range(27, 34):
        if counts[k] >= 3:
            f += 1 if k in WINDS else 2
    return f


def ref_per_payer(pattern_set, flowers, *, gangkai=False, dadiaoche=False, kaibao=False, huangfan=0,
                  lezi=10, base=2, floor_cap=False, stack="multiply", pow2=False):
    """(counted pattern value after the floor, multiplier, P) from the §1.4 text."""
    values = {}
    for p in pattern_set:
        values[p] = min(base + flowers, lezi) if p in ("pengpeng", "hunyise") else VALUE_LEZI[p] * lezi
    v = max(values.values())
    if (gangkai or dadiaoche) and v < lezi:
        v = lezi
    elif (gangkai or dadiaoche) and floor_cap and v > lezi:
        v = lezi
    mk = 2 if kaibao else 1
    mh = (2 ** huangfan if pow2 else 2) if huangfan >= 1 else 1
    m = max(mk, mh) if stack == "max" else mk * mh
    return v, m, v * m


def ref_deltas(P, winner, payer, robbed, liable, full=False):
    """Payments of §1.4 written out: discard / self-draw / robbed kong, 承包 extra or full."""
    d = [0, 0, 0, 0]
    others = [s for s in range(4) if s != winner]
    if full and any(liable):
        whole = P if (payer >= 0 and not robbed) else 3 * P
        for s in others:
            d[s] -= liable[s] * whole
    else:
        if payer < 0:
            for s in others:
                d[s] -= P
        else:
            d[payer] -= 3 * P if robbed else P
        for s in others:
            per = P if (payer >= 0 and not robbed) else (3 * P if robbed else 2 * P)
            d[s] -= liable[s] * per
    d[winner] = -sum(d)
    return d


def clear_cache():
    readings.cache_clear()
    _pungs_can.cache_clear()
    _can.cache_clear()
