"""The rule packs as the Python side knows them: one entry per pack naming everything that is
that pack's — its presets, the scoring families and fixed rule values it plays, its rule keys, its
scoring calculator and `fzsim.score` route, probability module, `fzsim score` arguments, the
reading of its win records (bit names, scoring elements, `fzsim replay` terms, re-score), the seats
it gives to programs outside fzsim (`SeatKind`) and the game records of other platforms it reads and
writes (`LogFormat`). The pieces live in the pack's own package, ``fzsim/packs/<pack>/``.

Plain data, importing nothing of fzsim: every shared module reads it without import circles, and a
pack's pieces are named (``"module"`` or ``"module:attribute"``) and imported on first use only
(`PackEntry.resolve`). `fzsim.rules.FIELDS` gathers each pack's rule keys from here
(`fzsim.rules.pack_keys`).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

_FUZHOU_SCORING = ("fuzhou", "lianzhong", "bianfeng", "youjin")
#: the pack of a rule set that names none (the rules' default `pack`; the core's DEFAULT_PACK in
#: fzsim_core/packs/registry.pxd)
DEFAULT_PACK = "fuzhou"


@dataclass(frozen=True)
class SeatKind:
    """Seats a pack's games give to programs outside fzsim: policy specs starting with `prefix`
    (``fzsim run --policy``, ``fzsim duel``; the shared side is `fzsim.policyspec.block_player`)."""

    #: the policy specs' prefix (``"botzone:"``)
    prefix: str
    #: what messages call these seats (``"Botzone bot seats"``)
    what: str
    #: (spec text) -> the parsed spec, or a ValueError naming the bad part and what is allowed ("module:function")
    parse: str
    #: (policy) -> whether it is such a seat: a spec text or a parsed spec ("module:function")
    claims: str
    #: ``fzsim_core.engine.play_block`` for seats that include these: the same columns (and records),
    #: the same dealers and walls, drawn from the wall as it lies ("module:function")
    play_block: str


@dataclass(frozen=True)
class LogFormat:
    """Game records of another platform that a pack reads (``fzsim import NAME``) and writes
    (``fzsim export NAME``)."""

    #: the format's name on the command line
    name: str
    #: what the commands' help calls its records (``"Botzone 国标 records"``)
    title: str
    #: the module of its subcommands: ``add_import(formats)`` and ``add_export(formats)`` each add the
    #: parser named `name` to the ``import`` / ``export`` command's subparsers (and set its ``func``)
    commands: str
    #: the policy of every seat of a results folder of its imported games
    logged_policy: str
    #: the rule keys a simulated run must play as the logged games do to be their game
    #: (`fzsim.analysis_real.rule_differences`)
    rule_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class PackEntry:
    """One rule pack's Python-side pieces (module names are resolved on first use)."""

    #: the pack's name: the rules' `pack` value
    name: str
    #: its presets (``<preset>.toml`` in the ``presets/`` folder of `presets_package`), in the order
    #: `fzsim variants` lists them
    presets: tuple[str, ...]
    #: the rules' `scoring` families it reads
    scoring: tuple[str, ...]
    #: what the `pack` key's help says of it
    summary: str = ""
    #: what the `scoring` key's help says of its own families (None: those the rules' section describes)
    scoring_summary: str | None = None
    #: the hands table's ``specials`` / ``special_counted`` hold the flow's SP_* bits for it (else its
    #: patterns are in the wins table only, by their own names)
    row_specials: bool = False
    #: its own rule keys (``"module:KEYS"``, `fzsim.rule_fields.Field` declared with `of_pack`)
    rule_keys: str | None = None
    #: general rule keys the pack plays differently from the rules header's defaults (the default
    #: pack's), at the one value it needs
    requires: Mapping[str, Any] = field(default_factory=dict)
    #: the scoring calculator of `fzsim.score` / `fzsim score` for its presets
    calculator: str | None = None
    #: the module of `fzsim prob`'s table for its presets
    probability: str | None = None
    #: a win record's terms in `fzsim replay` ("module:function"); None: the row's F/K/G/L/S line
    replay_terms: str | None = None
    #: the module adding `fzsim score --variant PRESET`'s arguments (add_arguments) and running it (run)
    score_command: str | None = None
    #: `fzsim.score`'s route to its calculator for its presets ("module:function", taking fzsim.score's
    #: arguments by keyword); None: the default pack's calculator
    describe_win: str | None = None
    #: how to score its wins, named when the default pack's calculator refuses a variant of it
    score_usage: str | None = None
    #: () -> (pattern bit -> name, flag bit -> name) of its win records; None: it names no bits
    record_names: str | None = None
    #: its records' ``patterns`` hold no bits the wins table names (国标: the top four fan ids), so
    #: ``patterns_named`` lists its elements' names
    patterns_from_elements: bool = False
    #: () -> the names its records' ``base_pattern`` indexes; None: it has none
    base_patterns: str | None = None
    #: (recs, wins, rules, hands) -> each record's scoring elements (fzsim.win_elements.elements)
    elements: str | None = None
    #: (unit, variant, wins, hands, rules) -> the disagreements of its stored wins re-scored by its
    #: calculator (fzsim.rescore.rescore); None: not re-scored (a note says so)
    rescore: str | None = None
    #: its report section of scoring elements (`fzsim report`): (section title, plot title in ASCII,
    #: as the plots' default font has no CJK glyphs); None: no such section
    report_section: tuple[str, str] | None = None
    #: the names of its own record kinds (the wins table's `record`) by their code (winrec.pxd WinRec.kind,
    #: from REC_PACK_FIRST = 1 on; the pack's pxd declares them); the flow's win is code 0, "win"
    record_kinds: Mapping[str, int] = field(default_factory=dict)
    #: (study spec, its variants' rules, a unit's hands, each hand's wall) -> (names, hands x values,
    #: exact means) of control variates of the pack's own (fzsim.study.covariates), or None;
    #: "module:function"
    study_covariates: str | None = None
    #: its walls' strata for stratified runs and studies (fzsim.stratified, fzsim.study.strata): a
    #: module with STRATA, check, weights, game_strata, first_walls and stratum_means; None: none
    study_strata: str | None = None
    #: its names bound at fzsim's top level (``fzsim.fans``, ...), each ``"module:attribute"``
    exports: tuple[str, ...] = ()
    #: the package whose ``presets/`` folder holds its presets' TOML files (package data); None: it has none
    presets_package: str | None = None
    #: seats it gives to programs outside fzsim, by their policy specs' prefix
    seat_kinds: tuple[SeatKind, ...] = ()
    #: game records of other platforms it reads and writes (``fzsim import`` / ``fzsim export``)
    log_formats: tuple[LogFormat, ...] = ()
    #: a pack built outside fzsim: the importable module that registers it (`fzsim.register_pack`),
    #: which a worker process imports before it rebuilds that pack's rules; None for fzsim's own packs
    plugin: str | None = None

    def __post_init__(self):
        object.__setattr__(self, "requires", MappingProxyType(dict(self.requires)))
        object.__setattr__(self, "record_kinds", MappingProxyType(dict(self.record_kinds)))

    def resolve(self, what: str):
        """The module or function a piece names (``entry.resolve("calculator")``); None if the pack has none."""
        ref = getattr(self, what)
        return None if ref is None else resolve_ref(ref)

    @property
    def score_options(self) -> tuple[str, ...]:
        """The options its calculator takes (``fzsim score --option KEY=VALUE``); () when it takes none
        (Fuzhou's calculator reads rule keys, given with ``--set``)."""
        return tuple(getattr(self.resolve("calculator"), "OPTIONS", None) or ())


