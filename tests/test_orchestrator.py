"""fzsim.simulate: identical rows for any jobs/block size/backend, resume, refusals, bad input, logs."""
import json
import os
import socket

import numpy as np
import pandas as pd
import pytest

import fzsim
from fzsim import orchestrator, results_reader, storage
from fzsim.orchestrator import simulate
from fzsim.tiles import kind_name

def sim(out, hands=1200, **kw):
    """simulate() on the real engine; ``block_fn`` wraps play_block to inject failures."""
    return simulate(hands, out=str(out), _block_fn=kw.pop("block_fn", None), **kw)


def snapshot(folder):
    """Every file under a folder with its size and mtime: to prove nothing was written."""
    out = {}
    for dirpath, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(dirpath, f)
            st = os.stat(p)
            out[os.path.relpath(p, folder)] = (st.st_size, st.st_mtime_ns)
    return out


@pytest.fixture(scope="module")
def baseline(tmp_path_factory):
    """jobs=1 (sequential), one block size: the reference every other run must equal."""
    out = tmp_path_factory.mktemp("base") / "r"
    summary = sim(out, 2000, variants=["fuzhou", "lianzhong"], seed=11, jobs=1, block_size=500)
    return summary, results_reader.load(out)


def test_baseline_run_is_complete(baseline):
    summary, df = baseline
    assert summary.blocks_total == summary.blocks_written == 2 * 4
    assert summary.hands_played == 4000 and len(df) == 4000
    for v in ("fuzhou", "lianzhong"):
        part = df[df.variant == v]
        assert part["game_id"].tolist() == list(range(2000))
        assert (part["seed"] == 11).all()
    assert summary.wins == int((df.outcome == "win").sum())
    m = storage.read_manifest(summary.out)
    assert m.status == "complete" and sorted(m.blocks["fuzhou"]) == ["0", "1", "2", "3"]
    meta = storage.read_part_metadata(os.path.join(summary.out, "variant=fuzhou", "part-000002.parquet"))
    assert meta["seed"] == "11" and meta["block_size"] == "500" and meta["first_game"] == "1000"
    assert json.loads(meta["policies"]) == ["greedy"] * 4
    assert meta["rules_hash"] == m.identity.variants["fuzhou"]["rules_hash"]
    assert json.loads(meta["rules"]) == m.identity.variants["fuzhou"]["rules"]
    assert meta["version"] == fzsim.__version__


def test_variants_play_the_same_walls(baseline):
    _, df = baseline
    a = df[df.variant == "fuzhou"].reset_index(drop=True)
    b = df[df.variant == "lianzhong"].reset_index(drop=True)
    for c in ("game_id", "hand", "wall_digest"):
        assert (a[c] == b[c]).all(), c


@pytest.mark.parametrize("backend,jobs,block_size", [
    ("loky", 2, 700), ("threads", 2, 300), ("threads", 1, 2000), ("loky", 1, 128),
])
def test_rows_do_not_depend_on_jobs_block_size_or_backend(baseline, tmp_path, backend, jobs, block_size):
    _, ref = baseline
    sim(tmp_path / "r", 2000, variants=["fuzhou", "lianzhong"], seed=11, jobs=jobs,
        backend=backend, block_size=block_size)
    pd.testing.assert_frame_equal(results_reader.load(tmp_path / "r"), ref)


def test_dask_local_cluster_gives_the_same_rows(baseline, tmp_path):
    distributed = pytest.importorskip("distributed")
    _, ref = baseline
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster:
        summary = sim(tmp_path / "r", 2000, variants=["fuzhou", "lianzhong"], seed=11,
                      backend="dask", scheduler=cluster.scheduler_address, block_size=600)
    assert summary.backend == "dask" and summary.blocks_written == 8 and summary.jobs == 2
    pd.testing.assert_frame_equal(results_reader.load(tmp_path / "r"), ref)


def test_other_seed_gives_other_walls(baseline, tmp_path):
    _, ref = baseline
    sim(tmp_path / "r", 2000, variants=["fuzhou"], seed=12, block_size=2000)
    other = results_reader.load(tmp_path / "r")
    assert (other["wall_digest"].to_numpy() != ref[ref.variant == "fuzhou"]["wall_digest"].to_numpy()).mean() > 0.99


def test_hands_per_match(tmp_path):
    s = sim(tmp_path / "r", 1200, overrides={"hands_per_match": 4}, block_size=100)
    df = results_reader.load(tmp_path / "r")
    assert s.blocks_total == 3 and len(df) == 1200
    assert df["game_id"].nunique() == 300 and sorted(df["hand"].unique()) == [0, 1, 2, 3]
    with pytest.raises(ValueError, match="hands=1001 is not a whole number of matches.*hands_per_match=4"):
        sim(tmp_path / "r2", 1001, overrides={"hands_per_match": 4})
    assert not (tmp_path / "r2").exists()


