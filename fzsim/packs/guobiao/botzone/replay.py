"""Replaying one logged Botzone game through the 国标 pack on Botzone walls, and comparing.

The game is played by `fzsim_core.engine.HandStepper` with every seat an agent: at each decision
the logged action is looked up among the engine's legal actions and applied. Botzone's player 0
always starts, so fzsim's dealer is seat 0, Botzone's player n is fzsim's seat n (the seat winds
agree: player n's wind is n), and the round wind ``quan`` is that of hand ``4 * quan``. The walls:
Botzone's player n draws its 34-tile part ``walltiles[34 n : 34 n + 34]`` from the back, fzsim's
seat n takes ``wall[34 n : 34 n + 34]`` from the front; when the record has no full wall each
seat's part is its deal and its draws in order, the tiles nobody drew filling the rest.

A game that disagrees gets a `Mismatch`: its category, the line (or log entry) of the first event
that differs, and what differs. The categories:

* ``wall``: the logged deals and draws are not the logged wall's tiles;
* ``illegal``: a logged action is not among the engine's legal actions at that point;
* ``sequence``: the log has another seat act, or goes on after the engine ended the hand (or ends
  before it);
* ``claims``: competing claims resolved otherwise than logged;
* ``outcome``: another winner, discarder or a drawn hand where the log has a win (or back);
* ``fans``: another fan total or another list of fans; ``score``: another score vector;
* ``judge_rule``: the judge ended the match on a move the engine allows and Botzone's judge does
  not (`judge_error` names the rule);
* ``bot_error``: the judge ended the match on another error of a bot (a penalty, not a game to
  replay).
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from fzsim.packs.guobiao.botzone.logs import LogError, LogEvent, LoggedGame
from fzsim.packs.guobiao.botzone.names import TILE_NAMES
from fzsim.packs.guobiao.calculator import FAN_NAMES
from fzsim.packs.guobiao.records import record_fans
from fzsim_core import winschema
from fzsim_core.engine import HandStepper
from fzsim_core.packs.guobiao.logreplay import replay_logged
from fzsim_core.schema import row_dict

__all__ = ["Mismatch", "Replayed", "replay_game", "replay_games", "seat_walls", "engine_wall", "CATEGORIES", "import_rules",
           "FAULT_PENALTY", "fault_deltas"]

CATEGORIES = ("wall", "illegal", "sequence", "claims", "outcome", "fans", "score", "judge_rule", "bot_error")
# ActionType values (fzsim_core/table.pxd) and Decision values
_PASS, _DISCARD, _WIN, _CONCEALED_KONG, _ADDED_KONG, _PUNG, _KONG, _CHOW = range(8)
_TURN, _AFTER_CLAIM, _DISCARD_WIN, _CLAIM, _ROB_KONG = range(5)
_EV_DISCARD = 7                         # EventType (fzsim_core/table.pxd)
_OWN = {"play": _DISCARD, "angang": _CONCEALED_KONG, "bugang": _ADDED_KONG, "hu": _WIN}
_CLAIM_ACT = {"peng": _PUNG, "gang": _KONG, "chi": _CHOW}
_ACT_WORDS = {_PASS: "pass", _DISCARD: "Play", _WIN: "Hu", _CONCEALED_KONG: "AnGang", _ADDED_KONG: "BuGang",
              _PUNG: "Peng", _KONG: "Gang", _CHOW: "Chi"}
WALL = 34
#: Botzone's judge on a bot's error (its judge/main.cpp ``playerError``): the match ends, the bot at
#: fault loses 3 × this, each other player gains it
FAULT_PENALTY = 10


def fault_deltas(seat: int) -> tuple:
    """Botzone's settlement of a bot's error at ``seat``: −30 to it, +10 to each other seat."""
    return tuple(-3 * FAULT_PENALTY if s == seat else FAULT_PENALTY for s in range(4))


_new = tuple.__new__                    # a LogEvent of a plain tuple (LoggedGame.actions)


def import_rules():
    """The rules logged games are replayed under: the guobiao preset on Botzone walls, 明暗杠 as
    Botzone counts it, one hand a game (Botzone plays single hands)."""
    from fzsim.rules import load

    return load("guobiao", gb_variant="botzone", gb_mingangang=True, hands_per_match=1, name="botzone-logs")


@dataclass(frozen=True)
class Mismatch:
    category: str
    line: int
    detail: str


class Replayed:
    """A replayed game: the engine's row and records (None when it disagrees), or the mismatch.

    ``row`` is a dict of the engine's columns and ``records`` its records as columns, made when
    first asked from the core's row and records when the game was replayed in the core
    (`raw_row`, `raw_records`: the row as one ``ROW_DTYPE`` value and the records as a
    ``WIN_DTYPE`` array; None for a game replayed in Python)."""

    __slots__ = ("game", "mismatch", "_row", "_records", "raw_row", "raw_records")

    def __init__(self, game: LoggedGame, row: dict | None = None, records: dict | None = None,
                 mismatch: Mismatch | None = None, raw_row=None, raw_records=None):
        self.game, self.mismatch = game, mismatch
        self._row, self._records, self.raw_row, self.raw_records = row, records, raw_row, raw_records

    @property
    def row(self) -> dict | None:
        if self._row is None and self.raw_row is not None:
            self._row = row_dict(self.raw_row)
        return self._row

    @property
    def records(self) -> dict | None:
        if self._records is None and self.raw_records is not None:
            self._records = winschema.columns(self.raw_records)
        return self._records

    def drop(self, mismatch: Mismatch) -> None:
        """The game disagrees after all: no row, no records."""
        self.mismatch = mismatch
        self._row = self._records = self.raw_row = self.raw_records = None

    def __repr__(self) -> str:
        return f"Replayed(game={self.game!r}, row={self.row!r}, mismatch={self.mismatch!r})"


def _name(kind: int) -> str:
    return TILE_NAMES[kind] if 0 <= kind < 34 else "-"


def _action_text(a) -> str:
    t, k = a
    return _ACT_WORDS.get(t, str(t)) + (f" {_name(k)}" if k is not None and t != _CHOW else
                                        f" {_name(k + 1)}" if t == _CHOW else "")


def seat_walls(game: LoggedGame) -> tuple[list[list[int]], Mismatch | None]:
    """Each seat's 34 tiles in the order it takes them (deal, then draws), and a `wall` mismatch
    when the logged deals and draws are not the logged wall's. LogError for a tile named five
    times or a seat taking more than its 34 tiles."""
    taken = [list(game.deals[s]) for s in range(4)]
    draws = [e for e in game.actions() if e[0] == "draw"]
    for _, seat, tile, _, _ in draws:
        taken[seat].append(tile)
    for s in range(4):
        if len(game.deals[s]) != 13:
            raise LogError(f"{game.where()}: seat {s} has no deal of 13 tiles")
        if len(taken[s]) > WALL:
            line = [e[3] for e in draws if e[1] == s][WALL - 13]
            raise LogError(f"{game.where(line)}: seat {s} takes a {len(taken[s])}th tile; a seat's wall"
                           f" on Botzone is {WALL} tiles (136 / 4)")
    if game.wall is not None:
        own = [game.wall[WALL * s:WALL * s + WALL][::-1] for s in range(4)]
        for s in range(4):
            if sorted(own[s][:13]) != sorted(taken[s][:13]):
                return own, Mismatch("wall", game.line, f"seat {s}'s deal is not the last 13 tiles of its wall part")
            for j in range(13, len(taken[s])):
                if own[s][j] != taken[s][j]:
                    line = [e[3] for e in draws if e[1] == s][j - 13]
                    return own, Mismatch("wall", line, f"seat {s} draws {_name(taken[s][j])}, its wall"
                                         f" holds {_name(own[s][j])} there")
        return own, None
    used = [0] * 34
    for t in taken:
        for k in t:
            used[k] += 1
    if max(used) > 4:
        _fifth_tile(game)
    rest = [k for k in range(34) for _ in range(4 - used[k])]
    for s in range(4):
        need = WALL - len(taken[s])
        taken[s] += rest[:need]
        rest = rest[need:]
    return taken, None


def _fifth_tile(game: LoggedGame) -> None:
    """LogError naming the line (in the log's order) where a kind is dealt or drawn a fifth time."""
    used = [0] * 34
    named = [(game.deal_lines[s], s, k) for s in range(4) for k in game.deals[s]]
    named += [(e.line, e.seat, e.tile) for e in game.events if e.kind == "draw"]
    for line, s, k in named:
        used[k] += 1
        if used[k] > 4:
            raise LogError(f"{game.where(line)}: {_name(k)} is dealt or drawn a fifth time (seat {s});"
                           " the tile set has four")


def engine_wall(walls: list[list[int]], dealer: int = 0) -> np.ndarray:
    """The engine's explicit wall: seat ``(dealer + i) % 4``'s part at ``34 i``, front to back."""
    return np.frombuffer(bytes(walls[dealer] + walls[(dealer + 1) % 4] + walls[(dealer + 2) % 4]
                               + walls[(dealer + 3) % 4]), dtype=np.uint8)


def replay_game(game: LoggedGame, rules, game_id: int = 0, faults: bool = False) -> Replayed:
    """Replay ``game`` under ``rules`` (`import_rules`), checking every action and the result.
    ``faults``: a match the judge ended on a bot's error (other than a `judge_rule` one) with its
    settlement, −30 to the bot and +10 to each other player, is replayed up to its last logged
    action and ended there as that bot's fault (outcome 2, `HandStepper.fault`) instead of being a
    ``bot_error`` mismatch."""
    return replay_games([game], rules, game_id, faults)[0]


def replay_games(games, rules, first_id: int = 0, faults: bool = False) -> list[Replayed]:
    """`replay_game` for many games (ids from ``first_id``), the fan lists of all wins checked in
    one call of the evaluator.

    The games are replayed in the core first, all in one call (`fzsim_core.packs.guobiao.logreplay`:
    the decisions of the Python replay's first pass, below, taken the same way); a game the core
    does not end as logged (an action not legal, a claim that lost, a discard the engine made on
    its own, ...) and a game whose end differs from its log are replayed in Python, which finds
    and names what differs. So every game gets what the Python replay alone gives it."""
    games = list(games)
    done: list = [None] * len(games)
    todo, walls, first, kind, seat, tile, lost = [], [], [0], [], [], [], []
    try:
        for j, g in enumerate(games):
            res = g.result
            if res is not None and res.error:
                bad = judge_error(g)
                if faults and bad.category == "bot_error" and res.error_seat in (0, 1, 2, 3) \
                        and tuple(res.scores) == fault_deltas(res.error_seat):
                    w, wrong = seat_walls(g)
                    if wrong is not None:
                        done[j] = Replayed(g, mismatch=wrong)
                    else:                       # replayed to the error, then ended as its fault
                        done[j] = _replay_walls(g, rules, first_id + j, engine_wall(w, g.dealer), True,
                                                fault=res.error_seat)
                else:
                    done[j] = Replayed(g, mismatch=bad)
                continue
            w, bad = seat_walls(g)
            if bad is not None:
                done[j] = Replayed(g, mismatch=bad)
                continue
            if not (_IN_CORE and _encode(g.actions(), kind, seat, tile, lost)):
                # (the games before it first: an error is raised in the games' order)
                batch = (todo, walls, first, kind, seat, tile, lost)
                todo, walls, first, kind, seat, tile, lost = [], [], [0], [], [], [], []
                _replay_core(games, *batch, rules, first_id, done)
                done[j] = _replay_python(g, rules, first_id + j, engine_wall(w, g.dealer))
                continue
            todo.append(j)
            walls.append(engine_wall(w, g.dealer).tobytes())
            first.append(len(kind))
    finally:        # a LogError of a game: the games before it are replayed first (their errors first)
        if todo:
            _replay_core(games, todo, walls, first, kind, seat, tile, lost, rules, first_id, done)
    wins = [r for r in done if r.mismatch is None and r.game.result.scored and _won(r)]
    if wins:
        _check_fans(wins)
    return done


#: False: every game replayed in Python only (the tests compare the two)
_IN_CORE = True
_KIND_CODE = {"play": 0, "angang": 1, "bugang": 2, "hu": 3, "peng": 4, "gang": 5, "chi": 6}   # logreplay's
_LOST_CLAIMS = ("peng", "gang", "chi")


def _encode(actions, kind, seat, tile, lost) -> bool:
    """Append the logged actions but draws to the arrays `replay_logged` reads; False (nothing
    appended) for an action it does not know."""
    n = len(kind)
    code = _KIND_CODE
    for k, s, t, _, ign in actions:
        if k == "draw":
            continue
        c = code.get(k)
        if c is None or not 0 <= s <= 3:
            del kind[n:], seat[n:], tile[n:], lost[n:]
            return False
        kind.append(c)
        seat.append(s)
        tile.append(t)
        bits = 0
        for cs, ck, _ in ign:
            if ck == "hu":
                bits |= 1 << cs
            elif ck in _LOST_CLAIMS:
                bits |= 16 << cs
        lost.append(bits)
    return True


def _replay_core(games, todo, walls, first, kind, seat, tile, lost, rules, first_id, done) -> None:
    """Replay the games ``todo`` in the core; those it does not end as logged, and those whose end
    differs from the log, in Python."""
    n = len(todo)
    if not n:
        return
    ids = np.array([first_id + j for j in todo], dtype=np.int64)
    hands = np.array([4 * games[j].wind for j in todo], dtype=np.int16)
    dealers = np.array([games[j].dealer for j in todo], dtype=np.int8)
    wall_arr = np.frombuffer(b"".join(walls), dtype=np.uint8).reshape(n, WALL * 4)
    status, consumed, rows, recs, rec_first = replay_logged(
        rules.core, ids, hands, dealers, wall_arr, np.array(first, dtype=np.int64),
        np.array(kind, dtype=np.int8), np.array(seat, dtype=np.int8), np.array(tile, dtype=np.int8),
        np.array(lost, dtype=np.int64))
    outcome, winner = rows["outcome"].tolist(), rows["winner"].tolist()
    deltas = rows["deltas"].tolist()
    status, consumed, rec_first = status.tolist(), consumed.tolist(), rec_first.tolist()
    rec_kind, rec_value = recs["kind"].tolist(), recs["value"].tolist()
    for b, j in enumerate(todo):
        g = games[j]
        if status[b]:
            done[j] = _replay_python(g, rules, first_id + j, wall_arr[b])
            continue
        a, z = rec_first[b], rec_first[b + 1]
        total = next((rec_value[r] for r in range(a, z) if rec_kind[r] == 0), 0) if outcome[b] == 1 else 0
        bad = _end_mismatch(g, first[b], first[b + 1], kind, seat, consumed[b], outcome[b] == 1, winner[b],
                            total, tuple(deltas[b]))
        if bad is None:
            done[j] = Replayed(g, raw_row=rows[b], raw_records=recs[a:z])
        else:                                   # the careful replay finds the first thing that differs
            done[j] = _replay_walls(g, rules, first_id + j, wall_arr[b], True)


def _won(r: Replayed) -> bool:
    return int(r.raw_row["outcome"]) == 1 if r.raw_row is not None else r.row["outcome"] == 1


def _end_mismatch(game, a: int, z: int, kind, seat, i: int, won: bool, winner: int, total: int, deltas: tuple):
    """Whether the end of a game the core replayed differs from its log (what `_compare` checks,
    on the core's figures; True or None: the Python replay says what differs)."""
    res = game.result
    i += a
    if won and i < z and kind[i] == 3 and seat[i] == winner:
        i += 1                                  # the discard (or robbed kong) the engine gave it
    if i < z:
        return True
    if (res.winner >= 0) != won or (won and res.winner != winner):
        return True
    if not res.scored:
        return None
    if won and total != res.fan_total:
        return True
    if deltas != tuple(res.scores):
        return True
    return None


def _replay_python(game: LoggedGame, rules, game_id: int, wall) -> Replayed:
    """The Python replay of one game on its engine ``wall``: the first pass, and where it does
    not end as logged the careful one."""
    done = _replay_walls(game, rules, game_id, wall, False)
    if done is None or done.mismatch is not None:
        done = _replay_walls(game, rules, game_id, wall, True)
    return done


#: the record columns `record_fans` reads
_FAN_COLUMNS = ("kind", "concealed", "meld_type", "meld_kind", "n_melds", "win_type", "flags", "seat", "game_id",
                "hand", "tile", "gen")


def _check_fans(wins: list[Replayed]) -> None:
    """Re-score every win with the evaluator and compare its fan list with the log's."""
    if all(r.raw_records is not None for r in wins):
        # each game's first win record (a 国标 hand has one win)
        first = np.concatenate([r.raw_records[r.raw_records["kind"] == 0][:1] for r in wins])
        cols = winschema.columns(first)
        recs = {k: cols[k] for k in _FAN_COLUMNS}
    else:
        rows = [r.records["kind"].tolist().index(0) for r in wins]
        recs = {k: np.concatenate([r.records[k][w:w + 1] for r, w in zip(wins, rows)]) for k in _FAN_COLUMNS}
    hands = {"game_id": recs["game_id"], "hand": recs["hand"],
             "dealer": np.array([r.game.dealer for r in wins], dtype=np.int8)}
    _, _, fans = record_fans(hands, recs, mingangang=True)
    for r, counts in zip(wins, fans):
        counted = {f: int(c) for f, c in enumerate(counts) if c}
        res = r.game.result
        if counted != res.fans:
            r.drop(Mismatch("fans", res.line, f"the log has {res.fan_total} fans {_fan_text(res.fans)}, the"
                            f" engine {res.fan_total} {_fan_text(counted)}"))


def judge_error(game: LoggedGame) -> Mismatch:
    """A match the judge ended on a bot's error: ``judge_rule`` when the answer is a move the
    engine allows and Botzone's judge does not (its main.cpp: a chow, pung or kong of the last
    discard — the wall of the seat after the discarder empty — and a kong on one's own turn when
    one's own wall or the next seat's is empty), else ``bot_error``."""
    res = game.result
    left = [WALL - 13] * 4
    for e in game.events:
        if e.kind == "draw":
            left[e.seat] -= 1
    p, words = res.error_seat, res.error_answer.split()
    head = words[0] if words else ""
    last = game.events[-1] if game.events else None
    said = f"the judge ended the match: {res.error} by seat {p}" + (f" answering {res.error_answer!r}" if words else "")
    said += f" (scores {list(res.scores)}); walls left {left}"
    if last is not None and last.kind == "play" and p != last.seat and head in ("PENG", "CHI", "GANG") \
            and left[(last.seat + 1) % 4] == 0:
        return Mismatch("judge_rule", res.line, said + ": the judge forbids claiming the last discard (the wall of"
                        " the seat after the discarder is empty); the engine allows it")
    if last is not None and last.kind == "draw" and p == last.seat and head in ("GANG", "BUGANG") \
            and (left[p] == 0 or left[(p + 1) % 4] == 0):
        return Mismatch("judge_rule", res.line, said + ": the judge forbids a kong on one's own turn when one's own"
                        " wall or the next seat's is empty; the engine allows it")
    return Mismatch("bot_error", res.line, said)


def _replay_walls(game: LoggedGame, rules, game_id: int, wall, careful: bool, fault: int = -1) -> Replayed | None:
    """One replay on the engine's ``wall``; ``careful``: step the log over the engine's own
    discards at each claim offer (else None when the engine made any); ``fault``: the seat whose
    error the judge ended the match on — at the first decision after the last logged action the
    hand ends as its fault (a ``sequence`` mismatch when the engine ends the hand before)."""
    res = game.result
    st = HandStepper(rules.core, 0, game_id, 4 * game.wind, game.dealer, 0, ("greedy",) * 4, (0, 1, 2, 3),
                     wall, True, False)
    # the logged actions but draws (in the walls), as LogEvents where the replay stops on one
    events = [e for e in game.actions() if e[0] != "draw"]
    n = len(events)
    i = 0
    plays = 0                                   # discards the log and the engine agree on so far
    seen = [0, []]                              # engine events scanned so far, their discards
    while not st.done:
        seat, dec = st.seat, st.decision
        e = events[i] if i < n else None
        if careful and e is not None and e[0] == "play" and not (dec in (_TURN, _AFTER_CLAIM) and e[1] == seat):
            # the engine takes a decision of one legal move itself (a single discard after a claim)
            i, plays = _auto_plays(st, events, i, plays, seen)
            e = events[i] if i < n else None
        if fault >= 0 and e is None:           # the judge ended the match here
            st.fault(fault, fault_deltas(fault))
            return Replayed(game, row=st.row(), records=st.records())
        if dec == _CLAIM:
            claim = None
            if e is not None:
                if e[1] == seat and e[0] in _CLAIM_ACT:
                    claim, taken = e, True
                elif e[4]:
                    lost = [c for c in e[4] if c[0] == seat and c[1] in _CLAIM_ACT]
                    claim, taken = (lost[0] if lost else None), False
            if claim is None:
                st.apply(len(st.legal) - 1)         # pass comes last in a claim offer
                continue
            legal = st.legal
            e = _new(LogEvent, e)
            kind, tile = (claim[0], claim[2]) if taken else (claim[1], claim[2])
            want = _CLAIM_ACT[kind]
            pick = [j for j, (t, k) in enumerate(legal)
                    if t == want and (k == tile - 1 if want == _CHOW else True)]
            if not pick:
                return Replayed(game, mismatch=Mismatch("illegal", e.line, f"seat {seat} {kind} {_name(tile)} is not"
                                                        " legal here; legal: " + ", ".join(map(_action_text, legal))))
            if not taken:
                return Replayed(game, mismatch=Mismatch("claims", e.line, f"seat {seat}'s {kind} {_name(tile)} is"
                                                        f" taken before seat {e.seat}'s {e.kind} in the engine"))
            st.apply(pick[0])
            i += 1
        elif dec == _TURN or dec == _AFTER_CLAIM:
            if e is None:
                return Replayed(game, mismatch=Mismatch("sequence", res.line if res else game.line,
                                                        f"the log ends where seat {seat} is to play"))
            if e[1] != seat or e[0] not in _OWN:
                e = _new(LogEvent, e)
                return Replayed(game, mismatch=Mismatch("sequence", e.line, f"seat {seat} is to play; the log has"
                                                        f" seat {e.seat} {e.kind} {_name(e.tile)}"))
            legal = st.legal
            want = _OWN[e[0]]
            if want == _WIN:
                pick = [j for j, (t, _) in enumerate(legal) if t == _WIN]
            else:
                try:
                    pick = [legal.index((want, e[2]))]
                except ValueError:
                    pick = []
            if not pick:
                e = _new(LogEvent, e)
                return Replayed(game, mismatch=Mismatch("illegal", e.line, f"seat {seat} {e.kind} {_name(e.tile)}"
                                                        f" is not legal here; legal: "
                                                        + ", ".join(map(_action_text, legal))))
            st.apply(pick[0])
            plays += want == _DISCARD
            i += 1
        elif dec == _DISCARD_WIN or dec == _ROB_KONG:
            wins = e is not None and ((e[0] == "hu" and e[1] == seat)
                                      or any(c[0] == seat and c[1] == "hu" for c in e[4]))
            st.apply(0 if wins else len(st.legal) - 1)      # offers are (win, pass)
        else:
            return Replayed(game, mismatch=Mismatch("sequence", e[3] if e else game.line,
                                                    f"the engine asks an unexpected decision {dec}"))
    if not careful and [ev[0] for ev in st.events()].count(_EV_DISCARD) != plays:
        return None                             # the engine discarded on its own
    if fault >= 0:
        return Replayed(game, mismatch=Mismatch("sequence", res.line, f"the engine ends the hand before the"
                                                f" judge's {res.error} by seat {fault}" + (
                                                    "" if i >= n else f" (at the log's {n - i} last actions)")))
    return _compare(game, st, i, events)


def _auto_plays(st, events, i: int, plays: int, seen: list) -> tuple[int, int]:
    """Step the log over the discards the engine made on its own since the last one replayed
    (``seen``: the number of engine events scanned by earlier calls and their discards, so each
    event is looked at once)."""
    ev = st.events()
    discards = seen[1]
    for t, s, k, _ in ev[seen[0]:]:
        if t == _EV_DISCARD:
            discards.append((s, k))
    seen[0] = len(ev)
    while plays < len(discards) and i < len(events) and events[i][0] in ("play", "draw"):
        if events[i][0] == "play":
            if (events[i][1], events[i][2]) != discards[plays]:
                break
            plays += 1
        i += 1
    return i, plays


def _compare(game: LoggedGame, st, i: int, events: list) -> Replayed:
    """The engine's end of the hand against the log's (``events``: the logged actions but draws,
    from ``i`` on those the replay did not reach)."""
    row, recs = st.row(), st.records()
    res = game.result
    won = row["outcome"] == 1
    if won and i < len(events) and events[i][0] == "hu" and events[i][1] == row["winner"]:
        i += 1                                      # the discard (or robbed kong) the engine gave it
    if i < len(events):
        e = _new(LogEvent, events[i])
        what = f"a win by seat {row['winner']}" if won else "a drawn hand"
        return Replayed(game, mismatch=Mismatch("outcome" if e.kind == "hu" else "sequence", e.line,
                                                f"the engine ends the hand with {what}; the log goes on with seat"
                                                f" {e.seat} {e.kind} {_name(e.tile)}"))
    if (res.winner >= 0) != won or (won and res.winner != row["winner"]):
        logged = f"seat {res.winner} wins" if res.winner >= 0 else "a drawn hand (荒庄)"
        engine = f"seat {row['winner']} wins" if won else "a drawn hand"
        return Replayed(game, mismatch=Mismatch("outcome", res.line, f"the log has {logged}, the engine {engine}"))
    if not res.scored:                  # the record names the winner only
        return Replayed(game, row=row, records=recs)
    deltas = tuple(int(row[f"delta_{s}"]) for s in range(4))
    if won:
        total = int(recs["value"][recs["kind"] == 0][0])
        if total != res.fan_total:       # the fan lists are compared for many games at once (_check_fans)
            return Replayed(game, mismatch=Mismatch("fans", res.line, f"the log has {res.fan_total} fans"
                                                    f" {_fan_text(res.fans)}, the engine {total}"))
    if deltas != tuple(res.scores):
        return Replayed(game, mismatch=Mismatch("score", res.score_line or res.line, f"the log scores {list(res.scores)}, the"
                                                f" engine {list(deltas)}"))
    return Replayed(game, row=row, records=recs)


def _fan_text(fans: dict) -> str:
    return "(" + "+".join(f"{FAN_NAMES[f]}*{c}" for f, c in sorted(fans.items())) + ")"
