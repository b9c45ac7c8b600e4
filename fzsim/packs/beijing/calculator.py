"""The Beijing scoring calculator (docs/spec/RULES-PACKS.md §4 北京麻将, 惠牌): validate a described win, score it with
the core's pack (fzsim_core.packs.beijing) and name every fan and payment, 烧庄 and 互包 included.

Like the other pack calculators, the preset is a pack name here (``"beijing"``) with every §9 option a
validated key of ``OPTIONS`` passed as ``overrides`` (the engine's rule keys are ``bj_`` ones of
``fzsim.rules``).
``fzsim.score(..., variant="beijing")`` and ``fzsim score --variant beijing`` dispatch here.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np

from fzsim.packs import kit
from fzsim.rules import check_calculator_options
from fzsim.tiles import fmt, kind_index, kind_name, parse
from fzsim_core.packs.beijing import score as _core
from fzsim_core.packs.beijing import shapes as _shapes
from fzsim_core.packs.beijing import wild as _wild

VARIANT = "beijing"
VARIANTS = (VARIANT,)
#: every §9 option of Beijing with its default (docs/spec/RULES-PACKS.md §4, §9 BJ-A1..A12)
OPTIONS: dict[str, Any] = {
    "north_next": "east",              # BJ-A1: 北 -> 东 | "zhong" (北 -> 中, 白 -> 东)
    "hui_discard": "dead",             # BJ-A2: a discarded 惠牌 is never claimed | "natural" (face value)
    "dealer_rotation": "next",         # BJ-A3: the deal passes to the 下家 | "listed" (to the 上家)
    "indicator_in_reserve": True,      # BJ-A4: the 惠坯 lies in the 14-tile reserve (69 live draws; False: 68)
    "haidi_discard": 1,                # BJ-A5: 海底捞月 on the last discard is +1 番 | 2
    "shaozhuang_on_draw": True,        # BJ-A6: 烧庄 is paid on a drawn hand too
    "hubao_count": "chow_pung_kong",   # BJ-A7: 嘴 counted for 互包 | "chow_pung"
    "multi_ron": True,                 # BJ-A8: several winners on one discard | False (nearest only)
    "sihui_shape": False,              # BJ-A10: 四惠牌 is 8 + 庄 only | True: plus the shape fans
    "dihe_after_claims": True,         # BJ-A11: 地和 even after someone's claim | False
    "zhuowukui_unique": True,          # BJ-A12: 捉五魁 needs 5m as the only winning tile | False
}
_CHOICES = {"north_next": ("east", "zhong"), "hui_discard": ("dead", "natural"),
            "dealer_rotation": ("next", "listed"), "hubao_count": ("chow_pung_kong", "chow_pung"),
            "haidi_discard": (1, 2)}
#: win kinds -> (core flags, paid by a discarder)
WINS: dict[str, tuple[tuple[str, ...], bool]] = {
    "selfdraw": (("selfdraw",), False),
    "discard": ((), True),
    "robbed_kong": ((), True),                          # 抢杠: a discard win; the konger pays
    "kong_replacement": (("selfdraw", "kong_flower"), False),   # 杠上开花
    "last_tile": (("selfdraw", "last"), False),         # 海底捞月: the last live tile
    "last_discard": (("last",), True),                  # the last discard (BJ-A5)
    "tianhu": (("selfdraw", "tianhe"), False),
    "dihu": (("dihe",), None),                          # self-drawn, or on a discard with --from
    "sihui": (("selfdraw", "sihui"), False),            # the fourth 惠牌 drawn: automatic win
}
FAN_NAMES = {
    "tuidaohu": "推倒和", "zhuang": "庄", "menqing_wuhui": "门清无惠", "duiduihe": "对对和", "dadiao": "大钓",
    "zhuowukui": "捉五魁", "haidi": "海底捞月", "yitiaolong": "一条龙", "qiduizi": "七对子", "gangshang": "杠上开花",
    "qingyise": "清一色", "haohua": "豪华七对子", "sihui": "四惠牌", "tianhe": "天和", "dihe": "地和",
}


def options(overrides: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The §9 options with `overrides` applied, each checked (ValueError naming key and allowed values;
    another pack's option names its pack)."""
    check_calculator_options("beijing", dict(overrides or {}))
    out = dict(OPTIONS)
    for key, value in dict(overrides or {}).items():
        if key not in OPTIONS:
            raise ValueError(f"option {key!r} is unknown for beijing: allowed {', '.join(OPTIONS)}")
        if key in _CHOICES:
            if value not in _CHOICES[key] or isinstance(value, bool):
                raise ValueError(f"{key} {value!r}: allowed {' or '.join(map(str, _CHOICES[key]))} "
                                 f"(default {OPTIONS[key]})")
        elif not isinstance(value, bool):
            raise ValueError(f"{key} {value!r}: allowed true or false (default {OPTIONS[key]})")
        out[key] = value
    return out


