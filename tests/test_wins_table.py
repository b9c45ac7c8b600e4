"""The wins table (one row per win and settlement): storage, integrity, analysis and the report,
on real small runs of xuezhan, sichuan and fuzhou; and runs of several policy settings."""
import os
import shutil

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import fzsim
from fzsim import analysis, analysis_wins, integrity, orchestrator, report, results_reader, storage, wins_table
from fzsim.cli import main
from fzsim.tiles import fmt, kind_name

HANDS, BLOCK, SEED = 300, 100, 11
VARIANTS = ("xuezhan", "sichuan", "fuzhou")
DELTAS = [f"delta_{s}" for s in range(4)]


def run(out, hands=HANDS, **kw):
    kw.setdefault("seed", SEED)
    kw.setdefault("block_size", BLOCK)
    kw.setdefault("progress", False)
    return orchestrator.simulate(hands, out=str(out), _block_fn=kw.pop("block_fn", None), **kw)


@pytest.fixture(scope="module")
def three(tmp_path_factory):
    out = tmp_path_factory.mktemp("wins") / "run"
    run(out, variants=VARIANTS)
    return out, results_reader.load(out), results_reader.load(out, table="wins")


# --- the stored table -----------------------------------------------------------------------------

def test_wins_table_agrees_with_the_hands_table(three):
    out, hands, wins = three
    assert list(wins.columns) == wins_table.WINS_COLUMNS
    assert list(wins["record"].cat.categories) == wins_table.RECORD_NAMES
    assert list(wins["win_type"].cat.categories) == storage.WIN_TYPE_NAMES
    for v in VARIANTS:
        h = hands[hands.variant == v].set_index(["game_id", "hand"])
        w = wins[wins.variant == v]
        assert (w.groupby(["game_id", "hand"])["order"].apply(list)
                .apply(lambda o: o == list(range(len(o))))).all()          # sorted, orders 0..n-1
        # every payment of a hand is in its records: their sum is the hand's total
        total = w.groupby(["game_id", "hand"])[DELTAS].sum().reindex(h.index, fill_value=0)
        np.testing.assert_array_equal(total.to_numpy(), h[DELTAS].to_numpy())
        assert (w[DELTAS].sum(axis=1) == 0).all()
        won = w[w.record == "win"]
        n = won.groupby(["game_id", "hand"]).size().reindex(h.index, fill_value=0)
        np.testing.assert_array_equal(n.to_numpy(), h["n_wins"].to_numpy())
        first = won.groupby(["game_id", "hand"]).first()
        hf = h.loc[first.index]
        assert (first["seat"].to_numpy() == hf["winner"].to_numpy()).all()
        assert (first["win_type"].astype(str).to_numpy() == hf["win_type"].astype(str).to_numpy()).all()
        assert (first["value"].to_numpy() == hf["S"].to_numpy()).all()
        settle = w[w.record != "win"]
        assert settle["win_type"].isna().all() and (settle["hand_notation"] == "").all()
        assert settle["tile_name"].isna().all() and won["win_type"].notna().all()
        assert (won.groupby(["game_id", "hand"])["seat"].nunique() == won.groupby(["game_id", "hand"]).size()).all()
    kinds = set(wins.loc[wins.variant == "xuezhan", "record"].astype(str))
    assert "win" in kinds and kinds <= {"win", "huazhu", "dajiao"}
    assert (wins.loc[wins.variant == "xuezhan"].groupby(["game_id", "hand"]).size() > 1).any()
    assert set(wins.loc[wins.variant == "fuzhou", "record"].astype(str)) == {"win"}


def test_fuzhou_patterns_are_the_special_counted(three):
    _, hands, wins = three
    h = hands[hands.variant == "fuzhou"].set_index(["game_id", "hand"])
    w = wins[wins.variant == "fuzhou"].set_index(["game_id", "hand"])
    counted = h.loc[w.index, "special_counted"].astype(str).to_numpy()
    named = w["patterns_named"].apply(lambda names: ",".join(names) or "none").to_numpy()
    assert (counted == named).all()
    # Sichuan keeps its pattern bits out of Fuzhou's special columns
    sc = hands[hands.variant != "fuzhou"]
    assert not sc[list(analysis.SPECIAL_COLUMNS)].to_numpy().any() and (sc["special_counted"] == "none").all()


