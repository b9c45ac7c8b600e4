"""The situation flags and payers of Sichuan / 血战 wins, as the wins table names them.

Each win record's flags are the flow's FLAG_* bits plus the situations the pack adds (杠上炮, 天胡,
地胡), named by ``fzsim_core.packs.sichuan.pack.RECORD_FLAGS``; ``from_seat`` is the discarder (or the robbed
seat), or the one seat that pays a self-draw alone (点杠花), else -1. Two kinds of check:
explicit walls pin each situation in both presets, and a plain walk through the event log of
hundreds of greedy hands re-derives every win's flags and payer independently of the engine."""
import pytest

import fzsim
from fzsim.rules import load
from fzsim.wins_table import pack_names
from fzsim_core.packs.sichuan.pack import RECORD_FLAGS
from fzsim_core.win_facts import WIN_TYPES
from fzsim_core.winschema import RECORD_KINDS
from tests.engine_scripts import Script
from tests.test_pack_sichuan_engine import play

PRESETS = {"sichuan": load("sichuan"), "xuezhan": load("xuezhan")}
KONGS = ("kong", "concealed_kong", "added_kong")
WIN = RECORD_KINDS["win"]


def win_records(result):
    r = result.records
    return [{c: int(r[c][i]) for c in ("seat", "from_seat", "win_type", "flags", *(f"delta_{s}" for s in range(4)))}
            for i in range(len(r["kind"])) if r["kind"][i] == WIN]


def flag_names(flags: int) -> set[str]:
    return {n for n, b in RECORD_FLAGS.items() if flags & b}


def test_the_wins_table_names_sichuan_flags_from_the_record_flags():
    _, by_bit = pack_names("sichuan")
    assert by_bit == {b: n for n, b in RECORD_FLAGS.items()}
    assert len(set(RECORD_FLAGS.values())) == len(RECORD_FLAGS)
    assert {"robbed_kong", "last_tile", "kong_replacement", "kong_discard", "tianhu", "dihu"} <= set(RECORD_FLAGS)


# --- explicit walls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", PRESETS)
def test_dian_gang_hua_names_its_lone_payer(preset):
    # the dealer throws 5p, seat 1 konges it and wins on the replacement: 点杠花, the dealer pays alone
    hands = {0: "1m4m7m1p4p7p1s4s7s2m5m8m3p5p", 1: "555p123m456m78m99m",
             2: "2p9p8p7s6s9s5m6m9m1s2s8s7p", 3: "2p3p6p8p9p3s5s8s9s3m4m6m7m"}
    r = play(hands, [Script("5p"), Script(claims=["kong"]), Script(), Script()], draws="9m",
             variant=PRESETS[preset])
    (w,) = win_records(r)[:1]
    assert (w["seat"], w["from_seat"], w["win_type"]) == (1, 0, WIN_TYPES["selfdraw"])
    assert flag_names(w["flags"]) == {"selfdraw", "kong_replacement"}
    assert [w[f"delta_{s}"] < 0 for s in range(4)] == [True, False, False, False]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_win_on_the_discard_after_a_kong_replacement_is_kong_discard(preset):
    # the dealer konges its four 9s, draws 1m as the replacement and throws it: seat 1 wins on it,
    # 杠上炮 — and 地胡 too, as it is the dealer's first discard
    hands = {0: "9s9s9s1p4p7p2s5s8s2m5m8m3p9s", 1: "23m456m789m111p55p",
             2: "2p9p8p7s6s3s5m6m9m1s4s8s7p", 3: "2p3p6p8p9p3s5s4s7s3m4m6m7m"}
    r = play(hands, [Script("1m", kongs=True), Script(), Script(), Script()], draws="1m", variant=PRESETS[preset])
    assert [e.type for e in r.events if e.seat == 0 and e.type in KONGS] == ["concealed_kong"]
    (w,) = win_records(r)[:1]
    assert (w["seat"], w["from_seat"], w["win_type"]) == (1, 0, WIN_TYPES["discard"])
    assert flag_names(w["flags"]) == {"kong_discard", "dihu"}
    line = fzsim.game.format_events(r)[-1]
    assert "kong_discard" in line and "off seat 0" in line


