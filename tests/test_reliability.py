"""Fault injection: results folders never lose or mix data (issue 10).

Every case asserts the message *and* the data: after the fault the folder either still holds
exactly what it held (nothing changed) or, once resumed or repaired, exactly a clean run's rows.
Long cases (real process races, several signals, real disk-full on a tmpfs) run with ``-m slow``.
"""
import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import tracemalloc

import pandas as pd
import psutil
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import fzsim
from fzsim import lock, orchestrator, report, results_reader, storage
from fzsim.cli import main
from fzsim.orchestrator import simulate
from test_orchestrator import snapshot      # every file's size and mtime: equal means nothing changed

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
HANDS, BLOCK, SEED = 1200, 300, 4          # four parts per variant
PARTS = "variant=fuzhou"


def run(out, hands=HANDS, **kw):
    kw.setdefault("seed", SEED)
    kw.setdefault("block_size", BLOCK)
    return simulate(hands, out=str(out), _block_fn=kw.pop("block_fn", None), **kw)


def require_slow(request):
    markexpr = request.config.getoption("markexpr") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("long fault-injection case: run with -m slow")


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """A clean run and its rows (hands, then wins): what every damaged folder must come back to."""
    out = tmp_path_factory.mktemp("clean") / "r"
    run(out)
    return out, results_reader.load(out), results_reader.load(out, table="wins")


def assert_same(folder, clean):
    """Both tables of ``folder`` are the clean run's, row for row."""
    pd.testing.assert_frame_equal(results_reader.load(folder), clean[1])
    pd.testing.assert_frame_equal(results_reader.load(folder, table="wins"), clean[2])


@pytest.fixture
def copy(clean, tmp_path):
    out = tmp_path / "r"
    shutil.copytree(clean[0], out)
    return out


def part(folder, block):
    return folder / PARTS / f"part-{block:06d}.parquet"


class Gate:
    """A block function that stops at one first game id until released (or raises there)."""

    def __init__(self, at, fail=None):
        self.at, self.fail = at, fail
        self.reached, self.go = threading.Event(), threading.Event()

    def __call__(self, rules, seed, first_game, n_games, policies, check, **kw):
        from fzsim_core.engine import play_block

        if first_game == self.at:
            self.reached.set()
            self.go.wait(60)
            if self.fail is not None:
                raise self.fail
        return play_block(rules, seed, first_game, n_games, policies, check, **kw)


# --- one writer per folder -------------------------------------------------------------------------

def test_second_writer_is_refused_naming_the_holder_and_nothing_changes(copy, clean):
    before = snapshot(copy)
    with lock.FolderLock(str(copy), exclusive=True):
        with pytest.raises(lock.FolderBusy, match=f"being written by another fzsim process \\(pid {os.getpid()}"):
            run(copy, resume=True)
        assert main(["run", "--hands", str(HANDS), "--block-size", str(BLOCK), "--seed", str(SEED),
                     "--out", str(copy), "--resume"]) == 2
    assert snapshot(copy) == before
    assert_same(copy, clean)


@pytest.mark.parametrize("other", [dict(seed=SEED), dict(seed=SEED + 1)], ids=["same-settings", "other-seed"])
def test_concurrent_writers_on_a_new_folder_one_interrupted(tmp_path, clean, other):
    """A writes (then is interrupted mid-run) while B tries the same new folder: B is refused and
    touches nothing; A's whole parts stay, and resuming gives exactly the clean run."""
    out = tmp_path / "new"
    gate = Gate(at=BLOCK, fail=KeyboardInterrupt())
    errors = []

    def writer_a():
        try:
            run(out, resume=True, block_fn=gate)
        except BaseException as exc:  # noqa: BLE001 - the test inspects it
            errors.append(exc)

    a = threading.Thread(target=writer_a)
    a.start()
    assert gate.reached.wait(60)
    with pytest.raises(lock.FolderBusy, match="is being written by another fzsim process"):
        run(out, resume=True, **other)
    gate.go.set()
    a.join(60)
    assert isinstance(errors[0], orchestrator.RunStopped) and errors[0].blocks_done == 1
    assert sorted(os.listdir(out / PARTS)) == ["part-000000.parquet"]
    if other["seed"] != SEED:   # the folder is A's run now: B is told so, and nothing changes
        before = snapshot(out)
        with pytest.raises(ValueError, match="holds a different run \\(seed 4 there, 5 requested\\)"):
            run(out, resume=True, **other)
        assert snapshot(out) == before
    run(out, resume=True)
    assert_same(out, clean)