def _core_options(opts: dict) -> dict:
    return {k: opts[k] for k in _core.OPTIONS}


def wild_of(indicator, north_next: str = "east") -> int:
    """The 惠牌 kind shown by the 惠坯 `indicator` (BJ-3: 3m -> 4m, 9p -> 1p, 北 -> 东, 中 -> 发 -> 白 -> 中)."""
    if north_next not in _CHOICES["north_next"]:
        raise ValueError(f"north_next {north_next!r}: allowed east or zhong")
    return _wild.wild_kind(indicator, "next" if north_next == "east" else "next_north_zhong")


def live_draws(indicator_in_reserve: bool = True) -> int:
    """Normal draws after the deal (BJ-17): 136 - 53 dealt - 14 reserve, one fewer when the 惠坯 is
    taken from the live wall (BJ-A4). Kong replacements come from the reserve's end and leave it."""
    if not isinstance(indicator_in_reserve, bool):
        raise ValueError(f"indicator_in_reserve {indicator_in_reserve!r}: allowed true or false")
    return 136 - 53 - 14 - (0 if indicator_in_reserve else 1)


def next_dealer(dealer: int, *, dealer_kept: bool, rule: str = "next") -> int:
    """轮庄 (§4.1): the dealer keeps the deal after a dealer win or a drawn hand (no limit), else it
    passes to the 下家 (``rule="next"``) or to the 上家 (``"listed"``, BJ-A3)."""
    dealer = kit.seat_arg("dealer", dealer)
    if rule not in _CHOICES["dealer_rotation"]:
        raise ValueError(f"rule {rule!r}: allowed next or listed")
    if dealer_kept:
        return dealer
    return (dealer + 1) % 4 if rule == "next" else (dealer + 3) % 4


def shaozhuang_rounds(discards: Iterable) -> int:
    """R (§4.3): consecutive leading rounds in which the dealer's and the three others' discards are
    one kind; `discards` in play order from the dealer's first, tiles or kinds, None for a claim."""
    seq = []
    for d in discards:
        seq.append(-1 if d is None else (kind_index(d) if isinstance(d, str) else d))
    return _core.shaozhuang_rounds(seq)


#: situations a win may add beside its kind (score's ``also``) -> the win kinds they go with
ALSO = {"last": ("kong_replacement",), "tianhe": ("sihui",)}


def _counts(hand, what: str) -> np.ndarray:
    counts = parse(hand) if isinstance(hand, str) else np.asarray(hand)
    if counts.ndim != 1 or counts.shape[0] not in (34, 42):
        raise ValueError(f"{what} {hand!r}: expected notation such as '123m456p' or 34/42 counts")
    if counts.shape[0] == 42 and counts[34:].any():
        raise ValueError(f"{what} holds flowers: Beijing has none (136 tiles)")
    return np.asarray(counts[:34], dtype=np.int64)


def parse_melds(melds: Iterable, what: str = "meld") -> list[tuple[str, int]]:
    """Melds from ``"chow 345p"``, ``"pung 5p"``, ``"kong 7777s"``, ``"concealed_kong 9m"`` or
    (type, tiles) pairs; a chow's kind is its lowest tile."""
    return kit.parse_melds(melds, _counts, what)


@dataclass
class BeijingReport:
    """One scored Beijing win: the fans counted, F, and every seat's payment."""

    variant: str
    win: str
    winner: int
    dealer: int
    payer: int                      # the discarder (or robbed konger); -1 on a self-draw
    hand: str
    melds: list[str]
    wild: str                       # the 惠牌 kind
    wilds: int                      # 惠牌 held
    fans: dict[str, int]            # name -> 番 of every counted fan
    total: int                      # F
    hubao: list[int]                # 互包 partners of the winner (they pay the hand part)
    shaozhuang: int                 # R rounds of 烧庄
    shaozhuang_fan: int             # S = 2^(R-1)
    base: int                       # 底分 d
    hand_deltas: list[int]
    shaozhuang_deltas: list[int]
    deltas: list[int]
    payments: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        fans = ", ".join(f"{n} {FAN_NAMES[n]} {v}" for n, v in self.fans.items())
        pays = "; ".join(f"{p['kind']}: seat {p['payer']} -> seat {p['receiver']} {p['amount']}" for p in self.payments)
        return "\n".join([
            f"variant {self.variant}: 惠牌 {self.wild} ({self.wilds} held)",
            *kit.hand_and_win_lines(self),
            f"fans: {fans}; F = {self.total}",
            (f"互包 partners {self.hubao} pay the hand part" if self.hubao else "no 互包"),
            f"烧庄: {self.shaozhuang} round(s), {self.shaozhuang_fan} 番" if self.shaozhuang else "no 烧庄",
            f"payments (底分 {self.base}): {pays or 'none'}",
            "deltas: " + ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas)),
        ])


