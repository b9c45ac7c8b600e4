# cython: language_level=3
"""Logged 国标 games replayed in the core: many games in one nogil loop (fzsim/packs/guobiao/botzone/replay.py).

`replay_logged` plays each game on its explicit wall with every seat answered from its encoded
action sequence, exactly as the Python replay's first pass (``_replay_walls(careful=False)``)
answers a `HandStepper`:

* a claim offer (DEC_CLAIM): the seat's logged claim when the next action is its pung, kong or
  chow (the first legal action of that type — for a chow, of that lowest tile); else its first
  claim that lost (``lost``) — which is a game the Python replay reports, so here a failure —;
  else pass (the last legal action);
* its own turn (DEC_TURN, DEC_AFTER_CLAIM): the next action must be the seat's play, concealed
  kong, added kong (that action with that tile) or win (the first win action);
* a win offer (DEC_DISCARD_WIN, DEC_ROB_KONG): win (action 0) when the next action is the seat's
  win or a win of the seat that lost (``lost``), else pass (the last action).

Anything else — a decision of another kind, an action not legal there, a claim that lost but is
legal, an engine error, an engine discard the log does not have (the discards counted at the end
differ from the plays replayed) or a wall that is not the tile set — is a failure (status 1): the
caller replays that game in Python, which finds the same point and names it. A game that ends is
status 0 with the number of actions consumed, its row and its records; what the Python replay
compares at the end (the winner, the fans, the scores) the caller compares on them.

Encoding of one action (arrays ``kind``, ``seat``, ``tile``, ``lost``): kind 0 play, 1 concealed
kong, 2 added kong, 3 win, 4 pung, 5 kong, 6 chow (its tile the chow's middle tile, as logged);
``lost``: bit s (0..3) set when seat s's win lost to this action, bit 4 + s when a pung, kong or
chow of seat s lost to it.
"""
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t
from libc.stdlib cimport malloc, free, realloc
from libc.string cimport memcpy

import numpy as np

from fzsim_core.rules cimport Rules
from fzsim_core.state cimport Game, GameLog, Row
from fzsim_core.winrec cimport WinRec
from fzsim_core.table cimport *
from fzsim_core.tileset cimport TileSet
from fzsim_core.tiles cimport N_KINDS
from fzsim_core.flow cimport apply, init_game, play_until, prepare_game
from fzsim_core.policies.registry cimport bind_policy
from fzsim_core.packs.registry cimport bind_pack

from fzsim_core.schema import ROW_DTYPE
from fzsim_core.winschema import WIN_DTYPE

__all__ = ["replay_logged", "PLAY", "ANGANG", "BUGANG", "HU", "PENG", "GANG", "CHI"]

cdef enum:
    K_PLAY = 0
    K_ANGANG = 1
    K_BUGANG = 2
    K_HU = 3
    K_PENG = 4
    K_GANG = 5
    K_CHI = 6

PLAY, ANGANG, BUGANG, HU, PENG, GANG, CHI = K_PLAY, K_ANGANG, K_BUGANG, K_HU, K_PENG, K_GANG, K_CHI
cdef int _OWN_ACT[4]
_OWN_ACT[:] = [ACT_DISCARD, ACT_CONCEALED_KONG, ACT_ADDED_KONG, ACT_WIN]
cdef int _CLAIM_ACT[4]
_CLAIM_ACT[:] = [-1, ACT_PUNG, ACT_EXPOSED_KONG, ACT_CHOW]


cdef inline int _find(const Game* g, int type, int kind, bint any_kind) noexcept nogil:
    """The first pending action of ``type`` (and of ``kind`` unless ``any_kind``), or -1."""
    cdef int j
    for j in range(g.pend.n):
        if act_type(g.pend.acts[j]) == type and (any_kind or act_kind(g.pend.acts[j]) == kind):
            return j
    return -1


cdef int _replay_one(Game* g, const int8_t* kind, const int8_t* seat, const int8_t* tile, const int64_t* lost,
                     int n, int* consumed) noexcept nogil:
    """One game from its initialised state: 0 when the hand ends as logged so far, else 1."""
    cdef int st = play_until(g, 0xF)
    cdef int i = 0, plays = 0, s, dec, j, k, want, t, discards
    while st == ST_DECIDE:
        s = g.pend.seat
        dec = g.pend.decision
        if dec == DEC_CLAIM:
            j = -1
            if i < n:
                k = kind[i]
                if seat[i] == s and k >= K_PENG:
                    want = _CLAIM_ACT[k - K_PENG + 1]
                    j = _find(g, want, tile[i] - 1, want != ACT_CHOW)
                    if j < 0:
                        return 1                # not legal: the Python replay names it
                    i += 1
                elif (lost[i] >> (4 + s)) & 1:
                    return 1                    # a claim that lost: illegal, or taken first here
            st = apply(g, j if j >= 0 else g.pend.n - 1)
        elif dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
            if i >= n or seat[i] != s or kind[i] > K_HU:
                return 1
            k = kind[i]
            want = _OWN_ACT[k]
            j = _find(g, want, tile[i], want == ACT_WIN)
            if j < 0:
                return 1
            st = apply(g, j)
            if want == ACT_DISCARD:
                plays += 1
            i += 1
        elif dec == DEC_DISCARD_WIN or dec == DEC_ROB_KONG:
            if i < n and ((kind[i] == K_HU and seat[i] == s) or (lost[i] >> s) & 1):
                st = apply(g, 0)
            else:
                st = apply(g, g.pend.n - 1)
        else:
            return 1
    if st != ST_END:
        return 1
    discards = 0
    for t in range(g.log.n_events):
        if g.log.events[t].type == EV_DISCARD:
            discards += 1
    if discards != plays:
        return 1                                # the engine discarded on its own
    consumed[0] = i
    return 0


