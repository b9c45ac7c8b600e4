"""国标 / MCR (Chinese Official) fans of a winning hand (docs/spec/RULES-PACKS.md §5).

``fans(hand, melds=..., win_tile=..., ...)`` scores one hand; ``fans_many`` scores arrays of
hands in one loop without the GIL, for analysis. The work is done by the C evaluator in
``fzsim_core.packs.guobiao`` (the 81 fans of the official rulebook under its five combination
principles); this module turns notation into its input and says clearly what is wrong.

Tiles use the project's notation (``123m456p789s``, ``1z``..``7z`` = 东南西北白发中). ``hand`` is
the concealed tiles *with* the winning tile; ``melds`` are the declared sets, each a string
(``"234m"`` chow, ``"555p"`` pung, ``"5555p"`` exposed kong, all claimed) or a tuple
``("5555p", "concealed")`` for a concealed kong (暗杠).

``fzsim.fans`` and ``fzsim.fans_many`` are this module's functions; its other names (``FAN_NAMES``,
``payments``, the ``FLAG_*`` bits, ...) are read from here, ``fzsim.packs.guobiao.calculator``.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from fzsim.tiles import N_HAND_KINDS, as_hand_counts, kind_index, kind_name, parse
from fzsim_core.packs.guobiao import batch as _gb

__all__ = ["fans", "fans_many", "payments", "discard_winner", "FanReport", "FAN_NAMES", "FAN_VALUES", "FLAG_SELFDRAW",
           "FLAG_ROBBED_KONG", "FLAG_KONG_REPLACEMENT", "FLAG_LAST_TILE", "FLAG_FOURTH_TILE",
           "FLAG_MINGANGANG"]

#: fan names by id (1..81 in the rulebook's order, 82 明暗杠), spelled as PyMahjongGB spells them
FAN_NAMES = (
    "", "大四喜", "大三元", "绿一色", "九莲宝灯", "四杠", "连七对", "十三幺",
    "清幺九", "小四喜", "小三元", "字一色", "四暗刻", "一色双龙会", "一色四同顺", "一色四节高",
    "一色四步高", "三杠", "混幺九", "七对", "七星不靠", "全双刻", "清一色", "一色三同顺", "一色三节高",
    "全大", "全中", "全小", "清龙", "三色双龙会", "一色三步高", "全带五", "三同刻", "三暗刻",
    "全不靠", "组合龙", "大于五", "小于五", "三风刻", "花龙", "推不倒", "三色三同顺", "三色三节高",
    "无番和", "妙手回春", "海底捞月", "杠上开花", "抢杠和", "碰碰和", "混一色", "三色三步高", "五门齐",
    "全求人", "双暗杠", "双箭刻", "全带幺", "不求人", "双明杠", "和绝张", "箭刻", "圈风刻", "门风刻",
    "门前清", "平和", "四归一", "双同刻", "双暗刻", "暗杠", "断幺", "一般高", "喜相逢", "连六", "老少副",
    "幺九刻", "明杠", "缺一门", "无字", "独听・边张", "独听・嵌张", "独听・单钓", "自摸", "花牌", "明暗杠",
)
#: value of each fan id
FAN_VALUES = tuple(int(v) for v in _gb.VALUES)
assert len(FAN_NAMES) == len(FAN_VALUES) == _gb.N_FANS

FLAG_SELFDRAW = 1
FLAG_ROBBED_KONG = 2
FLAG_KONG_REPLACEMENT = 4
FLAG_LAST_TILE = 8
FLAG_FOURTH_TILE = 16
#: count one exposed + one concealed kong as 明暗杠 5 (PyMahjongGB / Botzone), not 明杠 1 + 暗杠 2
FLAG_MINGANGANG = 32
_CHOW, _PUNG, _KONG = 0, 1, 2
_WINDS = {"1z": 0, "2z": 1, "3z": 2, "4z": 3}


@dataclass(frozen=True)
class FanReport:
    """The fans of one winning hand.

    ``fans`` lists (name, value of one, times counted) in the rulebook's order; ``total`` is
    Σ value × count, flowers included; ``base`` leaves the flowers out (the 8-fan minimum
    applies to it, see ``legal``).
    """

    total: int
    base: int
    fans: list

    @property
    def legal(self) -> bool:
        """True if the hand reaches the 8-fan minimum without its flowers (else it is 诈和)."""
        return self.base >= 8

    def __str__(self) -> str:
        parts = [f"{n} {v}" + (f"×{c}" if c > 1 else "") for n, v, c in self.fans]
        return " + ".join(parts) + f" = {self.total}"


def _meld_of(item) -> tuple[int, int, int]:
    try:
        return _meld(item)
    except TypeError:          # not hashable: read without the cache (its error names it)
        return _meld.__wrapped__(item)


@lru_cache(maxsize=4096)   # few distinct melds (34 pungs, 21 chows, kongs): each is read once
def _meld(item) -> tuple[int, int, int]:
    """(type, lowest kind, exposed) of one declared set."""
    concealed = False
    text = item
    if isinstance(item, tuple):
        if len(item) != 2 or item[1] not in ("concealed", "exposed"):
            raise ValueError(f"meld {item!r}: a tuple meld is (tiles, 'concealed' or 'exposed')")
        text, concealed = item[0], item[1] == "concealed"
    if not isinstance(text, str):
        raise ValueError(f"meld {item!r} must be tile notation such as '234m', '555p' or '5555p'")
    full = parse(text)
    if full[N_HAND_KINDS:].any():
        raise ValueError(f"meld {text!r} holds a flower")
    c = full[:N_HAND_KINDS]
    kinds = np.flatnonzero(c)
    n = int(c.sum())
    if len(kinds) == 1 and n in (3, 4):
        kind, typ = int(kinds[0]), _PUNG if n == 3 else _KONG
    elif n == 3 and len(kinds) == 3 and kinds[0] < 27 and kinds[2] - kinds[0] == 2 \
            and kinds[0] // 9 == kinds[2] // 9:
        kind, typ = int(kinds[0]), _CHOW
    else:
        raise ValueError(f"meld {text!r} is not a chow, pung or kong")
    if concealed and typ != _KONG:
        raise ValueError(f"meld {text!r}: only a kong can be declared concealed (暗杠)")
    return typ, kind, 0 if concealed else 1


def _wind(value, name: str) -> int:
    if value not in _WINDS:
        raise ValueError(f"{name} {value!r} must be a wind: '1z' 东, '2z' 南, '3z' 西 or '4z' 北")
    return _WINDS[value]


def fans(hand, *, melds=(), win_tile, win: str = "discard", robbed_kong: bool = False,
         kong_replacement: bool = False, last_tile: bool = False, fourth_tile: bool = False,
         flowers: int = 0, seat_wind: str = "1z", round_wind: str = "1z",
         mingangang: bool = False) -> FanReport:
    """The 国标 fans of a winning hand (docs/spec/RULES-PACKS.md §5.4), choosing the best reading.

    ``hand``: the concealed tiles including ``win_tile`` (notation or 34 counts); ``melds``:
    the declared sets (module doc); ``win``: "discard" (点和, also for ``robbed_kong`` 抢杠和)
    or "selfdraw" (自摸, also for ``kong_replacement`` 杠上开花); ``last_tile``: the wall's last
    tile (妙手回春 / 海底捞月); ``fourth_tile``: the other three copies were visible (和绝张);
    ``flowers``: 0..8; winds as "1z".."4z". ``mingangang=True`` counts an exposed plus a
    concealed kong as 明暗杠 5, as PyMahjongGB and Botzone do (the rulebook: 明杠 1 + 暗杠 2).

    Raises ``ValueError`` naming the problem for bad notation, a wrong tile count, five
    copies of a tile, a winning tile not in the hand, situation flags that cannot hold
    together, or a hand that is not a winning shape.
    """
    counts = as_hand_counts(hand)
    if isinstance(melds, str):
        melds = (melds,)
    ms = [_meld_of(m) for m in melds]
    if len(ms) > 4:
        raise ValueError(f"{len(ms)} melds: a hand declares at most 4 sets")
    want = 14 - 3 * len(ms)
    # plain Python on 34 small ints: numpy's per-call overhead is most of a single hand's cost
    concealed = counts.tolist()
    if sum(concealed) != want:
        raise ValueError(f"the hand has {sum(concealed)} concealed tiles; with {len(ms)} meld(s) it "
                         f"must have {want} (the winning tile included)")
    held = list(concealed)
    for typ, kind, _ in ms:
        if typ == _CHOW:
            held[kind] += 1
            held[kind + 1] += 1
            held[kind + 2] += 1
        else:
            held[kind] += 3 if typ == _PUNG else 4
    if max(held) > 4:
        k = next(k for k, c in enumerate(held) if c > 4)
        raise ValueError(f"{held[k]} copies of {kind_name(k)} counting the melds: the tile set has 4")
    w = kind_index(win_tile) if isinstance(win_tile, str) else int(win_tile)
    if not 0 <= w < N_HAND_KINDS:
        raise ValueError(f"win_tile {win_tile!r} must be a suited or honour tile")
    if concealed[w] == 0:
        raise ValueError(f"the winning tile {kind_name(w)} is not in the hand (pass the hand with it)")
    if win not in ("discard", "selfdraw"):
        raise ValueError(f"win {win!r} must be 'discard' or 'selfdraw'")
    selfdraw = win == "selfdraw"
    if robbed_kong and selfdraw:
        raise ValueError("robbed_kong (抢杠和) is a win on another player's kong tile: use win='discard'")
    if robbed_kong and held[w] != 1:
        raise ValueError(f"robbed_kong: the hand holds another {kind_name(w)}, so nobody can add a kong of it")
    if kong_replacement and not selfdraw:
        raise ValueError("kong_replacement (杠上开花) is a self-draw: use win='selfdraw'")
    if kong_replacement and not any(t == _KONG for t, _, _ in ms):
        raise ValueError("kong_replacement (杠上开花) needs a declared kong among the melds")
    if fourth_tile and concealed[w] != 1:
        raise ValueError(f"fourth_tile (和绝张): the hand holds another {kind_name(w)}, so it was not the last one")
    if not (isinstance(flowers, (int, np.integer)) and 0 <= flowers <= 8):
        raise ValueError(f"flowers {flowers!r} must be an int 0..8")
    seat, rnd = _wind(seat_wind, "seat_wind"), _wind(round_wind, "round_wind")
    flags = (FLAG_SELFDRAW * selfdraw | FLAG_ROBBED_KONG * bool(robbed_kong)
             | FLAG_KONG_REPLACEMENT * bool(kong_replacement) | FLAG_LAST_TILE * bool(last_tile)
             | FLAG_FOURTH_TILE * bool(fourth_tile) | FLAG_MINGANGANG * bool(mingangang))
    st, total, base, listed = _gb.evaluate_listed(np.ascontiguousarray(counts), ms, w, flags, int(flowers), seat, rnd)
    if st == -4:
        raise ValueError("not a winning hand: no reading as 4 sets + a pair, 七对, 十三幺, 全不靠 or 组合龙")
    if st != 0:
        raise ValueError(f"cannot score this hand: {_gb.STATUS[st]}")
    return FanReport(total, base, [(FAN_NAMES[f], FAN_VALUES[f], c) for f, c in listed])


def fans_many(counts, win_tile, *, melds=None, flags=0, flowers=0, seat_wind=0, round_wind=0):
    """Score N hands in one loop without the GIL: returns (total (N,) int16, fans (N, 83) uint8).

    ``counts`` (N, 34): concealed tiles with the winning tile; ``win_tile`` (N,) kinds;
    ``melds`` (N, 4, 3) int8 rows (type 0 chow / 1 pung / 2 kong / -1 none, lowest kind,
    exposed 0/1) or None; ``flags`` FLAG_* bits; ``flowers`` 0..8; winds 0..3 (东南西北) —
    each an (N,) array or a scalar. ``fans[i, f]`` is how often fan id f (``FAN_NAMES[f]``)
    counts. Raises ``ValueError`` naming the first row the evaluator rejects and why.
    """
    raw = np.asarray(counts)
    if raw.ndim != 2 or raw.shape[1] != N_HAND_KINDS:
        raise ValueError(f"counts must be (N, 34), got shape {raw.shape}")
    if raw.size and (raw.min() < 0 or raw.max() > 4):
        raise ValueError("counts must lie in 0..4")
    c = np.ascontiguousarray(raw, dtype=np.uint8)
    n = c.shape[0]
    m = np.full((n, 4, 3), -1, dtype=np.int8) if melds is None else np.ascontiguousarray(melds, dtype=np.int8)

    def col(x, name):
        a = np.asarray(x)
        if a.ndim > 1 or (a.ndim == 1 and a.shape[0] != n) or (a < 0).any() or (a > 255).any():
            raise ValueError(f"{name} must be a scalar or an (N,) array of small non-negative ints")
        return np.ascontiguousarray(np.broadcast_to(a, (n,)), dtype=np.uint8)

    total = np.zeros(n, dtype=np.int16)
    out = np.zeros((n, _gb.N_FANS), dtype=np.uint8)
    status = np.zeros(n, dtype=np.int8)
    _gb.evaluate_many_into(c, m, col(win_tile, "win_tile"), col(flags, "flags"), col(flowers, "flowers"),
                           col(seat_wind, "seat_wind"), col(round_wind, "round_wind"), total, out, status)
    bad = np.flatnonzero(status)
    if bad.size:
        i = int(bad[0])
        raise ValueError(f"row {i}: {_gb.STATUS[int(status[i])]} ({bad.size} rejected rows)")
    return total, out


#: 底分: what each non-winner pays on every win (docs/spec/RULES-PACKS.md §5.4)
BASE_POINTS = 8
MINIMUM_FANS = 8


def payments(report, winner: int, discarder: int | None = None) -> list[int]:
    """Zero-sum deltas of seats 0..3 for a legal win (docs/spec/RULES-PACKS.md §5.4, 底分 8).

    Self-draw (``discarder`` None): each of the three others pays 8 + fan. On a discard (or a
    robbed kong, whose konger is the ``discarder``): the discarder pays 8 + fan, the other two
    8. ``report`` is a FanReport (fan = its total, flowers included) or an int total. A
    FanReport under the 8-fan minimum without flowers is 诈和 and raises ``ValueError``.
    """
    if isinstance(report, FanReport):
        if not report.legal:
            raise ValueError(f"{report.base} fans without flowers is under the {MINIMUM_FANS}-fan minimum (诈和)")
        fan = report.total
    else:
        fan = int(report)
    for name, seat in (("winner", winner), ("discarder", discarder)):
        if seat is not None and seat not in (0, 1, 2, 3):
            raise ValueError(f"{name} {seat!r} must be a seat 0..3")
    if discarder == winner:
        raise ValueError("the discarder cannot be the winner")
    deltas = [0, 0, 0, 0]
    for seat in range(4):
        if seat != winner:
            pay = BASE_POINTS + (fan if discarder is None or seat == discarder else 0)
            deltas[seat] -= pay
            deltas[winner] += pay
    return deltas


def discard_winner(discarder: int, claimants) -> int:
    """The one winner when several claim a discard: the first counter-clockwise (in play order:
    下家, 对家, 上家) from the discarder (docs/spec/RULES-PACKS.md §5.2, GB-10)."""
    seats = set(claimants)
    for step in (1, 2, 3):
        if (discarder + step) % 4 in seats:
            return (discarder + step) % 4
    raise ValueError(f"no claimant among {sorted(seats)} other than the discarder {discarder}")