def test_interrupted_first_writer_leaves_nothing_behind(tmp_path):
    out = tmp_path / "new"
    with pytest.raises(orchestrator.RunStopped) as stopped:
        run(out, block_fn=_fail_at(0))
    assert not stopped.value.resumable and stopped.value.blocks_done == 0
    assert not out.exists()


def _fail_at(first):
    gate = Gate(at=first, fail=KeyboardInterrupt())
    gate.go.set()
    return gate


def test_stop_right_after_a_part_is_renamed_keeps_the_run(tmp_path, clean, monkeypatch):
    """The signal lands after a part is in place but before its summary came back: the part
    counts, so the manifest stays and --resume finishes the run."""
    real = storage.write_part

    def write_then_stop(*args):
        out = real(*args)
        if args[4] == "hands":          # the hands part, written last, commits the block
            raise KeyboardInterrupt
        return out

    monkeypatch.setattr(storage, "write_part", write_then_stop)
    out = tmp_path / "r"
    with pytest.raises(orchestrator.RunStopped) as stopped:
        run(out)
    assert stopped.value.resumable and stopped.value.blocks_done == 1
    assert storage.read_manifest(str(out)).status == "running"
    monkeypatch.setattr(storage, "write_part", real)
    run(out, resume=True)
    assert_same(out, clean)


def test_failing_run_never_deletes_files_it_did_not_create(tmp_path):
    out = tmp_path / "r"
    out.mkdir()
    with pytest.raises(orchestrator.RunStopped):
        run(out, block_fn=_fail_at(0))
    assert os.listdir(out) == []            # the folder was the user's: it stays, empty as it was
    mine = tmp_path / "notes"
    mine.mkdir()
    (mine / "keep.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty and holds no fzsim run"):
        run(mine)
    assert os.listdir(mine) == ["keep.txt"] and (mine / "keep.txt").read_text() == "mine"


def test_lock_is_released_on_exit_and_its_file_removed(copy):
    with lock.FolderLock(str(copy), exclusive=True) as held:
        assert lock.holder(str(copy)).startswith("is being written by another fzsim process (pid")
        assert os.path.exists(held.path)
    assert lock.holder(str(copy)) is None and not os.path.exists(lock.lock_path(str(copy)))
    with lock.FolderLock(str(copy), exclusive=False):
        with pytest.raises(lock.FolderBusy, match="is being read by another fzsim command"):
            run(copy, resume=True)


# --- every part checked against the manifest --------------------------------------------------------

def assert_refused_then_repaired_by_resume(folder, clean, message):
    """load refuses naming the file, verify fails, --resume replays, and the rows are the clean run's."""
    with pytest.raises(ValueError, match=message):
        results_reader.load(folder)
    assert main(["verify", str(folder)]) == 1
    with pytest.warns(UserWarning, match="playing its block again"):
        run(folder, resume=True)
    assert_same(folder, clean)
    assert main(["verify", str(folder)]) == 0


def test_part_copied_over_another_block(copy, clean):
    shutil.copy(part(copy, 0), part(copy, 1))
    assert_refused_then_repaired_by_resume(
        copy, clean, "part-000001.parquet holds block 0 \\(first game 0\\); its name says block 1 \\(first game 300\\)")


def test_renamed_part_is_replayed_not_already_done(copy, clean):
    os.remove(part(copy, 3))
    os.rename(part(copy, 2), part(copy, 3))
    assert_refused_then_repaired_by_resume(copy, clean, "part-000003.parquet holds block 2")


