"""The wins-table contract of every pack (issue 26): flags and patterns named by the pack (never
a placeholder), each win's scoring elements adding up to its value, the payers of every record,
and a folder of the previous storage format still loading."""
import json
import os
import shutil

import numpy as np
import pyarrow.parquet as pq
import pytest

from fzsim import integrity, orchestrator, results_reader, storage, wins_table

PRESETS = ("fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors", "sichuan", "xuezhan", "guobiao",
           "beijing", "shanghai")
HANDS, SEED = 320, 11
DELTAS = [f"delta_{s}" for s in range(4)]


@pytest.fixture(scope="module")
def ten(tmp_path_factory):
    out = tmp_path_factory.mktemp("ten") / "run"
    orchestrator.simulate(HANDS, out=str(out), variants=PRESETS, seed=SEED, block_size=160, progress=False)
    return out, results_reader.load(out), results_reader.load(out, table="wins")


def _flag_table(variant):
    from fzsim.rules import load
    return wins_table.pack_names(load(variant).canonical["pack"])[1]


@pytest.mark.parametrize("variant", PRESETS)
def test_flags_are_the_packs_names(ten, variant):
    _, _, wins = ten
    w = wins[wins.variant == variant]
    table = _flag_table(variant)
    for bits, names in zip(w["flags"], w["flags_named"]):
        assert list(names) == [table[1 << b] for b in range(32) if int(bits) >> b & 1]
    assert not any(n.startswith("bit") for names in w["flags_named"] for n in names)
    assert not any(n.startswith("bit") for names in w["patterns_named"] for n in names)


@pytest.mark.parametrize("variant", PRESETS)
def test_elements_add_up_to_the_value(ten, variant):
    _, _, wins = ten
    w = wins[(wins.variant == variant) & (wins.record == "win")]
    assert len(w) > 0
    lens = w["elements"].apply(len)
    assert (lens == w["element_values"].apply(len)).all() and (lens == w["element_counts"].apply(len)).all()
    total = [int(np.dot(v, c)) for v, c in zip(w["element_values"], w["element_counts"])]
    off = w[np.array(total) != w["value"].to_numpy()]
    assert off.empty, off[["game_id", "hand", "elements", "element_values", "value", "flags_named"]].head()
    settle = wins[(wins.variant == variant) & (wins.record != "win")]
    assert (settle["elements"].apply(len) == 0).all()
    # one row per element, as the docs show
    long = w.explode(["elements", "element_values", "element_counts"]).dropna(subset=["elements"])
    assert len(long) == lens.sum()


def test_element_names_per_pack(ten):
    _, _, wins = ten
    names = wins.explode("elements").groupby("variant", observed=True)["elements"].apply(lambda s: set(s.dropna()))
    from fzsim.packs.guobiao.calculator import FAN_NAMES
    from fzsim_core.packs.beijing.score import FANS
    from fzsim_core.win_facts import SPECIALS
    assert names["fuzhou"] <= set(SPECIALS) and names["fuzhou"]
    assert {"pinghu", "gen"} <= names["sichuan"] and "pinghu" in names["xuezhan"]
    assert names["guobiao"] <= set(FAN_NAMES) and len(names["guobiao"]) > 10
    assert names["beijing"] <= set(FANS) and "zhuang" in names["beijing"]
    assert "base_points" in names["shanghai"]


def test_guobiao_fans_match_the_record_reader(ten):
    """patterns_named / elements of 国标 against fzsim.packs.guobiao.records (its own per-row reader)."""
    from fzsim.packs.guobiao.calculator import FAN_NAMES
    from fzsim.packs.guobiao.records import record_fans
    from fzsim.rules import load
    from fzsim_core.engine import play_block
    from fzsim_core.packs.guobiao.batch import VALUES

    cfg = load("guobiao")
    cols, recs = play_block(cfg.core, 7, 0, 20, ("greedy",) * 4, False, records=True)
    table = wins_table.build_wins_table(recs, 7, "guobiao", hands=cols, rules=cfg.canonical).to_pylist()
    idx, total, fans = record_fans(cols, recs)
    assert len(idx) > 100
    for j, i in enumerate(idx):
        row = table[i]
        want = [(FAN_NAMES[f], int(VALUES[f]), int(fans[j, f])) for f in np.flatnonzero(fans[j])]
        assert sorted(zip(row["elements"], row["element_values"], row["element_counts"])) == sorted(want)
        assert sorted(row["patterns_named"]) == sorted(n for n, _, _ in want)
        assert row["value"] == total[j]
        top = max(want, key=lambda e: e[1])[1]
        assert dict((n, v) for n, v, _ in want)[row["base_pattern_name"]] == top


