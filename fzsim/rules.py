"""Rule variants (docs/spec/RULES.md §12, §13): presets, user overrides, validation, canonical form.

A rule set is plain data: a preset plus overrides, given from Python or a TOML file::

    name = "no-gold-discard"        # optional; a file's stem by default
    description = "golds may not be discarded"   # optional
    preset = "PRESET"               # optional; the preset this builds on (default DEFAULT_VARIANT,
                                    # fzsim.pack_registry)
    [rules]                         # flat keys, named as the fields of the core's RuleSet
    gold_discard = "forbidden"

``load(...)`` validates every key (unknown keys, wrong types and out-of-range values raise
``RuleError`` naming the key with its TOML path and what is allowed), fills in every default and
returns a ``RuleConfig``: its canonical form (every field, in the fixed order of ``FIELDS``) as a
dict and as JSON, a 12-hex-digit hash of that JSON, and ``.core``, the compiled
``fzsim_core.rules.Rules`` the engine reads.
"""
from __future__ import annotations

import difflib
import hashlib
import importlib
import json
import tomllib
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from fzsim.pack_registry import DEFAULT_PACK, DEFAULT_VARIANT, REGISTRY, pack_of_preset
from fzsim.rule_fields import POINT_MAX, Field, RuleError, boolean, enum, integer, with_core_default
from fzsim_core.packs.registry import PACKS as CORE_PACK_IDS, SCORING_FAMILIES as CORE_SCORING_FAMILIES, option_defaults
from fzsim_core.rules import HEADER_FIELDS, Rules


_ENTRIES = tuple(REGISTRY.values())
_b, _i, _e = boolean, integer, enum

#: the keys every pack reads (a pack's own are in its ``fzsim/packs/<pack>/rule_keys.py``)
_GENERAL: tuple[Field, ...] = (
    # the rule pack: its tile set, hand size, deal and scoring (fzsim_core/packs)
    _e("pack", DEFAULT_PACK, tuple(REGISTRY),
       "the rule pack: " + ", ".join(e.summary for e in _ENTRIES[:-1]) + " or " + _ENTRIES[-1].summary),
    # claims (RULES §5)
    _b("chow", None, "the next seat may chow a discard (off: pungs and kongs only)"),
    _b("rob_kong", None, "抢杠: a tile added to an exposed pung may be won by another seat"),
    _b("multi_win", None, "一炮多响: every seat accepting a discard or a robbed kong wins (else the nearest)"),
    _i("winners_to_end", None, 1, 3, "the hand ends at this many wins (血战到底: 3); until then winners leave and play goes on"),
    _i("forced_win_live", None, 0, 144, "a possible win must be taken once fewer live tiles than this remain (RULES-PACKS §2.2: 4)"),
    _b("replace_from_head", None, "kong replacements are drawn from the head of the wall (RULES-PACKS §2.1), not the tail"),
    # §1 tiles
    _b("honors_are_flowers", None, "winds and dragons are flowers (else ordinary tiles: paired, punged, never chowed)"),
    # §2 dealer and matches
    _e("next_dealer", None, ("next", "winner", "winner_or_discarder", "random", "rotate", "previous"),
       "who deals after a non-dealer win: the next seat, the winner, the winner or (after a win by several)"
       " the discarder, a seeded random seat every hand, (rotate, 国标 no 连庄) the next seat after every"
       " hand, won or drawn, or (previous, RULES-PACKS §4.1 BJ-A3 as listed) the seat before the dealer"),
    _e("draw_dealer", None, ("keep", "next"), "after a drawn hand: the dealer keeps the deal, or the next seat deals"),
    _e("draw_streak", None, ("keep", "reset", "increment"),
       "after a drawn hand the dealer's L is kept, reset to 0, or increased by 1 (a new dealer starts at 0)"),
    _i("hands_per_match", None, 1, 10_000, "hands in one match (1 = independent deals)"),
    # §4 gold
    _e("gold_discard", None, ("allowed", "selfdraw_only", "forbidden"),
       "discarding a gold: allowed, allowed but the discarder may then only win by self-draw, or forbidden"),
    # §5 play
    _b("guoshui", None, "过水: a declined discard win blocks that tile until the player's own discard"),
    _b("no_discard_claimed_tile", None, "after a chow or pung the claimed tile may not be discarded that turn"),
    # §9 end of the wall
    _i("reserve_base", None, 0, 60, "R: tiles kept back at the end of the wall, the gold indicator excluded"),
    _i("reserve_per_exposed_kong", None, -8, 8, "R grows by this per exposed or added kong (-1, RULES-PACKS §4.1: the"
       " replacement comes out of the reserve)"),
    _i("reserve_per_concealed_kong", None, -8, 8, "R grows by this per concealed kong (-1: RULES-PACKS §4.1)"),
    _i("reserve_per_flower_set", None, 0, 8, "R grows by this per four-identical-flower or full season/plant set"),
    _i("last_group_size", None, 0, 8, "at most this many draws in the last group (no discards)"),
    # §10 scoring
    _e("scoring", REGISTRY[DEFAULT_PACK].scoring[0],
       tuple(dict.fromkeys(f for entry in _ENTRIES for f in entry.scoring)),
       "scoring family (RULES §10; " + ", ".join(e.scoring_summary for e in _ENTRIES if e.scoring_summary) + ")"),
    _i("base", None, 0, POINT_MAX, "base points (RULES.md §10: 5, bianfeng 1, youjin 5; lianzhong has none)"),
    _i("flower_point", None, 0, POINT_MAX, "F per flower"),
    _b("zhuazhuang", None, "抓庄: a non-dealer winner adds the dealer's L"),
)

