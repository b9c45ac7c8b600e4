"""国标 fan reachability (fzsim_core.packs.guobiao.reach, fzsim.packs.guobiao.hand_analysis.reachable) against a
brute-force search over target hands."""
from __future__ import annotations

import random

import numpy as np
import pytest

import guobiao_shanten_ref as ref
from fzsim.packs.guobiao.hand_analysis import reachable
from fzsim.tiles import as_hand_counts
from fzsim_core.packs.guobiao import reach

N_HANDS = 50           # random hands, each against every target (2,000 under -m slow)
NONE = ref.NONE
_SETS = [(1, k) for k in range(34)] + [(0, s * 9 + r) for s in range(3) for r in range(7)]


def _tiles(s):
    return (s[1],) * 3 if s[0] == 1 else (s[1], s[1] + 1, s[1] + 2)


def _allowed(allowed, s):
    return all(allowed >> k & 1 for k in _tiles(s))


def _seven_pairs(c, allowed):
    dp = {0: 0}
    for k in range(34):
        if not allowed >> k & 1:
            continue
        nxt = {}
        for pairs, cost in dp.items():
            for m in range(3):
                if pairs + m <= 7:
                    v = cost + max(0, 2 * m - int(c[k]))
                    nxt[pairs + m] = min(v, nxt.get(pairs + m, 99))
        dp = nxt
    return dp.get(7, NONE)


def ref_need(c, melds, row, bound):
    """min(bound, the target's need) by depth-first search over the concealed sets: sets of
    allowed kinds that share a tile with the hand or are required, plus a "blank" set (3 tiles
    not held, whichever), then every pair; the required sets must be among all the sets."""
    allowed, shape, pungs_only, req = row
    if shape == 2:
        return NONE if melds else _seven_pairs(c, allowed)
    if shape != 1:
        return ref.need(c, len(melds), shape)
    if any(not _allowed(allowed, m) or (pungs_only and m[0] == 0) for m in melds):
        return NONE
    c = [int(x) if allowed >> k & 1 else 0 for k, x in enumerate(c)]
    cand = [s for s in _SETS if _allowed(allowed, s) and not (pungs_only and s[0] == 0)
            and (s in req or any(c[k] for k in _tiles(s)))] + [None]
    need_req = sorted(req)
    best = [bound]

    def leaf(chosen, rest, cost):
        have = sorted(list(melds) + [s for s in chosen if s is not None])
        pool = list(have)
        for r in need_req:
            if r not in pool:
                return
            pool.remove(r)
        for k in range(34):
            if allowed >> k & 1:
                if pungs_only and any(s == (1, k) for s in chosen):
                    continue  # 碰碰和 targets: the pair and the pungs are distinct kinds
                best[0] = min(best[0], cost + 2 - min(rest[k], 2))

    idx = {s: i for i, s in enumerate(cand)}

    def dfs(start, chosen, rest, cost):
        if cost >= best[0]:
            return
        # prune: the required sets not yet among the sets must still fit, and (sets are taken in
        # candidate order) none may lie before `start`
        pool = list(melds) + [s for s in chosen if s is not None]
        missing = []
        for r in need_req:
            if r in pool:
                pool.remove(r)
            else:
                missing.append(r)
        if len(missing) > 4 - len(melds) - len(chosen) or any(idx[r] < start for r in missing):
            return
        if len(chosen) == 4 - len(melds):
            leaf(chosen, rest, cost)
            return
        for i in range(start, len(cand)):
            s = cand[i]
            if s is None:
                dfs(i, chosen + [None], rest, cost + 3)
                continue
            if pungs_only and s in chosen:
                continue
            r = list(rest)
            miss = 0
            for k in _tiles(s):
                if r[k]:
                    r[k] -= 1
                else:
                    miss += 1
            dfs(i, chosen + [s], r, cost + miss)

    dfs(0, [], c, 0)
    return best[0]


def _melds_array(melds):
    a = np.full((4, 3), -1, dtype=np.int8)
    for i, (t, k) in enumerate(melds):
        a[i] = (t, k, 1)
    return a


@pytest.mark.parametrize("n_hands", [N_HANDS, pytest.param(2_000, marks=pytest.mark.slow)])
def test_target_needs_match_brute_force(n_hands):
    rng = random.Random(2026)
    bad, checked, near = [], 0, 0
    for _ in range(n_hands):
        c, melds = ref.random_deal(rng)
        ours = reach.target_needs(c, _melds_array(melds))
        for i, row in enumerate(reach.TARGET_ROWS):
            theirs = ref_need(c, melds, row, min(NONE, int(ours[i]) + 1))
            checked += 1
            near += ours[i] <= 2
            if theirs != ours[i]:
                bad.append((i, reach.TARGET_LABEL[i], c.tolist(), melds, int(ours[i]), theirs))
    assert checked == n_hands * reach.N and near > 15 * n_hands // 100
    assert bad == [], f"{len(bad)} of {checked} differ, e.g. {bad[:3]}"


def test_reachable_names_and_orders_the_families():
    r = reachable("123m123p12s55z789s1z")
    assert r[0].name == "三色三同顺" and r[0].need == 1 and r[0].fans == 8 and r[0].target == "123"
    assert [x.need for x in r] == sorted(x.need for x in r)
    assert {x.name for x in r} == {name for name, _ in reach.FAMILIES}
    r8 = reachable("123m123p12s55z789s1z", min_fans=8, max_need=3)
    assert all(x.fans >= 8 and x.need <= 3 for x in r8) and r8[0].name == "三色三同顺"
    assert reachable("19m19p19s1234567z7z")[0].name == "十三幺"


def test_melds_rule_targets_out():
    # a claimed 234m chow rules out 碰碰和 and 七对; a claimed 111p rules out 清一色 in man
    r = {x.name: x for x in reachable("23456788999m", melds=["234m"])}
    assert "碰碰和" not in r and "七对" not in r and r["清一色"].need == 0 and r["清龙"].need > 0
    r = {x.name: x for x in reachable("1234567899m", melds=["111p"])}
    assert r["清一色"].target == "p" and r["清一色"].need > 5
    r = {x.name: x for x in reachable("123456789m1p2p", melds=["555z"])}
    assert r["清龙"].need == 1 and r["混一色"].need == 2  # 1p2p go, the pair comes


@pytest.mark.parametrize("kwargs, match", [
    ({"hand": "123m"}, "3 concealed tiles"),
    ({"hand": "123m456m789m123p4p", "melds": ["12m"]}, "not a chow, pung or kong"),
    ({"hand": "123m456m789m123p4p", "min_fans": -1}, "min_fans"),
    ({"hand": "123m456m789m11111p"}, "5"),
])
def test_bad_input_is_named(kwargs, match):
    with pytest.raises(ValueError, match=match):
        reachable(**kwargs)


def test_counts_input():
    c = as_hand_counts("123m123p12s55z789s1z")
    assert reachable(c)[0].name == "三色三同顺"


def test_kongs_count_as_pungs_for_required_sets():
    r = {x.name: x for x in reachable("222p333s456s55z", melds=["1111m"])}
    assert r["三色三节高"].need == 0 and r["三色三节高"].target == "1mps"
    r = {x.name: x for x in reachable("222p333s456s55z", melds=[("1111m", "concealed")])}
    assert r["三色三节高"].need == 0 and "七对" not in r
