"""Play single hands from Python: `play_hand`, its `HandResult`, readable event logs, explicit walls.

The engine itself is compiled (`fzsim_core.engine`); bulk runs go through `play_block`. This module
is the slow, inspectable path: one hand, optional full event log, Python policies per seat.

Wall convention (explicit walls): 144 tiles, index 0 = the head. Dealing is in blocks — seat
(dealer + i) % 4 takes wall[16 i : 16 i + 16], the dealer also wall[64]; normal draws continue from
wall[65]; replacement draws and the gold flip come from the tail, wall[143] first.
"""
from __future__ import annotations

import dataclasses
from collections import namedtuple
import numpy as np

from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT, REGISTRY
from fzsim.policyspec import check_policies_play, policy_seats
from fzsim.rules import load as load_rules
from fzsim.tiles import COPIES, N_KINDS, fmt, kind_name, parse
from fzsim_core import engine as _engine
from fzsim_core.notation import parse_sequence
from fzsim_core.packs.registry import pack_name
from fzsim_core.rules import Rules
from fzsim_core.schema import COLUMNS as ROW_COLUMNS
from fzsim_core.win_facts import FLAGS, SPECIALS, WIN_TYPES
from fzsim_core.winschema import RECORD_KINDS

__all__ = ["HandResult", "Event", "play_hand", "build_wall", "parse_tile_sequence", "format_events",
           "resolve_rules"]

_WIN_TYPE_NAMES = {v: k for k, v in WIN_TYPES.items()}

#: One log entry: `type` name (see fzsim_core.engine.EVENTS), `seat` (-1 = table), `tile` in
#: notation or None, `arg` (meaning depends on the type; see table.pxd EventType).
Event = namedtuple("Event", "type seat tile arg")


class _HandResultMethods:
    """The derived views of a HandResult."""

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        return (self.delta_0, self.delta_1, self.delta_2, self.delta_3)

    @property
    def win_type_name(self) -> str:
        return _WIN_TYPE_NAMES.get(self.win_type, str(self.win_type))

    @property
    def special_names(self) -> list[str]:
        return [name for name, bit in SPECIALS.items() if self.specials & bit]

    @property
    def flag_names(self) -> list[str]:
        return [name for name, bit in FLAGS.items() if self.flags & bit]

    @property
    def gold_name(self) -> str:
        return kind_name(self.gold)


@dataclasses.dataclass(frozen=True)
class HandResult(_HandResultMethods):
    """One hand's result: the `play_block` row fields (contract 3) plus the event log.

    The row fields are those of fzsim_core.schema.COLUMNS, in its order (checked below when this
    module is imported, so the two cannot drift apart); they are written out here so that they
    are documented and visible to type checkers.
    """

    game_id: int
    hand: int
    wall_digest: int
    dealer: int
    streak: int
    gold: int
    outcome: int
    winner: int
    discarder: int
    win_type: int
    specials: int
    special_counted: int
    flags: int
    youjin_level: int
    F: int
    K: int
    G: int
    L: int
    S: int
    delta_0: int
    delta_1: int
    delta_2: int
    delta_3: int
    turns: int
    tiles_left: int
    flowers_0: int
    flowers_1: int
    flowers_2: int
    flowers_3: int
    golds_0: int
    golds_1: int
    golds_2: int
    golds_3: int
    claims_0: int
    claims_1: int
    claims_2: int
    claims_3: int
    declines_0: int
    declines_1: int
    declines_2: int
    declines_3: int
    n_wins: int
    folds_0: int
    folds_1: int
    folds_2: int
    folds_3: int
    dice: int = 0                 # the opening dice 10 d1 + d2 (a pack that rolls them), 0
    carry: int = 0                # the pack's match counter entering the hand (e.g. 荒番 H)
    winners: int = 0              # a bit per seat that won (1 << seat)
    dealins_0: int = 0
    dealins_1: int = 0
    dealins_2: int = 0
    dealins_3: int = 0
    seed: int = 0
    events: list | None = None
    #: the hand's records (one per win and end-of-hand payment, fzsim_core.winschema columns)
    records: dict | None = dataclasses.field(default=None, compare=False, repr=False)
    #: the rules it was played under (fzsim_core.rules.Rules): the replay names its pack's terms
    rules: object = dataclasses.field(default=None, compare=False, repr=False)


if [f.name for f in dataclasses.fields(HandResult)][:len(ROW_COLUMNS)] != [name for name, _ in ROW_COLUMNS]:
    raise ImportError("fzsim.game.HandResult's row fields differ from fzsim_core.schema.COLUMNS")


