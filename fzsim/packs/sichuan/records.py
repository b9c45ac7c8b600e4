"""Sichuan / 血战's win records read back: the names of their pattern and flag bits, each win's
scoring elements (the counted base pattern, 根, declared kongs, 杠上花, 杠上炮, 抢杠 and 血战's cap),
their terms in ``fzsim replay`` and their re-score by :mod:`fzsim.packs.sichuan.calculator`
(``fzsim verify --rescore``). Reached through `fzsim.pack_registry`."""
from __future__ import annotations

import numpy as np

from fzsim import win_elements
from fzsim.game import bit_names
from fzsim.packs.sichuan import calculator
from fzsim.rescore import differences, parse_hand, rescore_rows
from fzsim.rules import FIELDS
from fzsim_core.packs.sichuan.pack import RECORD_FLAGS
from fzsim_core.packs.sichuan.score import PATTERNS, evaluate
from fzsim_core.win_facts import WIN_TYPES


def record_names() -> tuple[dict[int, str], dict[int, str]]:
    """(pattern bit -> name, flag bit -> name): the flow's flags and the situations the pack adds to
    its win records (杠上炮, 天胡, 地胡)."""
    return {1 << i: n for i, n in enumerate(PATTERNS)}, {b: n for n, b in RECORD_FLAGS.items()}


def base_pattern_names() -> list[str]:
    """The names ``base_pattern`` indexes."""
    return list(PATTERNS)


def variant_of(rules: dict) -> str:
    """The calculator's preset of a rule set: "xuezhan" or "sichuan"."""
    return "xuezhan" if rules.get("scoring") == "xuezhan" else "sichuan"


def calculator_options(rules: dict) -> dict:
    """The calculator's scoring options from a variant's canonical rules (``fzsim.rules``)."""
    if int(rules.get("sc_fan_cap", 3)) != 3:
        raise ValueError(f"sc_fan_cap {rules['sc_fan_cap']}: the Sichuan calculator scores the 3-番 cap only")
    if variant_of(rules) == "xuezhan":
        return {"end_checks": "no_winner_only" if rules.get("xz_end_checks_no_winner_only") else "any_unfinished",
                "dajiao_to_winners": bool(rules.get("xz_dajiao_to_winners", False))}
    return {"longqidui_value": int(rules.get("sc_longqidui_value", 4)),
            "qianggang_base": bool(rules.get("sc_qianggang_base", False)),
            "kong_and_gen": bool(rules.get("sc_kong_and_gen", False)),
            "chajiao_kongs": bool(rules.get("sc_chajiao_kongs", True))}


def score_elements(res: dict, flags: set[str], variant: str, options: dict) -> list[tuple[str, int, int]]:
    """The elements of one score dict (``fzsim_core.packs.sichuan.score.evaluate``)."""
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


def calculator_flags(rec_flags: int, win_type: int) -> set[str]:
    """The calculator's flag names of a record (the flow's FLAG_* bits and the pack's kong_discard /
    tianhu / dihu, its win type)."""
    f = win_elements.flag_set(rec_flags, RECORD_FLAGS)
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


def elements(recs, wins, rules, hands):
    """Per record, its (name, value, count) elements (:func:`fzsim.win_elements.elements`)."""
    variant, options = variant_of(rules), calculator_options(rules)
    base = int(rules.get("base", 1))

    def compute(i):
        counts, melds = win_elements.record_hand(recs, i)
        flags = calculator_flags(int(recs["flags"][i]), int(recs["win_type"][i]))
        res = evaluate(variant, counts[:27], melds, sorted(flags), base, options)
        return score_elements(res, flags, variant, options)

    # the elements follow from the base pattern, 根, kongs, flags and value (the cap): one
    # calculator call per distinct situation, not per win
    kongs = ((recs["meld_type"] != 2) & (np.arange(recs["meld_type"].shape[1]) < recs["n_melds"][:, None])).sum(1)
    keys = zip(recs["base_pattern"].tolist(), recs["gen"].tolist(), kongs.tolist(), recs["flags"].tolist(),
               recs["win_type"].tolist(), recs["value"].tolist())
    return win_elements.by_situation(recs, wins, keys, compute)


def replay_terms(r, rec: dict, i: int) -> str:
    """``fzsim replay``: the base pattern and every one counted, the 根, the value (番 or 分) and the unit."""
    pats, flags = record_names()
    base = base_pattern_names()[int(rec["base_pattern"])]
    unit = "番" if FIELDS["scoring"].choices[int(r.rules.fields["scoring"])] == "xuezhan" else "分"
    return (f"pattern {base} (counts {bit_names(rec['patterns'], pats)}); 根 {int(rec['gen'])}; "
            f"flags {bit_names(rec['flags'], flags)}; {int(rec['value'])} {unit}; {int(rec['points'])} per payer")


def _rescore_win(row, hand, rules, earlier):
    flags, wt = set(row.flags_named), str(row.win_type)
    tile = row.tile_name if int(row.tile) >= 0 else None
    frm = int(row.from_seat)
    args = {"discarder": None}
    dealer = int(hand.dealer)
    finished = [] if rules.get("xz_selfdraw_all_pay") else earlier
    if wt == "robbed_kong":
        win, args["discarder"] = "robbed_kong", frm
    elif wt in ("selfdraw", "tianhu"):
        if wt == "tianhu" or "tianhu" in flags:
            win = "tianhu"
        elif "kong_replacement" in flags:
            win = "kong_replacement"
            # a lone payer is 点杠花's konged discarder unless it is the only seat left to pay
            if frm >= 0 and 3 - len(finished) > 1:
                args["kong_from"] = frm
        else:
            win = "selfdraw"
    else:
        win = "kong_discard" if "kong_discard" in flags else "dihu" if "dihu" in flags else "discard"
        args["discarder"] = frm
    variant = variant_of(rules)
    concealed, melds = parse_hand(row.hand_notation)
    r = calculator.score(concealed, variant=variant, melds=melds, win=win, winner=int(row.seat), dealer=dealer,
                         finished=finished if variant == "xuezhan" else (), base=int(rules.get("base", 1)),
                         winning_tile=tile, overrides=calculator_options(rules), **args)
    return differences(row, r.value, r.multiplier * r.base_unit, r.deltas)


def rescore(unit, variant, wins, hands, rules):
    """The stored wins of one unit re-scored by the calculator (:func:`fzsim.rescore.rescore`); 天胡 /
    地胡 and 杠上炮 are read from the record's flags, 点杠花's payer from ``from_seat``."""
    return rescore_rows(unit, wins, hands, rules, _rescore_win)
