"""Fuzhou's win records read back: the names of their special and flag bits, each win's scoring
element (the special that counted, its points S) and their re-score by the Fuzhou reference
calculator (:mod:`fzsim.packs.fuzhou.calculator`, ``fzsim verify --rescore``). The plain example
pack's records name the same bits. Reached through `fzsim.pack_registry`.

What the records do not keep, and so is not re-derived: the winner's flowers by kind (only their
count and points ``F``): the re-score takes a set of flowers with that count and as many complete
sets as ``F`` implies, so F is checked for consistency only.
"""
from __future__ import annotations

from fzsim.packs.fuzhou.calculator import score
from fzsim.rescore import differences, parse_hand, rescore_rows
from fzsim.rules import RuleConfig
from fzsim_core.win_facts import FLAGS, SPECIALS


def record_names() -> tuple[dict[int, str], dict[int, str]]:
    """(special bit -> name, flag bit -> name): the specials of ``patterns`` and the flow's FLAG_* bits."""
    return {b: n for n, b in SPECIALS.items()}, {b: n for n, b in FLAGS.items()}


def elements(recs, wins, rules, hands):
    """Per record, the special that counted with its points (:func:`fzsim.win_elements.elements`)."""
    names = {b: n for n, b in SPECIALS.items()}
    out = []
    for i in range(len(wins)):
        p = int(recs["patterns"][i])
        out.append([(names[p], int(recs["value"][i]), 1)] if wins[i] and p in names else [])
    return out


def fuzhou_flowers(n: int, points: int, rules: dict) -> str | None:
    """Flowers in notation with ``n`` tiles scoring ``points`` (complete sets counted as the rules
    say), or None when no such set exists."""
    fp, sv = int(rules.get("flower_point", 1)), int(rules.get("flower_set_value", 6))
    if sv != 4 * fp:
        sets, rest = divmod(points - fp * n, sv - 4 * fp)
        candidates = [sets] if not rest and sets >= 0 else []
    else:                       # a set scores as its four flowers: any number of sets will do
        candidates = list(range(n // 4 + 1)) if points == fp * n else []
    groups = [["1f", "2f", "3f", "4f"], ["5f", "6f", "7f", "8f"]]
    if rules.get("honors_are_flowers"):
        groups += [[f"{r}z"] * 4 for r in range(1, 8)]
    for sets in candidates:
        chosen = [t for g in groups[:sets] for t in g]
        singles = [t for g in groups[sets:] for t in g[:3]]     # three of a group never complete it
        if len(chosen) == 4 * sets and n - 4 * sets <= len(singles):
            return "".join(chosen + singles[:n - 4 * sets])
    return None


def _rescore_win(row, hand, rules, earlier):
    wt = str(row.win_type)
    seat = int(row.seat)
    flowers = fuzhou_flowers(int(getattr(hand, f"flowers_{seat}")), int(hand.F), rules)
    if flowers is None:
        return [f"flowers: {int(getattr(hand, f'flowers_{seat}'))} flowers cannot score F = {int(hand.F)}"]
    concealed, melds = parse_hand(row.hand_notation)
    discarder = int(row.from_seat) if wt in ("discard", "robbed_kong") else None
    r = score(concealed, str(hand.gold), melds=melds, flowers=flowers, win=wt, winner=seat,
             dealer=int(hand.dealer), discarder=discarder, dealer_streak=int(hand.streak),
             youjin_level=int(hand.youjin_level),
             winning_tile=row.tile_name if int(row.tile) >= 0 and wt in ("discard", "robbed_kong") else None,
             variant=rules["_config"])
    return differences(row, r.S, None, r.deltas)


def rescore(unit, variant, wins, hands, rules):
    """The stored wins of one unit re-scored by the reference calculator (:func:`fzsim.rescore.rescore`)."""
    rules = {**rules, "_config": RuleConfig(variant, rules)}
    return rescore_rows(unit, wins, hands, rules, _rescore_win)