def resolve_ref(ref: str):
    """The module a ``"module"`` names, or the attribute a ``"module:attribute"`` names (imported now)."""
    module, _, attribute = ref.partition(":")
    loaded = importlib.import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


def _records(module: str, *pieces: str) -> dict[str, str]:
    """The pieces a pack's records module defines (all when none are named), each as "module:function"."""
    functions = {"record_names": "record_names", "base_patterns": "base_pattern_names", "elements": "elements",
                 "rescore": "rescore", "replay_terms": "replay_terms"}
    return {piece: f"{module}:{functions[piece]}" for piece in pieces or functions}


#: every rule pack, in the order of the rules' `pack` values (the core's pack ids)
REGISTRY: dict[str, PackEntry] = {entry.name: entry for entry in (
    PackEntry("fuzhou", ("fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors"), _FUZHOU_SCORING,
              presets_package="fzsim.packs.fuzhou", report_section=("Fuzhou specials", "Fuzhou specials"),
              summary="fuzhou (docs/spec/RULES.md)", rule_keys="fzsim.packs.fuzhou.rule_keys:KEYS", row_specials=True,
              calculator="fzsim.packs.fuzhou.calculator", probability="fzsim.prob",
              score_command="fzsim.packs.fuzhou.command",
              describe_win="fzsim.packs.fuzhou.calculator:score",
              exports=("fzsim.packs.fuzhou.calculator:ScoreReport",),
              study_covariates="fzsim.packs.fuzhou.covariates:study_covariates",
              study_strata="fzsim.packs.fuzhou.strata",
              **_records("fzsim.packs.fuzhou.records", "record_names", "elements", "rescore")),
    # the minimal example pack: no presets (docs/examples/plain.toml), reads none of the scoring families
    PackEntry("plain", (), _FUZHOU_SCORING,
              summary="plain, the minimal example pack (136 tiles, 13-tile hands, no wild)", row_specials=True,
              requires={"honors_are_flowers": False, "youjin": False, "reserve_per_flower_set": 0},
              # its records are Fuzhou's (the flow's flags, no special counted); no calculator re-scores them
              **_records("fzsim.packs.fuzhou.records", "record_names", "elements")),
    PackEntry("sichuan", ("sichuan", "xuezhan"), ("sichuan", "xuezhan"),
              presets_package="fzsim.packs.sichuan",
              report_section=("Sichuan patterns and 根", "Sichuan patterns and gen"),
              summary="sichuan (RULES-PACKS §2-§3: 108 tiles, 13-tile hands, seven pairs, at most two suits)",
              scoring_summary="sichuan: additive 分 of RULES-PACKS §2.4, xuezhan: 2^番 of §3.4",
              rule_keys="fzsim.packs.sichuan.rule_keys:KEYS",
              requires={"honors_are_flowers": False, "youjin": False, "chow": False, "reserve_per_flower_set": 0},
              calculator="fzsim.packs.sichuan.calculator", probability="fzsim.packs.sichuan.prob",
              score_command="fzsim.packs.sichuan.command",
              describe_win="fzsim.packs.sichuan.calculator:score_described",
              score_usage='fzsim.score(..., variant="sichuan" or "xuezhan", overrides={...})',
              # 查叫, 查花猪, 查大叫; 刮风下雨 and its 退税 / 呼叫转移 (fzsim_core/packs/sichuan/score.pxd SC_PAY_*)
              record_kinds={"chajiao": 1, "huazhu": 2, "dajiao": 3, "kong": 5, "kong_refund": 6, "kong_transfer": 7},
              **_records("fzsim.packs.sichuan.records")),
    # 国标: one winner per discard, nearest first (§5.2), flowers set aside but no reserve for them
    PackEntry("guobiao", ("guobiao",), ("guobiao",),
              presets_package="fzsim.packs.guobiao", report_section=("国标 fan table", "Guobiao fans"),
              summary="guobiao (RULES-PACKS §5: 国标 / MCR, 144 tiles, 81 fans, an 8-fan minimum)",
              scoring_summary="guobiao: 底分 + fan of §5.4", rule_keys="fzsim.packs.guobiao.rule_keys:KEYS",
              requires={"honors_are_flowers": False, "youjin": False, "multi_win": False, "winners_to_end": 1,
                        "reserve_per_flower_set": 0},
              calculator="fzsim.packs.guobiao.calculator", score_command="fzsim.packs.guobiao.command",
              score_usage="fzsim.fans(hand, melds=..., win_tile=..., win=..., seat_wind=..., round_wind=...) for the"
                          " fans and fzsim.packs.guobiao.calculator.payments(report, winner, discarder) for the payments",
              patterns_from_elements=True,
              exports=("fzsim.packs.guobiao.calculator:FanReport", "fzsim.packs.guobiao.calculator:fans",
                       "fzsim.packs.guobiao.calculator:fans_many"),
              # Botzone, the 国标 bot platform: its bots at fzsim's table, its game records in and out
              seat_kinds=(SeatKind("botzone:", "Botzone bot seats",
                                   parse="fzsim.packs.guobiao.botzone.bot:parse_bot_spec",
                                   claims="fzsim.packs.guobiao.botzone.bot:is_bot_seat",
                                   play_block="fzsim.packs.guobiao.botzone.bot:play_block_with_bots"),),
              log_formats=(LogFormat("botzone", "Botzone 国标 records",
                                     commands="fzsim.packs.guobiao.botzone.commands", logged_policy="botzone-log",
                                     rule_keys=("pack", "gb_variant", "gb_mingangang")),),
              **_records("fzsim.packs.guobiao.records")),
    # Beijing: 34 held kinds, the 14-tile reserve that each kong's replacement shrinks (§4.1; BJ-A4
    # is bj_indicator_in_reserve), no last group, no 游金, one win ends the hand
    PackEntry("beijing", ("beijing",), ("beijing",),
              presets_package="fzsim.packs.beijing", report_section=("Beijing fans", "Beijing fans"),
              summary="beijing (RULES-PACKS §4: 136 tiles, the 惠牌 wildcard, seven pairs, 烧庄 and 互包)",
              scoring_summary="beijing: additive 番 x 底分 of §4.4", rule_keys="fzsim.packs.beijing.rule_keys:KEYS",
              requires={"honors_are_flowers": False, "youjin": False, "reserve_base": 13,
                        "reserve_per_exposed_kong": -1, "reserve_per_concealed_kong": -1,
                        "reserve_per_flower_set": 0, "last_group_size": 0, "replace_from_head": False,
                        "winners_to_end": 1, "forced_win_live": 0},
              calculator="fzsim.packs.beijing.calculator", probability="fzsim.packs.beijing.prob",
              score_command="fzsim.packs.beijing.command",
              describe_win="fzsim.packs.beijing.calculator:score_described",
              score_usage='fzsim.score(..., variant="beijing", overrides={...})',
              record_kinds={"shaozhuang": 4},    # 烧庄 (fzsim_core/packs/beijing/pack.pxd BJ_PAY_SHAOZHUANG)
              **_records("fzsim.packs.beijing.records", "record_names", "elements", "rescore", "replay_terms")),
    # Shanghai: honours held, 8 flowers, no last group; 一炮多响 with one hand end (§1.2)
    PackEntry("shanghai", ("shanghai",), ("shanghai",),
              presets_package="fzsim.packs.shanghai",
              report_section=("Shanghai patterns and 勒子 caps", "Shanghai patterns and lezi caps"),
              summary="shanghai (RULES-PACKS §1: 144 tiles, 8 flowers, the 清混碰 minimum, 勒子 caps)",
              scoring_summary="shanghai: 底分 + 花分 in 勒子 caps of §1.4", rule_keys="fzsim.packs.shanghai.rule_keys:KEYS",
              requires={"honors_are_flowers": False, "youjin": False, "winners_to_end": 1,
                        "reserve_per_flower_set": 0, "reserve_per_exposed_kong": 0,
                        "reserve_per_concealed_kong": 0, "last_group_size": 0, "guoshui": False},
              calculator="fzsim.packs.shanghai.calculator", probability="fzsim.packs.shanghai.prob",
              score_command="fzsim.packs.shanghai.command",
              describe_win="fzsim.packs.shanghai.calculator:score_described",
              score_usage='fzsim.score(..., variant="shanghai", overrides={...})',
              **_records("fzsim.packs.shanghai.records")),
)}


