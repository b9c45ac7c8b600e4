"""The one reading of a policy setting: which policy plays each of the four seats.

Forms: None (the default everywhere), one name or callable for every seat, a sequence of 1 or 4
of them, a ``{seat: name}`` dict, or text: ``"random"``, ``"greedy,random,greedy,greedy"`` (four
seats in order) or ``"0=random,all=greedy"`` assignments applied left to right (``all`` / ``*``
for every seat). A name may carry its policy's parameters after a colon, ``"guard:fold=0.08"``
(several separated by ``;``): the ``=`` after a colon belongs to the parameter, not a seat. ``fzsim.simulate``, ``fzsim run --policy`` and ``fzsim replay --policy`` read
their settings here; whether a name is known is for the engine (or the runner) to say, and which
compiled policies play a rule pack is ``supported_policies``'s. Seats a pack gives to programs
outside fzsim (``botzone:cmd=...``: `fzsim.pack_registry.SeatKind`) are recognised by their prefix
(`seat_kind`) and played by the pack's own block player (`block_player`).
"""
from __future__ import annotations

import functools

from fzsim.pack_registry import SeatKind, resolve_ref, seat_kinds
from fzsim_core import engine as _engine
from fzsim_core.packs.registry import PACKS as _PACK_IDS, pack_name
from fzsim_core.policies.registry import NAMES as _COMPILED, pack_policies, spec_refusal
from fzsim_core.policies.registry import capsule_refusal, is_policy_capsule

SEATS = 4
DEFAULT = "greedy"


def _seats_of(seat, item) -> range | tuple[int]:
    key = str(seat).strip().lower()
    if key in ("all", "*"):
        return range(SEATS)
    if key in ("0", "1", "2", "3"):
        return (int(key),)
    raise ValueError(f"policy {item!r}: seat {key!r} must be 0, 1, 2, 3 or all")


def _seat_part(item) -> tuple[str, bool]:
    """(seat, True) for ``SEAT=NAME``; ("", False) for a bare name, parameters included."""
    head, sep, _ = str(item).partition("=")
    if not sep or ":" in head:
        return "", False
    return head, True


def assign(items, seats: list | None = None, default=DEFAULT) -> list:
    """Apply ``SEAT=NAME`` items (or a bare ``NAME`` for every seat) left to right."""
    seats = [default] * SEATS if seats is None else seats
    for item in items:
        seat, sep = _seat_part(item)
        targets = _seats_of(seat, item) if sep else range(SEATS)
        name = (str(item).partition("=")[2] if sep else str(item)).strip()
        if not name:
            raise ValueError(f"policy {item!r} names no policy")
        for s in targets:
            seats[s] = name
    return seats


def policy_seats(spec=None, default=DEFAULT) -> tuple:
    """The policy of each of the 4 seats (names as given, callables kept) from any form above."""
    if spec is None:
        return (default,) * SEATS
    if isinstance(spec, str):
        parts = [p.strip() for p in spec.split(",")]
        if any(_seat_part(p)[1] for p in parts) or len(parts) not in (1, SEATS):
            return tuple(assign(parts, default=default))
        spec = parts
    if callable(spec):
        return (spec,) * SEATS
    if isinstance(spec, dict):
        seats = [default] * SEATS
        for seat, name in spec.items():
            if isinstance(seat, bool) or seat not in range(SEATS):
                raise ValueError(f"policy seat {seat!r} is not a seat: allowed 0, 1, 2, 3")
            seats[seat] = name
        return tuple(seats)
    try:
        seq = tuple(spec)
    except TypeError:
        raise ValueError(f"policies must be a name, a callable, {{seat: name}} or 4 of them, got {spec!r}") from None
    if len(seq) == 1:
        return seq * SEATS
    if len(seq) != SEATS:
        raise ValueError(f"policies must name 1 or 4 seats, got {len(seq)}: {list(seq)!r}")
    return seq




def _pack_of(rules) -> str:
    """The pack name of a RuleConfig, a fzsim_core.rules.Rules or a pack name."""
    if isinstance(rules, str):
        if rules not in _PACK_IDS:
            raise ValueError(f"pack {rules!r} is unknown: allowed {', '.join(_PACK_IDS)}")
        return rules
    core = getattr(rules, "core", rules)    # a RuleConfig holds its compiled Rules as .core
    fields = getattr(core, "fields", None)
    if not isinstance(fields, dict) or "pack" not in fields:
        raise ValueError(f"expected a RuleConfig, a fzsim_core.rules.Rules or a pack name, got {rules!r}")
    return pack_name(int(fields["pack"]))