class FailAt:
    """Play blocks normally but fail at one first game id (an injected crash mid-run)."""

    def __init__(self, first_game):
        self.first_game = first_game

    def __call__(self, rules, seed, first_game, n_games, policies, check, **kw):
        if first_game == self.first_game:
            raise RuntimeError("injected failure")
        from fzsim_core.engine import play_block

        return play_block(rules, seed, first_game, n_games, policies, check, **kw)


def test_failed_run_resumes_to_exactly_n_hands(tmp_path):
    out = tmp_path / "r"
    with pytest.raises(RuntimeError, match="injected failure"):
        sim(out, 2000, seed=3, block_size=300, jobs=1, block_fn=FailAt(900))
    parts = sorted(os.listdir(out / "variant=fuzhou"))
    assert parts == ["part-000000.parquet", "part-000001.parquet", "part-000002.parquet"]
    assert storage.read_manifest(str(out)).status == "running"
    before = snapshot(out / "variant=fuzhou")
    (out / "variant=fuzhou" / ".part-000003.parquet.tmp-1-dead").write_bytes(b"half")  # a killed write
    with pytest.raises(ValueError, match="unfinished run.*--resume"):
        sim(out, 2000, seed=3, block_size=300)
    with pytest.raises(ValueError, match="(?s)holds an unfinished run.*part-000003.parquet is missing"):
        results_reader.load(out)
    with pytest.warns(UserWarning, match="consistent parts"):
        assert len(results_reader.load(out, strict=False)) == 900

    s = sim(out, 2000, seed=3, block_size=300, resume=True)
    assert (s.blocks_written, s.blocks_resumed, s.hands_played) == (4, 3, 1100)
    df = results_reader.load(out)
    assert len(df) == 2000 and df["game_id"].nunique() == 2000
    assert df["game_id"].tolist() == list(range(2000))
    after = snapshot(out / "variant=fuzhou")
    assert all(after[k] == v for k, v in before.items())     # finished parts were not rewritten
    assert not any(name.startswith(".") for name in os.listdir(out / "variant=fuzhou"))
    m = storage.read_manifest(str(out))
    assert m.status == "complete" and len(m.blocks["fuzhou"]) == 7
    ref = tmp_path / "ref"
    sim(ref, 2000, seed=3, block_size=2000)
    pd.testing.assert_frame_equal(df, results_reader.load(ref))


def test_resume_of_finished_run_does_nothing(tmp_path):
    out = tmp_path / "r"
    sim(out, 600, block_size=200)
    before = snapshot(out / "variant=fuzhou")
    s = sim(out, 600, block_size=200, resume=True)
    assert s.blocks_written == 0 and s.blocks_resumed == 3 and s.hands_played == 0
    assert snapshot(out / "variant=fuzhou") == before


@pytest.fixture
def finished(tmp_path):
    out = tmp_path / "done"
    sim(out, 600, seed=5, block_size=200, variants=["fuzhou"])
    return out


@pytest.mark.parametrize("change,message", [
    (dict(seed=6), "seed 5 there, 6 requested"),
    (dict(hands=900), "hands 600 there, 900 requested"),
    (dict(block_size=300), "block size 200 there, 300 requested"),
    (dict(policies="random"), "policies"),
    (dict(overrides={"base": 7}), "variants \\['fuzhou'\\] there, \\['fuzhou-[0-9a-f]{6}'\\] requested"),
    (dict(variants=["fuzhou", "lianzhong"]), "variants"),
])
@pytest.mark.parametrize("resume", [False, True])
def test_folder_with_another_run_is_refused(finished, change, message, resume):
    kw = dict(hands=600, seed=5, block_size=200, variants=["fuzhou"], resume=resume)
    kw.update(change)
    before = snapshot(finished)
    with pytest.raises(ValueError, match=f"holds a different run.*{message}.*nothing was written"):
        sim(finished, **kw)
    assert snapshot(finished) == before