#: every record kind by code: 0 the flow's win, then the packs' own (PackEntry.record_kinds), in code order
RECORD_KINDS: dict[str, int] = dict(sorted(
    {"win": 0, **{name: code for entry in REGISTRY.values() for name, code in entry.record_kinds.items()}}.items(),
    key=lambda kv: kv[1]))
assert sorted(RECORD_KINDS.values()) == list(range(len(RECORD_KINDS))), "two record kinds share a code, or a gap"

#: the variant of a run, a hand or a calculator that names none: the default pack's first preset
DEFAULT_VARIANT = REGISTRY[DEFAULT_PACK].presets[0]


def seat_kinds() -> tuple[SeatKind, ...]:
    """Every pack's seats played outside fzsim (`PackEntry.seat_kinds`), in registry order."""
    return tuple(kind for entry in REGISTRY.values() for kind in entry.seat_kinds)


def log_formats() -> tuple[LogFormat, ...]:
    """Every pack's game-record formats (`PackEntry.log_formats`), in registry order."""
    return tuple(fmt for entry in REGISTRY.values() for fmt in entry.log_formats)


def pack_of_preset(preset) -> PackEntry | None:
    """The entry of the pack a preset name belongs to; None for anything else (a file, a RuleConfig)."""
    if not isinstance(preset, str):
        return None
    return next((entry for entry in REGISTRY.values() if preset in entry.presets), None)
