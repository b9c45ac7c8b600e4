"""BJ-A2 `bj_hui_discard = "natural"` on the engine: a discarded 惠牌 may be claimed (chow / pung /
kong) and won on at its face value, a real tile of that meld or winning hand (not a wild: it counts
for 门清无惠), where under the default `dead` nobody is offered it. Explicit walls pin both; random and
greedy hands with the option keep every invariant (check=True) and every win record re-scores by
the pure scorer's natural path and the slow reference (the won copy at face value)."""

import numpy as np
import pytest

from fzsim.packs.beijing.calculator import score as bj_score
from fzsim.rules import RuleError, load
from fzsim_core.engine import play_block
from fzsim_core.win_facts import WIN_TYPES
from fzsim_core.packs.beijing.score import FANS, FLAGS, evaluate
from tests.engine_scripts import Script
from tests.reference_beijing import ref_fans, ref_is_win
from tests.test_pack_beijing_engine import (BJ_SHIFT, PASSIVE, WIN, _hand_of, deltas, fans_of, k, play,
                                            records)

NATURAL = load("beijing", bj_hui_discard="natural")
# the 惠牌 is 2p (indicator 1p). Seat 1 is concealed, holds no 惠牌 and waits on 2p alone (1p_3p);
# seat 2 throws a 2p on its first turn (it holds two: they are its wilds).
WIN_HANDS = {0: "7z1m4m7m1p4p7p1s4s7s1z3z4z6z", 1: "1m2m3m4m5m6m7m8m9m1p3p5s5s",
             2: "2p2p2m5m8m5p8p2s5s8s1z2z3z", 3: "1m4m7m9p6p8p3s6s2z5z5z6z6z"}


def test_the_option_is_a_validated_rule_key_defaulting_to_dead():
    assert load("beijing")["bj_hui_discard"] == "dead" and NATURAL.core.fields["bj_hui_discard"] == 1
    with pytest.raises(RuleError, match="bj_hui_discard"):
        load("beijing", bj_hui_discard="wild")


def _win_on_hui(variant):
    s1 = Script()
    r = play(WIN_HANDS, [Script("7z", **PASSIVE), s1, Script("2p", **PASSIVE), Script(**PASSIVE)],
             draws="7z6z", indicator="1p", variant=variant)
    return r, s1


def test_a_discarded_hui_is_won_on_at_face_value_only_under_natural():
    r, s1 = _win_on_hui(NATURAL)
    assert r.gold == k("2p")
    (w,) = records(r, WIN)
    assert (int(w["seat"]), int(w["from_seat"]), int(w["tile"])) == (1, 2, k("2p"))
    # the won 2p is real: 一条龙 3 + 门清无惠 1 (seat 1 holds no wild); as a wild it would lose 门清无惠
    assert fans_of(w) == {"yitiaolong", "menqing_wuhui"} and int(w["value"]) == 4 and deltas(r) == [0, 4, -4, 0]
    counts, melds = _hand_of(w)
    assert evaluate(counts, melds, k("2p"), [], k("2p"), None, True, True)["total"] == 4
    assert evaluate(counts, melds, k("2p"), [], k("2p"))["total"] == 3     # the wild reading
    rep = bj_score("1m2m3m4m5m6m7m8m9m1p2p3p5s5s", winning_tile="2p", wild="2p", win="discard", discarder=2, winner=1,
                   dealer=0, overrides={"hui_discard": "natural"})
    assert rep.total == 4 and rep.wilds == 0 and rep.deltas == [0, 4, -4, 0]
    # dead (the default): nobody is offered the 2p, seat 1 never sees a discard win on it
    r, s1 = _win_on_hui(load("beijing"))
    assert not any(dec == "discard_win" and t == "2p" for dec, t, _ in s1.seen)
    assert all(int(w["tile"]) != k("2p") or int(w["win_type"]) != WIN_TYPES["discard"] for w in records(r, WIN))


def test_a_discarded_hui_is_not_won_on_where_only_a_wild_would_complete_the_hand():
    # seat 1 (no 惠牌) waits on 6s / 9s: a 2p at face value completes nothing, so no offer
    hands = {**WIN_HANDS, 1: "1m2m3m4m5m6m7m8m9m7s8s5s5s"}
    s1 = Script(**PASSIVE)
    play(hands, [Script("7z", **PASSIVE), s1, Script("2p", **PASSIVE), Script(**PASSIVE)], draws="7z6z",
         indicator="1p", variant=NATURAL)
    assert not any(dec == "discard_win" and t == "2p" for dec, t, _ in s1.seen)


