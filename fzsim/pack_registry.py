"""The rule packs as the Python side knows them: one entry per pack naming everything that is
that pack's — its presets, the scoring families and fixed rule values it plays, its scoring
calculator, probability module, `fzsim replay` terms and `fzsim score` arguments.

Plain data, importing nothing of fzsim: `fzsim.rules` and the commands read it without import
circles, and a pack's modules are named (``"module"`` or ``"module:attribute"``) and imported on
first use only (`PackEntry.resolve`). Each pack's rule keys are declared once, in
`fzsim.rules.FIELDS` (`fzsim.rules.pack_keys`).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

_FUZHOU_SCORING = ("fuzhou", "lianzhong", "bianfeng", "youjin")


@dataclass(frozen=True)
class PackEntry:
    """One rule pack's Python-side pieces (module names are resolved on first use)."""

    #: the pack's name: the rules' `pack` value
    name: str
    #: its presets (fzsim/presets/<name>.toml), in the order `fzsim variants` lists them
    presets: tuple[str, ...]
    #: the rules' `scoring` families it reads
    scoring: tuple[str, ...]
    #: general rule keys the pack plays differently from Fuzhou, at the one value it needs
    requires: Mapping[str, Any] = field(default_factory=dict)
    #: the scoring calculator of `fzsim.score` / `fzsim score` for its presets
    calculator: str | None = None
    #: the module of `fzsim prob`'s table for its presets
    probability: str | None = None
    #: a win record's terms in `fzsim replay` ("module:function"); None: the row's F/K/G/L/S line
    replay_terms: str | None = None
    #: the module adding `fzsim score --variant PRESET`'s arguments (add_arguments) and running it (run)
    score_command: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "requires", MappingProxyType(dict(self.requires)))

    def resolve(self, what: str):
        """The module or function a piece names (``entry.resolve("calculator")``); None if the pack has none."""
        ref = getattr(self, what)
        if ref is None:
            return None
        module, _, attribute = ref.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded

    @property
    def score_options(self) -> tuple[str, ...]:
        """The options its calculator takes (``fzsim score --option KEY=VALUE``); () when it takes none
        (Fuzhou's calculator reads rule keys, given with ``--set``)."""
        return tuple(getattr(self.resolve("calculator"), "OPTIONS", None) or ())


#: every rule pack, in the order of the rules' `pack` values (the core's pack ids)
REGISTRY: dict[str, PackEntry] = {entry.name: entry for entry in (
    PackEntry("fuzhou", ("fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors"), _FUZHOU_SCORING,
              calculator="fzsim.scoring", probability="fzsim.prob"),
    # the minimal example pack: no presets (docs/examples/plain.toml), reads none of the scoring families
    PackEntry("plain", (), _FUZHOU_SCORING,
              requires={"honors_are_flowers": False, "youjin": False, "reserve_per_flower_set": 0}),
    PackEntry("sichuan", ("sichuan", "xuezhan"), ("sichuan", "xuezhan"),
              requires={"honors_are_flowers": False, "youjin": False, "chow": False, "reserve_per_flower_set": 0},
              calculator="fzsim.packs_sichuan", probability="fzsim.prob_sichuan",
              replay_terms="fzsim.game:_sichuan_terms", score_command="fzsim.commands.score_sichuan"),
    # 国标: one winner per discard, nearest first (§5.2), flowers set aside but no reserve for them
    PackEntry("guobiao", ("guobiao",), ("guobiao",),
              requires={"honors_are_flowers": False, "youjin": False, "multi_win": False, "winners_to_end": 1,
                        "reserve_per_flower_set": 0},
              calculator="fzsim.fans", replay_terms="fzsim.game:_guobiao_terms",
              score_command="fzsim.commands.score_guobiao"),
    # Beijing: 34 held kinds, the 14-tile reserve that each kong's replacement shrinks (§4.1; BJ-A4
    # is bj_indicator_in_reserve), no last group, no 游金, one win ends the hand
    PackEntry("beijing", ("beijing",), ("beijing",),
              requires={"honors_are_flowers": False, "youjin": False, "reserve_base": 13,
                        "reserve_per_exposed_kong": -1, "reserve_per_concealed_kong": -1,
                        "reserve_per_flower_set": 0, "last_group_size": 0, "replace_from_head": False,
                        "winners_to_end": 1, "forced_win_live": 0},
              calculator="fzsim.packs_beijing", probability="fzsim.prob_beijing",
              replay_terms="fzsim.game:_beijing_terms", score_command="fzsim.commands.score_beijing"),
    # Shanghai: honours held, 8 flowers, no last group; 一炮多响 with one hand end (§1.2)
    PackEntry("shanghai", ("shanghai",), ("shanghai",),
              requires={"honors_are_flowers": False, "youjin": False, "winners_to_end": 1,
                        "reserve_per_flower_set": 0, "reserve_per_exposed_kong": 0,
                        "reserve_per_concealed_kong": 0, "last_group_size": 0, "guoshui": False},
              calculator="fzsim.packs_shanghai", probability="fzsim.prob_shanghai",
              replay_terms="fzsim.game:_shanghai_terms", score_command="fzsim.commands.score_shanghai"),
)}


def pack_of_preset(preset) -> PackEntry | None:
    """The entry of the pack a preset name belongs to; None for anything else (a file, a RuleConfig)."""
    if not isinstance(preset, str):
        return None
    return next((entry for entry in REGISTRY.values() if preset in entry.presets), None)
