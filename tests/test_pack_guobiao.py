"""The 国标 / MCR pack (fzsim_core/packs/guobiao/pack.pyx, preset guobiao; RULES-PACKS §5): its
tile set and rules, explicit-wall scenarios (the 8-fan minimum as a win filter, robbing a kong,
flower replacement, one winner per discard nearest first, the winds of hand k, the dealer
rotating with no 连庄) and thousands of hands under check=True, every win re-scored from its
record and by PyMahjongGB."""
from collections import Counter

import numpy as np
import pytest

import fzsim
from fzsim.game import parse_tile_sequence
from fzsim.packs.guobiao.records import record_fans, top_fans
from fzsim.rules import RuleError, load
from fzsim_core.engine import play_block, play_hand_raw
from fzsim_core.packs.registry import PACKS, tile_set
from tests.engine_scripts import Script

GB = load("guobiao")
FLOWERS = list(range(34, 42))


def gb_wall(hands, dealer=0, draws="", tail="", fill_seed=0):
    """A 144-tile wall: seat (dealer + i) gets hands[...][:13] (the dealer also its 14th), then
    `draws` from the head and `tail` from the tail in the order taken; the other tiles are
    shuffled by fill_seed into the rest, the flowers in the middle (reached last)."""
    tiles = {s: parse_tile_sequence(h) for s, h in hands.items()}
    wall = np.full(144, -1, dtype=np.int64)
    for s, t in tiles.items():
        assert len(t) == (14 if s == dealer else 13), f"seat {s} is dealt {len(t)} tiles"
        i = (s - dealer) % 4
        wall[13 * i:13 * i + 13] = t[:13]
        if s == dealer:
            wall[52] = t[13]
    d, tl = parse_tile_sequence(draws), parse_tile_sequence(tail)
    wall[53:53 + len(d)] = d
    for j, k in enumerate(tl):
        wall[143 - j] = k
    left = Counter({k: 4 for k in range(34)} | {k: 1 for k in FLOWERS})
    left.subtract(int(k) for k in wall if k >= 0)
    assert min(left.values()) >= 0, "a kind is used more often than the tile set holds"
    pool = np.array([k for k in sorted(left) for _ in range(left[k])])
    np.random.default_rng(fill_seed).shuffle(pool)
    pool = np.concatenate([pool[pool < 34], pool[pool >= 34]])
    free = [p for p in range(144) if wall[p] < 0]
    free.sort(key=lambda p: p if p < 53 else min(p - 53, 143 - p))   # the middle last
    wall[free] = pool
    return wall.astype(np.uint8)


def play(hands, policies, dealer=0, hand=0, **wall):
    return fzsim.play_hand(0, 0, variant=GB, policies=policies, wall=gb_wall(hands, dealer, **wall), log=True,
                           dealer=dealer, streak=0, check=True, hand=hand)


def first_record(hands, policies, dealer=0, hand=0, **wall):
    row, _, recs = play_hand_raw(GB.core, 0, 0, hand, dealer, 0, policies, gb_wall(hands, dealer, **wall),
                                 False, True, True)
    return row, recs


def test_the_pack_is_registered_with_the_144_tiles_in_13_tile_hands():
    assert PACKS["guobiao"] == GB.core.fields["pack"]
    n, hand_size, copies = tile_set(PACKS["guobiao"])
    assert (n, hand_size) == (144, 13) and copies[:34].tolist() == [4] * 34 and copies[34:].tolist() == [1] * 8


def test_the_preset_and_its_option_checks():
    assert (GB["next_dealer"], GB["hands_per_match"], GB["base"], GB["gb_min_fan"], GB["reserve_base"],
            GB["last_group_size"], GB["multi_win"], GB["honors_are_flowers"]) == ("rotate", 16, 8, 8, 0, 0, False, False)
    with pytest.raises(RuleError, match="multi_win = True is not allowed with pack = 'guobiao'"):
        load("guobiao", multi_win=True)
    with pytest.raises(RuleError, match="gb_min_fan = 0 is out of range"):
        load("guobiao", gb_min_fan=0)
    with pytest.raises(RuleError, match="scoring = 'guobiao' is not allowed with pack = 'fuzhou'"):
        load("fuzhou", scoring="guobiao")