def _reference_notation(conc, n_melds, mtype, mkind) -> str:
    """Slow reference: concealed counts through fzsim.tiles.fmt, each meld spelt tile by tile."""
    counts = np.zeros(34, dtype=np.uint8)
    for k in conc:
        if k != 255:
            counts[k] += 1
    parts = [fmt(counts)] if counts.any() else []
    for t, k in zip(mtype[:n_melds], mkind[:n_melds]):
        tiles = [k, k + 1, k + 2] if t == 1 else [k] * (3 if t == 2 else 4)
        c = np.zeros(34, dtype=np.uint8)
        for x in tiles:
            c[x] += 1
        parts.append(("(%s)" if t == 5 else "[%s]") % fmt(c))
    return " ".join(parts)


@pytest.mark.parametrize("variant", VARIANTS)
def test_notation_and_names_match_slow_references(variant):
    from fzsim.rules import load as load_rules
    from fzsim_core.engine import play_block

    config = load_rules(variant)
    pack = config.canonical["pack"]
    _, recs = play_block(config.core, 5, 0, 400, ("greedy",) * 4, False, records=True)
    table = wins_table.build_wins_table(recs, 5, pack).to_pylist()
    patterns, flags = wins_table.pack_names(pack)
    if pack == "sichuan":
        from fzsim_core.packs.sichuan.score import PATTERNS
        assert patterns == {2 ** i: n for i, n in enumerate(PATTERNS)}
    assert len(table) == len(recs["game_id"]) > 0
    for i, row in enumerate(table):
        if recs["kind"][i] == 0:
            ref = _reference_notation(recs["concealed"][i], recs["n_melds"][i], recs["meld_type"][i],
                                      recs["meld_kind"][i])
            assert row["hand_notation"] == ref
            n_tiles = sum(1 for k in recs["concealed"][i] if k != 255)
            # a kong's fourth tile was replaced from the wall: each meld stands for three tiles
            # (三金倒 may be declared holding 16 tiles: three golds win at once)
            allowed = {16, 17} if row["win_type"] == "sanjindao" else {{"sichuan": 14, "fuzhou": 17}[pack]}
            assert n_tiles + 3 * recs["n_melds"][i] in allowed
            tile = int(recs["tile"][i])        # -1: a win on no one tile (三金倒, 天胡)
            assert row["tile_name"] == (kind_name(tile) if tile >= 0 else None)
        bits = int(recs["patterns"][i])
        assert row["patterns_named"] == [patterns[1 << b] for b in range(32) if bits >> b & 1]
        fl = int(recs["flags"][i])
        assert row["flags_named"] == [flags[1 << b] for b in range(32) if fl >> b & 1]
        assert row["record"] == wins_table.RECORD_NAMES[recs["kind"][i]]


def test_broken_records_are_refused():
    from fzsim.rules import load as load_rules
    from fzsim_core.engine import play_block

    _, recs = play_block(load_rules("xuezhan").core, 5, 0, 20, ("greedy",) * 4, False, records=True)
    with pytest.raises(ValueError, match="lack column"):
        wins_table.build_wins_table({k: v for k, v in recs.items() if k != "points"}, 5, "sichuan")
    bad = dict(recs, kind=np.full_like(recs["kind"], 9))
    with pytest.raises(ValueError, match="'kind' holds 9"):
        wins_table.build_wins_table(bad, 5, "sichuan")
    bad = dict(recs, value=recs["value"].astype(np.int64))
    with pytest.raises(ValueError, match="'value' must be a 1-d int16"):
        wins_table.build_wins_table(bad, 5, "sichuan")
    with pytest.raises(ValueError, match=r"meld \(type 9"):
        wins_table.meld_notation(9, 0)


