"""Rule edges of docs/spec/RULES.md §3-§7 on explicit walls, each seat driven by a script."""
import pytest

from engine_scripts import Script, event_types, scenario
from fzsim.tiles import kind_index
from fzsim_core.rules import Rules
from fzsim_core.win_facts import FLAGS, SPECIALS, WIN_TYPES



def passive():
    """A seat left to the filler tiles: never wins, never claims, throws what it draws."""
    return Script(discard_win=False, self_win=False, rob=False)


def test_tianhu():
    r = scenario({0: "123m456m789m123p456p11s"}, tail="5s",
                 policies=[Script(opening=True), passive(), passive(), passive()])
    assert (r.outcome, r.winner, r.win_type) == (1, 0, WIN_TYPES["tianhu"])
    assert r.specials & SPECIALS["tianhu"] and r.flags & FLAGS["selfdraw"]
    assert r.discarder == -1 and r.turns == 1


def test_declined_tianhu_plays_on():
    r = scenario({0: "123m456m789m123p456p11s"}, tail="5s",
                 policies=[Script(opening=False, discards="1s", self_win=False), passive(), passive(), passive()])
    assert "decline" in event_types(r)
    assert r.win_type != WIN_TYPES["tianhu"]


def test_nondealer_sanjindao_beats_dealer_qiangjin():
    # dealer: give up 9s, take the indicator as the partner of 1s -> 抢金; seat 2 holds three golds
    hands = {0: "123m456m789m123p456p1s9s", 2: "5s5s5s147m258p369p14m"}
    pol = [Script(opening=True), passive(), Script(opening=True), passive()]
    r = scenario(hands, tail="5s", policies=pol)
    assert (r.winner, r.win_type) == (2, WIN_TYPES["sanjindao"])
    assert r.specials & SPECIALS["sanjindao"] and r.golds_2 == 3
    # declined, the dealer's 抢金 follows
    pol = [Script(opening=True), passive(), Script(opening=False), passive()]
    r = scenario(hands, tail="5s", policies=pol)
    assert (r.winner, r.win_type) == (0, WIN_TYPES["qiangjin"])
    assert "qiangjin_give" in event_types(r) and r.golds_0 == 1
    assert r.specials & SPECIALS["qiangjin"] and r.flags & FLAGS["selfdraw"]


QJ_HANDS = {1: "123m456m789m123p456p9s", 3: "123s456s789s678p234p1p", 0: "234m567m234p567p333s1m8m",
            }


@pytest.mark.parametrize("takers, winner", [((0, 1, 3), 1), ((0, 3), 3), ((0,), 0), ((), None)])
def test_qiangjin_priority(takers, winner):
    """Non-dealer 抢金 nearest counter-clockwise from the dealer first, then the dealer's."""
    pol = [Script(opening=s in takers, discard_win=False, self_win=False) for s in range(4)]
    r = scenario(QJ_HANDS, tail="9p", policies=pol)
    if winner is None:
        assert r.win_type != WIN_TYPES["qiangjin"]
        return
    assert (r.winner, r.win_type) == (winner, WIN_TYPES["qiangjin"])
    assert r.G >= 0 and getattr(r, f"golds_{winner}") == 1   # the robbed indicator is a gold in hand
    assert r.tiles_left == 144 - 65 - 1   # only the indicator left the tail


def test_jinque_beats_nearer_claimant():
    hands = {0: "9m" + "147m258p369s258m47s", 1: "123m456m78m123p456p11s",
             2: "9p9p123s456s789s78m234p"}
    pol = [Script(discards="9m"), Script(), Script(), passive()]
    r = scenario(hands, tail="9p", policies=pol)
    assert (r.winner, r.discarder, r.win_type) == (2, 0, WIN_TYPES["discard"])
    assert r.specials & SPECIALS["jinque"]