@pytest.mark.parametrize("preset", PRESETS)
def test_robbing_an_added_kong_is_robbed_kong(preset):
    # seat 1 pungs the dealer's 5p and throws 1s; three quiet draws; seat 1 draws the fourth 5p and
    # adds it to its pung: seat 2 (waiting on 2p / 5p, it let the first 5p go) robs it
    hands = {0: "5p1m4m7m1p4p7p1s4s7s2m8m9m3p", 1: "5p5p123m456m78s99s1s",
             2: "3p4p234s456s789s66p", 3: "2p3p6p8p9p3s5s8s9s3m4m6m7m"}
    pols = [Script("5p"), Script("1s", claims=["pung"], kongs=True), Script(discard_win=False), Script()]
    r = play(hands, pols, draws="6m 2s 3m 5p", variant=PRESETS[preset])
    assert [(e.type, e.seat) for e in r.events if e.type in KONGS] == [("added_kong", 1)]
    (w,) = win_records(r)[:1]
    assert (w["seat"], w["from_seat"], w["win_type"]) == (2, 1, WIN_TYPES["robbed_kong"])
    assert flag_names(w["flags"]) == {"robbed_kong"}


READY_ON_9S = "123s456s789m111m9s"          # m and s only: a tanki wait on 9s
JUNK = ("2m4m6p7p1s5s8m3p4p6s7s8s9m", "3m5m7p8p9s2s6s9m1p2p5s7s8s")   # three suits: never a Sichuan win
DEALER_JUNK = "1m2m5p6p9s1s3s7m8p2s4s6m3p5m"


@pytest.mark.parametrize("preset", PRESETS)
def test_haidi_a_self_draw_on_the_last_live_tile_is_last_tile(preset):
    # nobody claims or wins until seat 3 draws the wall's last tile (the one 9s the hands leave)
    hands = {0: DEALER_JUNK, 1: JUNK[0], 2: JUNK[1], 3: READY_ON_9S}
    r = play(hands, [Script("5m"), Script(), Script(), Script()], variant=PRESETS[preset])
    (w,) = win_records(r)[:1]
    assert r.tiles_left == 0 and (w["seat"], w["from_seat"], w["win_type"]) == (3, -1, WIN_TYPES["selfdraw"])
    assert flag_names(w["flags"]) == {"selfdraw", "last_tile"}


@pytest.mark.parametrize("preset", PRESETS)
def test_a_discard_win_on_the_last_tile_carries_no_last_tile_flag(preset):
    # seat 3 draws the last tile and throws it; seat 1 wins on it (海底 has no value in Sichuan and
    # last_tile marks a self-draw on the last live tile: docs/spec/RULES-PACKS.md §2)
    hands = {0: DEALER_JUNK, 1: READY_ON_9S, 2: JUNK[1], 3: JUNK[0]}
    r = play(hands, [Script("5m"), Script(), Script(), Script()], variant=PRESETS[preset])
    (w,) = win_records(r)[:1]
    assert r.tiles_left == 0 and (w["seat"], w["from_seat"], w["win_type"]) == (1, 3, WIN_TYPES["discard"])
    assert flag_names(w["flags"]) == set()


# --- every win of hundreds of hands, from the event log ---------------------------------------------

def expected_from_log(events, dealer):
    """(seat, from_seat or None, set of flag names) per win, derived from the log alone (from_seat
    None: a self-draw, whose payer the deltas say)."""
    out, discards = [], 0
    for i, e in enumerate(events):
        if e.type == "discard":
            discards += 1
        if e.type != "win":
            continue
        win_type = e.arg
        names = set()
        if win_type == WIN_TYPES["selfdraw"]:
            names.add("selfdraw")
            prev = [x for x in events[:i] if x.type not in ("win", "decline")]
            if len(prev) >= 2 and prev[-1].type == "replace" and prev[-2].type in KONGS and prev[-1].seat == e.seat:
                names.add("kong_replacement")
            if e.seat == dealer and discards == 0:   # the dealer's first turn (a kong before it too)
                names.add("tianhu")
            out.append((e.seat, None, names))
            continue
        # a discard win: the discard it was on, and what came before it
        j = max(k for k in range(i) if events[k].type in ("discard", "added_kong"))
        src = events[j]
        if win_type == WIN_TYPES["robbed_kong"]:
            names.add("robbed_kong")
        elif j >= 2 and events[j - 1].type == "replace" and events[j - 2].type in KONGS \
                and events[j - 1].seat == src.seat:
            names.add("kong_discard")
        if src.seat == dealer and discards == 1 and win_type == WIN_TYPES["discard"]:   # its first discard
            names.add("dihu")
        out.append((e.seat, src.seat, names))
    return out