@pytest.mark.parametrize("claim,seat", [("chow", 1), ("pung", 2)])
def test_a_discarded_hui_is_claimed_at_face_value_only_under_natural(claim, seat):
    # the dealer throws the 惠牌 2p first; seat 1 holds 1p 3p (a chow), seat 2 two 2p (a pung with
    # its own two, at face value); neither is ready, so the claim is the offer
    hands = {0: "2p1m4m7m1p4p7p1s4s7s1z3z4z6z", 1: "1p3p2m5m8m4p7p2s5s8s1z2z3z",
             2: "2p2p3m6m9m3p6p9p3s6s9s4z7z", 3: "1m4m7m8p6p5p3s6s2z5z5z6z6z"}
    if claim == "pung":
        hands[1] = "1p9p2m5m8m4p7p2s5s8s1z2z3z"
    for variant, claimed in ((NATURAL, True), (load("beijing"), False)):
        pols = [Script("2p", **PASSIVE), Script("1z", **PASSIVE), Script("4z", **PASSIVE), Script(**PASSIVE)]
        pols[seat] = Script("1z" if seat == 1 else "4z", claims=[claim], **PASSIVE)
        r = play(hands, pols, draws="7z7z7z", indicator="1p", variant=variant)
        got = [(e.type, e.seat, e.tile) for e in r.events if e.type in ("chow", "pung")]
        if claimed:
            assert got == [(claim, seat, "1p" if claim == "chow" else "2p")]
        else:
            # (the scripted seat may take a later, ordinary claim: none on the dead 2p)
            assert not any(dec == "claim" and t == "2p" for dec, t, _ in pols[seat].seen)
            assert not any(e.type in ("chow", "pung") and e.tile in ("1p", "2p") for e in r.events)


def recheck_natural(out, w, check_ref=300):
    """Each win record re-scored by the pure scorer with the option (a discard win on the 惠牌: its
    natural path) and, for the first `check_ref`, by the slow reference with the won copy at face
    value (the hand's wilds moved to a kind it holds nowhere, which changes no shape)."""
    gold = dict(zip(zip(out["game_id"].tolist(), out["hand"].tolist()), out["gold"].tolist()))
    names = {b: n for n, b in FLAGS.items()}
    n_natural = 0
    for j, i in enumerate(np.flatnonzero(w["kind"] == WIN)):
        rec = {c: w[c][i] for c in w}
        counts, melds = _hand_of(rec)
        wild, tile = gold[(int(rec["game_id"]), int(rec["hand"]))], int(rec["tile"])
        bits = int(rec["flags"]) >> BJ_SHIFT
        flags = [n for b, n in names.items() if bits & b]
        natural = int(rec["win_type"]) == WIN_TYPES["discard"] and tile == wild
        n_natural += natural
        got = evaluate(counts, melds, wild, flags, tile, None, True, natural)
        assert got["total"] == int(rec["value"]) and sum(1 << FANS.index(f) for f in got["fans"]) == int(rec["patterns"])
        if j < check_ref or natural:
            c, wk = np.array(counts), wild
            if natural:   # the reference's own relabelling: the wilds to an unused kind
                held = c.copy()
                for t, m in melds:
                    held[m:m + 3 if t == "chow" else m + 1] += 1
                wk = next(x for x in range(34) if x != wild and held[x] == 0)
                c[wk], c[wild] = c[wild] - 1, 1
            assert ref_is_win(c, melds, wk) or "sihui" in flags
            ref = ref_fans(c, melds, wk, win_kind=tile, **{f: True for f in flags})
            assert ref is not None and ref[0] == got["total"], (rec, ref, got)
    return n_natural


def _wild_in_a_meld(out, w):
    """Win records whose declared melds hold the 惠牌 kind (a claimed 惠牌 at face value)."""
    gold = dict(zip(zip(out["game_id"].tolist(), out["hand"].tolist()), out["gold"].tolist()))
    n = 0
    for i in np.flatnonzero(w["kind"] == WIN):
        g = gold[(int(w["game_id"][i]), int(w["hand"][i]))]
        for t, m in zip(w["meld_type"][i][:w["n_melds"][i]], w["meld_kind"][i][:w["n_melds"][i]]):
            n += int(m == g or (t == 1 and m <= g <= m + 2))
    return n


# greedy and guard rarely throw a 惠牌 (a wild is worth more held): the mixed table has a random
# seat throwing them, so discarded 惠牌 are claimed and won on at face value there
@pytest.mark.parametrize("policy", ["random", "greedy", "guard", ("random", "greedy", "guard", "greedy")])
def test_hands_with_the_option_keep_every_invariant_and_rescore(policy):
    out, w = play_block(NATURAL.core, 7, 0, 3000, policy, check=True, records=True)
    d = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (d.sum(axis=0) == 0).all()
    n_natural = recheck_natural(out, w)
    assert (w["kind"] == WIN).sum() > (20 if policy == "random" else 1500)
    if isinstance(policy, tuple):
        assert n_natural >= 3 and _wild_in_a_meld(out, w) >= 5
