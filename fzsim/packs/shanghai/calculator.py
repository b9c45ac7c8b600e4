"""The Shanghai scoring calculator (docs/spec/RULES-PACKS.md §1 上海麻将, 清混碰 / 勒子): validate a described win, score
it with the core's pack (fzsim_core.packs.shanghai) and name the pattern, the flower points, the
multipliers and every payment, 承包 included.

The preset is a pack name here (``"shanghai"``) with every §9 option a validated key of ``OPTIONS``
passed as ``overrides`` (the engine's rule keys are ``sh_`` ones of ``fzsim.rules``).
``fzsim.score(..., variant="shanghai")`` and ``fzsim score --variant shanghai`` dispatch here.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np

from fzsim.packs import kit
from fzsim.rules import check_calculator_options
from fzsim.tiles import fmt, kind_name, parse
from fzsim_core.packs.shanghai import play as _play
from fzsim_core.packs.shanghai import score as _core

VARIANT = "shanghai"
VARIANTS = (VARIANT,)
#: every §9 option of Shanghai with its default: the scoring ones the core reads, then those of play
OPTIONS: dict[str, Any] = dict(_core.OPTIONS, **{
    "xiajia_can_kong": True,           # SH-A10: the 下家 may kong a discard too | False (literal)
    "multi_ron_dealer": "nearest_winner",   # SH-A1 | "after_nearest_winner"
    "huangfan_multi_ron": "once",      # SH-A6: a multiple ron lowers 荒番 once | "per_winner"
    "chengbao_claims": "chow_pung_kong",    # SH-A5: what counts toward 承包 | "chow_pung"
    "louhu": True,                     # §1.2 漏胡, always on in this pack
    "bahua_optional": True,            # §1.3: 八花齐 may be declined to play on
    "reserve_tiles": 0,                # SH-A11: no dead wall
})
_PLAY_CHOICES = {"multi_ron_dealer": ("nearest_winner", "after_nearest_winner"),
                 "huangfan_multi_ron": ("once", "per_winner"), "chengbao_claims": ("chow_pung_kong", "chow_pung")}
WINS: dict[str, tuple[tuple[str, ...], bool]] = {
    "selfdraw": (("selfdraw",), False),
    "discard": ((), True),
    "robbed_kong": (("robbed_kong",), True),        # scored as a self-draw, the konger pays 3 shares
    "kong_replacement": (("selfdraw", "gangkai"), False),   # 杠开
    "bahua": (("selfdraw", "bahua"), False),        # 八花齐 on the 8th flower
}
PATTERN_NAMES = {"pengpeng": "碰碰胡", "hunyise": "混一色", "qingyise": "清一色", "hunpeng": "混碰", "fengyise": "风一色",
                 "qingpeng": "清碰", "fengpeng": "风碰", "bahua": "八花齐", "standalone": "杠开 / 大吊车 (SH-A8)"}


def options(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The §9 options with `overrides` applied, each checked (ValueError naming key and allowed values;
    another pack's option names its pack)."""
    check_calculator_options("shanghai", dict(overrides or {}))
    out = dict(OPTIONS)
    core = {}
    for key, value in dict(overrides or {}).items():
        if key not in OPTIONS:
            raise ValueError(f"option {key!r} is unknown for shanghai: allowed {', '.join(OPTIONS)}")
        if key in _core.OPTIONS:
            core[key] = value
        elif key in _PLAY_CHOICES:
            if value not in _PLAY_CHOICES[key]:
                raise ValueError(f"{key} {value!r}: allowed {' or '.join(_PLAY_CHOICES[key])} (default {OPTIONS[key]})")
        elif key == "reserve_tiles":
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 28:
                raise ValueError(f"reserve_tiles {value!r}: allowed an even number of tiles 0..28 (default 0)")
        elif not isinstance(value, bool):
            raise ValueError(f"{key} {value!r}: allowed true or false (default {OPTIONS[key]})")
        out[key] = value
    # the core checks its own keys (and raises naming them) on a dummy evaluation-free call
    _core.win_deltas(0, 0, -1, False, (0, 0, 0, 0), core)
    return out


