"""A Botzone bot at fzsim's table: the policy ``botzone:cmd=...`` plays a seat through a subprocess
speaking Botzone's Chinese-Standard-Mahjong protocol.

The spec: ``botzone:cmd=COMMAND[;io=json|simple][;keep=0|1][;time=SECONDS][;game_time=SECONDS]
[;on_error=raise|fault]``
— ``cmd`` the command (split like a shell does, run without one; no ``,`` or ``;`` in it),
``io`` the interaction (``json``: ``{"requests": [...], "responses": [...]}`` in, ``{"response":
...}`` out; ``simple``: the turn count then the alternating lines), ``keep=1`` the keep-running
mode (the bot stays up for the whole hand and prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after
each answer; each later input is the new request alone), ``time`` the limit per answer (default
5 s), ``game_time`` per hand (default 120 s) and ``on_error`` what a bot's error does (``raise``,
the default: `BotError`; ``fault``: the hand ends there as that bot's fault, settled as Botzone's
judge settles it, −30 to the bot and +10 to each other seat: `FAULT_PENALTY`).

Botzone plays one hand a match with the dealer as player 0, so the hand's dealer is the bot's
player 0 and fzsim's seat ``(dealer + n) % 4`` its player n; the round wind is the hand's. The
requests (``0 me quan``, ``1 0 0 0 0 <13 tiles>``, ``2 T``, ``3 p DRAW|PLAY T|PENG T|CHI M T|GANG|
BUGANG T``) are built from the hand's event log; the bot's answers (``PASS``, ``PLAY T``, ``GANG
T``, ``BUGANG T``, ``HU``, ``PENG T``, ``CHI M T``, ``GANG``) become the engine's actions — one
answer per request, so an answer to a discard serves the engine's win offer and its claim offer,
and ``PENG T`` / ``CHI M T`` name the discard after the claim. In the simple mode the bot is asked
only where it has a choice (requests where it can only pass get ``PASS`` in its history). A bot
that crashes, answers late or answers what is not legal raises `BotError` naming the bot, the
seat, the game and the request (with ``on_error=fault``: the hand's row has outcome 2, "fault",
the bot's seat as its discarder and the judge's scores). Every bot process runs in its own process group, is killed at the
end of its hand, on any error and on Ctrl-C / SIGTERM, and (Linux) dies with the process that
started it, so none is left behind.

Hands with such seats are played by `play_block_with_bots` (the engine's `HandStepper`, the other
seats played by their compiled policies): ``fzsim run`` and ``fzsim duel`` take these specs (the
guobiao pack declares them, `fzsim.pack_registry.SeatKind`; `fzsim.policyspec.block_player` picks
`play_block_with_bots` for them and `refuse_coupled_draws` keeps them to the wall's draws). The
rules must be Botzone's (`fzsim.packs.guobiao.botzone.export.check_botzone_rules`).
"""
from __future__ import annotations

import json
import os
import select
import shlex
import signal
import subprocess
import time
from dataclasses import dataclass

import numpy as np

from fzsim.packs.guobiao.botzone.names import TILE_KINDS, TILE_NAMES
from fzsim.packs.guobiao.botzone.replay import FAULT_PENALTY, fault_deltas
from fzsim_core import engine as _engine

__all__ = ["BotError", "BotSpec", "parse_bot_spec", "is_bot_spec", "is_bot_seat", "play_block_with_bots",
           "check_bot_rules", "PREFIX", "FAULT_PENALTY", "fault_deltas"]

PREFIX = "botzone:"
KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
_PARAMS = ("cmd", "io", "keep", "time", "game_time", "on_error")

# Decision and ActionType values (fzsim_core/table.pxd)
_TURN, _AFTER_CLAIM, _DISCARD_WIN, _CLAIM, _ROB_KONG = range(5)
_PASS, _DISCARD, _WIN, _CONCEALED_KONG, _ADDED_KONG, _PUNG, _KONG, _CHOW = range(8)
_WORDS = {_PASS: "PASS", _DISCARD: "PLAY", _WIN: "HU", _CONCEALED_KONG: "GANG", _ADDED_KONG: "BUGANG",
          _PUNG: "PENG", _KONG: "GANG", _CHOW: "CHI"}


class BotError(ValueError):
    """A Botzone bot crashed, answered late or answered what is not legal (the message says which
    bot, seat, game, hand and request)."""