def resolve_rules(variant) -> tuple[Rules, str]:
    """A `Rules`, a RuleConfig (anything with `.core` and `.name`) or a variant name -> (Rules, name)."""
    if isinstance(variant, Rules):
        return variant, "custom"
    core = getattr(variant, "core", None)
    if isinstance(core, Rules):
        return core, str(getattr(variant, "name", "custom"))
    if isinstance(variant, str):
        cfg = load_rules(variant)
        return cfg.core, cfg.name
    raise ValueError(f"variant must be a name, a RuleConfig or a fzsim_core.rules.Rules, got {variant!r}")


def parse_tile_sequence(text: str) -> list[int]:
    """Tiles in notation, order kept: ``"31m 2z"`` -> [2, 0, 28] (3m, 1m, 南)."""
    if not isinstance(text, str):
        raise ValueError(f"a tile sequence must be a str, got {type(text).__name__}")
    return parse_sequence(text)


def _as_kinds(tiles) -> list[int]:
    if isinstance(tiles, str):
        return parse_tile_sequence(tiles)
    out = []
    for t in tiles:
        if isinstance(t, str):
            out.extend(parse_tile_sequence(t))
        else:
            k = int(t)
            if not 0 <= k < N_KINDS:
                raise ValueError(f"tile kind {t!r} out of range: allowed 0..{N_KINDS - 1}")
            out.append(k)
    return out


def build_wall(hands: dict | None = None, dealer: int = 0, draws="", tail="", fill_seed: int = 0,
               honors_are_flowers: bool = True) -> np.ndarray:
    """An explicit wall (144 kind indices, index 0 = head) for scenarios.

    hands: seat -> tiles dealt to it (at most 16, the dealer 17); draws: the head draws after the
    deal, in order; tail: tail tiles in the order they are taken (the gold flip and replacements).
    Every other position gets the remaining tiles shuffled by `fill_seed`, flowers placed where
    they are reached last (the middle of the live wall) and never in a hand's unfilled slots.
    """
    if not 0 <= dealer <= 3:
        raise ValueError(f"dealer must be a seat 0..3, got {dealer}")
    wall = np.full(144, -1, dtype=np.int64)
    remaining = COPIES.astype(np.int64).copy()

    def place(pos, kind):
        if remaining[kind] == 0:
            raise ValueError(f"the scenario uses more copies of {kind_name(kind)} than the tile set holds")
        remaining[kind] -= 1
        wall[pos] = kind

    deal_slots: list[int] = []
    for seat, tiles in (hands or {}).items():
        if not 0 <= int(seat) <= 3:
            raise ValueError(f"hand seat must be 0..3, got {seat!r}")
        i = (int(seat) - dealer) % 4
        slots = list(range(16 * i, 16 * i + 16)) + ([64] if int(seat) == dealer else [])
        kinds = _as_kinds(tiles)
        if len(kinds) > len(slots):
            raise ValueError(f"seat {seat} is dealt {len(slots)} tiles, got {len(kinds)}")
        for pos, k in zip(slots, kinds):
            place(pos, k)
    for j, k in enumerate(_as_kinds(draws)):
        place(65 + j, k)
    for j, k in enumerate(_as_kinds(tail)):
        if wall[143 - j] != -1:
            raise ValueError("draws and tail overlap: the wall has only 144 tiles")
        place(143 - j, k)
    deal_slots = [p for p in range(65) if wall[p] == -1]
    rest = [p for p in range(65, 144) if wall[p] == -1]
    rest.sort(key=lambda p: min(p - 65, 143 - p))   # nearest an end first
    rng = np.random.default_rng(fill_seed)
    pool = np.repeat(np.arange(N_KINDS), remaining)
    rng.shuffle(pool)
    flowerish = (pool >= 34) | ((pool >= 27) & honors_are_flowers)
    ordered = np.concatenate([pool[~flowerish], pool[flowerish]])
    for pos, k in zip(deal_slots + rest, ordered):
        wall[pos] = k
    return wall.astype(np.uint8)


def _event(raw) -> Event:
    t, seat, tile, arg = raw
    return Event(_engine.EVENTS.get(t, str(t)), seat, kind_name(tile) if tile >= 0 else None, arg)


#: how hands draw from the wall: ``wall`` as it lies, or ``seat``: draws coupled by seat
#: (fzsim_core/seat_draws.pxd; the same game distribution, paired variants kept in step)
DRAWS = ("wall", "seat")


def check_draws(draws) -> str:
    """``draws`` if it is one of `DRAWS`, else a ValueError naming it and the allowed values."""
    if not isinstance(draws, str) or draws not in DRAWS:
        raise ValueError(f"draws must be one of {', '.join(map(repr, DRAWS))}, got {draws!r}")
    return draws


