"""Real 国标 games (tests/data/botzone/ccr-cheng: three human games of Botzone's data set, MIT) imported
and checked against an independent replay.

The independent replay below shares no code with fzsim: it follows the record with its own hand
tracking, scores the winning hand with PyMahjongGB (the fan calculator of Botzone's judge) and pays
it by the judge's rule (judge/main.cpp of Botzone's Chinese-Standard-Mahjong: a self-draw 8 + fans
from each, a discard win 8 + fans from the discarder and 8 from the others).
"""
from __future__ import annotations

import hashlib
import json
import os
from collections import Counter

import numpy as np
import pytest
from MahjongGB import MahjongFanCalculator

import fzsim
from fzsim import integrity
from fzsim.packs.guobiao.botzone import read_games
from fzsim.packs.guobiao.botzone.importer import import_logs, load_games
from fzsim.packs.guobiao.botzone.logs import LogError
from fzsim.packs.guobiao.botzone.names import FAN_IDS
from fzsim.packs.guobiao.botzone.replay import import_rules, replay_games
from fzsim.packs.guobiao.records import record_fans

HERE = os.path.join(os.path.dirname(__file__), "data", "botzone", "ccr-cheng")
SAMPLE = os.path.join(HERE, "processed_data_sample.json")


# ---- the independent replay -------------------------------------------------------------------

def independent(doc: dict) -> dict:
    """Winner, discarder (-1 self-draw), fans {name: count}, fan total and scores of one record."""
    first = doc["first_player"]
    walls = [[t for t in w if t] for w in doc["tiles"]]
    hands = [Counter(w[:13]) for w in walls]
    took = [13] * 4
    hands[first][walls[first][13]] += 1
    took[first] = 14
    packs = [[] for _ in range(4)]
    shown = Counter()           # tiles shown (the judge's shownTile): melds but concealed kongs, discards left
    last = ("draw", first, walls[first][13], False)     # what happened last: kind, seat, tile, after a kong
    drawer, kong_by = first, -1
    for column in zip(*doc["actions"]):
        acting = [(p, a) for p, a in enumerate(column) if a[0] != 0]
        if not acting:
            p = drawer
            tile = walls[p][took[p]]
            took[p] += 1
            hands[p][tile] += 1
            last, kong_by = ("draw", p, tile, kong_by == p), -1
            continue
        assert len(acting) == 1
        p, a = acting[0]
        code = a[0]
        if code in (3, 4):                              # a chow or pung of the last discard, then a discard
            assert last[0] == "play"
            giver, claimed = last[1], last[2]
            shown[claimed] -= 1
            hands[p][claimed] += 1
            if code == 3:
                mid, out = a[1].split()
                for d in (-1, 0, 1):
                    tile = f"{mid[0]}{int(mid[1]) + d}"
                    hands[p][tile] -= 1
                    shown[tile] += 1
                packs[p].append(("CHI", mid, int(claimed[1]) - int(mid[1]) + 2))
            else:
                out = a[1]
                hands[p][claimed] -= 3
                shown[claimed] += 3
                packs[p].append(("PENG", claimed, (giver - p) % 4))
            code, a = 2, [2, out]
        if code == 2:
            hands[p][a[1]] -= 1
            shown[a[1]] += 1
            last, drawer = ("play", p, a[1], False), (p + 1) % 4
        elif code == 5 and len(a) == 1:                 # a kong of the last discard
            giver, claimed = last[1], last[2]
            hands[p][claimed] -= 3
            shown[claimed] += 3
            packs[p].append(("GANG", claimed, (giver - p) % 4))
            drawer, kong_by = p, p
        elif code == 5:                                 # a concealed kong
            hands[p][a[1]] -= 4
            packs[p].append(("GANG", a[1], 0))
            drawer, kong_by = p, p
        elif code == 6:                                 # an added kong of the tile just drawn
            tile = last[2]
            hands[p][tile] -= 1
            shown[tile] += 1
            packs[p] = [("GANG", k, o) if (t, k) == ("PENG", tile) else (t, k, o) for t, k, o in packs[p]]
            last, drawer, kong_by = ("bugang", p, tile, False), p, p
        elif code == 7:
            self_draw = last[0] == "draw"
            win = last[2]
            if self_draw:
                hands[p][win] -= 1
            elif last[0] == "play":
                shown[win] -= 1
            assert min(hands[p].values()) >= 0
            fans = MahjongFanCalculator(tuple(packs[p]), tuple(sorted(hands[p].elements())), win, 0, self_draw,
                                        shown[win] == 3, last[3] or last[0] == "bugang",
                                        took[(last[1] + 1) % 4] == 34, (p - first) % 4, doc["round_wind"],
                                        verbose=True)
            total = sum(points for points, _, _, _ in fans)
            pay = [-(8 + total) if self_draw or s == last[1] else -8 for s in range(4)]
            pay[p] = 0
            pay[p] = -sum(pay)
            return {"winner": p, "discarder": -1 if self_draw else last[1], "total": total,
                    "fans": {name: count for _, count, name, _ in fans}, "scores": pay}
    return {"winner": -1, "discarder": -1, "total": 0, "fans": {}, "scores": [0, 0, 0, 0]}


