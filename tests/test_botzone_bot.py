"""A Botzone bot at fzsim's table (fzsim.packs.guobiao.botzone.bot): the sample bot of docs/examples plays a seat
through the protocol in all four ways (JSON or simple interaction, a process per request or
keep-running) with the same moves, and those are the moves its own functions choose when given
fzsim's view of the hand directly (a Python policy) — so the requests it is sent rebuild its hand
exactly. A bot that crashes, hangs or answers an illegal move stops the hand with an error naming
it, its seat, the game and the request, and no bot process outlives its hand or its parent."""
import importlib.util
import os
import signal
import subprocess
import sys
import time
import uuid
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import fzsim
from fzsim.packs.guobiao.botzone.bot import BotError, parse_bot_spec, play_block_with_bots
from fzsim.cli import main
from fzsim.tiles import parse
from fzsim_core.engine import play_block

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "docs" / "examples" / "botzone_bot.py"
ONE_HAND = fzsim.rules.load("guobiao", gb_variant="botzone", gb_mingangang=True, hands_per_match=1)


def spec(args="", params=""):
    return f"botzone:cmd={sys.executable} {BOT} {args}" + params


def load_bot():
    s = importlib.util.spec_from_file_location("botzone_bot", BOT)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    return m


def as_botzone(notation: str) -> Counter:
    from fzsim.packs.guobiao.botzone.names import TILE_NAMES

    counts = parse(notation)
    return Counter({TILE_NAMES[k]: int(counts[k]) for k in range(34) if counts[k]})


def mirror_policy(bot):
    """The sample bot's choices made from fzsim's observation (hand 0 of a match: round wind 东)."""
    from fzsim.packs.guobiao.botzone.names import TILE_KINDS

    def choose(obs, legal):
        me = (obs["seat"] - obs["dealer"]) % 4
        hand = as_botzone(obs["hand"])
        if obs["decision"] == "turn":
            # (the dealer's first turn has no last draw: its 14th tile is dealt; a 天和 is not expected)
            assert obs["last_draw"] is not None or legal[0][0] != "win"
            if obs["last_draw"] is not None:
                drawn = as_botzone(obs["last_draw"])
                if legal[0][0] == "win" and bot.wins(hand - drawn, next(iter(drawn)), True, me, 0):
                    return 0
            worst = min(hand, key=lambda t: (bot.neighbours(t, hand), t[0] not in "FJ", t))
            from fzsim.tiles import kind_name
            return legal.index(("discard", kind_name(TILE_KINDS[worst])))
        if obs["decision"] == "discard_win":
            tile = next(iter(as_botzone(obs["tile"])))
            return 0 if bot.wins(hand, tile, False, me, 0) else len(legal) - 1
        return len(legal) - 1           # never claims
    return choose


@pytest.fixture(scope="module")
def keep_running_rows():
    return play_block_with_bots(ONE_HAND.core, 5, 0, 12, (spec("--keep-running", ";keep=1"), "greedy", "guard",
                                                          "greedy"), check=True)


def test_the_bot_plays_what_its_own_functions_choose(keep_running_rows):
    bot = load_bot()
    ref = play_block(ONE_HAND.core, 5, 0, 12, (mirror_policy(bot), "greedy", "guard", "greedy"), True)
    for c in ref:
        assert np.array_equal(ref[c], keep_running_rows[c]), c
    assert (keep_running_rows["winner"] >= 0).sum() >= 8


@pytest.mark.parametrize("args, params", [("", ""), ("--simple", ";io=simple"),
                                          ("--keep-running --simple", ";keep=1;io=simple")])
def test_every_interaction_makes_the_same_moves(keep_running_rows, args, params):
    n = 1 if "keep" not in params else 12         # a process per request is slow: one hand
    got = play_block_with_bots(ONE_HAND.core, 5, 0, n, (spec(args, params), "greedy", "guard", "greedy"))
    for c in got:
        assert np.array_equal(got[c], keep_running_rows[c][:n]), c


def _where(exc):
    text = str(exc.value)
    assert f"botzone bot '{sys.executable} {BOT}" in text and "(seat 2, player" in text and "game 3, hand 0)" in text
    return text


