# cython: language_level=3
"""The game engine's Python surface (contract 3): `play_block`, `play_hand_raw` and `HandStepper`.

Each call validates its arguments with the GIL, then plays in one `nogil` loop: a hand is
`fzsim_core.flow.play_one_hand` over one `Game` (state.pxd), its seats driven by the policies of
fzsim_core/policies (a Python callable takes the GIL only for its own decisions), and each hand's
row is copied out. The parts: table.pxd (plain types), state.pxd (the game state), wall, legal,
invariants, decide.pxd + policy.pxd (the policy seam), settle, flow, packs/<name> (the deal,
the opening window, 游金). `HandStepper` plays one hand decision by decision on the flow's
advance / apply, for agents and tests that answer some seats' decisions themselves.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport malloc, free, realloc
from libc.string cimport memcpy
from cpython.pycapsule cimport PyCapsule_CheckExact

import numpy as np

from fzsim_core.rules cimport Rules
from fzsim_core.state cimport Game, GameLog, Pack, Row, live_tiles
from fzsim_core.seat_draws cimport SeatDraws
from fzsim_core.winrec cimport WinRec
from fzsim_core.table cimport *
from fzsim_core.tileset cimport MAX_TILES, TileSet
from fzsim_core.flow cimport (
    advance_match, apply, copy_game, init_game, play_one_hand, play_until, prepare_game,
)
from fzsim_core.wall cimport match_first_dealer
from fzsim_core.policies.registry cimport bind_policy
from fzsim_core.packs.registry cimport bind_pack
from fzsim_core.decide cimport ask

from fzsim_core.policies.python_bridge import ACTIONS, DECISIONS
from fzsim_core.policies.registry import NAMES as POLICIES
from fzsim_core.wall import first_dealer, rng_outputs, shuffled_wall, validate_wall, wall_digest
from fzsim_core.schema import COLUMNS, ROW_DTYPE, columns, row_dict
from fzsim_core import winschema
from fzsim_core.winschema import WIN_COLUMNS, WIN_DTYPE


class InvariantError(RuntimeError):
    """Raised by `check=True` when the engine breaks one of its own invariants (a bug)."""


#: Event type names, by EventType value.
EVENTS = {
    EV_DEAL: "deal", EV_FLOWER: "flower", EV_REPLACE: "replace", EV_GOLD_FLIP: "gold_flip",
    EV_GOLD: "gold", EV_DRAW: "draw", EV_DISCARD: "discard", EV_CHOW: "chow", EV_PUNG: "pung",
    EV_EXPOSED_KONG: "kong", EV_CONCEALED_KONG: "concealed_kong", EV_ADDED_KONG: "added_kong",
    EV_DECLINE: "decline", EV_LAST_GROUP: "last_group", EV_WIN: "win", EV_DRAWN: "drawn",
    EV_QIANGJIN_GIVE: "qiangjin_give", EV_YOUJIN: "youjin", EV_SETTLE: "settle",
    EV_EXCHANGE: "exchange", EV_DINGQUE: "dingque",
}

cdef void copy_bytes(uint8_t[::1] dst, const void* src, size_t n):
    memcpy(&dst[0], src, n)


cdef object records_of(const Game* g):
    """The hand's records (one per win and end-of-hand payment) as winschema columns."""
    recs = np.empty(g.n_recs, dtype=WIN_DTYPE)
    if g.n_recs:
        copy_bytes(recs.view(np.uint8), g.recs, g.n_recs * sizeof(WinRec))
    return winschema.columns(recs)


cdef tuple bind_policies(Game* g, policies, list errors):
    """Policies: one name, callable or compiled policy's capsule for all seats or four of them,
    bound into g.policies.
    Returns the objects to keep alive while the hands are played."""
    if isinstance(policies, str) or callable(policies) or PyCapsule_CheckExact(policies):
        policies = (policies,) * 4
    try:
        seq = tuple(policies)
    except TypeError:
        raise ValueError(f"policies must be a name, a callable or 4 of them, got {policies!r}") from None
    if len(seq) == 1:
        seq = seq * 4
    if len(seq) != 4:
        raise ValueError(f"policies must name 1 or 4 seats, got {len(seq)}: {seq!r}")
    for s, p in enumerate(seq):
        bind_policy(&g.policies[s], p, s, errors, &g.pack)
    return seq


cdef object raise_game_error(Game* g, list errors):
    if errors:
        raise errors[0]
    raise InvariantError(
        f"game {g.row.game_id} hand {g.row.hand}: {g.errmsg.decode('utf-8', 'replace')}")


