"""The Fuzhou family's study covariates: the opening deal replayed from each wall (RULES §3-§4).

The dealer's golds, the seats holding two golds or more, the seats holding all three (三金倒
available), whether the dealer's 17 tiles already win (天胡) and how far they are from a win (the
golds they lack: 3, 6, 9, 12 or more) depend on the wall alone. Their exact means come from
`fzsim.prob` (hypergeometric gold counts, ``opening_exact``'s 天胡 chance) and from
:func:`dealer_need_pmf` (the same per-suit generating functions, carried further), so
`fzsim.study.covariates` may subtract them from a contrast (``PackEntry.study_covariates``).
"""
from __future__ import annotations

import functools
from math import comb

import numpy as np

from fzsim.prob import DEALER_TILES, LIVE_GOLDS, NONDEALER_TILES, gold_count_pmf, golds_needed, opening_exact, \
    pool_size, suit_need_table
from fzsim.wincheck import is_win

FLOWER_KINDS = 34          # kinds from here on are flowers (fzsim.tiles); honours too when they are flowers
HONOR_KINDS = 27
WALL_TILES = 144
DEALER_EXTRA = 64          # the dealer's 17th dealt tile


def opening(wall, honors_are_flowers: bool) -> tuple[list[np.ndarray], int]:
    """Each seat's held kinds after opening 补花 (seat 0 = the dealer, counter-clockwise) and the
    gold kind, replayed from a 144-tile Fuzhou wall (RULES §3-§4; deal and tail as `fzsim.game`)."""
    wall = np.asarray(wall).tolist()        # Python ints: this loop is per hand
    first_flower = HONOR_KINDS if honors_are_flowers else FLOWER_KINDS
    hands = [wall[16 * i:16 * i + 16] + ([wall[DEALER_EXTRA]] if i == 0 else []) for i in range(4)]
    tail = WALL_TILES - 1
    active = [0, 1, 2, 3]
    while active:
        drew_flower = []
        for i in active:             # each seat sets aside all its flowers and replaces them at once
            flowers = [t for t in hands[i] if t >= first_flower]
            if not flowers:
                continue
            hands[i] = [t for t in hands[i] if t < first_flower]
            drawn = wall[tail - len(flowers) + 1:tail + 1][::-1]
            tail -= len(flowers)
            hands[i] += drawn
            if any(t >= first_flower for t in drawn):
                drew_flower.append(i)
        active = drew_flower
    while wall[tail] >= first_flower:      # a flipped flower is the dealer's; flip the next
        tail -= 1
    counts = [np.bincount(h, minlength=FLOWER_KINDS) for h in hands]
    return counts, wall[tail]


#: the dealer's lack levels: the golds its 17 tiles lack to win, beyond those they hold. A 3n+2 hand
#: lacks a multiple of 3 (one more group each); 12 stands for 12 or more, a win (0 or less) is 天胡
LACK_LEVELS = (3, 6, 9, 12)
#: need values above this never change a level (at most 3 golds held)
_NEED_CAP = 15
_SUITS = (9, True)         # ranks, chows
_HONOURS = (7, False)


def dealer_lack(counts, gold: int) -> int:
    """The golds the dealer's tiles (counts per kind, golds included) lack to win: the fewest golds
    turning the real tiles into melds and one pair (`fzsim.prob.golds_needed`), minus those held."""
    hand = np.asarray(counts[:FLOWER_KINDS])[None]
    return int(golds_needed(hand, np.array([gold]))[0]) - int(hand[0, gold])


def _lack_level(lack: int) -> tuple[float, ...]:
    return tuple(float(lack >= level if level == LACK_LEVELS[-1] else lack == level) for level in LACK_LEVELS)


def opening_covariates(wall, honors_are_flowers: bool) -> tuple[float, ...]:
    """`OPENING_NAMES` of one wall: the dealer's golds, the seats with 2+ golds, the seats with 3
    golds (三金倒 available), whether the dealer's tiles win (天胡) and whether they lack 3, 6, 9 or
    12+ golds."""
    counts, gold = opening(wall, honors_are_flowers)
    golds = [int(c[gold]) for c in counts]
    return (float(golds[0]), float(sum(g >= 2 for g in golds)), float(sum(g == 3 for g in golds)),
            float(is_win(counts[0], gold=gold))) + _lack_level(dealer_lack(counts[0], gold))


OPENING_NAMES = ("dealer_golds", "seats_two_golds", "seats_three_golds", "dealer_tianhu") + tuple(
    f"dealer_lacks_{level}{'+' if level == LACK_LEVELS[-1] else ''}" for level in LACK_LEVELS)


def opening_means(honors_are_flowers: bool) -> np.ndarray:
    """The exact means of `opening_covariates` (fzsim.prob and `dealer_need_pmf`)."""
    dealer, other = gold_count_pmf(DEALER_TILES, honors_are_flowers), gold_count_pmf(NONDEALER_TILES, honors_are_flowers)
    lack = dealer_need_pmf(honors_are_flowers)
    return np.array([sum(k * p for k, p in enumerate(dealer)),
                     dealer[2] + dealer[3] + 3 * (other[2] + other[3]),
                     dealer[3] + 3 * other[3],
                     opening_exact(honors_are_flowers)["dealer"]["tianhu"]]
                    + [lack[level] for level in LACK_LEVELS])


