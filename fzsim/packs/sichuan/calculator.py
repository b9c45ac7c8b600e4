"""The Sichuan scoring calculator (docs/spec/RULES-PACKS.md §2 四川麻将, §3 血战到底): validate a described win or
end-of-hand position, score it with the core's pack (fzsim_core.packs.sichuan) and name every
pattern and payment.

The calculator takes a preset name ("sichuan", "xuezhan") with the core's §9 scoring options
passed as ``overrides`` (``fzsim_core.packs.sichuan.score.OPTIONS``; the engine's rule keys are the
``sc_`` / ``xz_`` ones of ``fzsim.rules``). ``fzsim.score(..., variant="xuezhan")`` and
``fzsim score --variant xuezhan`` dispatch here.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np

from fzsim.packs import kit
from fzsim.rules import check_calculator_options
from fzsim.tiles import fmt, kind_index, kind_name, parse
from fzsim_core.packs.sichuan import score as _core

VARIANTS = ("sichuan", "xuezhan")
#: every scoring option of the pack's calculator with its default (the core declares them per
#: preset: xuezhan's are its own, the others both presets')
OPTIONS: dict[str, Any] = {k: v for preset in VARIANTS for k, v in _core.OPTIONS[preset].items()}
#: win kinds -> (core flags, a discarder-like seat pays alone)
WINS: dict[str, tuple[tuple[str, ...], bool]] = {
    "selfdraw": (("selfdraw",), False),
    "discard": ((), True),
    "robbed_kong": (("robbed_kong",), True),           # 抢杠: the added-kong player pays
    "kong_replacement": (("selfdraw", "kong_flower"), False),  # 杠上花 (点杠花 with kong_from)
    "kong_discard": (("kong_discard",), True),         # 杠上炮: the konger's next discard
    "tianhu": (("selfdraw", "tianhu"), False),
    "dihu": (("dihu",), True),                         # on the dealer's first discard
}
PATTERN_NAMES = {
    "pinghu": "平胡", "duiduihu": "对对胡", "qingyise": "清一色", "yaojiu": "幺九 / 带幺九", "qidui": "七对",
    "longqidui": "龙七对", "qingdui": "清对", "jiangdui": "将对", "qingqidui": "清七对", "qingyaojiu": "清幺九",
    "qinglongqidui": "清龙七对", "tianhu": "天胡", "dihu": "地胡", "qianggang": "抢杠胡",
}
_MELD_CODES = {"pung": "pung", "kong": "kong", "added_kong": "added_kong", "concealed_kong": "concealed_kong",
               "exposed_kong": "kong", "ming_kong": "kong", "an_kong": "concealed_kong"}


def _variant(variant) -> str:
    if variant not in VARIANTS:
        raise ValueError(f"variant {variant!r} is not a Sichuan preset: allowed {', '.join(VARIANTS)}")
    return variant


def _counts(hand, what: str) -> np.ndarray:
    counts = parse(hand) if isinstance(hand, str) else np.asarray(hand)
    if counts.ndim != 1 or counts.shape[0] not in (27, 34, 42):
        raise ValueError(f"{what} {hand!r}: expected notation such as '123m456p' or 27/34/42 counts")
    if counts[27:].any():
        k = 27 + int(np.flatnonzero(counts[27:])[0])
        raise ValueError(f"{what} holds {kind_name(k)}: Sichuan has only the 108 suited tiles (m, p, s)")
    return np.asarray(counts[:27], dtype=np.int64)


def parse_melds(melds: Iterable, what: str = "meld") -> list[tuple[str, int]]:
    """Melds from ``"pung 5p"``, ``"kong 7777s"``, ``"concealed_kong:9m"`` or (type, tiles) pairs.
    Sichuan has no chow."""
    out = []
    for spec in melds:
        if isinstance(spec, str):
            parts = spec.replace(":", " ").split(None, 1)
        else:
            parts = list(spec) if isinstance(spec, (tuple, list)) else []
        if len(parts) != 2:
            raise ValueError(f"{what} {spec!r}: expected '<type> <tile>', e.g. 'pung 5p', type one of "
                             f"pung, kong, added_kong, concealed_kong")
        mtype = _MELD_CODES.get(str(parts[0]).lower())
        if mtype is None:
            raise ValueError(f"{what} {spec!r}: type {parts[0]!r} unknown (Sichuan has no chow): allowed "
                             f"pung, kong, added_kong, concealed_kong")
        tiles = _counts(parts[1], what) if isinstance(parts[1], str) else None
        if tiles is None or np.count_nonzero(tiles) != 1:
            raise ValueError(f"{what} {spec!r}: a {mtype} is one kind of tile, e.g. '{mtype} 5p'")
        k = int(np.flatnonzero(tiles)[0])
        size = 3 if mtype == "pung" else 4
        if int(tiles[k]) not in (1, size):
            raise ValueError(f"{what} {spec!r}: a {mtype} is {size} identical tiles, got {int(tiles[k])}")
        out.append((mtype, k))
    return out


def _seat(name: str, seat) -> int:
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat <= 3:
        raise ValueError(f"{name} seat {seat!r} is out of range: allowed 0..3")
    return int(seat)


def _fmt(counts) -> str:
    full = np.zeros(34, dtype=np.uint8)
    full[:27] = counts[:27]
    return fmt(full)


def _meld_text(melds) -> list[str]:
    return [f"{t} {kind_name(k)}" for t, k in melds]


@dataclass
class SichuanReport:
    """One scored Sichuan win: the patterns of the counted reading, additions, value and payments."""

    variant: str
    win: str
    winner: int
    dealer: int
    payer: int                  # the seat paying alone (-1: every unfinished other seat pays)
    hand: str
    melds: list[str]
    patterns: list[str]         # every scoring pattern of the counted reading
    base_pattern: str
    base: int
    additions: dict[str, int]   # e.g. {"gen": 2, "kong": 1, "kong_flower": 2}
    raw: int                    # 分, or 番 before the cap
    value: int                  # 分, or 番 after the cap
    unit: str                   # "fen" (四川) or "fan" (血战)
    multiplier: int             # what each payer pays per base unit (分, or 2^番)
    base_unit: int
    deltas: list[int]
    total: int
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        pats = ", ".join(f"{p} {PATTERN_NAMES[p]}" for p in self.patterns)
        adds = ", ".join(f"{k} {v:+d}" for k, v in self.additions.items() if v) or "none"
        pays = ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas))
        value = (f"{self.value} 分" if self.unit == "fen"
                 else f"{self.raw} 番" + (f" -> capped {self.value} 番" if self.raw != self.value else "")
                 + f" = x{self.multiplier}")
        return "\n".join([
            f"variant {self.variant}",
            f"hand {self.hand}" + (f" + {', '.join(self.melds)}" if self.melds else ""),
            f"win: {self.win} by seat {self.winner}"
            + (f", paid by seat {self.payer} alone" if self.payer >= 0 else ", paid by every unfinished other seat")
            + f", dealer seat {self.dealer}",
            f"patterns: {pats}; counted: {self.base_pattern} {PATTERN_NAMES[self.base_pattern]} ({self.base})",
            f"additions: {adds}",
            f"value: {value}, base unit {self.base_unit}",
            f"payments: {pays}",
            f"total: {self.total}",
        ])


def score(hand, *, variant: str = "sichuan", melds: Iterable = (), win: str = "selfdraw", winner: int = 0,
          dealer: int = 0, discarder: int | None = None, kong_from: int | None = None,
          finished: Iterable[int] = (), base: int = 1, winning_tile=None,
          overrides: Mapping[str, Any] | None = None) -> SichuanReport:
    """Score a described Sichuan win.

    hand: the winner's concealed tiles after winning (winning tile included); melds: pungs and
    kongs ("pung 5p", "kong 7s" = exposed from a discard, "added_kong 3m", "concealed_kong 9p").
    win: one of ``WINS`` (kong_replacement = 杠上花, kong_discard = 杠上炮). discarder: who pays
    alone for discard, robbed_kong (the added-kong player), kong_discard and dihu (the dealer).
    kong_from: for a kong_replacement win after an exposed kong, the seat whose discard was
    konged (点杠花: it pays alone). finished: 血战 seats that had already won (they do not pay).
    base: the unit b. winning_tile: required for robbed_kong (the robbed tile). overrides: the
    pack's scoring options (``fzsim_core.packs.sichuan.score.OPTIONS``).
    Raises ValueError with the reason when the description is not a possible win.
    """
    variant = _variant(variant)
    check_calculator_options("sichuan", dict(overrides or {}))
    if win not in WINS:
        raise ValueError(f"win {win!r} is unknown for {variant}: allowed {', '.join(WINS)}")
    flags, alone = WINS[win]
    winner, dealer = _seat("winner", winner), _seat("dealer", dealer)
    counts = _counts(hand, "hand")
    meld_list = parse_melds(melds)
    kinds = {k for _, k in meld_list}
    finished = sorted({_seat("finished", s) for s in finished})
    if finished and variant != "xuezhan":
        raise ValueError(f"finished seats {finished}: only 血战 (xuezhan) plays on after a win")
    if winner in finished or len(finished) > 2:
        raise ValueError(f"finished seats {finished}: at most two earlier winners, never the winner {winner}")
    payer = -1
    if alone:
        if discarder is None:
            raise ValueError(f"a {win} win needs the discarder seat (0..3, not the winner)")
        payer = _seat("discarder", discarder)
    elif discarder is not None:
        raise ValueError(f"discarder {discarder} given for a {win} win: a self-drawn win has none")
    if kong_from is not None:
        if win != "kong_replacement":
            raise ValueError(f"kong_from {kong_from} is for a kong_replacement (点杠花) win, not {win}")
        if not any(t == "kong" for t, _ in meld_list):
            raise ValueError("点杠花 (kong_from) needs an exposed kong from a discard among the melds ('kong 5p')")
        payer = _seat("kong_from", kong_from)
    if payer == winner or payer in finished:
        raise ValueError(f"paying seat {payer}: not the winner {winner} and not a finished seat {finished}")
    if win == "kong_replacement" and not any(t != "pung" for t, _ in meld_list):
        raise ValueError("a kong_replacement (杠上花) win needs a declared kong among the melds")
    if win in ("tianhu", "dihu") and meld_list:
        raise ValueError(f"a {win} win comes before any pung or kong: got {len(meld_list)} meld(s)")
    if win == "tianhu" and winner != dealer:
        raise ValueError(f"天胡 is the dealer's win: winner {winner} is not the dealer {dealer}")
    if win == "dihu" and (winner == dealer or payer != dealer):
        raise ValueError(f"地胡 is a non-dealer's win on the dealer's first discard: winner {winner}, "
                         f"discarder {payer}, dealer {dealer}")
    if winning_tile is not None:
        w = kind_index(winning_tile) if isinstance(winning_tile, str) else int(winning_tile)
        if not 0 <= w < 27 or counts[w] == 0:
            raise ValueError(f"winning tile {winning_tile!r} is not in the hand {_fmt(counts)}")
    if win == "robbed_kong":
        if winning_tile is None:
            raise ValueError("a robbed_kong (抢杠) win needs winning_tile, the tile of the robbed added kong")
        if counts[w] != 1 or w in kinds:
            raise ValueError(f"robbing an added kong of {kind_name(w)}: its other 3 copies are in the robbed "
                             f"player's pung, so the winner holds exactly one and melds none, not {int(counts[w])}")
    size = int(counts.sum())
    if size != 14 - 3 * len(meld_list):
        raise ValueError(f"wrong tile count: {size} concealed tiles with {len(meld_list)} meld(s); a winning "
                         f"hand holds 14 - 3 x melds = {14 - 3 * len(meld_list)} (kongs counted as 3)")
    payers_mask = sum(1 << s for s in range(4) if s != winner and s not in finished)
    res, deltas = _core.win_deltas(variant, counts, meld_list, flags, winner, payer, payers_mask, int(base),
                                   dict(overrides or {}))
    if variant == "xuezhan":
        additions = {"gen": res["gen"], "kong_flower": int("kong_flower" in flags),
                     "kong_discard": int("kong_discard" in flags), "robbed_kong": int("robbed_kong" in flags)}
    else:
        additions = {"kong": res["kongs"], "gen": res["gen"], "kong_flower": 2 * ("kong_flower" in flags),
                     "robbed_kong": res["additions"] - res["kongs"] - res["gen"] - 2 * ("kong_flower" in flags)}
    facts = {"suits": sorted({int(k) // 9 for k in np.flatnonzero(counts)} | {k // 9 for k in kinds}),  # ints: JSON
             "quads": sum(int(counts[k]) + sum(3 if t == "pung" else 4 for t, m in meld_list if m == k) == 4
                          for k in range(27)),
             # 金钩钓 (a single pair left after four melds) is named, but neither seed text scores it
             "jingoudiao": len(meld_list) == 4}
    return SichuanReport(
        variant=variant, win=win, winner=winner, dealer=dealer, payer=payer,
        hand=_fmt(counts), melds=_meld_text(meld_list), patterns=res["patterns"],
        base_pattern=res["base_pattern"], base=res["base"], additions=additions, raw=res["raw"],
        value=res["value"], unit="fan" if variant == "xuezhan" else "fen", multiplier=res["unit"],
        base_unit=int(base), deltas=deltas, total=deltas[winner], facts=facts,
    )


@dataclass
class SettlementReport:
    """End-of-hand settlement: 查叫 (四川) or 查花猪 then 查大叫 (血战), every payment named."""

    variant: str
    kind: str                                   # chajiao, or huazhu+dajiao
    won: list[bool]
    ready: list[Any]                            # per seat: (value, multiplier) of the charged wait, or None
    huazhu: list[bool]
    payments: list[dict[str, Any]]
    deltas: list[int]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        lines = [f"variant {self.variant}: end-of-hand settlement ({self.kind})"]
        for s in range(4):
            state = ("won" if self.won[s] else "花猪" if self.huazhu[s]
                     else f"ready, value {self.ready[s][0]}" if self.ready[s] else "not ready")
            lines.append(f"seat {s}: {state}")
        for p in self.payments:
            lines.append(f"{p['kind']}: seat {p['payer']} pays seat {p['receiver']} {p['amount']}")
        lines.append("deltas: " + ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas)))
        return "\n".join(lines)


def _seat_hand(spec, seat: int):
    """(counts, melds) from "tiles", "tiles|pung 5p|kong 7s", (tiles, melds) or {"hand", "melds"}."""
    if isinstance(spec, str):
        parts = [p.strip() for p in spec.split("|")]
        return _counts(parts[0], f"seat {seat} hand"), parse_melds(parts[1:], f"seat {seat} meld")
    if isinstance(spec, Mapping):
        return _counts(spec.get("hand", ""), f"seat {seat} hand"), parse_melds(spec.get("melds", ()))
    try:
        tiles, melds = spec
    except (TypeError, ValueError):
        raise ValueError(f"seat {seat}: expected 'tiles|meld|...', (tiles, melds) or a dict") from None
    return _counts(tiles, f"seat {seat} hand"), parse_melds(melds, f"seat {seat} meld")


def settle(hands, *, variant: str = "sichuan", won: Iterable[bool] = (False,) * 4, base: int = 1,
           overrides: Mapping[str, Any] | None = None) -> SettlementReport:
    """Settle a hand whose wall ran out: the four seats' final hands (13 - 3 x melds concealed tiles
    for a seat still playing; a winner's entry may be empty, "" or "won") and who had won.
    四川 (§2.4): every non-ready seat pays every ready seat that seat's minimum value (查叫).
    血战 (§3.4): every unfinished 三门 seat (花猪) pays 8b to every other non-花猪 seat, then every
    unfinished non-ready non-花猪 seat pays every ready unfinished seat 2^(its maximum 番, ≤ 3) b."""
    variant = _variant(variant)
    check_calculator_options("sichuan", dict(overrides or {}))
    hands, won = list(hands), [bool(w) for w in won]
    if len(hands) != 4 or len(won) != 4:
        raise ValueError(f"settle needs 4 hands and 4 won flags, got {len(hands)} and {len(won)}")
    if variant == "sichuan" and any(won):
        raise ValueError("a 四川 hand ends at its first win: 查叫 settles a drawn hand (won all False)")
    seats = []
    for s in range(4):
        if won[s] and (hands[s] in ("", "won", None)):
            seats.append((np.zeros(27, dtype=np.int64), []))
        else:
            seats.append(_seat_hand(hands[s], s))
    total = sum(c for c, _ in seats)
    for c, melds in seats:
        for _, k in melds:
            total = total.copy()
            total[k] += 3
    over = np.flatnonzero(total > 4)
    if over.size:
        k = int(over[0])
        raise ValueError(f"{int(total[k])} copies of {kind_name(k)} over the four seats: the tile set has 4")
    opts = dict(overrides or {})
    deltas, pays = _core.end_settle(variant, seats, won, int(base), opts)
    ready, huazhu = [], []
    for s, (c, melds) in enumerate(seats):
        suits = {k // 9 for k in np.flatnonzero(c)} | {k // 9 for _, k in melds}
        huazhu.append(variant == "xuezhan" and not won[s] and len(suits) == 3)
        ready.append(None if won[s] or huazhu[s] else
                     _core.wait_value(variant, c, melds, variant == "xuezhan", opts))
    return SettlementReport(
        variant=variant, kind="chajiao" if variant == "sichuan" else "huazhu+dajiao", won=won, ready=ready,
        huazhu=huazhu, payments=[{"payer": p, "receiver": r, "kind": k, "amount": a} for p, r, k, a in pays],
        deltas=deltas,
    )


def score_described(hand, *, variant, gold=None, flowers="", dealer_streak=0, youjin_level=0, discarded_gold=False,
                    **kwargs) -> SichuanReport:
    """``fzsim.score``'s route here (``variant="sichuan"`` / ``"xuezhan"``): the arguments of a gold
    and flowers are refused; kong_from, finished and base pass through to :func:`score`."""
    kit.refuse_arguments(variant, "(no gold, no flowers)", gold=gold, flowers=flowers or None,
                         dealer_streak=dealer_streak or None, youjin_level=youjin_level or None,
                         discarded_gold=discarded_gold or None)
    return score(hand, variant=variant, **kwargs)
