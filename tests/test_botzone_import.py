"""Botzone 国标 records in and out (fzsim.packs.guobiao.botzone): simulated hands under Botzone's rules are
exported as Botzone records (text and JSON match logs), imported back through the replay — every
action checked legal, claims, winner, fans and scores compared — and the results folder holds the
same hands and wins, seat for seat. Records altered by hand give mismatches in their category (the
other games are still imported) and bad input gives errors naming file, game and line; an import
stopped by one keeps what it did and resumes."""
import gzip
import json
import os
import re
import zipfile

import pytest

import fzsim
from fzsim.packs.guobiao.botzone import LogError, import_rules, read_games, replay_game
from fzsim.packs.guobiao.botzone.export import export_hands, export_run
from fzsim.packs.guobiao.botzone.importer import import_logs, load_games, load_mismatches
from fzsim.cli import main
from fzsim.game import play_hand

RULES = fzsim.rules.load("guobiao", gb_variant="botzone", gb_mingangang=True)
POLICIES = (("greedy",) * 4, ("guard", "random", "greedy", "guard"), ("random", "greedy", "random", "greedy"))


def simulated(n, seed=3):
    """n hands under Botzone's rules: dealers, round winds and policies varied."""
    return [play_hand(seed, g, RULES, POLICIES[g % 3], log=True, hand=(5 * g) % 16, dealer=g % 4, streak=0)
            for g in range(n)]


@pytest.fixture(scope="module")
def hands():
    return simulated(60)


@pytest.fixture(scope="module")
def text_file(hands, tmp_path_factory):
    path = tmp_path_factory.mktemp("bz") / "games.txt"
    export_hands(hands, path, "text")
    return path