def test_same_variant_name_with_other_rules_is_refused(tmp_path):
    toml = tmp_path / "mine.toml"
    toml.write_text('name = "mine"\npreset = "fuzhou"\n[rules]\nbase = 6\n')
    out = tmp_path / "r"
    sim(out, 200, variants=[str(toml)])
    toml.write_text('name = "mine"\npreset = "fuzhou"\n[rules]\nbase = 7\n')
    before = snapshot(out)
    with pytest.raises(ValueError, match="variant mine rules hash [0-9a-f]{12} there, [0-9a-f]{12} requested"):
        sim(out, 200, variants=[str(toml)], resume=True)
    assert snapshot(out) == before
    assert results_reader.load(out)["variant"].unique().tolist() == ["mine"]


def test_folder_from_another_fzsim_version_is_refused(finished):
    path = finished / storage.MANIFEST
    raw = json.loads(path.read_text())
    raw["fzsim_run"]["fzsim_version"] = "0.0.1"
    path.write_text(json.dumps(raw))
    before = snapshot(finished)
    with pytest.raises(ValueError, match="fzsim version 0.0.1 there"):
        sim(finished, 600, seed=5, block_size=200, resume=True)
    assert snapshot(finished) == before


def test_finished_identical_run_is_refused_without_resume(finished):
    before = snapshot(finished)
    with pytest.raises(ValueError, match="already holds this finished run.*--resume.*--out"):
        sim(finished, 600, seed=5, block_size=200)
    assert snapshot(finished) == before


def test_part_of_another_run_is_never_mixed(finished, tmp_path):
    # a part whose metadata belongs to another seed, copied into an unfinished folder
    out = tmp_path / "r"
    with pytest.raises(RuntimeError):
        sim(out, 600, seed=6, block_size=200, block_fn=FailAt(200))
    os.replace(finished / "variant=fuzhou" / "part-000002.parquet", out / "variant=fuzhou" / "part-000002.parquet")
    with pytest.raises(ValueError, match="belongs to another run.*seed"):
        sim(out, 600, seed=6, block_size=200, resume=True)


def test_foreign_folder_is_refused(tmp_path):
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("keep me")
    with pytest.raises(ValueError, match="not empty and holds no fzsim run"):
        sim(out, 100)
    assert os.listdir(out) == ["notes.txt"]
    (tmp_path / "afile").write_text("x")
    with pytest.raises(ValueError, match="is a file"):
        sim(tmp_path / "afile", 100)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("kwargs,message", [
    (dict(hands=0), "hands must be an integer >= 1, got 0"),
    (dict(hands=-5), "hands must be an integer >= 1, got -5"),
    (dict(hands="100"), "hands must be an integer"),
    (dict(variants=["nosuch"]), "variant 'nosuch' is unknown"),
    (dict(overrides={"nosuchkey": 1}), "nosuchkey"),
    (dict(variants=["fuzhou", "fuzhou"]), "given twice"),
    (dict(seed=-1), "seed must be an integer in 0..2\\*\\*64-1"),
    (dict(seed=2**64), "seed must be"),
    (dict(jobs=0), "jobs must be"),
    (dict(block_size=0), "block_size must be"),
    (dict(policies="smart"), "unknown policy 'smart': allowed greedy, random"),
    (dict(policies={5: "random"}), "seat 5"),
    (dict(policies=["greedy"] * 3), "4 seats"),
    (dict(policies=[print] * 4), "is not a name"),
    (dict(log_sample=-1), "log_sample"),
    (dict(hands=10, log_sample=11), "log_sample=11 is more than"),
    (dict(backend="mpi"), "unknown backend 'mpi': allowed loky, threads, dask, ray"),
    (dict(backend="dask"), "needs a scheduler address"),
])
def test_bad_input_is_refused_and_nothing_written(tmp_path, kwargs, message):
    kw = dict(hands=100)
    kw.update(kwargs)
    with pytest.raises(ValueError, match=message):
        sim(tmp_path / "r", **kw)
    assert not (tmp_path / "r").exists()


def test_missing_variant_file(tmp_path):
    with pytest.raises(FileNotFoundError, match="/no/such/file.toml"):
        sim(tmp_path / "r", 100, variants=["/no/such/file.toml"])
    assert not (tmp_path / "r").exists()


def test_unreachable_scheduler(tmp_path):
    with pytest.raises(ValueError, match="cannot reach the dask scheduler at 'tcp://127.0.0.1:"):
        sim(tmp_path / "r", 100, backend="dask", scheduler=f"tcp://127.0.0.1:{free_port()}",
            connect_timeout=1.0)
    assert not (tmp_path / "r").exists()


def test_ray_missing_is_a_clear_error(tmp_path):
    try:
        import ray  # noqa: F401
    except ImportError:
        with pytest.raises(ValueError, match="needs Ray: pip install 'fzsim\\[ray\\]'"):
            sim(tmp_path / "r", 100, backend="ray")
        assert not (tmp_path / "r").exists()
    else:
        pytest.skip("Ray is installed here")


