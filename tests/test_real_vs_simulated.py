"""Real games beside simulated ones (fzsim.analysis.real_vs_simulated and the report's section):
16 logged games — Botzone records of hands played by other players on other seeds, imported with
`fzsim import botzone` (Botzone's own 16-game sample is not in the repository: its licence is
not stated) — beside a small simulated run on Botzone's walls with two policy settings. Every
figure is checked against a plain pandas recomputation from the hands and wins tables."""
import math
import os

import numpy as np
import pandas as pd
import pytest

import fzsim
from fzsim import analysis, report
from fzsim.analysis_real import is_logged, newcombe_interval
from fzsim.packs.guobiao.botzone.export import export_hands
from fzsim.cli import main
from fzsim.game import play_hand
from fzsim.stats import wilson

BOTZONE = ["--variant", "guobiao", "--set", "gb_variant=botzone", "--set", "gb_mingangang=true"]


@pytest.fixture(scope="module")
def folders(tmp_path_factory):
    root = tmp_path_factory.mktemp("rvs")
    rules = fzsim.rules.load("guobiao", gb_variant="botzone", gb_mingangang=True)
    seats = (("guard", "greedy", "random", "guard"), ("greedy",) * 4)
    hands = [play_hand(404, g, rules, seats[g % 2], log=True, hand=(3 * g) % 16, dealer=g % 4, streak=0)
             for g in range(16)]
    export_hands(hands, root / "sample.txt", "text")
    real, sim = str(root / "real"), str(root / "sim")
    assert main(["import", "botzone", str(root / "sample.txt"), "--out", real, "--no-progress"]) == 0
    assert main(["run", "--hands", "128", *BOTZONE, "--policy-set", "greedy", "--policy-set", "guard",
                 "--seed", "9", "--out", sim, "--no-progress"]) == 0
    return real, sim


def reference(hands: pd.DataFrame, wins: pd.DataFrame) -> dict:
    """Plain pandas and Python, from the hands table's winner / discarder (one win a 国标 hand) and
    the wins table's fan lists."""
    n = len(hands)
    won = hands[hands["outcome"].astype(str) == "win"]
    out = {"drawn": (n - len(won), n), "selfdraw": (int((won["discarder"] < 0).sum()), len(won)),
           "win": (len(won), 4 * n), "deal_in": (int((won["discarder"] >= 0).sum()), 4 * n)}
    fans = {}
    for elements in wins[wins["record"].astype(str) == "win"]["elements"]:
        for name in set(elements):
            fans[name] = fans.get(name, 0) + 1
    for name, c in fans.items():
        out[("fan", name)] = (c, len(won))
    return out


def test_figures_equal_a_pandas_recomputation(folders):
    real, sim = folders
    assert is_logged(real) and not is_logged(sim)
    t = analysis.real_vs_simulated(real, sim)
    rh, rw = fzsim.load(real), fzsim.load(real, table="wins")
    sh, sw = fzsim.load(sim), fzsim.load(sim, table="wins")
    assert len(rh) == 16 and set(t["simulated"]) == {"guobiao-01e8fc/greedy", "guobiao-01e8fc/guard"}
    assert (t["real"] == "botzone-logs").all()
    ref_real = reference(rh, rw)
    for setting in ("greedy", "guard"):
        ref_sim = reference(sh[sh["policy"] == setting], sw[sw["policy"] == setting])
        block = t[t["simulated"] == f"guobiao-01e8fc/{setting}"]
        assert list(block["measure"][:4]) == ["drawn", "selfdraw", "win", "deal_in"]
        fans = {k for k in (*ref_real, *ref_sim) if isinstance(k, tuple)}
        assert len(block) == 4 + len(fans)
        for row in block.to_dict("records"):
            key = row["measure"] if row["measure"] != "fan" else ("fan", row["name"])
            rc, rn = ref_real.get(key, (0, ref_real["win"][0]))
            sc, sn = ref_sim.get(key, (0, ref_sim["win"][0]))
            assert (row["real_count"], row["real_n"], row["sim_count"], row["sim_n"]) == (rc, rn, sc, sn), key
            assert row["real_rate"] == pytest.approx(rc / rn) and row["sim_rate"] == pytest.approx(sc / sn)
            assert (row["real_lo"], row["real_hi"]) == pytest.approx(wilson(rc, rn))
            assert (row["sim_lo"], row["sim_hi"]) == pytest.approx(wilson(sc, sn))
            assert row["diff"] == pytest.approx(rc / rn - sc / sn)
            # Newcombe's hybrid score interval, written out
            (l1, u1), (l2, u2) = wilson(rc, rn), wilson(sc, sn)
            p1, p2 = rc / rn, sc / sn
            assert row["diff_lo"] == pytest.approx(p1 - p2 - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2))
            assert row["diff_hi"] == pytest.approx(p1 - p2 + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))
            assert row["diff_lo"] <= row["diff"] <= row["diff_hi"]
        # fans by frequency in the real games
        real_fans = block[block["measure"] == "fan"]["real_count"].to_numpy()
        assert (np.diff(real_fans) <= 0).all()
    # the same from DataFrames, and one simulated variant kept
    frames = analysis.real_vs_simulated(rh, sh, real_wins=rw, simulated_wins=sw,
                                        simulated_variants=["guobiao-01e8fc/guard"])
    pd.testing.assert_frame_equal(frames.reset_index(drop=True),
                                  t[t["simulated"] == "guobiao-01e8fc/guard"].reset_index(drop=True))


