"""Stratified runs: each game's first wall drawn within a stratum of its opening deal.

A pack may declare strata of its walls (`fzsim.pack_registry.PackEntry.study_strata`, such as
``golds``: the most golds any seat holds after the deal and 补花), each decided by
the wall alone and with an exactly known probability. A run given ``strata={"name": NAME,
"counts": [n_0, ..., n_{H-1}]}`` plays n_0 games of stratum 0 (game ids 0 .. n_0 - 1), then n_1
games of stratum 1, and so on: game g's first wall is the pack's wall drawn within g's stratum (its
first seeded *attempt* in the stratum — exactly a wall drawn given the stratum), the later hands of
its match and every other stream (dealer, policies, coupled draws) as in any run. The strata are
part of the run's identity: ``fzsim verify``, the logged hands and ``fzsim replay --run`` read them
there. A study draws its rounds this way (``strata = "golds"``: `fzsim.study.strata` allocates the
walls and weighs the strata back).

A pack's strata module gives ``STRATA`` (name -> what it is), ``check(name, configs)``,
``weights(name, config)``, ``game_strata(name, seed, first_game, n_games, config)`` (the strata of
seeded walls) and ``first_walls(name, seed, first_game, strata, config)`` (walls drawn within
strata), ``config`` being a variant's rule keys.
"""
from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from fzsim.pack_registry import REGISTRY


def strata_module(pack: str):
    """The pack's strata module (`PackEntry.study_strata`), or None when its walls have none."""
    entry = REGISTRY.get(pack)
    return None if entry is None or entry.study_strata is None else entry.resolve("study_strata")


def check_strata(name: str, pack: str, configs):
    """The pack's strata module when it gives stratification ``name`` for these variants' rules;
    else ValueError naming the stratification and what is allowed."""
    module = strata_module(pack)
    if module is None:
        having = [p for p in REGISTRY if strata_module(p) is not None]
        raise ValueError(f"strata = {name!r}: the {pack} pack's walls have no strata; allowed for the"
                         f" {', '.join(having)} pack only (leave strata out)")
    if not isinstance(name, str) or name not in module.STRATA:
        raise ValueError(f"strata = {name!r}: allowed {', '.join(map(repr, module.STRATA))} (or leave it out)")
    module.check(name, configs)
    return module


def check_run_strata(strata, configs, n_games: int) -> dict:
    """A run's ``strata`` ({"name": ..., "counts": [...]}) checked against its variants' rules
    (``configs``: mappings of rule keys, one pack) and its ``n_games`` games; the normalised dict.
    ValueError naming the offending entry."""
    if not isinstance(strata, Mapping) or set(strata) != {"name", "counts"}:
        raise ValueError(f"strata must be a dict with keys 'name' and 'counts', got {strata!r}")
    packs = {str(c["pack"]) for c in configs}
    if len(packs) != 1:
        raise ValueError(f"strata: the variants are of several packs ({', '.join(sorted(packs))}); a stratified"
                         " run's walls are one pack's")
    module = check_strata(strata["name"], packs.pop(), configs)
    counts = strata["counts"]
    n_strata = len(module.weights(strata["name"], configs[0]))
    if (not isinstance(counts, (list, tuple)) or len(counts) != n_strata
            or any(isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 0 for n in counts)):
        raise ValueError(f"strata counts must be {n_strata} whole numbers >= 0 (games per stratum), got {counts!r}")
    if sum(counts) != n_games:
        raise ValueError(f"strata counts {list(counts)} sum to {sum(counts)} games; the run plays {n_games}")
    w = module.weights(strata["name"], configs[0])
    empty = [h for h, n in enumerate(counts) if n and w[h] == 0]
    if empty:
        raise ValueError(f"strata counts ask for games of stratum {empty[0]}, which no wall falls in")
    return {"name": str(strata["name"]), "counts": [int(n) for n in counts]}


def game_strata(strata: Mapping, game_ids) -> np.ndarray:
    """The stratum of each of ``game_ids`` in a stratified run (by the counts: consecutive ids)."""
    edges = np.cumsum(strata["counts"])
    return np.searchsorted(edges, np.asarray(game_ids, dtype=np.int64), side="right").astype(np.int8)


def first_walls(strata: Mapping, config: Mapping, seed: int, first_game: int, n_games: int) -> np.ndarray:
    """The first walls of games first_game .. first_game + n_games - 1 of a stratified run under
    root seed ``seed`` ((n_games, tiles) kinds), for the rules ``config``."""
    module = strata_module(str(config["pack"]))
    ids = np.arange(first_game, first_game + n_games, dtype=np.int64)
    return module.first_walls(strata["name"], int(seed), int(first_game), game_strata(strata, ids), config)


def first_wall(strata: Mapping | None, config: Mapping, seed: int, game_id: int) -> np.ndarray | None:
    """The first wall of game ``game_id`` (None when the run has no strata: the seeded shuffle)."""
    return first_walls(strata, config, seed, game_id, 1)[0] if strata else None
