"""fzsim.duel / ``fzsim duel``: duplicate matches on the same walls, paired statistics."""
import json

import numpy as np
import pytest

from fzsim.cli import main
from fzsim.duel import duel


def test_greedy_beats_random_clearly():
    r = duel("greedy", "random", "fuzhou", 2000, seed=3)
    assert r.walls == 2000 and r.z > 3 and r.gain > 0
    assert r.win_rate > r.baseline_win_rate
    assert len(r.gain_by_seat) == 4 and abs(np.mean(r.gain_by_seat) - r.gain) < 1e-9


def test_a_policy_duelling_itself_gains_exactly_nothing():
    r = duel("guard", "guard", "bianfeng", 300, seed=5)
    assert r.gain == 0.0 and r.se == 0.0 and r.z == 0.0
    assert r.gain_by_seat == [0.0] * 4
    assert r.win_rate == r.baseline_win_rate and r.deal_in_rate == r.baseline_deal_in_rate


def test_results_do_not_depend_on_jobs_or_blocks():
    one = duel("guard", "greedy", "fuzhou", 120, seed=9)
    two = duel("guard", "greedy", "fuzhou", 120, seed=9, jobs=2, block_size=50)
    assert one.to_dict() == two.to_dict()


def test_out_writes_one_run_per_lineup_and_agrees(tmp_path):
    import fzsim

    mem = duel("value", "guard", "fuzhou", 60, seed=4)
    disk = duel("value", "guard", "fuzhou", 60, seed=4, out=tmp_path / "d", progress=False)
    assert {k: v for k, v in disk.to_dict().items() if k != "out"} == \
        {k: v for k, v in mem.to_dict().items() if k != "out"}
    for name in ("baseline", "seat0", "seat1", "seat2", "seat3"):
        assert len(fzsim.load(tmp_path / "d" / name, columns=["delta_0"])) == 60
    again = duel("value", "guard", "fuzhou", 60, seed=4, out=tmp_path / "d", resume=True, progress=False)
    assert again.gain == disk.gain
    with pytest.raises(ValueError, match="already holds this finished run"):
        duel("value", "guard", "fuzhou", 60, seed=4, out=tmp_path / "d", progress=False)


@pytest.mark.parametrize("kwargs, message", [
    (dict(challenger="smart"), "unknown policy 'smart'"),
    (dict(baseline="greedy,random"), "baseline must be one policy name"),
    (dict(challenger="0=guard"), "challenger must be one policy name"),
    (dict(challenger="guard:fold=7"), "fold must be a number in 0.0..1.0"),
    (dict(hands=1), "hands must be an integer >= 2, got 1"),
    (dict(hands="10"), "hands must be an integer"),
    (dict(jobs=0), "jobs must be an integer >= 1"),
    (dict(seed=-1), "seed must be an integer in 0..2"),
    (dict(variant="nosuch"), "variant 'nosuch' is unknown"),
    (dict(block_size=0), "block_size must be"),
])
def test_bad_input(kwargs, message):
    args = dict(challenger="guard", baseline="greedy", variant="fuzhou", hands=10)
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        duel(**args)


def test_cli_json_and_errors(capsys):
    assert main(["duel", "--challenger", "guard:fold=0.2", "--baseline", "greedy", "--hands", "40",
                 "--seed", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["challenger"] == "guard:fold=0.2" and out["walls"] == 40 and set(out) >= {"gain", "se", "z"}
    assert main(["duel", "--challenger", "guard", "--hands", "20", "--variant", "bianfeng"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("fzsim duel: guard vs greedy on bianfeng, 20 walls") and "deal-in rate" in text
    assert main(["duel", "--challenger", "guard", "--hands", "20", "--resume"]) == 2
    assert "--resume needs --out" in capsys.readouterr().err
    assert main(["duel", "--challenger", "bogus", "--hands", "20"]) == 2
    assert "unknown policy 'bogus'" in capsys.readouterr().err


def test_fzsim_duel_stays_the_function():
    import importlib

    import fzsim

    importlib.import_module("fzsim.duel")       # the submodule, imported again
    assert callable(fzsim.duel) and fzsim.duel is duel
    from fzsim.orchestrator import DEFAULT_BLOCK_SIZE
    from fzsim import duel as module_default

    assert module_default is duel and DEFAULT_BLOCK_SIZE == importlib.import_module("fzsim.duel").DEFAULT_BLOCK_SIZE
