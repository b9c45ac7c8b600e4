"""Typed stub for fzsim_core.packs.fuzhou.families (docs/spec/RULES.md §10)."""
from typing import Iterable, TypedDict

from fzsim_core.rules import Rules

#: RuleSet.scoring value of each of the pack's scoring families, by name
SCORING_FAMILIES: dict[str, int]

class ScoreDict(TypedDict):
    F: int
    K: int
    G: int
    L: int
    S: int
    specials: int
    special_counted: int
    deltas: list[int]

def score_facts(
    rules: Rules,
    *,
    winner: int,
    dealer: int,
    win_type: str | int,
    discarder: int = -1,
    specials: int | Iterable[str] = 0,
    flowers: str | Iterable[int] = (),
    exposed_kongs: int = 0,
    concealed_kongs: int = 0,
    golds: int = 0,
    dealer_streak: int = 0,
    youjin_level: int = 0,
) -> ScoreDict: ...

def _bench_score_win(rules: Rules, n: int) -> tuple[float, int]:
    """Seconds for n score_win calls over 64 varied wins (benchmarks only), and a checksum."""
