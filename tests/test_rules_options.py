"""Each rule option switches the behaviour it names: the same walls played with the option on and off.

Needs the engine (fzsim_core.engine, team contract 3); skipped where it is not built.
"""
import numpy as np
import pytest

from fzsim.rules import load
from fzsim_core.scoring import FLAGS, SPECIALS, WIN_TYPES

engine = pytest.importorskip("fzsim_core.engine")

SEED = 20261129
N = 600  # matches per block: enough for every rate below, a few seconds in all


def block(variant="fuzhou", n=N, policies=("greedy",) * 4, **overrides):
    cfg = load(variant, overrides)
    return engine.play_block(cfg.core, SEED, 0, n, policies, True)


def wins(rows):
    return rows["outcome"] == 1


def test_walls_do_not_depend_on_the_variant():
    base = block("fuzhou", n=200)
    for variant in ("lianzhong", "bianfeng", "youjin", "fuzhou-honors"):
        other = block(variant, n=200)
        assert np.array_equal(base["wall_digest"], other["wall_digest"]), variant


def test_honors_are_flowers():
    on, off = block("fuzhou"), block("fuzhou", honors_are_flowers=False)
    flowers_on = sum(on[f"flowers_{s}"].astype(int) for s in range(4))
    flowers_off = sum(off[f"flowers_{s}"].astype(int) for s in range(4))
    # 36 flowers vs 8: never more than 8 flowers in all with the option off
    assert flowers_off.max() <= 8 and flowers_on.mean() > 3 * flowers_off.mean()
    # the gold is a suited kind when honours are flowers, and sometimes an honour otherwise
    assert on["gold"].max() < 27 and (off["gold"] >= 27).any()


def test_hands_per_match_and_next_dealer_and_streak():
    for next_dealer in ("next", "winner"):
        for keeps in (True, False):
            rows = block("fuzhou", n=150, hands_per_match=6, next_dealer=next_dealer, draw_keeps_streak=keeps)
            assert len(rows["game_id"]) == 150 * 6
            assert np.array_equal(rows["hand"], np.tile(np.arange(6), 150))
            seen_change = seen_draw = 0
            for i in range(len(rows["hand"]) - 1):
                if rows["hand"][i + 1] == 0:
                    continue
                d, w, out = rows["dealer"][i], rows["winner"][i], rows["outcome"][i]
                nd, ns = rows["dealer"][i + 1], rows["streak"][i + 1]
                if out == 0:        # drawn: the dealer stays; L kept or reset
                    seen_draw += 1
                    assert nd == d and ns == (rows["streak"][i] if keeps else 0)
                elif w == d:        # dealer win: stays, L + 1
                    assert nd == d and ns == rows["streak"][i] + 1
                else:               # non-dealer win: next seat or the winner deals, L = 0
                    seen_change += 1
                    assert nd == ((d + 1) % 4 if next_dealer == "next" else w) and ns == 0
            assert seen_change > 50 and seen_draw > 5


def test_reserve_base_ends_the_wall_earlier():
    low, high = block("fuzhou", reserve_base=17), block("fuzhou", reserve_base=35)
    assert (high["outcome"] == 0).mean() > (low["outcome"] == 0).mean()
    assert high["turns"].mean() < low["turns"].mean()


def test_last_group_size():
    flag = FLAGS["last_group"]
    on, off = block("fuzhou", n=1500), block("fuzhou", n=1500, last_group_size=0)
    assert ((on["flags"] & flag) != 0).any()
    assert not ((off["flags"] & flag) != 0).any()


def test_xianjin_selfdraw_only():
    xj = FLAGS["xianjin"]
    for value in (True, False):
        rows = block("fuzhou", n=1500, xianjin_selfdraw_only=value)
        on_discard = wins(rows) & ((rows["flags"] & xj) != 0) & (rows["win_type"] == WIN_TYPES["discard"])
        if value:
            assert not on_discard.any()


def _paid(rows, i):
    return [int(rows[f"delta_{s}"][i]) for s in range(4)]


@pytest.mark.parametrize("variant", ["fuzhou", "lianzhong", "bianfeng", "youjin"])
def test_every_win_is_scored_by_its_family(variant):
    """Zero-sum, and the winner's gain follows the family's formula from the row's F, K, G, L, S."""
    rows = block(variant)
    cfg = load(variant)
    selfpaid = {WIN_TYPES[k] for k in ("selfdraw", "qiangjin", "sanjindao", "tianhu")}
    assert (sum(rows[f"delta_{s}"].astype(int) for s in range(4)) == 0).all()
    n = 0
    for i in np.flatnonzero(wins(rows)):
        F, K, G, L, S = (int(rows[c][i]) for c in "FKGLS")
        self_paid = int(rows["win_type"][i]) in selfpaid
        counted = int(rows["special_counted"][i]) != 0
        if variant == "fuzhou":
            P = (F + K + G + L + 5) * 2 + S
        elif variant == "lianzhong":
            P = (F + K + L) * 2 + S if (counted or self_paid) else F + K + L
        elif variant == "bianfeng":
            if counted:
                P, self_paid = S + 2 * (F + K + G + L), True
            else:
                P = 2 * (1 + F + K + G + L)
        else:
            mult = [2, 4, 8, 16][int(rows["youjin_level"][i])] if self_paid else 1
            P = (5 + F + G + L + K + (0 if self_paid else 1)) * mult
        deltas = _paid(rows, i)
        assert deltas[int(rows["winner"][i])] == (3 * P if self_paid else P), (variant, i)
        n += 1
    assert n > N // 3


def test_scoring_family_does_not_change_play():
    """Scoring is applied after the hand: fuzhou and bianfeng play the same hands the same way."""
    a, b = block("fuzhou", n=300), block("bianfeng", n=300, reserve_per_flower_set=0)
    for col in ("outcome", "winner", "discarder", "win_type", "specials", "turns", "F", "K", "G", "L"):
        assert np.array_equal(a[col], b[col]), col
    assert not np.array_equal(a["delta_0"], b["delta_0"])


def test_specials_bits_match_counted_special():
    rows = block("fuzhou")
    for i in np.flatnonzero(wins(rows)):
        counted = int(rows["special_counted"][i])
        assert counted == 0 or (int(rows["specials"][i]) & counted) == counted
    assert {name for name, bit in SPECIALS.items() if (rows["specials"] & bit).any()} >= {"qiangjin"}