def supported_policies(rules) -> tuple[str, ...]:
    """The compiled policies that play the pack of `rules` (a RuleConfig, a fzsim_core.rules.Rules
    or a pack name), weakest first: the pack descriptor's list (the core refuses the others when
    a hand's policies are bound). Python callables and compiled policies from outside fzsim are
    the caller's own and play every pack."""
    return pack_policies(_PACK_IDS[_pack_of(rules)])


def check_policies_play(rules, seats, variant: str | None = None) -> None:
    """Refuse, before anything is played or written, a compiled policy that does not play the pack
    of `rules`: ValueError naming the policy, who plays it, the pack and the policies allowed there.
    seats: the policy of each seat (policy_seats' form) or ``{who: policy}`` (e.g. a duel's
    challenger and baseline; leave out the seats agents play)."""
    allowed = supported_policies(rules)
    pack = _pack_of(rules)
    items = seats.items() if isinstance(seats, dict) else ((f"seat {s}", p) for s, p in enumerate(seats))
    for who, spec in items:
        of = f" (variant {variant!r})" if variant else ""
        if is_policy_capsule(spec):   # a compiled policy from outside fzsim: the packs it declares
            refusal = capsule_refusal(spec, pack)
            if refusal is not None:
                raise ValueError(f"compiled policy {spec!r} ({who}){of} {refusal}")
            continue
        name = spec.partition(":")[0].strip() if isinstance(spec, str) else None
        if name not in _COMPILED:
            continue   # a callable or an unknown name: not this check's to judge
        if name not in allowed:
            raise ValueError(f"policy {spec!r} ({who}) does not play the {pack} pack{of}: allowed there"
                             f" {', '.join(allowed)}")
        try:
            refusal = spec_refusal(spec, _PACK_IDS[pack])
        except ValueError:
            continue   # a malformed spec is refused, naming what is wrong, where it is parsed
        if refusal is not None:
            raise ValueError(f"policy {spec!r} ({who}){of}: {refusal}")


def seat_kind(policy) -> SeatKind | None:
    """The kind of outside seat a policy is (a spec text starting with a pack's `SeatKind.prefix`, or
    a spec that kind parsed), else None. The kind's module is imported only for such a text, or for
    a policy that is neither a name nor a callable."""
    if isinstance(policy, str):
        text = policy.strip()
        return next((kind for kind in seat_kinds() if text.startswith(kind.prefix)), None)
    if policy is None or callable(policy) or is_policy_capsule(policy):
        return None
    return next((kind for kind in seat_kinds() if resolve_ref(kind.claims)(policy)), None)


def parse_outside_seat(policy):
    """The parsed spec of an outside seat (`seat_kind`), checked before anything is played or written:
    a ValueError naming the bad part and what is allowed; None for any other policy."""
    kind = seat_kind(policy)
    return None if kind is None else resolve_ref(kind.parse)(policy)


def block_player(policies, draws: str = "wall"):
    """The function that plays blocks for these seats: the pack's own block player when one of them
    is an outside seat (`seat_kind`; such seats draw from the wall as it lies: `refuse_coupled_draws`
    says so at setup), else the engine's ``play_block``, with draws coupled by seat when ``draws`` is
    ``seat`` (``fzsim run`` and ``fzsim duel`` call this)."""
    kinds = [kind for kind in map(seat_kind, policies) if kind is not None]
    if kinds:
        return resolve_ref(kinds[0].play_block)
    return _engine.play_block if draws == "wall" else functools.partial(_engine.play_block, seat_draws=True)


def refuse_coupled_draws(draws: str, settings) -> None:
    """Draws coupled by seat are the engine's (fzsim_core/seat_draws.pxd): a ValueError when any of
    the policy ``settings`` (each four seats) seats a program outside fzsim (`seat_kind`) and
    ``draws`` is not ``wall``."""
    if draws == "wall":
        return
    for seats in settings:
        kind = next((k for k in map(seat_kind, seats) if k is not None), None)
        if kind is not None:
            raise ValueError(f"draws={draws!r} is played by the engine's own seats only, not with {kind.what}")
