# cython: language_level=3
"""Batched agent tables (issue 16): many hands stepped in one nogil loop over the flow's
`play_until` / `apply`, observations written as obs_planes records into reused numpy buffers.

`Tables` is the core of `fzsim.env.VecEnv` (auto-reset: a finished hand is followed at once by the
next one, hands of a match in order, then the next unused game id) and of the PettingZoo env (one
table, no auto-reset). Seats not in `agent_seats` are played by compiled policies (or any policy
spec `play_block` takes) inside the loop; the loop stops at each table's next agent decision.
Every hand is (root seed, game id, hand) with the agents' choices, exactly as `play_block` and
`fzsim.play_hand` play it, so an episode replays with `play_hand` given the same choices.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memset

import numpy as np

from fzsim_core.rules cimport Rules
from fzsim_core.state cimport Game, live_tiles, reserve
from fzsim_core.row cimport Row
from fzsim_core.policy cimport Observation, Policy
from fzsim_core.table cimport ST_DECIDE, ST_END, ST_ERR
from fzsim_core.tileset cimport TileSet
from fzsim_core.packs.registry cimport bind_pack
from fzsim_core.flow cimport advance_match, apply, init_game, play_until, prepare_game
from fzsim_core.decide cimport fill_observation
from fzsim_core.wall cimport match_first_dealer
from fzsim_core.policies.registry cimport bind_policy
from fzsim_core.obs_planes cimport N_ACTIONS, Planes, action_id, encode_planes, flatten_one

from fzsim_core.obs_planes import ACTION_TUPLES, DECISIONS, FLAT_SIZE, PLANES_DTYPE
from fzsim_core.schema import ROW_DTYPE


cdef class Tables:
    """`n` tables of one rule set; `agent_seats` act through `step`, the other seats by policy.

    Buffers (numpy, reused by every call; copy what you keep): `planes` (n records of
    PLANES_DTYPE: the acting agent seat's observation and mask), `rewards` (n x 4 int32: the
    deltas of the hands that ended in the last call), `done` (n bool: a hand ended), `rows`
    (n records of ROW_DTYPE: the last hand each table finished), `game_id`, `hand` (n: the hand
    being played now).
    """
    cdef Game* games
    cdef readonly int n
    cdef Rules rules
    cdef TileSet tiles
    cdef uint64_t seed
    cdef int64_t next_game
    cdef unsigned int agent_mask
    cdef bint auto_reset, check, started
    cdef list errors
    cdef object keep
    cdef int32_t[::1] dealer_v, streak_v, status_v, carry_v
    cdef int64_t[::1] gid_v
    cdef int32_t[::1] hand_v, rew_v
    cdef uint8_t[::1] done_v
    cdef Planes* pl
    cdef Row* rw
    cdef Row* fin                 # every hand finished in the last call, in order (finished())
    cdef int n_fin, cap_fin
    cdef int* choice              # step: the index into each table's pending actions
    cdef Planes scratch           # observe_flat's plane set
    cdef readonly object planes, rewards, done, rows, game_id, hand, status

    def __cinit__(self):
        self.games = NULL
        self.fin = NULL
        self.choice = NULL

    def __init__(self, Rules rules, uint64_t seed, int n, agent_seats=(0,), opponents="greedy",
                 bint auto_reset=True, bint check=False):
        if n < 1:
            raise ValueError(f"n (tables) must be >= 1, got {n}")
        seats = tuple(agent_seats)
        if not seats or any(isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s <= 3
                            for s in seats) or len(set(seats)) != len(seats):
            raise ValueError(f"agent_seats must be distinct seats 0..3, at least one, got {agent_seats!r}")
        self.agent_mask = 0
        for seat in seats:
            self.agent_mask |= 1u << int(seat)
        if isinstance(opponents, str) or callable(opponents):
            opponents = (opponents,) * 4
        opponents = tuple(opponents)
        if len(opponents) != 4:
            raise ValueError(f"opponents must be one policy or 4 (one per seat; agent seats' entries "
                             f"are ignored), got {len(opponents)}")
        self.rules, self.seed, self.n = rules, seed, n
        self.auto_reset, self.check = auto_reset, check
        self.errors = []
        self.keep = opponents
        self.games = <Game*>calloc(n, sizeof(Game))
        self.choice = <int*>calloc(n, sizeof(int))
        if self.games == NULL or self.choice == NULL:
            raise MemoryError(f"{n} tables")
        cdef int i, s
        for i in range(n):
            bind_pack(&self.games[i].pack, &self.tiles, rules.c.pack, &rules.c)   # the rules' pack: tiles and hooks
            for s in range(4):   # agent seats are never asked (play_until stops at them)
                bind_policy(&self.games[i].policies[s], "greedy" if (self.agent_mask >> s) & 1 else opponents[s],
                            s, self.errors, &self.games[i].pack)
            prepare_game(&self.games[i], &self.tiles, NULL, check)
        self.planes = np.zeros(n, dtype=PLANES_DTYPE)
        self.rows = np.zeros(n, dtype=ROW_DTYPE)
        self.rewards = np.zeros((n, 4), dtype=np.int32)
        self.done = np.zeros(n, dtype=np.bool_)
        self.game_id = np.zeros(n, dtype=np.int64)
        self.hand = np.zeros(n, dtype=np.int32)
        self.status = np.zeros(n, dtype=np.int32)   # ST_DECIDE, or ST_END (no auto-reset)
        cdef uint8_t[::1] raw = self.planes.view(np.uint8)
        self.pl = <Planes*>&raw[0]
        raw = self.rows.view(np.uint8)
        self.rw = <Row*>&raw[0]
        self.rew_v = self.rewards.reshape(-1)
        self.done_v = self.done.view(np.uint8)
        self.gid_v = self.game_id
        self.hand_v = self.hand
        self.status_v = self.status
        self.dealer_v = np.zeros(n, dtype=np.int32)
        self.streak_v = np.zeros(n, dtype=np.int32)
        self.carry_v = np.zeros(n, dtype=np.int32)
        self.started = False

    def __dealloc__(self):
        free(self.games)
        free(self.fin)
        free(self.choice)

    cdef int keep_row(self, const Row* row) noexcept nogil:
        """Append a finished hand's row to fin (grown by doubling); -1 when out of memory."""
        cdef Row* grown
        if self.n_fin == self.cap_fin:
            grown = <Row*>realloc(self.fin, (2 * self.cap_fin + 16) * sizeof(Row))
            if grown == NULL:
                return -1
            self.fin = grown
            self.cap_fin = 2 * self.cap_fin + 16
        self.fin[self.n_fin] = row[0]
        self.n_fin += 1
        return 0

    def finished(self):
        """The rows (ROW_DTYPE, a new array) of every hand finished by the last reset/step, in the
        order they ended — a step can end more than one hand at a table (a hand in which no agent
        seat had a choice is played through); `rows` keeps only each table's last."""
        out = np.zeros(self.n_fin, dtype=ROW_DTYPE)
        if self.n_fin:
            out.view(np.uint8)[:] = np.frombuffer((<char*>self.fin)[:self.n_fin * sizeof(Row)], dtype=np.uint8)
        return out

    cdef void start_hand(self, int i, int64_t gid, int hand) noexcept nogil:
        """Set table i on hand `hand` of game `gid` (a new game: its first dealer, streak 0)."""
        if hand == 0:
            self.dealer_v[i] = match_first_dealer(self.seed, <uint64_t>gid)
            self.streak_v[i] = 0
            self.carry_v[i] = 0
        self.gid_v[i] = gid
        self.hand_v[i] = hand
        init_game(&self.games[i], &self.rules.c, self.seed, gid, hand, self.dealer_v[i], self.streak_v[i], NULL)
        self.games[i].row.carry = <int16_t>self.carry_v[i]

    cdef int run(self, int i, int st) noexcept nogil:
        """From status `st` of table i: finish hands (auto-reset) until an agent decision; encode."""
        cdef Game* g = &self.games[i]
        cdef int s, hand, dealer, streak, carry
        while True:
            if st == ST_DECIDE:
                st = play_until(g, self.agent_mask)
            if st == ST_ERR:
                return ST_ERR
            if st == ST_DECIDE:
                fill_observation(g, g.pend.seat, g.pend.decision)
                if encode_planes(&g.obs, g.pend.acts, g.pend.n, &self.pl[i]) < 0:
                    return ST_ERR
                self.status_v[i] = ST_DECIDE
                return ST_DECIDE
            # ST_END: the hand's row and deltas out, then the next hand
            self.rw[i] = g.row
            if self.keep_row(&g.row) < 0:
                g.error = 1
                g.errmsg[0] = 0
                return ST_ERR
            self.done_v[i] = 1
            for s in range(4):
                self.rew_v[4 * i + s] += g.row.deltas[s]
            self.status_v[i] = ST_END
            if not self.auto_reset:
                fill_observation(g, g.pend.seat, -1)
                encode_planes(&g.obs, g.pend.acts, 0, &self.pl[i])
                return ST_END
            dealer, streak = self.dealer_v[i], self.streak_v[i]
            advance_match(&g.pack, &self.rules.c, &g.row, self.seed, &dealer, &streak, &carry)
            self.dealer_v[i], self.streak_v[i], self.carry_v[i] = dealer, streak, carry
            hand = self.hand_v[i] + 1
            if hand >= self.rules.c.hands_per_match:
                self.start_hand(i, self.next_game, 0)
                self.next_game += 1
            else:
                self.start_hand(i, self.gid_v[i], hand)
            st = ST_DECIDE   # play_until begins with advance

    cdef object raise_error(self, int i):
        cdef Game* g = &self.games[i]
        self.started = False   # the table's state is no longer steppable
        if self.errors:
            raise self.errors[0]
        raise RuntimeError(f"table {i} (game {self.gid_v[i]} hand {self.hand_v[i]}): "
                           f"{g.errmsg.decode('utf-8', 'replace') or 'out of memory, or an action with no fixed id'}")

    def reset(self, seed=None, int64_t first_game=0):
        """Tables i = 0..n-1 start game first_game + i (hand 0); later games take the next ids."""
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed < 2**64:
                raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
            self.seed = int(seed)
        if first_game < 0:
            raise ValueError(f"first_game must be >= 0, got {first_game}")
        cdef int i, st = ST_DECIDE, bad = -1
        self.rewards[:] = 0
        self.done[:] = False
        self.n_fin = 0
        self.next_game = first_game + self.n
        with nogil:
            for i in range(self.n):
                self.start_hand(i, first_game + i, 0)
                if self.run(i, ST_DECIDE) == ST_ERR:
                    bad = i
                    break
        if bad >= 0:
            self.raise_error(bad)
        self.started = True

    cdef str describe(self, int i):
        cdef Game* g = &self.games[i]
        return (f"table {i} (game {self.gid_v[i]} hand {self.hand_v[i]}, seat {g.pend.seat} "
                f"{DECISIONS[g.pend.decision] if self.status_v[i] == ST_DECIDE else 'hand over'})")

    def step(self, actions):
        """Apply one fixed action id per table (for tables whose hand is over without auto-reset,
        the entry is ignored), then play on to each table's next agent decision."""
        if not self.started:
            raise RuntimeError("step before reset(): call reset() first")
        arr = np.asarray(actions)
        if arr.shape != (self.n,) or arr.dtype.kind not in "iu":
            raise ValueError(f"actions must be an integer array of shape ({self.n},), got "
                             f"dtype {arr.dtype} shape {arr.shape}")
        cdef const int64_t[::1] a = np.ascontiguousarray(arr, dtype=np.int64)
        cdef int i, j, bad = -1
        cdef int64_t aid
        cdef Game* g
        for i in range(self.n):   # all checked before any is applied: a bad id changes nothing
            if self.status_v[i] != ST_DECIDE:
                continue
            aid = a[i]
            if not 0 <= aid < N_ACTIONS:
                raise ValueError(f"{self.describe(i)}: action id {aid} is out of range 0..{N_ACTIONS - 1}")
            # checked against the game's own pending actions, not the (user-writable) planes
            g = &self.games[i]
            j = 0
            while j < g.pend.n and action_id(g.pend.acts[j]) != aid:
                j += 1
            if j == g.pend.n:
                legal = [(action_id(g.pend.acts[j]), ACTION_TUPLES[action_id(g.pend.acts[j])])
                         for j in range(g.pend.n)]
                raise ValueError(f"{self.describe(i)}: action {aid} {ACTION_TUPLES[aid]} is not legal "
                                 f"(outside the mask); legal ids: {legal}")
            self.choice[i] = j
        self.rewards[:] = 0
        self.done[:] = False
        self.n_fin = 0
        with nogil:
            for i in range(self.n):
                if self.status_v[i] != ST_DECIDE:
                    continue
                if self.run(i, apply(&self.games[i], self.choice[i])) == ST_ERR:
                    bad = i
                    break
        if bad >= 0:
            self.raise_error(bad)

    def observe(self, int i, int seat, out):
        """Write the view of `seat` at table i into the 0-d PLANES_DTYPE array `out`: the pending
        decision with its mask if `seat` is deciding, else its view with decision -1, no actions."""
        if not 0 <= i < self.n or not 0 <= seat <= 3:
            raise ValueError(f"table must be 0..{self.n - 1} and seat 0..3, got {i}, {seat}")
        if not isinstance(out, np.ndarray) or out.dtype != PLANES_DTYPE or out.shape != () \
                or not out.flags.c_contiguous:
            raise ValueError("out must be a 0-d array of PLANES_DTYPE")
        if not self.started:
            raise RuntimeError("observe before reset(): call reset() first")
        cdef uint8_t[::1] raw = out.reshape(1).view(np.uint8)
        self.encode_view(i, seat, <Planes*>&raw[0])   # re-encoded from the game

    cdef void encode_view(self, int i, int seat, Planes* out) noexcept nogil:
        """`seat`'s view at table i: with the pending actions if it is the seat deciding."""
        cdef Game* g = &self.games[i]
        if self.status_v[i] == ST_DECIDE and g.pend.seat == seat:
            fill_observation(g, seat, g.pend.decision)
            encode_planes(&g.obs, g.pend.acts, g.pend.n, out)
        else:
            fill_observation(g, seat, -1)
            encode_planes(&g.obs, g.pend.acts, 0, out)

    def observe_flat(self, int i, int seat):
        """`seat`'s view at table i as two new arrays: the flat int16 planes (obs_planes.flatten)
        and the int8 action mask — what the AEC env observes, in one call."""
        if not 0 <= i < self.n or not 0 <= seat <= 3:
            raise ValueError(f"table must be 0..{self.n - 1} and seat 0..3, got {i}, {seat}")
        if not self.started:
            raise RuntimeError("observe before reset(): call reset() first")
        flat = np.empty(FLAT_SIZE, dtype=np.int16)
        mask = np.empty(N_ACTIONS, dtype=np.int8)
        cdef int16_t[::1] f = flat
        cdef int8_t[::1] m = mask
        cdef int k
        self.encode_view(i, seat, &self.scratch)
        flatten_one(&self.scratch, &f[0])
        for k in range(N_ACTIONS):
            m[k] = self.scratch.mask[k]
        return flat, mask

    def hint(self, int i, policy="greedy"):
        """The fixed action id that compiled `policy` would choose at table i — it draws on the table's policy stream exactly as that policy playing the seat
        would, so applying it reproduces that policy's game (imitation targets, checks)."""
        if not self.started or self.status_v[i] != ST_DECIDE:
            raise RuntimeError(f"table {i} has no pending decision")
        cdef Policy pol
        cdef list errors = []
        cdef Game* g = &self.games[i]
        bind_policy(&pol, policy, g.pend.seat, errors, &g.pack)
        fill_observation(g, g.pend.seat, g.pend.decision)
        c = pol.choose(pol.state, &g.obs, g.pend.acts, g.pend.n)
        if c < 0 or c >= g.pend.n:
            if errors:
                raise errors[0]
            raise RuntimeError(f"{self.describe(i)}: policy {policy!r} failed: "
                               f"{g.errmsg.decode('utf-8', 'replace')}")
        return action_id(g.pend.acts[c])
