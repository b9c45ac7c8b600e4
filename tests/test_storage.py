"""fzsim.storage: column expansion (checked against a row-by-row reference), atomic parts, manifest, load."""
import json
import os

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest

from fzsim import integrity, results_reader, storage
from fzsim.tiles import kind_name
from fzsim_core.win_facts import FLAGS, SPECIALS, WIN_TYPES

CONTRACT_SPECIALS = ["tianhu", "qiangjin", "sanjindao", "jinque", "jinlong", "pinghu_noflower",
                     "pinghu_oneflower"]
CONTRACT_FLAGS = ["selfdraw", "kong_replacement", "robbed_kong", "last_tile", "xianjin", "last_group"]


def random_engine_block(rng, n, first_game=0):
    """Engine-shaped columns (contract 3) with random but legal values."""
    cols = {}
    for name, dt in storage.ENGINE_COLUMNS.items():
        info = np.iinfo(dt)
        cols[name] = rng.integers(max(info.min, -100), min(info.max, 100), n, endpoint=True).astype(dt)
    cols["game_id"] = np.arange(first_game, first_game + n, dtype=np.int64)
    cols["hand"] = np.zeros(n, np.int16)
    cols["wall_digest"] = rng.integers(0, 2**64 - 1, n, dtype=np.uint64, endpoint=True)
    cols["gold"] = rng.integers(-1, 34, n).astype(np.int8)
    cols["outcome"] = rng.integers(0, 2, n).astype(np.int8)
    cols["win_type"] = rng.integers(0, len(WIN_TYPES), n).astype(np.int8)
    cols["specials"] = rng.integers(0, 128, n).astype(np.uint32)
    single = np.array([0] + sorted(SPECIALS.values()), dtype=np.uint32)
    cols["special_counted"] = single[rng.integers(0, len(single), n)]
    cols["flags"] = rng.integers(0, 64, n).astype(np.uint32)
    return cols


def reference_row(cols, i, seed):
    """The stored row, written out by hand from RULES/contract 4 (the slow, obvious way)."""
    row = {"game_id": int(cols["game_id"][i]), "hand": int(cols["hand"][i]), "seed": seed}
    for c in storage.ENGINE_COLUMNS:
        if c not in ("gold", "outcome", "win_type", "specials", "special_counted", "flags"):
            row[c] = int(cols[c][i])
    g = int(cols["gold"][i])
    row["gold"] = None if g == -1 else kind_name(g)
    row["outcome"] = "win" if cols["outcome"][i] == 1 else "draw"
    row["win_type"] = {v: k for k, v in WIN_TYPES.items()}[int(cols["win_type"][i])]
    sp = int(cols["specials"][i])
    for name, bit in SPECIALS.items():
        row[name] = bool(sp & bit)
    sc = int(cols["special_counted"][i])
    row["special_counted"] = "none" if sc == 0 else {v: k for k, v in SPECIALS.items()}[sc]
    fl = int(cols["flags"][i])
    for name, bit in FLAGS.items():
        row[name] = bool(fl & bit)
    return row


def test_names_match_contract_4():
    assert storage.SPECIAL_COLUMNS == CONTRACT_SPECIALS
    assert storage.FLAG_COLUMNS == CONTRACT_FLAGS
    for c in CONTRACT_SPECIALS + CONTRACT_FLAGS + ["seed", "gold", "win_type", "special_counted", "outcome"]:
        assert c in storage.SCHEMA.names
    assert "specials" not in storage.SCHEMA.names and "flags" not in storage.SCHEMA.names
    assert storage.COLUMNS[-1] == "variant"


def test_build_table_matches_reference_rows():
    rng = np.random.default_rng(5)
    cols = random_engine_block(rng, 3000, first_game=77)
    table = storage.build_table(cols, 2**64 - 3, {"variant": "x"})
    assert table.schema.metadata[b"fzsim.variant"] == b"x"
    df = table.to_pandas()
    assert df["seed"].dtype == np.uint64
    for c in ("dealer", "winner", "discarder", "youjin_level", "flowers_0", "golds_3"):
        assert df[c].dtype == np.int8, c
    for c in ("hand", "streak", "F", "S", "turns", "tiles_left"):
        assert df[c].dtype == np.int16, c
    for c in ("gold", "outcome", "win_type", "special_counted"):
        assert isinstance(df[c].dtype, pd.CategoricalDtype), c
    for i in range(len(df)):
        ref = reference_row(cols, i, 2**64 - 3)
        got = df.iloc[i]
        for k, v in ref.items():
            gv = got[k]
            if v is None:
                assert pd.isna(gv), (i, k)
            else:
                assert gv == v, (i, k, gv, v)