def play_hand(seed: int, game_id: int, variant=DEFAULT_VARIANT, policies=None, wall=None, log: bool = False,
              hand: int = 0, *, dealer: int | None = None, streak: int | None = None,
              check: bool = False, carry: int | None = None, draws: str = "wall",
              first_wall=None) -> HandResult:
    """Play hand `hand` of match `game_id` under root seed `seed` and return its result.

    variant: a preset name, a RuleConfig or a `fzsim_core.rules.Rules`. policies: "greedy" |
    "random" | a callable ``f(observation: dict, legal: list[tuple]) -> index or tuple``, one for
    all seats or four. Hands before `hand` are replayed (with the same policies) to find the dealer
    and streak, unless `dealer` (and `streak`, default 0) are given. wall: an explicit order for
    this hand (notation string, kinds, or `build_wall(...)`). log=True fills `events`.
    check=True verifies the engine's invariants after every action. carry: the match counter
    entering the hand (a pack's match counter, e.g. 荒番 H), by default the one the replayed hands reach (0 with `dealer`).
    draws: ``wall`` (as it lies) or ``seat`` (draws coupled by seat, as a run with ``draws="seat"``).
    first_wall: the wall of the match's hand 0 when it is not the seeded shuffle (a stratified
    run's, `fzsim.stratified.first_wall`): the replayed hand 0, or this hand when it is hand 0 and
    ``wall`` is not given.
    """
    rules, variant_name = resolve_rules(variant)
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    if isinstance(game_id, bool) or not isinstance(game_id, (int, np.integer)) or not 0 <= int(game_id) < 2**63:
        raise ValueError(f"game_id must be an integer >= 0, got {game_id!r}")
    hpm = int(rules.fields["hands_per_match"])
    if isinstance(hand, bool) or not isinstance(hand, (int, np.integer)) or not 0 <= int(hand) < hpm:
        raise ValueError(f"hand must be an integer 0..{hpm - 1} (hands_per_match={hpm}), got {hand!r}")
    policies = policy_seats(policies)
    check_policies_play(rules, policies, variant_name)
    coupled = check_draws(draws) == "seat"
    if wall is not None and isinstance(wall, str):
        wall = parse_tile_sequence(wall)
    seed, game_id, hand = int(seed), int(game_id), int(hand)
    if first_wall is not None:
        first_wall = np.asarray(parse_tile_sequence(first_wall) if isinstance(first_wall, str) else first_wall)
        if hand == 0 and wall is None:
            wall = first_wall
    if dealer is None:
        if streak is not None:
            raise ValueError("streak is only given together with dealer")
        d, s, c = _engine.first_dealer(seed, game_id), 0, 0
        for h in range(hand):
            row, _ = _engine.play_hand_raw(rules, seed, game_id, h, d, s, policies,
                                           first_wall if h == 0 else None, False, check, False, c, coupled)
            d, s, c = _engine.next_dealer(rules, d, s, row, seed, True)
    else:
        d, s, c = int(dealer), int(streak or 0), 0
    if carry is not None:
        if isinstance(carry, bool) or not isinstance(carry, (int, np.integer)) or not 0 <= int(carry) <= 1000:
            raise ValueError(f"carry must be a match counter 0..1000, got {carry!r}")
        c = int(carry)
    row, events, records = _engine.play_hand_raw(rules, seed, game_id, hand, d, s, policies,
                                                 None if wall is None else np.asarray(wall), log, check, True, c,
                                                 coupled)
    return HandResult(**row, seed=seed, events=None if events is None else [_event(e) for e in events],
                      records=records, rules=rules)


