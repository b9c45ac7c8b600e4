"""Reading Botzone match logs of one line (fzsim.packs.guobiao.botzone.logs): the quick reader (`_compact_game`:
the log cut into its entries, each distinct entry decoded once) gives exactly the game the plain
reader (`_json_game`: `json.loads` of the whole line) gives — the same events, claims that lost,
result, errors — on exported games and on hand-made oddities, and an import gives the same hands,
wins and game tables either way."""
import json

import pandas as pd
import pytest

import fzsim
import fzsim.packs.guobiao.botzone.logs as logs
from fzsim.packs.guobiao.botzone import LogError, read_games
from fzsim.packs.guobiao.botzone.export import export_hands
from fzsim.packs.guobiao.botzone.importer import import_logs, load_games
from fzsim.game import play_hand

RULES = fzsim.rules.load("guobiao", gb_variant="botzone", gb_mingangang=True)
POLICIES = (("greedy",) * 4, ("guard", "random", "greedy", "guard"), ("random", "greedy", "random", "greedy"))


@pytest.fixture(scope="module")
def docs(tmp_path_factory):
    """60 simulated hands (kongs, chows, pungs, drawn hands) as match logs."""
    hands = [play_hand(5, g, RULES, POLICIES[g % 3], log=True, hand=(3 * g) % 16, dealer=g % 4, streak=0)
             for g in range(60)]
    path = tmp_path_factory.mktemp("bz") / "g.jsonl"
    export_hands(hands, path, "json")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def compact(doc) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"))


def read(path, quick: bool, monkeypatch):
    """The games of ``path`` (or the error) with the quick reader on or off."""
    with monkeypatch.context() as m:
        if not quick:
            m.setattr(logs, "_compact_game", lambda *a: None)
        calls = []
        if quick:
            real = logs._compact_game
            m.setattr(logs, "_compact_game", lambda *a: calls.append(1) or real(*a))
        try:
            return list(read_games(path)), calls
        except LogError as exc:
            return f"LogError: {exc}", calls


def both(tmp_path, lines, monkeypatch):
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    quick, calls = read(path, True, monkeypatch)
    plain, _ = read(path, False, monkeypatch)
    assert calls, "the quick reader was not asked"
    return quick, plain


def same(quick, plain):
    assert quick == plain
    if not isinstance(quick, str):
        for a, b in zip(quick, plain):
            assert a.events == b.events and all(type(e) is logs.LogEvent for e in a.events)
            assert (a.result, a.wall, a.deals, a.wind, a.match, a.line) == (b.result, b.wall, b.deals, b.wind,
                                                                             b.match, b.line)


def test_exported_games_read_the_same(docs, tmp_path, monkeypatch):
    quick, plain = both(tmp_path, [compact(d) for d in docs], monkeypatch)
    assert len(quick) == 60
    assert all(g._plain for g in quick)             # the quick reader read every line
    same(quick, plain)


def _outputs(doc, action):
    return [i for i, e in enumerate(doc["log"]) if "output" in e and e["output"]["display"].get("action") == action]


def _claims_lost(doc):
    """A chow answered beside a pung, and a pung answered beside a discard nobody took."""
    log = doc["log"]
    k = _outputs(doc, "PENG")[0]
    pung = log[k]["output"]["display"]["player"]
    for s in range(4):
        if s != pung:
            log[k - 1][str(s)]["response"] = "CHI W5 W9"
            break
    p = _outputs(doc, "PLAY")[2]
    log[p + 1][str((log[p]["output"]["display"]["player"] + 2) % 4)]["response"] = "PENG W1"
    return doc


def _penalty(doc):
    """The judge ends the match on a bot's answer (its responses, then an error display)."""
    log = doc["log"]
    p = _outputs(doc, "PLAY")[-1]
    who = (log[p]["output"]["display"]["player"] + 1) % 4
    del log[p + 1:]
    log.append({str(s): {"verdict": "OK", "response": "GANG" if s == who else "PASS"} for s in range(4)})
    log.append({"output": {"command": "finish", "display": {"action": "WA", "player": who,
                                                           "score": [10 if s != who else -30 for s in range(4)]}}})
    return doc


