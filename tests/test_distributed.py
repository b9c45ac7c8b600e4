"""`fzsim run` on real distributed backends: a dask cluster of two worker processes, and Ray.

Each test runs the command line in a fresh process, as a user would, and compares the rows with the
same run on loky. The Ray tests share one local Ray instance (its start-up is most of their time),
which `fzsim run --scheduler ADDRESS` joins; they are skipped, with the reason, where Ray is not
installed. (Without `--scheduler`, `fzsim run` starts such an instance itself: the same code path
with no address.)
"""
import glob
import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest

from fzsim import results_reader, storage
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
    """The reference rows: the loky backend with one job (in this process; tests/test_orchestrator.py shows
    loky with 2 jobs gives the same rows)."""
    out = tmp_path_factory.mktemp("loky") / "r"
    simulate(hands, VARIANTS, seed=SEED, jobs=1, backend="loky", block_size=block_size, out=str(out))
    return results_reader.load(out)


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
    pd.testing.assert_frame_equal(results_reader.load(tmp_path / "r"), ref)


def test_a_stratified_run_on_dask_gives_the_rows_of_loky(dask_cluster, tmp_path):
    """A stratified run's blocks draw their first walls in the workers (fzsim.stratified): the same
    rows on a dask cluster as with loky."""
    cluster, _ = dask_cluster
    strata = {"name": "golds", "counts": [60, 200, 120, 20]}
    simulate(400, ["fuzhou", "bianfeng"], seed=SEED, block_size=50, out=str(tmp_path / "loky"), strata=strata)
    simulate(400, ["fuzhou", "bianfeng"], seed=SEED, block_size=50, out=str(tmp_path / "dask"), strata=strata,
             backend="dask", scheduler=cluster.scheduler_address)
    pd.testing.assert_frame_equal(results_reader.load(tmp_path / "dask"), results_reader.load(tmp_path / "loky"))


@pytest.mark.slow   # a worker killed and replaced on a live cluster (~9 s); the plain dask run stays in the suite
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
    pd.testing.assert_frame_equal(results_reader.load(out), ref)


# --- Ray -----------------------------------------------------------------------------------------

#: a Ray instance for the tests only: no dashboard, no usage report, no token to hand around
RAY_ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}

_RAY_HEAD = """
import sys, ray
ctx = ray.init(num_cpus=2, include_dashboard=False)
print(ctx.address_info["gcs_address"], flush=True)
sys.stdin.read()          # until the tests close stdin
ray.shutdown()
"""


@pytest.fixture(scope="module")
def ray_head():
    """A local Ray instance of 2 CPUs, run by a helper process (every Ray process is its descendant,
    and stops with it); yields (its address, the helper's pid). Skipped where Ray is not installed."""
    try:
        import ray  # noqa: F401
        from ray.util.joblib import register_ray  # noqa: F401
    except ImportError as exc:
        pytest.skip(f"Ray is not installed for Python {sys.version.split()[0]} ({exc}); "
                    "pip install -e '.[ray]' to run these tests")
    env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"} | RAY_ENV
    helper = subprocess.Popen([sys.executable, "-c", _RAY_HEAD], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        address = helper.stdout.readline().strip()
        assert address, "the Ray head did not start"
        yield address, helper.pid
    finally:
        helper.stdin.close()
        try:
            helper.wait(timeout=120)
        except subprocess.TimeoutExpired:
            helper.kill()
            helper.wait()


@pytest.fixture
def _ray_env(monkeypatch):
    for key, value in RAY_ENV.items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def test_ray_local_instance_gives_the_rows_of_loky(ray_head, _ray_env, tmp_path, tmp_path_factory):
    address, _ = ray_head
    ref = loky_rows(tmp_path_factory, 2000, 500)
    done = fzsim_run(tmp_path / "r", 2000, "--block-size", "500", "--backend", "ray", "--scheduler", address)
    assert done.returncode == 0, done.stderr
    assert "ray jobs=2" in done.stderr and "8/8 blocks written" in done.stderr
    pd.testing.assert_frame_equal(results_reader.load(tmp_path / "r"), ref)


def ray_workers(pid):
    """Ray's task-running worker processes under the process ``pid`` (ours only)."""
    psutil = pytest.importorskip("psutil")
    found = []
    for child in psutil.Process(pid).children(recursive=True):
        try:
            if child.name().startswith("ray::PoolActor"):
                found.append(child.pid)
        except psutil.NoSuchProcess:
            pass
    return found


def test_ray_worker_killed_mid_run_then_resume_gives_the_rows_of_loky(ray_head, _ray_env, tmp_path,
                                                                      tmp_path_factory):
    address, head_pid = ray_head
    hands, block = 2_500, 125                        # 40 blocks: the run is still going after the first part
    total = 2 * hands // block
    ref = loky_rows(tmp_path_factory, hands, block)
    out = tmp_path / "r"
    args = ["--block-size", str(block), "--backend", "ray", "--check", "--scheduler", address]
    at_kill, code, err = run_and_kill(out, hands, args, 1, lambda run: next(iter(ray_workers(head_pid)), None))
    assert 0 < at_kill < total
    left = len(parts(out))
    assert code != 0 and "ActorDiedError" in err, err[-2000:]   # the run stops on the dead worker ...
    assert storage.read_manifest(str(out)).status == "running"
    assert at_kill <= left < total                    # ... keeping every part written before it died
    resumed = fzsim_run(out, hands, *args, "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert f"{total - left}/{total} blocks written, {left} already done" in resumed.stderr
    assert storage.read_manifest(str(out)).status == "complete"
    assert not [f for f in os.listdir(out / "variant=fuzhou") if f.startswith(".")]   # no temporary parts
    pd.testing.assert_frame_equal(results_reader.load(out), ref)
