"""Beijing's win records read back: the names of their fan and flag bits, each win's scoring
elements (every fan, 番), their terms in ``fzsim replay`` and their re-score by
:mod:`fzsim.packs.beijing.calculator` (``fzsim verify --rescore``). Reached through
`fzsim.pack_registry`.

What the records do not keep, and so is not re-derived: the 互包 partners, which move who pays:
the deltas are not compared (value and per-payer points are).
"""
from __future__ import annotations

from fzsim import win_elements
from fzsim.game import bit_names
from fzsim.packs.beijing import calculator
from fzsim.rescore import differences, parse_hand, rescore_rows
from fzsim_core.packs.beijing.score import FANS, FLAGS, OPTIONS, evaluate
from fzsim_core.win_facts import FLAGS as FLOW_FLAGS
from fzsim_core.win_facts import WIN_TYPES


def record_names() -> tuple[dict[int, str], dict[int, str]]:
    """(fan bit -> name, flag bit -> name): the pack's fans; its flags: the flow's below bit 16, the
    calculator's BJ_F_* above (packs/beijing/pack), named ``bj_*``."""
    return ({1 << i: n for i, n in enumerate(FANS)},
            {**{b: n for n, b in FLOW_FLAGS.items()}, **{b << 16: "bj_" + n for n, b in FLAGS.items()}})


def calculator_options(rules: dict) -> dict:
    """The calculator's scoring options from a variant's canonical rules (its ``bj_`` keys)."""
    return {k: rules.get("bj_" + k, v) for k, v in OPTIONS.items()}


def calculator_flags(rec_flags: int) -> list[str]:
    """The calculator's flags of a record (its BJ_F_* bits, stored above bit 16)."""
    return sorted(win_elements.flag_set(int(rec_flags) >> 16, FLAGS))


def elements(recs, wins, rules, hands):
    """Per record, every fan counted with its 番 (:func:`fzsim.win_elements.elements`); the 惠牌
    comes from the hands' columns."""
    gold = win_elements.hand_context(hands, recs, "gold", True)
    options = calculator_options(rules)
    natural_rule = rules.get("bj_hui_discard") == "natural"

    def compute(i):
        counts, melds = win_elements.record_hand(recs, i)
        tile, wild = int(recs["tile"][i]), int(gold[i])
        natural = int(recs["win_type"][i]) == WIN_TYPES["discard"] and tile == wild   # a won discard of the 惠牌
        res = evaluate(counts, melds, wild, calculator_flags(recs["flags"][i]), tile, options, natural_rule, natural)
        return [(name, fan, 1) for name, fan in res["fans"].items()]

    # each fan's 番 follows from the fans counted and the flags (海底 from self-draw or not)
    keys = zip(recs["patterns"].tolist(), recs["flags"].tolist(), recs["value"].tolist())
    return win_elements.by_situation(recs, wins, keys, compute)


def replay_terms(r, rec: dict, i: int) -> str:
    """``fzsim replay``: the fans counted, their total and the payment unit (fans x 底分)."""
    fans, flags = record_names()
    return (f"fans {bit_names(rec['patterns'], fans)} = {int(rec['value'])} 番; flags {bit_names(rec['flags'], flags)}; "
            f"{int(rec['points'])} per payer")


def _rescore_win(row, hand, rules, earlier):
    flags, wt = {n.removeprefix("bj_") for n in row.flags_named if n.startswith("bj_")}, str(row.win_type)
    frm = int(row.from_seat)
    discarder = frm if wt in ("discard", "robbed_kong") else None
    also = []
    if "sihui" in flags:
        win = "sihui"
        also += ["tianhe"] if "tianhe" in flags else []
    elif "tianhe" in flags:
        win = "tianhu"
    elif "dihe" in flags:
        win = "dihu"
    elif wt == "robbed_kong":
        win = "robbed_kong"
    elif discarder is None:
        win = "kong_replacement" if "kong_flower" in flags else "last_tile" if "last" in flags else "selfdraw"
        also += ["last"] if win == "kong_replacement" and "last" in flags else []
    else:
        win = "last_discard" if "last" in flags else "discard"
    opts = {k: rules["bj_" + k] for k in calculator.OPTIONS if "bj_" + k in rules}
    concealed, melds = parse_hand(row.hand_notation)
    r = calculator.score(concealed, melds=melds, wild=str(hand.gold), win=win,
                         winner=int(row.seat), dealer=int(hand.dealer), discarder=discarder,
                         winning_tile=row.tile_name if int(row.tile) >= 0 else None, base=int(rules.get("base", 1)),
                         also=also, overrides=opts)
    # (the deltas depend on the 互包 partners, which the record does not keep)
    return differences(row, r.total, r.total * int(rules.get("base", 1)))


def rescore(unit, variant, wins, hands, rules):
    """The stored wins of one unit re-scored by the calculator (:func:`fzsim.rescore.rescore`)."""
    return rescore_rows(unit, wins, hands, rules, _rescore_win)