@pytest.mark.parametrize("column,value,dtype", [
    ("win_type", 9, None), ("outcome", 3, None), ("gold", 34, None), ("gold", -2, None),
    ("special_counted", 3, None), ("turns", None, np.int32),
])
def test_build_table_rejects_broken_engine_output(column, value, dtype):
    cols = random_engine_block(np.random.default_rng(1), 10)
    if dtype is not None:
        cols[column] = cols[column].astype(dtype)
    else:
        cols[column][4] = value
    with pytest.raises(ValueError, match=column):
        storage.build_table(cols, 0)


def test_build_table_rejects_missing_column_and_ragged_lengths():
    cols = random_engine_block(np.random.default_rng(1), 10)
    del cols["golds_2"]
    with pytest.raises(ValueError, match="golds_2"):
        storage.build_table(cols, 0)
    cols = random_engine_block(np.random.default_rng(1), 10)
    cols["delta_1"] = cols["delta_1"][:5]
    with pytest.raises(ValueError, match="delta_1"):
        storage.build_table(cols, 0)


def test_write_part_is_atomic(tmp_path, monkeypatch):
    table = storage.build_table(random_engine_block(np.random.default_rng(2), 50), 1, {"block": 3})
    path, nbytes = storage.write_part(str(tmp_path), "v1", 3, table)
    assert path.endswith(os.path.join("variant=v1", "part-000003.parquet"))
    assert nbytes == os.path.getsize(path)
    assert pq.read_metadata(path).num_rows == 50
    assert storage.read_part_metadata(path)["block"] == "3"
    assert pq.read_metadata(path).row_group(0).column(0).compression == "ZSTD"

    def dying_write(tbl, where, **kw):
        with open(where, "wb") as f:
            f.write(b"PAR1 half a file")
        raise OSError("disk full")

    monkeypatch.setattr(storage.pq, "write_table", dying_write)
    with pytest.raises(OSError, match="disk full"):
        storage.write_part(str(tmp_path), "v1", 4, table)
    assert sorted(os.listdir(tmp_path / "variant=v1")) == ["part-000003.parquet"]


def test_remove_temp_files(tmp_path):
    d = tmp_path / "variant=a"
    d.mkdir()
    (d / ".part-000001.parquet.tmp-1-abc").write_bytes(b"x")
    (d / "part-000000.parquet").write_bytes(b"y")
    assert storage.remove_temp_files(str(tmp_path)) == 1
    assert os.listdir(d) == ["part-000000.parquet"]


def identity(**kw):
    """A hands-only run identity (storage format 1: these tests write parts without the engine's
    records, as runs did before the wins table; tests/test_wins_table.py covers format 2)."""
    base = dict(seed=1, hands=100, block_size=10, policies=("greedy",) * 4,
                variants={"a": {"rules_hash": "0" * 12, "rules": {}}}, format=1)
    base.update(kw)
    return storage.RunIdentity(**base)


def test_manifest_roundtrip_and_differences(tmp_path):
    m = storage.Manifest(identity(seed=2**64 - 1), status="complete", blocks={"a": {"0": {"rows": 10}}})
    storage.write_manifest(str(tmp_path), m)
    raw = json.loads((tmp_path / storage.MANIFEST).read_text())
    assert raw["fzsim_run"]["seed"] == str(2**64 - 1)       # decimal string, not a JSON number
    back = storage.read_manifest(str(tmp_path))
    assert back.identity == m.identity and back.status == "complete" and back.blocks == m.blocks
    assert back.identity.differences(identity(seed=2**64 - 1)) == []
    diffs = identity().differences(identity(seed=5, block_size=20))
    assert any("seed 1 there, 5 requested" in d for d in diffs)
    assert any("block size" in d for d in diffs)
    other = identity(variants={"a": {"rules_hash": "1" * 12, "rules": {}}})
    assert any("rules hash" in d for d in identity().differences(other))
    assert any("fzsim version" in d for d in identity().differences(identity(fzsim_version="9.9")))
    (tmp_path / storage.MANIFEST).write_text("{not json")
    with pytest.raises(ValueError, match="not a readable fzsim manifest"):
        storage.read_manifest(str(tmp_path))