def test_load_wins_bad_input_and_old_folders(three, tmp_path):
    out, _, _ = three
    with pytest.raises(ValueError, match="table 'moves' is unknown: allowed 'hands', 'wins'"):
        results_reader.load(out, table="moves")
    with pytest.raises(ValueError, match="unknown column.*'S'.*wins table"):
        results_reader.load(out, table="wins", columns=["S"])
    one = results_reader.load(out, table="wins", variant="sichuan", columns=["game_id", "record"],
                       filters=[("record", "==", "chajiao")])
    assert list(one.columns) == ["game_id", "record"] and set(one["record"].astype(str)) <= {"chajiao"}
    # a folder written before the wins table (storage format 1): its hands load, its wins are refused
    old = tmp_path / "old"
    shutil.copytree(out, old)
    shutil.rmtree(old / storage.WINS_DIR)
    m = storage.read_manifest(str(old))
    m.identity.format = 1
    storage.write_manifest(str(old), m)
    for d, _, files in os.walk(old):
        for f in files:
            if f.startswith("part-"):
                t = pq.read_table(os.path.join(d, f))
                meta = {k.decode(): v.decode() for k, v in t.schema.metadata.items()}
                run_json = __import__("json").loads(meta["fzsim.run"])
                run_json["format"] = 1
                meta["fzsim.run"] = integrity.identity_metadata(storage.RunIdentity.from_json(run_json))
                meta["fzsim.format"] = "1"
                pq.write_table(t.replace_schema_metadata(meta), os.path.join(d, f))
    assert len(results_reader.load(old)) == len(VARIANTS) * HANDS
    with pytest.raises(ValueError, match="has no wins table.*storage format 1"):
        results_reader.load(old, table="wins")
    with pytest.raises(ValueError, match="no wins table"):
        analysis_wins.wins_per_hand(old)
    assert "pattern" not in set(analysis.rates(old)["family"])


# --- integrity: the wins part goes with its hands part ---------------------------------------------

@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    out = tmp_path_factory.mktemp("clean") / "run"
    run(out, variants=("xuezhan",))
    return out, results_reader.load(out), results_reader.load(out, table="wins")


WINS_PART = os.path.join(storage.WINS_DIR, "variant=xuezhan", "part-000001.parquet")


def _same(out, clean):
    pd.testing.assert_frame_equal(results_reader.load(out), clean[1])
    pd.testing.assert_frame_equal(results_reader.load(out, table="wins"), clean[2])


def test_a_missing_wins_part_is_refused_then_replayed(tmp_path, clean):
    out = tmp_path / "r"
    shutil.copytree(clean[0], out)
    os.remove(out / WINS_PART)
    with pytest.raises(integrity.ResultsError, match=r"part-000001.parquet has no wins part .*is missing"):
        results_reader.load(out)
    assert main(["verify", str(out)]) != 0
    with pytest.warns(UserWarning, match="playing its block again"):
        run(out, variants=("xuezhan",), resume=True)
    _same(out, clean)


def test_a_damaged_or_foreign_wins_part(tmp_path, clean):
    out = tmp_path / "r"
    shutil.copytree(clean[0], out)
    (out / WINS_PART).write_bytes(b"not parquet")
    with pytest.raises(integrity.ResultsError, match="unreadable wins part"):
        results_reader.load(out, table="wins")
    with pytest.warns(UserWarning, match="unreadable wins part.*playing its block again"):
        run(out, variants=("xuezhan",), resume=True)
    _same(out, clean)
    other = tmp_path / "other"
    run(other, variants=("xuezhan",), seed=SEED + 1)
    shutil.copy(other / WINS_PART, out / WINS_PART)
    with pytest.raises(integrity.ResultsError, match="belongs to another run"):
        results_reader.load(out)
    with pytest.raises(ValueError, match="not this run's; refusing to mix"):
        run(out, variants=("xuezhan",), resume=True)
    (out / storage.WINS_DIR / "notes.txt").write_text("x")
    check = integrity.open_folder(str(out))
    assert any("notes.txt is a stray file in the wins folder" in f.line() for f in check.findings)


