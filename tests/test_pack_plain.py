"""The minimal example rule pack `plain` (fzsim_core/packs/plain, docs/examples/plain.toml): a
136-tile, 13-tile-hand pack without wild or flowers runs on the same flow, legal actions,
invariants, policies and engine as Fuzhou, with nothing of Fuzhou's own in it."""
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import fzsim
from fzsim.game import parse_tile_sequence
from fzsim.rules import load
from fzsim_core.engine import HandStepper, play_block, play_hand_raw
from fzsim_core.packs.registry import PACKS, tile_set
from tests.engine_scripts import Script, explicit_wall

PLAIN = load(Path(__file__).parents[1] / "docs" / "examples" / "plain.toml")


def plain_wall(hands, dealer=0, draws=""):
    """A 136-tile wall (tests/engine_scripts.explicit_wall)."""
    return explicit_wall(hands, dealer, draws, n_kinds=34)


def play(hands, policies, draws=""):
    return fzsim.play_hand(0, 0, variant=PLAIN, policies=policies, wall=plain_wall(hands, 0, draws),
                           log=True, dealer=0, streak=0, check=True)


def test_the_pack_is_registered_with_its_tile_set():
    assert PACKS["plain"] == PLAIN.core.fields["pack"]
    n, hand_size, copies = tile_set(PACKS["plain"])
    assert (n, hand_size) == (136, 13) and copies[:34].tolist() == [4] * 34 and copies[34:].sum() == 0


@pytest.mark.parametrize("policy", ["random", "greedy", "value"])
def test_thousands_of_hands_keep_every_invariant(policy):
    # value prices plain's wins by the pack's own scoring of a win's facts (Pack.score_facts)
    out = play_block(PLAIN.core, 9, 0, 2000 if policy != "value" else 500, policy, check=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (deltas.sum(axis=0) == 0).all() and (out["gold"] == -1).all()
    won = out["outcome"] == 1
    selfdraw = won & (out["discarder"] < 0)
    assert (deltas.max(axis=0)[won] == np.where(selfdraw, 3, 1)[won]).all()
    assert (out["tiles_left"][~won] == 0).all()   # reserve 0, no last group: the wall runs out
    assert (out["flowers_0"] == 0).all()
    assert won.mean() > {"random": 0.0, "greedy": 0.9, "value": 0.5}[policy]   # value folds against ready seats


def test_value_prices_a_win_by_the_packs_own_payments():
    from fzsim_core.packs.plain.pack import _score_facts
    base = PLAIN.core.fields["base"]
    assert _score_facts(PLAIN.core, winner=2, discarder=-1) == [-base, -base, 3 * base, -base]
    assert _score_facts(PLAIN.core, winner=2, discarder=0) == [-base, 0, base, 0]


def test_the_deal_is_thirteen_tiles_and_fourteen_for_the_dealer():
    row, events = play_hand_raw(PLAIN.core, 4, 2, 0, 1, 0, "random", None, True, True)
    dealt = Counter(seat for type_, seat, _, _ in events if type_ == 1)
    assert dealt == {1: 14, 0: 13, 2: 13, 3: 13}


# Deals for the scenarios (seat 0 deals; every hand 13 tiles, the dealer's 14th last).
OTHERS = {2: "2468m 1469s 2567z 1z", 3: "9p 5566s 22447z 37m 3p"}


def test_a_win_on_the_first_discard_is_paid_by_the_discarder():
    hands = {0: "1122m 456p 789s 115s 7z", 1: "123456789m 123p 7z", **OTHERS}
    r = play(hands, [Script(discards="7z"), Script(), Script(), Script()])
    assert (r.winner, r.discarder, r.win_type_name, r.deltas, r.turns) == (1, 0, "discard", (-1, 1, 0, 0), 1)


def test_the_dealer_may_win_on_its_first_turn():
    hands = {0: "123m 456m 789m 123p 55s", 1: "1112m 23456p 7899s", **OTHERS}
    r = play(hands, [Script()] * 4)
    assert (r.winner, r.discarder, r.win_type_name, r.deltas, r.turns) == (0, -1, "selfdraw", (3, -1, -1, -1), 1)


def test_a_pung_is_offered_before_the_next_seats_chow():
    hands = {0: "1122m 456p 789s 115s 3p", 1: "45m 1279p 137s 1234z", 2: "33p 2468m 1469s 567z", 3: "9p 5566s 22447z 37m 8p"}
    r = play(hands, [Script(discards="3p"), Script(claims=["chow"]), Script(claims=["pung"]), Script()])
    calls = [e for e in r.events if e.type in ("pung", "chow")]
    assert (calls[0].type, calls[0].seat, calls[0].tile) == ("pung", 2, "3p")


def test_answering_with_the_own_policies_replays_the_engine():
    for game_id in range(30):
        st = HandStepper(PLAIN.core, 5, game_id, 0, 0, 0, "greedy", (0, 1, 2, 3), None, True, True)
        while not st.done:
            st.apply(st.suggest())
        assert (st.row(), st.events()) == play_hand_raw(PLAIN.core, 5, game_id, 0, 0, 0, "greedy", None, True, True)


def test_a_fuzhou_wall_is_refused_with_a_clear_error():
    with pytest.raises(ValueError, match="a wall is 136 tile kinds"):
        play_hand_raw(PLAIN.core, 1, 0, 0, 0, 0, "greedy", np.zeros(144, dtype=np.uint8))
