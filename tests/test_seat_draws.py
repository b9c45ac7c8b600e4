"""Draws coupled by seat (fzsim_core/seat_draws.pxd, ``draws="seat"``): the same game distribution as
drawing the wall as it lies, with paired variants kept in step.

The distribution is proved three ways: by exact enumeration of the mechanism on small walls against
a uniform shuffle (a plain re-implementation, independent of the core), by the core's own orders,
and by the engine's rates under both kinds of draws on every preset (large samples under -m slow).
"""
import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

import fzsim
from fzsim.game import play_hand
from fzsim.rules import load
from fzsim_core.engine import play_block
from fzsim_core.wall import seat_draw_orders


# ---- the mechanism, enumerated exactly ----------------------------------------------------------

def coupled_draws(wall, orders, plan):
    """The plain mechanism: `plan` is a list of (seat, end) draws, end "head" or "tail"; each draw
    takes the seat's first preferred instance still in the wall and swaps it into the drawn end.
    Returns the kinds drawn, in order."""
    wall = list(wall)
    inst = list(range(len(wall)))
    pos = list(range(len(wall)))
    nxt = [0] * len(orders)
    head, tail = 0, len(wall) - 1
    out = []
    for seat, end in plan:
        at = head if end == "head" else tail
        while True:
            i = orders[seat][nxt[seat]]
            nxt[seat] += 1
            if head <= pos[i] <= tail:
                break
        p = pos[i]
        wall[at], wall[p] = wall[p], wall[at]
        q = inst[at]
        inst[at], inst[p] = i, q
        pos[i], pos[q] = at, p
        out.append(wall[at])
        if end == "head":
            head += 1
        else:
            tail -= 1
    return tuple(out)


@pytest.mark.parametrize("kinds, plan", [
    ((0, 0, 1, 2), [(0, "head"), (1, "head"), (0, "tail"), (1, "head")]),
    ((0, 1, 1, 2), [(1, "tail"), (1, "head"), (0, "head")]),
    ((0, 0, 1, 2), [(0, "head"), (0, "head"), (1, "tail"), (0, "tail")]),
    pytest.param((0, 0, 1, 2, 2), [(0, "head"), (1, "head"), (0, "tail"), (1, "head")], marks=pytest.mark.slow),
    pytest.param((0, 1, 1, 2, 2), [(1, "tail"), (0, "head"), (1, "head"), (0, "tail"), (1, "head")],
                 marks=pytest.mark.slow),
])
def test_every_draw_sequence_has_its_uniform_shuffle_probability(kinds, plan):
    """Over every wall order and every pair of seat orders (4 tiles, two seats: 12 x 24 x 24 equally
    likely cases; 5 tiles, 30 x 120 x 120, under -m slow), each sequence of kinds drawn has exactly
    the probability it has when the wall is drawn as it lies, head and tail draws mixed."""
    walls = sorted(set(itertools.permutations(kinds)))
    perms = list(itertools.permutations(range(len(kinds))))
    coupled, plain = Counter(), Counter()
    for w in walls:
        head, tail = 0, len(w) - 1
        seq = []
        for _, end in plan:
            seq.append(w[head] if end == "head" else w[tail])
            head, tail = (head + 1, tail) if end == "head" else (head, tail - 1)
        plain[tuple(seq)] += len(perms) ** 2
        for o0 in perms:
            for o1 in perms:
                coupled[coupled_draws(w, (o0, o1), plan)] += 1
    total = len(walls) * len(perms) ** 2
    assert set(coupled) == set(plain)
    for seq in plain:
        assert Fraction(coupled[seq], total) == Fraction(plain[seq], total), seq


def test_the_core_orders_are_seeded_permutations():
    a = seat_draw_orders(7, 3, 0)
    assert a.shape == (4, 144)
    for row in a:
        assert sorted(row.tolist()) == list(range(144))
    assert (a == seat_draw_orders(7, 3, 0)).all()
    assert not (a[0] == a[1]).all()
    assert not (a == seat_draw_orders(7, 4, 0)).all()
    assert seat_draw_orders(7, 3, 0, n_tiles=108).shape == (4, 108)
    with pytest.raises(ValueError, match="n_tiles must be 1..144"):
        seat_draw_orders(7, 3, 0, n_tiles=145)