@dataclass(frozen=True)
class BotSpec:
    cmd: tuple
    io: str = "json"
    keep: bool = False
    time: float = 5.0
    game_time: float = 120.0
    text: str = ""
    on_error: str = "raise"

    def __reduce__(self):               # pickles as its text (workers parse it again)
        return parse_bot_spec, (self.text,)


def is_bot_spec(spec) -> bool:
    return isinstance(spec, str) and spec.strip().startswith(PREFIX)


def is_bot_seat(policy) -> bool:
    """Whether a seat's policy is a Botzone bot: its spec text or a parsed `BotSpec` (the guobiao
    pack's `SeatKind.claims`, which `fzsim.policyspec.block_player` asks)."""
    return is_bot_spec(policy) or isinstance(policy, BotSpec)


def parse_bot_spec(spec: str) -> BotSpec:
    """``botzone:cmd=...;...`` -> BotSpec; ValueError naming the bad part and what is allowed."""
    if not is_bot_spec(spec):
        raise ValueError(f"{spec!r} is not a Botzone bot: write botzone:cmd=COMMAND[;io=json|simple][;keep=0|1]"
                         "[;time=SECONDS][;game_time=SECONDS][;on_error=raise|fault]")
    params = {}
    for item in filter(str.strip, spec.strip()[len(PREFIX):].split(";")):
        key, eq, value = item.partition("=")
        key = key.strip()
        if key not in _PARAMS or not eq:
            raise ValueError(f"policy {spec!r}: {item.strip()!r} is not a parameter of a Botzone bot: allowed"
                             f" {', '.join(k + '=...' for k in _PARAMS)}")
        if key in params:
            raise ValueError(f"policy {spec!r}: {key} is given twice")
        params[key] = value.strip()
    if not params.get("cmd"):
        raise ValueError(f"policy {spec!r} names no command: give cmd=COMMAND")
    try:
        cmd = tuple(shlex.split(params["cmd"]))
    except ValueError as exc:
        raise ValueError(f"policy {spec!r}: cmd cannot be split into words ({exc})") from None
    io = params.get("io", "json")
    if io not in ("json", "simple"):
        raise ValueError(f"policy {spec!r}: io={io!r}: allowed json, simple")
    keep = params.get("keep", "0")
    if keep not in ("0", "1"):
        raise ValueError(f"policy {spec!r}: keep={keep!r}: allowed 0, 1")
    on_error = params.get("on_error", "raise")
    if on_error not in ("raise", "fault"):
        raise ValueError(f"policy {spec!r}: on_error={on_error!r}: allowed raise, fault")
    limits = {}
    for key, default in (("time", 5.0), ("game_time", 120.0)):
        try:
            limits[key] = float(params.get(key, default))
        except ValueError:
            limits[key] = float("nan")
        if not 0 < limits[key] <= 3600:
            raise ValueError(f"policy {spec!r}: {key} must be a number of seconds in (0, 3600], got {params[key]!r}")
    return BotSpec(cmd, io, keep == "1", limits["time"], limits["game_time"], spec.strip(), on_error)


# ---- the bot process -----------------------------------------------------------------------------

