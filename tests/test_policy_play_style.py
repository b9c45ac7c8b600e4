"""Play style per seat-hand by policy (fzsim.analysis.policy_play_style and the report's section
"Play style by policy") in every pack family: small runs of two policy settings each — one with
mixed seats — checked against a plain recomputation from the hands and wins tables (every win of a
hand counted from the wins table; deal-ins as the discard wins and robbed kongs a seat paid as the
discarder — the hands table's dealins_* — and self-draws as the other wins: a Beijing self-draw
that a feeder pays under 包 has a from_seat, and is a self-draw)."""
import math

import numpy as np
import pandas as pd
import pytest

import fzsim
from fzsim import analysis, report
from fzsim.analysis_style import policy_play_style, seat_policies
from fzsim.cli import main
from fzsim.stats import wilson

#: per pack family: the variants, hands (whole matches), the two policy settings
FAMILIES = {
    "fuzhou": (["fuzhou", "bianfeng"], 160, ["greedy", "value,greedy,guard,random"]),
    "sichuan": (["sichuan", "xuezhan"], 160, ["greedy", "guard,greedy,random,greedy"]),
    "guobiao": (["guobiao"], 128, ["guard", "greedy,guard,random,guard"]),
    "beijing": (["beijing"], 160, ["greedy", "guard,random,greedy,guard"]),
    "shanghai": (["shanghai"], 160, ["guard", "random,greedy,guard,greedy"]),
}


@pytest.fixture(scope="module", params=sorted(FAMILIES))
def run(request, tmp_path_factory):
    variants, hands, settings = FAMILIES[request.param]
    out = str(tmp_path_factory.mktemp(request.param) / "run")
    argv = ["run", "--hands", str(hands), "--seed", "31", "--out", out, "--no-progress"]
    for v in variants:
        argv += ["--variant", v]
    for s in settings:
        argv += ["--policy-set", s]
    assert main(argv) == 0
    return request.param, out, settings


def reference(out: str) -> dict:
    """{(VARIANT/SETTING, policy): figures} by plain pandas and Python."""
    hands, wins = fzsim.load(out), fzsim.load(out, table="wins")
    wins = wins[wins["record"].astype(str) == "win"]
    ref = {}
    for (variant, setting), h in hands.groupby(["variant", "policy"], observed=True):
        label = f"{variant}/{setting}"
        w = wins[(wins["variant"] == variant) & (wins["policy"] == setting)]
        nobody = int((h["outcome"].astype(str) != "win").sum())
        for s, policy in enumerate(seat_policies(setting)):
            r = ref.setdefault((label, policy), {"seats": [], "seat_hands": 0, "wins": 0, "selfdraws": 0,
                                                 "deal_ins": 0, "drawn": 0, "claims": [], "declines": [],
                                                 "folds": []})
            mine = w[w["seat"] == s]
            r["seats"].append(s)
            r["seat_hands"] += len(h)
            r["wins"] += len(mine)
            r["selfdraws"] += int((~mine["win_type"].astype(str).isin(["discard", "robbed_kong"])).sum())
            paid = w["win_type"].astype(str).isin(["discard", "robbed_kong"])
            r["deal_ins"] += int((paid & (w["from_seat"] == s)).sum())
            r["drawn"] += nobody
            for c in ("claims", "declines", "folds"):
                r[c].extend(h[f"{c}_{s}"].astype(int).tolist())
    return ref


