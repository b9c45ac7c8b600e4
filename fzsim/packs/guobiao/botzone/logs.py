"""Reading Botzone's 国标 game records into `LoggedGame` objects, one game at a time.

Three formats, each plain, gzip-compressed (``.gz``) or inside a ``.zip``; a folder is read file by
file in name order:

* **the text data format** of Botzone's published data sets: ``Match <id>``, ``Wind <0..3>``,
  ``Player <n> Deal <13 tiles>`` (four lines), then ``Player <n> Draw|Play|Chi|Peng|Gang|AnGang|
  BuGang|Hu <tile>`` lines, a claim line possibly followed by ``Ignore Player <n> <Action> <tile>``
  for the claims that lost, and ``Fan <total> <name>*<count>+...`` then ``Score s0 s1 s2 s3``, or
  ``Huang`` then ``Score 0 0 0 0``. Every draw is logged, so each seat's wall is rebuilt from its
  deal and its draws. (``Chi`` names the middle tile of the chow; ``Hu``'s tile is the last
  discard even after a self-draw, so a self-draw's winning tile is read from the draw.)
* **match logs (JSON)**: Botzone's record of one match, ``{"initdata": {"quan", "srand",
  "walltiles"}, "log": [judge output, the bots' responses, judge output, ...]}`` (``logs`` is
  accepted for ``log``; ``initdata`` may be a JSON string). The judge's ``display`` says what
  happened (DEAL, DRAW, PLAY, CHI, PENG, GANG, BUGANG, HU with ``fan``, ``fanCnt`` and ``score``,
  HUANG, or a bot's error), the responses name the claims that lost. A file holds one match, a
  JSON list of matches, or one match per line. A match log of one line is read by
  `_compact_game` (each distinct log entry decoded once), others by `_json_game`.
* **games with a wall per seat** (JSON, one a line): the format the environment
  ``botzone-mahjong-environment`` makes of Botzone's human games (`_wall_game`): each player's
  tiles in the order it took them and its answer to every request; no fans and no scores.

Errors (a truncated game, an unknown action word, a tile that is not a Botzone tile, a wall of the
wrong size) are `LogError`, a ValueError naming the file, the game and the line.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import zipfile
from dataclasses import dataclass, field
from typing import NamedTuple

from fzsim.packs.guobiao.botzone.names import FAN_IDS, TILE_KINDS, tile_kind

__all__ = ["LoggedGame", "LogEvent", "LoggedResult", "LogError", "read_games", "source_files", "CLAIMS"]

#: the actions of a game record, by the text format's words
ACTIONS = {"Draw": "draw", "Play": "play", "Chi": "chi", "Peng": "peng", "Gang": "gang", "AnGang": "angang",
           "BuGang": "bugang", "Hu": "hu"}
#: the actions that claim a discard (or rob a kong)
CLAIMS = ("chi", "peng", "gang", "hu")


_new = tuple.__new__         # a LogEvent without NamedTuple's Python-level __new__ (the hot path)


class LogError(ValueError):
    """A game record that cannot be read: the message names the file, the game and the line."""


class LogEvent(NamedTuple):
    """One logged action: ``kind`` (draw, play, chi, peng, gang, angang, bugang, hu), the seat,
    the tile (a kind; a chow's middle tile; -1 when the log names none), its line (text) or log
    entry (JSON), and the claims of other seats that lost to it: ``(seat, kind, tile)``."""

    kind: str
    seat: int
    tile: int
    line: int
    ignored: tuple = ()


@dataclass(frozen=True)
class LoggedResult:
    """How the game ended: ``winner`` (-1 for 荒庄 or a bot's error), the fan total and the fans
    ``{fan id: count}`` as logged, the four scores, and ``error`` (a bot's error code, JSON logs)."""

    winner: int
    fan_total: int
    fans: dict
    scores: tuple
    line: int                       # the Fan / Huang line (JSON: the final display's entry)
    error: str = ""
    score_line: int = 0             # the Score line (text format)
    error_seat: int = -1            # the bot the judge penalised (JSON logs)
    error_answer: str = ""          # and its answer
    scored: bool = True             # False: the record names the winner only (no fans, no scores)


@dataclass
class LoggedGame:
    """One game as logged. ``deals[s]``: seat s's 13 dealt kinds; ``events`` in order; ``wall``:
    Botzone's 136 tiles in its order when the record has them (JSON), else None."""

    source: str
    index: int                      # the game's position in its file (0-based)
    match: str                      # Botzone's match id ("" when the record has none)
    line: int                       # where the game starts (line or log entry)
    wind: int = -1
    deals: list = field(default_factory=lambda: [[], [], [], []])
    deal_lines: list = field(default_factory=lambda: [0, 0, 0, 0])
    _events: list = field(default_factory=list, repr=False)   # `events`: LogEvents made when asked
    result: LoggedResult | None = None
    wall: list | None = None
    json: bool = False              # a JSON match log: its events are numbered by log entry
    dealer: int = 0                 # the seat that plays first (Botzone's match logs: always 0)
    entry: str = "log entry"        # what a JSON record's events are numbered by
    #: ``_events`` holds plain tuples (the text reader: a LogEvent each is made only when asked)
    _plain: bool = field(default=False, init=False, repr=False, compare=False)

    @property
    def events(self) -> list:
        """The logged actions in order, as `LogEvent`."""
        if self._plain:
            self._events = [e if type(e) is LogEvent else _new(LogEvent, e) for e in self._events]
            self._plain = False
        return self._events

    @events.setter
    def events(self, value) -> None:
        self._events = list(value)
        self._plain = False

    def actions(self) -> list:
        """The logged actions as ``(kind, seat, tile, line, ignored)`` tuples (`LogEvent` or plain
        tuples: index them), without making a LogEvent of each (the replay's hot path)."""
        return self._events

    def where(self, line: int | None = None) -> str:
        """The game (and one of its lines, or log entries) as errors and mismatches name it."""
        name = f"match {self.match}" if self.match else f"game {self.index + 1}"
        if line is not None and self.json:
            return f"{self.source}: {name} (line {self.line}), {self.entry} {line}"
        return f"{self.source}: {name}" + (f", line {line}" if line else f" (line {self.line})")


# ---- the sources -------------------------------------------------------------------------------

def source_files(paths) -> list[str]:
    """The files to read, in order: each path as given, a folder's files (recursively) by name."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    out = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            for dirpath, dirnames, files in os.walk(p):
                dirnames.sort()
                out += [os.path.join(dirpath, f) for f in sorted(files) if not f.startswith(".")]
        elif os.path.exists(p):
            out.append(p)
        else:
            raise FileNotFoundError(2, "no such file or folder", p)
    if not out:
        raise ValueError(f"no files to read in {', '.join(map(os.fspath, paths))}")
    return out


def _members(path: str):
    """(name, binary stream) of each record file in ``path`` (a zip's members in name order)."""
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as z:
            for info in sorted(z.infolist(), key=lambda i: i.filename):
                if not info.is_dir() and not os.path.basename(info.filename).startswith("."):
                    with z.open(info) as f:
                        yield f"{path}:{info.filename}", _maybe_gunzip(f, info.filename)
        return
    with open(path, "rb") as f:
        yield path, _maybe_gunzip(f, path)


def _maybe_gunzip(f, name: str):
    return gzip.GzipFile(fileobj=f) if name.endswith(".gz") else f


def read_games(paths):
    """Every game of the files, folders and zips in ``paths``, in order, one at a time."""
    for path in source_files(paths):
        for name, raw in _members(path):
            text = io.TextIOWrapper(raw, encoding="utf-8-sig", errors="strict")
            try:
                first = _first_char(text)
                if first in "{[":
                    yield from _json_games(name, text)
                elif first:
                    yield from _text_games(name, text)
            except UnicodeDecodeError as exc:
                raise LogError(f"{name}: not UTF-8 text ({exc.reason})") from None
            except (OSError, EOFError, zipfile.BadZipFile, gzip.BadGzipFile) as exc:
                raise LogError(f"{name}: cannot be read ({exc})") from None


def _first_char(text) -> str:
    while True:
        c = text.read(1)
        if not c or not c.isspace():
            text.seek(0) if text.seekable() else None
            return c


# ---- the text data format ---------------------------------------------------------------------

def _text_games(name: str, text):
    game = None
    index = 0
    events = None
    common = _common_lines()
    for no, line in enumerate(text, 1):
        hit = common.get(line)              # most lines are "Player n Action Tile": one lookup
        if hit is not None and game is not None:
            events.append((hit[0], hit[1], hit[2], no, ()))
            continue
        words = line.split()
        if not words:
            continue
        if game is None:
            if words[0] != "Match":
                raise LogError(f"{name}, line {no}: expected 'Match <id>' to start a game, got {' '.join(words)!r}")
            game = LoggedGame(name, index, words[1] if len(words) > 1 else "", no)
            game._plain = True
            events = game._events
            index += 1
            continue
        if words[0] == "Match":
            raise LogError(f"{game.where(no)}: the game is truncated (a new Match starts before its Score line)")
        if _text_line(game, no, words):
            yield game
            game = None
    if game is not None:
        raise LogError(f"{game.where()}: the game is truncated (the file ends before its Score line)")


_COMMON: dict = {}


def _common_lines() -> dict:
    """Every ``Player n Action Tile`` line (with and without its newline) -> (kind, seat, tile)."""
    if not _COMMON:
        for seat in range(4):
            for word, kind in ACTIONS.items():
                for tile, k in TILE_KINDS.items():
                    text = f"Player {seat} {word} {tile}"
                    _COMMON[text] = _COMMON[text + "\n"] = (kind, seat, k)
    return _COMMON


def _seat(game, no, word) -> int:
    if word not in ("0", "1", "2", "3"):
        raise LogError(f"{game.where(no)}: player {word!r} is not a seat 0..3")
    return int(word)


def _tile(game, no, word) -> int:
    try:
        return tile_kind(word)
    except ValueError as exc:
        raise LogError(f"{game.where(no)}: {exc}") from None


def _text_line(game: LoggedGame, no: int, words: list[str]) -> bool:
    """Read one line into ``game``; True at the game's last line (Score)."""
    head = words[0]
    if head == "Wind":
        if len(words) != 2 or words[1] not in ("0", "1", "2", "3"):
            raise LogError(f"{game.where(no)}: 'Wind' must give the round wind 0..3, got {' '.join(words)!r}")
        game.wind = int(words[1])
    elif head == "Player":
        if len(words) < 3:
            raise LogError(f"{game.where(no)}: {' '.join(words)!r} names no action")
        seat = _seat(game, no, words[1])
        action = words[2]
        if action == "Deal":
            if len(words) != 16:
                raise LogError(f"{game.where(no)}: seat {seat} is dealt {len(words) - 3} tiles, a deal is 13")
            try:
                game.deals[seat] = [TILE_KINDS[w] for w in words[3:]]
            except KeyError:
                game.deals[seat] = [_tile(game, no, w) for w in words[3:]]      # names the bad tile
            game.deal_lines[seat] = no
        elif action in ACTIONS:
            cut = words.index("Ignore") if "Ignore" in words else len(words)
            main = words[:cut]
            if len(main) != 4:
                raise LogError(f"{game.where(no)}: {' '.join(main)!r} must name one tile")
            ignored = tuple(_ignored(game, no, words[i:i + 5]) for i in range(cut, len(words), 5))
            game._events.append((ACTIONS[action], seat, _tile(game, no, main[3]), no, ignored))
        else:
            raise LogError(f"{game.where(no)}: unknown action {action!r}: allowed Deal, {', '.join(ACTIONS)}")
    elif head == "Fan":
        if len(words) < 2 or not words[1].lstrip("-").isdigit():
            raise LogError(f"{game.where(no)}: 'Fan' must give the fan total, got {' '.join(words)!r}")
        game.result = LoggedResult(_winner(game, no), int(words[1]),
                                   _fans(game, no, words[2] if len(words) > 2 else ""), (), no)
    elif head == "Huang":
        game.result = LoggedResult(-1, 0, {}, (), no)
    elif head == "Score":
        if len(words) != 5 or not all(w.lstrip("-").isdigit() for w in words[1:]):
            raise LogError(f"{game.where(no)}: 'Score' must give four integers, got {' '.join(words)!r}")
        if game.result is None:
            raise LogError(f"{game.where(no)}: a Score line without a Fan or Huang line before it")
        game.result = LoggedResult(game.result.winner, game.result.fan_total, game.result.fans,
                                   tuple(int(w) for w in words[1:]), game.result.line, score_line=no)
        if game.wind < 0:
            raise LogError(f"{game.where()}: the game has no Wind line")
        return True
    else:
        raise LogError(f"{game.where(no)}: unknown line {' '.join(words)!r}: allowed Match, Wind, Player,"
                       " Fan, Huang, Score")
    return False


def _ignored(game, no, words) -> tuple:
    if len(words) != 5 or words[0] != "Ignore" or words[1] != "Player":
        raise LogError(f"{game.where(no)}: {' '.join(words)!r} is not 'Ignore Player <n> <Action> <tile>'")
    action = words[3].capitalize()
    kind = ACTIONS.get(action) if action != "Angang" else None
    if kind not in CLAIMS:
        raise LogError(f"{game.where(no)}: unknown claim {words[3]!r} after Ignore: allowed Chi, Peng, Gang, Hu")
    return (_seat(game, no, words[2]), kind, _tile(game, no, words[4]))


def _winner(game, no) -> int:
    for e in reversed(game.actions()):
        if e[0] == "hu":
            return e[1]
    raise LogError(f"{game.where(no)}: a Fan line but no player won (no Hu line)")


def _fans(game, no, text: str) -> dict:
    fans = {}
    for part in filter(None, text.split("+")):
        name, star, count = part.partition("*")
        if name not in FAN_IDS or (star and not count.isdigit()):
            raise LogError(f"{game.where(no)}: {part!r} is not a fan (name*count) of 国标")
        fans[FAN_IDS[name]] = fans.get(FAN_IDS[name], 0) + (int(count) if star else 1)
    return fans


# ---- match logs (JSON) --------------------------------------------------------------------------

def _json_games(name: str, text):
    """One match, a list of matches, or one match per line (read line by line: constant memory)."""
    first = text.readline()
    game = _compact_game(name, 0, 1, first)
    if game is None:
        try:
            doc = json.loads(first)
        except json.JSONDecodeError:
            doc = None
    if game is not None or isinstance(doc, dict):
        index = 0
        yield game if game is not None else _json_game(name, index, 1, doc)
        for no, line in enumerate(text, 2):
            if line.strip():
                index += 1
                game = _compact_game(name, index, no, line)
                if game is not None:
                    yield game
                    continue
                try:
                    doc = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise LogError(f"{name}, line {no}: not a JSON match log ({exc.msg}, column {exc.colno})") from None
                yield _json_game(name, index, no, doc)
        return
    try:
        docs = json.loads(first + text.read())
    except json.JSONDecodeError as exc:
        raise LogError(f"{name}, line {exc.lineno}: not a JSON match log ({exc.msg}, column {exc.colno})") from None
    for index, doc in enumerate(docs if isinstance(docs, list) else [docs]):
        yield _json_game(name, index, 0, doc)


def _json_game(name, index, no, doc) -> LoggedGame:
    if not isinstance(doc, dict):
        raise LogError(f"{name}: match {index + 1} is not a JSON object")
    if "actions" in doc and "tiles" in doc:
        return _wall_game(name, index, no, doc)
    game = LoggedGame(name, index, str(doc.get("_id", doc.get("id", ""))), no, json=True)
    init = doc.get("initdata") or {}
    log = doc.get("log", doc.get("logs"))
    _json_init(game, init, log)
    last_display = None
    last_responses = {}
    for entry_no, entry in enumerate(log):
        if not isinstance(entry, dict):
            raise LogError(f"{game.where(entry_no)}: log entry {entry_no} is not an object")
        out = entry.get("output")
        if out is None:                 # the bots' responses to the previous request
            _json_responses(game, entry_no, entry, last_display)
            last_responses = entry
            continue
        if out and not isinstance(out, dict):
            raise LogError(f"{game.where(entry_no)}: the output of log entry {entry_no} is not an object")
        display = (out or {}).get("display") or {}
        if not isinstance(display, dict):
            raise LogError(f"{game.where(entry_no)}: the display of log entry {entry_no} is not an object")
        if display.get("action") == "DEAL" and "hand" not in display:    # the requests carry the deal too
            display = dict(display, hand=_dealt_from_requests(out.get("content")))
        last_display = _json_display(game, entry_no, display, last_display)
        if game.result is not None and game.result.error:     # what the penalised bot answered
            r = last_responses.get(str(game.result.error_seat))
            answer = str(r.get("response", r.get("raw", ""))) if isinstance(r, dict) else ""
            game.result = LoggedResult(-1, 0, {}, game.result.scores, game.result.line, game.result.error,
                                       error_seat=game.result.error_seat, error_answer=answer)
    game.events = _fold_claims(game.events)
    if game.result is None:
        raise LogError(f"{game.where()}: the match log is truncated (no HU, HUANG or final error)")
    if game.wind not in (0, 1, 2, 3):
        raise LogError(f"{game.where()}: the round wind (initdata.quan or the INIT display) is missing")
    return game


def _json_init(game, init, log) -> None:
    """``initdata`` (an object or a JSON string): the wall and the round wind; and the log's check."""
    if isinstance(init, str):
        try:
            init = json.loads(init) if init.strip() else {}
        except json.JSONDecodeError:
            raise LogError(f"{game.where()}: initdata is not JSON") from None
    if not isinstance(log, list):
        raise LogError(f"{game.where()}: no 'log' list of judge outputs and responses")
    if isinstance(init, dict) and isinstance(init.get("walltiles"), str) and init["walltiles"].strip():
        words = init["walltiles"].split()
        if len(words) != 136:
            raise LogError(f"{game.where()}: initdata.walltiles has {len(words)} tiles, Botzone's wall is 136")
        try:
            game.wall = [TILE_KINDS[w] for w in words]
        except KeyError:
            game.wall = [_tile(game, 0, w) for w in words]      # names the first bad tile
    if isinstance(init, dict) and isinstance(init.get("quan"), int):
        game.wind = init["quan"]


def _json_display(game, no, d, last):
    action = d.get("action")
    player = d.get("player")
    tile = d.get("tile")
    if action == "INIT":
        if d.get("quan") in (0, 1, 2, 3):
            game.wind = d["quan"]
    elif action == "DEAL":
        hands = d.get("hand")
        if not isinstance(hands, list) or len(hands) != 4:
            raise LogError(f"{game.where(no)}: the DEAL display has no four hands")
        for s, hand in enumerate(hands):
            if not isinstance(hand, list) or len(hand) != 13:
                raise LogError(f"{game.where(no)}: seat {s} is dealt {len(hand or [])} tiles, a deal is 13")
            try:
                game.deals[s] = [TILE_KINDS[t] for t in hand]
            except (KeyError, TypeError):
                game.deals[s] = [_tile(game, no, t) for t in hand]      # names the first bad tile
            game.deal_lines[s] = no
    elif action in ("DRAW", "PLAY", "BUGANG"):
        game.events.append(LogEvent(action.lower(), _json_seat(game, no, player), _tile(game, no, tile), no))
    elif action in ("PENG", "CHI"):
        seat = _json_seat(game, no, player)
        claimed = _last_discard(game, no)
        if action == "PENG":
            game.events.append(LogEvent("peng", seat, claimed, no))
        else:
            game.events.append(LogEvent("chi", seat, _tile(game, no, d.get("tileCHI")), no))
        game.events.append(LogEvent("play", seat, _tile(game, no, tile), no))
    elif action == "GANG":
        seat = _json_seat(game, no, player)
        own = last is not None and last.get("action") == "DRAW" and last.get("player") == seat
        game.events.append(LogEvent("angang" if own else "gang", seat, _tile(game, no, tile), no))
    elif action == "HU":
        seat = _json_seat(game, no, player)
        game.events.append(LogEvent("hu", seat, -1, no))
        game.result = _hu_result(game, no, d, seat)
    elif action == "HUANG":
        game.result = LoggedResult(-1, 0, {}, (0, 0, 0, 0), no)
    elif action in ("BUHUA",):
        raise LogError(f"{game.where(no)}: a flower (BUHUA): Botzone's 国标 of 136 tiles has none")
    elif isinstance(action, str) and "score" in d:   # the judge ended the match on a bot's error
        game.result = LoggedResult(-1, 0, {}, _scores(game, no, d), no, error=str(action),
                                   error_seat=player if player in (0, 1, 2, 3) else -1)
    elif action is not None:
        raise LogError(f"{game.where(no)}: unknown judge action {action!r}: allowed INIT, DEAL, DRAW, PLAY,"
                       " CHI, PENG, GANG, BUGANG, HU, HUANG or a bot error with a score")
    return d if action is not None else last


def _hu_result(game, no, d, seat) -> LoggedResult:
    """The result a HU display logs: its winner, fan total, fans and scores."""
    fans = {}
    for f in d.get("fan") or []:
        name = f.get("name") if isinstance(f, dict) else None
        if name not in FAN_IDS:
            raise LogError(f"{game.where(no)}: {name!r} is not a fan of 国标")
        fans[FAN_IDS[name]] = fans.get(FAN_IDS[name], 0) + int(f.get("cnt", 1))
    return LoggedResult(seat, int(d.get("fanCnt", 0)), fans, _scores(game, no, d), no)


def _dealt_from_requests(content):
    """The four hands of the deal requests ``1 f0 f1 f2 f3 <13 tiles>`` (None if they are not that)."""
    try:
        return [str(content[str(p)]).split()[5:18] for p in range(4)]
    except (KeyError, TypeError):
        return None


def _scores(game, no, d) -> tuple:
    s = d.get("score")
    if not isinstance(s, list) or len(s) != 4 or not all(isinstance(x, int) for x in s):
        raise LogError(f"{game.where(no)}: the final display's score must be four integers, got {s!r}")
    return tuple(s)


def _json_seat(game, no, player) -> int:
    if player not in (0, 1, 2, 3):
        raise LogError(f"{game.where(no)}: player {player!r} is not a seat 0..3")
    return player


def _last_discard(game, no) -> int:
    for e in reversed(game.events):
        if e.kind == "play":
            return e.tile
    raise LogError(f"{game.where(no)}: a claim before any discard")


_RESPONSE_CLAIMS = {"HU": "hu", "PENG": "peng", "GANG": "gang", "CHI": "chi"}


def _json_responses(game, no, entry, last):
    """Claims that lost: responses to a discard (or to an added kong) other than the one taken."""
    if last is None or last.get("action") not in ("PLAY", "PENG", "CHI", "BUGANG") or not game.events:
        return
    claims = [(seat, kind, game.events[-1].tile if word is None else _tile(game, no, word))
              for seat, kind, word in _response_claims(entry)]
    # the responses come before the judge's next display: attach them when it is read
    game.events.append(LogEvent("_claims", -1, -1, no, tuple(claims)))


def _fold_claims(events: list) -> list:
    """Attach each set of responses to the claim that was taken after it (as its ``ignored``)."""
    out = []
    pending = ()
    for e in events:
        if e.kind == "_claims":
            pending = e.ignored
            continue
        if e.kind in CLAIMS and pending:
            e = LogEvent(e.kind, e.seat, e.tile, e.line, tuple(c for c in pending if c[0] != e.seat))
        pending = ()                    # the responses belong to the event right after them
        out.append(e)
    return out


# ---- match logs of one line, read without decoding every entry --------------------------------
#
# A match log on one line, ``{... "log":[entry,entry,...]}`` with the log last, is cut into its
# head and its entries at the text ``},{`` (pieces that are not whole JSON values are joined with
# the next until they are: a fan list holds ``},{`` too). Each piece is decoded by `json.loads`
# once per distinct text and remembered, with what it adds to a game (a game's draws, discards and
# responses repeat across games). The pieces decoding is what makes this the decoding of the whole
# line: text ``[p1,p2,...]`` whose pieces are JSON values is the array of those values (JSON's
# grammar has one parse), and the head is decoded with the log's place held by a placeholder. The
# game built from them is then the one `_json_game` builds from `json.loads` of the whole line;
# a line that does not cut so (another layout, a piece that is no value) is read by `_json_game`.

_SEATS = (0, 1, 2, 3)
_MOVES = {"DRAW": "draw", "PLAY": "play", "BUGANG": "bugang"}
_CLAIMED_AFTER = ("PLAY", "PENG", "CHI", "BUGANG")       # the displays whose responses may claim
_ENTRIES: dict = {}         # an entry's inner text -> `_decoded_entry` of it
_MEMO_LIMIT = 20_000            # entries remembered at most, then forgotten at once (about 1.4 kB each)
_NO_VALUE = object()
_ODD = object()             # an entry `_json_game` reads (and refuses) itself


def _display_step(d):
    """What a decoded display adds, when it is a plain move: ("move", kind, seat, tile), ("peng",
    seat, tile after), ("chi", seat, chow tile, tile after), ("gang", seat, tile), ("hu", seat);
    else None (read by `_json_display`)."""
    action, player = d.get("action"), d.get("player")
    if type(player) is not int or player not in _SEATS:
        return None
    if action == "HU":
        return ("hu", player)
    tile = TILE_KINDS.get(d.get("tile")) if isinstance(d.get("tile"), str) else None
    if tile is None:
        return None
    if action in _MOVES:
        return ("move", _MOVES[action], player, tile)
    if action == "PENG":
        return ("peng", player, tile)
    if action == "CHI":
        chi = TILE_KINDS.get(d.get("tileCHI")) if isinstance(d.get("tileCHI"), str) else None
        return None if chi is None else ("chi", player, chi, tile)
    if action == "GANG":
        return ("gang", player, tile)
    return None


def _response_claims(entry) -> tuple:
    """The claims in a decoded set of responses, as `_json_responses` reads them: (seat, kind, the
    word naming a chow's tile or None)."""
    claims = []
    for key, r in entry.items():
        if key not in ("0", "1", "2", "3") or not isinstance(r, dict):
            continue
        words = str(r.get("response", r.get("raw", "PASS")) or "PASS").split()
        kind = _RESPONSE_CLAIMS.get(words[0]) if words else None
        if kind is not None:
            claims.append((int(key), kind, words[1] if kind == "chi" and len(words) >= 2 else None))
    return tuple(claims)


def _decoded_entry(text: str):
    """What one log entry's text is: (the decoded entry, its display — None for the bots'
    responses, _ODD for an entry `_json_game` must read —, the display's `_display_step`, whether
    responses after it may claim, the responses' claims); _NO_VALUE when it is no JSON value."""
    try:
        entry = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return _NO_VALUE
    if not isinstance(entry, dict):
        return entry, _ODD, None, False, ()
    out = entry.get("output")
    if out is None:
        return entry, None, None, False, _response_claims(entry)
    if out and not isinstance(out, dict):
        return entry, _ODD, None, False, ()
    display = (out or {}).get("display") or {}
    if not isinstance(display, dict):
        return entry, _ODD, None, False, ()
    step = _display_step(display)
    # the entry itself is kept only where a deal's requests may be read (the memo stays small)
    return (None if step is not None else entry), display, step, display.get("action") in _CLAIMED_AFTER, ()


def _log_entries(body: str):
    """The entries of the log array's inner text ``body`` as `_decoded_entry` gives them, or None
    when the text does not cut into JSON values."""
    memo = _ENTRIES
    pieces = body.split("},{")
    last = len(pieces) - 1
    if pieces[0][:1] != "{":
        return None
    pieces[0] = pieces[0][1:]               # every piece an entry's inner text (the last: with its "}")
    hits = list(map(memo.get, pieces))      # an inner entry's text (without its braces) -> its entry
    hits[last] = None                       # the last piece keeps its brace
    i = 0
    while True:
        try:
            i = hits.index(None, i)
        except ValueError:
            return hits
        key = pieces[i]
        j = i
        while True:
            text = "{" + key + ("" if j == last else "}")
            # (a text whose brackets do not pair is no value: joined with the next piece at once;
            # only a value decoded is taken, so this is only quicker)
            if text.count("{") == text.count("}") and text.count("[") == text.count("]"):
                hit = _decoded_entry(text)
                if hit is not _NO_VALUE:
                    break
            j += 1
            if j > last:
                return None
            key = key + "},{" + pieces[j]
        if j < last and len(key) < 400:         # deals and wins are each game's own
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = hit
        hits[i:j + 1] = [hit]
        pieces[i:j + 1] = [key]
        last -= j - i
        i += 1


def _compact_game(name, index, no, line) -> LoggedGame | None:
    """The game of one line holding a match log with its log last (see above), or None."""
    end = line.rstrip(" \t\r\n")
    at = line.find('"log":[')
    if at < 0 or not end.endswith("]}"):
        return None
    try:
        doc = json.loads(line[:at] + '"log":0}')
    except (json.JSONDecodeError, RecursionError):
        return None
    body = end[at + 7:-2]
    if not isinstance(doc, dict) or not body or ("actions" in doc and "tiles" in doc):
        return None
    entries = _log_entries(body)
    if entries is None:
        return None
    for e in entries:
        if e[1] is _ODD:
            return _json_game(name, index, no, json.loads(line))
    game = LoggedGame(name, index, str(doc.get("_id", doc.get("id", ""))), no, json=True)
    _json_init(game, doc.get("initdata") or {}, entries)
    # the events as plain tuples (GC-untracked, as the text reader keeps them): `events` makes
    # LogEvents of them when asked; `_json_display` asks, so `events` is fetched again after it
    game._plain = True
    events = game._events
    append = events.append
    last = None                                 # the last display read
    claimable = False                           # its responses may claim
    last_responses = {}
    pending = ()                                # claims that lost, for the next event (`_fold_claims`)
    after_claims = False                        # `_json_game`'s events would end with its "_claims"
    errored = False                             # the result is a bot's error
    for entry_no, (entry, d, step, may_claim, claims) in enumerate(entries):
        if d is None:                           # the bots' responses
            last_responses = entry
            if not claimable or not (events or after_claims):
                continue
            if claims:
                lost = []
                for seat, kind, word in claims:
                    if word is None:
                        tile = -1 if after_claims else events[-1][2]
                    else:
                        tile = TILE_KINDS[word] if word in TILE_KINDS else _tile(game, entry_no, word)
                    lost.append((seat, kind, tile))
                pending = tuple(lost)
            else:
                pending = ()
            after_claims = True
            continue
        n_before = len(events)
        if step is not None:
            what = step[0]
            if what == "move":
                append((step[1], step[2], step[3], entry_no, ()))
            elif what == "gang":
                seat = step[1]
                own = last is not None and last.get("action") == "DRAW" and last.get("player") == seat
                append(("angang" if own else "gang", seat, step[2], entry_no, ()))
            elif what == "hu":
                append(("hu", step[1], -1, entry_no, ()))
                game.result = _hu_result(game, entry_no, d, step[1])
            else:
                seat = step[1]
                if what == "peng":
                    for e in reversed(events):          # `_last_discard`
                        if e[0] == "play":
                            append(("peng", seat, e[2], entry_no, ()))
                            break
                    else:
                        raise LogError(f"{game.where(entry_no)}: a claim before any discard")
                else:
                    append(("chi", seat, step[2], entry_no, ()))
                append(("play", seat, step[-1], entry_no, ()))
            last, claimable = d, may_claim
            if pending:                         # the claims that lost go with the first new event
                e = events[n_before]
                if e[0] in CLAIMS:
                    events[n_before] = (e[0], e[1], e[2], e[3], tuple(c for c in pending if c[0] != e[1]))
                pending = ()
            after_claims = False
            if what != "hu" and not errored:
                continue
        else:
            if d.get("action") == "DEAL" and "hand" not in d:
                d = dict(d, hand=_dealt_from_requests(entry["output"].get("content")))
            last = _json_display(game, entry_no, d, last)
            game._plain = True
            events = game._events
            append = events.append
            claimable = last is not None and last.get("action") in _CLAIMED_AFTER
            if len(events) > n_before:
                if pending:                     # the claims that lost go with the first new event
                    e = events[n_before]
                    if e[0] in CLAIMS:
                        events[n_before] = (e[0], e[1], e[2], e[3], tuple(c for c in pending if c[0] != e[1]))
                pending, after_claims = (), False
        errored = game.result is not None and bool(game.result.error)
        if errored:                             # what the penalised bot answered
            r = last_responses.get(str(game.result.error_seat))
            answer = str(r.get("response", r.get("raw", ""))) if isinstance(r, dict) else ""
            game.result = LoggedResult(-1, 0, {}, game.result.scores, game.result.line, game.result.error,
                                       error_seat=game.result.error_seat, error_answer=answer)
    if game.result is None:
        raise LogError(f"{game.where()}: the match log is truncated (no HU, HUANG or final error)")
    if game.wind not in (0, 1, 2, 3):
        raise LogError(f"{game.where()}: the round wind (initdata.quan or the INIT display) is missing")
    return game


# ---- games with a wall per seat and a column of actions per request ---------------------------
#
# The format of the data the open-source environment ``botzone-mahjong-environment`` (ccr-cheng,
# MIT) makes of Botzone's human games: one JSON object a line, ``round_wind`` 0..3,
# ``first_player`` (the seat that plays first: the dealer; seat winds are the players' numbers in
# that environment, the dealer's in fzsim), ``tiles``: per player its 34 tiles in the order it
# takes them (its deal, 14 for the first player, then its draws; "" where it drew no more) and
# ``actions``: per player one answer to each request, ``[0]`` pass, ``[2, T]`` play, ``[3, "M T"]``
# chow with middle tile M then play T, ``[4, T]`` pung then play T, ``[5]`` kong of the discard,
# ``[5, T]`` concealed kong, ``[6]`` or ``[6, T]`` added kong, ``[7]`` win. A request nobody acts on
# is a draw (of the seat whose turn it is); at most one player acts on any other. The record has
# no fans and no scores: only the winner (or a drawn hand) is compared.

_WALL_ACTIONS = {0: "pass", 2: "play", 3: "chi", 4: "peng", 5: "gang", 6: "bugang", 7: "hu"}


def _wall_game(name, index, no, doc) -> LoggedGame:
    game = LoggedGame(name, index, str(doc.get("id", "")), no, json=True, entry="action column")
    wind, first = doc.get("round_wind"), doc.get("first_player")
    if wind not in (0, 1, 2, 3) or isinstance(wind, bool):
        raise LogError(f"{game.where()}: round_wind must be 0..3, got {wind!r}")
    if first not in (0, 1, 2, 3) or isinstance(first, bool):
        raise LogError(f"{game.where()}: first_player must be a seat 0..3, got {first!r}")
    game.wind, game.dealer = wind, first
    walls, actions = doc["tiles"], doc["actions"]
    if not isinstance(walls, list) or len(walls) != 4 or not all(isinstance(w, list) for w in walls):
        raise LogError(f"{game.where()}: 'tiles' must be four lists of tiles, one per player")
    if not isinstance(actions, list) or len(actions) != 4 or not all(isinstance(a, list) for a in actions):
        raise LogError(f"{game.where()}: 'actions' must be four lists of answers, one per player")
    if len({len(a) for a in actions}) != 1:
        raise LogError(f"{game.where()}: the players answer {[len(a) for a in actions]} requests; each answers"
                       " every request")
    taken = []
    for s in range(4):
        if len(walls[s]) != 34:
            raise LogError(f"{game.where()}: player {s}'s wall has {len(walls[s])} places, a seat's wall on"
                           " Botzone is 34 (136 / 4)")
        own = [w for w in walls[s] if w != ""]
        if any(w == "" for w in walls[s][:len(own)]):
            raise LogError(f"{game.where()}: player {s}'s wall has a gap before its last tile")
        dealt = 14 if s == first else 13
        if len(own) < dealt:
            raise LogError(f"{game.where()}: player {s} is dealt {len(own)} tiles, a deal is {dealt}")
        taken.append([_tile(game, None, w) for w in own])
        game.deals[s] = taken[s][:13]
        game.deal_lines[s] = no
    events = game._events
    nxt = [13] * 4                          # each seat's next tile in `taken`
    drawer, last_play = first, -1
    events.append(LogEvent("draw", first, taken[first][13], 0))    # the dealer's 14th tile
    nxt[first] = 14
    for col, answers in enumerate(zip(*actions)):
        acting = []
        for s, a in enumerate(answers):
            code = a[0] if isinstance(a, list) and a else None
            if code not in _WALL_ACTIONS or isinstance(code, bool) or len(a) > 2:
                raise LogError(f"{game.where(col)}: player {s} answers {a!r}: allowed [0] pass, [2, T] play,"
                               " [3, 'M T'] chow, [4, T] pung, [5] or [5, T] kong, [6] added kong, [7] win")
            if code:
                acting.append((s, code, a[1] if len(a) == 2 else None))
        if game.result is not None:
            raise LogError(f"{game.where(col)}: the game goes on after player {game.result.winner} won")
        if not acting:                      # a draw by the seat whose turn it is
            if nxt[drawer] >= len(taken[drawer]):
                raise LogError(f"{game.where(col)}: player {drawer} draws a tile its wall does not list")
            events.append(LogEvent("draw", drawer, taken[drawer][nxt[drawer]], col))
            nxt[drawer] += 1
            continue
        if len(acting) > 1:
            raise LogError(f"{game.where(col)}: players {[a[0] for a in acting]} act on one request; one may")
        s, code, arg = acting[0]
        kind = _WALL_ACTIONS[code]
        if code in (2, 3, 4):
            words = arg.split() if isinstance(arg, str) else []
            if len(words) != (2 if code == 3 else 1):
                raise LogError(f"{game.where(col)}: player {s}'s {kind} must name "
                               + ("the chow's middle tile and the discard" if code == 3 else "one tile")
                               + f", got {arg!r}")
            if code == 3:
                events.append(LogEvent("chi", s, _tile(game, col, words[0]), col))
            elif code == 4:
                events.append(LogEvent("peng", s, _claimed(game, col, last_play), col))
            events.append(LogEvent("play", s, _tile(game, col, words[-1]), col))
            last_play, drawer = len(events) - 1, (s + 1) % 4
        elif code == 5:
            if arg is None:
                events.append(LogEvent("gang", s, _claimed(game, col, last_play), col))
            else:
                events.append(LogEvent("angang", s, _tile(game, col, arg), col))
            drawer = s
        elif code == 6:
            tile = _tile(game, col, arg) if arg is not None else _added_kong(game, col, s)
            events.append(LogEvent("bugang", s, tile, col))
            drawer = s
        else:                               # a win: on the last discard or added kong, or a self-draw
            events.append(LogEvent("hu", s, -1, col))
            game.result = LoggedResult(s, 0, {}, (), col, scored=False)
    if game.result is None:
        if any(nxt[s] < len(taken[s]) for s in range(4)):
            raise LogError(f"{game.where()}: the game is truncated (no win, and tiles its walls list are not drawn)")
        game.result = LoggedResult(-1, 0, {}, (), len(actions[0]), scored=False)
    return game


def _claimed(game, col, last_play) -> int:
    if last_play < 0:
        raise LogError(f"{game.where(col)}: a claim before any discard")
    return game._events[last_play].tile


def _added_kong(game, col, seat) -> int:
    """The pung ``seat`` adds a fourth tile to when the record does not name it: the one whose
    fourth tile it drew last, else its only pung not yet added to."""
    mine = [e for e in game._events if e.seat == seat]
    open_pungs = {e.tile for e in mine if e.kind == "peng"} - {e.tile for e in mine if e.kind == "bugang"}
    for e in reversed(mine):
        if e.kind == "draw" and e.tile in open_pungs:
            return e.tile
    if len(open_pungs) == 1:
        return next(iter(open_pungs))
    raise LogError(f"{game.where(col)}: player {seat} adds a kong without a tile, and holds no pung's fourth tile")