def test_jiehu_nearest_seat_wins():
    hands = {0: "9m" + "147m258p369s258m47s", 2: "123m456m78m123p456p11s", 3: "78m123s456s789s234p55p"}
    pol = [Script(discards="9m"), passive(), Script(), Script()]
    r = scenario(hands, tail="9p", policies=pol)
    assert (r.winner, r.discarder, r.win_type) == (2, 0, WIN_TYPES["discard"])
    assert not r.specials & SPECIALS["jinque"]
    # seat 2 declining leaves it to seat 3
    pol = [Script(discards="9m"), passive(), Script(discard_win=False), Script()]
    r = scenario(hands, tail="9p", policies=pol)
    assert (r.winner, r.discarder) == (3, 0)


def test_robbing_an_added_kong():
    hands = {0: "5m" + "147m258p369s28m147s3p", 1: "5m5m" + "147m258p369s147s", 2: "4m6m123p456p789p11s234s"}
    pol = [Script(discards="5m", discard_win=False, self_win=False),
           Script(claims=["pung"], discards="1m", kongs=True, discard_win=False, self_win=False),
           Script(discard_win=False, self_win=False), passive()]
    r = scenario(hands, draws="7p6p1p5m", tail="9p", policies=pol)
    assert "pung" in event_types(r) and "added_kong" in event_types(r)
    assert (r.winner, r.discarder, r.win_type) == (2, 1, WIN_TYPES["robbed_kong"])
    assert r.flags & FLAGS["robbed_kong"]


def test_with_rob_kong_off_the_added_kong_stands():
    from fzsim.rules import load
    hands = {0: "5m" + "147m258p369s28m147s3p", 1: "5m5m" + "147m258p369s147s", 2: "4m6m123p456p789p11s234s"}
    pol = [Script(discards="5m", discard_win=False, self_win=False),
           Script(claims=["pung"], discards="1m", kongs=True, discard_win=False, self_win=False),
           Script(discard_win=False, self_win=False), passive()]
    r = scenario(hands, draws="7p6p1p5m", tail="9p", policies=pol, rules=load("fuzhou", rob_kong=False).core)
    assert "added_kong" in event_types(r) and r.win_type != WIN_TYPES["robbed_kong"]
    assert not any(d == "rob_kong" for d, _, _ in pol[2].seen)
    kong = event_types(r).index("added_kong")
    assert r.events[kong + 1].type == "replace" and r.events[kong + 1].seat == 1   # the kong's replacement


def test_concealed_kong_cannot_be_robbed():
    hands = {0: "5m5m5m5m" + "147m258p369s2m3p", 2: "4m6m123p456p789p11s234s"}
    pol = [Script(kongs=True, discards="1m", self_win=False), passive(), Script(self_win=False), passive()]
    r = scenario(hands, tail="9p 8s", policies=pol)
    assert "concealed_kong" in event_types(r)
    assert not any(d == "rob_kong" for d, _, _ in pol[2].seen)


def test_discarded_gold_cannot_be_claimed():
    hands = {0: "9p" + "147m258p369s258m47s", 1: "9p9p" + "147m258p369s147s", 3: "123m456m789m123s456s1p",
             }
    pol = [Script(discards="9p"), Script(), passive(), Script()]
    r = scenario(hands, tail="9p", policies=pol)
    types = event_types(r)
    i = types.index("discard")
    assert r.events[i].tile == "9p" and types[i + 1] == "draw" and r.events[i + 1].seat == 1
    assert not any(t == "9p" for s in pol for _, t, _ in s.seen)


def test_xianjin_wait_refuses_a_discard_win():
    hands = {1: "9p123m456m789m123s456s", 0: "5p" + "147m258p369s28m47s3p"}
    pol = [Script(discards="5p"), Script(), passive(), passive()]
    r = scenario(hands, draws="7p", tail="9p", policies=pol, rules=Rules(xianjin_selfdraw_only=1))
    assert not any(d == "discard_win" for d, _, _ in pol[1].seen)
    assert (r.winner, r.win_type) == (1, WIN_TYPES["selfdraw"])
    assert r.flags & FLAGS["xianjin"] and r.flags & FLAGS["selfdraw"]
    # with the option off (fuzhou's default, RULES §4) the discard wins at once
    pol = [Script(discards="5p"), Script(), passive(), passive()]
    r = scenario(hands, draws="7p", tail="9p", policies=pol, rules=Rules(xianjin_selfdraw_only=0))
    assert (r.winner, r.discarder, r.win_type) == (1, 0, WIN_TYPES["discard"])
    assert r.flags & FLAGS["xianjin"]


