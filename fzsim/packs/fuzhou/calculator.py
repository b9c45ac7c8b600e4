"""The Fuzhou reference calculator: what a described win pays under a Fuzhou variant (docs/spec/RULES.md §6, §10).

``fzsim.score(...)`` checks that the description is a possible win (tile counts, melds, golds,
flowers for the variant, the winning shape from the wildcard win search, the way it was won),
works out the facts the engine would record (golds G, kongs, 金雀 / 金龙 readings, 闲金 wait,
flags) and scores them with the core's ``score_win``, exactly as the engine does.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Iterable, Mapping

import numpy as np

from fzsim import rules as _rules
from fzsim import wincheck
from fzsim.packs import kit
from fzsim.pack_registry import DEFAULT_PACK, REGISTRY
from fzsim.tiles import (COPIES, N_HAND_KINDS, N_SUITED, as_hand_counts, fmt, gold_index, kind_index, kind_name,
                         parse)
from fzsim_core.packs.fuzhou.families import score_facts
from fzsim_core.win_facts import FLAGS, SPECIALS

#: how a win can be described -> (core win type, flags beyond selfdraw)
WINS: dict[str, tuple[str, tuple[str, ...]]] = {
    "selfdraw": ("selfdraw", ()),
    "discard": ("discard", ()),
    "robbed_kong": ("robbed_kong", ("robbed_kong",)),
    "qiangjin": ("qiangjin", ()),
    "sanjindao": ("sanjindao", ()),
    "tianhu": ("tianhu", ()),
    "kong_replacement": ("selfdraw", ("kong_replacement",)),
    "last_tile": ("selfdraw", ("last_tile",)),
    "last_group": ("selfdraw", ("last_group",)),
}
#: meld types; kongs are 4 tiles, chows and pungs 3
MELD_TYPES = kit.MELD_TYPES
_MELD_ALIASES = {"exposed_kong": "kong", "ming_kong": "kong", "an_kong": "concealed_kong"}
_DISCARD_WINS = ("discard", "robbed_kong")
_OPENING_WINS = ("qiangjin", "tianhu")


@dataclass(frozen=True)
class Meld:
    """An exposed (or concealed-kong) meld: its type and its tiles as kind indices."""

    type: str
    kinds: tuple[int, ...]

    def notation(self) -> str:
        counts = np.zeros(N_HAND_KINDS, dtype=np.uint8)
        for k in self.kinds:
            counts[k] += 1
        return f"{self.type} {fmt(counts)}"


@dataclass
class ScoreReport:
    """The score of one win: components, specials, flags and every seat's payment (zero-sum)."""

    variant: str
    rules_hash: str
    scoring: str
    win: str
    win_type: str
    winner: int
    dealer: int
    discarder: int
    F: int
    K: int
    G: int
    L: int
    S: int
    specials: list[str]         # every special that applies
    special_counted: str | None  # the one that counted (None: no special value)
    flags: list[str]
    deltas: list[int]            # per seat 0..3, zero-sum
    total: int                   # what the winner receives
    hand: str = ""
    melds: list[str] = field(default_factory=list)
    flowers: str = ""
    gold: str = ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        pays = ", ".join(f"seat {s}: {d:+d}" for s, d in enumerate(self.deltas))
        counted = self.special_counted or "none"
        return "\n".join([
            f"variant {self.variant} ({self.scoring} scoring, rules {self.rules_hash})",
            f"hand {self.hand}" + (f" + {', '.join(self.melds)}" if self.melds else "")
            + f", gold {self.gold}, flowers {self.flowers or '-'}",
            f"win: {self.win} by seat {self.winner}" + (f" from seat {self.discarder}" if self.discarder >= 0 else "")
            + f", dealer seat {self.dealer}",
            f"F={self.F} K={self.K} G={self.G} L={self.L} S={self.S}",
            f"specials: {', '.join(self.specials) or 'none'}; counted: {counted}",
            f"flags: {', '.join(self.flags) or 'none'}",
            f"payments: {pays}",
            f"total: {self.total}",
        ])