@pytest.mark.parametrize("preset", PRESETS)
def test_every_win_flag_and_payer_agrees_with_the_event_log(preset):
    seen = {n: 0 for n in RECORD_FLAGS}
    lone = 0
    for game in range(500):
        r = fzsim.play_hand(11, game, variant=PRESETS[preset], policies="greedy", log=True)
        wins = win_records(r)
        expected = expected_from_log(r.events, r.dealer)
        assert len(wins) == len(expected), game
        for w, (seat, src, names) in zip(wins, expected):
            got = flag_names(w["flags"])
            assert w["seat"] == seat, (game, w)
            assert got - {"last_tile"} == names, (game, got, names)
            payers = [s for s in range(4) if w[f"delta_{s}"] < 0]
            if src is not None:
                assert w["from_seat"] == src, (game, w)
            else:
                assert w["from_seat"] == (payers[0] if len(payers) == 1 else -1), (game, w, payers)
                lone += len(payers) == 1
            if "last_tile" in got:   # 海底: nothing left to draw after this win's tile
                assert r.tiles_left == 0, (game, w)
            for n in got:
                seen[n] += 1
    # the sample reaches the situations that matter (so the checks above are not vacuous)
    assert seen["selfdraw"] > 50 and seen["robbed_kong"] > 0 and seen["kong_replacement"] > 0
    assert seen["kong_discard"] > 0 and lone > 0


def test_xz_a9_dian_gang_hua_paid_as_a_self_draw_in_xuezhan():
    # the SC-8 wall under 血战 with XZ-A9: every unfinished opponent pays the 杠上花, nobody alone
    hands = {0: "1m4m7m1p4p7p1s4s7s2m5m8m3p5p", 1: "555p123m456m78m99m",
             2: "2p9p8p7s6s9s5m6m9m1s2s8s7p", 3: "2p3p6p8p9p3s5s8s9s3m4m6m7m"}
    variant = load("xuezhan", xz_dian_gang_hua_selfdraw=True)
    r = play(hands, [Script("5p"), Script(claims=["kong"]), Script(), Script()], draws="9m", variant=variant)
    (w,) = win_records(r)[:1]
    assert (w["seat"], w["from_seat"], w["win_type"]) == (1, -1, WIN_TYPES["selfdraw"])
    assert flag_names(w["flags"]) == {"selfdraw", "kong_replacement"}
    assert [w[f"delta_{s}"] < 0 for s in range(4)] == [True, False, True, True]
    assert w["delta_1"] == -(w["delta_0"] + w["delta_2"] + w["delta_3"]) and w["delta_0"] == w["delta_2"]


@pytest.mark.parametrize("preset", PRESETS)
def test_gang_shang_kai_hua_after_a_concealed_kong_is_kong_replacement(preset):
    # the dealer konges its four 9s in its first turn and wins on the replacement 3s: 杠上开花, paid
    # by all three (no discard was konged), and 天胡 too (the dealer's first turn, a kong before it)
    hands = {0: "9s9s9s9s1s2s3s4s5s6s1s1s2s4s", 1: JUNK[0],
             2: "1m3m5m7m9m1p3p5p7p9p2m4m6m", 3: "2p4p6p8p1m1m3m3m5m5m7m7m9m"}
    r = play(hands, [Script(kongs=True), Script(), Script(), Script()], draws="3s", variant=PRESETS[preset])
    (w,) = win_records(r)[:1]
    assert [e.type for e in r.events if e.type in KONGS] == ["concealed_kong"]
    assert (w["seat"], w["from_seat"], w["win_type"]) == (0, -1, WIN_TYPES["selfdraw"])
    assert flag_names(w["flags"]) == {"selfdraw", "kong_replacement", "tianhu"}
    assert [w[f"delta_{s}"] < 0 for s in range(4)] == [False, True, True, True]