def write_block(root, ident, variant, block, cols):
    """One part with the metadata the runner gives it (so the folder checks accept it)."""
    n = len(cols["game_id"])
    meta = dict(integrity.part_metadata(ident, variant), block=block, first_game=block * ident.block_size,
                n_games=n, rows=n)
    storage.write_part(str(root), variant, block, storage.build_table(cols, ident.seed, meta))


@pytest.fixture
def small_folder(tmp_path):
    """Two variants x two parts written through the storage layer (no engine involved)."""
    rng = np.random.default_rng(9)
    variants = {v: {"rules_hash": "0" * 12, "rules": {}} for v in ("alpha", "beta")}
    ident = identity(seed=3, hands=80, block_size=40, variants=variants)
    for v in variants:
        for block in (1, 0):
            write_block(tmp_path, ident, v, block, random_engine_block(rng, 40, first_game=40 * block))
    storage.write_manifest(str(tmp_path), storage.Manifest(ident, status="complete"))
    return tmp_path


def test_load_reads_what_is_asked(small_folder):
    df = results_reader.load(small_folder)
    assert list(df.columns) == storage.COLUMNS
    assert len(df) == 160
    assert list(df["variant"].cat.categories) == ["alpha", "beta"]
    for v, part in df.groupby("variant", observed=True):
        assert part["game_id"].tolist() == list(range(80))          # sorted by game id
    assert list(df["win_type"].cat.categories) == storage.WIN_TYPE_NAMES  # full categories always
    assert list(df["gold"].cat.categories) == storage.GOLD_NAMES

    one = results_reader.load(small_folder, variant="beta", columns=["game_id", "S"])
    assert list(one.columns) == ["game_id", "S"] and len(one) == 80
    wins = results_reader.load(small_folder, filters=[("outcome", "==", "win"), ("S", ">", 0)])
    ref = df[(df.outcome == "win") & (df.S > 0)].reset_index(drop=True)
    pd.testing.assert_frame_equal(wins, ref)
    either = results_reader.load(small_folder, filters=[[("variant", "==", "beta"), ("S", ">=", 50)],
                                                 [("tianhu", "==", True)]])
    ref = df[((df.variant == "beta") & (df.S >= 50)) | df.tianhu].reset_index(drop=True)
    assert len(ref) > 0
    pd.testing.assert_frame_equal(either, ref)
    both = results_reader.load(small_folder, variant=["alpha", "beta"], columns="turns")
    assert list(both.columns) == ["turns"] and len(both) == 160


def test_load_bad_input(small_folder, tmp_path):
    with pytest.raises(ValueError, match="unknown column.*nope"):
        results_reader.load(small_folder, columns=["game_id", "nope"])
    with pytest.raises(ValueError, match="gamma.*holds"):
        results_reader.load(small_folder, variant="gamma")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        results_reader.load(tmp_path / "missing")
    with pytest.raises(ValueError, match="filters"):
        results_reader.load(small_folder, filters="S > 3")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="no fzsim run"):
        results_reader.load(tmp_path / "empty")
    with pytest.raises(ValueError, match="is a file, not a results folder"):
        results_reader.load(small_folder / storage.MANIFEST)


def test_load_refuses_an_unfinished_run_unless_not_strict(small_folder):
    m = storage.read_manifest(str(small_folder))
    m.status = "running"
    storage.write_manifest(str(small_folder), m)
    with pytest.raises(ValueError, match="unfinished run.*\n.*status 'running'"):
        results_reader.load(small_folder, columns=["game_id"])
    with pytest.warns(UserWarning, match="consistent parts"):
        assert len(results_reader.load(small_folder, columns=["game_id"], strict=False)) == 160


def test_any_one_line_variant_name_round_trips(tmp_path):
    for bad in ("", "a/b", "a\\b", "two\nlines", None):
        with pytest.raises(ValueError, match="variant name"):
            storage.check_variant_name(bad)
    names = ["fuzhou", "福州 no gold", "50%+x", ".hidden", "_x"]
    rng = np.random.default_rng(4)
    variants = {n: {"rules_hash": "0" * 12, "rules": {}} for n in names}
    ident = identity(hands=5, variants=variants)
    for name in names:
        storage.check_variant_name(name)
        write_block(tmp_path, ident, name, 0, random_engine_block(rng, 5))
    storage.write_manifest(str(tmp_path), storage.Manifest(ident, status="complete"))
    df = results_reader.load(tmp_path)
    assert list(df["variant"].cat.categories) == names
    assert df["variant"].value_counts().to_dict() == {n: 5 for n in names}
    assert results_reader.load(tmp_path, variant="50%+x")["variant"].tolist() == ["50%+x"] * 5
