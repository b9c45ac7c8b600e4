"""The optional EvalUseful hook (kit/evaluate.pxd) finds exactly the kinds the value policy's
per-kind loop finds (add the kind, call the pack's EvalShanten, compare with sh): random 3n+1
hands with and without melds, 定缺 or none, every candidate mask and target shanten."""
import numpy as np
import pytest

from fzsim_core.packs.sichuan import evaluate as sc_evaluate

# table.pxd MeldType
PUNG, EXPOSED_KONG, ADDED_KONG, CONCEALED_KONG = 2, 3, 4, 5


def _sichuan_seat(rng):
    """Concealed counts (27), melds and void suit of a random 3n+1 Sichuan seat: the tiles drawn
    from one or several suits (so low shanten and suit-filter cases both come up)."""
    n_melds = int(rng.choice(5, p=[0.45, 0.2, 0.15, 0.12, 0.08]))
    suits = rng.choice(3, size=int(rng.integers(1, 4)), replace=False)
    pool = np.array([k for k in range(27) if k // 9 in suits] * 4)
    rng.shuffle(pool)
    held = np.zeros(27, dtype=int)
    melds = []
    for _ in range(n_melds):
        kinds = [k for k in range(27) if held[k] == 0 and (k // 9 in suits or rng.random() < 0.1)]
        k = int(rng.choice(kinds))
        t = int(rng.choice([PUNG, EXPOSED_KONG, ADDED_KONG, CONCEALED_KONG]))
        held[k] = 3 if t == PUNG else 4
        melds.append((t, k))
    counts = np.zeros(27, dtype=int)
    need = 13 - 3 * n_melds
    for k in pool:
        if need == 0:
            break
        if held[k] + counts[k] < 4:
            counts[k] += 1
            need -= 1
    for _ in range(int(rng.integers(0, 3))):   # a stray tile or two from anywhere
        k = int(rng.integers(27))
        j = int(rng.choice(np.flatnonzero(counts)))
        if held[k] + counts[k] < 4 and k != j:
            counts[j] -= 1
            counts[k] += 1
    void = int(rng.integers(0, 4))   # 0 none, else the suit + 1
    return counts, melds, void


def test_sichuan_useful_agrees_with_the_per_kind_loop():
    rng = np.random.default_rng(27)
    full = (1 << 27) - 1
    seen = set()
    for _ in range(4000):
        counts, melds, void = _sichuan_seat(rng)
        cand = full if rng.random() < 0.5 else int(rng.integers(0, full + 1))
        base_hook, base_loop = sc_evaluate._useful_check(counts, melds, void, 0, 0)
        assert base_hook == base_loop == 0
        for sh in (-1, 0, 1, 2, 3, 4, 6, 8, 9):
            hook, loop = sc_evaluate._useful_check(counts, melds, void, cand, sh)
            assert hook == loop, (counts.tolist(), melds, void, hex(cand), sh)
            seen.add((sh, hook != 0, bool(melds), void > 0))
    # the sample reached the cases that matter: found kinds and none, with melds and 定缺
    assert {(sh, True, m, v) for sh in (1, 2, 3) for m in (False, True) for v in (False, True)} <= seen
    assert (9, True, True, True) in seen   # a hand no win can reach (EVAL_FAR) counts below 9


CHOW = 1


def _useful_agrees(check, seat, rules, rng, n, label):
    """A pack's useful-draws hook against the per-kind loop (`check`: its `_useful_check`) on `n`
    random seats (`seat(rng)` -> counts, melds), every shanten asked, each over all kinds or a
    random subset; the (shanten, found any, has melds) cases the sample reached."""
    full = (1 << 34) - 1
    seen = set()
    for _ in range(n):
        counts, melds = seat(rng)
        cand = full if rng.random() < 0.5 else int(rng.integers(0, full + 1))
        for sh in (-1, 0, 1, 2, 3, 4, 6, 8, 9):
            hook, loop = check(counts, melds, cand, sh, rules)
            assert hook == loop, (counts.tolist(), melds, hex(cand), sh, label)
            seen.add((sh, hook != 0, bool(melds)))
    return seen


def _shanghai_seat(rng):
    """Concealed counts (34) and melds of a random 3n+1 Shanghai seat: one suit plus honours
    mostly (the flush targets), some pung-heavy hands, some anything."""
    n_melds = int(rng.choice(5, p=[0.4, 0.2, 0.15, 0.15, 0.1]))
    suit = int(rng.integers(3))
    style = rng.integers(3)
    if style == 0:      # one suit + honours
        kinds = [9 * suit + r for r in range(9)] + list(range(27, 34))
    elif style == 1:    # pungs: few kinds
        kinds = list(rng.choice(34, size=int(rng.integers(4, 9)), replace=False))
    else:
        kinds = list(range(34))
    held = np.zeros(34, dtype=int)
    melds = []
    for _ in range(n_melds):
        k = int(rng.choice(kinds))
        t = int(rng.choice([CHOW, PUNG, EXPOSED_KONG, ADDED_KONG, CONCEALED_KONG], p=[0.2, 0.4, 0.15, 0.1, 0.15]))
        if t == CHOW:
            if k >= 27 or k % 9 > 6 or held[k:k + 3].max() >= 4:
                t = PUNG
            else:
                held[k:k + 3] += 1
                melds.append((t, k))
                continue
        if held[k]:
            continue
        held[k] = 3 if t == PUNG else 4
        melds.append((t, k))
    counts = np.zeros(34, dtype=int)
    need = 13 - 3 * len(melds)
    while need:
        k = int(rng.choice(kinds)) if rng.random() < 0.9 else int(rng.integers(34))
        if held[k] + counts[k] < 4:
            counts[k] += 1
            need -= 1
    return counts, melds


@pytest.mark.parametrize("options", [{}, {"sh_feng_includes_dragons": False}, {"sh_fengyise_shape": True}])
def test_shanghai_useful_agrees_with_the_per_kind_loop(options):
    from fzsim.rules import load
    from fzsim_core.packs.shanghai import evaluate as sh_evaluate
    seen = _useful_agrees(sh_evaluate._useful_check, _shanghai_seat, load("shanghai", **options).core,
                          np.random.default_rng(31), 3000, options)
    assert {(sh, True, m) for sh in (1, 2, 3) for m in (False, True)} <= seen
    assert (9, True, True) in seen   # hands no allowed pattern can reach (EVAL_FAR)


def _beijing_seat(rng):
    """Concealed counts (34, wilds at the wild's kind), melds and the wild kind of a random 3n+1
    Beijing seat: tiles from one to four of the suits and honours, up to four wilds."""
    n_melds = int(rng.choice(5, p=[0.45, 0.2, 0.15, 0.12, 0.08]))
    wild = int(rng.integers(34))
    groups = rng.choice(4, size=int(rng.integers(1, 5)), replace=False)
    pool = np.array([k for k in range(34) if min(k // 9, 3) in groups and k != wild] * 4)
    rng.shuffle(pool)
    held = np.zeros(34, dtype=int)
    melds = []
    for _ in range(n_melds):
        kinds = [k for k in range(34) if held[k] == 0 and k != wild]
        k = int(rng.choice(kinds))
        t = int(rng.choice([PUNG, EXPOSED_KONG, ADDED_KONG, CONCEALED_KONG]))
        held[k] = 3 if t == PUNG else 4
        melds.append((t, k))
    counts = np.zeros(34, dtype=int)
    counts[wild] = int(rng.choice(5, p=[0.4, 0.3, 0.15, 0.1, 0.05]))
    need = 13 - 3 * n_melds - counts[wild]
    for k in pool:
        if need <= 0:
            break
        if held[k] + counts[k] < 4:
            counts[k] += 1
            need -= 1
    while counts.sum() > 13 - 3 * n_melds:   # more wilds than room: drop real tiles
        j = int(rng.choice([k for k in np.flatnonzero(counts) if k != wild] or [wild]))
        counts[j] -= 1
    return counts, melds, wild


def test_beijing_useful_agrees_with_the_per_kind_loop():
    from fzsim_core.packs.beijing import evaluate as bj_evaluate
    rng = np.random.default_rng(34)
    full = (1 << 34) - 1
    seen = set()
    for _ in range(3000):
        counts, melds, wild = _beijing_seat(rng)
        cand = full if rng.random() < 0.5 else int(rng.integers(0, full + 1))
        gold = wild if rng.random() < 0.9 else int(rng.integers(-1, 34))   # mostly the fast path
        for sh in (-1, 0, 1, 2, 3, 4, 6, 8, 9):
            hook, loop = bj_evaluate._useful_check(counts, melds, wild, gold, cand, sh)
            assert hook == loop, (counts.tolist(), melds, wild, gold, hex(cand), sh)
            seen.add((sh, hook != 0, bool(melds), int(counts[wild]) > 0, gold == wild))
    # found kinds and none, with and without melds and wilds, on both paths
    assert {(sh, True, m, w, True) for sh in (1, 2, 3) for m in (False, True) for w in (False, True)} <= seen
    assert any(not fast and found for (_, found, _, _, fast) in seen)


def _guobiao_seat(rng):
    """Concealed counts (34) and melds of a random 3n+1 国标 seat: one or two suits with honours
    (the flush and pung targets), a knitting with honours (全不靠, 组合龙), sometimes anything,
    chows among the melds."""
    n_melds = int(rng.choice(5, p=[0.4, 0.2, 0.15, 0.15, 0.1]))
    style = rng.integers(4)
    if style == 3:      # one knitting (147 / 258 / 369 in the three suits), its neighbours, honours
        shift = rng.permutation(3)
        kinds = [9 * s + r for s in range(3) for r in range(shift[s], 9, 3)] * 2 + list(range(27, 34))
        kinds += [int(k) for k in rng.choice(27, size=4)]
        n_melds = int(rng.choice(2, p=[0.7, 0.3]))
    elif style == 0:
        suits = rng.choice(3, size=int(rng.integers(1, 3)), replace=False)
        kinds = [k for k in range(34) if k >= 27 or k // 9 in suits]
    elif style == 1:    # few kinds: pungs, pairs
        kinds = list(rng.choice(34, size=int(rng.integers(5, 10)), replace=False))
    else:
        kinds = list(range(34))
    held = np.zeros(34, dtype=int)
    melds = []
    for _ in range(n_melds):
        k = int(rng.choice(kinds))
        if k < 27 and k % 9 <= 6 and rng.random() < 0.5 and all(held[k + i] < 4 for i in range(3)):
            for i in range(3):
                held[k + i] += 1
            melds.append((CHOW, k))
        elif held[k] == 0:
            t = int(rng.choice([PUNG, EXPOSED_KONG, ADDED_KONG, CONCEALED_KONG]))
            held[k] = 3 if t == PUNG else 4
            melds.append((t, k))
    counts = np.zeros(34, dtype=int)
    need = 13 - 3 * len(melds)
    pool = [k for k in kinds for _ in range(4)]
    rng.shuffle(pool)
    for k in pool:
        if need == 0:
            break
        if held[k] + counts[k] < 4:
            counts[k] += 1
            need -= 1
    for k in rng.permutation(34):   # a few kinds only: fill from anywhere
        while need and held[k] + counts[k] < 4:
            counts[k] += 1
            need -= 1
    return counts, melds


@pytest.mark.parametrize("min_fan", [8, 6, 1])
def test_guobiao_useful_agrees_with_the_per_kind_loop(min_fan):
    from fzsim.rules import load
    from fzsim_core.packs.guobiao import evaluate as gb_evaluate
    seen = _useful_agrees(gb_evaluate._useful_check, _guobiao_seat, load("guobiao", gb_min_fan=min_fan).core,
                          np.random.default_rng(35 + min_fan), 1500, min_fan)
    assert {(sh, True, m) for sh in (1, 2, 3) for m in (False, True)} <= seen


@pytest.mark.parametrize("min_fan", [8, 1])
def test_guobiao_shanten_at_most_is_the_shanten_up_to_its_cap(min_fan):
    """The capped search the world sampler asks (kit/evaluate.pxd EvalShantenAtMost) is the pack's
    shanten whenever that is at most the cap, and above the cap otherwise; 3n+1 and 3n+2 hands."""
    from fzsim.rules import load
    from fzsim_core.packs.guobiao import evaluate as gb_evaluate
    rules = load("guobiao", gb_min_fan=min_fan).core
    rng = np.random.default_rng(71 + min_fan)
    seen = set()
    for i in range(1200):
        counts, melds = _guobiao_seat(rng)
        if i % 2:   # a 3n+2 hand: one more tile (a draw)
            used = counts.copy()
            for t, k in melds:
                for j in ((k, k + 1, k + 2) if t == CHOW else (k,) * (3 if t == PUNG else 4)):
                    used[j] += 1
            free = [k for k in range(34) if used[k] < 4]
            counts[int(rng.choice(free))] += 1
        for cap in range(8):
            full, capped = gb_evaluate._at_most_check(counts, melds, cap, rules)
            assert (capped == full) if full <= cap else (capped > cap), (counts.tolist(), melds, cap, full, capped)
            seen.add((full <= cap, capped == full))
    assert {(True, True), (False, False)} <= seen
    with pytest.raises(ValueError, match="cap=8"):
        gb_evaluate._at_most_check(counts, melds, 8, rules)


def _plus_one(counts, melds, rng):
    """The 3n+2 hand of a 3n+1 seat after a random draw (a kind with a copy left)."""
    held = counts.copy()
    for _, k in melds:
        held[k] += 3
    k = int(rng.choice([k for k in range(len(counts)) if held[k] < 4]))
    drawn = counts.copy()
    drawn[k] += 1
    return drawn


def test_the_discard_shanten_hooks_agree_with_the_per_kind_loop():
    """EvalDiscardShanten (kit/evaluate.pxd) against taking each held kind out and calling the
    pack's EvalShanten, on random 3n+2 seats of Sichuan (定缺 or none), Beijing (the fast path
    and another gold) and Shanghai (its options)."""
    from fzsim.rules import load
    from fzsim_core.packs.beijing import evaluate as bj_evaluate
    from fzsim_core.packs.shanghai import evaluate as sh_evaluate
    rng = np.random.default_rng(2038)
    values = set()
    for _ in range(1500):
        counts, melds, void = _sichuan_seat(rng)
        fast, plain = sc_evaluate._discard_check(_plus_one(counts, melds, rng), melds, void)
        assert fast == plain, (counts.tolist(), melds, void)
        values.update(fast)
        counts, melds, wild = _beijing_seat(rng)
        gold = wild if rng.random() < 0.8 else int(rng.integers(-1, 34))
        fast, plain = bj_evaluate._discard_check(_plus_one(counts, melds, rng), melds, wild, gold)
        assert fast == plain, (counts.tolist(), melds, wild, gold)
        values.update(fast)
    for options in ({}, {"sh_feng_includes_dragons": False}, {"sh_fengyise_shape": True}):
        rules = load("shanghai", **options).core
        for _ in range(600):
            counts, melds = _shanghai_seat(rng)
            fast, plain = sh_evaluate._discard_check(_plus_one(counts, melds, rng), melds, rules)
            assert fast == plain, (counts.tolist(), melds, options)
            values.update(fast)
    assert {0, 1, 2, 3, 4} <= values   # ready hands and far ones came up
