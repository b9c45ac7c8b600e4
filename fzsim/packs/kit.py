"""What the packs' Python pieces share, so that no pack imports another: argument checks and report
lines of the pack calculators, the rows of `fzsim prob`'s table, and `fzsim score`'s option parsing
(the Python counterpart of ``fzsim_core/kit/``)."""
from __future__ import annotations

import argparse
from typing import Iterable

import numpy as np

from fzsim.tiles import kind_index, kind_name


# --- the pack calculators -------------------------------------------------------------------------

def refuse_arguments(variant: str, note: str, **given) -> None:
    """``fzsim.score``'s route to a pack calculator: the named arguments that are not part of a hand of
    ``variant`` (given = not None) are refused, by name, with ``note`` saying why."""
    named = [k for k, v in given.items() if v is not None]
    if named:
        raise ValueError(f"{', '.join(named)}: not part of a {variant} hand {note}")


def seat_arg(name: str, seat) -> int:
    """A seat argument 0..3, refused by name otherwise."""
    if isinstance(seat, bool) or not isinstance(seat, (int, np.integer)) or not 0 <= seat <= 3:
        raise ValueError(f"{name} seat {seat!r} is out of range: allowed 0..3")
    return int(seat)


def payer_seat(win: str, alone: bool, winner: int, discarder) -> int:
    """The seat paying alone for a discard-type win (-1 for a self-draw), checked against the win."""
    if not alone:
        if discarder is not None:
            raise ValueError(f"discarder {discarder} given for a self-drawn {win} win")
        return -1
    if discarder is None:
        raise ValueError(f"a {win} win needs the discarder seat (0..3, not the winner)")
    payer = seat_arg("discarder", discarder)
    if payer == winner:
        raise ValueError(f"discarder {payer} is the winner: allowed another seat")
    return payer


def tile_arg(tile, what: str) -> int:
    """A tile argument (notation or a kind 0..33) as its kind."""
    k = kind_index(tile) if isinstance(tile, str) else tile
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < 34:
        raise ValueError(f"{what} {tile!r}: expected a tile such as '5m' (kinds 0..33)")
    return int(k)


#: the meld types a described win names (``fzsim score``'s meld flags)
MELD_TYPES = ("chow", "pung", "kong", "added_kong", "concealed_kong")
#: the meld types of the 34-kind calculators (with the exposed_kong alias)
MELD_CODES = {"chow": "chow", "pung": "pung", "kong": "kong", "added_kong": "added_kong",
              "concealed_kong": "concealed_kong", "exposed_kong": "kong"}


def parse_melds(melds: Iterable, counts, what: str = "meld") -> list[tuple[str, int]]:
    """Melds from ``"chow 345p"``, ``"pung 5p"``, ``"kong 7777s"``, ``"concealed_kong 9m"`` or
    (type, tiles) pairs; a chow's kind is its lowest tile. ``counts(tiles, what)``: the pack's
    reading of a meld's tiles as 34 counts."""
    out = []
    for spec in melds:
        parts = (spec.replace(":", " ").split(None, 1) if isinstance(spec, str)
                 else list(spec) if isinstance(spec, (tuple, list)) else [])
        if len(parts) != 2:
            raise ValueError(f"{what} {spec!r}: expected '<type> <tiles>', e.g. 'chow 345p' or 'pung 5p'")
        mtype = MELD_CODES.get(str(parts[0]).lower())
        if mtype is None:
            raise ValueError(f"{what} {spec!r}: type {parts[0]!r} unknown: allowed {', '.join(MELD_CODES)}")
        tiles = counts(parts[1], what) if isinstance(parts[1], str) else None
        if tiles is None:
            raise ValueError(f"{what} {spec!r}: give the tiles in notation, e.g. '345p'")
        kinds = np.flatnonzero(tiles)
        if mtype == "chow":
            if (len(kinds) != 3 or tiles[kinds].max() != 1 or kinds[0] >= 27 or kinds[2] - kinds[0] != 2
                    or kinds[0] // 9 != kinds[2] // 9):
                raise ValueError(f"{what} {spec!r}: a chow is three consecutive tiles of one suit, e.g. 'chow 345p'")
            out.append((mtype, int(kinds[0])))
            continue
        size = 3 if mtype == "pung" else 4
        if len(kinds) != 1 or int(tiles[kinds[0]]) not in (1, size):
            raise ValueError(f"{what} {spec!r}: a {mtype} is {size} identical tiles, e.g. '{mtype} 5p'")
        out.append((mtype, int(kinds[0])))
    return out


def meld_text(melds) -> list[str]:
    """(type, kind) melds in notation, e.g. ``"chow 345p"``."""
    out = []
    for t, k in melds:
        out.append(f"{t} {kind_name(k)}{kind_name(k + 1)}{kind_name(k + 2)}" if t == "chow" else f"{t} {kind_name(k)}")
    return out


def hand_and_win_lines(r) -> list[str]:
    """The hand and how it was won, for a calculator report's text."""
    return [f"hand {r.hand}" + (f" + {', '.join(r.melds)}" if r.melds else ""),
            f"win: {r.win} by seat {r.winner}" + (f", on seat {r.payer}'s tile" if r.payer >= 0 else ", self-drawn")
            + f", dealer seat {r.dealer}"]


# --- fzsim prob -----------------------------------------------------------------------------------

def table_row(event: str, label: str, exact: float, deals: int, mc: dict | None) -> dict:
    """One opening-window row of fzsim.prob's table: the exact value beside a Monte Carlo estimate
    ({"p", "lo", "hi"}, or None for exact only)."""
    nan = float("nan")
    return {"window": "opening", "event": event, "label": label, "role": "dealer", "exact": exact,
            "mc": mc["p"] if mc else nan, "lo": mc["lo"] if mc else nan, "hi": mc["hi"] if mc else nan,
            "n": int(deals), "source": "deals", "agrees": bool(mc["lo"] <= exact <= mc["hi"]) if mc else None}


def mc_note(attrs, system: str) -> str:
    """The describe() tail of a pack's table: the Monte Carlo sample and where whole-hand rates are."""
    text = f"; Monte Carlo: {attrs['deals']:,} sampled deals, seed {attrs['seed']}" if attrs.get("deals") else ""
    return text + (f". Whole-hand rates (patterns, drawn hands) come from runs: fzsim run --variant "
                   f"{system.lower()}, then fzsim report.")


# --- fzsim score ----------------------------------------------------------------------------------

def parse_options(items) -> dict:
    """``--option KEY=VALUE`` items (shared by every pack calculator, which checks them)."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--option {item!r}: expected KEY=VALUE")
        low = value.strip().lower()
        out[key.strip()] = (True if low == "true" else False if low == "false"
                            else int(low) if low.isdigit() else value.strip())
    return out


def refuse_flags(args: argparse.Namespace, variant: str, flags: dict, hint: str) -> None:
    """Refuse, by name, the flags of the other rule systems (the gold-and-flowers calculator's, the
    settlement and 血战 flags, and `flags`)."""
    others = {"--gold": args.gold, "--set": args.sets, "--streak": args.streak, "--youjin-level": args.youjin_level,
              "--discarded-gold": args.discarded_gold, "--kong-from": getattr(args, "kong_from", None) is not None,
              "--finished": getattr(args, "finished", None), "--end": getattr(args, "end", None) is not None,
              **flags}
    given = [flag for flag, value in others.items() if value]
    if given:
        raise ValueError(f"{', '.join(given)}: not part of a {variant} hand ({hint})")