def parse_meld(spec: "str | tuple[str, Any] | Meld") -> Meld:
    """A meld from ``"pung 555p"``, ``"pung:5p"``, ``("chow", "123m")`` or a Meld.

    Pungs and kongs may give one tile (``"kong 7s"``) or all of them; a chow gives its three tiles.
    """
    if isinstance(spec, Meld):
        return spec
    if isinstance(spec, str):
        parts = spec.replace(":", " ").split(None, 1)
        if len(parts) != 2:
            raise ValueError(f"meld {spec!r}: expected '<type> <tiles>', e.g. 'pung 555p', with type one of "
                             f"{', '.join(MELD_TYPES)}")
        mtype, tiles = parts
    else:
        try:
            mtype, tiles = spec
        except (TypeError, ValueError):
            raise ValueError(f"meld {spec!r}: expected '<type> <tiles>' or a (type, tiles) pair") from None
    mtype = _MELD_ALIASES.get(str(mtype).lower(), str(mtype).lower())
    if mtype not in MELD_TYPES:
        raise ValueError(f"meld {spec!r}: unknown meld type {mtype!r}; allowed {', '.join(MELD_TYPES)}")
    counts = parse(tiles) if isinstance(tiles, str) else as_hand_counts(tiles)
    kinds = [k for k in range(len(counts)) for _ in range(int(counts[k]))]
    if any(k >= N_HAND_KINDS for k in kinds):
        raise ValueError(f"meld {spec!r}: flowers cannot be melded")
    size = 3 if mtype in ("chow", "pung") else 4
    if mtype == "chow":
        ok = (len(kinds) == 3 and kinds[2] < N_SUITED and kinds[0] // 9 == kinds[2] // 9
              and kinds[1] == kinds[0] + 1 and kinds[2] == kinds[0] + 2)
        if not ok:
            raise ValueError(f"meld {spec!r}: a chow is three consecutive tiles of one suit, e.g. 'chow 345p'")
    else:
        if len(set(kinds)) != 1:
            raise ValueError(f"meld {spec!r}: a {mtype} is {size} identical tiles")
        if len(kinds) == 1:
            kinds = kinds * size
        if len(kinds) != size:
            raise ValueError(f"meld {spec!r}: a {mtype} is {size} identical tiles, got {len(kinds)}")
    return Meld(mtype, tuple(kinds))