cdef bytes checked_walls(walls, int64_t n_games, const TileSet* tiles):
    """`walls` as n_games rows of the tile set's kinds, their bytes row after row; ValueError naming
    what is wrong."""
    arr = np.asarray(walls)
    if arr.ndim != 2 or arr.shape[0] != n_games or arr.shape[1] != tiles.n_tiles:
        raise ValueError(f"first_walls must be {n_games} walls of {tiles.n_tiles} tiles, got shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(f"a wall holds integer kind indices, got dtype {arr.dtype}")
    want = np.array([tiles.sorted[i] for i in range(tiles.n_tiles)], dtype=np.int64)
    bad = np.flatnonzero((np.sort(arr.astype(np.int64), axis=1) != want).any(axis=1))
    if bad.size:
        raise ValueError(f"first_walls[{bad[0]}] is not the pack's tile set (each kind's copies, once each)")
    return np.ascontiguousarray(arr, dtype=np.uint8).tobytes()


def play_block(Rules rules, uint64_t root_seed, int64_t first_game, int64_t n_games,
               policies=("greedy",) * 4, bint check=False, bint records=False, bint seat_draws=False,
               first_walls=None):
    """Play games first_game .. first_game + n_games - 1, `rules.c.hands_per_match` hands each.

    Returns a dict of numpy arrays, one row per hand in (game_id, hand) order, with the columns
    of `COLUMNS` (contract 3). records=True returns (those columns, the hands' records): one per
    win and per end-of-hand payment (fzsim_core.winschema.columns), in the same order. The GIL is
    released while playing (a Python policy takes it only for its own decisions). check=True
    verifies the invariants after every action and raises `InvariantError` on a violation.
    seat_draws=True couples the draws by seat (seat_draws.pxd): the same game distribution, with
    paired variants kept in step. first_walls: an (n_games, tiles) array of the games' first walls
    (hand 0 of game first_game + i plays first_walls[i]; the later hands their seeded walls), such as
    a stratified run's (`fzsim.study.strata`); None: every wall is the seeded shuffle.
    """
    cdef list errors = []
    # (the first walls as bytes, read through a pointer: no memoryview local in this function,
    # whose error paths then stay plain)
    cdef bytes firsts_bytes = None
    cdef const uint8_t* firsts = NULL
    cdef TileSet tiles
    cdef Game* g = <Game*>malloc(sizeof(Game))
    if g == NULL:
        raise MemoryError()
    cdef SeatDraws* coupling = NULL
    if seat_draws:
        coupling = <SeatDraws*>malloc(sizeof(SeatDraws))
        if coupling == NULL:
            free(g)
            raise MemoryError()
    try:
        bind_pack(&g.pack, &tiles, rules.c.pack, &rules.c)
        keep = bind_policies(g, policies, errors)
    except BaseException:
        free(g)
        free(coupling)
        raise
    cdef int hpm = rules.c.hands_per_match
    if n_games < 0 or first_game < 0 or hpm < 1:
        free(g)
        free(coupling)
        if n_games < 0:
            raise ValueError(f"n_games must be >= 0, got {n_games}")
        if first_game < 0:
            raise ValueError(f"first_game must be >= 0, got {first_game}")
        raise ValueError(f"hands_per_match must be >= 1, got {hpm}")
    if first_walls is not None:
        try:
            firsts_bytes = checked_walls(first_walls, n_games, &tiles)
            firsts = <const uint8_t*><const char*>firsts_bytes
        except BaseException:
            free(g)
            free(coupling)
            raise
    cdef int64_t n_rows = n_games * hpm
    rows = np.zeros(n_rows, dtype=ROW_DTYPE)
    cdef uint8_t[::1] raw = rows.view(np.uint8)
    cdef Row* out = <Row*>&raw[0] if n_rows else NULL
    cdef int64_t gi, row = 0, n_recs = 0, cap = (n_rows if records else 0) + 16
    cdef int hi, dealer, streak, carry, st = ST_CONT
    cdef WinRec* recs = <WinRec*>malloc(cap * sizeof(WinRec))
    cdef WinRec* grown
    if recs == NULL:
        free(g)
        free(coupling)
        raise MemoryError()
    try:
        prepare_game(g, &tiles, NULL, check)
        g.seat_draws = coupling   # (prepare_game set it to NULL)
        with nogil:
            for gi in range(n_games):
                dealer = match_first_dealer(root_seed, <uint64_t>(first_game + gi))
                streak = 0
                carry = 0
                for hi in range(hpm):
                    init_game(g, &rules.c, root_seed, first_game + gi, hi, dealer, streak,
                              firsts + gi * tiles.n_tiles if hi == 0 and firsts != NULL else NULL)
                    g.row.carry = carry
                    st = play_one_hand(g)
                    if st == ST_ERR:
                        break
                    out[row] = g.row
                    row += 1
                    if records:
                        if n_recs + g.n_recs > cap:
                            cap = 2 * cap + g.n_recs
                            grown = <WinRec*>realloc(recs, cap * sizeof(WinRec))
                            if grown == NULL:
                                st = ST_ERR
                                break
                            recs = grown
                        memcpy(&recs[n_recs], g.recs, g.n_recs * sizeof(WinRec))
                        n_recs += g.n_recs
                    advance_match(&g.pack, &rules.c, &g.row, root_seed, &dealer, &streak, &carry)
                if st == ST_ERR:
                    break
        if st == ST_ERR:
            if g.error == 0 and not errors:
                raise MemoryError("no memory for the hands' records")
            raise_game_error(g, errors)
        wins = np.empty(n_recs, dtype=WIN_DTYPE)
        if n_recs:
            wins_bytes = wins.view(np.uint8)
            copy_bytes(wins_bytes, recs, n_recs * sizeof(WinRec))
    finally:
        free(g)
        free(recs)
        free(coupling)
    if records:
        return columns(rows), winschema.columns(wins)
    return columns(rows)


def play_hand_raw(Rules rules, uint64_t root_seed, int64_t game_id, int hand, int dealer, int streak,
                  policies=("greedy",) * 4, wall=None, bint log=False, bint check=False, bint records=False,
                  int carry=0, bint seat_draws=False):
    """One hand with an explicit dealer and streak (fzsim.game builds play_hand on this); carry:
    the match counter entering it (荒番 H of RULES-PACKS §1.4, see next_dealer).

    `wall` (optional) is the tile set's kind indices, index 0 = the head (see state.pxd for the deal).
    Returns (row dict, events list of (type, seat, tile, arg) tuples or None), and with
    records=True a third item, the hand's records (winschema columns). seat_draws: as play_block's.
    """
    cdef uint8_t wall_buf[MAX_TILES]
    cdef const uint8_t* wall_ptr = NULL
    cdef int i
    cdef TileSet tiles
    cdef Game* g
    cdef GameLog* lg
    if not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat 0..3, got {dealer}")
    if streak < 0:
        raise ValueError(f"streak must be >= 0, got {streak}")
    if hand < 0:
        raise ValueError(f"hand must be >= 0, got {hand}")
    if not 0 <= carry <= 1000:
        raise ValueError(f"carry must be a match counter 0..1000, got {carry}")
    if wall is not None:
        arr = validate_wall(wall, rules.c.pack, rules)
        for i in range(arr.shape[0]):
            wall_buf[i] = arr[i]
        wall_ptr = wall_buf
    cdef list errors = []
    g = <Game*>malloc(sizeof(Game))
    lg = <GameLog*>malloc(sizeof(GameLog)) if log else NULL
    cdef SeatDraws* coupling = <SeatDraws*>malloc(sizeof(SeatDraws)) if seat_draws else NULL
    if g == NULL or (log and lg == NULL) or (seat_draws and coupling == NULL):
        free(g)
        free(lg)
        free(coupling)
        raise MemoryError()
    cdef int st
    try:
        bind_pack(&g.pack, &tiles, rules.c.pack, &rules.c)
        keep = bind_policies(g, policies, errors)
        prepare_game(g, &tiles, lg, check)
        g.seat_draws = coupling   # (prepare_game set it to NULL)
        init_game(g, &rules.c, root_seed, game_id, hand, dealer, streak, wall_ptr)
        g.row.carry = carry
        with nogil:
            st = play_one_hand(g)
        if st == ST_ERR:
            raise_game_error(g, errors)
        row = row_dict(np.frombuffer((<char*>&g.row)[:sizeof(Row)], dtype=ROW_DTYPE)[0])
        events = None
        if log:
            events = [(lg.events[i].type, lg.events[i].seat, lg.events[i].tile, lg.events[i].arg)
                      for i in range(lg.n_events)]
        if records:
            return row, events, records_of(g)
        return row, events
    finally:
        free(g)
        free(lg)
        free(coupling)


def next_dealer(Rules rules, int dealer, int streak, row, uint64_t root_seed=0, bint with_carry=False):
    """(dealer, streak) of the next hand of a match after the hand whose row (a dict of COLUMNS:
    outcome, winner, discarder, n_wins, winners, game_id, hand, carry) is given; root_seed for a random
    dealer. with_carry=True: (dealer, streak, carry), carry the match counter entering the next
    hand (荒番 H of RULES-PACKS §1.4; 0 in the other packs)."""
    cdef Row r
    cdef Pack pack
    cdef TileSet tiles
    cdef int carry = 0
    bind_pack(&pack, &tiles, rules.c.pack, &rules.c)
    r.outcome = row["outcome"]
    r.winner = row["winner"]
    r.discarder = row.get("discarder", -1)
    r.n_wins = row.get("n_wins", 1 if r.outcome else 0)
    r.game_id = row.get("game_id", 0)
    r.hand = row.get("hand", 0)
    r.carry = row.get("carry", 0)
    r.winners = row.get("winners", (1 << r.winner) if r.outcome and 0 <= r.winner < 4 else 0)
    advance_match(&pack, &rules.c, &r, root_seed, &dealer, &streak, &carry)
    if with_carry:
        return dealer, streak, carry
    return dealer, streak



cdef tuple legal_actions(const Game* g):
    cdef int i
    return tuple((act_type(g.pend.acts[i]), act_kind(g.pend.acts[i]) if act_kind(g.pend.acts[i]) != NO_TILE else None)
                 for i in range(g.pend.n))


cdef class HandStepper:
    """One hand played decision by decision: the seats in `agents` answer through `apply`, the
    others are played by their policies in the core.

    After construction (and after each `apply`) the hand stands at the next decision of an agent
    seat (`seat`, `decision`, `legal`: (ActionType, kind or None) tuples, see ACTIONS), or it is
    `done`, with its `row()` and `events()`. `copy()` is an independent copy from the same point.
    """
    cdef Game* g
    cdef GameLog* lg
    cdef object keep
    cdef list errors
    cdef unsigned int agents
    cdef int status

    def __cinit__(self):
        self.g = NULL
        self.lg = NULL
        self.status = ST_ERR

    def __init__(self, Rules rules, uint64_t root_seed, int64_t game_id, int hand, int dealer, int streak,
                 policies=("greedy",) * 4, agents=(), wall=None, bint log=False, bint check=False,
                 int carry=0):
        cdef uint8_t wall_buf[MAX_TILES]
        cdef const uint8_t* wall_ptr = NULL
        cdef TileSet tiles
        cdef int i
        if not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, got {dealer}")
        if streak < 0 or hand < 0:
            raise ValueError(f"streak and hand must be >= 0, got streak={streak}, hand={hand}")
        if not 0 <= carry <= 1000:
            raise ValueError(f"carry must be a match counter 0..1000, got {carry}")
        self.agents = 0
        for a in agents:
            if isinstance(a, bool) or not isinstance(a, (int, np.integer)) or not 0 <= a <= 3:
                raise ValueError(f"agents must be seats 0..3, got {a!r} in {agents!r}")
            self.agents |= 1u << int(a)
        if wall is not None:
            arr = validate_wall(wall, rules.c.pack, rules)
            for i in range(arr.shape[0]):
                wall_buf[i] = arr[i]
            wall_ptr = wall_buf
        self.g = <Game*>malloc(sizeof(Game))
        self.lg = <GameLog*>malloc(sizeof(GameLog)) if log else NULL
        if self.g == NULL or (log and self.lg == NULL):
            raise MemoryError()
        bind_pack(&self.g.pack, &tiles, rules.c.pack, &rules.c)
        self.errors = []
        self.keep = bind_policies(self.g, policies, self.errors)
        prepare_game(self.g, &tiles, self.lg, check)
        init_game(self.g, &rules.c, root_seed, game_id, hand, dealer, streak, wall_ptr)
        self.g.row.carry = carry
        self.run()

    def __dealloc__(self):
        free(self.g)
        free(self.lg)

    cdef run(self):
        with nogil:
            self.status = play_until(self.g, self.agents)
        if self.status == ST_ERR:
            raise_game_error(self.g, self.errors)

    @property
    def done(self):
        """True once the hand has ended."""
        return self.status == ST_END

    @property
    def seat(self):
        """The agent seat that must choose now (None when done)."""
        return self.g.pend.seat if self.status == ST_DECIDE else None

    @property
    def decision(self):
        """The pending Decision value (see DECISIONS), None when done."""
        return self.g.pend.decision if self.status == ST_DECIDE else None

    @property
    def legal(self):
        """The pending legal actions as (ActionType, kind or None) tuples, () when done."""
        return legal_actions(self.g) if self.status == ST_DECIDE else ()

    def apply(self, choice):
        """Take legal action number `choice` for the pending seat, then play on to the next
        decision of an agent seat (or the end)."""
        if self.status != ST_DECIDE:
            raise ValueError(f"game {self.g.row.game_id} hand {self.g.row.hand}: no decision is pending"
                             f" (the hand {'has ended' if self.status == ST_END else 'failed'})")
        if isinstance(choice, bool) or not isinstance(choice, (int, np.integer)) or not 0 <= choice < self.g.pend.n:
            raise ValueError(f"game {self.g.row.game_id} hand {self.g.row.hand}: choice {choice!r} for seat"
                             f" {self.g.pend.seat} is not an index 0..{self.g.pend.n - 1} of {legal_actions(self.g)}")
        cdef int c = choice
        with nogil:
            self.status = apply(self.g, c)
            if self.status == ST_DECIDE and not (self.agents >> self.g.pend.seat) & 1:
                self.status = play_until(self.g, self.agents)
        if self.status == ST_ERR:
            raise_game_error(self.g, self.errors)

    def fault(self, int seat, deltas):
        """End the hand at the pending decision as ``seat``'s fault (a Botzone bot that crashed,
        answered late or answered what is not legal, settled as Botzone's judge does): the row's
        outcome is 2 ("fault"), its winner -1 and its discarder the seat at fault; ``deltas``, the
        pack's fault settlement (four integers, zero-sum), are added to the row's. No record."""
        if self.status != ST_DECIDE:
            raise ValueError(f"game {self.g.row.game_id} hand {self.g.row.hand}: no decision is pending")
        d = [int(x) for x in deltas]
        if not 0 <= seat <= 3 or len(d) != 4 or sum(d) != 0:
            raise ValueError(f"a fault needs a seat 0..3 and four zero-sum deltas, got {seat!r}, {deltas!r}")
        cdef int s
        self.g.row.tiles_left = live_tiles(self.g)
        self.g.row.n_wins = 0
        self.g.row.outcome = 2
        self.g.row.winner = -1
        self.g.row.discarder = seat
        for s in range(4):
            self.g.row.deltas[s] += d[s]
            self.g.row.flowers[s] = self.g.seats[s].n_flowers
            self.g.row.golds[s] = self.g.seats[s].hand.golds
        self.status = ST_END

    def suggest(self):
        """The index the pending seat's own policy (from `policies`) would choose now. It draws
        from the policy stream as playing does, so `apply(suggest())` at every decision plays
        exactly the hand `play_hand_raw` plays."""
        if self.status != ST_DECIDE:
            raise ValueError("no decision is pending")
        cdef int c
        with nogil:
            c = ask(self.g)
        if c < 0:
            self.status = ST_ERR
            raise_game_error(self.g, self.errors)
        return c

    def copy(self):
        """An independent copy that goes on from this point (same policies and agents)."""
        cdef HandStepper other = HandStepper.__new__(HandStepper)
        other.g = <Game*>malloc(sizeof(Game))
        other.lg = <GameLog*>malloc(sizeof(GameLog)) if self.lg != NULL else NULL
        if other.g == NULL or (self.lg != NULL and other.lg == NULL):
            raise MemoryError()
        if self.lg != NULL:
            other.lg[0] = self.lg[0]
        copy_game(other.g, self.g, other.lg)
        other.keep, other.errors, other.agents, other.status = self.keep, self.errors, self.agents, self.status
        return other

    def row(self):
        """The hand's row (a dict of COLUMNS) once it is done."""
        if self.status != ST_END:
            raise ValueError("the hand has not ended: no row yet")
        return row_dict(np.frombuffer((<char*>&self.g.row)[:sizeof(Row)], dtype=ROW_DTYPE)[0])

    def records(self):
        """The hand's records so far (one per win and end-of-hand payment) as winschema columns."""
        return records_of(self.g)

    def events(self):
        """The event log so far as (type, seat, tile, arg) tuples (None without log=True)."""
        if self.lg == NULL:
            return None
        return [(self.lg.events[i].type, self.lg.events[i].seat, self.lg.events[i].tile, self.lg.events[i].arg)
                for i in range(self.lg.n_events)]
