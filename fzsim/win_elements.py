"""Each win's scoring elements: what adds up to its value, by name, per rule pack.

A win record keeps the winner's hand (concealed kinds, melds), the winning tile, its situation
flags and its value; :func:`elements` turns a block of records into three parallel lists per
record — ``names``, ``values`` (what one count adds, in the pack's own unit) and ``counts`` (how
many times it counts) — so that ``sum(value * count)`` is the record's ``value``:

* fuzhou / plain: the special that counted (its points S);
* sichuan / 血战: the counted base pattern (分 / 番), 根, declared kongs (四川), 杠上花, 杠上炮, 抢杠, and
  ``cap`` (血战: what the 3-番 cap takes off, negative);
* 国标: every fan counted (fan points, a fan counted twice has count 2), 花牌 included;
* beijing: every fan (番);
* shanghai: a fixed pattern's value, or ``base_points`` + ``flower_points`` (花分) with ``lezi_cap``
  (what the 勒子 takes off), then ``floor`` (杠开 / 大吊车 raised to a 勒子, or capped to it).

The values come from the pack's own calculator in the core (``fzsim_core.packs.<pack>.score`` /
``guobiao.batch``) applied to the stored hand, so they are the pack's rules, not a copy of them;
``fzsim verify --rescore`` checks the stored values against the public calculators.
Settlement records (查叫, 烧庄, ...) have no elements.
"""
from __future__ import annotations

import numpy as np

from fzsim_core.packs.sichuan.pack import RECORD_FLAGS as SICHUAN_FLAGS
from fzsim_core.scoring import FLAGS, SPECIALS, WIN_TYPES

#: MeldType (fzsim_core/table.pxd) by code -> the calculators' meld names
MELD_NAMES = {1: "chow", 2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}
#: Shanghai patterns worth 底分 + 花分 (capped at a 勒子) rather than a fixed number of 勒子
#: (the zeros of SH_LEZI in fzsim_core/packs/shanghai/score.pyx)
SHANGHAI_POINT_PATTERNS = ("pengpeng", "hunyise", "standalone")


def record_hand(recs: dict, i: int) -> tuple[np.ndarray, list[tuple[str, int]]]:
    """(34 concealed counts with the winning tile, [(meld name, kind), ...]) of record ``i``."""
    conc = recs["concealed"][i]
    counts = np.bincount(conc[conc != 255].astype(np.int64), minlength=34)[:34]
    melds = [(MELD_NAMES[int(recs["meld_type"][i][m])], int(recs["meld_kind"][i][m]))
             for m in range(int(recs["n_melds"][i]))]
    return counts, melds


def flag_set(value: int, table: dict[str, int]) -> set[str]:
    return {name for name, bit in table.items() if int(value) & bit}


def sichuan_variant(rules: dict) -> str:
    """The Sichuan calculator's preset of a rule set: "xuezhan" or "sichuan"."""
    return "xuezhan" if rules.get("scoring") == "xuezhan" else "sichuan"


def pack_options(pack: str, rules: dict) -> dict:
    """The pack calculator's scoring options from a variant's canonical rules (``fzsim.rules``)."""
    if pack == "sichuan":
        if int(rules.get("sc_fan_cap", 3)) != 3:
            raise ValueError(f"sc_fan_cap {rules['sc_fan_cap']}: the Sichuan calculator scores the 3-番 cap only")
        if sichuan_variant(rules) == "xuezhan":
            return {"end_checks": "no_winner_only" if rules.get("xz_end_checks_no_winner_only") else "any_unfinished",
                    "dajiao_to_winners": bool(rules.get("xz_dajiao_to_winners", False))}
        return {"longqidui_value": int(rules.get("sc_longqidui_value", 4)),
                "qianggang_base": bool(rules.get("sc_qianggang_base", False)),
                "kong_and_gen": bool(rules.get("sc_kong_and_gen", False)),
                "chajiao_kongs": bool(rules.get("sc_chajiao_kongs", True))}
    if pack == "beijing":
        from fzsim_core.packs.beijing.score import OPTIONS
        return {k: rules.get("bj_" + k, v) for k, v in OPTIONS.items()}
    if pack == "shanghai":
        from fzsim_core.packs.shanghai.score import OPTIONS
        out = {k: rules.get("sh_" + k, v) for k, v in OPTIONS.items()}
        out["base_points"] = int(rules.get("base", OPTIONS["base_points"]))
        out["flower_point"] = int(rules.get("flower_point", OPTIONS["flower_point"]))
        return out
    return {}