def replay_logged(Rules rules, const int64_t[::1] game_id, const int16_t[::1] hand, const int8_t[::1] dealer,
                  const uint8_t[:, ::1] walls, const int64_t[::1] first, const int8_t[::1] kind,
                  const int8_t[::1] seat, const int8_t[::1] tile, const int64_t[::1] lost):
    """Replay game ``j`` (its id, hand, dealer and explicit wall) on its actions ``first[j] ..
    first[j + 1]`` of the action arrays (module doc). Returns (status: int8 per game, 0 ended as
    logged, 1 replay it in Python; consumed: int32 per game, the actions the replay took; rows:
    ROW_DTYPE per game, zero where status is 1; records: WIN_DTYPE, the records of the games of
    status 0 in order; rec_first: int64 per game + 1, game j's records at rec_first[j] ..
    rec_first[j + 1])."""
    cdef Py_ssize_t n_games = game_id.shape[0], gi
    if not (hand.shape[0] == dealer.shape[0] == walls.shape[0] == n_games and first.shape[0] == n_games + 1):
        raise ValueError("replay_logged: one game id, hand, dealer and wall a game, and n + 1 action offsets")
    cdef Py_ssize_t n_acts = kind.shape[0]
    if not (seat.shape[0] == tile.shape[0] == lost.shape[0] == n_acts):
        raise ValueError("replay_logged: the action arrays differ in length")
    cdef TileSet tiles
    cdef list errors = []
    cdef Game* g = <Game*>malloc(sizeof(Game))
    cdef GameLog* lg = <GameLog*>malloc(sizeof(GameLog))
    if g == NULL or lg == NULL:
        free(g)
        free(lg)
        raise MemoryError()
    status = np.ones(n_games, dtype=np.int8)
    consumed = np.zeros(n_games, dtype=np.int32)
    rows = np.zeros(n_games, dtype=ROW_DTYPE)
    rec_first = np.zeros(n_games + 1, dtype=np.int64)
    cdef int8_t[::1] st_v = status
    cdef int32_t[::1] used = consumed
    cdef int64_t[::1] rf = rec_first
    cdef uint8_t[::1] raw = rows.view(np.uint8)
    cdef Row* out = <Row*>&raw[0] if n_games else NULL
    cdef Py_ssize_t cap = n_games * 2 + 16, n_recs = 0
    cdef WinRec* recs = <WinRec*>malloc(cap * sizeof(WinRec))
    cdef WinRec* grown
    cdef int n_tiles, c, k, r, bad = 0
    cdef int counts[N_KINDS]
    cdef int want[N_KINDS]
    cdef int64_t a, b
    cdef int used_n = 0
    try:
        if recs == NULL:
            raise MemoryError()
        bind_pack(&g.pack, &tiles, rules.c.pack, &rules.c)
        for c in range(4):
            bind_policy(&g.policies[c], "greedy", c, errors, &g.pack)
        prepare_game(g, &tiles, lg, False)
        n_tiles = tiles.n_tiles
        if walls.shape[1] != n_tiles:
            raise ValueError(f"replay_logged: walls of {walls.shape[1]} tiles, the tile set has {n_tiles}")
        for k in range(N_KINDS):
            want[k] = tiles.copies[k]
        with nogil:
            for gi in range(n_games):
                rf[gi + 1] = n_recs
                a, b = first[gi], first[gi + 1]
                if a < 0 or b < a or b > n_acts or not 0 <= dealer[gi] <= 3 or hand[gi] < 0:
                    continue
                for k in range(N_KINDS):
                    counts[k] = 0
                bad = 0
                for c in range(n_tiles):
                    if walls[gi, c] >= N_KINDS:
                        bad = 1
                        break
                    counts[walls[gi, c]] += 1
                for k in range(N_KINDS):
                    if counts[k] != want[k]:
                        bad = 1
                if bad:
                    continue                    # HandStepper refuses the wall: the Python replay says how
                init_game(g, &rules.c, 0, game_id[gi], hand[gi], dealer[gi], 0, &walls[gi, 0])
                g.row.carry = 0
                if _replay_one(g, &kind[a], &seat[a], &tile[a], &lost[a], <int>(b - a), &used_n) != 0:
                    continue
                if n_recs + g.n_recs > cap:
                    cap = 2 * cap + g.n_recs
                    grown = <WinRec*>realloc(recs, cap * sizeof(WinRec))
                    if grown == NULL:
                        with gil:
                            raise MemoryError()
                    recs = grown
                if g.n_recs:
                    memcpy(&recs[n_recs], g.recs, g.n_recs * sizeof(WinRec))
                n_recs += g.n_recs
                rf[gi + 1] = n_recs
                out[gi] = g.row
                st_v[gi] = 0
                used[gi] = used_n
        records = np.empty(n_recs, dtype=WIN_DTYPE)
        if n_recs:
            memcpy(<void*><size_t>records.ctypes.data, recs, n_recs * sizeof(WinRec))
        return status, consumed, rows, records, rec_first
    finally:
        free(g)
        free(lg)
        free(recs)
