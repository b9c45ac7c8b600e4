"""The rollout policy and its information-set sampler (fzsim_core/determinize, policies/rollout).

- sample_world (uniform or with hands built turn by turn) keeps every invariant, changes nothing the deciding seat observes, keeps the
  hidden tiles as a multiset and each seat's hand size, and is uniform: a kind's expected copies
  in a seat's hand are its hidden copies times the seat's share of the hidden places;
- the rollout's decision never depends on hidden tiles: two walls that differ only in tiles the
  seat cannot see give it the same choice with the same seed;
- its parameters are validated; it plays full hands under check=True in fuzhou and bianfeng;
- folds are counted for the policies that fold and never for greedy.
"""
import numpy as np
import pytest

from fzsim.rules import load
from fzsim_core import engine
from fzsim_core.determinize import _probe
from fzsim_core.policies.registry import PARAMS, parse_spec

EV_DEAL, EV_FLOWER, EV_REPLACE, EV_GOLD_FLIP, EV_GOLD = 1, 2, 3, 4, 5


@pytest.mark.parametrize("built", [False, True])
@pytest.mark.parametrize("variant", ["fuzhou", "bianfeng"])
@pytest.mark.parametrize("decision", [0, 5, 12])
def test_samples_keep_invariants_and_the_public_state(variant, decision, built):
    rules = load(variant).core
    for gid in range(3):
        out = _probe(rules, 21, gid, decision, 60, built=built)
        if out is None:
            continue
        seat = out["seat"]
        real = np.array(out["real_hands"])
        hands = np.array(out["hands"])
        assert all(out["public"]) and all(out["invariants"]) and all(out["ended"])
        # the seat's own hand is never touched; the others keep their sizes
        assert (hands[:, seat] == real[seat]).all()
        assert (hands.sum(axis=2) == real.sum(axis=1)).all()
        # the hidden tiles, as a multiset, are the real ones
        hidden_real = np.bincount(out["real_wall"], minlength=42)[:34] + real.sum(axis=0) - real[seat]
        for h, w in zip(hands, out["walls"]):
            assert (np.bincount(w, minlength=42)[:34] + h.sum(axis=0) - h[seat] == hidden_real).all()
            assert sorted(w) != sorted(out["real_wall"]) or (h != real).any() or len(w) == 0
        # and they really are re-dealt
        assert (hands != real).any(axis=(1, 2)).mean() > 0.9


def test_samples_are_uniform_over_the_hidden_places():
    rules = load("fuzhou").core
    n = 3000
    out = _probe(rules, 4, 2, 6, n)
    assert out is not None
    seat = out["seat"]
    real = np.array(out["real_hands"])
    hands = np.array(out["hands"])
    flowers = set(range(27, 42))          # fuzhou: honours are flowers, never held
    wall = np.array(out["real_wall"])
    plain_wall = np.bincount(wall[~np.isin(wall, list(flowers))], minlength=34)[:34]
    pool = plain_wall + real.sum(axis=0) - real[seat]
    total = pool.sum()
    for s in range(4):
        if s == seat:
            continue
        share = real[s].sum() / total
        expect = pool * share
        got = hands[:, s].mean(axis=0)
        # copies of kind k in seat s's hand: hypergeometric, its variance below pool_k share (1 - share)
        se = np.sqrt(np.maximum(pool * share * (1 - share), 1e-9) / n)
        assert (np.abs(got - expect) <= 5 * se + 1e-9).all(), (s, got - expect)
    # flowers stay in the wall, in the same number
    for w in out["walls"]:
        assert np.isin(w, list(flowers)).sum() == np.isin(wall, list(flowers)).sum()