def format_events(result: HandResult) -> list[str]:
    """The hand turn by turn in tile notation, ending with the scoring breakdown."""
    if result.events is None:
        raise ValueError("the result has no events: play it with log=True")
    lines = [f"game {result.game_id} hand {result.hand}  dealer seat {result.dealer}  streak {result.streak}"
             f"  wall digest {result.wall_digest:016x}"]
    dealt: dict[int, list[str]] = {s: [] for s in range(4)}
    i = 0
    evs = result.events
    while i < len(evs) and evs[i].type == "deal":
        dealt[evs[i].seat].append(evs[i].tile)
        i += 1
    for s in range(4):
        lines.append(f"  deal  seat {s}: {_compact(dealt[s])}")
    run = None   # (type, seat) of the flower / replacement run being printed on one line
    for e in evs[i:]:
        who = f"seat {e.seat}" if e.seat >= 0 else "table"
        if e.type in ("flower", "replace") and run == (e.type, e.seat):
            lines[-1] += f" {e.tile}"
            continue
        run = (e.type, e.seat)
        if e.type == "flower":
            lines.append(f"  {who} sets aside flower(s): {e.tile}")
        elif e.type == "replace":
            lines.append(f"  {who} replaces from the tail: {e.tile}")
        elif e.type == "gold_flip":
            lines.append(f"  gold flip: {e.tile}" + (" (a flower, to the dealer)" if e.arg else ""))
        elif e.type == "gold":
            lines.append(f"  gold is {e.tile}")
        elif e.type == "draw":
            lines.append(f"  {who} draws {e.tile}")
        elif e.type == "discard":
            lines.append(f"  {who} discards {e.tile}")
        elif e.type == "chow":
            lo = parse_tile_sequence(e.tile)[0]
            lines.append(f"  {who} chows {kind_name(lo)}{kind_name(lo + 1)}{kind_name(lo + 2)}")
        elif e.type in ("pung", "kong"):
            lines.append(f"  {who} {e.type}s {e.tile} from seat {e.arg}")
        elif e.type in ("concealed_kong", "added_kong"):
            lines.append(f"  {who} declares {e.type.replace('_', ' ')} of {e.tile}")
        elif e.type == "decline":
            lines.append(f"  {who} declines a win" + (f" on {e.tile}" if e.tile else ""))
        elif e.type == "last_group":
            lines.append(f"  last group: {e.arg} draw(s)")
        elif e.type == "youjin":
            lines.append(f"  {who} discards {e.tile} and is in 游金 level {e.arg} "
                         f"({['', '单游', '双游', '三游'][e.arg]})")
        elif e.type == "exchange":
            lines.append(f"  {who} passes {e.tile} to seat {e.arg} (换三张)")
        elif e.type == "dingque":
            lines.append(f"  {who} declares {'mps'[e.arg]} ({'万筒条'[e.arg]}) void (定缺)")
        elif e.type == "qiangjin_give":
            lines.append(f"  {who} gives up {e.tile} to rob the gold indicator")
        elif e.type == "win":
            lines.append(f"  {who} WINS ({_WIN_TYPE_NAMES.get(e.arg, e.arg)})" + (f" on {e.tile}" if e.tile else ""))
        elif e.type == "drawn":
            lines.append("  hand drawn (" + ("wall exhausted" if e.arg == 0 else "replacement into the reserve") + ")")
        else:
            lines.append(f"  {e}")
    lines.append(_score_line(result))
    return lines


def _compact(tiles: list[str]) -> str:
    return fmt(parse("".join(tiles)))


def _pack_name(r: HandResult) -> str:
    if r.rules is None:
        return DEFAULT_PACK
    return pack_name(int(r.rules.fields["pack"]))


def _score_line(r: HandResult) -> str:
    """The result line: the row fields F/K/G/L/S of a pack without replay terms, every other pack's own terms
    read from its win records (one clause per win: 一炮多响 and 血战 have several)."""
    terms = REGISTRY[_pack_name(r)].resolve("replay_terms")
    wins = win_record_indices(r) if terms is not None else []
    if r.outcome == 2:
        return f"result: ended by seat {r.discarder}'s fault, {r.tiles_left} tiles left; no win"
    if r.outcome == 0 and not wins:
        return f"result: drawn, {r.tiles_left} tiles left; no score"
    if not wins:
        who = f"seat {r.winner} wins by {r.win_type_name}" + (f" off seat {r.discarder}" if r.discarder >= 0 else "")
        sp = ",".join(r.special_names) or "none"
        fl = ",".join(r.flag_names) or "none"
        return (f"result: {who}; F={r.F} K={r.K} G={r.G} L={r.L} S={r.S}; specials {sp}; flags {fl}; "
                f"deltas {list(r.deltas)}")
    clauses = []
    for i in wins:
        rec = {c: r.records[c][i] for c in ("seat", "from_seat", "win_type", "flags", "patterns", "base_pattern",
                                            "gen", "value", "points")}
        who = (f"seat {rec['seat']} wins by {_WIN_TYPE_NAMES.get(int(rec['win_type']), rec['win_type'])}"
               + _payer_clause(int(rec["win_type"]), int(rec["from_seat"])))
        clauses.append(f"{who}: {terms(r, rec, i)}")
    return f"result: {'; '.join(clauses)}; deltas {list(r.deltas)}"


def win_record_indices(r: HandResult) -> list[int]:
    """The positions of a hand's win records (settlements left out)."""
    if not r.records or "kind" not in r.records:
        return []
    return [i for i, k in enumerate(r.records["kind"]) if int(k) == RECORD_KINDS["win"]]


def _payer_clause(win_type: int, from_seat: int) -> str:
    """Who the win was taken from: the discarder (or robbed seat), or the one seat that pays a
    self-draw alone (点杠花, 承包, 互包); nothing when every other seat pays."""
    if from_seat < 0:
        return ""
    if _WIN_TYPE_NAMES.get(win_type) in ("discard", "robbed_kong"):
        return f" off seat {from_seat}"
    return f", paid by seat {from_seat} alone"


def bit_names(value: int, names: dict[int, str]) -> str:
    """The names of the bits set in ``value`` (comma-separated), or "none"."""
    return ",".join(n for b, n in sorted(names.items()) if int(value) & b) or "none"