def test_two_golds_is_not_xianjin():
    # two golds waiting as a pair may take a discard (a 金雀 wait), §4
    hands = {1: "9p9p123m456m789m123s45s", 0: "6s" + "147m258p369s28m47p3p"}
    pol = [Script(discards="6s"), Script(), passive(), passive()]
    r = scenario(hands, tail="9p", policies=pol)
    assert (r.winner, r.discarder, r.win_type) == (1, 0, WIN_TYPES["discard"])
    assert not r.flags & FLAGS["xianjin"]


def test_flower_flipped_as_gold_goes_to_dealer():
    hands = {0: "123m456m789m123p456p1s9s", 2: "147m258p369s258m147s5p"}
    pol = [passive() for _ in range(4)]
    r = scenario(hands, tail="1f 3z 5s", policies=pol)
    flips = [e for e in r.events if e.type == "gold_flip"]
    assert [(e.tile, e.arg) for e in flips] == [("1f", 1), ("3z", 1), ("5s", 0)]
    assert r.gold == kind_index("5s")
    first_flowers = [e for e in r.events if e.type == "flower"]
    assert [e.seat for e in first_flowers[:2]] == [0, 0]


def test_opening_buhua_rounds_from_dealer():
    """§3: all flowers replaced at once per seat; later rounds only for seats that drew one."""
    hands = {2: "1f2f" + "123m456m789m123p45p", 3: "3f" + "147m258p369s258m14s"}
    pol = [passive() for _ in range(4)]
    r = scenario(hands, dealer=2, tail="4f 5s 6f 8s 8m 9s", policies=pol)
    ev = [(e.type, e.seat, e.tile) for e in r.events if e.type in ("flower", "replace", "gold_flip")]
    assert ev[:9] == [("flower", 2, "1f"), ("flower", 2, "2f"), ("replace", 2, "4f"), ("replace", 2, "5s"),
                      ("flower", 3, "3f"), ("replace", 3, "6f"),
                      ("flower", 2, "4f"), ("replace", 2, "8s"), ("flower", 3, "6f")]
    assert ev[9] == ("replace", 3, "8m") and ev[10] == ("gold_flip", -1, "9s")


def test_gold_never_used_in_chow():
    # seat 1 holds 4p and the gold 5p: a discarded 3p may not be chowed as 3-4-5p
    hands = {1: "4p5p" + "147m258m369s147s", 0: "3p" + "147m258p69s258m147s"}
    pol = [Script(discards="3p"), Script(), passive(), passive()]
    r = scenario(hands, tail="5p", policies=pol)
    assert not any(d == "claim" and t == "3p" for d, t, _ in pol[1].seen)


def test_no_discard_of_the_claimed_tile():
    hands = {1: "5m5m5m" + "147m258p369s147s", 0: "5m" + "147m258p369s28m14s"}
    pol = [Script(discards="5m"), Script(claims=["pung"]), passive(), passive()]
    r = scenario(hands, tail="9p", policies=pol)
    after = [legal for d, _, legal in pol[1].seen if d == "after_claim"]
    assert after and ("discard", "5m") not in after[0]
    r2 = scenario(hands, tail="9p", policies=[Script(discards="5m"), Script(claims=["pung"]), passive(), passive()],
                  rules=Rules(no_discard_claimed_tile=0))
    assert r2.events is not None