def _records() -> list[dict]:
    with open(SAMPLE, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


# ---- the fixture ------------------------------------------------------------------------------

def test_fixture_is_the_mit_licensed_file_it_says():
    with open(os.path.join(HERE, "LICENSE"), encoding="utf-8") as f:
        licence = f.read()
    assert licence.startswith("MIT License") and "Permission is hereby granted, free of charge" in licence
    with open(os.path.join(HERE, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(SAMPLE, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    assert digest in readme and "ccr-cheng/botzone-mahjong-environment" in readme
    assert len(_records()) == 3


def test_the_independent_replay_pays_as_the_judge():
    """The reference itself: a known hand (a pure discard win) and the payment rule's sums."""
    refs = [independent(doc) for doc in _records()]
    assert [r["winner"] for r in refs] == [0, 0, 3]
    for r in refs:
        assert sum(r["scores"]) == 0 and r["total"] >= 8
        assert r["scores"][r["discarder"]] == -(8 + r["total"])


# ---- import and compare -----------------------------------------------------------------------

def test_real_games_import_with_no_mismatch_and_equal_the_independent_replay(tmp_path):
    s = import_logs([SAMPLE], str(tmp_path / "real"), progress=False)
    assert (s.games, s.replayed, s.mismatches) == (3, 3, {})
    assert integrity.open_folder(str(tmp_path / "real")).complete       # what `fzsim verify` checks
    hands = fzsim.load(str(tmp_path / "real")).sort_values("game_id")
    refs = [independent(doc) for doc in _records()]
    assert hands["winner"].tolist() == [r["winner"] for r in refs]
    assert hands["discarder"].tolist() == [r["discarder"] for r in refs]
    assert hands["dealer"].tolist() == [doc["first_player"] for doc in _records()]
    deltas = hands[[f"delta_{s}" for s in range(4)]].to_numpy().tolist()
    assert deltas == [r["scores"] for r in refs]
    assert load_games(str(tmp_path / "real"))["category"].tolist() == ["ok"] * 3

    # every fan with its count, and the total, from the engine's records
    done = replay_games(list(read_games(SAMPLE)), import_rules())
    assert all(r.mismatch is None for r in done)
    recs = {k: np.concatenate([r.records[k][:1] for r in done]) for k in
            ("kind", "concealed", "meld_type", "meld_kind", "n_melds", "win_type", "flags", "seat", "game_id",
             "hand", "tile", "gen", "value")}
    assert (recs["kind"] == 0).all()
    dealers = np.array([r.game.dealer for r in done], dtype=np.int8)
    _, _, counts = record_fans({"game_id": recs["game_id"], "hand": recs["hand"], "dealer": dealers}, recs,
                               mingangang=True)
    for r, ref, row, value in zip(done, refs, counts, recs["value"]):
        engine = {f: int(c) for f, c in enumerate(row) if c}
        assert engine == {FAN_IDS[name]: c for name, c in ref["fans"].items()}, r.game.where()
        assert int(value) == ref["total"]


def test_fans_the_real_games_cover():
    covered = set()
    for doc in _records():
        covered |= set(independent(doc)["fans"])
    assert covered == {"三色三同顺", "平和", "独听・嵌张", "碰碰和", "幺九刻", "缺一门", "无字", "三色三步高", "断幺"}


# ---- bad records of this format ---------------------------------------------------------------

def _edited(tmp_path, edit) -> str:
    doc = _records()[0]
    edit(doc)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(doc) + "\n", encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("edit, says", [
    (lambda d: d["actions"][1].__setitem__(6, [9, "F3"]), "player 1 answers [9, 'F3']"),
    (lambda d: d["actions"][0].__setitem__(6, [2, "W1"]), "players [0, 1] act on one request"),
    (lambda d: d["tiles"][3].pop(), "player 3's wall has 33 places"),
    (lambda d: d["tiles"][0].__setitem__(0, "X5"), "X5"),
    (lambda d: d.__setitem__("round_wind", 7), "round_wind must be 0..3, got 7"),
    (lambda d: [a.__setitem__(slice(40, None), []) for a in d["actions"]], "the game is truncated"),
])
def test_a_bad_record_names_the_file_the_game_and_the_column(tmp_path, edit, says):
    path = _edited(tmp_path, edit)
    with pytest.raises(LogError) as err:
        list(read_games(path))
    assert says in str(err.value) and "edited.json: game 1 (line 1)" in str(err.value)


def test_a_record_without_its_win_is_a_sequence_mismatch(tmp_path):
    """The win removed: every listed tile is drawn, so the reader cannot tell; the replay can."""
    path = _edited(tmp_path, lambda d: [a.pop() for a in d["actions"]])
    s = import_logs([path], str(tmp_path / "out"), progress=False)
    assert (s.games, s.replayed, s.mismatches) == (1, 0, {"sequence": 1})