def _payments(hand_deltas, winner) -> list[dict[str, Any]]:
    return [{"payer": s, "receiver": winner, "kind": "hand", "amount": -d}
            for s, d in enumerate(hand_deltas) if s != winner and d < 0]


def _wild_kind(wild, indicator, opts) -> int:
    if (wild is None) == (indicator is None):
        raise ValueError("give the 惠牌 as wild='5p' or its indicator (惠坯) as indicator='4p', exactly one of them")
    if indicator is not None:
        return wild_of(indicator, opts["north_next"])
    return kit.tile_arg(wild, "wild")


def score(hand, *, variant: str = VARIANT, melds: Iterable = (), wild=None, indicator=None, win: str = "selfdraw",
          winner: int = 0, dealer: int = 0, discarder: int | None = None, winning_tile=None,
          hubao: Iterable[int] = (), shaozhuang: int = 0, base: int = 1, claims_before: bool = False,
          also: Iterable[str] = (), overrides: Mapping[str, Any] | None = None) -> BeijingReport:
    """Score a described Beijing win.

    hand: the winner's concealed tiles after winning (winning tile and 惠牌 included); melds: "chow 345p",
    "pung 5p", "kong 7s" (exposed, from a discard), "added_kong 3m", "concealed_kong 9p". wild or
    indicator: the 惠牌 kind or the flipped 惠坯. win: one of ``WINS``. discarder: who pays for a
    discard, robbed_kong (the konger), last_discard or a dihu on a discard (BJ-A11: any discard before the
    winner's own first discard). winning_tile:
    the completing tile (捉五魁 needs it; a robbed_kong checks it). hubao: the winner's 互包 partners.
    shaozhuang: R, the 烧庄 rounds of this hand. base: 底分 d. claims_before: a 地和 came after some
    claim (refused under dihe_after_claims=False). also: situations beside the win kind, from ``ALSO``
    ("last": a kong_replacement on the wall's last tile, 杠上开花 with 海底; "tianhe": a sihui by the
    dealer before any discard, 天和). overrides: ``OPTIONS``.
    Raises ValueError with the reason when the description is not a possible win.
    """
    if variant != VARIANT:
        raise ValueError(f"variant {variant!r} is not the Beijing preset: allowed {VARIANT}")
    opts = options(overrides)
    if win not in WINS:
        raise ValueError(f"win {win!r} is unknown for beijing: allowed {', '.join(WINS)}")
    flags, alone = WINS[win]
    flags = list(flags)
    winner, dealer = kit.seat_arg("winner", winner), kit.seat_arg("dealer", dealer)
    if alone is None:
        alone = discarder is not None
        if not alone:
            flags.append("selfdraw")
    payer = kit.payer_seat(win, alone, winner, discarder)
    w = _wild_kind(wild, indicator, opts)
    counts = _counts(hand, "hand")
    meld_list = parse_melds(melds)
    natural = opts["hui_discard"] == "natural"
    if any(k == w or (t == "chow" and k <= w <= k + 2) for t, k in meld_list) and not natural:
        raise ValueError(f"a meld holds the 惠牌 {kind_name(w)}: a wild is never used in a claimed set "
                         f"(hui_discard=natural lets a discarded 惠牌 be claimed at face value)")
    size = int(counts.sum())
    if size != 14 - 3 * len(meld_list):
        raise ValueError(f"wrong tile count: {size} concealed tiles with {len(meld_list)} meld(s); a winning hand "
                         f"holds 14 - 3 x melds = {14 - 3 * len(meld_list)} (kongs counted as 3)")
    wk = -1
    if winning_tile is not None:
        wk = kit.tile_arg(winning_tile, "winning tile")
        if counts[wk] == 0:
            raise ValueError(f"winning tile {winning_tile!r} is not in the hand {fmt(counts)}")
        if alone and wk == w and not natural:
            raise ValueError(f"a discarded 惠牌 ({kind_name(w)}) is dead: it can never be won on (hui_discard=dead)")
    claimed = [m for m in meld_list if m[0] != "concealed_kong"]
    if alone:
        # §4.3: only a concealed hand wins on a discard (or robs a kong); three 惠牌 force a self-draw
        before = counts.copy()
        if wk >= 0:
            before[wk] -= 1
        if claimed:
            raise ValueError(f"after a chow or pung ({', '.join(kit.meld_text(claimed))}) a player may win only by "
                             f"self-draw (§4.3 吃碰后只能自摸)")
        if int(before[w]) >= 3 or (wk < 0 and int(counts[w]) >= 3):
            raise ValueError(f"holding three 惠牌 ({kind_name(w)}) a player must self-draw (§4.3)")
    if win == "robbed_kong":
        if wk < 0:
            raise ValueError("a robbed_kong win needs winning_tile, the tile of the robbed added kong")
        if counts[wk] != 1 or any(k == wk and t != "chow" for t, k in meld_list):
            raise ValueError(f"robbing an added kong of {kind_name(wk)}: the other 3 copies are in the konger's pung, "
                             f"so the winner holds exactly one")
    if win == "kong_replacement" and not any(t != "chow" and t != "pung" for t, _ in meld_list):
        raise ValueError("a kong_replacement (杠上开花) win needs a declared kong among the melds")
    if win in ("tianhu", "dihu") and meld_list:
        raise ValueError(f"a {win} win comes before any claim or kong of the winner's: got {len(meld_list)} meld(s)")
    for extra in also:
        if extra not in ALSO or win not in ALSO[extra]:
            raise ValueError(f"also {extra!r} with a {win} win: allowed "
                             + "; ".join(f"{k!r} with {' or '.join(v)}" for k, v in ALSO.items()))
        flags.append(extra)
    if (win == "tianhu" or "tianhe" in also) and winner != dealer:
        raise ValueError(f"天和 is the dealer's win: winner {winner} is not the dealer {dealer}")
    if win == "dihu":
        if winner == dealer:
            raise ValueError(f"地和 is a non-dealer's win: winner {winner} is the dealer")
        if claims_before and not opts["dihe_after_claims"]:
            raise ValueError("地和 after a claim is refused under dihe_after_claims=False (BJ-A11)")
    elif claims_before:
        raise ValueError("claims_before is about 地和 only")
    if win == "sihui" and int(counts[w]) != 4:
        raise ValueError(f"四惠牌 needs all four 惠牌 ({kind_name(w)}) in the hand, got {int(counts[w])}")
    if win != "sihui" and int(counts[w]) == 4 and "selfdraw" in flags:
        raise ValueError(f"four 惠牌 ({kind_name(w)}) win at once as 四惠牌: use win='sihui'")
    if winner == dealer:
        flags.append("dealer_wins")
    if payer == dealer:
        flags.append("dealer_pays")
    partners = sorted({kit.seat_arg("hubao partner", x) for x in hubao})
    if winner in partners:
        raise ValueError(f"互包 partners {partners}: the winner {winner} is not its own partner")
    if not isinstance(shaozhuang, (int, np.integer)) or isinstance(shaozhuang, bool) or not 0 <= shaozhuang <= 20:
        raise ValueError(f"shaozhuang {shaozhuang!r}: allowed a number of rounds 0..20")
    if isinstance(base, bool) or not isinstance(base, (int, np.integer)) or not 1 <= base <= 1_000_000:
        raise ValueError(f"base {base!r}: allowed an integer 1..1000000")
    # BJ-A2 natural: a discarded 惠牌 won on is its face value in the hand, not a wild (as the engine)
    natural_win = natural and alone and wk == w
    res = _core.evaluate(counts, meld_list, w, flags, wk, _core_options(opts), natural, natural_win)
    hand_d = _core.win_deltas(res["total"], winner, payer, partners, int(base))
    sz_d = _core.shaozhuang_deltas(int(shaozhuang), dealer, int(base))
    pays = _payments(hand_d, winner)
    if shaozhuang:
        s = 2 ** (int(shaozhuang) - 1) * int(base)
        pays += [{"payer": dealer, "receiver": x, "kind": "shaozhuang", "amount": s} for x in range(4) if x != dealer]
    return BeijingReport(
        variant=VARIANT, win=win, winner=winner, dealer=dealer, payer=payer, hand=fmt(counts),
        melds=kit.meld_text(meld_list), wild=kind_name(w), wilds=int(counts[w]) - natural_win, fans=res["fans"], total=res["total"],
        hubao=partners, shaozhuang=int(shaozhuang), shaozhuang_fan=2 ** (int(shaozhuang) - 1) if shaozhuang else 0,
        base=int(base), hand_deltas=hand_d, shaozhuang_deltas=sz_d,
        deltas=[a + b for a, b in zip(hand_d, sz_d)], payments=pays,
    )