def test_a_wins_part_with_the_wrong_row_count_is_replayed(tmp_path, clean):
    out = tmp_path / "r"
    shutil.copytree(clean[0], out)
    t = pq.read_table(out / WINS_PART)
    pq.write_table(t.slice(1), out / WINS_PART)        # same metadata, one row short
    with pytest.raises(integrity.ResultsError, match=f"rows, expected {t.num_rows}"):
        results_reader.load(out)
    with pytest.warns(UserWarning, match="playing its block again"):
        run(out, variants=("xuezhan",), resume=True)
    _same(out, clean)


def test_stopped_between_the_wins_part_and_the_hands_part(tmp_path, clean, monkeypatch):
    """The wins part of block 1 is in place, its hands part is not: the block is not done, the
    uncommitted wins part is never read, and --resume replaces it."""
    real = storage.write_part

    def stop_before_hands(*args):
        if args[2] == 1 and args[4] == "hands":
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(storage, "write_part", stop_before_hands)
    out = tmp_path / "r"
    with pytest.raises(orchestrator.RunStopped) as stopped:
        run(out, variants=("xuezhan",))
    assert stopped.value.blocks_done == 1 and (out / WINS_PART).exists()
    check = integrity.open_folder(str(out))
    assert check.consistent and check.n_missing == 2
    with pytest.raises(integrity.ResultsError, match="unfinished"):
        results_reader.load(out, table="wins")
    with pytest.warns(UserWarning):
        got = results_reader.load(out, table="wins", strict=False)
    assert set(got["game_id"]) <= set(range(BLOCK))        # block 0 only: never the uncommitted block 1
    monkeypatch.setattr(storage, "write_part", real)
    run(out, variants=("xuezhan",), resume=True)
    _same(out, clean)


def test_a_failed_first_block_leaves_no_wins_part_behind(tmp_path, monkeypatch):
    real = storage.write_part

    def fail_hands(*args):
        if args[4] == "hands":
            raise OSError(28, "No space left on device")
        return real(*args)

    monkeypatch.setattr(storage, "write_part", fail_hands)
    out = tmp_path / "r"
    out.mkdir()
    with pytest.raises(OSError):
        run(out, variants=("xuezhan",))
    assert os.listdir(out) == []


def test_replay_compares_the_wins_rows(tmp_path, clean):
    out = tmp_path / "r"
    shutil.copytree(clean[0], out)
    check = integrity.open_folder(str(out))
    assert integrity.replay_sample(check, 12).mismatches == []
    t = pq.read_table(out / WINS_PART)
    values = t["points"].to_numpy().copy()
    values[:] += 1
    t = t.set_column(t.schema.get_field_index("points"), "points", pa.array(values))
    pq.write_table(t, out / WINS_PART)
    check = integrity.open_folder(str(out))
    assert check.consistent
    result = integrity.replay_sample(check, HANDS)
    assert result.mismatches and all("points stored" in m for m in result.mismatches)


# --- analysis and the report -----------------------------------------------------------------------

