"""Agent environments (issue 16): a PettingZoo AEC environment per table and a batched `VecEnv`.

Both run on the core's `fzsim_core.env.Tables` (the flow's `play_until` / `apply` in one nogil
loop); seats not played by agents are driven by the core's policies. Observations are the planes
of `fzsim_core.obs_planes` (layout on the Agents page of the docs); actions are fixed ids
``0..N_ACTIONS-1`` (id = type * 35 + kind, 34 for no tile; `ACTION_TUPLES[id]` in notation).

`VecEnv` needs only numpy. `env` / `raw_env` need the ``[env]`` extra (PettingZoo, Gymnasium),
imported here only when an AEC environment or a space is asked for.
"""
from __future__ import annotations

import numpy as np

from fzsim.env_spec import OBS_FIELDS, OBS_SIZE, check_opponents, check_seed
from fzsim.game import resolve_rules
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import check_policies_play
from fzsim_core.env import Tables
from fzsim_core.obs_planes import (ACTION_TUPLES, N_ACTIONS, PLANES_DTYPE, decode, decode_action, empty_planes,
                                   encode_action, flatten, legal_actions)

__all__ = ["VecEnv", "env", "raw_env", "flatten", "unflatten", "OBS_FIELDS", "OBS_SIZE", "N_ACTIONS",
           "ACTION_TUPLES", "PLANES_DTYPE", "decode", "decode_action", "encode_action", "legal_actions"]


def unflatten(vec, mask=None) -> np.ndarray:
    """A flat observation (and optionally its action mask) back as one PLANES_DTYPE record."""
    vec = np.asarray(vec)
    if vec.shape != (OBS_SIZE,):
        raise ValueError(f"a flat observation has shape ({OBS_SIZE},), got {vec.shape}")
    p = empty_planes()
    for name, a, b, shape in OBS_FIELDS:
        p[name] = vec[a:b].reshape(shape)
    if mask is not None:
        p["mask"] = mask
    return p


class VecEnv:
    """`n` tables stepped together; observations and masks are numpy arrays reused every step.

    reset(seed=None) -> (obs, info); step(actions) -> (obs, rewards, terminated, truncated, info):
    - obs: the (n,) PLANES_DTYPE array — obs["mask"] (n, N_ACTIONS) the legal ids, obs["seat"]
      the agent seat to act at each table, obs["hand"] (n, 34) ... (the same buffer every call:
      copy what you keep);
    - actions: (n,) integer fixed action ids, each inside its table's mask;
    - rewards: (n, 4) int32, the deltas of the hands that ended during the step (0 elsewhere);
    - terminated: (n,) bool, a hand ended at that table (it has already moved on to the next hand:
      auto-reset, hands of a match in order, then the next unused game id); truncated: all False;
    - info: {"game_id", "hand"} (n,) arrays of the hand each table plays now.
    `finished()` returns the result rows of every hand that ended in the last call.
    Deterministic from (seed, game id, hand) and the actions: table i starts game first_game + i.
    """

    def __init__(self, n: int, variant=DEFAULT_VARIANT, seed: int = 0, agent_seats=(0,), opponents="greedy",
                 check: bool = False):
        self.rules, self.variant = resolve_rules(variant)
        if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
            raise ValueError(f"n (tables) must be an integer >= 1, got {n!r}")
        self._seed = check_seed(seed)
        self.agent_seats = tuple(agent_seats)
        check_opponents(self.rules, self.variant, opponents, self.agent_seats)
        self._t = Tables(self.rules, self._seed, int(n), self.agent_seats, opponents, auto_reset=True, check=check)
        self.n = int(n)
        self._truncated = np.zeros(self.n, dtype=np.bool_)
        self._info = {"game_id": self._t.game_id, "hand": self._t.hand}

    def reset(self, seed=None, first_game: int = 0):
        """Start game first_game + i at table i (under `seed` if given); returns (obs, info)."""
        if seed is not None:
            self._seed = check_seed(seed)
        self._t.reset(self._seed, first_game)
        return self._t.planes, self._info

    def step(self, actions):
        self._t.step(actions)
        return self._t.planes, self._t.rewards, self._t.done, self._truncated, self._info

    def finished(self) -> np.ndarray:
        """Result rows (fzsim_core.schema.ROW_DTYPE) of the hands that ended in the last call."""
        return self._t.finished()

    def hint(self, table: int, policy: str = "greedy") -> int:
        """The fixed action id compiled `policy` would choose at `table` now (see Tables.hint)."""
        check_policies_play(self.rules, {"hint": policy}, self.variant)
        return self._t.hint(table, policy)

    @property
    def single_action_space(self):
        from gymnasium import spaces   # optional dependency (the [env] extra)
        return spaces.Discrete(N_ACTIONS)


def raw_env(variant=DEFAULT_VARIANT, seed: int = 0, agents=("seat_0", "seat_1", "seat_2", "seat_3"),
            opponents="greedy", render_mode=None, check: bool = False):
    """The PettingZoo AEC environment of one table (no wrappers); see `env`."""
    from fzsim._aec import FzsimAEC   # imports PettingZoo, an optional dependency (the [env] extra)
    return FzsimAEC(variant, seed, agents, opponents, render_mode, check)


def env(variant=DEFAULT_VARIANT, seed: int = 0, agents=("seat_0", "seat_1", "seat_2", "seat_3"),
        opponents="greedy", render_mode=None, check: bool = False):
    """A PettingZoo AEC environment: one hand per episode at one table.

    agents: the seats played through `step` (``seat_0`` .. ``seat_3``); the others are played by
    `opponents` (a compiled policy name, one or four). Observations: {"observation": int16
    (OBS_SIZE,) flat planes, "action_mask": int8 (N_ACTIONS,)}; actions: Discrete(N_ACTIONS) fixed
    ids; rewards: each agent's delta when the hand ends; render() in tile notation. reset(seed=s)
    starts game 0 under root seed s, reset() the next game id.
    """
    from pettingzoo.utils import wrappers   # optional dependency (the [env] extra)
    e = raw_env(variant, seed, agents, opponents, render_mode, check)
    return wrappers.OrderEnforcingWrapper(e)