def score(hand, gold=None, *, melds: Iterable = (), flowers="", win: str = "selfdraw", winner: int = 0,
          dealer: int = 0, discarder: int | None = None, dealer_streak: int = 0, youjin_level: int = 0,
          winning_tile=None, discarded_gold: bool = False, variant="fuzhou",
          overrides: Mapping[str, Any] | None = None, **pack_args) -> ScoreReport:
    """Score a described win under a variant of the gold-and-flowers rules (the Fuzhou pack and
    packs without a calculator of their own); a variant of another pack is refused with the function
    that scores it. ``fzsim.score`` (:func:`fzsim.calculators.score`) hands a preset of another
    pack to that pack's calculator.

    The arguments are :func:`fzsim.score`'s (described there); ``pack_args`` must be empty.

    Raises ValueError with the reason when the description is not a possible win.
    """
    cfg = _rules.load(variant, overrides)
    _check_fuzhou_pack(cfg)
    if pack_args:
        raise ValueError(f"{', '.join(pack_args)}: unknown argument(s) for variant {variant!r}")
    if win not in WINS:
        raise ValueError(f"win {win!r} is unknown: allowed {', '.join(WINS)}")
    win_type, extra_flags = WINS[win]
    for name, seat in (("winner", winner), ("dealer", dealer)):
        if not isinstance(seat, (int, np.integer)) or not 0 <= seat <= 3:
            raise ValueError(f"{name} seat {seat!r} is out of range: allowed 0..3")
    if win in _DISCARD_WINS:
        if discarder is None:
            raise ValueError(f"a {win} win needs the discarder seat (0..3, not the winner)")
        if not 0 <= discarder <= 3 or discarder == winner:
            raise ValueError(f"discarder seat {discarder!r}: allowed 0..3 other than the winner {winner}")
    elif discarder is not None:
        raise ValueError(f"discarder {discarder} given for a {win} win: only discard and robbed_kong have one")
    if not isinstance(dealer_streak, (int, np.integer)) or not 0 <= dealer_streak <= 255:
        raise ValueError(f"dealer_streak {dealer_streak!r} is out of range: allowed 0..255")

    counts = as_hand_counts(hand).astype(np.int64)
    g = gold_index(gold)
    if g < 0:
        raise ValueError("gold is required: every Fuzhou hand has a gold kind (e.g. gold='5p')")
    meld_list = [parse_meld(m) for m in melds]
    honours_flowers = cfg["honors_are_flowers"]
    flower_counts = parse(flowers) if isinstance(flowers, str) else np.asarray(flowers, dtype=np.int64)
    _check_tiles(counts, g, meld_list, flower_counts, honours_flowers, win, cfg.name)

    golds = int(counts[g])
    n_melds = len(meld_list)
    ek = sum(m.type in ("kong", "added_kong") for m in meld_list)
    ck = sum(m.type == "concealed_kong" for m in meld_list)
    wc = wincheck
    # (a 16-tile 三金倒, declared before drawing, has no winning shape to look for)
    shape_wins = int(counts.sum()) % 3 == 2 and bool(wc.is_win(counts, g))
    # §7: a dealer holding 3 golds in the opening window may take 三金倒 at 天胡's priority
    three_golds_tianhu = win == "tianhu" and golds >= 3
    if win == "sanjindao":
        if golds < 3:
            raise ValueError(f"三金倒 needs 3 golds in hand; this hand holds {golds} of gold {kind_name(g)}")
    elif not shape_wins and not three_golds_tianhu:
        raise ValueError(f"not a winning hand: {_fmt(counts)} with gold {kind_name(g)} and {n_melds} meld(s) "
                         f"is not {5 - n_melds} melds + a pair (golds wild)")
    if win in _OPENING_WINS and meld_list:
        raise ValueError(f"a {win} win happens before any meld or kong: got {len(meld_list)} meld(s)")
    if win == "tianhu" and winner != dealer:
        raise ValueError(f"天胡 is the dealer's win: winner {winner} is not the dealer {dealer}")
    if win == "qiangjin" and golds < 1:
        raise ValueError("抢金 takes the gold indicator into the hand: the hand must hold a gold")

    specials = ["sanjindao"] if three_golds_tianhu else []
    if shape_wins and golds >= 2 and wc.is_jinque(counts, g):
        specials.append("jinque")
    if shape_wins and golds >= 3 and wc.is_jinlong(counts, g):
        specials.append("jinlong")

    flags = [] if win in _DISCARD_WINS else ["selfdraw"]
    flags += list(extra_flags)
    if winning_tile is not None:
        w = kind_index(winning_tile) if isinstance(winning_tile, str) else int(winning_tile)
        if not 0 <= w < N_HAND_KINDS or counts[w] == 0:
            raise ValueError(f"winning tile {winning_tile!r} is not in the hand {_fmt(counts)}")
        if w == g and win in _DISCARD_WINS:
            raise ValueError(f"a gold ({kind_name(g)}) can never be claimed from a discard or a kong")
        if win == "robbed_kong" and counts[w] != 1:
            raise ValueError(f"robbing a kong of {kind_name(w)}: the other 3 copies are in the robbed player's "
                             f"pung, so the hand holds exactly 1 {kind_name(w)}, not {int(counts[w])}")
        if win == "robbed_kong" and any(w in m.kinds for m in meld_list):
            raise ValueError(f"robbing a kong of {kind_name(w)}: the winner's melds cannot hold {kind_name(w)}")
        before = counts.copy()
        before[w] -= 1
        if int(before[g]) == 1 and wc.is_xianjin_wait(before, g):
            flags.append("xianjin")
            if win in _DISCARD_WINS and cfg["xianjin_selfdraw_only"]:
                raise ValueError(f"a 闲金 wait (one gold as half the pair) may only win by self-draw in variant "
                                 f"{cfg.name} (xianjin_selfdraw_only = true)")

    if discarded_gold:
        if cfg["gold_discard"] == "forbidden":
            raise ValueError(f"golds may not be discarded in variant {cfg.name} (gold_discard = \"forbidden\")")
        if cfg["gold_discard"] == "selfdraw_only" and win in _DISCARD_WINS:
            raise ValueError(f"a player who discarded a gold may only win by self-draw in variant {cfg.name} "
                             f"(gold_discard = \"selfdraw_only\")")

    if youjin_level:
        if youjin_level not in (1, 2, 3):
            raise ValueError(f"youjin_level {youjin_level!r}: allowed 0 (none), 1 单游, 2 双游, 3 三游")
        if not cfg["youjin"]:
            raise ValueError(f"youjin_level {youjin_level} but variant {cfg.name} does not play 游金 (youjin = false)")
        if win in _DISCARD_WINS or win in _OPENING_WINS:
            # (a 三金倒 in the last group by a seat in 游金 is paid at its 游金 level: RULES §11)
            raise ValueError(f"a 游金 win is a self-draw during play, not {win}")
        if golds < 1:
            raise ValueError("a 游金 win holds a gold")
        if winning_tile is not None:
            # in 游金 the gold is a single waiting on anything: every suited tile completes the hand
            before = counts.copy()
            before[kind_index(winning_tile) if isinstance(winning_tile, str) else int(winning_tile)] -= 1
            mask = int(wc.wait_mask(before, g))
            if mask & ((1 << N_SUITED) - 1) != (1 << N_SUITED) - 1:
                raise ValueError(f"youjin_level {youjin_level}: before the winning tile the hand must wait on any "
                                 f"tile with a gold single (游金); {_fmt(before)} does not")
    elif (cfg["youjin"] and cfg["must_youjin_with_two_golds"] and golds >= 2
          and win not in ("sanjindao", "qiangjin", "tianhu")):
        raise ValueError(f"with {golds} golds variant {cfg.name} allows only a 游金 win "
                         f"(must_youjin_with_two_golds = true): give youjin_level 1..3")

    res = score_facts(
        cfg.core, winner=int(winner), dealer=int(dealer), win_type=win_type,
        discarder=-1 if discarder is None else int(discarder), specials=specials,
        flowers=[int(c) for c in flower_counts[27:42]],
        exposed_kongs=ek, concealed_kongs=ck, golds=golds, dealer_streak=int(dealer_streak),
        youjin_level=int(youjin_level),
    )
    sp_names = [n for n, b in SPECIALS.items() if res["specials"] & b]
    counted = next((n for n, b in SPECIALS.items() if res["special_counted"] == b), None)
    return ScoreReport(
        variant=cfg.name, rules_hash=cfg.hash, scoring=cfg["scoring"], win=win, win_type=win_type,
        winner=int(winner), dealer=int(dealer), discarder=-1 if discarder is None else int(discarder),
        F=res["F"], K=res["K"], G=res["G"], L=res["L"], S=res["S"], specials=sp_names,
        special_counted=counted, flags=[f for f in FLAGS if f in flags], deltas=res["deltas"],
        total=res["deltas"][int(winner)], hand=_fmt(counts), melds=[m.notation() for m in meld_list],
        flowers=_fmt42(flower_counts), gold=kind_name(g),
    )


