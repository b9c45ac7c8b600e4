"""Each win's scoring elements: what adds up to its value, by name, per rule pack.

A win record keeps the winner's hand (concealed kinds, melds), the winning tile, its situation
flags and its value; :func:`elements` turns a block of records into three parallel lists per
record — ``names``, ``values`` (what one count adds, in the pack's own unit) and ``counts`` (how
many times it counts) — so that ``sum(value * count)`` is the record's ``value``.

Each pack names its own (``elements`` of its ``fzsim/packs/<pack>/records.py``, registered in
`fzsim.pack_registry`), e.g. the special that counted, a base pattern and its 根, every fan counted.
The values come from the pack's own calculator in the core (``fzsim_core.packs.<pack>``) applied
to the stored hand, so they are the pack's rules, not a copy of them;
``fzsim verify --rescore`` checks the stored values against the public calculators.
Settlement records (查叫, 烧庄, ...) have no elements.
"""
from __future__ import annotations

import numpy as np

from fzsim.pack_registry import REGISTRY

#: MeldType (fzsim_core/table.pxd) by code -> the calculators' meld names
MELD_NAMES = {1: "chow", 2: "pung", 3: "kong", 4: "added_kong", 5: "concealed_kong"}


def record_hand(recs: dict, i: int) -> tuple[np.ndarray, list[tuple[str, int]]]:
    """(34 concealed counts with the winning tile, [(meld name, kind), ...]) of record ``i``."""
    conc = recs["concealed"][i]
    counts = np.bincount(conc[conc != 255].astype(np.int64), minlength=34)[:34]
    melds = [(MELD_NAMES[int(recs["meld_type"][i][m])], int(recs["meld_kind"][i][m]))
             for m in range(int(recs["n_melds"][i]))]
    return counts, melds


def flag_set(value: int, table: dict[str, int]) -> set[str]:
    return {name for name, bit in table.items() if int(value) & bit}


def hand_context(hands: dict | None, recs: dict, column: str, need: bool) -> np.ndarray | None:
    """The hands table's ``column`` for each record (joined on game id and hand), or None."""
    if hands is None:
        if need:
            raise ValueError(f"the wins table of this pack needs the hands' columns ({column}): pass hands=")
        return None
    # (hand is an int16 >= 0: below 1 << 16)
    key = np.asarray(hands["game_id"]).astype(np.int64) * 65536 + np.asarray(hands["hand"]).astype(np.int64)
    order = np.argsort(key, kind="stable")
    want = recs["game_id"].astype(np.int64) * 65536 + recs["hand"].astype(np.int64)
    pos = np.searchsorted(key[order], want)
    pos = np.minimum(pos, max(len(key) - 1, 0))
    if len(want) and (len(key) == 0 or (key[order][pos] != want).any()):
        raise ValueError("a record's (game_id, hand) has no row in the hands' columns")
    return np.asarray(hands[column])[order][pos] if len(want) else np.zeros(0, np.asarray(hands[column]).dtype)


def by_situation(recs, wins, keys, compute):
    """``compute(i)`` once per distinct key among the wins (the key must determine the elements);
    a win whose cached elements do not add up to its value gets its own call."""
    cache, out = {}, []
    values = recs["value"].tolist()
    for i, key in enumerate(keys):
        if not wins[i]:
            out.append([])
            continue
        if key not in cache:
            cache[key] = compute(i)
        got = cache[key]
        out.append(got if sum(v * c for _, v, c in got) == values[i] else compute(i))
    return out


def elements(recs: dict, wins: np.ndarray, pack: str, rules: dict, hands: dict | None = None
             ) -> list[list[tuple[str, int, int]]]:
    """Per record, its (name, value, count) elements (settlements: none); see the module docstring.

    ``rules``: the variant's canonical rules (options of the pack's scoring); ``hands``: the block's
    per-hand columns (a pack may read the dealer or the wild there).
    """
    entry = REGISTRY.get(pack)
    if entry is None or entry.elements is None:
        allowed = [name for name, e in REGISTRY.items() if e.elements]
        raise ValueError(f"pack {pack!r} has no scoring elements: allowed {', '.join(allowed)}")
    return entry.resolve("elements")(recs, np.asarray(wins, dtype=bool), rules, hands)
