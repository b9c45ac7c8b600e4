"""`fzsim run` on real distributed backends: a dask cluster of two worker processes, and Ray.

Each test runs the command line in a fresh process, as a user would, and compares the rows with the
same run on loky. The Ray tests start a local Ray instance inside that process (Ray's start-up is
most of their time) and are skipped, with the reason, where Ray is not installed.
"""
import glob
import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest

from fzsim import storage
from fzsim.orchestrator import simulate

VARIANTS = ["fuzhou", "lianzhong"]
SEED = 11
#: generous guard against a hung cluster; not a speed assertion
TIMEOUT = 600


def run_command(out, hands, *args):
    return [sys.executable, "-m", "fzsim", "run", "--hands", str(hands), "--seed", str(SEED),
            "--variant", VARIANTS[0], "--variant", VARIANTS[1], "--out", str(out), "--no-progress", *args]


def fzsim_run(out, hands, *args):
    """`fzsim run` in a fresh process; returns the CompletedProcess (stderr as text)."""
    return subprocess.run(run_command(out, hands, *args), capture_output=True, text=True, timeout=TIMEOUT)


def run_and_kill(out, hands, args, min_parts, victim):
    """Start `fzsim run`, wait for ``min_parts`` finished parts, SIGKILL the worker ``victim(pid of
    the run)`` names, and let the run end: (parts at the kill, exit status, stderr)."""
    proc = subprocess.Popen(run_command(out, hands, *args), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        deadline = time.monotonic() + TIMEOUT
        while len(parts(out)) < min_parts and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        pid = victim(proc.pid) if proc.poll() is None else None
        if pid is None:
            pytest.fail(f"could not kill a worker mid-run (run ended: {proc.poll()});"
                        f" stderr: {proc.stderr.read()[-2000:]}")
        os.kill(pid, signal.SIGKILL)
        at_kill = len(parts(out))
        _, err = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    return at_kill, proc.returncode, err


def loky_rows(tmp_path_factory, hands, block_size):
    """The reference rows: the loky backend with one job (in this process; tests/test_run.py shows
    loky with 2 jobs gives the same rows)."""
    out = tmp_path_factory.mktemp("loky") / "r"
    simulate(hands, VARIANTS, seed=SEED, jobs=1, backend="loky", block_size=block_size, out=str(out))
    return storage.load(out)


def parts(out):
    return sorted(glob.glob(os.path.join(str(out), "variant=*", "part-*.parquet")))


# --- dask ----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def dask_cluster():
    """A local dask cluster of two worker processes (each with a nanny), and a client to it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            yield cluster, client


def test_dask_cluster_of_two_worker_processes_gives_the_rows_of_loky(dask_cluster, tmp_path,
                                                                     tmp_path_factory):
    cluster, client = dask_cluster
    ref = loky_rows(tmp_path_factory, 2000, 250)
    worker_pids = set(client.run(os.getpid).values())
    done = fzsim_run(tmp_path / "r", 2000, "--block-size", "250", "--backend", "dask",
                     "--scheduler", cluster.scheduler_address)
    assert done.returncode == 0, done.stderr
    assert len(worker_pids) == 2 and os.getpid() not in worker_pids   # two separate worker processes
    assert "dask jobs=2" in done.stderr and "16/16 blocks written" in done.stderr
    pd.testing.assert_frame_equal(storage.load(tmp_path / "r"), ref)


def test_dask_worker_killed_mid_run_the_run_still_gives_the_rows_of_loky(dask_cluster, tmp_path,
                                                                         tmp_path_factory):
    """A dask worker dies: its nanny restarts it, the scheduler reruns its block, the run completes."""
    cluster, client = dask_cluster
    hands, block = 6_000, 125                          # 96 blocks, played with --check (slower)
    ref = loky_rows(tmp_path_factory, hands, block)
    out = tmp_path / "r"
    victim = next(iter(client.run(os.getpid).values()))
    at_kill, code, err = run_and_kill(out, hands, ["--block-size", str(block), "--backend", "dask", "--check",
                                                   "--scheduler", cluster.scheduler_address],
                                      2, lambda _run: victim)
    client.wait_for_workers(2, timeout=TIMEOUT)
    after = set(client.run(os.getpid).values())
    assert 0 < at_kill < 2 * hands // block
    assert victim not in after and len(after) == 2         # the nanny started a new worker
    assert code == 0, err[-2000:]
    assert f"{2 * hands // block}/{2 * hands // block} blocks written" in err
    assert storage.read_manifest(str(out)).status == "complete"
    pd.testing.assert_frame_equal(storage.load(out), ref)


# --- Ray -----------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ray_installed():
    try:
        import ray  # noqa: F401
        from ray.util.joblib import register_ray  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"Ray is not installed for Python {sys.version.split()[0]} ({exc}); "
                    "pip install -e '.[ray]' to run these tests")


@pytest.fixture(autouse=True)
def _ray_env(monkeypatch):
    # a local Ray for the test only: no dashboard, no usage report, no token prompt
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def test_ray_local_instance_gives_the_rows_of_loky(ray_installed, tmp_path, tmp_path_factory):
    ref = loky_rows(tmp_path_factory, 2000, 500)
    done = fzsim_run(tmp_path / "r", 2000, "--block-size", "500", "--backend", "ray")
    assert done.returncode == 0, done.stderr
    assert "ray jobs=" in done.stderr and "8/8 blocks written" in done.stderr
    pd.testing.assert_frame_equal(storage.load(tmp_path / "r"), ref)


def ray_workers(pid):
    """Ray's task-running worker processes under the `fzsim run` process ``pid`` (ours only)."""
    psutil = pytest.importorskip("psutil")
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if child.name().startswith("ray::PoolActor"):
                found.append(child.pid)
        except psutil.NoSuchProcess:
            pass
    return found


def test_ray_worker_killed_mid_run_then_resume_gives_the_rows_of_loky(ray_installed, tmp_path,
                                                                      tmp_path_factory):
    hands, block = 2_500, 125                        # 40 blocks: the run is still going after the first part
    total = 2 * hands // block
    ref = loky_rows(tmp_path_factory, hands, block)
    out = tmp_path / "r"
    at_kill, code, err = run_and_kill(out, hands, ["--block-size", str(block), "--backend", "ray", "--check"],
                                      1, lambda run: next(iter(ray_workers(run)), None))
    assert 0 < at_kill < total
    left = len(parts(out))
    assert code != 0 and "ActorDiedError" in err, err[-2000:]   # the run stops on the dead worker ...
    assert storage.read_manifest(str(out)).status == "running"
    assert at_kill <= left < total                    # ... keeping every part written before it died
    resumed = fzsim_run(out, hands, "--block-size", str(block), "--backend", "ray", "--check", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert f"{total - left}/{total} blocks written, {left} already done" in resumed.stderr
    assert storage.read_manifest(str(out)).status == "complete"
    assert not [f for f in os.listdir(out / "variant=fuzhou") if f.startswith(".")]   # no temporary parts
    pd.testing.assert_frame_equal(storage.load(out), ref)