def _core_options(opts: dict) -> dict:
    return {k: opts[k] for k in _core.OPTIONS}


def _counts(hand, what: str) -> tuple[np.ndarray, int]:
    counts = parse(hand) if isinstance(hand, str) else np.asarray(hand)
    if counts.ndim != 1 or counts.shape[0] not in (34, 42):
        raise ValueError(f"{what} {hand!r}: expected notation such as '123m456p1z' or 34/42 counts")
    flowers = int(counts[34:].sum()) if counts.shape[0] == 42 else 0
    return np.asarray(counts[:34], dtype=np.int64), flowers


def _meld_counts(tiles, what: str) -> np.ndarray:
    """A meld's tiles as 34 counts (flowers are never melded)."""
    counts, flowers = _counts(tiles, what)
    if flowers:
        raise ValueError(f"{what} {tiles!r} holds flowers: flowers are never melded")
    return counts


def _flowers(flowers) -> int:
    if isinstance(flowers, str):
        if flowers.isdigit():
            n = int(flowers)
        else:
            c = parse(flowers) if flowers else np.zeros(42, dtype=np.int64)
            if c[:34].any():
                raise ValueError(f"flowers {flowers!r}: only 1f..8f (春夏秋冬梅兰竹菊) are flowers in Shanghai")
            n = int(c[34:].sum())
    elif isinstance(flowers, (int, np.integer)) and not isinstance(flowers, bool):
        n = int(flowers)
    else:
        raise ValueError(f"flowers {flowers!r}: expected notation such as '1f3f5f' or a count 0..8")
    if not 0 <= n <= 8:
        raise ValueError(f"flowers {flowers!r}: a player holds 0..8 flowers")
    return n


def kaibao(dice) -> bool:
    """开宝 (§1.4): the two opening dice are a double or show 1 and 4."""
    try:
        d1, d2 = dice
    except (TypeError, ValueError):
        raise ValueError(f"dice {dice!r}: expected two dice 1..6") from None
    return _play.kaibao(d1, d2)


@dataclass
class ShanghaiReport:
    """One scored Shanghai win: the counted pattern, F, value, multipliers and every payment."""

    variant: str
    win: str
    winner: int
    dealer: int
    payer: int                    # the discarder / robbed konger; -1 on a self-draw
    hand: str
    melds: list[str]
    patterns: list[str]           # every allowed pattern the hand forms
    pattern: str                  # the counted (highest) one
    flowers: int                  # F: flower points
    value: int                    # the pattern's value (底分 + 花分 capped at one 勒子, or fixed 勒子)
    floored: int                  # after the 杠开 / 大吊车 rule
    kaibao: bool
    huangfan: int                 # the 荒番 counter entering the hand
    multiplier: int
    per_payer: int                # P
    cap: int
    liable: list[int]             # 承包 relations of each seat with the winner (2 = mutual)
    deltas: list[int]
    payments: list[dict[str, Any]] = field(default_factory=list)
    facts: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        pats = ", ".join(f"{p} {PATTERN_NAMES[p]}" for p in self.patterns)
        pays = "; ".join(f"{p['kind']}: seat {p['payer']} -> seat {p['receiver']} {p['amount']}" for p in self.payments)
        mult = []
        if self.kaibao:
            mult.append("开宝")
        if self.huangfan:
            mult.append(f"荒番 (H = {self.huangfan})")
        return "\n".join([
            f"variant {self.variant}",
            *kit.hand_and_win_lines(self),
            f"patterns: {pats}; counted: {self.pattern} {PATTERN_NAMES[self.pattern]}",
            f"花 F = {self.flowers}; value {self.value}" + (f" -> {self.floored} (杠开 / 大吊车)" if self.floored != self.value
                                                            else ""),
            f"multiplier x{self.multiplier}" + (f" ({' x '.join(mult)})" if mult else "") + f"; P = {self.per_payer} "
            f"(cap {self.cap})",
            f"承包: {[s for s in range(4) if self.liable[s]]}" if any(self.liable) else "no 承包",
            f"payments: {pays}",
            "deltas: " + ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas)),
        ])


