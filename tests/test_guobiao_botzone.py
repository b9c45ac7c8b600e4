"""国标 Botzone walls (GB-A2, gb_variant = "botzone"): 136 tiles without flowers, one 34-tile wall
per seat. Seat (dealer + i) % 4 owns wall[34 i : 34 i + 34] and takes it front to back — its 13
dealt tiles (the dealer's 14th too), then every draw and kong replacement — and the hand is drawn
when the seat to draw has nothing left. The event logs are replayed against the explicit walls."""
import numpy as np
import pytest

from fzsim.rules import RuleError, load
from fzsim_core.engine import play_block, play_hand_raw
from fzsim_core.packs.registry import PACKS, tile_set
from fzsim_core.rules import Rules
from fzsim_core.wall import validate_wall

BZ = load("guobiao", gb_variant="botzone")
EV_DEAL, EV_REPLACE, EV_DRAW, EV_DISCARD, EV_WIN, EV_DRAWN = 1, 3, 6, 7, 15, 16
FLAG_LAST_TILE = 8
WIN_SELFDRAW, WIN_ROBBED_KONG = 1, 3


def botzone_wall(seed):
    return np.random.default_rng(seed).permutation(np.repeat(np.arange(34), 4)).astype(np.uint8)


def replay(wall, dealer, events):
    """Check every tile a seat takes against its own wall, in order; the tiles each seat took,
    and at each win (seat, discarder or -1, whether the seat after the drawer / discarder had
    an empty wall then)."""
    own = {(dealer + i) % 4: [int(k) for k in wall[34 * i:34 * i + 34]] for i in range(4)}
    taken = dict.fromkeys(range(4), 0)
    last_discard = -1
    wins = []
    for typ, seat, tile, arg in events:
        if typ in (EV_DEAL, EV_DRAW, EV_REPLACE):
            assert taken[seat] < 34, f"seat {seat} took a 35th tile"
            assert tile == own[seat][taken[seat]], (seat, taken[seat], tile)
            taken[seat] += 1
        elif typ == EV_DISCARD:
            last_discard = seat
        elif typ == EV_WIN:
            if arg == WIN_ROBBED_KONG:      # never the last tile
                wins.append((seat, last_discard, False))
                continue
            src = -1 if arg == WIN_SELFDRAW else last_discard
            nxt = ((seat if src < 0 else src) + 1) % 4
            wins.append((seat, src, taken[nxt] == 34))
    return taken, wins


def test_the_tile_set_is_136_tiles_without_flowers():
    n, hand_size, copies = tile_set(PACKS["guobiao"], BZ.core)
    assert (n, hand_size) == (136, 13) and copies[:34].tolist() == [4] * 34 and not copies[34:].any()
    assert tile_set(PACKS["guobiao"])[0] == 144                     # the rulebook's stays
    validate_wall(botzone_wall(0), PACKS["guobiao"], BZ.core)
    with pytest.raises(ValueError, match="a wall is 136 tile kinds"):
        validate_wall(np.arange(144) % 42, PACKS["guobiao"], BZ.core)


def test_the_option_and_its_check():
    assert load("guobiao")["gb_variant"] == "rulebook"
    # like every gb_* option it is the 国标 pack's own: a core rule set of another pack refuses it,
    # naming its pack, and the rules loader refuses it for another pack's variant
    with pytest.raises(ValueError, match=r"gb_variant \(an option of the guobiao pack\) not of pack 0"):
        Rules(**{**load("fuzhou").core.fields, "gb_variant": 1})
    with pytest.raises(RuleError, match="gb_variant is a key of the guobiao pack, but this variant plays the fuzhou"):
        load("fuzhou", gb_variant="botzone")
    with pytest.raises(RuleError, match="gb_variant = 'wall': allowed one of 'rulebook', 'botzone'"):
        load("guobiao", gb_variant="wall")


@pytest.mark.parametrize("dealer", range(4))
def test_each_seat_deals_and_draws_from_its_own_wall_in_order(dealer):
    for seed in range(12):
        wall = botzone_wall(100 * dealer + seed)
        row, events = play_hand_raw(BZ.core, 0, 0, 0, dealer, 0, ("greedy",) * 4, wall, True, True)
        taken, _ = replay(wall, dealer, events)
        deals = [sum(1 for e in events if e[0] == EV_DEAL and e[1] == s) for s in range(4)]
        assert deals == [14 if s == dealer else 13 for s in range(4)]
        assert row["tiles_left"] == sum(34 - t for t in taken.values())
        assert not any(e[0] == 2 for e in events)                       # no flowers at all


def test_the_hand_is_drawn_when_the_seat_to_draw_has_emptied_its_wall():
    drawn = 0
    for seed in range(30):
        wall = botzone_wall(7000 + seed)
        dealer = seed % 4
        # random seats never reach 8 fans: every hand runs to the end of a wall
        row, events = play_hand_raw(BZ.core, 0, 0, 0, dealer, 0, ("random",) * 4, wall, True, True)
        taken, _ = replay(wall, dealer, events)
        if row["outcome"] != 0:
            continue
        drawn += 1
        assert events[-1][0] == EV_DRAWN
        last = [e for e in events if e[0] == EV_DISCARD][-1][1]
        if events[-1][3] == 0:      # the next seat had no tile to draw
            assert taken[(last + 1) % 4] == 34
            # ... while some other wall may still hold tiles: the hand ends all the same
        else:                       # a kong's replacement found its own wall empty
            assert 34 in taken.values()
        assert row["tiles_left"] == sum(34 - t for t in taken.values())
    assert drawn >= 25
    # the walls do not all run out together: the seat after the dealer's has one tile fewer dealt
    # than it draws ... so some drawn hands end with tiles left in another seat's wall
    lefts = []
    for seed in range(30):
        wall = botzone_wall(7000 + seed)
        row, _ = play_hand_raw(BZ.core, 0, 0, 0, seed % 4, 0, ("random",) * 4, wall, True, False)
        lefts.append(row["tiles_left"])
    assert max(lefts) > 0


def test_last_tile_fans_follow_the_next_seats_empty_wall():
    seen_last = 0
    for seed in range(250):
        wall = botzone_wall(90_000 + seed)
        dealer = seed % 4
        row, events, recs = play_hand_raw(BZ.core, 0, 0, 0, dealer, 0, ("greedy",) * 4, wall, True, True, True)
        _, wins = replay(wall, dealer, events)
        for (seat, src, empty), flags in zip(wins, recs["flags"]):
            assert bool(flags & FLAG_LAST_TILE) == empty, (seed, seat, src)
            seen_last += empty
    assert seen_last >= 1


@pytest.mark.parametrize("policies", [("greedy",) * 4, ("guard", "greedy", "random", "guard")])
def test_blocks_under_check_zero_sum_and_no_flowers(policies):
    out, recs = play_block(BZ.core, 3, 0, 12, policies, check=True, records=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert len(out["game_id"]) == 12 * 16 and not deltas.sum(axis=0).any()
    assert not recs["gen"].any()                                        # no 花牌 without flowers
    wins = recs["value"] > 0
    assert wins.any() and (recs["value"][wins] >= 8).all()
    assert (out["tiles_left"] <= 136 - 53).all()                        # 83 tiles to draw at most