def test_guoshui_blocks_until_own_discard():
    """A ready seat that declines a discard win may not win on that tile again before its own discard."""
    hands = {0: "9m" + "147m258p369s28m14s3p", 1: "9m" + "147m258p369s28m147s", 2: "123m456m78m123p456p11s"}

    def play(guoshui):
        pol = [Script(discards="9m", discard_win=False), Script(discards="9m", discard_win=False),
               _DeclineOnce(Script()), passive()]
        r = scenario(hands, draws="5s", tail="9p", policies=pol, rules=Rules(guoshui=guoshui))
        second = [i for i, e in enumerate(r.events) if e.type == "discard" and e.seat == 1][0]
        assert r.events[second].tile == "9m"
        return r, r.events[second + 1]

    r, after = play(1)
    assert (after.type, after.seat) == ("draw", 2)        # blocked: seat 2 is not even asked
    r, after = play(0)
    assert (after.type, after.seat) == ("win", 2) and (r.winner, r.discarder) == (2, 1)


class _DeclineOnce:
    """Declines the first discard win, then behaves like `inner`."""

    def __init__(self, inner):
        self.inner = inner
        self.declined = False

    def __call__(self, obs, legal):
        if obs["decision"] == "discard_win" and not self.declined:
            self.declined = True
            return [a[0] for a in legal].index("pass")
        return self.inner(obs, legal)


JIEHU_HANDS = {0: "9m" + "147m258p369s258m47s", 2: "123m456m78m123p456p11s"}


@pytest.mark.parametrize("streak", [0, 2])
def test_zhuazhuang_adds_the_dealer_streak(streak):
    """§10 fuzhou: a non-dealer winning off a dealer with streak L adds L; the discarder pays P."""
    pol = [Script(discards="9m"), passive(), Script(), passive()]
    r = scenario(JIEHU_HANDS, tail="9p", policies=pol, streak=streak)
    assert (r.winner, r.discarder, r.streak) == (2, 0, streak)
    assert r.L == streak
    p = (r.F + r.K + r.G + r.L + 5) * 2 + r.S
    assert r.deltas == (-p, 0, p, 0) and p > 0


def test_dealer_streak_counts_in_a_dealer_win():
    """The dealer's L (wins before this hand) scores on a dealer self-draw: each other seat pays P."""
    hands = {0: "123m456m789m123p456p1s9s"}
    pol = [Script(discards="9s"), passive(), passive(), passive()]
    r = scenario(hands, draws="8p8p8p1s", tail="9p", policies=pol, streak=3)
    assert (r.winner, r.win_type, r.L) == (0, WIN_TYPES["selfdraw"], 3)
    p = (r.F + r.K + r.G + r.L + 5) * 2 + r.S
    assert r.deltas == (3 * p, -p, -p, -p)


class _YoujinClimber:
    """Takes every 游金 step offered, wins from 双游 on, throws its draw; records (decision, last
    draw, 游金 level, action names) of every decision it was asked."""

    def __init__(self):
        self.offered = []

    def __call__(self, obs, legal):
        names = [a[0] for a in legal]
        self.offered.append((obs["decision"], obs["last_draw"], obs["youjin"], names))
        if "youjin" in names:
            return names.index("youjin")
        if "win" in names and obs["youjin"] >= 2:
            return names.index("win")
        if obs["decision"] in ("turn", "after_claim"):
            return ("discard", obs["last_draw"]) if ("discard", obs["last_draw"]) in legal else names.index("discard")
        return names.index("pass")


def test_youjin_chain_two_golds_must_youjin_then_double():
    """§11 (youjin preset): with two golds no ordinary win is offered; the seat throws the gold's
    partner (单游), throws a drawn gold (双游) and self-draws at level 2."""
    import fzsim
    core = fzsim.load_rules("youjin").core
    player = _YoujinClimber()
    hands = {1: "9p9p123m456m789m123s4s7s"}
    pol = [passive(), player, passive(), passive()]
    r = scenario(hands, draws="5s 1p1p1p 9p", tail="9p", policies=pol, rules=core)
    offered = [(dec, names) for dec, _, _, names in player.offered]
    ev = [(e.seat, e.arg) for e in r.events if e.type == "youjin"]
    assert ev == [(1, 1), (1, 2)]
    first_turn = [names for dec, names in offered if dec == "turn"][0]
    assert "youjin" in first_turn and "win" not in first_turn
    assert (r.winner, r.win_type, r.youjin_level) == (1, WIN_TYPES["selfdraw"], 2)
    assert r.flags & FLAGS["selfdraw"]
    p = r.deltas[1] // 3
    assert r.deltas == (-p, 3 * p, -p, -p) and p % 8 == 0