@pytest.mark.parametrize("variant", ["sichuan", "xuezhan", "guobiao", "beijing", "shanghai", "fuzhou"])
def test_payers_are_the_seats_that_paid(ten, variant):
    _, _, wins = ten
    w = wins[wins.variant == variant]
    d = w[DELTAS].to_numpy()
    for row, paid in zip(d, w["payers"]):
        assert list(paid) == [s for s in range(4) if row[s] < 0]
    one = w[(w.record == "win") & (w.win_type == "discard")]
    assert len(one)
    if variant == "guobiao":        # the discarder pays 8 + the fans, each other seat 8
        assert all(list(p) == sorted({0, 1, 2, 3} - {s}) for p, s in zip(one["payers"], one["seat"]))
    elif variant == "beijing":      # 互包: a partner pays the whole hand part, the discarder then nothing
        assert all(len(p) for p in one["payers"])
    elif variant == "shanghai":     # 承包 partners may pay beside the discarder
        assert all(f in list(p) for p, f in zip(one["payers"], one["from_seat"]))
    else:
        assert all(list(p) == [f] for p, f in zip(one["payers"], one["from_seat"]))


def test_an_unnamed_bit_is_refused():
    from fzsim.rules import load
    from fzsim_core.engine import play_block

    cfg = load("sichuan")
    cols, recs = play_block(cfg.core, 5, 0, 20, ("greedy",) * 4, False, records=True)
    bad = dict(recs, flags=recs["flags"] | np.uint32(1 << 30))
    with pytest.raises(ValueError, match="'flags' holds bit 30.*pack 'sichuan' does not name"):
        wins_table.build_wins_table(bad, 5, "sichuan", hands=cols)
    bad = dict(recs, patterns=recs["patterns"] | np.uint32(1 << 29))
    with pytest.raises(ValueError, match="'patterns' holds bit 29"):
        wins_table.build_wins_table(bad, 5, "sichuan", hands=cols)
    with pytest.raises(ValueError, match="needs the hands' columns"):
        wins_table.build_wins_table(*play_block(load("guobiao").core, 5, 0, 2, ("greedy",) * 4, False,
                                              records=True)[1:], 5, "guobiao")


def _rewrite_as_format_2(folder):
    """The folder as storage format 2 wrote it: wins parts without the format-3 columns."""
    m = storage.read_manifest(str(folder))
    m.identity.format = 2
    storage.write_manifest(str(folder), m)
    for d, _, files in os.walk(folder):
        for f in files:
            if not f.startswith("part-"):
                continue
            path = os.path.join(d, f)
            t = pq.read_table(path)
            meta = {k.decode(): v.decode() for k, v in t.schema.metadata.items()}
            run_json = json.loads(meta["fzsim.run"])
            run_json["format"] = 2
            meta["fzsim.run"] = integrity.identity_metadata(storage.RunIdentity.from_json(run_json))
            meta["fzsim.format"] = "2"
            t = t.drop_columns([c for c in wins_table.ELEMENT_COLUMNS if c in t.column_names])
            pq.write_table(t.replace_schema_metadata(meta), path)


def test_a_format_2_folder_still_loads(tmp_path):
    out = tmp_path / "r"
    orchestrator.simulate(200, out=str(out), variants=("xuezhan",), seed=3, block_size=100, progress=False)
    hands, wins = results_reader.load(out), results_reader.load(out, table="wins")
    old = tmp_path / "old"
    shutil.copytree(out, old)
    _rewrite_as_format_2(old)
    assert integrity.open_folder(str(old)).complete
    got = results_reader.load(old, table="wins")
    assert list(got.columns) == list(wins.columns)
    assert got[list(wins_table.ELEMENT_COLUMNS)].isna().all().all()
    kept = [c for c in wins.columns if c not in wins_table.ELEMENT_COLUMNS]
    assert got[kept].equals(wins[kept])
    assert results_reader.load(old).equals(hands)
    some = results_reader.load(old, table="wins", columns=["game_id", "elements"])
    assert list(some.columns) == ["game_id", "elements"] and some["elements"].isna().all()
    assert integrity.replay_sample(integrity.open_folder(str(old)), 5).mismatches == []
    with pytest.raises(ValueError, match="storage format 2 there, 3 requested"):
        orchestrator.simulate(200, out=str(old), variants=("xuezhan",), seed=3, block_size=100, progress=False,
                              resume=True)