def test_each_entry_of_an_order_is_uniform():
    """The first entry of seat 2's order over 14,400 hands: every instance 100 times on average
    (chi-square, 143 degrees of freedom, far tail)."""
    firsts = np.array([seat_draw_orders(11, g, 0)[2, 0] for g in range(14_400)])
    counts = np.bincount(firsts, minlength=144)
    chi2 = float(((counts - 100.0) ** 2 / 100.0).sum())
    assert chi2 < 143 + 6 * math.sqrt(2 * 143)


# ---- the engine -------------------------------------------------------------------------------

@pytest.mark.parametrize("preset", ["fuzhou", "bianfeng", "youjin", "lianzhong", "fuzhou-honors", "sichuan",
                                    "xuezhan", "guobiao", "beijing", "shanghai"])
def test_every_preset_plays_coupled_draws_under_the_invariant_checks(preset):
    rules = load(preset, hands_per_match=4).core
    for policy in ("random", "greedy"):
        coupled = play_block(rules, 5, 0, 40, policy, check=True, seat_draws=True)
        plain = play_block(rules, 5, 0, 40, policy)
        assert (coupled["wall_digest"] == plain["wall_digest"]).all()       # the same shuffled walls
    assert not all((coupled[c] == plain[c]).all() for c in ("winner", "turns", "delta_0"))


def test_the_deal_is_the_walls():
    """Coupling starts with the first draw of play: the deal, 补花 and the gold are the wall's."""
    for g in range(20):
        a = play_hand(3, g, log=True, draws="seat")
        b = play_hand(3, g, log=True)
        first = next((i for i, e in enumerate(b.events) if e.type == "draw"), len(b.events))
        assert a.events[:first] == b.events[:first]
        assert a.gold == b.gold


def _rates(cols):
    won = cols["outcome"] == 1
    d = np.stack([cols[f"delta_{s}"] for s in range(4)], 1).astype(float)
    dealer = d[np.arange(len(d)), cols["dealer"].astype(int)]
    return {"win": won.astype(float), "selfdraw": (won & (cols["discarder"] < 0)).astype(float),
            "turns": cols["turns"].astype(float), "dealer_delta": dealer}


def _same_rates(preset, policy, games, seed):
    rules = load(preset).core
    a = _rates(play_block(rules, seed, 0, games, policy, seat_draws=True))
    b = _rates(play_block(rules, seed + 1, 0, games, policy))        # independent hands
    for name in a:
        se = math.sqrt(a[name].var() / games + b[name].var() / games)
        z = (a[name].mean() - b[name].mean()) / se if se else 0.0
        assert abs(z) < 4.5, (preset, policy, name, a[name].mean(), b[name].mean(), z)


@pytest.mark.parametrize("preset", ["fuzhou", "sichuan", "beijing"])
def test_the_engines_rates_are_unchanged(preset):
    _same_rates(preset, "greedy", 6_000, 101)


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["fuzhou", "bianfeng", "youjin", "lianzhong", "fuzhou-honors", "sichuan",
                                    "xuezhan", "guobiao", "beijing", "shanghai"])
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_the_engines_rates_are_unchanged_large(preset, policy):
    _same_rates(preset, policy, 4_000 if preset == "guobiao" and policy == "greedy" else 200_000, 202)


def test_coupled_variants_stay_in_step():
    """A claimed tile discardable at once (no_discard_claimed_tile off) under greedy, seed 12, 20,000
    walls: the claims differ, so the turn order does, and the paired dealer difference's variance
    is lower with draws coupled by seat (bench_study.py measures the issue's contrasts)."""
    changed, base = load("fuzhou", no_discard_claimed_tile=False).core, load("fuzhou").core

    def dealer_var(coupled):
        a = _rates(play_block(changed, 12, 0, 20_000, "greedy", seat_draws=coupled))["dealer_delta"]
        b = _rates(play_block(base, 12, 0, 20_000, "greedy", seat_draws=coupled))["dealer_delta"]
        return float((a - b).var())

    assert dealer_var(False) / dealer_var(True) > 1.3


def test_a_copied_game_never_shares_the_coupling():
    """rollout plays its worlds on copies of the game: they draw from their own sampled walls."""
    rules = load("fuzhou").core
    cols = play_block(rules, 3, 0, 6, ("rollout", "greedy", "greedy", "greedy"), check=True, seat_draws=True)
    again = play_block(rules, 3, 0, 6, ("rollout", "greedy", "greedy", "greedy"), seat_draws=True)
    assert all((cols[c] == again[c]).all() for c in cols)


# ---- runs ---------------------------------------------------------------------------------------

