"""fzsim report / fzsim prob end to end on synthetic contract-4 folders (and real runs when available)."""
import json
import os

import pytest

from fzsim import analysis, prob, report
from fzsim.cli import main
from synthetic_results import synthetic_results, write_results

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def two_variants(tmp_path_factory):
    df = synthetic_results(600, variants=("fuzhou", "bianfeng"), seed=9, hands_per_match=3)
    return write_results(df, str(tmp_path_factory.mktemp("two")))


def test_report_writes_markdown_html_and_plots(two_variants, tmp_path):
    out = report.build_report(two_variants, tmp_path / "rep", prob_deals=2000)
    names = sorted(os.path.basename(p) for p in out["plots"])
    # synthetic hands (storage format 1) have no shanten-by-turn plot and no wins table, so no
    # per-pack scoring elements; one folder sets no real games beside simulated ones
    drawn = [p for p in report.PLOTS if p not in ("shanten.png", "real_vs_simulated.png") and not p.startswith("elements_")]
    assert names == sorted(drawn)
    for p in out["plots"]:
        with open(p, "rb") as f:
            assert f.read(8) == PNG
    md = open(out["markdown"], encoding="utf-8").read()
    page = open(out["html"], encoding="utf-8").read()
    for title in ("How hands end", "Balance", "Dealer streak", "Score distribution", "Variant comparison",
                  "Probability table: fuzhou", "Probability table: bianfeng"):
        assert f"## {title}" in md and f"<h2>{title}</h2>" in page
    assert "Not computed" in md and "shanten.png" not in md
    for png in drawn:
        assert f"({png})" in md and f"src='{png}'" in page
    # the figures in the report are the analysis figures
    b = analysis.balance(two_variants)
    dealer = b[(b.variant == "fuzhou") & (b.who == "dealer")].iloc[0]
    assert report._fmt(dealer["mean"]) in md
    assert "fuzhou (1,800 hands)" in md
    assert "三金倒 available" in md and "金雀 won" in md


def test_report_single_variant_says_why_no_comparison(tmp_path):
    d = write_results(synthetic_results(200, variants=("fuzhou",), seed=2), str(tmp_path / "one"))
    (tmp_path / "rep").mkdir()
    (tmp_path / "rep" / report.MARKER).write_text("{}")         # an earlier report's folder
    (tmp_path / "rep" / "compare.png").write_bytes(b"stale")
    out = report.build_report(d, tmp_path / "rep", prob_deals=0)
    md = open(out["markdown"], encoding="utf-8").read()
    assert "Only one variant (fuzhou)" in md
    assert not (tmp_path / "rep" / "compare.png").exists()


def test_report_bad_folders(tmp_path, capsys):
    assert main(["report", str(tmp_path / "nope"), "--out", str(tmp_path / "r")]) == 2
    assert "does not exist" in capsys.readouterr().err
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "data.csv").write_text("a,b\n1,2\n")
    assert main(["report", str(tmp_path / "other"), "--out", str(tmp_path / "r")]) == 2
    assert "not fzsim output" in capsys.readouterr().err
    (tmp_path / "empty" / "variant=fuzhou").mkdir(parents=True)
    assert main(["report", str(tmp_path / "empty"), "--out", str(tmp_path / "r")]) == 2
    assert "holds no fzsim run" in capsys.readouterr().err
    assert not (tmp_path / "r").exists()  # nothing written for bad input


def test_report_cli(two_variants, tmp_path, capsys):
    assert main(["report", two_variants, "--out", str(tmp_path / "cli"), "--deals", "500"]) == 0
    printed = capsys.readouterr().out
    assert "report.md" in printed and "report.html" in printed and "compare.png" in printed


def test_prob_cli_json_and_table(capsys):
    assert main(["prob", "--hands", "2000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    exact = prob.opening_exact(True)
    rows = {(r["event"], r["role"]): r for r in data["rows"]}
    assert rows[("tianhu", "dealer")]["exact"] == pytest.approx(exact["dealer"]["tianhu"])
    assert rows[("golds_3", "nondealer")]["n"] == 6000
    assert data["variant"] == "fuzhou" and data["deals"] == 2000
    assert main(["prob", "--hands", "0", "--variant", "fuzhou-honors"]) == 0
    text = capsys.readouterr().out
    assert "== fuzhou-honors ==" in text and "136 non-flower tiles" in text and "抢金 available" in text
    assert main(["prob", "--variant", "no-such-variant", "--hands", "0"]) == 2
    assert "no-such-variant" in capsys.readouterr().err


def test_probability_table_whole_hand_rows_from_results(two_variants):
    t = prob.probability_table("fuzhou", deals=0, results=two_variants)
    df = analysis.read_columns(two_variants, ["outcome", "winner", "dealer", "win_type", "jinque", "jinlong"],
                               variants=["fuzhou"])
    whole = t[t.window == "whole hand"].set_index(["event", "role"])
    rows = df.to_dict("records")
    n = len(rows)
    assert whole.loc[("jinque", "hand"), "n"] == n
    assert whole.loc[("jinque", "hand"), "mc"] * n == sum(r["outcome"] == "win" and r["jinque"] for r in rows)
    d_sjd = sum(r["win_type"] == "sanjindao" and r["winner"] == r["dealer"] for r in rows)
    assert whole.loc[("sanjindao_won", "dealer"), "mc"] * n == pytest.approx(d_sjd)
    assert whole.loc[("sanjindao_won", "nondealer"), "n"] == 3 * n
    assert t.attrs["hands"] == n


def test_report_uses_the_run_manifest(tmp_path):
    from fzsim import storage

    d = write_results(synthetic_results(200, variants=("my rules",), seed=4), str(tmp_path / "run"), seed=77,
                      rules={"honors_are_flowers": False})
    assert os.path.isdir(storage.variant_dir(d, "my rules"))
    assert analysis.check_results_dir(d) == ["my rules"]
    m = storage.read_manifest(d)
    m.status = "running"
    storage.write_manifest(d, m)
    with pytest.raises(ValueError, match="unfinished run"):
        analysis.check_results_dir(d)
    with pytest.raises(ValueError, match="(?s)unfinished run.*--allow-incomplete"):
        report.build_report(d, tmp_path / "rep", prob_deals=500)
    out = report.build_report(d, tmp_path / "rep", prob_deals=500, allow_incomplete=True)
    md = open(out["markdown"], encoding="utf-8").read()
    assert "seed 77" in md and "Incomplete run (reported with --allow-incomplete)" in md
    # the custom variant's stored rules give its tile set: 136 non-flower tiles
    assert "variant my rules: 136 non-flower tiles" in md


def test_prob_cli_takes_the_tile_set_from_the_run_manifest(tmp_path, capsys):
    d = write_results(synthetic_results(150, variants=("house",), seed=6), str(tmp_path / "run"),
                      rules={"honors_are_flowers": False})
    assert main(["prob", "--results", d, "--variant", "house", "--hands", "300", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["honors_are_flowers"] is False and data["non_flower_tiles"] == 136 and data["hands"] == 150