def test_a_crash_a_hang_and_an_illegal_answer_name_bot_seat_game_and_request():
    seats = lambda s: ("greedy", "greedy", s, "greedy")       # noqa: E731
    with pytest.raises(BotError) as exc:
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec("--crash")))
    assert "ended without an answer to request '2 " in _where(exc) and "(exit status 3)" in str(exc.value)
    t0 = time.monotonic()
    tag = f"tag-{uuid.uuid4().hex}"
    with pytest.raises(BotError) as exc:
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec(f"--sleep 5 --keep-running {tag}", ";keep=1;time=0.5")))
    assert "no answer within its 0.5 s per answer to request '0 " in _where(exc) and time.monotonic() - t0 < 4
    assert not _alive(tag), "the hanging bot was not killed at its limit"
    with pytest.raises(BotError) as exc:
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec("--illegal --keep-running", ";keep=1")))
    text = _where(exc)
    assert "answered 'PLAY W0' to request '2 " in text and "the legal moves were: " in text and "PLAY " in text
    with pytest.raises(BotError, match=r"no answer within the 0.\d+ s left of its 0.3 s for the hand to request '1 0 0"):
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec("--sleep 0.2 --keep-running", ";keep=1;game_time=0.3")))


def test_garbage_answers_are_errors_not_crashes(tmp_path, capsys):
    """Bytes that are not UTF-8, not JSON and not a move: a BotError in both interactions, and
    `fzsim run` stops with that message (exit status 2), not a traceback."""
    seats = lambda s: ("greedy", s, "greedy", "greedy")       # noqa: E731
    with pytest.raises(BotError, match=r"answered '\ufffd\ufffd\{not a move' to request '.*', not a JSON object"):
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec("--garbage")))
    with pytest.raises(BotError, match=r"answered '\ufffd\ufffd\{not a move' to request '.*which is not legal"):
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec("--garbage --simple", ";io=simple")))
    rules = ["--variant", "guobiao", "--set", "gb_variant=botzone", "--set", "gb_mingangang=true",
             "--set", "hands_per_match=1"]
    assert main(["run", "--hands", "2", "--policy", f"1={spec('--garbage')}", *rules, "--out", str(tmp_path / "g"),
                 "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "fzsim: error: botzone bot" in err and "not a JSON object" in err and "Traceback" not in err


def test_bad_specs_and_rules_are_refused():
    for bad, msg in [("botzone:", "names no command"), ("botzone:cmd=x;io=xml", "io='xml': allowed json, simple"),
                     ("botzone:cmd=x;keep=2", "keep='2'"), ("botzone:cmd=x;time=0", "time must be a number"),
                     ("botzone:cmd=x;speed=1", "'speed=1' is not a parameter"), ("botzone:cmd='x", "cannot be split")]:
        with pytest.raises(ValueError, match=msg):
            parse_bot_spec(bad)
    with pytest.raises(ValueError, match="rule key\\(s\\) gb_mingangang, gb_variant differ"):
        play_block_with_bots(fzsim.rules.load("guobiao").core, 0, 0, 1, spec())


def _alive(tag: str) -> list[int]:
    """The bot processes carrying ``tag`` (their own argument: not the parent, whose spec holds it)."""
    found = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/cmdline", "rb") as f:
                    argv = f.read().split(b"\0")
            except OSError:
                continue
            if tag.encode() in argv and str(BOT).encode() in argv:
                found.append(int(pid))
    return found


def test_on_error_fault_settles_the_hand_as_the_bots_fault(tmp_path, capsys):
    """``on_error=fault``: a bot answering garbage ends its hand there as its fault, settled as
    Botzone's judge does (−30 to it, +10 to each other seat); the run completes, verifies, loads and
    reports a fault hand as neither won nor drawn. The default still raises BotError."""
    from fzsim import analysis, analysis_real

    seats = lambda s: ("greedy", s, "greedy", "greedy")       # noqa: E731
    bad = spec("--garbage", ";on_error=fault")
    assert parse_bot_spec(bad).on_error == "fault" and parse_bot_spec(spec("--garbage")).on_error == "raise"
    with pytest.raises(ValueError, match="on_error='maybe': allowed raise, fault"):
        parse_bot_spec(spec("", ";on_error=maybe"))
    with pytest.raises(BotError):
        play_block_with_bots(ONE_HAND.core, 5, 3, 1, seats(spec("--garbage")))
    rows, recs = play_block_with_bots(ONE_HAND.core, 5, 3, 2, seats(bad), records=True)
    assert rows["outcome"].tolist() == [2, 2] and rows["winner"].tolist() == [-1, -1]
    assert rows["discarder"].tolist() == [1, 1] and len(recs["game_id"]) == 0
    assert [rows[f"delta_{s}"].tolist() for s in range(4)] == [[10, 10], [-30, -30], [10, 10], [10, 10]]
    rules = ["--variant", "guobiao", "--set", "gb_variant=botzone", "--set", "gb_mingangang=true",
             "--set", "hands_per_match=1"]
    out = tmp_path / "fault"
    assert main(["run", "--hands", "4", "--policy", f"1={spec('--garbage --keep-running', ';keep=1;on_error=fault')}",
                 "--policy", "3=guard", *rules, "--out", str(out), "--no-progress"]) == 0
    assert main(["verify", str(out)]) == 0
    got = fzsim.load(out)
    assert got["outcome"].astype(str).tolist() == ["fault"] * 4 and got["delta_1"].tolist() == [-30] * 4
    assert (got[[f"delta_{s}" for s in range(4)]].sum(axis=1) == 0).all()
    r = analysis.rates(out, families=("outcome",)).set_index("event")
    assert (r.loc["fault", "count"], r.loc["draw", "count"], r.loc["win", "count"]) == (4, 0, 0)
    t = analysis_real.real_vs_simulated(out, out)
    assert t.loc[t.measure == "drawn", ["real_count", "real_n"]].values.tolist() == [[0, 4]]
    capsys.readouterr()
    assert main(["report", str(out), "--out", str(tmp_path / "report")]) == 0
    assert "| outcome | fault |" in (tmp_path / "report" / "report.md").read_text()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc and uses PR_SET_PDEATHSIG")
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_no_bot_outlives_a_stopped_or_killed_parent(tmp_path, sig):
    tag = f"tag-{uuid.uuid4().hex}"
    bot = spec(f"--sleep 60 --keep-running {tag}", ";keep=1;time=100")
    parent = subprocess.Popen([sys.executable, "-m", "fzsim", "duel", "--challenger", bot, "--variant", "guobiao",
                               "--set", "gb_variant=botzone", "--set", "gb_mingangang=true", "--hands", "16"],
                              cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while not _alive(tag) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _alive(tag), "the bot never started"
    parent.send_signal(sig)
    parent.wait(timeout=30)
    deadline = time.monotonic() + 10
    while _alive(tag) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(tag), f"a bot process outlived its parent ({sig.name})"
    if sig == signal.SIGTERM:
        assert parent.returncode == 128 + signal.SIGTERM and b"interrupted" in parent.stderr.read()


def test_duel_and_run_take_a_bot(tmp_path, capsys):
    bot = spec("--keep-running", ";keep=1")
    rules = ["--variant", "guobiao", "--set", "gb_variant=botzone", "--set", "gb_mingangang=true",
             "--set", "hands_per_match=1"]
    assert main(["duel", "--challenger", bot, "--baseline", "guard", *rules, "--hands", "3", "--json"]) == 0
    assert '"gain"' in capsys.readouterr().out
    out = tmp_path / "run"
    assert main(["run", "--hands", "6", "--policy", f"2={bot}", *rules, "--out", str(out), "--no-progress"]) == 0
    got = fzsim.load(out)
    ref = play_block_with_bots(ONE_HAND.core, 0, 0, 6, ("greedy", "greedy", bot, "greedy"))
    assert got["delta_2"].tolist() == ref["delta_2"].tolist()
    assert main(["run", "--hands", "2", "--policy", "botzone:cmd=x;io=xml", *rules, "--out", str(tmp_path / "x")]) == 2
    assert "io='xml': allowed json, simple" in capsys.readouterr().err
