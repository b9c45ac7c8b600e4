"""The Fuzhou family's strata for stratified study walls (`fzsim.study.strata`): decided at the deal,
with exactly known probabilities.

* ``golds``: the most golds any seat holds after the deal and 补花, 0..3. The 3 live golds lie
  uniformly among the non-flower tiles but the indicator (`fzsim.prob`'s argument), so the seats'
  gold counts are multivariate hypergeometric over the slots 17, 16, 16, 16 and the rest:
  `golds_pmf` sums it exactly (fractions). Measured on 金雀 halved under value (the studies page):
  most of the paired contrast's variance sits in the ~23% of hands where a seat holds two golds,
  and none in the ~1% where one holds three (三金倒 ends the hand alike in both variants).

`fzsim.pack_registry.PackEntry.study_strata` names this module; the shared code (`fzsim.stratified`,
`fzsim.study.strata`) asks it for `STRATA`, `check`, `weights`, `game_strata`, `first_walls` and
`stratum_means`, each given a variant's rule keys (``config``). The walls' strata and the walls
drawn within a stratum are the core's (`fzsim_core.packs.fuzhou.strata`); `golds_stratum` here
replays a wall's deal in Python, the reference the core is tested against.
"""
from __future__ import annotations

import functools
from fractions import Fraction
from itertools import product
from math import comb

import numpy as np

from fzsim.packs.fuzhou import covariates
from fzsim.prob import DEALER_TILES, LIVE_GOLDS, NONDEALER_TILES, pool_size

#: the stratifications of this pack's walls -> what the strata are
STRATA = {"golds": "the most golds any seat holds after the deal and 补花 (0, 1, 2 or 3)"}


def check(name: str, configs) -> None:
    """Refuse a stratification whose strata are not one for all of the study's variants."""
    if len({bool(c["honors_are_flowers"]) for c in configs}) != 1:
        raise ValueError(f"strata = {name!r}: the variants deal different openings (honors_are_flowers"
                         " differs), so a wall's stratum is not one for all of them; leave strata out")


# --- the exact stratum probabilities -------------------------------------------------------------

def gold_counts_pmf(honors_are_flowers: bool = True) -> dict[tuple[int, int, int, int], Fraction]:
    """P(the seats hold (g0, g1, g2, g3) golds after the deal and 补花), seat 0 the dealer, exact.

    The 3 live golds are a uniform 3-subset of the ``pool_size`` non-flower tiles other than the
    indicator, split into the dealer's 17, three times 16 and the rest."""
    pool = pool_size(honors_are_flowers)
    sizes = (DEALER_TILES, NONDEALER_TILES, NONDEALER_TILES, NONDEALER_TILES)
    rest = pool - sum(sizes)
    total = comb(pool, LIVE_GOLDS)
    out = {}
    for g in product(range(LIVE_GOLDS + 1), repeat=4):
        left = LIVE_GOLDS - sum(g)
        if left < 0:
            continue
        ways = comb(rest, left)
        for size, k in zip(sizes, g):
            ways *= comb(size, k)
        out[g] = Fraction(ways, total)
    return out


@functools.lru_cache(maxsize=4)
def golds_pmf(honors_are_flowers: bool = True) -> tuple[float, ...]:
    """W_h = P(the most golds any seat holds after the deal and 补花 is h), h = 0..3, exact.

    >>> [round(w, 5) for w in golds_pmf()]
    [0.05784, 0.70355, 0.22672, 0.01189]
    """
    w = [Fraction(0)] * (LIVE_GOLDS + 1)
    for g, p in gold_counts_pmf(honors_are_flowers).items():
        w[max(g)] += p
    assert sum(w) == 1
    return tuple(float(x) for x in w)


def _checked(name: str) -> None:
    if name not in STRATA:
        raise ValueError(f"strata = {name!r}: allowed {', '.join(map(repr, STRATA))}")


def weights(name: str, config) -> np.ndarray:
    """The exact W_h of stratification ``name`` under the rules ``config``."""
    _checked(name)
    return np.asarray(golds_pmf(bool(config["honors_are_flowers"])))


def game_strata(name: str, root_seed: int, first_game: int, n_games: int, config) -> np.ndarray:
    """The strata of the seeded first walls of games first_game .. first_game + n_games - 1 (int8)."""
    from fzsim_core.packs.fuzhou.strata import game_strata as core_game_strata

    _checked(name)
    return core_game_strata(int(root_seed), int(first_game), int(n_games), bool(config["honors_are_flowers"]))