def _liable(chengbao, winner: int) -> list[int]:
    """承包 relations per seat from the partners as seats (a seat listed twice = mutual) or {seat: 1 | 2}."""
    items = list(chengbao.items()) if isinstance(chengbao, Mapping) else [(s, 1) for s in chengbao]
    out = [0, 0, 0, 0]
    for s, n in items:
        s = kit.seat_arg("承包 partner", s)
        if s == winner:
            raise ValueError(f"承包 partner {s} is the winner: allowed the other seats")
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= 2:
            raise ValueError(f"承包 relations {n!r} of seat {s}: allowed 1 or 2 (mutual)")
        out[s] += int(n)
        if out[s] > 2:
            raise ValueError(f"seat {s} has {out[s]} 承包 relations with the winner: at most 2 (both directions)")
    return out


def score(hand, *, variant: str = VARIANT, melds: Iterable = (), flowers="", win: str = "selfdraw",
          winner: int = 0, dealer: int = 0, discarder: int | None = None, dice=None, huangfan: int = 0,
          chengbao=(), winning_tile=None, overrides: Mapping[str, Any] | None = None) -> ShanghaiReport:
    """Score a described Shanghai win.

    hand: the winner's concealed tiles after winning (flowers may be written in it too); melds: "chow
    345p", "pung 1z", "kong 7s" (exposed), "added_kong 3m", "concealed_kong 5z". flowers: the winner's
    flowers ("1f3f" or a count). win: one of ``WINS``. discarder: the discarder (discard) or the konger
    (robbed_kong). dice: the opening dice (d1, d2), for 开宝. huangfan: the 荒番 counter entering this
    hand (>= 1: a 荒番 hand). chengbao: the winner's 承包 partners, a seat listed twice when mutual (or
    {seat: relations}). overrides: ``OPTIONS``.
    Raises ValueError with the reason when the description is not a possible (minimum-meeting) win.
    """
    if variant != VARIANT:
        raise ValueError(f"variant {variant!r} is not the Shanghai preset: allowed {VARIANT}")
    opts = options(overrides)
    if win not in WINS:
        raise ValueError(f"win {win!r} is unknown for shanghai: allowed {', '.join(WINS)}")
    flags, alone = WINS[win]
    winner, dealer = kit.seat_arg("winner", winner), kit.seat_arg("dealer", dealer)
    payer = kit.payer_seat(win, alone, winner, discarder)
    counts, in_hand = _counts(hand, "hand")
    n_flowers = _flowers(flowers) + in_hand
    if n_flowers > 8:
        raise ValueError(f"{n_flowers} flowers: the tile set has 8")
    meld_list = kit.parse_melds(melds, _meld_counts)
    size = int(counts.sum())
    if size != 14 - 3 * len(meld_list):
        raise ValueError(f"wrong tile count: {size} concealed tiles with {len(meld_list)} meld(s); a winning hand "
                         f"holds 14 - 3 x melds = {14 - 3 * len(meld_list)} (kongs counted as 3)")
    if winning_tile is not None:
        wk = kit.tile_arg(winning_tile, "winning tile")
        if counts[wk] == 0:
            raise ValueError(f"winning tile {winning_tile!r} is not in the hand {fmt(counts)}")
        if win == "robbed_kong" and (counts[wk] != 1 or any(k == wk and t != "chow" for t, k in meld_list)):
            raise ValueError(f"robbing an added kong of {kind_name(wk)}: the winner holds exactly one")
    if win == "kong_replacement" and not any(t in ("kong", "added_kong", "concealed_kong") for t, _ in meld_list):
        raise ValueError("a kong_replacement (杠开) win needs a declared kong among the melds")
    kb = False
    if dice is not None:
        kb = kaibao(dice)
    if isinstance(huangfan, bool) or not isinstance(huangfan, (int, np.integer)) or not 0 <= huangfan <= 1000:
        raise ValueError(f"huangfan {huangfan!r}: allowed the counter 0..1000")
    liable = _liable(chengbao, winner)
    res = _core.evaluate(counts, meld_list, flags, n_flowers, kb, int(huangfan), _core_options(opts))
    deltas = _core.win_deltas(res["per_payer"], winner, payer, win == "robbed_kong", liable, _core_options(opts))
    pays = [{"payer": s, "receiver": winner, "kind": "chengbao" if liable[s] and s != payer and payer >= 0 else "win",
             "amount": -d} for s, d in enumerate(deltas) if s != winner and d < 0]
    return ShanghaiReport(
        variant=VARIANT, win=win, winner=winner, dealer=dealer, payer=payer, hand=fmt(counts),
        melds=kit.meld_text(meld_list), patterns=res["patterns"], pattern=res["pattern"], flowers=res["flowers"],
        value=res["value"], floored=res["floored"], kaibao=kb, huangfan=int(huangfan), multiplier=res["mult"],
        per_payer=res["per_payer"], cap=res["cap"], liable=liable, deltas=deltas, payments=pays,
        facts={"dadiaoche": res["dadiaoche"], "n_flowers": n_flowers, "dice": list(dice) if dice is not None else None},
    )