# ---------------------------------------------------------------- after a chow or pung (§5)

# Seat 1 punges 1m (seat 0's discard), then 2m, 3m, 6m (seat 2's), throwing 7s 7s 8s 8s after them,
# and is left with four concealed tiles, `rest`; seat 0 and seat 2 throw the final tile `last`.
def _claim_chain(rest, last, last_from, rules=None):
    hands = {1: "1m1m2m2m3m3m6m6m" + "7s7s8s8s" + rest, 0: "1m" + ("5p" if last_from == 0 else ""),
             2: "2m3m6m" + (last if last_from == 2 else "")}
    seat1 = Script(discards="7s7s8s8s", claims=["pung"] * 4 + ["pung"], discard_win=False, self_win=False)
    seat0 = Script(discards="1m" + (last if last_from == 0 else ""), discard_win=False, self_win=False)
    seat2 = Script(discards="2m3m6m" + (last if last_from == 2 else ""), discard_win=False, self_win=False)
    pol = [seat0, seat1, seat2, passive()]
    r = scenario(hands, tail="9p", policies=pol, rules=rules)
    final = [(dec, legal) for dec, t, legal in seat1.seen if t == last and dec == "claim"]
    after = [legal for dec, _, legal in seat1.seen if dec == "after_claim"]
    return r, final, after


def test_claimed_kind_never_discarded_even_beside_only_golds():
    # 4p4p4p + the gold 9p: after punging the fourth 4p only 4p and the gold remain, and the gold must go
    r, final, after = _claim_chain("4p4p4p9p", "4p", 2)
    assert [a[0] for a in final[0][1]] == ["pung", "kong", "pass"]
    assert len(after) == 4   # the fifth discard is forced: the policy is not asked
    fifth_pung = max(i for i, e in enumerate(r.events) if e.type == "pung" and e.seat == 1)
    assert (r.events[fifth_pung].tile, r.events[fifth_pung + 1].type, r.events[fifth_pung + 1].tile) == \
        ("4p", "discard", "9p")


def test_claim_leaving_no_legal_discard_is_not_offered():
    # golds forbidden: the same pung would leave only 4p (banned) and a gold (forbidden): the kong
    # is still offered, the pung is not
    r, final, after = _claim_chain("4p4p4p9p", "4p", 2, rules=Rules(gold_discard=2))
    assert [a[0] for a in final[0][1]] == ["kong", "pass"]
    # a chow 345p of seat 0's 5p would leave only 5p 5p: not offered; the pung (leaving 3p 4p) is
    r, final, after = _claim_chain("3p4p5p5p", "5p", 0)
    names = final[0][1]
    assert ("pung", "5p") in names and not any(a[0] == "chow" and a[1] == "3p" for a in names)
    assert ("chow", "4p") not in names   # 456p: no 6p held


# ---------------------------------------------------------------- 金龙 with four golds (§6)

class _DeclineFirstOpeningWin:
    """Declines the first opening-window win (三金倒), takes the next (抢金)."""

    def __init__(self):
        self.declined = False
        self.inner = Script(discard_win=False, self_win=False, rob=False)

    def __call__(self, obs, legal):
        if obs["decision"] == "opening_win":
            names = [a[0] for a in legal]
            if not self.declined:
                self.declined = True
                return names.index("pass")
            return names.index("win")
        return self.inner(obs, legal)


