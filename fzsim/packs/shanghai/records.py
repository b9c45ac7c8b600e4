"""Shanghai's win records read back: the names of their pattern and flag bits, each win's scoring
elements (a fixed pattern's value, or ``base_points`` + ``flower_points`` (花分) with ``lezi_cap``,
what the 勒子 takes off, then ``floor``: 杠开 / 大吊车 raised to a 勒子, or capped to it), their
terms in ``fzsim replay`` and their re-score by :mod:`fzsim.packs.shanghai.calculator`
(``fzsim verify --rescore``). Reached through `fzsim.pack_registry`.

What the records do not keep, and so is not re-derived: the 承包 relations, which move who pays:
the deltas are not compared (value and per-payer points are).
"""
from __future__ import annotations

from fzsim import win_elements
from fzsim.game import bit_names, win_record_indices
from fzsim.packs.shanghai import calculator
from fzsim.rescore import differences, parse_hand, rescore_rows
from fzsim_core.packs.shanghai.pack import RECORD_FLAGS
from fzsim_core.packs.shanghai.score import OPTIONS, PATTERNS, evaluate

#: patterns worth 底分 + 花分 (capped at a 勒子) rather than a fixed number of 勒子
#: (the zeros of SH_LEZI in fzsim_core/packs/shanghai/score.pyx)
POINT_PATTERNS = ("pengpeng", "hunyise", "standalone")


def record_names() -> tuple[dict[int, str], dict[int, str]]:
    """(pattern bit -> name, flag bit -> name) of the pack's records."""
    return {1 << i: n for i, n in enumerate(PATTERNS)}, {b: n for n, b in RECORD_FLAGS.items()}


def base_pattern_names() -> list[str]:
    """The names ``base_pattern`` indexes (the counted pattern)."""
    return list(PATTERNS)


def calculator_options(rules: dict) -> dict:
    """The calculator's scoring options from a variant's canonical rules (its ``sh_`` keys, ``base``
    as base_points and ``flower_point``)."""
    out = {k: rules.get("sh_" + k, v) for k, v in OPTIONS.items()}
    out["base_points"] = int(rules.get("base", OPTIONS["base_points"]))
    out["flower_point"] = int(rules.get("flower_point", OPTIONS["flower_point"]))
    return out


def calculator_flags(rec_flags: int) -> list[str]:
    """The calculator's flags of a record (its RECORD_FLAGS bits)."""
    f = win_elements.flag_set(rec_flags, RECORD_FLAGS)
    names = {"selfdraw": "selfdraw", "kong_replacement": "gangkai", "robbed_kong": "robbed_kong", "bahua": "bahua"}
    return sorted(names[n] for n in f if n in names)


def score_elements(res: dict, options: dict) -> list[tuple[str, int, int]]:
    """The elements of one score dict (``fzsim_core.packs.shanghai.score.evaluate``)."""
    lezi = int(options["lezi"])
    if res["pattern"] in POINT_PATTERNS:
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


def elements(recs, wins, rules, hands):
    """Per record, its (name, value, count) elements (:func:`fzsim.win_elements.elements`)."""
    options = calculator_options(rules)
    out = []
    for i in range(len(wins)):
        if not wins[i]:
            out.append([])
            continue
        counts, melds = win_elements.record_hand(recs, i)
        res = evaluate(counts, melds, calculator_flags(recs["flags"][i]), int(recs["gen"][i]), False, 0, options)
        out.append(score_elements(res, options))
    return out


def replay_terms(r, rec: dict, i: int) -> str:
    """``fzsim replay``: the counted pattern (and every one the hand forms), the situation flags, the
    winner's 花牌 and 花分, the value after the 杠开 / 大吊车 floor, P per payer and P in 勒子."""
    pats, flags = record_names()
    lezi = int(r.rules.fields["sh_lezi"])
    base = base_pattern_names()[int(rec["base_pattern"])]
    hua = _flower_points(r, i, int(rec["gen"]))
    return (f"pattern {base} (forms {bit_names(rec['patterns'], pats)}); flags {bit_names(rec['flags'], flags)}; "
            f"花牌 {int(rec['gen'])}, 花分 {hua}; value {int(rec['value'])}; P {int(rec['points'])} per payer "
            f"= {int(rec['points']) / lezi:g} 勒子")


def _flower_points(r, i: int, flowers: int) -> str:
    """花分 F of record i (flowers, honour pungs / kongs, suited kongs) from its hand; the row's F
    for the hand's first win when the hand is not a pattern (八花齐)."""
    counts = [0] * 34
    for k in r.records["concealed"][i]:
        if int(k) < 34:
            counts[int(k)] += 1
    melds = [(win_elements.MELD_NAMES[int(r.records["meld_type"][i][m])], int(r.records["meld_kind"][i][m]))
             for m in range(int(r.records["n_melds"][i]))]
    try:
        return str(evaluate(counts, melds, flowers=min(flowers, 8))["flowers"])
    except ValueError:
        return str(r.F) if i == win_record_indices(r)[0] else "-"


def _rescore_win(row, hand, rules, earlier):
    flags, wt = set(row.flags_named), str(row.win_type)
    frm = int(row.from_seat)
    discarder = frm if wt in ("discard", "robbed_kong") else None
    if "bahua" in flags:
        win = "bahua"
    elif wt == "robbed_kong":
        win = "robbed_kong"
    elif discarder is None:
        win = "kong_replacement" if "kong_replacement" in flags else "selfdraw"
    else:
        win = "discard"
    opts = {k: rules["sh_" + k] for k in calculator.OPTIONS if "sh_" + k in rules}
    opts.update({k: v for k, v in calculator_options(rules).items() if k in ("base_points", "flower_point")})
    dice = int(hand.dice)
    concealed, melds = parse_hand(row.hand_notation)
    r = calculator.score(concealed, melds=melds, flowers=int(row.gen), win=win,
                         winner=int(row.seat), dealer=int(hand.dealer), discarder=discarder,
                         dice=divmod(dice, 10) if dice > 0 else None, huangfan=int(hand.carry),
                         winning_tile=row.tile_name if int(row.tile) >= 0 else None, overrides=opts)
    # (the deltas depend on the 承包 relations, which the record does not keep)
    return differences(row, r.floored, r.per_payer)


def rescore(unit, variant, wins, hands, rules):
    """The stored wins of one unit re-scored by the calculator (:func:`fzsim.rescore.rescore`)."""
    return rescore_rows(unit, wins, hands, rules, _rescore_win)