def test_matches_a_pandas_recomputation(run):
    family, out, settings = run
    ps = policy_play_style(out)
    ref = reference(out)
    assert len(ps) == len(ref)
    for row in ps.to_dict("records"):
        r = ref[(row["variant"], row["policy"])]
        assert row["seats"] == ",".join(map(str, r["seats"]))
        for c in ("seat_hands", "wins", "selfdraws", "deal_ins", "drawn"):
            assert row[c] == r[c], (family, row["variant"], row["policy"], c)
        for prefix, count, n in (("win", "wins", "seat_hands"), ("selfdraw", "selfdraws", "wins"),
                                 ("deal_in", "deal_ins", "seat_hands"), ("drawn", "drawn", "seat_hands")):
            rate = "selfdraw_share" if prefix == "selfdraw" else f"{prefix}_rate"
            if r[n] == 0:          # random seats may never win: no self-draw share
                assert math.isnan(row[rate]) and math.isnan(row[f"{prefix}_lo"])
                continue
            assert row[rate] == pytest.approx(r[count] / r[n])
            assert (row[f"{prefix}_lo"], row[f"{prefix}_hi"]) == pytest.approx(wilson(r[count], r[n]))
        for c in ("claims", "declines", "folds"):
            v = np.array(r[c], dtype=float)
            assert row[c] == pytest.approx(v.mean())
            assert row[f"{c}_se"] == pytest.approx(v.std(ddof=1) / math.sqrt(len(v)))
    # every setting and every policy of its seats has its row
    variants = {str(v) for v in fzsim.load(out)["variant"].unique()}
    assert {(v, p) for v in variants for s in settings for p in seat_policies(s)} == \
        {(row["variant"].rsplit("/", 1)[0], row["policy"]) for row in ps.to_dict("records")}
    # the seat-hands of a setting add up to 4 × its hands
    per_setting = ps.groupby("variant")["seat_hands"].sum()
    hands = fzsim.load(out).assign(label=lambda d: d["variant"].astype(str) + "/" + d["policy"].astype(str))
    assert per_setting.to_dict() == (4 * hands.groupby("label").size()).to_dict()


def test_frames_give_the_same(run):
    _, out, _ = run
    hands, wins = fzsim.load(out), fzsim.load(out, table="wins")
    pd.testing.assert_frame_equal(policy_play_style(hands, wins=wins), policy_play_style(out))
    assert analysis.policy_play_style(out).equals(policy_play_style(out))


# a whole report per family is slow: one family by default (its section is the same code for all), every
# family under -m slow
@pytest.mark.parametrize("run", [f if f == "sichuan" else pytest.param(f, marks=pytest.mark.slow)
                                 for f in sorted(FAMILIES)], indirect=True)
def test_report_section(run, tmp_path):
    family, out, _ = run
    rep = report.build_report(out, tmp_path / "rep", prob_deals=0)
    md = open(rep["markdown"], encoding="utf-8").read()
    section = md.split("## Play style by policy", 1)[1].split("\n## ", 1)[0]
    ps = policy_play_style(out)
    for row in ps.to_dict("records"):
        cell = f"{100 * row['win_rate']:.2f}% [{100 * row['win_lo']:.2f}, {100 * row['win_hi']:.2f}]"
        assert f"| {row['variant']} | {row['policy']} | {row['seats']} |" in section and cell in section


def test_multi_win_hands_count_every_win(tmp_path):
    """血战到底: a hand has up to three wins; the hands table's first win alone would undercount."""
    out = str(tmp_path / "xz")
    assert main(["run", "--hands", "100", "--variant", "xuezhan", "--seed", "2", "--out", out, "--no-progress"]) == 0
    ps = policy_play_style(out)
    assert ps.iloc[0]["wins"] == int((fzsim.load(out, table="wins")["record"].astype(str) == "win").sum())
    assert ps.iloc[0]["wins"] > analysis.play_style(out).iloc[0]["wins"]


def test_bad_input():
    df = pd.DataFrame({"variant": "v", "game_id": [0], "hand": 0, "outcome": ["draw"], "winner": [-1],
                       "discarder": [-1], "win_type": ["none"]})
    with pytest.raises(ValueError, match="'policy' column"):
        policy_play_style(df)
    with pytest.raises(ValueError, match="policy label"):
        policy_play_style(df, policies="a,b")
    assert policy_play_style(df, policies=["guard", "greedy", "greedy", "greedy"])["policy"].tolist() == \
        ["greedy", "guard"]
    with pytest.raises(ValueError, match="z="):
        policy_play_style(df.assign(policy="greedy"), z=-1)