def test_a_coupled_run_verifies_and_replays(tmp_path):
    out = tmp_path / "run"
    fzsim.simulate(300, ["fuzhou", "sichuan"], seed=9, out=out, draws="seat", log_sample=2, progress=False)
    from fzsim import integrity
    result = integrity.replay_sample(integrity.open_folder(str(out)), 40)
    assert result.compared == 40 and result.mismatches == []
    df = fzsim.load(out)
    row = df[(df["variant"] == "fuzhou") & (df["game_id"] == 17)].iloc[0]
    assert play_hand(9, 17, draws="seat").deltas == tuple(int(row[f"delta_{s}"]) for s in range(4))
    plain = [play_hand(9, g).deltas for g in range(40)]
    coupled = [play_hand(9, g, draws="seat").deltas for g in range(40)]
    assert plain != coupled


def test_the_identity_of_a_wall_run_is_unchanged(tmp_path):
    from fzsim.storage import RunIdentity
    ident = RunIdentity(seed=1, hands=10, block_size=5, policies=("greedy",) * 4, variants={})
    assert "draws" not in ident.to_json()
    coupled = RunIdentity(seed=1, hands=10, block_size=5, policies=("greedy",) * 4, variants={}, draws="seat")
    assert RunIdentity.from_json(coupled.to_json()).draws == "seat"
    assert coupled.differences(ident) == ["draws seat there, wall requested"]


def test_bad_draws_are_refused(tmp_path):
    with pytest.raises(ValueError, match="draws must be one of 'wall', 'seat', got 'lazy'"):
        fzsim.simulate(10, seed=1, out=tmp_path / "a", draws="lazy")
    with pytest.raises(ValueError, match="draws must be one of"):
        play_hand(1, 0, draws=None)
    from fzsim.study.spec import StudyError, from_dict
    with pytest.raises(StudyError, match="draws = 'lazy': allowed 'wall', 'seat'"):
        from_dict({"draws": "lazy", "questions": [{"metric": "dealer_delta", "precision": 1.0}]})
    assert not (tmp_path / "a").exists()


def test_a_duel_with_coupled_draws(tmp_path):
    """In memory and written as runs, the same gain; the runs record their draws."""
    mem = fzsim.duel("guard", "greedy", hands=200, seed=3, draws="seat")
    runs = fzsim.duel("guard", "greedy", hands=200, seed=3, draws="seat", out=tmp_path / "d")
    plain = fzsim.duel("guard", "greedy", hands=200, seed=3)
    assert mem.draws == "seat" and "draws coupled by seat" in mem.line()
    assert (mem.gain, mem.se) == (runs.gain, runs.se) != (plain.gain, plain.se)
    from fzsim.storage import read_manifest
    assert read_manifest(str(tmp_path / "d" / "seat0")).identity.draws == "seat"
    with pytest.raises(ValueError, match="draws must be one of"):
        fzsim.duel("guard", "greedy", hands=20, draws="both")


def test_a_study_draws_coupled_by_default_and_names_a_change_of_draws(tmp_path):
    spec = {"baseline": "fuzhou", "seed": 4, "first_round": 200, "budget": 200, "draws": "wall",
            "questions": [{"metric": "dealer_delta", "precision": 100.0}]}
    with pytest.warns(UserWarning, match="first_round"):
        fzsim.study(spec, tmp_path / "s", progress=False, card=False)
    from fzsim.storage import read_manifest
    assert read_manifest(str(tmp_path / "s" / "round-00")).identity.draws == "wall"
    del spec["draws"]                    # the default: coupled by seat, another study
    with pytest.raises(ValueError, match=r"holds another study \(it differs in draws\)"), \
            pytest.warns(UserWarning, match="first_round"):
        fzsim.study(spec, tmp_path / "s", progress=False, card=False, resume=True)


def test_botzone_bot_seats_refuse_coupled_draws(tmp_path):
    bot = "botzone:cmd=python docs/examples/botzone_bot.py"
    with pytest.raises(ValueError, match="draws='seat' is played by the engine's own seats only"):
        fzsim.simulate(8, "guobiao", seed=1, out=tmp_path / "b", policies=[bot, "greedy", "greedy", "greedy"],
                       draws="seat")
    with pytest.raises(ValueError, match="draws='seat' is played by the engine's own seats only"):
        fzsim.duel(bot, "greedy", "guobiao", hands=8, draws="seat")
    assert not (tmp_path / "b").exists()