def hand_context(hands: dict | None, recs: dict, column: str, need: bool) -> np.ndarray | None:
    """The hands table's ``column`` for each record (joined on game id and hand), or None."""
    if hands is None:
        if need:
            raise ValueError(f"the wins table of this pack needs the hands' columns ({column}): pass hands=")
        return None
    # (hand is an int16 >= 0: below 1 << 16)
    key = np.asarray(hands["game_id"]).astype(np.int64) * 65536 + np.asarray(hands["hand"]).astype(np.int64)
    order = np.argsort(key, kind="stable")
    want = recs["game_id"].astype(np.int64) * 65536 + recs["hand"].astype(np.int64)
    pos = np.searchsorted(key[order], want)
    pos = np.minimum(pos, max(len(key) - 1, 0))
    if len(want) and (len(key) == 0 or (key[order][pos] != want).any()):
        raise ValueError("a record's (game_id, hand) has no row in the hands' columns")
    return np.asarray(hands[column])[order][pos] if len(want) else np.zeros(0, np.asarray(hands[column]).dtype)


# --- per pack -------------------------------------------------------------------------------------

def _fuzhou(recs, wins, rules, hands):
    names = {b: n for n, b in SPECIALS.items()}
    out = []
    for i in range(len(wins)):
        p = int(recs["patterns"][i])
        out.append([(names[p], int(recs["value"][i]), 1)] if wins[i] and p in names else [])
    return out


def sichuan_elements(res: dict, flags: set[str], variant: str, options: dict) -> list[tuple[str, int, int]]:
    """The elements of one Sichuan score dict (``fzsim_core.packs.sichuan.score.evaluate``)."""
    out = [(res["base_pattern"], res["base"], 1)]
    xz = variant == "xuezhan"
    if res["gen"]:
        out.append(("gen", 1, res["gen"]))
    if res["kongs"]:
        out.append(("kong", 1, res["kongs"]))
    if "kong_flower" in flags:
        out.append(("kong_flower", 1 if xz else 2, 1))
    if xz and "kong_discard" in flags:
        out.append(("kong_discard", 1, 1))
    if "robbed_kong" in flags and (xz or not options.get("qianggang_base")):
        out.append(("robbed_kong", 1, 1))
    if res["value"] != res["raw"]:
        out.append(("cap", res["value"] - res["raw"], 1))
    if sum(v * c for _, v, c in out) != res["value"]:
        raise ValueError(f"Sichuan elements {out} do not add up to the value {res['value']} ({res})")
    return out


def sichuan_flags(rec_flags: int, win_type: int) -> set[str]:
    """The calculator's flag names of a Sichuan record (the flow's FLAG_* bits and the pack's
    kong_discard / tianhu / dihu, its win type)."""
    f = flag_set(rec_flags, SICHUAN_FLAGS)
    out = set()
    if win_type == WIN_TYPES["selfdraw"] or win_type == WIN_TYPES["tianhu"] or "selfdraw" in f:
        out.add("selfdraw")
    if "kong_replacement" in f:
        out.add("kong_flower")
    if "robbed_kong" in f or win_type == WIN_TYPES["robbed_kong"]:
        out.add("robbed_kong")
    for name in ("kong_discard", "tianhu", "dihu"):
        if name in f:
            out.add(name)
    if win_type == WIN_TYPES["tianhu"]:
        out.add("tianhu")
    return out


def _sichuan(recs, wins, rules, hands):
    from fzsim_core.packs.sichuan.score import evaluate
    variant, options = sichuan_variant(rules), pack_options("sichuan", rules)
    base = int(rules.get("base", 1))

    def compute(i):
        counts, melds = record_hand(recs, i)
        flags = sichuan_flags(int(recs["flags"][i]), int(recs["win_type"][i]))
        res = evaluate(variant, counts[:27], melds, sorted(flags), base, options)
        return sichuan_elements(res, flags, variant, options)

    # the elements follow from the base pattern, 根, kongs, flags and value (the cap): one
    # calculator call per distinct situation, not per win
    kongs = ((recs["meld_type"] != 2) & (np.arange(recs["meld_type"].shape[1]) < recs["n_melds"][:, None])).sum(1)
    keys = zip(recs["base_pattern"].tolist(), recs["gen"].tolist(), kongs.tolist(), recs["flags"].tolist(),
               recs["win_type"].tolist(), recs["value"].tolist())
    return _by_situation(recs, wins, keys, compute)