# ---- the exact distribution of the dealer's lack ------------------------------------------------
# As in fzsim.prob: after 补花 the dealer's 17 tiles are a uniform subset of the non-flower tiles but
# the indicator; per gold kind, the real tiles' count vectors are weighted by prod C(4, c) and the
# 3 live golds by C(3, k). A generating function per suit keeps (tiles, f0, f1), needs capped.

_GF_SHAPE = (DEALER_TILES + 1, _NEED_CAP + 1, _NEED_CAP + 1)


def _suit_gf(ranks_chows, empty_rank: int = -1) -> np.ndarray:
    """Ways per (tiles, f0, f1) of one suit's count vectors (``empty_rank``: the gold's rank, whose
    real copies are the golds, so it holds none)."""
    ranks, chows = ranks_chows
    f0, f1 = suit_need_table(ranks, chows)
    keys = np.arange(5 ** ranks)
    digits = np.stack([(keys // 5 ** r) % 5 for r in range(ranks)])
    n = digits.sum(axis=0)
    ways = np.prod(np.array([comb(4, c) for c in range(5)], dtype=np.float64)[digits], axis=0)
    keep = n <= DEALER_TILES
    if empty_rank >= 0:
        keep &= digits[empty_rank] == 0
    idx = np.ravel_multi_index((n[keep], np.minimum(f0[keep], _NEED_CAP), np.minimum(f1[keep], _NEED_CAP)),
                               _GF_SHAPE)
    return np.bincount(idx, weights=ways[keep], minlength=int(np.prod(_GF_SHAPE))).reshape(_GF_SHAPE)


def _combine(ga: np.ndarray, gb: np.ndarray) -> np.ndarray:
    """Two suits together: tiles add, f0 adds, f1 takes the pair from either (needs capped)."""
    na, a0, a1 = np.nonzero(ga)
    nb, b0, b1 = np.nonzero(gb)
    wb = gb[nb, b0, b1]
    out = np.zeros(int(np.prod(_GF_SHAPE)))
    for i in range(na.size):
        n = na[i] + nb
        ok = n <= DEALER_TILES
        f0 = np.minimum(a0[i] + b0[ok], _NEED_CAP)
        f1 = np.minimum(np.minimum(a1[i] + b0[ok], a0[i] + b1[ok]), _NEED_CAP)
        idx = np.ravel_multi_index((n[ok], f0, f1), _GF_SHAPE)
        out += np.bincount(idx, weights=ga[na[i], a0[i], a1[i]] * wb[ok], minlength=out.size)
    return out.reshape(_GF_SHAPE)


@functools.lru_cache(maxsize=4)
def dealer_need_pmf(honors_are_flowers: bool = True) -> dict[int, float]:
    """P(the dealer's opening tiles lack ``level`` golds to win) for each of `LACK_LEVELS` (the last:
    that many or more), exact. Takes some seconds the first time, then is cached."""
    n_kinds = 27 if honors_are_flowers else 34
    plain = _suit_gf(_SUITS)
    two_plain = _combine(plain, plain)
    if not honors_are_flowers:
        two_plain = _combine(two_plain, _suit_gf(_HONOURS))
    classes = [(_combine(two_plain, _suit_gf(_SUITS, rank)), 3) for rank in range(9)]   # the gold in a suit
    if not honors_are_flowers:      # the gold an honour: three plain suits and the honours without it
        classes.append((_combine(_combine(_combine(plain, plain), plain), _suit_gf(_HONOURS, 0)), 7))
    total = comb(pool_size(honors_are_flowers), DEALER_TILES)
    out = dict.fromkeys(LACK_LEVELS, 0.0)
    for gf, weight in classes:
        by_f1 = gf.sum(axis=1)                      # tiles x f1
        for k in range(LIVE_GOLDS + 1):
            row = by_f1[DEALER_TILES - k] * comb(LIVE_GOLDS, k) * weight / n_kinds / total
            for f1, p in enumerate(row):
                lack = f1 - k
                if lack >= LACK_LEVELS[-1]:
                    out[LACK_LEVELS[-1]] += p
                elif lack in out:
                    out[lack] += p
    return out


def _opening_table(walls: np.ndarray, haf: bool) -> np.ndarray:
    return np.array([opening_covariates(wall, haf) for wall in walls]).reshape(len(walls), len(OPENING_NAMES))


def study_covariates(spec, configs, rows, walls):
    """(names, hands x covariates, exact means) of the hands ``rows`` (played on ``walls``, one per
    row) when every variant deals the same Fuzhou opening (one ``honors_are_flowers``); None
    otherwise."""
    if len({bool(c["honors_are_flowers"]) for c in configs}) != 1:
        return None
    haf = bool(configs[0]["honors_are_flowers"])
    return OPENING_NAMES, _opening_table(walls, haf), opening_means(haf)