def test_patterns_match_direct_counts(ten):
    """fzsim.analysis.patterns against a slow count over the rows, per variant and role."""
    from fzsim import analysis
    out, hands, wins = ten
    p = analysis.patterns(out).set_index(["variant", "role", "element"])
    pd_frame = analysis.patterns(wins, hands=hands)
    assert pd_frame.equals(p.reset_index())
    dealer = {(r.variant, r.game_id, r.hand): r.dealer for r in hands[["variant", "game_id", "hand", "dealer"]]
              .astype({"variant": str}).itertuples()}
    for variant in ("guobiao", "sichuan", "shanghai", "fuzhou"):
        w = wins[(wins.variant == variant) & (wins.record == "win")]
        for role in ("all", "dealer", "nondealer"):
            rows = [r for r in w.itertuples() if role == "all"
                    or (r.seat == dealer[(variant, r.game_id, r.hand)]) == (role == "dealer")]
            points = sum(r.value for r in rows)
            counted = {}
            for r in rows:
                for name, v, c in zip(r.elements, r.element_values, r.element_counts):
                    k = counted.setdefault(name, [0, 0])
                    k[0] += 1
                    k[1] += int(v) * int(c)
            for name, (n_wins, added) in counted.items():
                row = p.loc[(variant, role, name)]
                assert row["wins"] == n_wins and row["n"] == len(rows)
                assert row["mean_value"] == pytest.approx(added / n_wins)
                assert row["points_share"] == pytest.approx(added / points)
                assert row["lo"] <= row["share"] <= row["hi"]
            assert len(p.loc[(variant, role)]) == len(counted)
    with pytest.raises(ValueError, match="give the hands table too"):
        analysis.patterns(wins)


def test_patterns_refuse_a_folder_without_elements(tmp_path):
    from fzsim import analysis
    out = tmp_path / "r"
    orchestrator.simulate(100, out=str(out), variants=("sichuan",), seed=3, block_size=100, progress=False)
    _rewrite_as_format_2(out)
    with pytest.raises(ValueError, match="no scoring elements.*storage format 3"):
        analysis.patterns(out)


def test_each_packs_report_section(ten, tmp_path):
    from fzsim import report
    out, _, _ = ten
    sections = {s.title: s for s in report.element_sections(out, str(tmp_path))}
    assert list(sections) == [title for title, _, _ in report.PACK_SECTIONS.values()]
    for title, png, _ in report.PACK_SECTIONS.values():
        assert sections[title].image == png and (tmp_path / png).stat().st_size > 1000
    gb = sections["国标 fan table"].table
    assert set(gb["variant"]) == {"guobiao"} and "花牌" in set(gb["element"]) and len(gb) == report.TOP_ELEMENTS
    sc = sections["Sichuan patterns and 根"].table
    assert {"sichuan", "xuezhan"} == set(sc["variant"]) and "gen" in set(sc["element"])
    fz = sections["Fuzhou specials"].table
    assert set(fz["variant"]) <= {"fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors"}
    assert "base_points" in set(sections["Shanghai patterns and 勒子 caps"].table["element"])


@pytest.mark.slow
def test_a_report_builds_for_a_run_of_each_preset(ten, tmp_path, request):
    """The whole report (every section, probability tables included) of a ten-preset run."""
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("a full report of ten presets takes about a minute: run with -m slow")
    from fzsim import report
    out, _, _ = ten
    rep = report.build_report(out, tmp_path / "rep", prob_deals=200)
    text = open(rep["markdown"], encoding="utf-8").read()
    for title, png, _ in report.PACK_SECTIONS.values():
        assert f"## {title}" in text and f"![{title}]({png})" in text
        assert (tmp_path / "rep" / png).stat().st_size > 1000
    section = text.split("## 国标 fan table", 1)[1].split("\n## ", 1)[0]
    assert "| guobiao |" in section and "花牌" in section and "share of points" in section
    assert "| xuezhan | gen |" in text.split("## Sichuan patterns and 根", 1)[1].split("\n## ", 1)[0]
    assert "| shanghai | base_points |" in text and "| fuzhou | qiangjin |" in text


@pytest.mark.parametrize("variant", ["sichuan", "xuezhan", "beijing"])
def test_elements_by_situation_equal_those_of_each_win(variant, monkeypatch):
    """Sichuan and Beijing call the calculator once per distinct situation: the same elements as
    one call per win."""
    from fzsim import win_elements
    from fzsim.rules import load
    from fzsim_core.engine import play_block

    cfg = load(variant)
    cols, recs = play_block(cfg.core, 9, 0, 1500, ("greedy",) * 4, False, records=True)
    wins = recs["kind"] == 0
    cached = win_elements.elements(recs, wins, "sichuan" if variant != "beijing" else "beijing", cfg.canonical, cols)
    monkeypatch.setattr(win_elements, "by_situation",
                        lambda recs, wins, keys, compute: [compute(i) if wins[i] else [] for i in range(len(wins))])
    each = win_elements.elements(recs, wins, "sichuan" if variant != "beijing" else "beijing", cfg.canonical, cols)
    assert wins.sum() > 1000 and cached == each