OTHERS = {2: "2468m 1469s 2567z 1z", 3: "9p 5566s 2244z 37m 3p 8m"}


def test_a_win_under_eight_fans_is_never_offered():
    # GB-3: seat 1 waits on 3p / 6p with 门前清 2 + 平和 2 + 连六 1 = 5 fans: the dealer's 3p is no
    # win for it (a chow is offered instead); with gb_min_fan = 5 the same discard is
    hands = {0: "3p 1122m 9m 1p 5p 8p 1s 5s 7s 3z 4z", 1: "234567m 45p 6789s 9s", **OTHERS}
    seat1 = Script()
    r = play(hands, [Script(discards="3p"), seat1, Script(), Script()])
    assert seat1.seen[0][0] == "claim" and ("chow", "3p") in seat1.seen[0][2]
    # the first offer it sees is the chow: no win on the 3p
    assert r.events[[e.type for e in r.events].index("discard") + 1].type != "win"
    low = load("guobiao", gb_min_fan=5)
    row, _ = play_hand_raw(low.core, 0, 0, 0, 0, 0, [Script(discards="3p"), Script(), Script(), Script()],
                           gb_wall(hands), False, True)
    assert (row["winner"], row["discarder"], row["S"]) == (1, 0, 5)


def test_thirteen_orphans_with_a_dealt_flower_replaced_from_the_tail():
    # GB-5 plus a flower: seat 1 is dealt 1f in its 13th slot, replaced by the tail's 7z; 十三幺
    # 88 + 花牌 1 on the dealer's 1m: the discarder pays 8 + 89, the others 8
    hands = {0: "1m 1122p 3p 5p 7p 1s 5s 7s 3z 4z 8m", 1: "19m19p19s123456z 1f", **OTHERS}
    r = play(hands, [Script(discards="1m"), Script(), Script(), Script()], tail="7z")
    assert (r.winner, r.discarder, r.deltas) == (1, 0, (-97, 113, -8, -8))
    flowers = [(e.seat, e.tile) for e in r.events if e.type == "flower"]
    replaced = [(e.seat, e.tile) for e in r.events if e.type == "replace"]
    assert flowers == [(1, "1f")] and replaced == [(1, "7z")]
    row, recs = first_record(hands, [Script(discards="1m"), Script(), Script(), Script()], tail="7z")
    assert (recs["value"][0], recs["gen"][0], recs["points"][0]) == (89, 1, 97)
    assert top_fans(recs["patterns"][:1]) == [["十三幺", "花牌"]]


def test_a_flower_drawn_in_play_is_replaced_from_the_tail():
    hands = {0: "1m 1122p 3p 5p 7p 1s 5s 7s 3z 4z 8m", 1: "19m19p19s123456z 9p", **OTHERS}
    r = play(hands, [Script(discards="1m"), Script(discard_win=False), Script(), Script()], draws="5f", tail="7z")
    ev = [(e.type, e.seat, e.tile) for e in r.events if e.type in ("draw", "flower", "replace")][:3]
    assert ev == [("draw", 1, "5f"), ("flower", 1, "5f"), ("replace", 1, "7z")]