def test_the_prior_draws_hands_nearer_ready():
    from fzsim_core.winapi import shanten
    rules = load("fuzhou").core
    plain = _probe(rules, 8, 3, 10, 150)
    prior = _probe(rules, 8, 3, 10, 150, tries=8)
    assert plain is not None and prior is not None and plain["seat"] == prior["seat"]

    def shantens(out):
        return [shanten(np.array(h[s], dtype=np.uint8), out["gold"])
                for h in out["hands"] for s in range(4) if s != out["seat"]]

    def mean_sh(out):
        return np.mean(shantens(out))

    def ready_share(out):
        return np.mean(np.array(shantens(out)) <= 0)

    assert mean_sh(prior) < mean_sh(plain) - 0.3
    assert all(prior["invariants"]) and all(prior["public"]) and all(prior["ended"])
    # hands built turn by turn (one draw-and-throw per discard made) are nearer ready than
    # uniform ones, and ready more often than the best of several draws
    late = {kind: _probe(rules, 8, 3, 24, 150, **kw) for kind, kw in
            (("plain", {}), ("prior", {"tries": 8}), ("built", {"built": True}))}
    assert all(out is not None and out["seat"] == late["plain"]["seat"] for out in late.values())
    assert mean_sh(late["built"]) < mean_sh(late["plain"]) - 0.3
    assert ready_share(late["built"]) > ready_share(late["prior"]) + 0.03
    assert all(late["built"]["invariants"]) and all(late["built"]["public"]) and all(late["built"]["ended"])


def test_built_hands_head_for_a_win_the_pack_allows():
    """A pack with evaluation hooks builds the other seats' hands by its own shanten (Sichuan: at
    most two suits): late in Sichuan hands, the built hands are much nearer a Sichuan win than
    uniform ones, and nearer than building by the standard shape made them (mean Sichuan shanten
    2.39 on these decisions before `seat_shanten`; 1.61 with it; uniform draws 3.22)."""
    from fzsim_core.packs.sichuan.shapes import shanten as sc_shanten

    rules = load("sichuan").core

    def mean_sh(built):
        vals = []
        for gid in range(40):
            out = _probe(rules, 21, gid, 30, 30, built=built)
            if out is None:
                continue
            assert all(out["invariants"]) and all(out["public"]) and all(out["ended"])
            vals += [sc_shanten(np.asarray(h[s][:27], np.uint8)) for h in out["hands"] for s in range(4)
                     if s != out["seat"] and sum(h[s]) == 13]
        assert len(vals) > 500
        return np.mean(vals)

    built, uniform = mean_sh(True), mean_sh(False)
    assert uniform > 3.0 and built < 1.9, (built, uniform)


def hidden_permuted(rules, wall, seed, gid, rng):
    """A wall that differs from `wall` only in tiles hidden from the dealer (seat 0) at its first
    decision: plain (not flower, not gold) tiles of the other seats' dealt blocks and of the live
    wall are permuted; the tiles drawn from the tail in the opening keep their places."""
    st = engine.HandStepper(rules, seed, gid, 0, 0, 0, policies=("value",) * 4, agents=(0,), wall=wall,
                            log=True)
    if st.done or st.seat != 0 or st.decision != 0:
        return None, None
    ev = st.events()
    gold = next(e[2] for e in ev if e[0] == EV_GOLD)
    tail_draws = sum(1 for e in ev if e[0] in (EV_REPLACE, EV_GOLD_FLIP))
    first_flower = 27 if rules.fields["honors_are_flowers"] else 34
    n = len(wall)
    places = [p for p in list(range(16, 64)) + list(range(65, n - tail_draws))
              if wall[p] < first_flower and wall[p] != gold]
    new = wall.copy()
    new[places] = wall[rng.permutation(places)]
    return st, new


def public_view(st):
    """What seat 0 sees at its first decision: its legal actions and the opening's public events."""
    ev = st.events()
    pub = [e for e in ev if e[0] in (EV_FLOWER, EV_GOLD_FLIP, EV_GOLD) or (e[0] in (EV_DEAL, EV_REPLACE)
                                                                            and e[1] == 0)]
    return st.seat, st.decision, st.legal, pub


