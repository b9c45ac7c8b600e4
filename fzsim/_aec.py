"""The PettingZoo AEC environment behind `fzsim.env.env` / `raw_env` (imports PettingZoo).

One table of `fzsim_core.env.Tables` without auto-reset: an episode is one hand. The agent to act
is the seat of the pending decision; when the hand ends every agent is terminated with its delta
as reward. Kept apart from fzsim.env so that `VecEnv` needs only numpy.
"""
from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from fzsim.env_spec import OBS_SIZE, agent_seat, check_opponents, check_seed
from fzsim.game import resolve_rules
from fzsim_core.env import Tables
from fzsim_core.obs_planes import ACTION_TUPLES, N_ACTIONS, decode, empty_planes

ST_DECIDE = 2   # table.pxd


class FzsimAEC(AECEnv):
    """One mahjong table (any variant) as a PettingZoo AEC environment (see fzsim.env.env)."""

    metadata = {"name": "fzsim_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, variant, seed, agents, opponents, render_mode, check):
        super().__init__()
        self.rules, self.variant = resolve_rules(variant)
        names = tuple(agents)
        seats = [agent_seat(a) for a in names]
        if not seats or len(set(seats)) != len(seats):
            raise ValueError(f"agents must be distinct names 'seat_0'..'seat_3', at least one, got {agents!r}")
        if render_mode not in (None, "human", "ansi"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', got {render_mode!r}")
        self.render_mode = render_mode
        order = sorted(range(len(names)), key=lambda i: seats[i])
        self.possible_agents = [names[i] for i in order]
        self._seat = {a: agent_seat(a) for a in self.possible_agents}
        self._agent = {s: a for a, s in self._seat.items()}
        self._root = check_seed(seed)
        check_opponents(self.rules, self.variant, opponents, seats)
        self._next_game = 0
        self._t = Tables(self.rules, self._root, 1, sorted(self._seat.values()), opponents,
                         auto_reset=False, check=check)
        self._act = np.zeros(1, dtype=np.int64)
        self._seat_now = self._t.planes["seat"]   # a view: the seat to act, updated by every step
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(-1, np.iinfo(np.int16).max, (OBS_SIZE,), dtype=np.int16),
            "action_mask": spaces.Box(0, 1, (N_ACTIONS,), dtype=np.int8),
        })
        self._act_space = spaces.Discrete(N_ACTIONS)
        self.agents = []
        self.game_id = None

    def observation_space(self, agent):
        agent_seat(agent)
        return self._obs_space

    def action_space(self, agent):
        agent_seat(agent)
        return self._act_space

    def reset(self, seed=None, options=None):
        """A new hand: game 0 under root seed `seed` if given, else the next game id."""
        if seed is not None:
            self._root = check_seed(seed)
            self._next_game = 0
        self.game_id = self._next_game
        self._next_game += 1
        self._t.reset(self._root, self.game_id)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0 for a in self.agents}
        self._cumulative_rewards = {a: 0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._sync()

    def _sync(self):
        """After the table moved: who acts next, or the end of the hand with its rewards."""
        if self._t.status[0] == ST_DECIDE:
            self.agent_selection = self._agent[int(self._seat_now[0])]
            return
        for a in self.agents:
            self.rewards[a] = int(self._t.rewards[0, self._seat[a]])
            self.terminations[a] = True
            self.infos[a] = {"game_id": self.game_id, "winner": int(self._t.rows[0]["winner"])}
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def observe(self, agent):
        flat, mask = self._t.observe_flat(0, self._seat[agent])   # new arrays: the caller may keep them
        return {"observation": flat, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError(f"game {self.game_id}: {agent}'s hand is over: step(None) for each "
                                 f"finished agent, then reset(); got action {action!r}")
            self._was_dead_step(action)
            return
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)) or not 0 <= action < N_ACTIONS:
            raise ValueError(f"game {self.game_id} {agent}: an action is a fixed id 0..{N_ACTIONS - 1}, "
                             f"got {action!r}")
        self._act[0] = action
        self._t.step(self._act)   # refuses an illegal id before anything moves
        self._cumulative_rewards[agent] = 0
        for a in self.rewards:
            self.rewards[a] = 0
        self._sync()
        if self.render_mode == "human":
            self.render()

    def render(self):
        """The table in tile notation (every seat's hand: a debugging view)."""
        if self.render_mode is None:
            import gymnasium   # optional dependency (the [env] extra)
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        if self.game_id is None:
            text = "fzsim: reset() not called yet"
        else:
            text = "\n".join(self._lines())
        if self.render_mode == "ansi":
            return text
        print(text)

    def _lines(self):
        view = empty_planes()
        self._t.observe(0, 0, view)
        first = decode(view)
        over = self._t.status[0] != ST_DECIDE
        lines = [f"game {self.game_id}  dealer seat {first['dealer']}  gold {first['gold']}  "
                 f"live {first['live']}  reserve {first['reserve']}" + ("  (hand over)" if over else "")]
        for s in range(4):
            self._t.observe(0, s, view)
            d = decode(view)
            seat = d["seats"][s]
            melds = " ".join(f"{k}:{t}" for k, t in seat["melds"]) or "-"
            who = self._agent.get(s, "policy")
            lines.append(f"  seat {s} ({who}): {d['hand']}  melds {melds}  flowers {seat['flowers']}  "
                         f"discards {''.join(seat['discards']) or '-'}")
        if not over:
            p = self._t.planes[0]
            lines.append(f"  {self.agent_selection} to act ({decode(p)['decision']}"
                         + (f" on {decode(p)['tile']}" if decode(p)["tile"] else "") + "): "
                         + ", ".join(f"{i}={ACTION_TUPLES[i][0]} {ACTION_TUPLES[i][1] or ''}".rstrip()
                                     for i in p["action_ids"][:p["n_actions"]]))
        else:
            lines.append(f"  result: deltas {self._t.rows[0]['deltas'].tolist()}")
        return lines

    def close(self):
        pass
