"""The per-suit shanten tables the greedy policy reads (fzsim_core.suit_shanten) give the same
shanten as wintables.hand_shanten, whose classes they rebuild by their own DP."""
import numpy as np

from fzsim_core import suit_shanten, wintables


def test_class_counts_match_wintables():
    ours, theirs = suit_shanten.table_info(), wintables.table_info()
    for k in ("suit_classes", "honour_classes", "two_suit_classes", "suit_honour_classes"):
        assert ours[k] == theirs[k]


def test_shanten_matches_hand_shanten():
    rng = np.random.default_rng(12)
    rows, golds = [], []
    for _ in range(40000):
        size = int(rng.choice([1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17]))
        # half the hands crowd one to three suits, where chows and long suits matter
        hi = 34 if rng.random() < 0.5 else 9 * int(rng.integers(1, 4))
        tiles = rng.permutation(np.repeat(np.arange(hi), 4))[:size]
        rows.append(np.bincount(tiles, minlength=34).astype(np.uint8))
        golds.append(int(rng.integers(-1, 34)))
    assert suit_shanten._cross_check(np.array(rows), np.array(golds, np.int8)) == []