def test_wins_analysis_matches_direct_counts(three):
    out, hands, wins = three
    wph = analysis_wins.wins_per_hand(out).set_index("variant")
    for v in VARIANTS:
        n = hands.loc[hands.variant == v, "n_wins"].value_counts()
        for k in range(4):
            assert wph.loc[v, f"share_{k}"] == pytest.approx(n.get(k, 0) / HANDS)
    assert wph.loc["xuezhan", "mean"] > 2 and wph.loc["fuzhou", "share_2"] == 0
    pd.testing.assert_frame_equal(analysis_wins.wins_per_hand(wins, hands=hands), analysis_wins.wins_per_hand(out))
    with pytest.raises(ValueError, match="give the hands table too"):
        analysis_wins.wins_per_hand(wins)

    ov = analysis_wins.order_value(out).set_index(["variant", "nth"])
    xw = wins[(wins.variant == "xuezhan") & (wins.record == "win")].copy()
    xw["nth"] = xw.groupby(["game_id", "hand"]).cumcount() + 1
    for nth, g in xw.groupby("nth"):
        gain = [r[f"delta_{r['seat']}"] for _, r in g.iterrows()]
        assert ov.loc[("xuezhan", nth), "value"] == pytest.approx(g["value"].mean())
        assert ov.loc[("xuezhan", nth), "gain"] == pytest.approx(np.mean(gain))
    assert sorted(ov.loc["xuezhan"].index) == [1, 2, 3]

    st = analysis_wins.settlements(out).set_index(["variant", "settlement"])
    for (v, kind), row in st.iterrows():
        g = wins[(wins.variant == v) & (wins.record == kind)]
        assert row["hands"] == g.groupby(["game_id", "hand"]).ngroups
        assert row["payers"] == pytest.approx(len(g.drop_duplicates(["game_id", "hand", "from_seat"])) / HANDS)
        assert row["lo"] <= row["rate"] <= row["hi"]
    assert st.loc[("xuezhan", "chajiao"), "hands"] == 0 and st.loc[("sichuan", "huazhu"), "hands"] == 0

    pf = analysis_wins.pattern_frequencies(out)
    for _, row in pf.iterrows():
        w = wins[(wins.variant == row["variant"]) & (wins.record == "win")]
        assert row["wins"] == sum(row["pattern"] in names for names in w["patterns_named"])
        assert row["n"] == len(w) and row["as_base"] == (w["base_pattern_name"] == row["pattern"]).sum()
    x = pf[pf.variant == "xuezhan"]
    assert x["as_base"].sum() == x["n"].iloc[0]                   # every Sichuan win has one base pattern
    assert (pf.loc[pf.variant == "fuzhou", "as_base"] == 0).all()


def test_rates_read_every_win(three):
    out, hands, wins = three
    r = analysis.rates(out).set_index(["variant", "family", "event"])
    # Fuzhou has one win a hand: the wins table gives the hands table's win-type rates
    plain = analysis.rates(hands[hands.variant == "fuzhou"], families=("win_type",)).set_index("event")
    for event, row in plain.iterrows():
        assert r.loc[("fuzhou", "win_type", event), "count"] == row["count"]
    x = wins[(wins.variant == "xuezhan") & (wins.record == "win")]
    for event in ("selfdraw", "discard"):
        assert r.loc[("xuezhan", "win_type", event), "count"] == x[x.win_type == event].groupby(
            ["game_id", "hand"]).ngroups
    seat = analysis.rates(out, per="seat", families=("win_type", "pattern"), variants=["xuezhan"])
    for s in range(4):
        n = x[(x.seat == s) & (x.win_type == "discard")].groupby(["game_id", "hand"]).ngroups
        assert seat[(seat.seat == s) & (seat.event == "discard")]["count"].item() == n
    role = analysis.rates(out, per="role", families=("settlement",), variants=["xuezhan"])
    total = role.groupby("event")["count"].sum()
    d = wins[(wins.variant == "xuezhan") & (wins.record == "dajiao")]
    assert total["dajiao"] == len(d.drop_duplicates(["game_id", "hand", "seat"]))
    with pytest.raises(ValueError, match="read from the wins table"):
        analysis.rates(hands, families=("pattern",))


def test_report_of_a_xuezhan_run(tmp_path):
    out = tmp_path / "x"
    assert main(["run", "--variant", "xuezhan", "--hands", "300", "--seed", "3", "--out", str(out),
                 "--no-progress"]) == 0
    rep = report.build_report(out, tmp_path / "rep", prob_deals=1000)
    text = open(rep["markdown"], encoding="utf-8").read()
    for title in ("## Wins per hand", "## Value by order of win", "## Settlements", "## Pattern frequency",
                  "| xuezhan | dajiao |", "| xuezhan | 3 |"):
        assert title in text, title
    assert "| special | jinque |" not in text and "| pattern | pinghu |" in text