# a general key declared without a default takes the core's (the rules header's)
_GENERAL = tuple(with_core_default(f, HEADER_FIELDS[f.name]) if f.default is None else f for f in _GENERAL)

#: every rule option with its default (the default preset's, or its pack's) and range: the general
#: keys and each pack's own (`PackEntry.rule_keys`)
_DECLARED: dict[str, Field] = {f.name: f for f in (
    *_GENERAL, *(f for entry in _ENTRIES if entry.rule_keys for f in entry.resolve("rule_keys")))}
#: the canonical form's key order (what a variant's hash is taken of) is frozen so that hashes and
#: the names of derived variants stay stable: the general and the default pack's keys in the order of
#: storage format 1 (the rules header's order then, before the default pack's options moved into its
#: own struct), then the other packs' own keys in that format's order; keys added later follow in
#: registry order
_HEADER_KEYS_FORMAT_1 = (
    "pack chow rob_kong multi_win winners_to_end forced_win_live replace_from_head honors_are_flowers next_dealer"
    " draw_dealer draw_streak hands_per_match gold_discard xianjin_selfdraw_only guoshui no_discard_claimed_tile"
    " reserve_base reserve_per_exposed_kong reserve_per_concealed_kong reserve_per_flower_set last_group_size youjin"
    " must_youjin_with_two_golds scoring base multiplier flower_point flower_set_value exposed_kong_points"
    " concealed_kong_points zhuazhuang zhuazhuang_payer special_discard_payer loss_cap special_tianhu special_qiangjin"
    " special_pinghu_noflower special_pinghu_oneflower special_sanjindao special_jinque special_jinlong"
    " lianzhong_pinghu_bonus discard_multiplier youjin_mult_discard youjin_mult_selfdraw youjin_mult_single"
    " youjin_mult_double youjin_mult_triple youjin_discard_bonus").split()
_PACK_KEYS_FORMAT_1 = (
    "sc_guoshui sc_longqidui_value sc_qianggang_base sc_kong_and_gen sc_chajiao_kongs sc_fan_cap"
    " xz_end_checks_no_winner_only xz_selfdraw_all_pay xz_dajiao_to_winners xz_next_after_discarder sc_exchange"
    " sc_dingque xz_kong_payments xz_dian_gang_hua_selfdraw gb_min_fan gb_mingangang bj_north_next"
    " bj_indicator_in_reserve bj_haidi_discard bj_shaozhuang_on_draw bj_hubao_count bj_sihui_shape"
    " bj_dihe_after_claims bj_zhuowukui_unique bj_hui_discard gb_variant gb_claim_at_wall_end gb_kong_at_wall_end"
    " sh_lezi sh_bahua_lezi sh_gangkai_over_lezi sh_kaibao_huangfan_stack sh_huangfan_mult sh_dadiaoche_standalone"
    " sh_chengbao sh_feng_includes_dragons sh_fengyise_shape sh_xiajia_can_kong sh_multi_ron_dealer"
    " sh_huangfan_multi_ron sh_chengbao_claims sh_louhu sh_bahua_optional").split()