@dataclass
class BeijingHandReport:
    """Several wins on one discard (or a drawn hand) with the hand's 烧庄 settled once."""

    wins: list[BeijingReport]
    shaozhuang: int
    shaozhuang_deltas: list[int]
    deltas: list[int]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        head = f"{len(self.wins)} win(s)" if self.wins else "drawn hand (荒牌)"
        lines = [f"variant beijing: {head}, 烧庄 {self.shaozhuang} round(s)"]
        for r in self.wins:
            lines.append(f"  seat {r.winner}: F = {r.total} ({', '.join(FAN_NAMES[n] for n in r.fans)}), "
                         f"hand part " + ", ".join(f"{d:+d}" for d in r.hand_deltas))
        lines.append("deltas: " + ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas)))
        return "\n".join(lines)


def settle_hand(wins: Iterable[Mapping[str, Any]] = (), *, dealer: int = 0, discarder: int | None = None,
                wild=None, indicator=None, shaozhuang: int = 0, base: int = 1,
                overrides: Mapping[str, Any] | None = None) -> BeijingHandReport:
    """A whole hand's payments: every win (each a mapping of :func:`score`'s per-win arguments: hand,
    melds, win, winner, winning_tile, hubao) and the 烧庄 part once. Several wins must share one
    discarder (一炮多响, BJ-A8); two 互包 partners winning together settle the difference of their F
    (each pays the other's hand part). No wins: a drawn hand, 烧庄 paid unless shaozhuang_on_draw=False."""
    opts = options(overrides)
    wins = [dict(w) for w in wins]
    dealer = kit.seat_arg("dealer", dealer)
    if len(wins) > 1:
        if not opts["multi_ron"]:
            raise ValueError(f"{len(wins)} winners on one discard: multi_ron=False lets only the nearest win")
        if discarder is None:
            raise ValueError("several winners need the shared discarder seat")
        if len({w.get("winner") for w in wins}) != len(wins):
            raise ValueError("several wins by the same seat")
    reports = []
    for w in wins:
        bad = set(w) - {"hand", "melds", "win", "winner", "winning_tile", "hubao", "claims_before"}
        if bad or "hand" not in w:
            raise ValueError(f"a win takes hand, melds, win, winner, winning_tile, hubao; got {sorted(w)}")
        kind = w.pop("win", "discard" if discarder is not None else "selfdraw")
        d = discarder if WINS.get(kind, ((), False))[1] is not False else None
        if len(wins) > 1 and d is None:
            raise ValueError(f"win {kind!r} with several winners: each must be on the shared discard")
        reports.append(score(w.pop("hand"), wild=wild, indicator=indicator, win=kind, dealer=dealer, discarder=d,
                             base=base, overrides=overrides, **w))
    r = int(shaozhuang) if (wins or opts["shaozhuang_on_draw"]) else 0
    sz = _core.shaozhuang_deltas(r, dealer, int(base)) if isinstance(shaozhuang, (int, np.integer)) else None
    if sz is None:
        raise ValueError(f"shaozhuang {shaozhuang!r}: allowed a number of rounds 0..20")
    total = list(sz)
    for rep in reports:
        total = [a + b for a, b in zip(total, rep.hand_deltas)]
    return BeijingHandReport(wins=reports, shaozhuang=r, shaozhuang_deltas=sz, deltas=total)


def is_win(hand, wild, melds: Iterable = ()) -> bool:
    """Whether `hand` (14 - 3 x melds tiles) with `melds` is a Beijing win shape, `wild` the 惠牌."""
    return _shapes.is_win(_counts(hand, "hand"), parse_melds(melds), kit.tile_arg(wild, "wild"))


def score_described(hand, *, variant, gold=None, flowers="", dealer_streak=0, youjin_level=0, discarded_gold=False,
                    **kwargs) -> BeijingReport:
    """``fzsim.score``'s route here (``variant="beijing"``): the arguments of a gold and flowers are
    refused; wild / indicator, hubao, shaozhuang and base pass through to :func:`score`."""
    kit.refuse_arguments(variant, "(the 惠牌 is wild= or indicator=)", gold=gold,
                         dealer_streak=dealer_streak or None, youjin_level=youjin_level or None,
                         discarded_gold=discarded_gold or None, flowers=flowers or None)
    return score(hand, **kwargs)