@pytest.mark.slow   # a second whole report (the policy-settings test below reports fuzhou beside xuezhan too)
def test_report_of_a_three_variant_run_labels_each_packs_rows(three, tmp_path):
    rep = report.build_report(three[0], tmp_path / "rep3", prob_deals=1000)
    text = open(rep["markdown"], encoding="utf-8").read()
    assert "| special | jinque |" in text and "| fuzhou | qiangjin |" in text


# --- several policy settings in one run ----------------------------------------------------------------

@pytest.fixture(scope="module")
def sets(tmp_path_factory):
    out = tmp_path_factory.mktemp("sets") / "run"
    summary = run(out, variants=("xuezhan", "fuzhou"), policy_sets=["greedy", "all=greedy,0=random"])
    return out, summary


def test_policy_settings_are_partitions_on_the_same_games(sets, tmp_path):
    out, summary = sets
    labels = ["greedy", "random,greedy,greedy,greedy"]
    assert summary.policy_sets == labels and "2 policy settings" in summary.line()
    df = results_reader.load(out)
    assert list(df["policy"].cat.categories) == labels and len(df) == 4 * HANDS
    for v in ("xuezhan", "fuzhou"):
        a = df[(df.variant == v) & (df.policy == labels[0])].reset_index(drop=True)
        b = df[(df.variant == v) & (df.policy == labels[1])].reset_index(drop=True)
        assert (a["game_id"] == b["game_id"]).all() and (a["wall_digest"] == b["wall_digest"]).all()
    # each setting's rows are those of a run with just that setting
    alone = tmp_path / "alone"
    run(alone, variants=("xuezhan", "fuzhou"), policies="all=greedy,0=random")
    ref = results_reader.load(alone)
    got = df[df.policy == labels[1]].drop(columns="policy").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, ref)
    ref_w = results_reader.load(alone, table="wins")
    w = results_reader.load(out, table="wins")
    got_w = w[w.policy == labels[1]].drop(columns="policy").reset_index(drop=True)
    pd.testing.assert_frame_equal(got_w, ref_w)
    assert os.path.isdir(storage.unit_dir(str(out), "xuezhan", labels[1]))


def test_policy_settings_compare_and_report(sets, tmp_path):
    out, _ = sets
    n = analysis.compare(out, baseline="fuzhou/greedy", metrics=("n_wins",)).set_index("other")
    df = results_reader.load(out, columns=["variant", "policy", "n_wins"])
    mean = df.groupby([df.variant.astype(str), df.policy.astype(str)])["n_wins"].mean()
    assert n.loc["xuezhan/greedy", "mean_other"] == pytest.approx(mean[("xuezhan", "greedy")])
    assert n.loc["xuezhan/greedy", "mean_baseline"] == pytest.approx(mean[("fuzhou", "greedy")])
    assert n.loc["xuezhan/greedy", "mean_diff"] > 1
    c = analysis.compare(out, baseline="xuezhan/greedy", metrics=("win",))
    assert set(c["other"]) == {"fuzhou/greedy", "fuzhou/random,greedy,greedy,greedy",
                               "xuezhan/random,greedy,greedy,greedy"}
    assert (c["n_pairs"] == HANDS).all()
    b = analysis.balance(out)
    assert set(b["variant"]) == {"xuezhan/greedy", "xuezhan/random,greedy,greedy,greedy", "fuzhou/greedy",
                                 "fuzhou/random,greedy,greedy,greedy"}
    ps = analysis.play_style(out, by=("variant", "policy"))
    assert len(ps) == 4 and set(ps["variant"]) == {"xuezhan", "fuzhou"}
    wph = analysis_wins.wins_per_hand(out)
    assert len(wph) == 4 and (wph["hands"] == HANDS).all()
    rep = report.build_report(out, tmp_path / "rep", prob_deals=1000)
    text = open(rep["markdown"], encoding="utf-8").read()
    assert "policy settings greedy, random,greedy,greedy,greedy" in text
    assert "| fuzhou/greedy | xuezhan/random,greedy,greedy,greedy | win |" in text
    assert "## Probability table: xuezhan" in text and "skipped" not in text