def test_unwritable_folder(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValueError, match="cannot write to results folder"):
        sim(tmp_path / "file" / "sub", 100)
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        if os.access(ro, os.W_OK):
            return  # running as root: permissions do not stop us; the file-parent case covered it
        with pytest.raises(ValueError, match="cannot write to results folder"):
            sim(ro / "r", 100)
        assert os.listdir(ro) == []
    finally:
        ro.chmod(0o755)


def test_log_sample_stores_replayable_logs(tmp_path):
    out = tmp_path / "r"
    s = sim(out, 1000, variants=["fuzhou", "lianzhong"], seed=21, block_size=400, log_sample=5)
    assert len(s.logs) == 2
    df = results_reader.load(out)
    from fzsim.game import play_hand

    for v in ("fuzhou", "lianzhong"):
        logs = orchestrator.read_logs(out, v)
        assert [r["game_id"] for r in logs] == [0, 250, 500, 749, 999]
        for rec in logs:
            assert rec["variant"] == v and rec["seed"] == "21" and rec["events"]
            row = df[(df.variant == v) & (df.game_id == rec["game_id"]) & (df.hand == rec["hand"])].iloc[0]
            # the logged hand is the hand in the results, field by field
            res = rec["result"]
            for c in storage.ENGINE_COLUMNS:
                if c in ("gold", "outcome", "win_type", "specials", "special_counted", "flags"):
                    continue
                assert res[c] == int(row[c]), (v, rec["game_id"], c)
            assert kind_name(res["gold"]) == row["gold"]
            assert res["outcome"] == (row["outcome"] == "win")
            again = play_hand(21, rec["game_id"], variant=v, policies=rec["policies"], log=True,
                              hand=rec["hand"])
            assert json.loads(json.dumps(again.events, default=orchestrator._jsonable)) == rec["events"]
    # logs live outside the data: load() does not see them
    assert len(df) == 2000
    with pytest.raises(FileNotFoundError, match="--log-sample"):
        orchestrator.read_logs(tmp_path / "nothing", "fuzhou")


def test_sample_positions_are_spread_evenly():
    assert orchestrator.sample_positions(1000, 5) == [0, 250, 500, 749, 999]
    assert orchestrator.sample_positions(10, 1) == [0]
    assert orchestrator.sample_positions(3, 3) == [0, 1, 2]
    assert orchestrator.sample_positions(10, 0) == []


def test_summary_line(tmp_path):
    s = sim(tmp_path / "r", 500, seed=4, block_size=200)
    line = s.line()
    assert "500 hands x 1 variant(s) [fuzhou] seed 4" in line and "3/3 blocks written" in line
    assert s.hands_per_second > 0
    assert np.isclose(s.wins / s.hands_played, (results_reader.load(tmp_path / "r").outcome == "win").mean())


def test_resume_replays_a_missing_or_damaged_part(tmp_path):
    out = tmp_path / "r"
    sim(out, 1000, seed=8, block_size=250)
    ref = results_reader.load(out)
    parts = out / "variant=fuzhou"
    os.remove(parts / "part-000001.parquet")
    (parts / "part-000003.parquet").write_bytes(b"PAR1 damaged outside fzsim")
    with pytest.warns(UserWarning, match="part-000003.parquet is unreadable"):
        s = sim(out, 1000, seed=8, block_size=250, resume=True)
    assert (s.blocks_written, s.blocks_resumed, s.hands_played) == (2, 2, 500)
    pd.testing.assert_frame_equal(results_reader.load(out), ref)


def test_check_mode_gives_the_same_rows(tmp_path):
    sim(tmp_path / "a", 300, seed=2, block_size=100, check=True)
    sim(tmp_path / "b", 300, seed=2, block_size=300)
    pd.testing.assert_frame_equal(results_reader.load(tmp_path / "a"), results_reader.load(tmp_path / "b"))


def test_random_policy_changes_play_not_walls(tmp_path):
    sim(tmp_path / "g", 400, seed=2)
    sim(tmp_path / "r", 400, seed=2, policies={1: "random"})
    g, r = results_reader.load(tmp_path / "g"), results_reader.load(tmp_path / "r")
    assert (g["wall_digest"] == r["wall_digest"]).all()
    assert (g["winner"] != r["winner"]).any()
    assert json.loads(storage.read_part_metadata(str(tmp_path / "r" / "variant=fuzhou" / "part-000000.parquet"))
                      ["policies"]) == ["greedy", "random", "greedy", "greedy"]