def _check_fuzhou_pack(cfg) -> None:
    """Only a variant of a pack without a calculator of its own (Fuzhou's, the plain example) reaches
    the gold-and-flowers calculator below: another pack's variant is refused with the function that
    scores it."""
    entry = REGISTRY[cfg.canonical.get("pack", DEFAULT_PACK)]
    if entry.calculator not in (None, __name__):
        raise ValueError(f"variant {cfg.name!r} plays the {entry.name} pack, which fzsim.score does not take this way:"
                         f" score its wins with {entry.score_usage}")


def _fmt(counts) -> str:
    return fmt(np.asarray(counts, dtype=np.uint8)[:N_HAND_KINDS])


def _fmt42(counts) -> str:
    arr = np.zeros(42, dtype=np.uint8)
    arr[:len(counts)] = counts
    return fmt(arr)


def _check_tiles(counts, g, melds, flowers, honours_flowers, win, variant) -> None:
    """Reject descriptions no real deal can produce: counts, golds, melds and flowers."""
    if flowers.ndim != 1 or flowers.shape[0] != 42:
        raise ValueError("flowers must be notation such as '1z5f' or 42 counts")
    bad = np.flatnonzero((flowers < 0) | (flowers > COPIES))
    if bad.size:
        k = int(bad[0])
        raise ValueError(f"{int(flowers[k])} copies of flower {kind_name(k)}: allowed 0..{int(COPIES[k])}")
    if flowers[:N_SUITED].any():
        k = int(np.flatnonzero(flowers[:N_SUITED])[0])
        raise ValueError(f"{kind_name(k)} listed as a flower: flowers are "
                         f"{'1z..7z and ' if honours_flowers else ''}1f..8f")
    if not honours_flowers and flowers[27:34].any():
        k = 27 + int(np.flatnonzero(flowers[27:34])[0])
        raise ValueError(f"{kind_name(k)} is not a flower in variant {variant} (honors_are_flowers = false): "
                         f"only 1f..8f are flowers")
    if honours_flowers and g >= 27:
        raise ValueError(f"gold {kind_name(g)} is a flower in variant {variant}: the gold is a suited kind there")
    total = counts.copy()
    for m in melds:
        if g in m.kinds:
            raise ValueError(f"gold {kind_name(g)} in meld {m.notation()!r}: golds are never chowed, punged or konged")
        if m.type == "chow" and m.kinds[0] >= N_SUITED:
            raise ValueError(f"meld {m.notation()!r}: honours are never chowed")
        for k in m.kinds:
            total[k] += 1
    if honours_flowers and total[27:34].any():
        k = 27 + int(np.flatnonzero(total[27:34])[0])
        raise ValueError(f"{kind_name(k)} is a flower in variant {variant} (honors_are_flowers = true): "
                         f"it cannot be held or melded; list it under flowers")
    over = [k for k in range(N_HAND_KINDS) if k != g and total[k] > 4]
    if over:
        raise ValueError(f"{int(total[over[0]])} copies of {kind_name(over[0])} across hand and melds: "
                         f"the tile set has 4")
    max_golds = 4 if win == "qiangjin" else 3   # the indicator reaches a hand only through 抢金
    if counts[g] > max_golds:
        raise ValueError(f"{int(counts[g])} golds ({kind_name(g)}) in hand: at most {max_golds} "
                         f"(the indicator is out of play{'' if win == 'qiangjin' else ' unless robbed by 抢金'})")
    if len(melds) > 5:
        raise ValueError(f"{len(melds)} melds: a hand has at most 5")
    want = 17 - 3 * len(melds)
    have = int(counts.sum())
    if win in ("sanjindao", "tianhu") and have == want - 1 and counts[g] >= 3:
        return          # 三金倒 may be declared on the deal's 16 tiles, before any draw (§7)
    if have != want:
        raise ValueError(f"wrong tile count: {have} concealed tiles with {len(melds)} meld(s); a winning hand "
                         f"holds 17 - 3 x melds = {want} (the winning tile included, kongs counted as 3)")