def test_exported_hands_import_seat_for_seat(hands, tmp_path):
    """Round trip through both formats: the imported hands and wins are the simulated ones, the
    seats renumbered so that Botzone's player 0 is the dealer."""
    assert any(h.outcome == 0 for h in hands) and sum(h.outcome for h in hands) > 40
    export_hands(hands, tmp_path / "a.txt", "text")
    export_hands(hands, tmp_path / "b.jsonl", "json")
    for name in ("a.txt", "b.jsonl"):
        out = tmp_path / (name + ".out")
        s = import_logs([tmp_path / name], out, chunk_size=16)
        assert (s.games, s.replayed, s.mismatches) == (60, 60, {})
        got = fzsim.load(out)
        wins = fzsim.load(out, table="wins")
        assert len(got) == 60 and list(got["game_id"]) == list(range(60))
        for i, h in enumerate(hands):
            row = got.iloc[i]
            seat = lambda p: (h.dealer + p) % 4          # noqa: E731 - Botzone player p's fzsim seat
            assert row["hand"] == 4 * ((h.hand // 4) % 4) and row["dealer"] == 0
            assert (row["outcome"] == "win") == (h.outcome == 1)
            assert [row[f"delta_{p}"] for p in range(4)] == [h.deltas[seat(p)] for p in range(4)]
            assert row["turns"] == h.turns and row["tiles_left"] == h.tiles_left
            assert [row[f"claims_{p}"] for p in range(4)] == [getattr(h, f"claims_{seat(p)}") for p in range(4)]
            if h.outcome == 1:
                assert seat(row["winner"]) == h.winner and row["win_type"] == h.win_type_name
                assert (row["discarder"] < 0) == (h.discarder < 0)
                w = wins[(wins["game_id"] == i) & (wins["record"] == "win")].iloc[0]
                r = {k: v[0] for k, v in h.records.items()}
                assert (w["value"], w["points"], w["tile"], w["patterns"], w["flags"]) == \
                    (r["value"], r["points"], r["tile"], r["patterns"], r["flags"])
                assert seat(w["seat"]) == r["seat"]


def test_the_text_format_reads_lost_claims_and_self_draws(tmp_path):
    """Hand-written lines: an Ignore'd claim, a Hu naming the last discard after a self-draw (as
    Botzone's data sets write it), a Fan line with Botzone's spellings."""
    text = ("Match m1\nWind 2\nPlayer 0 Deal W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 W9 F1\n"
            "Player 1 Deal B1 B2 B3 B4 B5 B6 B7 B8 B9 B1 B2 B3 F2\nPlayer 2 Deal T1 T2 T3 T4 T5 T6 T7 T8 T9 T1 T2 T3"
            " F3\nPlayer 3 Deal J1 J1 J2 J2 J3 J3 F4 F4 F1 F2 F3 W1 B9\nPlayer 0 Draw T9\nPlayer 0 Play F1\n"
            "Player 3 Peng F1 Ignore Player 1 Chi F2\nPlayer 3 Play B9\nPlayer 1 Draw W2\nPlayer 1 Hu B9\n"
            "Fan 26 清一色*1+嵌张*1+自摸*1\nScore -34 102 -34 -34\n")
    (tmp_path / "g.txt").write_text(text)
    [g] = read_games(tmp_path / "g.txt")
    assert (g.match, g.wind, g.line) == ("m1", 2, 1)
    peng = g.events[2]
    assert (peng.kind, peng.seat, peng.tile, peng.line) == ("peng", 3, 27, 9)
    assert peng.ignored == ((1, "chi", 28),)
    assert g.result.fans == {22: 1, 78: 1, 80: 1} and g.result.scores == (-34, 102, -34, -34)
    assert g.result.winner == 1


@pytest.mark.parametrize("edit, category, line", [
    (lambda ls, i: ls.__setitem__(i["score"], "Score 1 2 3 -6"), "score", "score"),
    (lambda ls, i: ls.__setitem__(i["fan"], ls[i["fan"]].replace("Fan ", "Fan 1")), "fans", "fan"),
    (lambda ls, i: ls.__setitem__(i["play"], ls[i["play"]][:-2] + ("W1" if ls[i["play"]][-2:] != "W1" else "W2")),
     None, "play"),
    (lambda ls, i: ls.__setitem__(i["hu"], ls[i["hu"]].replace(f"Player {ls[i['hu']].split()[1]}",
                                                               f"Player {(int(ls[i['hu']].split()[1]) + 1) % 4}")),
     None, "hu"),
])
def test_an_altered_record_is_a_mismatch_and_the_rest_imports(hands, tmp_path, edit, category, line):
    export_hands(hands, tmp_path / "g.txt", "text")
    lines = (tmp_path / "g.txt").read_text().splitlines()
    # the second game with a win: where its lines are
    starts = [i for i, s in enumerate(lines) if s.startswith("Match")]
    g = next(j for j, h in enumerate(hands) if h.outcome == 1 and j > 0)
    lo, hi = starts[g], starts[g + 1]
    idx = {"score": next(i for i in range(lo, hi) if lines[i].startswith("Score")),
           "fan": next(i for i in range(lo, hi) if lines[i].startswith("Fan")),
           "hu": next(i for i in range(lo, hi) if " Hu " in lines[i]),
           "play": next(i for i in range(lo + 7, hi) if " Play " in lines[i])}
    edit(lines, idx)
    (tmp_path / "g.txt").write_text("\n".join(lines) + "\n")
    s = import_logs([tmp_path / "g.txt"], tmp_path / "out", chunk_size=25)
    assert s.games == 60 and s.replayed == 59
    bad = load_mismatches(tmp_path / "out")
    assert len(bad) == 1 and bad["index"][0] == g and bad["match"][0] == f"fzsim-{hands[g].game_id}-{hands[g].hand}"
    assert category is None or bad["category"][0] == category
    assert bad["category"][0] in ("illegal", "outcome", "sequence", "claims") or category
    assert bad["event_line"][0] == idx[line] + 1 and bad["detail"][0]
    games = load_games(tmp_path / "out")
    assert len(games) == 60 and games["game_id"][g] == -1 and (games["game_id"] >= 0).sum() == 59
    assert len(fzsim.load(tmp_path / "out")) == 59


def _write(path, text):
    path.write_text(text)
    return path


@pytest.mark.parametrize("change, message", [
    (lambda t: t[:t.index("Score", t.index("Match fzsim-1-5"))], r"match fzsim-1-5 \(line \d+\): the game is truncated"),
    (lambda t: t.replace("Player 0 Play", "Player 0 Discard", 1), r"line \d+: unknown action 'Discard'"),
    (lambda t: t.replace("Player 1 Deal", "Player 1 Deal W1 W1 W1 W1 W1", 1), r"line 4: seat 1 is dealt 18 tiles"),
    (lambda t: re.sub(r"Player 0 Draw \S+", "Player 0 Draw X9", t, count=1), r"line 7: 'X9' is not a Botzone tile"),
])
def test_bad_input_names_file_game_and_line(text_file, tmp_path, change, message):
    bad = _write(tmp_path / "bad.txt", change(text_file.read_text()))
    with pytest.raises(LogError, match=message) as err:
        list(read_games(bad))
    assert str(bad) in str(err.value)


def test_a_tile_named_five_times_and_a_seat_drawing_past_its_wall(tmp_path):
    deal = "Player {} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n"
    head = "Match five\nWind 0\n" + "".join(deal.format(p) for p in range(4))
    g5 = _write(tmp_path / "five.txt", head + "Player 0 Draw W1\nPlayer 0 Play W1\nHuang\nScore 0 0 0 0\n")
    with pytest.raises(LogError, match=r"five.txt: match five, line 7: W1 is dealt or drawn a fifth time"):
        replay_game(next(read_games(g5)), import_rules())
    # seat 2 draws 22 times after its 13: 35 tiles (the kinds stay within four copies)
    kinds = [f"{s}{r}" for s in "WBT" for r in range(1, 10)] + [f"F{r}" for r in range(1, 5)] + ["J1", "J2", "J3"]
    pool = [k for k in kinds for _ in range(4)]
    deals = "".join(f"Player {p} Deal " + " ".join(pool[13 * p:13 * p + 13]) + "\n" for p in range(4))
    many = "".join(f"Player 2 Draw {k}\nPlayer 2 Play {k}\n" for k in pool[52:74])
    g35 = _write(tmp_path / "long.txt", "Match long\nWind 0\n" + deals + many + "Huang\nScore 0 0 0 0\n")
    with pytest.raises(LogError, match=r"long.txt: match long, line \d+: seat 2 takes a 35th tile; a seat's wall"):
        replay_game(next(read_games(g35)), import_rules())


def test_a_json_wall_of_the_wrong_size(hands, tmp_path):
    export_hands(hands[:2], tmp_path / "g.jsonl", "json")
    docs = [json.loads(s) for s in (tmp_path / "g.jsonl").read_text().splitlines()]
    docs[1]["initdata"]["walltiles"] = " ".join(docs[1]["initdata"]["walltiles"].split()[:135])
    _write(tmp_path / "g.jsonl", "\n".join(json.dumps(d) for d in docs) + "\n")
    with pytest.raises(LogError, match=r"g.jsonl: match fzsim-1-5 \(line 2\): initdata.walltiles has 135 tiles, Botzone's wall is 136"):
        list(read_games(tmp_path / "g.jsonl"))


def test_json_draws_that_are_not_the_wall_are_a_wall_mismatch(hands, tmp_path):
    export_hands(hands[:3], tmp_path / "g.jsonl", "json")
    docs = [json.loads(s) for s in (tmp_path / "g.jsonl").read_text().splitlines()]
    tiles = docs[0]["initdata"]["walltiles"].split()
    tiles[0], tiles[33] = tiles[33], tiles[0]            # seat 0's last undrawn tile and its first dealt
    if tiles[0] == tiles[33]:
        pytest.skip("the swapped tiles are the same kind")
    docs[0]["initdata"]["walltiles"] = " ".join(tiles)
    _write(tmp_path / "g.jsonl", "\n".join(json.dumps(d) for d in docs) + "\n")
    s = import_logs([tmp_path / "g.jsonl"], tmp_path / "out")
    assert s.mismatches == {"wall": 1} and s.replayed == 2


def test_gzip_zip_and_folders(hands, tmp_path):
    export_hands(hands[:10], tmp_path / "a.txt.gz", "text")
    export_hands(hands[10:20], tmp_path / "b.jsonl", "json")
    with zipfile.ZipFile(tmp_path / "c.zip", "w") as z:
        z.write(tmp_path / "b.jsonl", "inner/b.jsonl")
    with gzip.open(tmp_path / "a.txt.gz", "rt") as f:
        assert f.readline().startswith("Match fzsim-0-0")
    games = list(read_games([tmp_path / "a.txt.gz", tmp_path / "c.zip"]))
    assert [g.index for g in games] == list(range(10)) * 2
    assert games[10].source == f"{tmp_path / 'c.zip'}:inner/b.jsonl"
    os.remove(tmp_path / "b.jsonl")
    s = import_logs([tmp_path], tmp_path / "out", chunk_size=7, jobs=2)
    assert (s.games, s.replayed) == (20, 20)


def test_an_import_stopped_by_bad_input_keeps_its_chunks_and_resumes(text_file, tmp_path):
    good = tmp_path / "a.txt"
    good.write_text(text_file.read_text())
    bad = _write(tmp_path / "b.txt", "Match x\nWind 0\nPlayer 0 Deal W1\n")
    out = tmp_path / "out"
    with pytest.raises(LogError, match="b.txt, line 3|b.txt: match x, line 3"):
        import_logs([good, bad], out, chunk_size=20)
    chunks = sorted(os.listdir(out / "_botzone" / "chunks"))
    assert chunks == ["chunk-000000.npz", "chunk-000001.npz", "chunk-000002.npz"]
    with pytest.raises(ValueError, match="already holds this import; pass --resume"):
        import_logs([good, bad], out, chunk_size=20)
    bad.write_text(text_file.read_text().split("\n\n")[0] + "\n")      # fixed: one good game
    s = import_logs([good, bad], out, chunk_size=20, resume=True)
    assert (s.games, s.replayed, s.games_resumed) == (61, 61, 60)
    assert not os.listdir(out / "_botzone" / "chunks")              # a whole import keeps no staging copies
    assert len(fzsim.load(out)) == 61
    again = import_logs([good, bad], out, chunk_size=20, resume=True)     # finished: left as it is
    assert (again.games, again.cpu_seconds) == (61, 0.0)


def test_the_commands(hands, tmp_path, capsys):
    sim = tmp_path / "sim"
    assert main(["run", "--hands", "32", "--variant", "guobiao", "--set", "gb_variant=botzone", "--set",
                 "gb_mingangang=true", "--out", str(sim), "--no-progress"]) == 0
    assert main(["export", "botzone", str(sim), "--out", str(tmp_path / "g.txt"), "--games", "20"]) == 0
    assert "wrote 20 games" in capsys.readouterr().out
    assert main(["import", "botzone", str(tmp_path / "g.txt"), "--out", str(tmp_path / "in"), "--no-progress"]) == 0
    assert "imported 20 games" in capsys.readouterr().out and len(fzsim.load(tmp_path / "in")) == 20
    # the analysis and the report read real games as they read simulated ones
    import fzsim.analysis as fa
    rates = fa.rates(tmp_path / "in")
    assert set(rates["variant"]) == {"botzone-logs"} and rates.query("event == 'win'")["n"].iloc[0] == 20
    assert main(["report", str(tmp_path / "in"), "--out", str(tmp_path / "rep"), "--deals", "0"]) == 0
    assert "botzone-logs" in (tmp_path / "rep" / "report.md").read_text()
    # bad input: exit 2, the file and line named, how to resume said
    _write(tmp_path / "bad.txt", "Match q\nWind 7\n")
    assert main(["import", "botzone", str(tmp_path / "bad.txt"), "--out", str(tmp_path / "b")]) == 2
    err = capsys.readouterr().err
    assert "bad.txt: match q, line 2: 'Wind' must give the round wind 0..3" in err and "--resume" in err
    # a run that is not Botzone's rules cannot be exported
    plain = tmp_path / "plain"
    assert main(["run", "--hands", "16", "--variant", "guobiao", "--out", str(plain), "--no-progress"]) == 0
    assert main(["export", "botzone", str(plain), "--out", str(tmp_path / "p.txt")]) == 2
    assert "gb_variant = 'rulebook' (Botzone: 'botzone')" in capsys.readouterr().err
    with pytest.raises(ValueError, match="imported Botzone games"):
        export_run(tmp_path / "in", tmp_path / "x.txt")


def test_a_judge_penalty_is_named_by_the_rule_that_differs(hands, tmp_path):
    """A match the judge ends on a bot's error: claiming the last discard is a move the engine allows
    (``judge_rule``, the rule named); any other error is a ``bot_error``. Both stay out of the hands."""
    drawn = next(h for h in hands if h.outcome == 0)
    export_hands([drawn, drawn], tmp_path / "g.jsonl", "json")
    docs = [json.loads(s) for s in (tmp_path / "g.jsonl").read_text().splitlines()]
    for doc, answer in zip(docs, ("PENG W1", "PLAY W1")):
        log = doc["log"]
        last_play = max(i for i, e in enumerate(log) if "output" in e and e["output"]["display"].get("action") == "PLAY")
        discarder = log[last_play]["output"]["display"]["player"]
        who = (discarder + 2) % 4
        del log[last_play + 1:]
        log.append({str(p): {"verdict": "OK", "response": answer if p == who else "PASS"} for p in range(4)})
        scores = [10] * 4
        scores[who] = -30
        log.append({"output": {"command": "finish", "display": {"action": "WA", "player": who, "score": scores}}})
    _write(tmp_path / "g.jsonl", "\n".join(json.dumps(d) for d in docs) + "\n")
    s = import_logs([tmp_path / "g.jsonl"], tmp_path / "out")
    assert s.replayed == 0 and s.mismatches == {"judge_rule": 1, "bot_error": 1}
    bad = load_mismatches(tmp_path / "out")
    assert "answering 'PENG W1'" in bad["detail"][0] and "the judge forbids claiming the last discard" in bad["detail"][0]
    assert bad["category"][1] == "bot_error" and "WA by seat" in bad["detail"][1]
    # with faults=True a bot_error match is a hand ended by that bot's fault at the first decision
    # after the log's last action, the judge_rule one stays a mismatch, and one on the wall's last
    # discard (the engine ends the hand drawn before any decision) is a sequence mismatch
    doc = json.loads((tmp_path / "g.jsonl").read_text().splitlines()[0])
    log = doc["log"]
    plays = [i for i, e in enumerate(log) if "output" in e and e["output"]["display"].get("action") == "PLAY"]
    who = (log[plays[9]]["output"]["display"]["player"] + 1) % 4
    del log[plays[9] + 1:]
    log.append({str(p): {"verdict": "OK", "response": "PLAY W0" if p == who else "PASS"} for p in range(4)})
    log.append({"output": {"command": "finish", "display": {"action": "WA", "player": who,
                                                            "score": [-30 if p == who else 10 for p in range(4)]}}})
    _write(tmp_path / "f.jsonl", (tmp_path / "g.jsonl").read_text() + json.dumps(doc) + "\n")
    s = import_logs([tmp_path / "f.jsonl"], tmp_path / "faults", faults=True)
    assert s.replayed == 1 and s.mismatches == {"judge_rule": 1, "sequence": 1}
    assert "the engine ends the hand before the judge's WA" in load_mismatches(tmp_path / "faults")["detail"][1]
    got = fzsim.load(tmp_path / "faults")
    assert got["outcome"].astype(str).tolist() == ["fault"] and int(got["discarder"][0]) == who
    assert [int(got[f"delta_{p}"][0]) for p in range(4)] == [-30 if p == who else 10 for p in range(4)]
    assert int(got["tiles_left"][0]) > 0 and len(fzsim.load(tmp_path / "faults", table="wins")) == 0
    assert main(["verify", str(tmp_path / "faults")]) == 0
    with pytest.raises(ValueError, match="holds an import with --faults"):
        import_logs([tmp_path / "f.jsonl"], tmp_path / "faults", resume=True)


def test_json_responses_that_lost_are_the_claims_ignored(hands, tmp_path):
    """A response to a discard other than the claim taken (here a chow answered beside a pung) is
    read as a claim that lost, and the engine resolves the claims the same way."""
    j = next(i for i, h in enumerate(hands) if any(e.type == "pung" for e in h.events))
    export_hands([hands[j]], tmp_path / "g.jsonl", "json")
    doc = json.loads((tmp_path / "g.jsonl").read_text())
    log = doc["log"]
    k = next(i for i, e in enumerate(log) if "output" in e and e["output"]["display"].get("action") == "PENG")
    pung_seat = log[k]["output"]["display"]["player"]
    discard = next(log[i]["output"]["display"] for i in range(k - 1, 0, -1)
                   if "output" in log[i] and log[i]["output"]["display"].get("action") in ("PLAY", "PENG", "CHI"))
    chow_seat = (discard["player"] + 1) % 4
    if chow_seat == pung_seat:
        pytest.skip("the pung is by the seat that could chow")
    log[k - 1][str(chow_seat)]["response"] = "CHI W5 W9"
    _write(tmp_path / "g.jsonl", json.dumps(doc) + "\n")
    [g] = read_games(tmp_path / "g.jsonl")
    peng = next(e for e in g.events if e.kind == "peng")
    assert peng.seat == pung_seat and peng.ignored == ((chow_seat, "chi", 4),)
    assert replay_game(g, import_rules()).mismatch is None


@pytest.mark.slow
def test_many_simulated_hands_round_trip_without_a_mismatch(tmp_path, request):
    """1,200 hands of every policy mix (kongs, robbed kongs, last tiles, drawn hands among them)
    exported in both formats import with no mismatch."""
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("runs only with -m slow")   # the default run does not deselect it
    many = simulated(1200, seed=11)
    kinds = {e.type for h in many for e in h.events}
    assert {"concealed_kong", "added_kong", "kong", "chow", "pung", "drawn"} <= kinds
    for fmt in ("text", "json"):
        export_hands(many, tmp_path / f"g.{fmt}", fmt)
        s = import_logs([tmp_path / f"g.{fmt}"], tmp_path / fmt, jobs=2, chunk_size=300)
        assert (s.games, s.replayed, s.mismatches) == (1200, 1200, {})


def test_a_json_deal_read_from_the_requests(hands, tmp_path):
    """Some match logs keep the deal in the judge's requests only (``1 0 0 0 0 <13 tiles>``)."""
    export_hands(hands[:1], tmp_path / "g.jsonl", "json")
    doc = json.loads((tmp_path / "g.jsonl").read_text())
    deal = next(e for e in doc["log"] if "output" in e and e["output"]["display"].get("action") == "DEAL")
    del deal["output"]["display"]["hand"]
    _write(tmp_path / "g.jsonl", json.dumps(doc) + "\n")
    [g] = read_games(tmp_path / "g.jsonl")
    assert replay_game(g, import_rules()).mismatch is None


def test_a_forced_discard_replays():
    """A hand where the engine discards by itself (a turn with one legal move: four melds and two
    tiles of one kind, say) replays equal to its log: the log is stepped over that discard, its
    next draw included. (Such a hand was a `sequence` mismatch before: the replay stopped at the
    draw after the forced discard.) The fast replay sees the engine's own discard and hands the
    game (None, or the mismatch it runs into) to the careful one."""
    from fzsim.packs.guobiao.botzone.replay import _replay_walls, engine_wall, seat_walls

    import tempfile

    hand = play_hand(77, 59, RULES, "random", log=True, hand=59 % 16, dealer=59 % 4, streak=0)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "forced.txt")
        export_hands([hand], path, "text")
        [game] = read_games(path)
    rules = import_rules()
    fast = _replay_walls(game, rules, 0, engine_wall(seat_walls(game)[0]), False)
    assert fast is None or fast.mismatch is not None
    done = replay_game(game, rules)
    assert done.mismatch is None
    assert [done.row[f"delta_{s}"] for s in range(4)] == [getattr(hand, f"delta_{s}") for s in range(4)]
    assert done.row["winner"] == hand.winner and done.row["turns"] == hand.turns


def _games_of(text: str, path) -> list:
    """The games of ``text`` that read and whose walls rebuild (else none)."""
    from fzsim.packs.guobiao.botzone.replay import seat_walls

    path.write_text(text)
    try:
        games = list(read_games([path]))
        for g in games:
            seat_walls(g)
        return games
    except LogError:
        return []


def test_the_core_replay_is_the_python_replay(hands, text_file, tmp_path, monkeypatch):
    """`replay_games` replays in the core and falls back to Python where the core does not end a
    game as logged: on exported games and on copies altered at random (a tile, a seat, a line
    dropped or moved, a claim that lost, a score or fan line), every game gets the same mismatch
    (category, line, detail) or the same row and records as the Python replay alone gives it."""
    import random

    import numpy as np

    from fzsim.packs.guobiao.botzone import replay as rp

    rng = random.Random(29)
    blocks = text_file.read_text().split("Match ")[1:]
    games = []
    for b, block in enumerate(blocks):
        games += _games_of("Match " + block, tmp_path / f"g{b}.txt")
        lines = ("Match " + block).splitlines()
        acts = [i for i, line in enumerate(lines) if line.startswith("Player") and " Deal " not in line]
        for m in range(5):
            edit = list(lines)
            i = rng.choice(acts)
            words = edit[i].split()
            how = (b + m) % 6
            if how == 0:
                words[3] = rng.choice(["W1", "B5", "T9", "F2", "J3", words[3]])
                edit[i] = " ".join(words)
            elif how == 1:
                words[1] = str(rng.randrange(4))
                edit[i] = " ".join(words)
            elif how == 2:
                del edit[i]
            elif how == 3 and i + 1 < len(edit):
                edit[i], edit[i + 1] = edit[i + 1], edit[i]
            elif how == 4:
                claims = [j for j in acts if edit[j].split()[2] in ("Chi", "Peng", "Gang")] or [i]
                j = rng.choice(claims)
                other = (int(edit[j].split()[1]) + rng.randrange(1, 4)) % 4
                edit[j] += f" Ignore Player {other} {rng.choice(['Peng', 'Hu', 'Chi', 'Gang'])} {edit[j].split()[3]}"
            else:
                j = next((k for k, line in enumerate(edit) if line.startswith("Fan")), None) if b % 2 else None
                j = j if j is not None else next(k for k, line in enumerate(edit) if line.startswith("Score"))
                edit[j] = "Score 0 0 0 0" if edit[j].startswith("Score") else edit[j].replace("*1", "*2", 1)
            games += _games_of("\n".join(edit) + "\n", tmp_path / f"g{b}-{m}.txt")
        chows = [i for i in acts if lines[i].split()[2] == "Chi"]
        for m, middle in enumerate(("W1", "T9") if chows else ()):   # no chow has these middle tiles
            edit = list(lines)
            edit[chows[0]] = " ".join(edit[chows[0]].split()[:3] + [middle])
            games += _games_of("\n".join(edit) + "\n", tmp_path / f"g{b}-c{m}.txt")
    rules = import_rules()
    core = rp.replay_games(games, rules)
    monkeypatch.setattr(rp, "_IN_CORE", False)
    python = rp.replay_games(games, rules)
    cats = {}
    for a, b in zip(core, python):
        assert a.mismatch == b.mismatch, a.game.where()
        cats[a.mismatch.category if a.mismatch else "ok"] = cats.get(a.mismatch.category if a.mismatch else "ok", 0) + 1
        if a.mismatch is None:
            assert a.row == b.row
            assert a.records.keys() == b.records.keys()
            assert all(np.array_equal(a.records[k], b.records[k]) for k in a.records)
    assert len(games) > 300 and {"ok", "illegal", "sequence", "score", "fans"} <= set(cats), cats


def test_an_import_is_the_same_in_the_core_and_in_python(text_file, tmp_path, monkeypatch):
    """The hands and wins tables of an import are the same whether the games were replayed in the
    core, in Python, or some in each (a chunk holding both)."""
    from fzsim.packs.guobiao.botzone import replay as rp

    def load(out):
        return fzsim.load(out), fzsim.load(out, table="wins")

    import_logs([text_file], tmp_path / "core", chunk_size=16, progress=False)
    monkeypatch.setattr(rp, "_IN_CORE", False)
    import_logs([text_file], tmp_path / "python", chunk_size=16, progress=False)
    monkeypatch.setattr(rp, "_IN_CORE", True)
    encode = rp._encode
    calls = []

    def some(*a):                       # every third game replayed in Python
        calls.append(1)
        return len(calls) % 3 != 0 and encode(*a)

    monkeypatch.setattr(rp, "_encode", some)
    import_logs([text_file], tmp_path / "mixed", chunk_size=16, progress=False)
    core = load(tmp_path / "core")
    for other in ("python", "mixed"):
        got = load(tmp_path / other)
        for a, b in zip(core, got):
            assert a.equals(b), other