assert set(HEADER_FIELDS) <= set(_DECLARED), "the core's rules header has a field fzsim.rules does not declare"
FIELDS: dict[str, Field] = {name: _DECLARED[name] for name in dict.fromkeys((
    *_HEADER_KEYS_FORMAT_1, *HEADER_FIELDS, *_PACK_KEYS_FORMAT_1, *_DECLARED))}
assert len(FIELDS) == len(_DECLARED)

#: the rule packs, by name (the values of the `pack` key, in the order of the core's pack ids)
PACKS: tuple[str, ...] = FIELDS["pack"].choices
assert {name: i for i, name in enumerate(PACKS)} == CORE_PACK_IDS, "fzsim.pack_registry and the core's packs disagree"
assert HEADER_FIELDS["pack"] == CORE_PACK_IDS[DEFAULT_PACK], "the rules header's default pack is not DEFAULT_PACK"
assert {name: i for i, name in enumerate(FIELDS["scoring"].choices)} == CORE_SCORING_FAMILIES, \
    "fzsim.pack_registry's scoring families and the core's disagree"
assert FIELDS["scoring"].to_core(FIELDS["scoring"].default) == HEADER_FIELDS["scoring"], \
    "the rules header's default scoring family is not the default pack's first"
assert all(f.pack in (None, *PACKS) for f in FIELDS.values()), "a rule key names an unknown pack"
#: the packs registered at run time (add_pack)
_PLUGGED: set[str] = set()
assert all({k for k, f in FIELDS.items() if f.pack == name and k not in HEADER_FIELDS} == set(option_defaults(i))
           for name, i in CORE_PACK_IDS.items()), "a pack's rule keys and its core options struct disagree"


def pack_keys(pack: str) -> tuple[str, ...]:
    """The rule keys a variant of `pack` may set, in canonical order: the general keys every
    pack reads, and the pack's own (its ``rule_keys.KEYS``, declared with ``fzsim.rule_fields.of_pack``)."""
    if pack not in PACKS:
        raise RuleError(f"pack {pack!r} is unknown: allowed {', '.join(PACKS)}")
    return tuple(k for k, f in FIELDS.items() if f.pack in (None, pack))


def _check_owned(table: Mapping[str, Any], pack: str, prefix: str, before: Mapping[str, Any] | None = None) -> None:
    """Refuse a key another pack reads that `table` would change (from `before`, default: every
    key's default): under `pack` it would change no hand and yet name a new variant. Restating the
    value is allowed, so that a complete variant file (``RuleConfig.to_toml``) reads back.
    `prefix` is the keys' TOML path ("rules." or "")."""
    for key, value in table.items():
        owner = FIELDS[key].pack
        was = FIELDS[key].default if before is None else before[key]
        if owner is not None and owner != pack and value != was:
            raise RuleError(f"{prefix}{key} is a key of the {owner} pack, but this variant plays the {pack} pack"
                            f" (pack = {pack!r}); the keys of a {pack} variant: {', '.join(pack_keys(pack))}")


def check_calculator_options(pack: str, options: Mapping[str, Any]) -> None:
    """Refuse an option of another pack's scoring calculator (or a rule key of another pack) given
    to `pack`'s calculator: ValueError naming the pack it belongs to and the options `pack`'s
    calculator has. Keys no pack knows are left to the calculator to refuse."""
    own = REGISTRY[pack].score_options
    for key in options:
        if key in own:
            continue
        owners = [p.name for p in REGISTRY.values() if p.name != pack and key in p.score_options]
        what = "an option of the {} pack's calculator"
        if not owners and key in FIELDS and FIELDS[key].pack not in (None, pack):
            owners, what = [FIELDS[key].pack], "a rule key of the {} pack"
        if owners:
            raise RuleError(f"option {key}: {what.format(' and '.join(owners))}, not of {pack}; the {pack}"
                            f" calculator's options: {', '.join(own) or 'none'}")


_TOP_KEYS = ("name", "description", "preset", "rules")
#: preset names, in the order `fzsim variants` lists them: each pack's, pack by pack
_PRESET_ORDER = tuple(preset for entry in REGISTRY.values() for preset in entry.presets)


