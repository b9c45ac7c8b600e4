"""value's round recursion (fzsim_core/policies/value.pyx levels_ev, its hands of up to six steps
kept in registers) against a plain walk of the same recursion in Python: the same IEEE operations
in the same order, so equal to the last bit, for every step count and random inputs."""
import numpy as np

from fzsim_core.policies.value import _levels_check


def plain_levels(self_draw, discard, hazard, round_risk, unseen, rounds, steps, useful_at, ready_waits):
    stay = 1.0 - hazard
    ps = ready_waits / unseen
    pd = 1.0 - 0.6 * ps
    pd = 1.0 - pd * pd * pd
    if ps + pd > 1.0:
        pd = 1.0 - ps
    win_round = ps * self_draw + pd * discard - round_risk
    go_on = (1.0 - ps - pd) * stay
    ev = [0.0] * (steps + 1)
    adv = []
    for u in useful_at:
        a = u / unseen * 1.15
        adv.append(0.95 if a > 0.95 else a)
    for _ in range(rounds):
        for k in range(steps, 0, -1):
            ev[k] = stay * (adv[k] * ev[k - 1] + (1.0 - adv[k]) * ev[k]) - round_risk
        ev[0] = win_round + go_on * ev[0]
    return ev[steps]


def test_levels_ev_is_the_plain_recursion_bit_for_bit():
    rng = np.random.default_rng(4242)
    for _ in range(4000):
        steps = int(rng.integers(0, 9))
        args = (float(rng.uniform(0, 40)), float(rng.uniform(0, 20)), float(rng.uniform(0, 0.9)),
                float(rng.uniform(0, 2)), float(rng.integers(1, 120)), int(rng.integers(0, 41)), steps,
                [float(rng.integers(0, 40)) for _ in range(steps + 1)], float(rng.integers(0, 12)))
        assert _levels_check(*args) == plain_levels(*args), args