def first_walls(name: str, root_seed: int, first_game: int, strata, config) -> np.ndarray:
    """Games first_game, first_game + 1, ...'s first walls drawn within strata ``strata`` (one each)."""
    from fzsim_core.packs.fuzhou.strata import stratum_walls

    _checked(name)
    return stratum_walls(int(root_seed), int(first_game), np.ascontiguousarray(strata, dtype=np.int8),
                         bool(config["honors_are_flowers"]))


# --- the covariates' exact means within each stratum ----------------------------------------------

@functools.lru_cache(maxsize=4)
def dealer_golds_and_lack(honors_are_flowers: bool = True) -> np.ndarray:
    """P(the dealer holds k golds and its tiles lack c golds to win), k = 0..3 (rows) and c in
    (0 or less: 天胡, 3, 6, 9, 12 or more) (columns), exact: the covariates module's
    per-suit generating functions, kept per k (its `dealer_need_pmf` sums them over k)."""
    fz = covariates
    n_kinds = 27 if honors_are_flowers else 34
    plain = fz._suit_gf(fz._SUITS)
    two_plain = fz._combine(plain, plain)
    if not honors_are_flowers:
        two_plain = fz._combine(two_plain, fz._suit_gf(fz._HONOURS))
    classes = [(fz._combine(two_plain, fz._suit_gf(fz._SUITS, rank)), 3) for rank in range(9)]
    if not honors_are_flowers:
        classes.append((fz._combine(fz._combine(fz._combine(plain, plain), plain), fz._suit_gf(fz._HONOURS, 0)), 7))
    total = comb(pool_size(honors_are_flowers), DEALER_TILES)
    out = np.zeros((LIVE_GOLDS + 1, 5))
    for gf, weight in classes:
        by_f1 = gf.sum(axis=1)
        for k in range(LIVE_GOLDS + 1):
            row = by_f1[DEALER_TILES - k] * comb(LIVE_GOLDS, k) * weight / n_kinds / total
            for f1, p in enumerate(row):
                lack = f1 - k
                out[k, 0 if lack <= 0 else min(lack, 12) // 3] += p
    return out


#: the opening covariates (`covariates.OPENING_NAMES`) per gold vector
def _given_golds(name: str, g, lack_given_k: np.ndarray) -> float:
    if name == "dealer_golds":
        return float(g[0])
    if name == "seats_two_golds":
        return float(sum(x >= 2 for x in g))
    if name == "seats_three_golds":
        return float(sum(x == 3 for x in g))
    if name == "dealer_tianhu":
        return float(lack_given_k[g[0], 0])
    if name.startswith("dealer_lacks_"):
        level = int(name[len("dealer_lacks_"):].rstrip("+"))
        return float(lack_given_k[g[0], level // 3])
    raise KeyError(name)


def stratum_means(name: str, names, config) -> np.ndarray:
    """E[covariate | golds stratum h] for the study covariates ``names`` (strata x covariates),
    exact: the gold vector's joint law and, given the dealer's golds, its lack's; which seat deals
    (``dealer_seat_s``) is drawn apart from the wall, 1/4 in every stratum. Raises KeyError for a
    covariate whose mean within the strata is not known."""
    _checked(name)
    honors_are_flowers = bool(config["honors_are_flowers"])
    joint = gold_counts_pmf(honors_are_flowers)
    lk = dealer_golds_and_lack(honors_are_flowers)
    lack_given_k = lk / lk.sum(axis=1, keepdims=True)
    w = np.asarray(golds_pmf(honors_are_flowers))
    out = np.zeros((len(w), len(names)))
    for j, covariate in enumerate(names):
        if covariate.startswith("dealer_seat_"):
            out[:, j] = 0.25
            continue
        for g, p in joint.items():
            out[max(g), j] += float(p) * _given_golds(covariate, g, lack_given_k)
        out[:, j] /= w
    return out


# --- a wall's stratum ----------------------------------------------------------------------------

def golds_stratum(wall, honors_are_flowers: bool) -> int:
    """The most golds any seat holds after the deal and 补花 of one Fuzhou wall (its replay by
    `covariates.opening`, checked against the engine's gold by its tests)."""
    counts, gold = covariates.opening(wall, honors_are_flowers)
    return max(int(c[gold]) for c in counts)


def stratum_of(root_seed: int, game_id: int, honors_are_flowers: bool, hand: int = 0) -> int:
    """The ``golds`` stratum of game ``game_id``'s hand ``hand`` under root seed ``root_seed``."""
    from fzsim_core.engine import shuffled_wall

    return golds_stratum(shuffled_wall(int(root_seed), int(game_id), int(hand)), honors_are_flowers)