def test_jinlong_with_four_golds_counts_the_fourth_as_wild():
    # seat 1 holds the three live golds 9p and 123m456m789m123s5s; it declines 三金倒 and robs the
    # indicator: 9p9p9p as the pung, the fourth 9p pairs the 5s -> 金龙 (S 120 in fuzhou)
    hands = {1: "9p9p9p123m456m789m123s5s"}
    pol = [passive(), _DeclineFirstOpeningWin(), passive(), passive()]
    r = scenario(hands, tail="9p", policies=pol)
    assert (r.winner, r.win_type) == (1, WIN_TYPES["qiangjin"])
    assert r.specials & SPECIALS["jinlong"] and r.special_counted == SPECIALS["jinlong"] and r.S == 120
    assert r.G == 4


# ---------------------------------------------------------------- the last group (§9)

# reserve_base 60: after the deal and the gold flip 78 tiles are live, so 14 normal draws (seats
# 1, 2, 3, 0, ...) come before the last group, whose draws go to seats 3, 0, 1, 2.
_FILL = "1p2p3p4p" * 3 + "5p6p"


def _last_group(hand1, seat1_draw, rules=None):
    draws = _FILL[:2 * 14] + "7p7p" + seat1_draw + "8p"
    pol = [passive(), Script(discards="", discard_win=False, self_win=False), passive(), passive()]
    return scenario({1: hand1}, draws=draws, tail="9p", policies=pol, rules=rules or Rules(reserve_base=60))


def test_last_group_three_golds_held_since_declining_sanjindao():
    r = _last_group("9p9p9p" + "147m258m369m147s2s", "5s")
    assert (r.winner, r.win_type) == (1, WIN_TYPES["sanjindao"])
    assert r.flags & FLAGS["last_group"] and r.specials & SPECIALS["sanjindao"]
    assert [e.type for e in r.events].count("last_group") == 1


def test_last_group_drawn_third_gold_is_sanjindao():
    r = _last_group("9p9p" + "147m258m369m147s2s5s", "9p")
    assert (r.winner, r.win_type) == (1, WIN_TYPES["sanjindao"]) and r.flags & FLAGS["last_group"]


def test_last_group_completed_hand_wins_as_selfdraw():
    r = _last_group("123m456m789m123s456s7s", "7s")
    assert (r.winner, r.win_type) == (1, WIN_TYPES["selfdraw"])
    assert r.flags & FLAGS["last_group"] and r.flags & FLAGS["selfdraw"]
    # the same seat not completing: the group ends drawn
    r = _last_group("123m456m789m123s456s7s", "9s")
    assert r.outcome == 0 and r.events[-1].type == "drawn"


# ---------------------------------------------------------------- 双游 by a natural draw (§11)

def test_shuangyou_when_a_drawn_tile_frees_a_gold_in_a_meld():
    """youjin: in 单游 with a gold standing for 6s in 4s5s+金, drawing 6s frees that gold: throwing
    it climbs to 双游; a draw that frees nothing (2p) offers no level-up."""
    import fzsim
    core = fzsim.load_rules("youjin").core
    player = _YoujinClimber()
    hands = {1: "9p9p123m456m789m123s4s7s"}
    pol = [passive(), player, passive(), passive()]
    r = scenario(hands, draws="5s 1p1p1p 2p 3p3p2p 6s 4p4p4p 5p", tail="9p", policies=pol, rules=core)
    turns = [(d, t, lv, names) for d, t, lv, names in player.offered if d == "turn"]
    assert turns[0][2] == 0 and "youjin" in turns[0][3]                    # enter 单游
    assert turns[1][:3] == ("turn", "2p", 1) and "youjin" not in turns[1][3]   # nothing freed
    assert turns[2][:3] == ("turn", "6s", 1) and turns[2][3] == ["win", "youjin", "discard"]
    assert [(e.seat, e.arg) for e in r.events if e.type == "youjin"] == [(1, 1), (1, 2)]
    assert [e.tile for e in r.events if e.type == "youjin"][1] == "9p"
    assert (r.winner, r.win_type, r.youjin_level) == (1, WIN_TYPES["selfdraw"], 2)