def test_rollout_decisions_never_depend_on_hidden_tiles():
    rules = load("fuzhou").core
    rng = np.random.default_rng(5)
    compared = differed = 0
    for gid in range(12):
        pols = ("rollout:n=6;at=31;z=0" + (";world=1" if gid % 2 else ""), "value", "value", "value")
        wall = engine.shuffled_wall(9, gid, 0)
        st_a, other = hidden_permuted(rules, wall, 9, gid, rng)
        if st_a is None:
            continue
        assert (other != wall).any()
        a = engine.HandStepper(rules, 9, gid, 0, 0, 0, policies=pols, agents=(0,), wall=wall, log=True)
        b = engine.HandStepper(rules, 9, gid, 0, 0, 0, policies=pols, agents=(0,), wall=other, log=True)
        if public_view(a) != public_view(b):
            continue   # the permutation changed the opening (a 抢金 or flower chain): not comparable
        assert a.suggest() == b.suggest()
        compared += 1
        # the hidden tiles do matter to how the hand goes on
        ga = engine.play_hand_raw(rules, 9, gid, 0, 0, 0, "greedy", wall=wall)[0]
        gb = engine.play_hand_raw(rules, 9, gid, 0, 0, 0, "greedy", wall=other)[0]
        differed += ga["delta_0"] != gb["delta_0"] or ga["turns"] != gb["turns"]
    assert compared >= 6 and differed >= 3


