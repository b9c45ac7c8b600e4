"""Re-score every stored win with its pack's pure calculator (``fzsim verify DIR --rescore``).

Each win row of the wins table is read back as a described win — the hand and melds from its
``hand_notation``, the winning tile, the win type and flags, the winner and paying seat, and from
the hands table the dealer, the gold / 惠牌, the streak, the dice and the 荒番 counter — and scored
again by the calculator a user reaches through ``fzsim.score`` (国标: the batch fan calculator
behind ``fzsim.fans``), not by the engine's settlement. Every difference in value, points and,
where the stored facts determine them, the deltas is a disagreement.

What the records do not keep, and so is not re-derived:

* Fuzhou: the winner's flowers by kind (only their count and points ``F``): the re-score takes a
  set of flowers with that count and as many complete sets as ``F`` implies, so F is checked for
  consistency only;
* Beijing: the 互包 partners and Shanghai: the 承包 relations, which move who pays: their deltas are
  not compared (value and per-payer points are);
* Sichuan 天胡 / 地胡 and 杠上炮 are read from the record's flags (``kong_discard``, ``tianhu``,
  ``dihu`` of ``fzsim_core.packs.sichuan.pack.RECORD_FLAGS``) and 点杠花's payer from ``from_seat``;
  folders written before those were recorded cannot tell them apart.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

import numpy as np

from fzsim import storage
from fzsim.tiles import kind_index, parse
from fzsim.win_elements import pack_options, sichuan_variant

_MELD = re.compile(r"([\[(])(\d+)([mpsz])[\])]")
_HAND_COLUMNS = ["game_id", "hand", "dealer", "streak", "gold", "youjin_level", "F", "dice", "carry",
                 "flowers_0", "flowers_1", "flowers_2", "flowers_3"]
DELTAS = [f"delta_{s}" for s in range(4)]


@dataclass(frozen=True)
class Disagreement:
    """One stored win the calculator scores differently (or refuses)."""

    unit: str            # the variant (or variant/policy setting)
    game_id: int
    hand: int
    order: int           # the record's place in its hand (the wins table's ``order``)
    problem: str

    def line(self) -> str:
        return f"{self.unit} game {self.game_id} hand {self.hand} record {self.order}: {self.problem}"


@dataclass
class RescoreResult:
    """What ``rescore`` compared: wins per unit (variant or variant/policy) and every disagreement."""

    compared: dict[str, int] = field(default_factory=dict)
    disagreements: list[Disagreement] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.disagreements


def parse_hand(notation: str) -> tuple[str, list[str]]:
    """(concealed tiles in notation, melds as ``"pung 555p"``) from a stored ``hand_notation``.
    ``[7777s]`` is an exposed or added kong (scored alike), ``(7777s)`` a concealed kong."""
    melds = []
    for opening, ranks, suit in _MELD.findall(notation):
        if opening == "(":
            kind = "concealed_kong"
        elif len(ranks) == 4:
            kind = "kong"
        else:
            kind = "pung" if len(set(ranks)) == 1 else "chow"
        melds.append(f"{kind} {ranks}{suit}")
    concealed = _MELD.sub("", notation).strip()
    return concealed, melds


def _disagreement(unit: str, row, diffs: list[str]) -> Disagreement:
    return Disagreement(unit, int(row.game_id), int(row.hand), int(row.order),
                        f"seat {int(row.seat)} {row.hand_notation!r}: " + "; ".join(diffs))


def _differences(row, value=None, points=None, deltas=None) -> list[str]:
    out = []
    if value is not None and int(value) != int(row.value):
        out.append(f"value stored {int(row.value)}, calculator {int(value)}")
    if points is not None and int(points) != int(row.points):
        out.append(f"points stored {int(row.points)}, calculator {int(points)}")
    if deltas is not None:
        stored = [int(getattr(row, c)) for c in DELTAS]
        if stored != [int(d) for d in deltas]:
            out.append(f"deltas stored {stored}, calculator {[int(d) for d in deltas]}")
    return out


# --- per pack: (win row, its hand's row, rules, earlier winners of the hand) -> differences ---------

def _sichuan(row, hand, rules, earlier):
    from fzsim import scoring
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
    variant = sichuan_variant(rules)
    concealed, melds = parse_hand(row.hand_notation)
    r = scoring.score(concealed, variant=variant, melds=melds, win=win, winner=int(row.seat), dealer=dealer,
                      finished=finished if variant == "xuezhan" else (), base=int(rules.get("base", 1)),
                      winning_tile=tile, overrides=pack_options("sichuan", rules), **args)
    return _differences(row, r.value, r.multiplier * r.base_unit, r.deltas)


def _beijing(row, hand, rules, earlier):
    from fzsim import packs_beijing, scoring
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
    opts = {k: rules["bj_" + k] for k in packs_beijing.OPTIONS if "bj_" + k in rules}
    concealed, melds = parse_hand(row.hand_notation)
    r = scoring.score(concealed, variant="beijing", melds=melds, wild=str(hand.gold), win=win,
                      winner=int(row.seat), dealer=int(hand.dealer), discarder=discarder,
                      winning_tile=row.tile_name if int(row.tile) >= 0 else None, base=int(rules.get("base", 1)),
                      also=also, overrides=opts)
    # (the deltas depend on the 互包 partners, which the record does not keep)
    return _differences(row, r.total, r.total * int(rules.get("base", 1)))


def _shanghai(row, hand, rules, earlier):
    from fzsim import packs_shanghai, scoring
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
    opts = {k: rules["sh_" + k] for k in packs_shanghai.OPTIONS if "sh_" + k in rules}
    opts.update({k: v for k, v in pack_options("shanghai", rules).items() if k in ("base_points", "flower_point")})
    dice = int(hand.dice)
    concealed, melds = parse_hand(row.hand_notation)
    r = scoring.score(concealed, variant="shanghai", melds=melds, flowers=int(row.gen), win=win,
                      winner=int(row.seat), dealer=int(hand.dealer), discarder=discarder,
                      dice=divmod(dice, 10) if dice > 0 else None, huangfan=int(hand.carry),
                      winning_tile=row.tile_name if int(row.tile) >= 0 else None, overrides=opts)
    # (the deltas depend on the 承包 relations, which the record does not keep)
    return _differences(row, r.floored, r.per_payer)


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


def _fuzhou(row, hand, rules, earlier):
    from fzsim import scoring
    wt = str(row.win_type)
    seat = int(row.seat)
    flowers = fuzhou_flowers(int(getattr(hand, f"flowers_{seat}")), int(hand.F), rules)
    if flowers is None:
        return [f"flowers: {int(getattr(hand, f'flowers_{seat}'))} flowers cannot score F = {int(hand.F)}"]
    concealed, melds = parse_hand(row.hand_notation)
    discarder = int(row.from_seat) if wt in ("discard", "robbed_kong") else None
    r = scoring.score(concealed, str(hand.gold), melds=melds, flowers=flowers, win=wt, winner=seat,
                      dealer=int(hand.dealer), discarder=discarder, dealer_streak=int(hand.streak),
                      youjin_level=int(hand.youjin_level),
                      winning_tile=row.tile_name if int(row.tile) >= 0 and wt in ("discard", "robbed_kong") else None,
                      variant=rules["_config"])
    return _differences(row, r.S, None, r.deltas)


_SCORERS = {"sichuan": _sichuan, "beijing": _beijing, "shanghai": _shanghai, "fuzhou": _fuzhou}


def _guobiao(unit, wins, hands, rules) -> list[Disagreement]:
    """国标 in one batch: the fans of every win from the stored hands (fzsim.fans_many)."""
    import importlib
    gb = importlib.import_module("fzsim.fans")      # (fzsim.fans is also the package's function)
    n = len(wins)
    if n == 0:
        return []
    counts = np.zeros((n, 34), dtype=np.uint8)
    melds = np.full((n, 4, 3), -1, dtype=np.int8)
    codes = {"chow": (0, 1), "pung": (1, 1), "kong": (2, 1), "concealed_kong": (2, 0)}
    for i, notation in enumerate(wins["hand_notation"]):
        concealed, ms = parse_hand(notation)
        counts[i] = parse(concealed)[:34]
        for m, text in enumerate(ms):
            kind, tiles = text.split()
            t, exposed = codes[kind]
            melds[i, m] = (t, int(np.flatnonzero(parse(tiles))[0]), exposed)
    flags_named = wins["flags_named"].to_numpy()
    wt = wins["win_type"].astype(str).to_numpy()
    flags = np.array([(gb.FLAG_SELFDRAW if w == "selfdraw" else 0) | (gb.FLAG_ROBBED_KONG if w == "robbed_kong" else 0)
                      | (gb.FLAG_KONG_REPLACEMENT if "kong_replacement" in f else 0)
                      | (gb.FLAG_LAST_TILE if "last_tile" in f else 0)
                      | (gb.FLAG_FOURTH_TILE if "fourth_tile" in f else 0)
                      | (gb.FLAG_MINGANGANG if rules.get("gb_mingangang") else 0) for w, f in zip(wt, flags_named)])
    dealer = hands["dealer"].to_numpy().astype(np.int64)
    seat = wins["seat"].to_numpy().astype(np.int64)
    total, _ = gb.fans_many(counts, wins["tile"].to_numpy(), melds=melds, flags=flags, flowers=wins["gen"].to_numpy(),
                            seat_wind=(seat - dealer) % 4, round_wind=(wins["hand"].to_numpy() // 4) % 4)
    base = int(rules.get("base", 8))
    out = []
    for i, row in enumerate(wins.itertuples(index=False)):
        # the discarder pays base + fans, each other seat base; on a self-draw each pays base + fans
        d = [-base] * 4 if wt[i] != "selfdraw" else [-(base + int(total[i]))] * 4
        if wt[i] != "selfdraw":
            d[int(row.from_seat)] = -(base + int(total[i]))
        d[int(row.seat)] = 0
        d[int(row.seat)] = -sum(d)
        diffs = _differences(row, total[i], base + int(total[i]), d)
        if diffs:
            out.append(_disagreement(unit, row, diffs))
    return out


def rescore(path, variants=None, limit: int | None = None) -> RescoreResult:
    """Re-score the stored wins of a results folder (every variant, or ``variants``; at most
    ``limit`` wins per variant and policy setting). The folder is read through ``fzsim.load``
    (its manifest check): an inconsistent folder is refused."""
    from fzsim import integrity
    root = str(path)
    manifest = integrity.read_run_manifest(root)
    identity = manifest.identity
    names = list(identity.variants) if variants is None else ([variants] if isinstance(variants, str) else list(variants))
    result = RescoreResult()
    for variant in names:
        if variant not in identity.variants:
            raise ValueError(f"variant {variant!r} is not in {root!r}; it holds {list(identity.variants)}")
        rules = dict(identity.variants[variant]["rules"])
        pack = str(rules.get("pack", "fuzhou"))
        wins = storage.load(root, variant=variant, table="wins")
        hands = storage.load(root, variant=variant, columns=_HAND_COLUMNS + (["policy"] if "policy" in wins else []))
        keys = ["game_id", "hand"] + (["policy"] if "policy" in wins else [])
        wins = wins[wins["record"] == "win"]
        for policy, w in (wins.groupby("policy", observed=True, sort=False) if "policy" in wins else [(None, wins)]):
            unit = storage.unit_label(variant, policy)
            w = w.reset_index(drop=True)
            if limit is not None:
                w = w.iloc[:limit]
            h = hands.merge(w[keys], on=keys, how="right") if len(w) else hands.iloc[:0]
            result.compared[unit] = len(w)
            if pack == "guobiao":
                result.disagreements += _guobiao(unit, w, h, rules)
                continue
            if pack == "plain" or pack not in _SCORERS:
                result.notes.append(f"{unit}: pack {pack!r} has no calculator to re-score with")
                result.compared[unit] = 0
                continue
            if pack == "fuzhou":
                from fzsim.rules import RuleConfig
                rules["_config"] = RuleConfig(variant, identity.variants[variant]["rules"])
            earlier: dict[tuple, list[int]] = {}
            scorer = _SCORERS[pack]
            for row, hrow in zip(w.itertuples(index=False), h.itertuples(index=False)):
                key = (row.game_id, row.hand) + ((row.policy,) if policy is not None else ())
                try:
                    diffs = scorer(row, hrow, rules, list(earlier.get(key, [])))
                except ValueError as exc:
                    diffs = [f"the calculator refuses it: {exc}"]
                earlier.setdefault(key, []).append(int(row.seat))
                if diffs:
                    result.disagreements.append(_disagreement(unit, row, diffs))
    return result

