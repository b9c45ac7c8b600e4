"""The rule packs as the Python side knows them: one entry per pack, naming what is that pack's.

`fzsim.rules` declares the rule keys (each with the pack that reads it); this registry adds what
lives in a pack's own Python modules, read from their declarations, never listed again here.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from fzsim import packs_beijing, packs_shanghai, packs_sichuan
from fzsim.rules import FIELDS, PACKS
from fzsim_core.packs.sichuan import score as _sichuan_core


@dataclass(frozen=True)
class PackEntry:
    """One rule pack's Python-side pieces."""

    name: str
    #: the keys of its scoring calculator's options (``fzsim score --option KEY=VALUE``); empty
    #: when its calculator takes none (Fuzhou's reads rule keys, ``--set``)
    score_options: tuple[str, ...] = ()


def _sichuan_score_options() -> tuple[str, ...]:
    # the core declares them per preset (sichuan, xuezhan): the pack has their union
    return tuple(dict.fromkeys(k for opts in _sichuan_core.OPTIONS.values() for k in opts))


#: every rule pack, in the order of fzsim.rules.PACKS
REGISTRY: dict[str, PackEntry] = {entry.name: entry for entry in (
    PackEntry("fuzhou"),
    PackEntry("plain"),
    PackEntry("sichuan", score_options=_sichuan_score_options()),
    PackEntry("guobiao"),
    PackEntry("beijing", score_options=tuple(packs_beijing.OPTIONS)),
    PackEntry("shanghai", score_options=tuple(packs_shanghai.OPTIONS)),
)}
assert tuple(REGISTRY) == PACKS, "fzsim.pack_registry and the rules' packs disagree"
assert set(packs_sichuan.VARIANTS) <= set(_sichuan_core.OPTIONS)


def check_score_options(pack: str, options: Mapping[str, Any], flag: str = "--option") -> None:
    """Refuse a calculator option of another pack by name: ValueError naming the pack it belongs
    to and the options `pack`'s calculator has. Unknown keys are left to the calculator."""
    own = REGISTRY[pack].score_options
    for key in options:
        if key in own:
            continue
        owners = [p.name for p in REGISTRY.values() if p.name != pack and key in p.score_options]
        what = "an option of the {} pack's calculator"
        if not owners and key in FIELDS and FIELDS[key].pack not in (None, pack):
            owners, what = [FIELDS[key].pack], "a rule key of the {} pack"
        if owners:
            allowed = ", ".join(own) if own else "none"
            raise ValueError(f"{flag} {key}: {what.format(' and '.join(owners))}, not of {pack}; the {pack}"
                             f" calculator's options: {allowed}")