def _child_setup():                     # runs in the child before exec
    os.setsid()                         # its own process group: killed with everything it starts
    try:                                # Linux: die with the process that started it
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class _Process:
    """One running bot: write a text, read lines until a deadline."""

    def __init__(self, spec: BotSpec, where):
        self.where = where
        try:
            self.p = subprocess.Popen(spec.cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL, preexec_fn=_child_setup, close_fds=True)
        except OSError as exc:
            raise BotError(f"{where()}: cannot start {' '.join(spec.cmd)!r}: {exc.strerror or exc}") from None
        self.buf = b""

    def send(self, text: str, close: bool = False) -> None:
        try:
            self.p.stdin.write(text.encode("utf-8"))
            self.p.stdin.flush()
            if close:
                self.p.stdin.close()
        except (BrokenPipeError, OSError):
            pass                        # it died: the read says so

    def line(self, deadline: float, request: str, limit: str = "its time limit") -> str:
        fd = self.p.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BotError(f"{self.where()}: no answer within {limit} to request {request!r}")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                if self.buf.strip():
                    break
                try:
                    code = self.p.wait(timeout=1)
                except subprocess.TimeoutExpired:
                    code = None
                raise BotError(f"{self.where()}: the bot ended without an answer to request {request!r}"
                               + (f" (exit status {code})" if code is not None else ""))
            self.buf += chunk
        head, _, self.buf = self.buf.partition(b"\n")
        return head.decode("utf-8", "replace").strip()

    def kill(self) -> None:
        if self.p.poll() is None:
            try:
                os.killpg(self.p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.p.kill()
        self.p.wait()
        for f in (self.p.stdin, self.p.stdout):
            try:
                f.close()
            except OSError:
                pass


# ---- one bot seat during one hand --------------------------------------------------------------

class _Seat:
    """The Botzone view of one seat's hand: requests from the event log, answers from the bot."""

    def __init__(self, spec: BotSpec, seat: int, dealer: int, quan: int, game: int, hand: int):
        self.spec, self.seat, self.dealer = spec, seat, dealer
        self.me = (seat - dealer) % 4
        self.game, self.hand, self.quan = game, hand, quan
        self.requests: list[str] = []
        self.answers: dict[int, str] = {}       # request index -> the bot's answer
        self.seen = 0                           # events turned into requests so far
        self.dealt = [[], [], [], []]
        self.pending = None                     # a claim whose discard makes the request
        self.claim_answer = ""                  # the answer that claimed (its discard follows)
        self.proc = None
        self.used = 0.0                         # seconds the bot has taken this hand

    def where(self) -> str:
        return (f"botzone bot {' '.join(self.spec.cmd)!r} (seat {self.seat}, player {self.me}, game {self.game},"
                f" hand {self.hand})")

    # -- requests from events ---------------------------------------------------------------
    def absorb(self, events) -> None:
        for typ, s, k, arg in events[self.seen:]:
            self.seen += 1
            kind = _engine.EVENTS.get(typ)
            p = (s - self.dealer) % 4
            if kind == "deal":
                self.dealt[p].append(k)
                continue
            if not self.requests:
                self._opening()
            if kind in ("draw", "replace"):
                self.requests.append(f"2 {TILE_NAMES[k]}" if p == self.me else f"3 {p} DRAW")
            elif kind == "discard":
                if self.pending is not None:
                    what, who, extra = self.pending
                    self.pending = None
                    self.requests.append(f"3 {who} {what} " + (f"{extra} " if extra else "") + TILE_NAMES[k])
                else:
                    self.requests.append(f"3 {p} PLAY {TILE_NAMES[k]}")
            elif kind == "pung":
                self.pending = ("PENG", p, "")
            elif kind == "chow":
                self.pending = ("CHI", p, TILE_NAMES[k + 1])
            elif kind in ("kong", "concealed_kong"):
                self.requests.append(f"3 {p} GANG")
            elif kind == "added_kong":
                self.requests.append(f"3 {p} BUGANG {TILE_NAMES[k]}")
            elif kind in ("win", "decline", "drawn"):
                continue
            else:
                raise BotError(f"{self.where()}: event {kind!r} has no Botzone request: the rules are not Botzone's")
        if not self.requests and sum(map(len, self.dealt)) == 53:     # the deal is complete
            self._opening()

    def _opening(self) -> None:
        self.requests.append(f"0 {self.me} {self.quan}")
        self.requests.append("1 0 0 0 0 " + " ".join(TILE_NAMES[k] for k in self.dealt[self.me][:13]))
        fourteenth = self.dealt[0][13]          # the dealer's 14th tile is Botzone's first draw
        self.requests.append(f"2 {TILE_NAMES[fourteenth]}" if self.me == 0 else "3 0 DRAW")

    # -- answers ---------------------------------------------------------------------------
    def answer(self, r: int) -> str:
        """The bot's answer to request r (asked once)."""
        if r in self.answers:
            return self.answers[r]
        if self.spec.keep:
            if self.proc is None:
                self.proc = _Process(self.spec, self.where)
                first = True
            else:
                first = False
            start = max(self.answers, default=-1) + 1
            for i in range(start, r + 1):       # the bot hears every request, in order
                text = (self._history(i) if first else self._one(i)) + "\n"
                first = False
                self.answers[i] = self._ask(self.proc, text, i, keep=True)
            return self.answers[r]
        proc = _Process(self.spec, self.where)
        try:
            self.answers[r] = self._ask(proc, self._history(r) + "\n", r, keep=False)
        finally:
            proc.kill()
        return self.answers[r]

    def _history(self, r: int) -> str:
        responses = [self.answers.get(i, "PASS") for i in range(r)]
        if self.spec.io == "json":
            return json.dumps({"requests": self.requests[:r + 1], "responses": responses}, ensure_ascii=False)
        lines = [str(r + 1)]
        for i in range(r):
            lines += [self.requests[i], responses[i]]
        lines.append(self.requests[r])
        return "\n".join(lines)

    def _one(self, r: int) -> str:
        return json.dumps(self.requests[r]) if self.spec.io == "json" else self.requests[r]

    def _ask(self, proc: _Process, text: str, r: int, keep: bool) -> str:
        request = self.requests[r]
        t0 = time.monotonic()
        left = self.spec.game_time - self.used
        limit = (f"its {self.spec.time:g} s per answer" if self.spec.time <= left else
                 f"the {left:.3g} s left of its {self.spec.game_time:g} s for the hand")
        deadline = t0 + min(self.spec.time, left)
        proc.send(text, close=not keep)
        line = proc.line(deadline, request, limit)
        if self.spec.io == "json":
            try:
                out = json.loads(line)
                reply = out["response"] if isinstance(out, dict) else None
            except (ValueError, KeyError):
                reply = None
            if not isinstance(reply, str):
                raise BotError(f"{self.where()}: answered {line[:200]!r} to request {request!r}, not a JSON object"
                               ' with a "response" string')
        else:
            reply = line
        if keep:
            try:
                marker = proc.line(deadline, request, limit)
            except BotError as exc:
                raise BotError(f"{exc} (the keep-running mode expects {KEEP_RUNNING} after each answer)") from None
            if marker != KEEP_RUNNING:
                raise BotError(f"{self.where()}: in the keep-running mode, printed {marker[:200]!r} after its answer"
                               f" to request {request!r} instead of {KEEP_RUNNING}")
        self.used += time.monotonic() - t0
        if self.used > self.spec.game_time:
            raise BotError(f"{self.where()}: used more than its {self.spec.game_time:g} s for the hand, at request"
                           f" {request!r}")
        return " ".join(reply.split())

    # -- the engine's decision --------------------------------------------------------------
    def decide(self, st) -> int:
        self.absorb(st.events())
        dec, legal = st.decision, st.legal
        if dec == _AFTER_CLAIM:             # the discard named with the claim: PENG T, CHI M T
            words = self.claim_answer.split()
            tile = _tile(words[-1]) if words else None
            if tile is None:
                raise self._illegal(self.claim_answer, self.requests[-1], legal, "PENG T or CHI M T")
            return self._pick(legal, (_DISCARD, tile), self.claim_answer, self.requests[-1])
        r = len(self.requests) - 1
        reply = self.answer(r)
        request = self.requests[r]
        words = reply.split()
        head = words[0] if words else ""
        if dec == _TURN:
            if not request.startswith("2 "):
                raise BotError(f"{self.where()}: asked to play but the last request is {request!r} (an fzsim bug)")
            forms = {"PLAY": _DISCARD, "GANG": _CONCEALED_KONG, "BUGANG": _ADDED_KONG}
            if reply == "HU":
                return self._pick(legal, (_WIN, None), reply, request)
            if head in forms and len(words) == 2 and _tile(words[1]) is not None:
                return self._pick(legal, (forms[head], _tile(words[1])), reply, request)
            raise self._illegal(reply, request, legal, "after its draw: PLAY T, GANG T, BUGANG T or HU")
        if dec in (_DISCARD_WIN, _ROB_KONG):
            allowed = ("PASS", "HU") if dec == _ROB_KONG else ("PASS", "HU", "PENG", "GANG", "CHI")
            if head not in allowed:
                raise self._illegal(reply, request, legal, "to this request: " + ", ".join(allowed))
            return self._pick(legal, (_WIN if head == "HU" else _PASS, None), reply, request)
        if dec == _CLAIM:
            if head == "PASS":
                return self._pick(legal, (_PASS, None), reply, request)
            if head == "PENG" and len(words) == 2:
                want = (_PUNG, None)
            elif head == "GANG" and len(words) == 1:
                want = (_KONG, None)
            elif head == "CHI" and len(words) == 3 and _tile(words[1]) is not None:
                want = (_CHOW, _tile(words[1]) - 1)
            else:
                raise self._illegal(reply, request, legal, "to this discard: PASS, PENG T, GANG or CHI M T"
                                    + (" (HU is not a legal win here)" if head == "HU" else ""))
            choice = self._pick(legal, want, reply, request)
            self.claim_answer = reply
            return choice
        raise BotError(f"{self.where()}: the engine asks decision {dec}, which Botzone's game has not")

    def _pick(self, legal, want, reply, request) -> int:
        t, k = want
        for j, (lt, lk) in enumerate(legal):
            if lt == t and (k is None or lk == k):
                return j
        raise self._illegal(reply, request, legal, "")

    def _illegal(self, reply, request, legal, allowed) -> BotError:
        options = ", ".join(_word(a) for a in legal)
        return BotError(f"{self.where()}: answered {reply!r} to request {request!r}, which is not legal"
                        + (f" (allowed {allowed})" if allowed else "") + f"; the legal moves were: {options}")

    def close(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc = None


def _tile(name):
    return TILE_KINDS.get(name)


def _word(action) -> str:
    t, k = action
    word = _WORDS.get(t, str(t))
    if t == _CHOW:
        return f"CHI {TILE_NAMES[k + 1]}"
    return word + (f" {TILE_NAMES[k]}" if k is not None and t in (_DISCARD, _CONCEALED_KONG, _ADDED_KONG) else "")


# ---- playing hands --------------------------------------------------------------------------------

def _hand(rules, seed, game, hand, dealer, streak, carry, names, specs, check):
    agents = tuple(specs)
    st = _engine.HandStepper(rules, seed, game, hand, dealer, streak, names, agents, None, True, check, carry)
    quan = (hand // 4) % 4
    seats = {s: _Seat(spec, s, dealer, quan, game, hand) for s, spec in specs.items()}
    try:
        while not st.done:
            seat = seats[st.seat]
            try:
                choice = seat.decide(st)
            except BotError:
                if seat.spec.on_error != "fault":
                    raise
                seat.close()                    # (the judge ends the match: the bot is stopped)
                st.fault(seat.seat, fault_deltas(seat.seat))
                break
            st.apply(choice)
        return st.row(), st.records()
    finally:
        for s in seats.values():
            s.close()


def check_bot_rules(rules) -> None:
    """ValueError naming the keys when ``rules`` (fzsim_core.rules.Rules) are not Botzone's game."""
    from fzsim.packs.guobiao.botzone.export import _MATCH_KEYS
    from fzsim.packs.guobiao.botzone.replay import import_rules

    want, have = import_rules().core.fields, rules.fields
    diff = [k for k in want if k not in _MATCH_KEYS and have.get(k) != want[k]]
    if diff:
        raise ValueError("a Botzone bot plays Botzone's game only: rule key(s) " + ", ".join(diff) + " differ;"
                         " play --variant guobiao --set gb_variant=botzone --set gb_mingangang=true")


def play_block_with_bots(rules, root_seed: int, first_game: int, n_games: int, policies, check: bool = False,
                         records: bool = False):
    """``fzsim_core.engine.play_block`` for seats that include Botzone bots (``botzone:...``): the
    same columns (and records), the same dealers and walls; the other seats play their policies."""
    from fzsim.policyspec import policy_seats

    seats = list(policy_seats(policies))
    specs = {s: parse_bot_spec(p) if isinstance(p, str) else p for s, p in enumerate(seats) if is_bot_seat(p)}
    check_bot_rules(rules)
    names = tuple("random" if s in specs else p for s, p in enumerate(seats))
    hpm = int(rules.fields["hands_per_match"])
    rows, recs = [], []
    for g in range(int(first_game), int(first_game) + int(n_games)):
        d, s, c = _engine.first_dealer(root_seed, g), 0, 0
        for h in range(hpm):
            row, rec = _hand(rules, root_seed, g, h, d, s, c, names, specs, check)
            rows.append(row)
            recs.append(rec)
            # a hand ended by a fault passes the deal on as a drawn hand does
            d, s, c = _engine.next_dealer(rules, d, s, dict(row, outcome=0) if row["outcome"] == 2 else row,
                                          root_seed, True)
    cols = {name: np.array([r[name] for r in rows], dtype=dt) for name, dt in _engine.COLUMNS}
    if not records:
        return cols
    keys = recs[0].keys() if recs else ()
    return cols, {k: np.concatenate([r[k] for r in recs]) for k in keys}
