"""Re-score every stored win with its pack's pure calculator (``fzsim verify DIR --rescore``).

Each win row of the wins table is read back as a described win — the hand and melds from its
``hand_notation``, the winning tile, the win type and flags, the winner and paying seat, and from
the hands table the dealer, the gold / 惠牌, the streak, the dice and the 荒番 counter — and scored
again by the calculator a user reaches through ``fzsim.score`` (国标: the batch fan calculator
behind ``fzsim.fans``), not by the engine's settlement. Every difference in value, points and,
where the stored facts determine them, the deltas is a disagreement.

Each pack re-scores its own wins (``rescore`` of its ``fzsim/packs/<pack>/records.py``, registered
in `fzsim.pack_registry`) and says there what its records do not keep and so is not re-derived
(e.g. the winner's flowers by kind, the partners that move who pays); :func:`rescore_rows` is the
one-win-at-a-time loop the packs share.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from fzsim import integrity, storage
from fzsim.results_reader import load
from fzsim.pack_registry import DEFAULT_PACK, REGISTRY

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


def disagreement(unit: str, row, diffs: list[str]) -> Disagreement:
    return Disagreement(unit, int(row.game_id), int(row.hand), int(row.order),
                        f"seat {int(row.seat)} {row.hand_notation!r}: " + "; ".join(diffs))


def differences(row, value=None, points=None, deltas=None) -> list[str]:
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


def rescore_rows(unit: str, wins, hands, rules: dict, scorer) -> list[Disagreement]:
    """A pack's re-score one stored win at a time: ``scorer(win row, its hand's row, rules, earlier
    winners of the hand) -> differences`` for each win of ``wins`` (one unit's, in stored order); a
    calculator's ValueError is a disagreement too."""
    out = []
    earlier: dict[tuple, list[int]] = {}
    for row, hrow in zip(wins.itertuples(index=False), hands.itertuples(index=False)):
        key = (row.game_id, row.hand)
        try:
            diffs = scorer(row, hrow, rules, list(earlier.get(key, [])))
        except ValueError as exc:
            diffs = [f"the calculator refuses it: {exc}"]
        earlier.setdefault(key, []).append(int(row.seat))
        if diffs:
            out.append(disagreement(unit, row, diffs))
    return out


def rescore(path, variants=None, limit: int | None = None) -> RescoreResult:
    """Re-score the stored wins of a results folder (every variant, or ``variants``; at most
    ``limit`` wins per variant and policy setting). The folder is read through ``fzsim.load``
    (its manifest check): an inconsistent folder is refused."""
    root = str(path)
    manifest = integrity.read_run_manifest(root)
    identity = manifest.identity
    names = list(identity.variants) if variants is None else ([variants] if isinstance(variants, str) else list(variants))
    result = RescoreResult()
    for variant in names:
        if variant not in identity.variants:
            raise ValueError(f"variant {variant!r} is not in {root!r}; it holds {list(identity.variants)}")
        rules = dict(identity.variants[variant]["rules"])
        pack = str(rules.get("pack", DEFAULT_PACK))
        wins = load(root, variant=variant, table="wins")
        hands = load(root, variant=variant, columns=_HAND_COLUMNS + (["policy"] if "policy" in wins else []))
        keys = ["game_id", "hand"] + (["policy"] if "policy" in wins else [])
        wins = wins[wins["record"] == "win"]
        for policy, w in (wins.groupby("policy", observed=True, sort=False) if "policy" in wins else [(None, wins)]):
            unit = storage.unit_label(variant, policy)
            w = w.reset_index(drop=True)
            if limit is not None:
                w = w.iloc[:limit]
            h = hands.merge(w[keys], on=keys, how="right") if len(w) else hands.iloc[:0]
            result.compared[unit] = len(w)
            scorer = REGISTRY[pack].resolve("rescore") if pack in REGISTRY else None
            if scorer is None:
                result.notes.append(f"{unit}: pack {pack!r} has no calculator to re-score with")
                result.compared[unit] = 0
                continue
            result.disagreements += scorer(unit, variant, w, h, rules)
    return result

