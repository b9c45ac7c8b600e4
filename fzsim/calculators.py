"""``fzsim.score``: a described win scored by the calculator of the pack its variant plays.

A preset of a pack with a calculator of its own goes to that calculator's ``score_described``
(`fzsim.pack_registry.PackEntry.describe_win`, in the pack's own package
``fzsim.packs.<pack>.calculator``); every other variant — a preset, a variant file or a
`fzsim.RuleConfig` — to the default pack's (`fzsim.pack_registry.DEFAULT_PACK`), the reference
calculator, which refuses a variant of another pack with the function that scores it.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT, REGISTRY, pack_of_preset


def score(hand, gold=None, *, melds: Iterable = (), flowers="", win: str = "selfdraw", winner: int = 0,
          dealer: int = 0, discarder: int | None = None, dealer_streak: int = 0, youjin_level: int = 0,
          winning_tile=None, discarded_gold: bool = False, variant=DEFAULT_VARIANT,
          overrides: Mapping[str, Any] | None = None, **pack_args):
    """Score a described win under a rule variant.

    A preset of a pack with a calculator of its own goes to it (`PackEntry.describe_win`), that
    pack's own arguments passing through ``pack_args`` (those its calculator documents: a pack without
    a gold takes no gold and no flowers, but may take e.g. kong_from, finished, base). A
    pack without one, and a variant of another pack not given by its preset name, is refused with
    the functions that score it (`PackEntry.score_usage`).

    Otherwise (the default pack's variants, returning a :class:`fzsim.ScoreReport`):

    hand: the winner's concealed tiles after winning (the winning tile and any golds included),
      notation or counts; gold: the gold kind ("5p").
    melds: exposed melds and concealed kongs, e.g. ``["chow 123m", "pung 5s", "concealed_kong 9p"]``
      (types: chow, pung, kong = exposed kong from a discard, added_kong, concealed_kong).
    flowers: the winner's flowers in notation ("1z3z5f"; honours only where they are flowers).
    win: one of ``WINS``: selfdraw, discard, robbed_kong, qiangjin (the hand then holds the
      indicator), sanjindao, tianhu, kong_replacement, last_tile, last_group.
    winner, dealer, discarder (discard / robbed_kong only): seats 0..3; dealer_streak: the
      dealer's L; youjin_level: 0, or 1/2/3 for a 单游/双游/三游 self-draw (variants with youjin).
    winning_tile: optional; checked to be in the hand, never a gold on a discard, and used to
      detect a 闲金 wait (which may not win a discard when xianjin_selfdraw_only); on a robbed
      kong it is the robbed tile, whose other three copies are in the robbed player's pung.
    discarded_gold: the winner discarded a gold earlier in the hand (checked against gold_discard).
    variant, overrides: as ``fzsim.rules.load``.

    Raises ValueError with the reason when the description is not a possible win.
    """
    entry = pack_of_preset(variant)
    if entry is None or entry.describe_win is None:
        entry = REGISTRY[DEFAULT_PACK]
    return entry.resolve("describe_win")(
        hand, gold=gold, melds=melds, flowers=flowers, win=win, winner=winner, dealer=dealer, discarder=discarder,
        dealer_streak=dealer_streak, youjin_level=youjin_level, winning_tile=winning_tile,
        discarded_gold=discarded_gold, variant=variant, overrides=overrides, **pack_args)