def test_robbing_an_added_kong():
    # GB-7: seat 1 waits on 5s; it lets the dealer's 5s go (10 fans on a discard), seat 2 pungs it
    # and later adds its drawn 5s; seat 1 robs: 抢杠和 8 + 三色三步高 6 + 门前清 2 + 连六 1 +
    # 嵌张 1 = 18, the kong's owner pays 8 + 18, the others 8
    hands = {0: "5s 1122m 9m 1p 9p 8p 1s 7s 3z 4z 6z", 1: "234m 345p 4s 6789s 55z", 2: "55s 2468m 1469s 2z 7z 1z",
             3: "9p 2p 2244z 37m 3p 8m 6p 7p 1m"}
    scripts = [Script(discards="5s"), Script(discard_win=False, rob=True), Script(claims=["pung"], kongs=True), Script()]
    r = play(hands, scripts, draws="9s 8s 3s 5s")
    kinds = [e.type for e in r.events]
    assert "added_kong" in kinds and "pung" in kinds
    assert (r.winner, r.discarder, r.win_type_name, r.deltas) == (1, 2, "robbed_kong", (-8, 42, -26, -8))


def test_one_winner_per_discard_the_nearest_counter_clockwise():
    # GB-10: seats 2 (十三幺) and 3 (七对) both accept the dealer's 1m; seat 2 is nearer
    hands = {0: "1m 2p 3p 5p 7p 2s 5s 7s 3z 4z 8m 6z 6p 8p", 1: "2468m 1469s 2567z 8s",
             2: "19m19p19s1234567z", 3: "1m 22m 33m 44m 55m 66m 77p"}
    r = play(hands, [Script(discards="1m"), Script(), Script(), Script()])
    assert (r.winner, r.discarder, r.n_wins) == (2, 0, 1) and r.deltas == (-96, -8, 112, -8)


@pytest.mark.parametrize("hand, winds", [(5, ("圈风刻", "门风刻")), (0, ("门风刻",))])
def test_the_winds_of_hand_k_of_the_ju(hand, winds):
    # dealer seat 1: seat 2 sits 南; hand 5 is the second hand of the 南 round, hand 0 of the 东
    hands = {1: "6p 1122p 3p 9p 7p 1s 5s 7s 3z 4z 8m", 2: "222z 123m 456m 789m 6p", 3: "9p 5566s 3344z 37m 3p 8s",
             0: "2468m 1469s 1567z 1z"}
    row, recs = first_record(hands, [Script(), Script(discards="6p"), Script(), Script()], dealer=1, hand=hand)
    want = fzsim.fans("222z123m456m789m6p6p", win_tile="6p", seat_wind="2z", round_wind=("2z" if hand >= 4 else "1z"))
    assert (row["winner"], row["discarder"], recs["value"][0]) == (2, 1, want.total)
    names = {n for n, _, _ in want.fans}
    assert set(winds) <= names and ("圈风刻" in names) == (hand >= 4)


def test_the_deal_passes_after_every_hand_over_a_ju_of_16():
    out = play_block(GB.core, 11, 0, 3, "greedy")
    assert len(out["hand"]) == 48 and out["hand"].tolist() == list(range(16)) * 3
    for g in range(3):
        d = out["dealer"][out["game_id"] == g]
        assert d.tolist() == [(int(d[0]) + h) % 4 for h in range(16)] and (out["streak"] == 0).all()


def check_block(policy, n_games, seed):
    out, recs = play_block(GB.core, seed, 0, n_games, policy, check=True, records=True)
    deltas = np.stack([out[f"delta_{s}"] for s in range(4)])
    assert (deltas.sum(axis=0) == 0).all() and (out["gold"] == -1).all()
    flowers = np.stack([out[f"flowers_{s}"] for s in range(4)]).sum(axis=0)
    assert (flowers <= 8).all()
    won = out["outcome"] == 1
    assert (out["tiles_left"][~won] == 0).all()    # no reserve: a drawn hand used the whole wall
    assert (out["n_wins"] <= 1).all()
    idx, total, fans = record_fans(out, recs)
    assert len(idx) == won.sum()
    value, gen, points = recs["value"][idx], recs["gen"][idx], recs["points"][idx]
    assert (total == value).all()                  # the record's value is the hand's fans
    assert (value - gen >= 8).all()                # the 8-fan minimum without flowers
    assert (points == 8 + value).all()
    for j, i in enumerate(idx):                    # 底分 8 + fan (§5.4)
        w, d = recs["seat"][i], recs["from_seat"][i]
        want = [-(8 + value[j]) if (d < 0 or s == d) else -8 for s in range(4)]
        want[w] = -sum(want[s] for s in range(4) if s != w)
        assert [recs[f"delta_{s}"][i] for s in range(4)] == want
    return out, recs, idx, fans


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_hundreds_of_hands_keep_every_invariant(policy):
    out, _, idx, _ = check_block(policy, 20, 5)    # 320 hands
    if policy == "greedy":
        assert out["outcome"].mean() > 0.5


