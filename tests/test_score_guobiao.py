"""``fzsim score --variant guobiao``: the 国标 calculator on docs/spec/RULES-PACKS.md §8.5's cases, and
its errors (each names the bad value)."""
from __future__ import annotations

import json

import pytest

from fzsim.cli import main

GB1 = ["score", "67s888p11z8s", "--variant", "guobiao", "--chow", "234m", "--pung", "555p",
       "--winning-tile", "8s"]


def _json(capsys, argv):
    assert main(argv + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_gb1_discard_pays_8_plus_fan(capsys):
    out = _json(capsys, GB1 + ["--from", "2"])
    assert [(f["name"], f["value"], f["count"]) for f in out["fans"]] == [("无番和", 8, 1)]
    assert out["total"] == 8 and out["deltas"] == [32, -8, -16, -8] and out["win"] == "discard"


def test_gb2_flowers_text(capsys):
    assert main(GB1 + ["--from", "2", "--flowers", "1f2f"]) == 0
    text = capsys.readouterr().out
    assert "无番和 8" in text and "花牌 1 × 2" in text and "total 10 fans (8 without flowers" in text
    assert "seat 0 +34, seat 1 -8, seat 2 -18, seat 3 -8" in text
    assert _json(capsys, GB1 + ["--from", "2", "--flowers", "2"])["total"] == 10  # a count works too


def test_gb3_under_eight_is_refused(capsys):
    assert main(["score", "234567m45p6789s9s3p", "--variant", "guobiao", "--winning-tile", "3p", "--from", "1"]) == 2
    err = capsys.readouterr().err
    assert "诈和" in err and "门前清 2 + 平和 2 + 连六 1 = 5" in err


def test_gb4_self_draw_each_pays(capsys):
    out = _json(capsys, ["score", "11m33m55p77p22s88s1z1z", "--variant", "guobiao", "--winning-tile", "1z"])
    assert out["total"] == 25 and out["deltas"] == [99, -33, -33, -33]
    assert {f["name"] for f in out["fans"]} == {"七对", "自摸"}


def test_gb5_gb7_gb8_gb9(capsys):
    out = _json(capsys, ["score", "19m19p19s1234567z7z", "--variant", "guobiao", "--winning-tile", "7z",
                         "--from", "3", "--winner", "1"])
    assert out["total"] == 88 and out["deltas"] == [-8, 112, -8, -96]
    out = _json(capsys, ["score", "234m345p4s6789s55z5s", "--variant", "guobiao", "--winning-tile", "5s",
                         "--win", "robbed_kong", "--from", "1"])
    assert out["total"] == 18 and out["deltas"] == [42, -26, -8, -8]
    out = _json(capsys, GB1 + ["--win", "last_tile"])
    assert [f["name"] for f in out["fans"]] == ["妙手回春"] and out["deltas"] == [48, -16, -16, -16]
    out = _json(capsys, ["score", "67s888p11z8s", "--variant", "guobiao", "--kong", "5p", "--chow", "234m",
                         "--winning-tile", "8s", "--win", "kong_replacement"])
    assert out["total"] == 9 and out["deltas"] == [51, -17, -17, -17]


def test_winds_from_dealer_and_round(capsys):
    # 东 pung: seat wind East for the dealer, South for the next seat; round wind as given
    argv = ["score", "111z123m456m789m55m", "--variant", "guobiao", "--winning-tile", "5m", "--from", "3"]
    dealer = {f["name"] for f in _json(capsys, argv)["fans"]}
    assert {"圈风刻", "门风刻"} <= dealer
    south = _json(capsys, argv + ["--winner", "1", "--from", "0"])
    assert south["seat_wind"] == "2z" and "门风刻" not in {f["name"] for f in south["fans"]}
    west_round = _json(capsys, argv + ["--round-wind", "3z"])
    assert "圈风刻" not in {f["name"] for f in west_round["fans"]}


@pytest.mark.parametrize("extra, match", [
    (["--from", "2", "--gold", "5p"], "--gold does not apply to variant guobiao"),
    (["--from", "2", "--base", "2"], "--base does not apply"),
    (["--from", "2", "--streak", "2"], "--streak does not apply"),
    (["--from", "5"], "--from 5 must be a seat"),
    (["--from", "2", "--round-wind", "5z"], "round_wind '5z' must be a wind"),
    (["--from", "2", "--seat-wind", "9m"], "seat_wind '9m'"),
    (["--from", "2", "--flowers", "1z"], "--flowers '1z'"),
    (["--from", "2", "--flowers", "9"], "--flowers '9'"),
    (["--win", "qiangjin", "--from", "2"], "--win qiangjin is not a 国标 win"),
    (["--win", "discard"], "give the discarder with --from"),
    (["--win", "selfdraw", "--from", "1"], "drop --from 1"),
    (["--from", "0"], "discarder cannot be the winner"),
])
def test_bad_input_names_the_value(capsys, extra, match):
    assert main(GB1 + extra) == 2
    assert match in capsys.readouterr().err


def test_bad_hand_and_missing_winning_tile(capsys):
    assert main(["score", "--variant", "guobiao", "--winning-tile", "8s"]) == 2
    assert "needs the hand" in capsys.readouterr().err
    assert main(["score", "67s888p11z8s", "--variant", "guobiao", "--chow", "234m", "--from", "1"]) == 2
    assert "needs --winning-tile" in capsys.readouterr().err
    assert main(["score", "67s888p11z9s", "--variant", "guobiao", "--chow", "234m", "--pung", "555p",
                 "--winning-tile", "9s", "--from", "1"]) == 2
    assert "not a winning" in capsys.readouterr().err
    assert main(["score", "67s888p11z8s", "--variant", "guobiao", "--chow", "235m", "--pung", "555p",
                 "--winning-tile", "8s", "--from", "1"]) == 2
    assert "235m" in capsys.readouterr().err


def test_fuzhou_still_needs_gold(capsys):
    assert main(["score", "123m456m789m55s9s12s", "--from", "1"]) == 2
    assert "--gold" in capsys.readouterr().err