def preset_file(name: str):
    """The TOML file of a preset: ``<name>.toml`` in the ``presets/`` folder of its pack's package
    (`PackEntry.presets_package`), read as package data (an importlib.resources Traversable)."""
    entry = pack_of_preset(name)
    if entry is None or entry.presets_package is None:
        raise RuleError(f"preset {name!r} is unknown: allowed {', '.join(_PRESET_ORDER)}")
    return resources.files(entry.presets_package) / "presets" / f"{name}.toml"


def _read_toml(text: str, origin: str) -> dict:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{origin}: not valid TOML: {exc}") from None


def _unknown(key: str, where: str, allowed) -> RuleError:
    close = difflib.get_close_matches(key, list(allowed), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return RuleError(f"{where}: unknown key{hint}; allowed keys: {', '.join(allowed)}")


#: keys of earlier versions -> what replaced them (a config using one gets this in its error)
_REPLACED = {
    "draw_keeps_streak": "it was replaced by draw_dealer (\"keep\" | \"next\") and draw_streak "
                         "(\"keep\" | \"reset\" | \"increment\"): draw_keeps_streak = true is draw_streak = \"keep\", "
                         "false is draw_streak = \"reset\"",
}


def _check_rules(table: Mapping[str, Any], prefix: str) -> dict[str, Any]:
    """Validate a mapping of rule fields; `prefix` is the TOML path of the table ("rules." or "")."""
    if not isinstance(table, Mapping):
        raise RuleError(f"{prefix.rstrip('.') or 'overrides'} must be a table of rule fields, got {table!r}")
    out = {}
    for key, value in table.items():
        if key in _REPLACED:
            raise RuleError(f"{prefix}{key} is no longer a rule key: {_REPLACED[key]}")
        if key not in FIELDS:
            raise _unknown(str(key), f"{prefix}{key}", FIELDS)
        out[key] = FIELDS[key].check(value, f"{prefix}{key}")
    return out


@dataclass(frozen=True)
class _Spec:
    """A parsed variant file: name, description, base preset and its [rules] overrides."""

    name: str
    description: str
    preset: str | None
    rules: dict[str, Any]


def _parse_spec(data: dict, origin: str, default_name: str) -> _Spec:
    for key in data:
        if key not in _TOP_KEYS:
            raise _unknown(key, f"{origin}: {key}", _TOP_KEYS)
    for key in ("name", "description", "preset"):
        if key in data and not isinstance(data[key], str):
            raise RuleError(f"{origin}: {key} = {data[key]!r}: expected a string")
    name = data.get("name", default_name)
    if not name or any(c in name for c in '/\\=\n'):
        raise RuleError(f"{origin}: name = {name!r}: expected a non-empty string without / \\ = or newlines")
    preset = data.get("preset")
    if preset is not None and preset not in _PRESET_ORDER:
        raise RuleError(f"{origin}: preset = {preset!r}: allowed {', '.join(_PRESET_ORDER)}")
    return _Spec(name, data.get("description", ""), preset, _check_rules(data.get("rules", {}), "rules."))


@lru_cache(maxsize=None)
def _preset_spec(name: str) -> _Spec:
    path = preset_file(name)
    return _parse_spec(_read_toml(path.read_text(encoding="utf-8"), f"preset {name}"), f"preset {name}", name)


def _resolve(spec: _Spec) -> dict[str, Any]:
    """Defaults, then the base preset's fields, then the spec's own overrides."""
    fields = {k: f.default for k, f in FIELDS.items()}
    if spec.preset is not None and spec.preset != spec.name:
        fields.update(_resolve(_preset_spec(spec.preset)))
    fields.update(spec.rules)
    return fields


def _check_pack(fields: Mapping[str, Any]) -> None:
    """The scoring family and the general keys the pack plays differently from the header's defaults
    (fzsim.pack_registry: its `scoring` and `requires`)."""
    pack = REGISTRY[fields["pack"]]
    if fields["scoring"] not in pack.scoring:
        raise RuleError(f"scoring = {fields['scoring']!r} is not allowed with pack = {fields['pack']!r}:"
                        f" allowed {', '.join(repr(a) for a in pack.scoring)}")
    for key, want in pack.requires.items():
        if fields[key] != want:
            raise RuleError(f"{key} = {fields[key]!r} is not allowed with pack = {fields['pack']!r}:"
                            f" that pack needs {key} = {want!r}")


class RuleConfig:
    """A validated, complete rule configuration (see ``load``). Immutable; compare by ``hash``."""

    def __init__(self, name: str, fields: Mapping[str, Any], description: str = ""):
        _check_pack(fields)
        self.name = name
        self.description = description
        pack = fields["pack"]
        # a pack registered at run time adds keys to its own variants only: every other variant's
        # canonical form (and hash) is the same whatever packs are registered
        self._canonical = {k: fields[k] for k in FIELDS if FIELDS[k].pack not in _PLUGGED or FIELDS[k].pack == pack}
        #: the canonical form as compact JSON (fixed key order); what the hash is taken of
        self.canonical_json = json.dumps(self._canonical, ensure_ascii=False, separators=(",", ":"))
        #: first 12 hex digits of the SHA-256 of canonical_json
        self.hash = hashlib.sha256(self.canonical_json.encode("utf-8")).hexdigest()[:12]

    @property
    def canonical(self) -> dict[str, Any]:
        """Every rule field in the fixed order of FIELDS (a fresh dict: the config stays immutable)."""
        return dict(self._canonical)

    @cached_property
    def core(self) -> Rules:
        """The compiled ``fzsim_core.rules.Rules`` (built once per RuleConfig)."""
        return Rules(**compile_fields(self))

    def __reduce__(self):
        # a worker process rebuilding the config of a pack registered at run time imports its module first
        return (_config, (self.name, self._canonical, self.description, REGISTRY[self._canonical["pack"]].plugin))

    def __getitem__(self, key: str) -> Any:
        if key not in self._canonical:
            raise _unknown(key, key, FIELDS)
        return self._canonical[key]

    def __eq__(self, other):
        return isinstance(other, RuleConfig) and (self.name, self.canonical) == (other.name, other.canonical)

    def __hash__(self):
        return hash((self.name, self.hash))

    def __reduce__(self):
        return (RuleConfig, (self.name, self.canonical, self.description))

    def __repr__(self):
        return f"RuleConfig(name={self.name!r}, hash={self.hash!r})"

    def diff(self, other: "RuleConfig | None" = None) -> dict[str, Any]:
        """The fields that differ from `other` (default: every key's default, the default preset's)."""
        base = other.canonical if other is not None else {k: f.default for k, f in FIELDS.items()}
        return {k: v for k, v in self._canonical.items() if base[k] != v}

    def to_toml(self) -> str:
        """This configuration as a complete variant file that ``load`` reads back unchanged."""
        lines = [f"name = {json.dumps(self.name, ensure_ascii=False)}"]
        if self.description:
            lines.append(f"description = {json.dumps(self.description, ensure_ascii=False)}")
        lines += [f"# canonical hash {self.hash}", "", "[rules]"]
        for key, value in self._canonical.items():
            text = ("true" if value else "false") if isinstance(value, bool) else json.dumps(value)
            lines.append(f"{key} = {text}")
        return "\n".join(lines) + "\n"


def _load_presets() -> dict[str, str]:
    for name in _PRESET_ORDER:    # a shipped preset keeps to its pack's keys like any file
        spec = _preset_spec(name)
        _check_owned(spec.rules, _resolve(spec)["pack"], f"preset {name}: rules.")
    return {name: _preset_spec(name).description for name in _PRESET_ORDER}


#: preset name -> one-line description (RULES §13)
PRESETS: dict[str, str] = _load_presets()


def load(variant: "str | Path | RuleConfig" = DEFAULT_VARIANT, overrides: Mapping[str, Any] | None = None,
         name: str | None = None, **kwargs: Any) -> RuleConfig:
    """A validated ``RuleConfig``.

    `variant`: a preset name (``PRESETS``), a path to a variant ``.toml`` file, or a RuleConfig.
    `overrides` (and keyword arguments): rule fields replacing the variant's, e.g.
    ``load(preset, gold_discard="forbidden")``. A variant with overrides is named
    ``<variant>-<first 6 hash digits>`` unless `name` is given.
    Raises ``RuleError`` (a ValueError) naming the offending key and what is allowed.
    """
    extra = dict(overrides or {})
    dup = sorted(set(extra) & set(kwargs))
    if dup:
        raise RuleError(f"{dup[0]} given both in overrides and as a keyword argument")
    extra.update(kwargs)
    file_keys: Mapping[str, Any] = {}     # a variant file's own [rules] keys, checked like overrides
    if isinstance(variant, RuleConfig):
        base_name, description, fields = variant.name, variant.description, dict(variant.canonical)
    elif isinstance(variant, (str, Path)) and str(variant) in PRESETS:
        spec = _preset_spec(str(variant))
        base_name, description, fields = spec.name, spec.description, _resolve(spec)
    elif isinstance(variant, (str, Path)) and (str(variant).endswith(".toml") or Path(variant).exists()):
        path = Path(variant)
        if not path.is_file():
            raise FileNotFoundError(f"variant file {str(path)!r} does not exist")
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise RuleError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
        spec = _parse_spec(_read_toml(text, str(path)), str(path), path.stem)
        base_name, description, fields = spec.name, spec.description, _resolve(spec)
        file_keys = spec.rules
        if base_name in PRESETS and fields != _resolve(_preset_spec(base_name)):
            # a file may not pass for a preset whose rules it changes: it gets the hash suffix
            base_name = f"{base_name}-{RuleConfig(base_name, fields).hash[:6]}"
    else:
        raise RuleError(f"variant {variant!r} is unknown: allowed a preset ({', '.join(PRESETS)}), "
                        f"a path to a .toml file, or a RuleConfig")
    base_fields = dict(fields)
    if extra:
        fields.update(_check_rules(extra, ""))
    if file_keys:
        _check_owned(file_keys, fields["pack"], "rules.")
    _check_owned(extra, fields["pack"], "", base_fields)
    cfg = RuleConfig(base_name, fields, description)
    if name is not None:
        _parse_spec({"name": name}, "name", name)  # the same checks as a file's name
        if fields != base_fields:
            changed = ", ".join(f"{k}={fields[k]}" for k in FIELDS if fields[k] != base_fields[k])
            description = f"{base_name} with {changed}"
        return RuleConfig(name, fields, description)
    if fields != base_fields:
        # overridden rules get their own name, so results of different rules never share one
        changed = ", ".join(f"{k}={fields[k]}" for k in FIELDS if fields[k] != base_fields[k])
        return RuleConfig(f"{base_name}-{cfg.hash[:6]}", fields, f"{base_name} with {changed}")
    return cfg


def parse_assignment(text: str) -> tuple[str, Any]:
    """``"key=value"`` (CLI ``--set``) as (key, value): the value read as TOML, else as a bare string.
    The one key=value reader: ``fzsim run``, ``score`` and ``variants show`` all use it."""
    key, sep, raw = (s.strip() for s in text.partition("="))
    if not sep or not key:
        raise RuleError(f"--set {text!r} must look like key=value, e.g. gold_discard=forbidden")
    try:
        value = tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw
    return key, value


def _config(name: str, canonical: Mapping[str, Any], description: str, plugin: str | None) -> RuleConfig:
    if plugin is not None:
        importlib.import_module(plugin)   # it registers its pack (fzsim.register_pack)
    return RuleConfig(name, canonical, description)


def add_pack(name: str, keys: tuple[Field, ...]) -> None:
    """Make a pack registered at run time (`fzsim.register_pack`) a value of the `pack` key, and its
    own keys rule keys (of its variants only)."""
    global PACKS
    clash = sorted(f.name for f in keys if f.name in FIELDS)
    if clash or any(f.pack != name for f in keys):
        raise RuleError(f"the rule keys of pack {name!r} must be new and declared with of_pack({name!r}, ...):"
                        f" {', '.join(clash) or 'a key of another pack'}")
    FIELDS.update((f.name, f) for f in keys)
    FIELDS["pack"] = replace(FIELDS["pack"], choices=FIELDS["pack"].choices + (name,))
    PACKS = FIELDS["pack"].choices
    _PLUGGED.add(name)


def compile_fields(cfg: RuleConfig) -> dict[str, int]:
    """The RuleSet field values (ints) `cfg.core` is built from: the rules header and the playing
    pack's own options (the other packs' keys, at their defaults, are not the core's)."""
    pack = cfg["pack"]
    out = {k: FIELDS[k].to_core(v) for k, v in cfg.canonical.items() if k in HEADER_FIELDS or FIELDS[k].pack == pack}
    out["pack"] = CORE_PACK_IDS[pack]     # a pack registered at run time has an id of its own
    return out

