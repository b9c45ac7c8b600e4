"""`fzsim run` on the command line: arguments, exit codes, progress, and a run killed then resumed."""
import json
import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest

from fzsim import orchestrator, results_reader, storage
from fzsim.cli import main
from fzsim.commands import run as run_cmd

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def fzsim_cmd(*args):
    """The command line of `fzsim ...` in a fresh process."""
    return [sys.executable, "-m", "fzsim", *args]


def test_run_writes_results_and_prints_summary(tmp_path, capsys):
    out = str(tmp_path / "r")
    code = main(["run", "--hands", "600", "--out", out, "--jobs", "2", "--backend", "threads",
                 "--variant", "fuzhou", "--variant", "lianzhong", "--seed", "9", "--block-size", "250",
                 "--set", "base=7", "--policy", "2=random"])
    err = capsys.readouterr().err
    assert code == 0
    assert err.count("\n") == 1 and err.startswith("fzsim run: 600 hands x 2 variant(s)")  # no bar off a tty
    m = storage.read_manifest(out)
    assert m.identity.policies == ("greedy", "greedy", "random", "greedy")
    assert sorted(m.identity.variants) == sorted(v for v in m.identity.variants if v.split("-")[0] in
                                                 ("fuzhou", "lianzhong"))
    assert all(v["rules"]["base"] == 7 for v in m.identity.variants.values()) and m.identity.seed == 9
    ref = tmp_path / "ref"
    orchestrator.simulate(600, ["fuzhou", "lianzhong"], {"base": 7}, seed=9, out=str(ref),
                          block_size=250, policies={2: "random"})
    pd.testing.assert_frame_equal(results_reader.load(out), results_reader.load(ref))


def test_progress_bar_when_asked(tmp_path, capsys):
    assert main(["run", "--hands", "300", "--block-size", "100", "--out", str(tmp_path / "r"),
                 "--progress"]) == 0
    err = capsys.readouterr().err
    assert "300/300" in err and "hands/s" in err and err.rstrip().splitlines()[-1].startswith("fzsim run:")


@pytest.mark.parametrize("args,message", [
    (["--hands", "0"], "hands must be an integer >= 1, got 0"),
    (["--hands", "-3"], "hands must be an integer >= 1, got -3"),
    (["--hands", "10", "--variant", "nosuch"], "variant 'nosuch' is unknown"),
    (["--hands", "10", "--set", "nosuchkey=1"], "nosuchkey"),
    (["--hands", "10", "--set", "novalue"], "must look like key=value"),
    (["--hands", "10", "--policy", "9=greedy"], "seat '9' must be 0, 1, 2, 3 or all"),
    (["--hands", "10", "--policy", "all=smart"], "unknown policy 'smart'"),
    (["--hands", "10", "--backend", "dask"], "needs a scheduler address"),
])
def test_bad_input_exits_non_zero_and_writes_nothing(tmp_path, capsys, args, message):
    out = tmp_path / "r"
    assert main(["run", "--out", str(out), *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fzsim: error: ") and message in err
    assert not out.exists()


def test_refusal_exits_non_zero(tmp_path, capsys):
    out = str(tmp_path / "r")
    assert main(["run", "--hands", "200", "--out", out]) == 0
    before = sorted(os.listdir(os.path.join(out, "variant=fuzhou")))
    assert main(["run", "--hands", "200", "--out", out, "--seed", "1"]) == 2
    assert "holds a different run (seed 0 there, 1 requested)" in capsys.readouterr().err
    assert main(["run", "--hands", "200", "--out", out]) == 2
    assert "--resume" in capsys.readouterr().err
    assert main(["run", "--hands", "200", "--out", out, "--resume"]) == 0
    assert "0 hands played" in capsys.readouterr().err
    assert sorted(os.listdir(os.path.join(out, "variant=fuzhou"))) == before


def test_parse_set_reads_toml_literals():
    assert run_cmd.parse_set(["base=7", "youjin=true", "gold_discard=allowed", 'x="a b"', "y = 2 "]) == {
        "base": 7, "youjin": True, "gold_discard": "allowed", "x": "a b", "y": 2}
    assert run_cmd.parse_set(None) == {}
    with pytest.raises(ValueError, match="key=value"):
        run_cmd.parse_set(["=3"])


def test_parse_policies():
    assert run_cmd.parse_policies(None) is None
    assert run_cmd.parse_policies(["random"]) == {0: "random", 1: "random", 2: "random", 3: "random"}
    assert run_cmd.parse_policies(["all=random", "0=greedy"]) == {0: "greedy", 1: "random", 2: "random",
                                                                  3: "random"}


def test_killed_run_then_resumed_gives_exactly_n_hands(tmp_path):
    """SIGKILL a real `fzsim run` process once some parts exist, then --resume it."""
    out = tmp_path / "r"
    hands, block = 12000, 300
    args = ["run", "--hands", str(hands), "--block-size", str(block), "--out", str(out), "--seed", "77"]
    proc = subprocess.Popen(fzsim_cmd(*args), cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    part_dir = out / "variant=fuzhou"
    deadline = time.time() + 120
    try:
        while time.time() < deadline and proc.poll() is None:
            if part_dir.is_dir() and sum(f.startswith("part-") for f in os.listdir(part_dir)) >= 3:
                proc.send_signal(signal.SIGKILL)
                break
            time.sleep(0.001)
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL, "the run finished before it could be killed"
    written = [f for f in os.listdir(part_dir) if f.startswith("part-")]
    assert 3 <= len(written) < hands // block
    assert storage.read_manifest(str(out)).status == "running"

    done = subprocess.run(fzsim_cmd(*args, "--resume"), cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{len(written)} already done" in done.stderr
    assert sorted(os.listdir(part_dir)) == [f"part-{b:06d}.parquet" for b in range(hands // block)]
    df = results_reader.load(out, columns=["game_id", "hand"])
    assert len(df) == hands and df["game_id"].nunique() == hands
    assert df["game_id"].tolist() == list(range(hands))
    assert json.loads((out / storage.MANIFEST).read_text())["status"] == "complete"
