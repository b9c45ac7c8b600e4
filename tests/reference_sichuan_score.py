"""Slow, plain reference for the Sichuan win value (docs/spec/RULES-PACKS.md §2.4, §3.4), for the tests.

Written from the spec tables without the core: list every reading of the concealed tiles (sets +
pair, by trying pung / pair / chow on the lowest tile left; and seven pairs), name the patterns
each reading has, take the largest base value per preset and add the additions; keep the best.
"""
from __future__ import annotations

SICHUAN = {"pinghu": 1, "duiduihu": 2, "qingyise": 3, "yaojiu": 3, "qidui": 3, "longqidui": 4,
           "qingdui": 4, "jiangdui": 4, "tianhu": 8, "dihu": 8}
XUEZHAN = {"pinghu": 0, "duiduihu": 1, "qingyise": 2, "yaojiu": 2, "qidui": 2, "longqidui": 3,
           "qingdui": 3, "jiangdui": 3, "qingqidui": 3, "qingyaojiu": 3, "qinglongqidui": 3,
           "tianhu": 3, "dihu": 3}


def readings(counts, n_sets):
    """Every multiset of n_sets sets + one pair covering `counts` exactly, as lists of
    ("chow" | "pung" | "pair", kind)."""
    out = set()

    def rec(c, sets, pair, acc):
        i = next((k for k in range(27) if c[k]), None)
        if i is None:
            if sets == 0 and pair:
                out.add(tuple(sorted(acc)))
            return
        if c[i] >= 3 and sets:
            c[i] -= 3
            rec(c, sets - 1, pair, acc + [("pung", i)])
            c[i] += 3
        if c[i] >= 2 and not pair:
            c[i] -= 2
            rec(c, sets, True, acc + [("pair", i)])
            c[i] += 2
        if sets and i % 9 <= 6 and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            rec(c, sets - 1, pair, acc + [("chow", i)])
            for k in (i, i + 1, i + 2):
                c[k] += 1

    rec(list(counts), n_sets, False, [])
    return [list(r) for r in out]


def value(pack, counts, melds=(), flags=()):
    """(value, {names of the base pattern of the readings with the highest uncapped value}) of a
    winning hand; melds are (type, kind); None if no win."""
    table = XUEZHAN if pack == "xuezhan" else SICHUAN
    held = [int(counts[k]) + sum(3 if t == "pung" else 4 for t, m in melds if m == k) for k in range(27)]
    suits = {k // 9 for k in range(27) if held[k]}
    if len(suits) == 3:
        return None
    flush = len(suits) == 1
    quads = sum(h == 4 for h in held)
    kongs = sum(t != "pung" for t, _ in melds)
    situ = [p for p in ("tianhu", "dihu") if p in flags]
    cands = []   # (patterns, seven pairs?)
    if not melds and sum(counts) == 14 and all(c % 2 == 0 for c in counts):
        pats = ["qidui"] + (["longqidui"] if quads else [])
        if flush:
            pats += ["qingyise", "qingqidui"] + (["qinglongqidui"] if quads else [])
        cands.append((pats, True))
    for r in readings(counts, 4 - len(melds)):
        sets = [(t, k) for t, k in r if t != "pair"] + [("pung", k) for _, k in melds]
        pair = next(k for t, k in r if t == "pair")
        term = lambda t, k: k % 9 in (0, 8) or (t == "chow" and k % 9 == 6)  # noqa: E731
        allp = all(t == "pung" for t, _ in sets)
        yaojiu = all(term(t, k) for t, k in sets) and pair % 9 in (0, 8)
        jiang = allp and all(k % 9 in (1, 4, 7) for _, k in sets) and pair % 9 in (1, 4, 7)
        pats = ["pinghu"] + (["duiduihu"] if allp else []) + (["jiangdui"] if jiang else [])
        pats += (["yaojiu"] if yaojiu else []) + (["qingyise"] if flush else [])
        pats += (["qingdui"] if flush and allp else []) + (["qingyaojiu"] if flush and yaojiu else [])
        cands.append((pats, False))
    scored = []   # (value, raw, base pattern) per reading
    for pats, seven in cands:
        pats = pats + situ
        base = max(table[p] for p in pats if p in table)
        name = max((p for p in pats if p in table and table[p] == base), key=list(table).index)
        gen = quads - (1 if seven and quads else 0)
        if pack == "xuezhan":
            raw = base + gen + sum(f in flags for f in ("kong_flower", "kong_discard", "robbed_kong"))
            v = min(raw, 3)
        else:
            raw = v = base + gen + 2 * ("kong_flower" in flags) + ("robbed_kong" in flags)
        scored.append((v, raw, name))
    if not scored:
        return None
    # the value, and every name a best reading can carry (readings tied on the uncapped value)
    top = max(raw for _, raw, _ in scored)
    return max(v for v, _, _ in scored), {name for _, raw, name in scored if raw == top}