def test_policy_settings_resume_and_refusals(tmp_path, sets):
    out = tmp_path / "r"
    ref = results_reader.load(sets[0])

    class Stop:
        def __call__(self, rules, seed, first_game, n_games, policies, check, **kw):
            if first_game == BLOCK and policies[0] == "random":
                raise KeyboardInterrupt
            from fzsim_core.engine import play_block
            return play_block(rules, seed, first_game, n_games, policies, check, **kw)

    with pytest.raises(orchestrator.RunStopped):
        run(out, variants=("xuezhan", "fuzhou"), policy_sets=["greedy", "all=greedy,0=random"], block_fn=Stop())
    with pytest.raises(ValueError, match="different run.*policy settings"):
        run(out, variants=("xuezhan", "fuzhou"), policy_sets=["greedy"], resume=True)
    run(out, variants=("xuezhan", "fuzhou"), policy_sets=["greedy", "all=greedy,0=random"], resume=True)
    pd.testing.assert_frame_equal(results_reader.load(out), ref)
    stray = out / "variant=xuezhan" / "part-000000.parquet"
    stray.write_bytes(b"x")
    with pytest.raises(integrity.ResultsError, match="policy=LABEL folders"):
        results_reader.load(out)
    with pytest.raises(ValueError, match="policies or policy_sets, not both"):
        run(tmp_path / "n", policies="greedy", policy_sets=["guard"])
    with pytest.raises(ValueError, match="given twice"):
        run(tmp_path / "n", policy_sets=["greedy", "greedy,greedy,greedy,greedy"])
    with pytest.raises(ValueError, match="unknown policy 'nobot'"):
        run(tmp_path / "n", policy_sets=["greedy", "nobot"])
    with pytest.raises(ValueError, match="cannot name a results folder"):
        run(tmp_path / "n", policy_sets={"a/b": "greedy"})
    assert not (tmp_path / "n").exists()


def test_cli_policy_set(tmp_path):
    out = tmp_path / "c"
    assert main(["run", "--variant", "xuezhan", "--hands", "200", "--policy-set", "greedy", "--policy-set", "random",
                 "--out", str(out), "--no-progress", "--log-sample", "2"]) == 0
    df = results_reader.load(out, columns=["policy", "game_id"])
    assert df.groupby("policy", observed=True).size().to_dict() == {"greedy": 200, "random": 200}
    assert len(orchestrator.read_logs(out, "xuezhan", "random")) == 2
    assert main(["run", "--variant", "xuezhan", "--hands", "200", "--policy-set", "greedy", "--policy", "random",
                 "--out", str(tmp_path / "d")]) == 2
    assert main(["verify", str(out)]) == 0


def test_repair_rebuilds_the_manifest_of_a_run_of_policy_settings(tmp_path, sets):
    out = tmp_path / "r"
    shutil.copytree(sets[0], out)
    before = storage.read_manifest(str(out)).identity
    os.remove(out / storage.MANIFEST)
    assert main(["verify", str(out), "--repair"]) == 0
    after = storage.read_manifest(str(out))
    assert after.identity == before and after.status == "complete"
    assert set(after.blocks) == {"xuezhan/greedy", "xuezhan/random,greedy,greedy,greedy", "fuzhou/greedy",
                                 "fuzhou/random,greedy,greedy,greedy"}
    # (a rebuilt identity lists variants in name order: compare the rows, not the category order)
    def rows(folder):
        w = results_reader.load(folder, table="wins")
        w[["variant", "policy"]] = w[["variant", "policy"]].astype(str)
        return w.sort_values(["variant", "policy", "game_id", "hand", "order"]).reset_index(drop=True)

    pd.testing.assert_frame_equal(rows(out), rows(sets[0]))


def test_engine_sichuan_row_specials_follow_the_row_contract():
    from fzsim.rules import load as load_rules
    from fzsim_core.engine import play_block
    from fzsim_core.win_facts import SPECIALS

    cols = play_block(load_rules("sichuan").core, 5, 0, 200, ("greedy",) * 4, False)
    allowed = {0, *SPECIALS.values()}
    assert set(np.unique(cols["special_counted"]).tolist()) <= allowed