def _by_situation(recs, wins, keys, compute):
    """``compute(i)`` once per distinct key among the wins (the key must determine the elements);
    a win whose cached elements do not add up to its value gets its own call."""
    cache, out = {}, []
    values = recs["value"].tolist()
    for i, key in enumerate(keys):
        if not wins[i]:
            out.append([])
            continue
        if key not in cache:
            cache[key] = compute(i)
        got = cache[key]
        out.append(got if sum(v * c for _, v, c in got) == values[i] else compute(i))
    return out


def guobiao_fans(recs: dict, wins: np.ndarray, dealer: np.ndarray, mingangang: bool):
    """(total, fans (N, 83)) of the win records ``wins`` (indices) from the batch fan calculator."""
    from fzsim.fans import (FLAG_FOURTH_TILE, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE, FLAG_MINGANGANG,
                            FLAG_ROBBED_KONG, FLAG_SELFDRAW, fans_many)
    n = wins.size
    conc = recs["concealed"][wins].astype(np.int64)
    counts = np.zeros((n, 34), dtype=np.uint8)
    rows, cols = np.nonzero(conc != 255)
    np.add.at(counts, (rows, conc[rows, cols]), 1)
    melds = np.full((n, 4, 3), -1, dtype=np.int8)
    # MeldType -> the evaluator's (type 0 chow / 1 pung / 2 kong, exposed)
    etype = np.array([-1, 0, 1, 2, 2, 2], dtype=np.int8)
    exposed = np.array([0, 1, 1, 1, 1, 0], dtype=np.int8)
    nm = recs["n_melds"][wins].astype(np.int64)
    for m in range(4):
        used = nm > m
        t = recs["meld_type"][wins, m].astype(np.int64)
        melds[used, m, 0] = etype[t[used]]
        melds[used, m, 1] = recs["meld_kind"][wins, m][used].astype(np.int8)
        melds[used, m, 2] = exposed[t[used]]
    rf = recs["flags"][wins].astype(np.int64)
    wt = recs["win_type"][wins].astype(np.int64)
    flags = (np.where(wt == WIN_TYPES["selfdraw"], FLAG_SELFDRAW, 0)
             | np.where(wt == WIN_TYPES["robbed_kong"], FLAG_ROBBED_KONG, 0)
             | np.where(rf & FLAGS["kong_replacement"], FLAG_KONG_REPLACEMENT, 0)
             | np.where(rf & FLAGS["last_tile"], FLAG_LAST_TILE, 0)
             | np.where(rf & GB_FOURTH_TILE, FLAG_FOURTH_TILE, 0)
             | (FLAG_MINGANGANG if mingangang else 0))
    seat_wind = (recs["seat"][wins].astype(np.int64) - dealer.astype(np.int64)) % 4
    round_wind = (recs["hand"][wins].astype(np.int64) // 4) % 4
    return fans_many(counts, recs["tile"][wins], melds=melds, flags=flags, flowers=recs["gen"][wins],
                     seat_wind=seat_wind, round_wind=round_wind)


#: 国标's own record flag (packs/guobiao/pack.pxd FLAG_GB_FOURTH_TILE): 和绝张 was counted
GB_FOURTH_TILE = 256


def _guobiao(recs, wins, rules, hands):
    from fzsim.fans import FAN_NAMES
    from fzsim_core.packs.guobiao.batch import VALUES
    idx = np.flatnonzero(wins)
    dealer = hand_context(hands, {k: recs[k][idx] for k in ("game_id", "hand")}, "dealer", True)
    out = [[] for _ in range(len(wins))]
    if idx.size == 0:
        return out
    _, fans = guobiao_fans(recs, idx, dealer, bool(rules.get("gb_mingangang", False)))
    r, f = np.nonzero(fans)
    for row, fan in zip(r.tolist(), f.tolist()):
        out[idx[row]].append((FAN_NAMES[fan], int(VALUES[fan]), int(fans[row, fan])))
    return out


def beijing_flags(rec_flags: int) -> list[str]:
    """The Beijing calculator's flags of a record (its BJ_F_* bits, stored above bit 16)."""
    from fzsim_core.packs.beijing.score import FLAGS as BJ
    return sorted(flag_set(int(rec_flags) >> 16, BJ))


def _beijing(recs, wins, rules, hands):
    from fzsim_core.packs.beijing.score import evaluate
    gold = hand_context(hands, recs, "gold", True)
    options = pack_options("beijing", rules)
    natural_rule = rules.get("bj_hui_discard") == "natural"

    def compute(i):
        counts, melds = record_hand(recs, i)
        tile, wild = int(recs["tile"][i]), int(gold[i])
        natural = int(recs["win_type"][i]) == WIN_TYPES["discard"] and tile == wild   # a won discard of the 惠牌
        res = evaluate(counts, melds, wild, beijing_flags(recs["flags"][i]), tile, options, natural_rule, natural)
        return [(name, fan, 1) for name, fan in res["fans"].items()]

    # each fan's 番 follows from the fans counted and the flags (海底 from self-draw or not)
    keys = zip(recs["patterns"].tolist(), recs["flags"].tolist(), recs["value"].tolist())
    return _by_situation(recs, wins, keys, compute)


def shanghai_flags(rec_flags: int) -> list[str]:
    """The Shanghai calculator's flags of a record (its RECORD_FLAGS bits)."""
    from fzsim_core.packs.shanghai.pack import RECORD_FLAGS
    f = flag_set(rec_flags, RECORD_FLAGS)
    names = {"selfdraw": "selfdraw", "kong_replacement": "gangkai", "robbed_kong": "robbed_kong", "bahua": "bahua"}
    return sorted(names[n] for n in f if n in names)


def shanghai_elements(res: dict, options: dict) -> list[tuple[str, int, int]]:
    """The elements of one Shanghai score dict (``fzsim_core.packs.shanghai.score.evaluate``)."""
    lezi = int(options["lezi"])
    if res["pattern"] in SHANGHAI_POINT_PATTERNS:
        out = [(res["pattern"], 0, 1), ("base_points", int(options["base_points"]), 1)]
        if res["flowers"]:
            out.append(("flower_points", res["flowers"], 1))
        raw = int(options["base_points"]) + res["flowers"]
        if raw > lezi:
            out.append(("lezi_cap", lezi - raw, 1))
    else:
        out = [(res["pattern"], res["value"], 1)]
    if res["floored"] != res["value"]:
        out.append(("floor", res["floored"] - res["value"], 1))
    if sum(v * c for _, v, c in out) != res["floored"]:
        raise ValueError(f"Shanghai elements {out} do not add up to the value {res['floored']} ({res})")
    return out


def _shanghai(recs, wins, rules, hands):
    from fzsim_core.packs.shanghai.score import evaluate
    options = pack_options("shanghai", rules)
    out = []
    for i in range(len(wins)):
        if not wins[i]:
            out.append([])
            continue
        counts, melds = record_hand(recs, i)
        res = evaluate(counts, melds, shanghai_flags(recs["flags"][i]), int(recs["gen"][i]), False, 0, options)
        out.append(shanghai_elements(res, options))
    return out


_PACKS = {"fuzhou": _fuzhou, "plain": _fuzhou, "sichuan": _sichuan, "guobiao": _guobiao, "beijing": _beijing,
          "shanghai": _shanghai}


def elements(recs: dict, wins: np.ndarray, pack: str, rules: dict, hands: dict | None = None
             ) -> list[list[tuple[str, int, int]]]:
    """Per record, its (name, value, count) elements (settlements: none); see the module docstring.

    ``rules``: the variant's canonical rules (options of the pack's scoring); ``hands``: the block's
    per-hand columns (国标 reads the dealer for the seat wind, Beijing the 惠牌).
    """
    if pack not in _PACKS:
        raise ValueError(f"pack {pack!r} has no scoring elements: allowed {', '.join(_PACKS)}")
    return _PACKS[pack](recs, np.asarray(wins, dtype=bool), rules, hands)