@pytest.mark.parametrize("spec, message", [
    ("rollout:n=0", "n must be a number in 1..1024"),
    ("rollout:n=2.5", "n must be a whole number"),
    ("rollout:k=9", "k must be a number in 2..8"),
    ("rollout:play=5", "play must be a number in 0..4"),
    ("rollout:at=0", "at must be a number in 1..63"),
    ("rollout:first=0", "first must be a number in 1..1024"),
    ("rollout:first=8.5", "first must be a whole number"),
    ("rollout:futile=-1", "futile must be a number"),
    ("rollout:world=2", "world must be a number in 0..1"),
    ("rollout:z=-1", "z must be a number"),
    ("rollout:prior=1.5", "prior must be a whole number"),
    ("rollout:budget=3", "unknown parameter 'budget'"),
    ("rollout:n=4;n=8", "given twice"),
])
def test_rollout_parameters_are_validated(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_spec(spec)


def test_rollout_parameters_parse_and_defaults_are_the_plain_policy():
    assert parse_spec("rollout:n=8;k=3;play=2;at=5;z=1.5;prior=2;world=1;first=4;futile=0") == (
        "rollout", {"n": 8.0, "k": 3.0, "play": 2.0, "at": 5.0, "z": 1.5, "prior": 2.0, "world": 1.0,
                    "first": 4.0, "futile": 0.0})
    rules = load("fuzhou").core
    spelled = "rollout:" + ";".join(f"{k}={v[2]}" for k, v in PARAMS["rollout"].items())
    plain = engine.play_block(rules, 3, 0, 6, ("rollout", "value", "value", "value"))
    again = engine.play_block(rules, 3, 0, 6, (spelled, "value", "value", "value"))
    assert all(np.array_equal(plain[c], again[c]) for c in plain)


@pytest.mark.parametrize("variant", ["fuzhou", "bianfeng"])
def test_rollout_plays_full_hands_under_check(variant):
    rules = load(variant).core
    out = engine.play_block(rules, 17, 0, 8, ("rollout:n=4;at=31;z=0", "value", "rollout:n=3;play=4;at=31;beta=0.5;world=1", "greedy"),
                            check=True)
    assert len(out["game_id"]) >= 8
    assert (out["delta_0"] + out["delta_1"] + out["delta_2"] + out["delta_3"] == 0).all()
    # reproducible: the same seed plays the same hands
    again = engine.play_block(rules, 17, 0, 8, ("rollout:n=4;at=31;z=0", "value", "rollout:n=3;play=4;at=31;beta=0.5;world=1", "greedy"),
                              check=True)
    assert all(np.array_equal(out[c], again[c]) for c in out)


def test_folds_are_counted_for_the_policies_that_fold():
    rules = load("fuzhou").core
    for pol in ("guard", "value"):
        out = engine.play_block(rules, 4, 0, 400, pol)
        folds = np.stack([out[f"folds_{s}"] for s in range(4)])
        assert folds.sum() > 0 and (folds >= 0).all() and (folds <= out["turns"]).all()
    greedy = engine.play_block(rules, 4, 0, 400, "greedy")
    assert all((greedy[f"folds_{s}"] == 0).all() for s in range(4))
    # a seat's folds are its own: guard in seat 2 only
    mixed = engine.play_block(rules, 4, 0, 400, ("greedy", "greedy", "guard", "greedy"))
    assert mixed["folds_2"].sum() > 0
    assert all((mixed[f"folds_{s}"] == 0).all() for s in (0, 1, 3))


@pytest.mark.parametrize("preset", ["sichuan", "xuezhan", "guobiao", "beijing", "shanghai"])
def test_rollout_plays_every_pack_under_the_invariant_checks(preset):
    """On the packs with evaluation hooks rollout searches discard wins, claims and own-turn offers
    (kongs) with the pack's value as its base and in its playouts; worlds are sampled under the
    pack's deal."""
    rules = load(preset).core
    games = 1 if preset == "guobiao" else 24
    out = engine.play_block(rules, 7, 0, games, ("rollout:n=8", "value", "rollout:n=8;play=1;at=14", "guard"),
                            check=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert not deltas.sum(axis=0).any() and (out["outcome"] == 1).mean() > 0.5


def test_rollout_falls_back_to_value_where_no_world_can_be_sampled():
    """With 定缺 on, Sichuan's hidden hands obey more than counts: rollout plays value's choices."""
    rules = load("sichuan", sc_dingque=True).core
    a = engine.play_block(rules, 3, 0, 30, "rollout:n=8")
    b = engine.play_block(rules, 3, 0, 30, "value")
    assert all((a[c] == b[c]).all() for c in ("winner", "delta_0", "delta_2", "turns"))


def test_a_search_stops_early_only_when_every_other_candidate_clearly_trails():
    """rollout.all_trail: after CHECK_FIRST worlds (and each doubling) a search ends with value's
    choice when every other candidate's paired mean is below -2 standard errors (or no world showed
    it better): one that could still end above +z standard errors is played out to n worlds."""
    from fzsim_core.policies.rollout import _all_trail

    def sums(diffs):      # unweighted worlds: (sum, sum of squares, worlds)
        d = np.asarray(diffs, dtype=float)
        return float(d.sum()), float((d * d).sum())

    n = 32
    clearly_worse = sums(np.r_[np.full(24, -4.0), np.full(8, 1.0)])      # mean -2.75, se ~0.42
    unsure = sums(np.r_[np.full(20, -4.0), np.full(12, 5.0)])           # mean -0.63, se ~0.8
    never_better = sums(np.zeros(n))                                    # identical outcomes
    cases = [([clearly_worse], True), ([unsure], False), ([never_better], True),
             ([clearly_worse, unsure], False), ([clearly_worse, never_better], True)]
    for others, want in cases:
        dsum = [0.0] + [x[0] for x in others]
        dsq = [0.0] + [x[1] for x in others]
        assert _all_trail(dsum, dsq, float(n), float(n)) is want, (others, want)
    with pytest.raises(ValueError, match="two lists of 2..8"):
        _all_trail([0.0], [0.0], 1.0, 1.0)
    # with `futile` 0 (国标's fitted check) a candidate behind on average is dropped at once
    assert _all_trail([0.0, unsure[0]], [0.0, unsure[1]], float(n), float(n), 0.0)
    ahead = sums(np.r_[np.full(12, -4.0), np.full(20, 3.0)])            # mean +0.38
    assert not _all_trail([0.0, ahead[0]], [0.0, ahead[1]], float(n), float(n), 0.0)


def test_the_honour_claim_bit_searches_only_the_calls_value_passes_on_an_honour():
    """at bit 32 (国标's fitted search): a claim on an honour's discard (kinds 27..33) whose value
    choice is the pass; bit 4 every claim; bit 8 discard and robbed-kong wins; nothing else."""
    from fzsim_core.policies.rollout import _claim_searched
    CLAIM, DISCARD_WIN, ROB_KONG, TURN = 3, 2, 4, 0
    PASS, PUNG = 0, 5
    assert _claim_searched(32, CLAIM, 31, PASS) and _claim_searched(32, CLAIM, 27, PASS)
    assert not _claim_searched(32, CLAIM, 31, PUNG)        # value calls: nothing to search
    assert not _claim_searched(32, CLAIM, 26, PASS)        # a suited tile
    assert not _claim_searched(32, DISCARD_WIN, 31, PASS) and not _claim_searched(32, TURN, 31, PASS)
    assert _claim_searched(4, CLAIM, 26, PUNG) and _claim_searched(40, DISCARD_WIN, -1, PASS)
    assert _claim_searched(8, ROB_KONG, 5, PASS) and not _claim_searched(8, CLAIM, 31, PASS)


def test_the_guobiao_pack_fits_its_own_search():
    """The 国标 pack's rollout without parameters is its fitted search (PackEval.rollout_*):
    discard wins and the honour calls value passes, 32 worlds, checked from the 8th with futile 0
    — not the policy's own defaults, which play this match differently."""
    rules = load("guobiao").core
    seats = ("value", "value", "value")
    plain = engine.play_block(rules, 3, 0, 1, ("rollout",) + seats)
    spelled = engine.play_block(rules, 3, 0, 1, ("rollout:at=40;n=32;first=8;futile=0",) + seats)
    generic = engine.play_block(rules, 3, 0, 1, ("rollout:at=8;n=256;first=32;futile=2",) + seats)
    assert all(np.array_equal(plain[c], spelled[c]) for c in plain)
    assert not all(np.array_equal(plain[c], generic[c]) for c in plain)


def test_a_search_between_two_candidates_takes_the_other_early_only_when_it_clearly_leads():
    """rollout.clearly_leads: the other of two candidates is taken at a check only when its paired
    lead exceeds 2 x z standard errors (z = 2: 4); one that might still fall under z is searched on."""
    from fzsim_core.policies.rollout import _clearly_leads

    def sums(diffs):
        d = np.asarray(diffs, dtype=float)
        return float(d.sum()), float((d * d).sum()), float(d.size), float(d.size)

    assert _clearly_leads(*sums(np.r_[np.full(28, 3.0), np.full(4, -1.0)]))          # mean 2.5, se ~0.25
    assert not _clearly_leads(*sums(np.r_[np.full(20, 4.0), np.full(12, -3.0)]))    # mean 1.4, se ~0.6
    assert not _clearly_leads(*sums(np.zeros(32)))                                  # no spread: not taken
    assert not _clearly_leads(*sums(np.r_[np.full(28, 3.0), np.full(4, -1.0)]), z=6.0)



def test_the_capped_shanten_search_builds_the_same_worlds():
    """Where a pack has a capped shanten search (国标: kit/evaluate.pxd EvalShantenAtMost), the
    draw-and-throw turns that build the other seats' hands read it, a speed-up only: the same
    seed builds the same hands and walls with it and without it."""
    rules = load("guobiao").core
    compared = 0
    for gid in range(6):
        for decision in (12, 30):
            a = _probe(rules, 23, gid, decision, 12, built=True)
            b = _probe(rules, 23, gid, decision, 12, built=True, capped=False)
            assert (a is None) == (b is None)
            if a is None:
                continue
            assert a["hands"] == b["hands"] and a["walls"] == b["walls"]
            assert all(a["invariants"]) and all(a["public"]) and all(a["ended"])
            compared += 1
    assert compared >= 6