def _deal_in_requests(doc):
    del doc["log"][_outputs(doc, "DEAL")[0]]["output"]["display"]["hand"]
    return doc


def _two_responses(doc):
    """Two sets of responses after one discard (the second replaces the first's claims)."""
    log = doc["log"]
    k = _outputs(doc, "PENG")[0]
    log.insert(k, {str(s): {"verdict": "OK", "response": "HU"} for s in range(4)})
    return doc


def _debug_text(doc):
    """A response carrying text with braces and the entry separator in it."""
    log = doc["log"]
    log[5]["0"]["debug"] = "x},{y [z"
    return doc


def _bool_player(doc):
    p = _outputs(doc, "PLAY")[0]
    doc["log"][p]["output"]["display"]["player"] = True
    return doc


def _bad_tile(doc):
    doc["log"][_outputs(doc, "PLAY")[1]]["output"]["display"]["tile"] = "W0"
    return doc


def _bad_fan(doc):
    hu = _outputs(doc, "HU")[0]
    doc["log"][hu]["output"]["display"]["fan"][0]["name"] = "不是番"
    return doc


def _truncated(doc):
    del doc["log"][-1]
    return doc


def _entry_not_an_object(doc):
    doc["log"].insert(3, [1, 2])
    return doc


def _display_not_an_object(doc):
    doc["log"][_outputs(doc, "DRAW")[0]]["output"]["display"] = ["DRAW"]
    return doc


def _claim_first(doc):
    """A pung before any discard: the plain reader's error."""
    log = doc["log"]
    d = _outputs(doc, "DRAW")[0]
    log[d]["output"]["display"] = {"action": "PENG", "player": 1, "tile": "W1"}
    return doc


def _short_wall(doc):
    doc["initdata"]["walltiles"] = " ".join(doc["initdata"]["walltiles"].split()[:135])
    return doc


def _keys_reordered(doc):
    return {"log": doc["log"], "initdata": doc["initdata"], "_id": doc["_id"]}


def _initdata_string(doc):
    doc["initdata"] = json.dumps(doc["initdata"])
    return doc


@pytest.mark.parametrize("edit", [_claims_lost, _penalty, _deal_in_requests, _two_responses, _debug_text,
                                  _bool_player, _bad_tile, _bad_fan, _truncated, _entry_not_an_object,
                                  _display_not_an_object, _claim_first, _short_wall, _keys_reordered,
                                  _initdata_string])
def test_odd_logs_read_the_same(docs, tmp_path, monkeypatch, edit):
    won = [d for d in docs if _outputs(d, "HU") and _outputs(d, "PENG")]
    lines = [compact(edit(json.loads(json.dumps(won[0])))), compact(won[1])]
    quick, plain = both(tmp_path, lines, monkeypatch)
    same(quick, plain)


def test_claims_lost_are_read_by_the_quick_reader(docs, tmp_path, monkeypatch):
    """The case above is not vacuous: the quick reader reads it, and finds the chow that lost."""
    won = [d for d in docs if _outputs(d, "HU") and _outputs(d, "PENG")]
    quick, _ = both(tmp_path, [compact(_claims_lost(json.loads(json.dumps(won[0]))))], monkeypatch)
    assert quick[0]._plain
    peng = next(e for e in quick[0].events if e.kind == "peng")
    assert any(c[1] == "chi" and c[2] == 4 for c in peng.ignored)


def test_an_import_is_the_same_either_way(docs, tmp_path, monkeypatch):
    path = tmp_path / "g.jsonl"
    path.write_text("\n".join(compact(d) for d in docs) + "\n", encoding="utf-8")
    s = import_logs([path], tmp_path / "quick", progress=False)
    with monkeypatch.context() as m:
        m.setattr(logs, "_compact_game", lambda *a: None)
        t = import_logs([path], tmp_path / "plain", progress=False)
    assert (s.games, s.replayed, s.mismatches) == (t.games, t.replayed, t.mismatches) == (60, 60, {})
    for table in ("hands", "wins"):
        pd.testing.assert_frame_equal(fzsim.load(tmp_path / "quick", table=table),
                                      fzsim.load(tmp_path / "plain", table=table))
    pd.testing.assert_frame_equal(load_games(tmp_path / "quick"), load_games(tmp_path / "plain"))
