"""The Botzone judge's rules at a wall's end (GB-A4, GB-A5; options of the botzone walls): no chow,
pung or kong of a discard when the seat after the discarder has an empty wall, and no own-turn
kong when the seat's own wall or the next seat's is empty. Hands on random walls are walked
through their event logs with each seat's own wall rebuilt (tests/test_guobiao_botzone.replay's
reading), independently of the pack's bookkeeping."""
import numpy as np
import pytest

from fzsim.rules import load
from fzsim_core.engine import play_hand_raw

EV = {"deal": 1, "replace": 3, "draw": 6, "discard": 7, "chow": 8, "pung": 9, "kong": 10,
      "concealed_kong": 11, "added_kong": 12}
CLAIMS = (EV["chow"], EV["pung"], EV["kong"])
OWN_KONGS = (EV["concealed_kong"], EV["added_kong"])
JUDGE = load("guobiao", gb_variant="botzone")
OPEN = load("guobiao", gb_variant="botzone", gb_claim_at_wall_end=True, gb_kong_at_wall_end=True)


def wall_end_moves(rules, n_hands, seed, policy="random"):
    """(claims on a discard whose next seat's wall was empty, own-turn kongs with the seat's own or
    the next seat's wall empty), counted over n_hands hands under check=True (random play reaches the
    walls' ends in most hands)."""
    claims = kongs = 0
    for hand in range(n_hands):
        rng = np.random.default_rng(seed + hand)
        wall = rng.permutation(np.repeat(np.arange(34), 4)).astype(np.uint8)
        dealer = hand % 4
        _, events = play_hand_raw(rules.core, 0, hand, 0, dealer, 0, (policy,) * 4, wall, True, True)
        taken = dict.fromkeys(range(4), 0)
        last_discarder = -1
        for typ, seat, _tile, _arg in events:
            if typ in (EV["deal"], EV["draw"], EV["replace"]):
                taken[seat] += 1
            elif typ == EV["discard"]:
                last_discarder = seat
            elif typ in CLAIMS and taken[(last_discarder + 1) % 4] == 34:
                claims += 1
            elif typ in OWN_KONGS and (taken[seat] == 34 or taken[(seat + 1) % 4] == 34):
                kongs += 1
    return claims, kongs


def test_the_judge_never_lets_a_claim_or_kong_through_at_a_wall_end():
    assert wall_end_moves(JUDGE, 400, 7) == (0, 0)


def test_with_both_options_open_such_moves_happen():
    """The same walls with the options on: the walk above does see them (it can fail)."""
    claims, kongs = wall_end_moves(OPEN, 400, 7)
    assert claims > 0 and kongs > 0


def test_the_options_are_guobiao_keys_defaulting_to_the_judge():
    cfg = load("guobiao", gb_variant="botzone")
    assert cfg["gb_claim_at_wall_end"] is False and cfg["gb_kong_at_wall_end"] is False
    with pytest.raises(Exception, match="gb_claim_at_wall_end is a key of the guobiao pack"):
        load("sichuan", gb_claim_at_wall_end=True)
