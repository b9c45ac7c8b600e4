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