def test_truncated_part_is_named(copy, clean):
    data = part(copy, 2).read_bytes()
    part(copy, 2).write_bytes(data[: len(data) // 2])
    assert_refused_then_repaired_by_resume(copy, clean, "variant=fuzhou/part-000002.parquet is unreadable")


def test_wrong_row_count_is_replayed(copy, clean):
    table = pq.read_table(part(copy, 1))
    pq.write_table(table.slice(0, 100).replace_schema_metadata(table.schema.metadata), part(copy, 1))
    assert_refused_then_repaired_by_resume(copy, clean, "part-000001.parquet holds 100 rows, expected 300")


def test_removed_part_is_missing(copy, clean, tmp_path):
    os.remove(part(copy, 2))
    with pytest.raises(ValueError, match="part-000002.parquet is missing \\(block 2, first game 600\\)"):
        results_reader.load(copy)
    with pytest.warns(UserWarning, match="missing"):
        partial = results_reader.load(copy, strict=False)
    pd.testing.assert_frame_equal(partial, clean[1][~clean[1].game_id.between(600, 899)].reset_index(drop=True))
    # report: refused unless asked, and then it says so
    before = snapshot(copy)
    assert main(["report", str(copy), "--out", str(tmp_path / "rep"), "--deals", "0"]) == 2
    assert not (tmp_path / "rep").exists()
    assert main(["report", str(copy), "--out", str(tmp_path / "rep"), "--deals", "0", "--allow-incomplete"]) == 0
    assert "Incomplete run (reported with --allow-incomplete): 3 of 4 blocks" in (tmp_path / "rep" / "report.md").read_text()
    assert snapshot(copy) == before
    s = run(copy, resume=True)
    assert (s.blocks_written, s.blocks_resumed) == (1, 3)
    assert_same(copy, clean)


@pytest.mark.parametrize("damage,message", [
    ("copy-name", "part-000000 \\(copy\\).parquet is a stray file: not a part name"),
    ("foreign", "part-000004.parquet belongs to another run \\(seed 4 in the manifest, 5 in the part"),
    ("ghost", "variant=ghost is a folder for variant 'ghost', which is not in this run"),
    ("notes", "notes.txt is a stray file, not part of an fzsim run"),
])
def test_files_that_are_not_this_runs_are_named_and_never_touched(copy, clean, tmp_path, damage, message):
    if damage == "copy-name":
        shutil.copy(part(copy, 0), copy / PARTS / "part-000000 (copy).parquet")
    elif damage == "foreign":
        run(tmp_path / "other", 1500, seed=SEED + 1)
        shutil.copy(part(tmp_path / "other", 4), part(copy, 4))
    elif damage == "ghost":
        shutil.copytree(copy / PARTS, copy / "variant=ghost")
    else:
        (copy / "notes.txt").write_text("my notes")
    (copy / PARTS / ".part-000009.parquet.tmp-1-dead").write_bytes(b"half")   # a killed writer's
    before = snapshot(copy)
    with pytest.raises(ValueError, match=message):
        results_reader.load(copy)
    with pytest.raises(ValueError, match=f"(?s)not this run's; refusing to mix, nothing was written.*{message}"):
        run(copy, resume=True)
    assert snapshot(copy) == before          # manifest not rewritten, the temp file not deleted
    assert main(["verify", str(copy)]) == 1
    assert main(["report", str(copy), "--out", str(tmp_path / "rep"), "--deals", "0"]) == 2
    assert not (tmp_path / "rep").exists()
    with pytest.warns(UserWarning, match=message):
        pd.testing.assert_frame_equal(results_reader.load(copy, strict=False), clean[1])
    assert snapshot(copy) == before


def test_lost_or_damaged_manifest_is_rebuilt_from_the_parts(copy, clean, capsys):
    original = json.loads((copy / storage.MANIFEST).read_text())
    os.remove(copy / storage.MANIFEST)
    with pytest.raises(ValueError, match="_manifest.json is missing\\); if its parts were written by fzsim, rebuild the manifest with `fzsim verify .* --repair`"):
        results_reader.load(copy)
    with pytest.raises(ValueError, match="holds no fzsim run; if its parts were written by fzsim, rebuild"):
        run(copy, resume=True)
    assert main(["verify", str(copy), "--repair"]) == 0
    assert "manifest rebuilt from 4 part(s): seed 4" in capsys.readouterr().out
    rebuilt = json.loads((copy / storage.MANIFEST).read_text())
    assert rebuilt["fzsim_run"] == original["fzsim_run"] and rebuilt["status"] == "complete"
    assert_same(copy, clean)
    (copy / storage.MANIFEST).write_text("{not json")
    assert main(["verify", str(copy), "--repair"]) == 0
    assert "damaged manifest is kept as _manifest.json.damaged-" in capsys.readouterr().out
    assert_same(copy, clean)


def test_verify_replays_hands_and_names_a_tampered_row(copy, clean, capsys):
    assert main(["verify", str(copy), "--replay", "40"]) == 0
    assert "replayed 40 sampled hand(s) through the engine: 40 agree" in capsys.readouterr().out
    table = pq.read_table(part(copy, 3))
    deltas = table.column("delta_0").to_pylist()
    deltas[299] += 1
    tampered = table.set_column(table.schema.get_field_index("delta_0"), "delta_0", pa.array(deltas, pa.int32()))
    pq.write_table(tampered.replace_schema_metadata(table.schema.metadata), part(copy, 3))
    assert main(["verify", str(copy), "--replay", "40"]) == 1
    out = capsys.readouterr().out
    assert "part-000003.parquet row 299 (game 1199, hand 0): delta_0 stored" in out and "1 differ" in out


# --- reports ------------------------------------------------------------------------------------------

def test_report_inside_the_results_folder_is_refused(copy, clean, capsys):
    before = snapshot(copy)
    assert main(["report", str(copy), "--out", str(copy / "rep")]) == 2
    assert "is inside the results folder" in capsys.readouterr().err
    assert snapshot(copy) == before
    assert_same(copy, clean)


def test_report_never_overwrites_a_users_folder_and_replaces_an_earlier_report(copy, tmp_path, capsys):
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "report.md").write_text("my own report")
    (mine / "rates.csv").write_text("1,2")
    assert main(["report", str(copy), "--out", str(mine), "--deals", "0"]) == 2
    assert "is not empty and is not an earlier fzsim report" in capsys.readouterr().err
    assert sorted(os.listdir(mine)) == ["rates.csv", "report.md"]
    assert (mine / "report.md").read_text() == "my own report" and (mine / "rates.csv").read_text() == "1,2"
    rep = tmp_path / "rep"
    assert main(["report", str(copy), "--out", str(rep), "--deals", "0"]) == 0
    first = snapshot(rep)
    assert report.MARKER in first and "report.md" in first
    assert main(["report", str(copy), "--out", str(rep), "--deals", "0"]) == 0     # an earlier report
    assert sorted(snapshot(rep)) == sorted(first)
    assert sorted(os.listdir(tmp_path)) == ["mine", "r", "rep"]           # no temporary folders left


def test_failed_report_leaves_nothing(copy, tmp_path, monkeypatch, capsys):
    def full_disk(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(report, "_plot_balance", full_disk)
    assert main(["report", str(copy), "--out", str(tmp_path / "rep"), "--deals", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fzsim: error: cannot write the report into {tmp_path / 'rep'}: No space left")
    assert "Traceback" not in err
    assert sorted(os.listdir(tmp_path)) == ["r"]


# --- errors, signals and bounds -------------------------------------------------------------------------

def test_disk_full_during_a_run_is_an_error_naming_the_file_and_resumable(tmp_path, clean, monkeypatch, capsys):
    real = storage.pq.write_table
    calls = []

    def fills_up(table, where, **kw):
        calls.append(where)
        if len(calls) == 5:     # two parts a block (wins, then hands): block 2's wins part
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(table, where, **kw)

    monkeypatch.setattr(storage.pq, "write_table", fills_up)
    out = tmp_path / "r"
    args = ["run", "--hands", str(HANDS), "--block-size", str(BLOCK), "--seed", str(SEED), "--out", str(out),
            "--backend", "threads"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fzsim: error: cannot write {out / storage.WINS_DIR / PARTS / 'part-000002.parquet'}:"
                          " No space left")
    assert "2 of 4 blocks are written and kept" in err and "Traceback" not in err
    assert sorted(os.listdir(out / PARTS)) == ["part-000000.parquet", "part-000001.parquet"]
    assert sorted(os.listdir(out / storage.WINS_DIR / PARTS)) == ["part-000000.parquet", "part-000001.parquet"]
    monkeypatch.setattr(storage.pq, "write_table", real)
    assert main(args + ["--resume"]) == 0
    assert_same(out, clean)


def test_disk_full_on_a_real_small_tmpfs(tmp_path, clean):
    mnt = tmp_path / "small"
    mnt.mkdir()
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", str(mnt)], check=True,
                       capture_output=True, timeout=10)
    except (OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"cannot mount a tmpfs here ({exc})")
    try:
        out = mnt / "r"
        done = subprocess.run([sys.executable, "-m", "fzsim", "run", "--hands", str(HANDS), "--block-size",
                               str(BLOCK), "--seed", str(SEED), "--out", str(out)],
                              capture_output=True, text=True, timeout=120, cwd=REPO)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("fzsim: error: cannot write ") and "No space left on device" in done.stderr
        assert "Traceback" not in done.stderr
        kept = tmp_path / "kept"
        shutil.copytree(out, kept)
    finally:
        subprocess.run(["umount", str(mnt)], check=False, timeout=10)
    assert not any(n.startswith(".") for n in os.listdir(kept / PARTS))   # no half part survives
    run(kept, resume=True)
    assert_same(kept, clean)


def fzsim_process(out, *extra):
    args = [sys.executable, "-m", "fzsim", "run", "--hands", "16000", "--block-size", "400", "--seed",
            str(SEED), "--jobs", "2", "--out", str(out), *extra]
    return subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_parts(proc, folder, n, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline and proc.poll() is None:
        if folder.is_dir() and sum(f.startswith("part-") for f in os.listdir(folder)) >= n:
            return True
        time.sleep(0.005)
    return False


def still_running(procs, grace=10.0):
    """The processes not ended (or zombies) after ``grace`` seconds, the time to finish dying."""
    deadline = time.time() + grace
    while True:
        alive = []
        for p in procs:
            try:
                if p.status() != psutil.STATUS_ZOMBIE:
                    alive.append(p)
            except psutil.NoSuchProcess:
                pass
        if not alive or time.time() > deadline:
            return [p.pid for p in alive]
        time.sleep(0.05)


def assert_stopped_cleanly(proc, out, signum):
    workers = psutil.Process(proc.pid).children(recursive=True)
    assert len(workers) >= 2
    proc.send_signal(signum)                # the main process only
    err = proc.communicate(timeout=120)[1]
    at_exit = snapshot(out)
    assert proc.returncode == 128 + signum, err
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    assert err.startswith(f"fzsim: interrupted ({name}): ") and "Traceback" not in err
    assert "finish the run with: fzsim run --hands 16000" in err and err.rstrip().endswith("--resume")
    assert not still_running(workers), "a process of the run survived it"
    assert snapshot(out) == at_exit         # nothing wrote on after the exit
    return err


def test_sigterm_to_the_main_process_stops_every_worker(tmp_path):
    out = tmp_path / "r"
    proc = fzsim_process(out)
    assert wait_for_parts(proc, out / PARTS, 2), "the run ended before it could be stopped"
    assert_stopped_cleanly(proc, out, signal.SIGTERM)
    s = simulate(16000, out=str(out), seed=SEED, block_size=400, resume=True, backend="threads", jobs=2)
    assert s.blocks_resumed >= 2
    ref = tmp_path / "ref"
    simulate(16000, out=str(ref), seed=SEED, block_size=16000)
    pd.testing.assert_frame_equal(results_reader.load(out), results_reader.load(ref))


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGHUP, signal.SIGINT])
def test_sighup_and_ctrl_c_stop_like_sigterm(tmp_path, request, signum):
    require_slow(request)
    out = tmp_path / "r"
    proc = fzsim_process(out)
    assert wait_for_parts(proc, out / PARTS, 2)
    assert_stopped_cleanly(proc, out, signum)


@pytest.mark.slow
def test_ctrl_c_during_start_up_prints_no_worker_traceback(tmp_path, request):
    require_slow(request)
    for delay in (0.5, 1.0, 2.0, 3.0, 4.0):
        out = tmp_path / f"r{delay}"
        args = [sys.executable, "-m", "fzsim", "run", "--hands", "60000", "--block-size", "1000", "--jobs", "2",
                "--out", str(out)]
        proc = subprocess.Popen(args, cwd=REPO, stderr=subprocess.PIPE, text=True, start_new_session=True)
        time.sleep(delay)
        os.killpg(proc.pid, signal.SIGINT)          # what a terminal's Ctrl-C does: the whole group
        err = proc.communicate(timeout=120)[1]
        if "fzsim: interrupted" not in err:
            continue                                # still importing Python itself: not ours to catch
        assert "Traceback" not in err, err
        assert proc.returncode == 130


@pytest.mark.slow
def test_two_processes_racing_for_a_new_folder(tmp_path, request):
    """Two real `fzsim run --resume` processes started together, one killed at a random moment:
    the folder always ends up exactly the clean run's after one more --resume."""
    require_slow(request)
    ref = tmp_path / "ref"
    simulate(20000, out=str(ref), seed=SEED, block_size=20000)
    clean_rows = results_reader.load(ref)
    for trial in range(6):
        out = tmp_path / f"race{trial}"
        args = [sys.executable, "-m", "fzsim", "run", "--hands", "20000", "--block-size", "500", "--seed",
                str(SEED), "--out", str(out), "--resume"]
        procs = [subprocess.Popen(args, cwd=REPO, stderr=subprocess.PIPE, text=True) for _ in range(2)]
        time.sleep(1.0 + 0.4 * trial)
        procs[trial % 2].send_signal(signal.SIGTERM)
        errs = [p.communicate(timeout=300)[1] for p in procs]
        for p, err in zip(procs, errs):
            assert p.returncode in (0, 2, 143, -signal.SIGTERM), err   # (-15: killed while importing)
            if p.returncode == 2:
                assert "is being written by another fzsim process (pid" in err
        done = subprocess.run(args, cwd=REPO, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        pd.testing.assert_frame_equal(results_reader.load(out), clean_rows)


def test_huge_hands_plans_in_constant_memory(tmp_path):
    out = tmp_path / "huge"
    tracemalloc.start()
    try:
        with pytest.raises(orchestrator.RunStopped) as stopped:
            run(out, 10**13, block_size=1000, block_fn=_fail_at(2000))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert stopped.value.blocks_done == 2 and stopped.value.blocks_total == 10**10
    assert peak < 50 * 2**20, f"planning 10**10 blocks took {peak / 2**20:.0f} MiB"
    ref = tmp_path / "ref"
    run(ref, 2000, block_size=2000)
    with pytest.warns(UserWarning, match="consistent parts"):
        rows = results_reader.load(out, strict=False)
    pd.testing.assert_frame_equal(rows, results_reader.load(ref))


def test_game_ids_past_the_int64_range_are_refused(tmp_path):
    with pytest.raises(ValueError, match="needs game ids up to 9223372036854775808 .* past the largest game id"):
        run(tmp_path / "r", 2**63 + 1)
    assert not (tmp_path / "r").exists()


def test_jobs_far_above_the_cores_are_capped_and_warned(tmp_path, clean, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    with pytest.warns(UserWarning, match="jobs=4 is more than the 2 cores"):
        s = run(tmp_path / "r", jobs=32, backend="threads")
    assert s.jobs == 4                      # one per block, not 32
    assert_same(tmp_path / "r", clean)
    s = run(tmp_path / "r2", 600, jobs=32, backend="loky")
    assert s.jobs == 2


def test_stale_temporary_log_is_removed_by_resume(tmp_path):
    out = tmp_path / "r"
    with pytest.raises(orchestrator.RunStopped):
        run(out, 600, log_sample=2, block_fn=_fail_at(300))
    stale = out / storage.LOG_DIR / PARTS / ".hands.jsonl.tmp-99999"
    stale.parent.mkdir(parents=True)
    stale.write_bytes(b"x" * 1000)
    run(out, 600, log_sample=2, resume=True)
    assert os.listdir(stale.parent) == ["hands.jsonl"]


@pytest.mark.parametrize("args,message", [
    (["run", "--hands", "10", "--set", "base=5", "--set", "base=6"], "--set base is given twice"),
    (["run", "--hands", "10", "--log-sample", "100001"], "log_sample=100001 is more than the allowed 100,000"),
    (["report", "R", "--out", "X", "--deals", "10000001"], "--deals 10000001: allowed 0..10,000,000"),
    (["verify", "R", "--replay", "-1"], "--replay -1: allowed 0..1,000,000"),
    (["variants", "show", "fuzhou", "--set", "base=5", "--set", "base=5"], "--set base is given twice"),
])
def test_bounds_and_duplicates_are_errors(tmp_path, capsys, args, message):
    paths = {"R": str(tmp_path / "R"), "X": str(tmp_path / "X")}
    assert main([paths.get(a, a) for a in args]) == 2
    assert message in capsys.readouterr().err
    assert os.listdir(tmp_path) == []


def test_small_api_checks(tmp_path, copy):
    with pytest.raises(ValueError, match="hand must be an integer 0..0 \\(hands_per_match=1\\), got 1"):
        fzsim.play_hand(1, 0, hand=1)
    with pytest.raises(ValueError, match="gold True must be a kind"):
        fzsim.is_win("11m", gold=True)
    named = tmp_path / "fuzhou.toml"
    named.write_text('name = "fuzhou"\n[rules]\nbase = 7\n')
    cfg = fzsim.load_rules(str(named))
    assert cfg.name == f"fuzhou-{cfg.hash[:6]}" and cfg.name != "fuzhou"
    named.write_text('name = "fuzhou"\n')
    assert fzsim.load_rules(str(named)).name == "fuzhou"       # the same rules may keep the name
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "caf\xe9"\n')
    with pytest.raises(ValueError, match=f"{latin}: not UTF-8 text"):
        fzsim.load_rules(str(latin))
    with pytest.raises(ValueError, match="is a file, not a results folder"):
        results_reader.load(copy / storage.MANIFEST)
    with pytest.raises(FileNotFoundError, match="does not exist"):
        results_reader.load(tmp_path / "nothing")