def test_newcombe_interval_against_his_table():
    """Newcombe (1998), Table II, example (a): 56/70 − 48/80, method 10: 0.0524 to 0.3339."""
    lo, hi = newcombe_interval([56], [70], [48], [80])
    assert (round(float(lo[0]), 4), round(float(hi[0]), 4)) == (0.0524, 0.3339)


def test_bad_input(folders, tmp_path):
    real, sim = folders
    with pytest.raises(ValueError, match="give the wins table too"):
        analysis.real_vs_simulated(fzsim.load(real), sim)
    with pytest.raises(ValueError, match=r"simulated variant\(s\) \['nope'\]"):
        analysis.real_vs_simulated(real, sim, simulated_variants=["nope"])
    with pytest.raises(ValueError, match="z="):
        analysis.real_vs_simulated(real, sim, z=0)


def test_report_sets_them_side_by_side(folders, tmp_path):
    real, sim = folders
    # either order: the logged folder is found by its policies
    assert main(["report", sim, real, "--out", str(tmp_path / "rep"), "--deals", "0"]) == 0
    md = open(tmp_path / "rep" / "report.md", encoding="utf-8").read()
    section = md.split("## Real beside simulated", 1)[1].split("\n## ", 1)[0]
    assert os.path.exists(tmp_path / "rep" / "real_vs_simulated.png") and "(real_vs_simulated.png)" in section
    assert "is not played by the logged games' rules" not in section          # both on Botzone's rules
    rh = fzsim.load(real)
    drawn = int((rh["outcome"].astype(str) != "win").sum())
    lo, hi = wilson(drawn, 16)
    assert f"{100 * drawn / 16:.2f}% [{100 * lo:.2f}, {100 * hi:.2f}] ({drawn}/16)" in section
    t = analysis.real_vs_simulated(real, sim)
    shown = report.real_vs_simulated_display(t)
    assert len(shown) == len(t) and all(cell in section for cell in shown["real − simulated (points)"])
    # the report of the logged folder with the simulated one as OTHER has the same section
    out = report.build_report(real, tmp_path / "rep2", prob_deals=0, other=sim)
    assert section.strip() in open(out["markdown"], encoding="utf-8").read()
    # two folders of the same kind are refused, nothing written
    assert main(["report", sim, sim, "--out", str(tmp_path / "no"), "--deals", "0"]) == 2
    assert main(["report", real, real, "--out", str(tmp_path / "no"), "--deals", "0"]) == 2
    assert not os.path.exists(tmp_path / "no")


def test_report_says_when_the_simulated_rules_are_not_botzone_s(folders, tmp_path):
    real, _ = folders
    rulebook = str(tmp_path / "rulebook")
    assert main(["run", "--hands", "32", "--variant", "guobiao", "--seed", "3", "--out", rulebook,
                 "--no-progress"]) == 0
    out = report.build_report(real, tmp_path / "rep", prob_deals=0, other=rulebook)
    section = open(out["markdown"], encoding="utf-8").read().split("## Real beside simulated", 1)[1]
    section = section.split("\n## ", 1)[0]
    assert "is not played by the logged games' rules: gb_variant = 'rulebook' (logged: 'botzone')" in section
    assert "gb_mingangang = False (logged: True)" in section