@pytest.mark.slow
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_ten_thousand_hands_keep_every_invariant(policy, request):
    markexpr = request.config.getoption("-m") or ""
    if "slow" not in markexpr or "not slow" in markexpr:
        pytest.skip("runs only with -m slow")      # the default run does not deselect it
    check_block(policy, 640, 17)                   # 10,240 hands


def test_every_win_agrees_with_pymahjonggb():
    pytest.importorskip("MahjongGB")
    from tests.guobiao_oracle import oracle
    from fzsim.packs.guobiao.calculator import FAN_NAMES, FLAG_FOURTH_TILE, FLAG_KONG_REPLACEMENT, FLAG_LAST_TILE, FLAG_ROBBED_KONG, FLAG_SELFDRAW
    cfg = load("guobiao", gb_mingangang=True)       # PyMahjongGB counts 明暗杠
    out, recs = play_block(cfg.core, 23, 0, 12, "greedy", records=True)
    idx, total, fans = record_fans(out, recs, mingangang=True)
    dealer = {(g, h): d for g, h, d in zip(out["game_id"], out["hand"], out["dealer"])}
    assert len(idx) > 100
    for j, i in enumerate(idx):
        counts = np.bincount(recs["concealed"][i][recs["concealed"][i] != 255], minlength=34)
        melds = [({1: 0, 2: 1}.get(int(t), 2), int(k), int(t) != 5)
                 for t, k in zip(recs["meld_type"][i][:recs["n_melds"][i]], recs["meld_kind"][i][:recs["n_melds"][i]])]
        wt, fl = recs["win_type"][i], recs["flags"][i]
        flags = ((FLAG_SELFDRAW if wt == 1 else 0) | (FLAG_ROBBED_KONG if wt == 3 else 0)
                 | (FLAG_KONG_REPLACEMENT if fl & 2 else 0) | (FLAG_LAST_TILE if fl & 8 else 0)
                 | (FLAG_FOURTH_TILE if fl & 256 else 0))
        h = dict(counts=counts, melds=melds, win=int(recs["tile"][i]), flags=flags, flowers=int(recs["gen"][i]),
                 seat=(int(recs["seat"][i]) - int(dealer[(recs["game_id"][i], recs["hand"][i])])) % 4,
                 round=(int(recs["hand"][i]) // 4) % 4)
        t, _ = oracle(h)
        assert t == recs["value"][i], (h, t, recs["value"][i])


def test_run_and_duel_take_the_variant(tmp_path, capsys):
    from fzsim.cli import main
    from fzsim.duel import duel
    assert main(["run", "--variant", "guobiao", "--hands", "64", "--out", str(tmp_path / "r"), "--check"]) == 0
    rows = fzsim.load(tmp_path / "r")
    assert len(rows) == 64 and set(rows["variant"].astype(str)) == {"guobiao"}
    d = duel("random", "greedy", variant="guobiao", hands=32, check=True)
    assert d.gain < 0     # random loses to the 国标 greedy on the same walls
    assert main(["duel", "--challenger", "random", "--variant", "guobiao", "--hands", "32"]) == 0
    assert "guobiao" in capsys.readouterr().out


def situation_from_events(events, row, rec):
    """The situation fans of a win re-derived from the hand's event log alone: 和绝张 (the other
    three copies visible in discards and exposed sets), 杠上开花 (the winning tile a kong's
    replacement), 妙手回春 / 海底捞月 (no live tile left), 抢杠和."""
    DRAW, DISCARD, CHOW, PUNG, EXPOSED, CONCEALED, ADDED, REPLACE, FLOWER, WIN = 6, 7, 8, 9, 10, 11, 12, 3, 2, 15
    k, seat, wt = int(rec["tile"]), int(rec["seat"]), int(rec["win_type"])
    seen = 0
    source = None            # how the winner's last tile came: "draw", "kong" (replacement), "flower"
    chain = None
    for typ, s, tile, arg in events:
        if typ == WIN:
            break
        if typ == DISCARD and tile == k:
            seen += 1
        elif typ == CHOW:    # the chow's tiles other than the claimed discard become visible
            seen += sum(1 for x in range(tile, tile + 3) if x == k and x != arg)
        elif typ == PUNG and tile == k:
            seen += 2
        elif typ == EXPOSED and tile == k:
            seen += 3
        elif typ == ADDED and tile == k and wt != 3:
            seen += 1
        if s == seat:
            if typ in (CONCEALED, ADDED, EXPOSED):
                chain = "kong"
            elif typ == DRAW:
                chain = "flower" if tile >= 34 else None
                source = "draw" if tile < 34 else source
            elif typ == FLOWER and chain is None:
                chain = "flower"
            elif typ == REPLACE and tile < 34:
                source, chain = chain or "flower", None
    want = set()
    if wt == 3:
        want.add("抢杠和")
    elif seen == (3 if wt == 1 else 4):
        want.add("和绝张")
    if wt == 1 and source == "kong":
        want.add("杠上开花")
    if row["tiles_left"] == 0 and wt != 3:
        want.add("妙手回春" if wt == 1 else "海底捞月")
    return want


def test_situation_fans_agree_with_the_event_log():
    from fzsim.packs.guobiao.calculator import FAN_NAMES
    names = {"和绝张", "杠上开花", "妙手回春", "海底捞月", "抢杠和"}
    counted = Counter()
    for game in range(40):
        for hand in range(0, 16, 2):
            row, events, recs = play_hand_raw(GB.core, 31, game, hand, hand % 4, 0, "greedy", None, True, False, True)
            if row["outcome"] != 1:
                continue
            _, _, fans = record_fans({k: [row[k]] for k in ("game_id", "hand", "dealer")}, recs)
            got = {FAN_NAMES[f] for f in range(len(FAN_NAMES)) if fans[0, f]} & names
            rec = {k: recs[k][0] for k in ("tile", "seat", "win_type")}
            assert got == situation_from_events(events, row, rec), (game, hand, got)
            counted.update(got)
    assert counted["和绝张"] >= 5, counted


def test_a_self_draw_under_eight_fans_is_never_offered():
    # GB-3 drawn: 不求人 4 + 平和 2 + 连六 1 = 7 fans on a self-drawn 3p: no win is offered (the
    # seat throws it); with gb_min_fan = 7 it wins, each seat paying 8 + 7
    hands = {0: "9m 1122m 1p 5p 8p 1s 5s 7s 3z 4z 6z", 1: "234567m 45p 6789s 9s", **OTHERS}
    seat1 = Script()
    play(hands, [Script(discards="9m"), seat1, Script(), Script()], draws="3p")
    turn = next(legal for dec, _, legal in seat1.seen if dec == "turn")
    assert ("discard", "3p") in turn and not any(a[0] == "win" for a in turn)
    low = load("guobiao", gb_min_fan=7)
    row, _ = play_hand_raw(low.core, 0, 0, 0, 0, 0, [Script(discards="9m"), Script(), Script(), Script()],
                           gb_wall(hands, draws="3p"), False, True)
    assert (row["winner"], row["discarder"], row["S"]) == (1, -1, 7)
    assert [row[f"delta_{s}"] for s in range(4)] == [-15, 45, -15, -15]