@dataclass
class ShanghaiHandReport:
    """一炮多响: every winner on one discard paid separately by the discarder, and the next dealer."""

    wins: list[ShanghaiReport]
    discarder: int
    next_dealer: int
    deltas: list[int]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        lines = [f"variant shanghai: {len(self.wins)} winner(s) on seat {self.discarder}'s discard"]
        for r in self.wins:
            lines.append(f"  seat {r.winner}: {PATTERN_NAMES[r.pattern]} P = {r.per_payer}")
        lines.append(f"next dealer: seat {self.next_dealer}")
        lines.append("deltas: " + ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas)))
        return "\n".join(lines)


def score_multi(wins: Iterable[Mapping[str, Any]], *, discarder: int, dealer: int = 0, dice=None, huangfan: int = 0,
                overrides: Mapping[str, Any] | None = None) -> ShanghaiHandReport:
    """Several wins on one discard (§1.2 一炮多响): each a mapping of :func:`score`'s per-win arguments
    (hand, melds, flowers, winner, chengbao, winning_tile); the discarder pays each winner separately."""
    opts = options(overrides)
    wins = [dict(w) for w in wins]
    if not wins:
        raise ValueError("score_multi needs at least one win")
    reports = []
    for w in wins:
        bad = set(w) - {"hand", "melds", "flowers", "winner", "chengbao", "winning_tile"}
        if bad or "hand" not in w:
            raise ValueError(f"a win takes hand, melds, flowers, winner, chengbao, winning_tile; got {sorted(w)}")
        reports.append(score(w.pop("hand"), win="discard", discarder=discarder, dealer=dealer, dice=dice,
                             huangfan=huangfan, overrides=overrides, **w))
    seats = [r.winner for r in reports]
    if len(set(seats)) != len(seats):
        raise ValueError(f"winners {seats}: each seat wins at most once")
    total = [sum(r.deltas[s] for r in reports) for s in range(4)]
    nxt = _play.next_dealer(dealer, seats, discarder, opts["multi_ron_dealer"])
    return ShanghaiHandReport(wins=reports, discarder=int(discarder), next_dealer=nxt, deltas=total)


def huangfan_sequence(winners_per_hand: Iterable[int], overrides: Mapping[str, Any] | None = None):
    """The 荒番 counter over a match (SH-18): [(H entering hand i, doubled?)] and H after the last."""
    opts = options(overrides)
    return _play.huangfan_sequence(list(winners_per_hand), opts["huangfan_multi_ron"] == "per_winner")


def score_described(hand, *, variant, gold=None, dealer_streak=0, youjin_level=0, discarded_gold=False,
                    **kwargs) -> ShanghaiReport:
    """``fzsim.score``'s route here (``variant="shanghai"``): the arguments of a gold are refused;
    flowers, dice, huangfan and chengbao pass through to :func:`score`."""
    kit.refuse_arguments(variant, "(no gold)", gold=gold, dealer_streak=dealer_streak or None,
                         youjin_level=youjin_level or None, discarded_gold=discarded_gold or None)
    return score(hand, **kwargs)
