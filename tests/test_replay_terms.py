"""The replay's result line names each pack's own terms, read from the hand's win records: Fuzhou's
F/K/G/L/S only for Fuzhou (and plain); Shanghai its pattern, flags, 花牌 / 花分, P and 勒子; Beijing its
fans; Sichuan its pattern, 根 and 分 / 番; 国标 its highest fans."""
from __future__ import annotations

import pytest

from fzsim.game import format_events, play_hand
from fzsim.packs.guobiao.records import top_fans
from fzsim.wins_table import base_pattern_names, pack_names
from fzsim_core.winschema import RECORD_KINDS


def won_hands(variant, n=40, need=3):
    """Hands of seed 7 with a win, their result lines and the win records' indices."""
    out = []
    for g in range(n):
        r = play_hand(7, g, variant, "greedy", log=True)
        wins = [i for i, k in enumerate(r.records["kind"]) if int(k) == RECORD_KINDS["win"]]
        if wins:
            out.append((r, format_events(r)[-1], wins))
        if len(out) == need:
            return out
    raise AssertionError(f"fewer than {need} won hands in {n} games of {variant}")


def names(value, table):
    return [n for b, n in sorted(table.items()) if int(value) & b]


def test_shanghai_line_names_pattern_flowers_p_and_lezi():
    pats, flags = pack_names("shanghai")
    for r, line, wins in won_hands("shanghai", need=6):
        assert "F=" not in line and "K=" not in line
        rec = {c: r.records[c][wins[0]] for c in r.records if c not in ("concealed", "meld_type", "meld_kind")}
        base = base_pattern_names("shanghai")[int(rec["base_pattern"])]
        assert f"pattern {base} (forms {','.join(names(rec['patterns'], pats))})" in line
        assert f"flags {','.join(names(rec['flags'], flags)) or 'none'}" in line
        assert f"P {int(rec['points'])} per payer = {int(rec['points']) / 10:g} 勒子" in line
        assert f"花牌 {int(rec['gen'])}" in line
        if base != "bahua":
            # the 花分 recomputed from the record's hand is the row's F of the first win
            assert f"花分 {r.F};" in line, (line, r.F)


def test_beijing_line_names_its_fans():
    fans, _ = pack_names("beijing")
    for r, line, wins in won_hands("beijing"):
        rec = wins[0]
        listed = ",".join(names(r.records["patterns"][rec], fans))
        assert f"fans {listed} = {int(r.records['value'][rec])} 番" in line and "F=" not in line


@pytest.mark.parametrize("variant, unit", [("sichuan", "分"), ("xuezhan", "番")])
def test_sichuan_line_names_pattern_gen_and_unit(variant, unit):
    for r, line, wins in won_hands(variant):
        for i in wins:   # 血战: every win of the hand has its clause
            base = base_pattern_names("sichuan")[int(r.records["base_pattern"][i])]
            assert (f"pattern {base}" in line and f"根 {int(r.records['gen'][i])}" in line
                    and f"{int(r.records['value'][i])} {unit}" in line)
        assert line.count(" wins by ") == len(wins) and "F=" not in line


def test_guobiao_line_names_its_highest_fans():
    for r, line, wins in won_hands("guobiao"):
        rec = wins[0]
        fans = ",".join(top_fans([r.records["patterns"][rec]])[0])
        assert f"fans {fans} (the highest) = {int(r.records['value'][rec])} 番" in line
        assert f"{int(r.records['points'][rec])} per payer" in line and "F=" not in line


def test_fuzhou_keeps_its_row_fields_and_a_drawn_hand_says_so():
    r = play_hand(7, 1, "fuzhou", "greedy", log=True)
    line = format_events(r)[-1]
    assert (f"F={r.F} K={r.K} G={r.G} L={r.L} S={r.S}" in line) == (r.outcome != 0)
    for g in range(60):
        r = play_hand(7, g, "shanghai", "greedy", log=True)
        if r.outcome == 0:
            assert format_events(r)[-1].startswith("result: drawn")
            return
    raise AssertionError("no drawn Shanghai hand in 60 games")
