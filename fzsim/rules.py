"""Rule variants (docs/spec/RULES.md §12, §13): presets, user overrides, validation, canonical form.

A rule set is plain data: a preset plus overrides, given from Python or a TOML file::

    name = "no-gold-discard"        # optional; a file's stem by default
    description = "fuzhou, golds may not be discarded"   # optional
    preset = "fuzhou"               # optional; the preset this builds on (default fuzhou)
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
import json
import tomllib
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

from fzsim.pack_registry import REGISTRY
from fzsim_core.packs.registry import PACKS as CORE_PACK_IDS
from fzsim_core.rules import FUZHOU_FIELDS, Rules


class RuleError(ValueError):
    """An invalid rule configuration: names the key and what is allowed."""


@dataclass(frozen=True)
class Field:
    """One rule option: its kind (bool, int or enum), default, and allowed range or names."""

    name: str
    kind: str                       # "bool" | "int" | "enum"
    default: Any
    help: str
    lo: int = 0
    hi: int = 0
    choices: tuple[str, ...] = ()   # enum names in the order of their core int values
    pack: str | None = None         # the one rule pack that reads this key; None: every pack does

    def allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "int":
            return f"an integer {self.lo}..{self.hi}"
        return "one of " + ", ".join(repr(c) for c in self.choices)

    def check(self, value: Any, where: str) -> Any:
        """The validated value, or RuleError naming `where` (the key's TOML path)."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise RuleError(f"{where} = {value!r}: expected {self.allowed()}")
        elif self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleError(f"{where} = {value!r}: expected {self.allowed()}")
            if not self.lo <= value <= self.hi:
                raise RuleError(f"{where} = {value!r} is out of range: allowed {self.allowed()}")
        else:
            if value not in self.choices:
                raise RuleError(f"{where} = {value!r}: allowed {self.allowed()}")
        return value

    def to_core(self, value: Any) -> int:
        return self.choices.index(value) if self.kind == "enum" else int(value)


def _b(name, default, help):
    return Field(name, "bool", default, help)


def _i(name, default, lo, hi, help):
    return Field(name, "int", default, help, lo, hi)


def _e(name, default, choices, help):
    return Field(name, "enum", default, help, choices=tuple(choices))


def _of_pack(pack, *fields):
    """`fields` as keys of `pack` alone: under any other pack they are refused (see `pack_keys`)."""
    return tuple(replace(f, pack=pack) for f in fields)


_SPECIAL_MAX = 10_000
_POINT_MAX = 1_000

#: every rule option in canonical order, with its default (the `fuzhou` preset) and range
FIELDS: dict[str, Field] = {f.name: f for f in (
    # the rule pack: its tile set, hand size, deal and scoring (fzsim_core/packs)
    _e("pack", "fuzhou", tuple(REGISTRY),
       "the rule pack: fuzhou (docs/spec/RULES.md), plain, the minimal example pack (136 tiles, 13-tile hands, no wild),"
       " sichuan (RULES-PACKS §2-§3: 108 tiles, 13-tile hands, seven pairs, at most two suits)"
       ", guobiao (RULES-PACKS §5: 国标 / MCR, 144 tiles, 81 fans, an 8-fan minimum)"
       ", beijing (RULES-PACKS §4: 136 tiles, the 惠牌 wildcard, seven pairs, 烧庄 and 互包)"
       " or shanghai (RULES-PACKS §1: 144 tiles, 8 flowers, the 清混碰 minimum, 勒子 caps)"),
    # claims (RULES §5)
    _b("chow", True, "the next seat may chow a discard (off: pungs and kongs only)"),
    _b("rob_kong", True, "抢杠: a tile added to an exposed pung may be won by another seat"),
    _b("multi_win", False, "一炮多响: every seat accepting a discard or a robbed kong wins (else the nearest)"),
    _i("winners_to_end", 1, 1, 3, "the hand ends at this many wins (血战到底: 3); until then winners leave and play goes on"),
    _i("forced_win_live", 0, 0, 144, "a possible win must be taken once fewer live tiles than this remain (Sichuan: 4)"),
    _b("replace_from_head", False, "kong replacements are drawn from the head of the wall (Sichuan), not the tail"),
    # §1 tiles
    _b("honors_are_flowers", True, "winds and dragons are flowers (else ordinary tiles: paired, punged, never chowed)"),
    # §2 dealer and matches
    _e("next_dealer", "next", ("next", "winner", "winner_or_discarder", "random", "rotate", "previous"),
       "who deals after a non-dealer win: the next seat, the winner, the winner or (after a win by several)"
       " the discarder, a seeded random seat every hand, (rotate, 国标 no 连庄) the next seat after every"
       " hand, won or drawn, or (previous, Beijing BJ-A3 as listed) the seat before the dealer"),
    _e("draw_dealer", "keep", ("keep", "next"), "after a drawn hand: the dealer keeps the deal, or the next seat deals"),
    _e("draw_streak", "keep", ("keep", "reset", "increment"),
       "after a drawn hand the dealer's L is kept, reset to 0, or increased by 1 (a new dealer starts at 0)"),
    _i("hands_per_match", 1, 1, 10_000, "hands in one match (1 = independent deals)"),
    # §4 gold
    _e("gold_discard", "allowed", ("allowed", "selfdraw_only", "forbidden"),
       "discarding a gold: allowed, allowed but the discarder may then only win by self-draw, or forbidden"),
    *_of_pack("fuzhou", _b("xianjin_selfdraw_only", False,
                           "a 闲金 wait (one gold, waiting on any tile) wins by self-draw only")),
    # §5 play
    _b("guoshui", False, "过水: a declined discard win blocks that tile until the player's own discard"),
    _b("no_discard_claimed_tile", True, "after a chow or pung the claimed tile may not be discarded that turn"),
    # §9 end of the wall
    _i("reserve_base", 17, 0, 60, "R: tiles kept back at the end of the wall, the gold indicator excluded"),
    _i("reserve_per_exposed_kong", 1, -8, 8, "R grows by this per exposed or added kong (Beijing -1: the"
       " replacement comes out of the reserve)"),
    _i("reserve_per_concealed_kong", 2, -8, 8, "R grows by this per concealed kong (Beijing -1)"),
    _i("reserve_per_flower_set", 2, 0, 8, "R grows by this per four-identical-flower or full season/plant set"),
    _i("last_group_size", 4, 0, 8, "at most this many draws in the last group (no discards)"),
    # §11 游金
    *_of_pack("fuzhou",
              _b("youjin", False, "the 游金 chain (单游, 双游, 三游) is played"),
              _b("must_youjin_with_two_golds", True,
                 "with two or more golds a player may only win by 游金 (when youjin is on)")),
    # §10 scoring
    _e("scoring", "fuzhou", tuple(dict.fromkeys(f for entry in REGISTRY.values() for f in entry.scoring)),
       "scoring family (RULES §10; sichuan: additive 分 of RULES-PACKS §2.4, xuezhan: 2^番 of §3.4,"
       " guobiao: 底分 + fan of §5.4, beijing: additive 番 x 底分 of §4.4, shanghai: 底分 + 花分 in 勒子"
       " caps of §1.4)"),
    _i("base", 5, 0, _POINT_MAX, "base points: fuzhou 5, bianfeng 1, youjin 5 (lianzhong has none)"),
    *_of_pack("fuzhou", _i("multiplier", 2, 0, 100,
                           "the x2 of fuzhou (F+K+G+L+base)x2+S, lianzhong Hx2, bianfeng 2P and S+2(F+K+G+L)")),
    _i("flower_point", 1, 0, _POINT_MAX, "F per flower"),
    *_of_pack("fuzhou",
              _i("flower_set_value", 6, 0, _POINT_MAX, "F of a complete set of four (four identical, 春夏秋冬 or 梅兰竹菊)"),
    _i("exposed_kong_points", 1, 0, _POINT_MAX, "K per exposed or added kong"),
    _i("concealed_kong_points", 2, 0, _POINT_MAX, "K per concealed kong")),
    _b("zhuazhuang", True, "抓庄: a non-dealer winner adds the dealer's L"),
    *_of_pack("fuzhou", _e("zhuazhuang_payer", "all", ("all", "dealer"),
       "who pays the 抓庄 L part: every payer, or the dealer alone (the others' formula uses L = 0)"),
    _e("special_discard_payer", "all", ("all", "discarder"),
       "bianfeng: a special won on a discard is paid by all three (as a self-draw) or by the discarder alone"),
    _i("loss_cap", 0, 0, 1_000_000, "the most one player pays in a hand (0 = no cap); the winner gets the capped sum"),
    _i("special_tianhu", 30, 0, _SPECIAL_MAX, "天胡 (0: not a special)"),
    _i("special_qiangjin", 30, 0, _SPECIAL_MAX, "抢金"),
    _i("special_pinghu_noflower", 30, 0, _SPECIAL_MAX, "平胡 (无花无杠)"),
    _i("special_pinghu_oneflower", 15, 0, _SPECIAL_MAX, "平胡 (一张花)"),
    _i("special_sanjindao", 40, 0, _SPECIAL_MAX, "三金倒"),
    _i("special_jinque", 60, 0, _SPECIAL_MAX, "金雀"),
    _i("special_jinlong", 120, 0, _SPECIAL_MAX, "金龙"),
    _i("lianzhong_pinghu_bonus", 10, 0, _SPECIAL_MAX, "lianzhong: +this on 抢金/三金倒/金雀 that is also 平胡"),
    _i("discard_multiplier", 2, 0, 100, "bianfeng: the discarder pays this x P"),
    _i("youjin_mult_discard", 1, 0, _POINT_MAX, "youjin multiplier of a discard win"),
    _i("youjin_mult_selfdraw", 2, 0, _POINT_MAX, "youjin multiplier of a self-draw"),
    _i("youjin_mult_single", 4, 0, _POINT_MAX, "youjin multiplier of 单游"),
    _i("youjin_mult_double", 8, 0, _POINT_MAX, "youjin multiplier of 双游"),
    _i("youjin_mult_triple", 16, 0, _POINT_MAX, "youjin multiplier of 三游"),
    _i("youjin_discard_bonus", 1, 0, _POINT_MAX, "youjin: B gets +this on a discard win")),
    # the Sichuan pack (RULES-PACKS §2-§3, options of §9; `base` is the unit b)
    *_of_pack("sichuan", _e("sc_guoshui", "circle_unless_higher", ("circle_unless_higher", "off"),
       "过水: after declining a discard win no discard win until the own next draw unless it scores more (SC-A5)"),
    _i("sc_longqidui_value", 4, 1, 100, "Sichuan 清七对 (seven pairs with four of a kind) 分: 4, or 8 (SC-A1)"),
    _b("sc_qianggang_base", False, "Sichuan 抢杠 is a 2分 base pattern instead of +1 (SC-A3)"),
    _b("sc_kong_and_gen", False, "Sichuan: a declared kong scores as a kong and as a 根 (SC-A4)"),
    _b("sc_chajiao_kongs", True, "Sichuan 查叫: a ready hand's minimum counts its declared kongs (SC-A6)"),
    _i("sc_fan_cap", 3, 0, 10, "血战: the 番 cap (M = 2^min(番, cap))"),
    _b("xz_end_checks_no_winner_only", False, "血战: 查花猪 / 查大叫 only when nobody won (XZ-A2)"),
    _b("xz_selfdraw_all_pay", False, "血战: a later self-draw is paid by all three others, finished ones too (XZ-A4)"),
    _b("xz_dajiao_to_winners", False, "血战: 查大叫 pays ready winners too (XZ-A8)"),
    _b("xz_next_after_discarder", False, "血战: after a win on a discard play goes on after the discarder (XZ-A5)"),
    _e("sc_exchange", "off", ("off", "clockwise", "counterclockwise", "across"),
       "Sichuan 换三张 before play (SC-A7): each seat passes three tiles of one suit to the seat before it in"
       " turn order (clockwise), the next one (counterclockwise) or the one opposite (across)"),
    _b("sc_dingque", False, "Sichuan 定缺 (SC-A7): each seat declares a void suit after the deal, discards it"
       " before any other tile; a win holds none of it and 花猪 is holding it at the end"),
    _e("xz_kong_payments", "off", ("off", "commercial"),
       "Sichuan 刮风下雨 (XZ-A7): kongs paid at once (exposed 2b by the discarder, added 1b / concealed 2b by"
       " each unfinished player), refunded by a konger not ready at a drawn hand (退税), moved to the winner on"
       " 杠上炮 (呼叫转移)"),
    _b("xz_dian_gang_hua_selfdraw", False, "血战 点杠花 (a 杠上花 after konging a discard): paid as a self-draw by"
       " every unfinished opponent (XZ-A9, the commercial servers' reading); false: the konged discarder pays alone,"
       " as in §2 [003:L114]")),
    # the 国标 pack (RULES-PACKS §5, options of §9; `base` is the 底分)
    *_of_pack("guobiao",
              _i("gb_min_fan", 8, 1, 88, "国标: the fewest fans a win needs, flowers excluded (a win under it is never offered)"),
    _b("gb_mingangang", False, "国标: an exposed + a concealed kong is 明暗杠 5 (Botzone, PyMahjongGB) instead of"
       " the rulebook's 明杠 1 + 暗杠 2")),
    # the Beijing pack (RULES-PACKS §4, options of §9 BJ-A*; `base` is the 底分 d, multi_win is BJ-A8,
    # next_dealer = "previous" is BJ-A3's literal order)
    *_of_pack("beijing", _e("bj_north_next", "east", ("east", "zhong"),
       "Beijing 惠牌 after a 北 indicator: 东 (winds cycle on their own) or 中 (one cycle 东南西北中发白, BJ-A1)"),
    _b("bj_indicator_in_reserve", True, "Beijing: the 惠坯 is one of the 14 reserved tiles, 69 live draws"
       " (false: 68, BJ-A4)"),
    _i("bj_haidi_discard", 1, 1, 2, "Beijing 海底捞月 on the last discard: 1 番 (literal) or 2 (the fan's value, BJ-A5)"),
    _b("bj_shaozhuang_on_draw", True, "Beijing: the 烧庄 part is paid on a drawn hand too (BJ-A6)"),
    _e("bj_hubao_count", "chow_pung_kong", ("chow_pung_kong", "chow_pung"),
       "Beijing 互包: the 嘴 counted, chows + pungs + exposed kongs from a discard, or chows + pungs (BJ-A7)"),
    _b("bj_sihui_shape", False, "Beijing 四惠牌 also takes the hand's shape fans (BJ-A10; default 8 + 庄 only)"),
    _b("bj_dihe_after_claims", True, "Beijing 地和 before the winner's first discard even after someone's claim"
       " (literal, BJ-A11; false: only while nobody has claimed)"),
    _b("bj_zhuowukui_unique", True, "Beijing 捉五魁 needs 5m to be the only winning tile (BJ-A12)"),
    _e("bj_hui_discard", "dead", ("dead", "natural"),
       "Beijing: a discarded 惠牌 is dead (never claimed or won on), or natural: claimable (chow / pung / kong)"
       " and won on at its face value, a natural tile in that meld or winning hand (BJ-A2)")),
    *_of_pack("guobiao", _e("gb_variant", "rulebook", ("rulebook", "botzone"),
       "国标 walls (GB-A2): rulebook (144 tiles with 8 flowers, one wall drawn to the last tile) or botzone"
       " (136 tiles, no flowers, one 34-tile wall per seat: each seat draws from its own, the hand is drawn"
       " when the seat to draw has none left)"),
    _b("gb_claim_at_wall_end", False, "国标 Botzone walls: a discard may be chowed, punged or konged when the seat"
       " after the discarder has an empty wall (false: the judge's rule, no claim but a win, GB-A4)"),
    _b("gb_kong_at_wall_end", False, "国标 Botzone walls: an own-turn kong when the seat's own or the next seat's"
       " wall is empty (false: the judge's rule, no such kong, GB-A5)")),
    # the Shanghai pack (RULES-PACKS §1, options of §9 SH-A*; `base` is the 底分, `flower_point` the
    # 花分, `reserve_base` the dead wall): the options of fzsim.packs.shanghai.calculator.OPTIONS with sh_ before them
    *_of_pack("shanghai",
              _i("sh_lezi", 10, 1, 10_000, "Shanghai 勒子, the cap of 碰碰胡 / 混一色 and the unit of the fixed patterns"),
    _i("sh_bahua_lezi", 2, 1, 16, "Shanghai 八花齐 in 勒子 (SH-A9)"),
    _e("sh_gangkai_over_lezi", "keep", ("keep", "cap"),
       "Shanghai 杠开 / 大吊车 on a hand at or over one 勒子: keep its value, or cut it to one 勒子 (SH-A2)"),
    _e("sh_kaibao_huangfan_stack", "multiply", ("multiply", "max"),
       "Shanghai 开宝 with 荒番: the multipliers multiply (x4), or double once (SH-A7)"),
    _e("sh_huangfan_mult", "x2", ("x2", "pow2"), "Shanghai 荒番 doubles (x2), or multiplies by 2^H (SH-A6)"),
    _b("sh_dadiaoche_standalone", False, "Shanghai 杠开 / 大吊车 make any standard shape a win (SH-A8)"),
    _e("sh_chengbao", "extra", ("extra", "full"),
       "Shanghai 承包: the partner pays on top of the normal payers, or alone pays everything (SH-A5)"),
    _b("sh_feng_includes_dragons", True, "Shanghai 风向牌 are all honours (off: winds only, SH-A3)"),
    _b("sh_fengyise_shape", False, "Shanghai 风一色 needs 4 sets + a pair (SH-A4; default: any 14 honours)"),
    _b("sh_xiajia_can_kong", True, "the discarder's 下家 may kong the discard (SH-A10; off: pung / chow only)"),
    _e("sh_multi_ron_dealer", "nearest_winner", ("nearest_winner", "after_nearest_winner"),
       "Shanghai: after several wins on one discard the nearest winner deals, or that winner's 下家 (SH-A1)"),
    _e("sh_huangfan_multi_ron", "once", ("once", "per_winner"),
       "Shanghai: a hand won by several lowers 荒番 once, or once per winner (SH-A6)"),
    _e("sh_chengbao_claims", "chow_pung_kong", ("chow_pung_kong", "chow_pung"),
       "Shanghai 承包 counts chows, pungs and exposed kongs from a discard, or chows and pungs (SH-A5)"),
    _b("sh_louhu", True, "Shanghai 漏胡: a declined discard win bars that kind until the seat's next draw or claim"),
    _b("sh_bahua_optional", True, "Shanghai 八花齐 may be declined to play on (off: taken at once)")),
)}

#: the rule packs, by name (the values of the `pack` key, in the order of the core's pack ids)
PACKS: tuple[str, ...] = FIELDS["pack"].choices
assert {name: i for i, name in enumerate(PACKS)} == CORE_PACK_IDS, "fzsim.pack_registry and the core's packs disagree"
assert all(f.pack in (None, *PACKS) for f in FIELDS.values()), "a rule key names an unknown pack"


def pack_keys(pack: str) -> tuple[str, ...]:
    """The rule keys a variant of `pack` may set, in canonical order: the general keys every
    pack reads, and the pack's own (those declared with ``_of_pack(pack, ...)`` in FIELDS)."""
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
_PRESET_DIR = resources.files("fzsim") / "presets"
#: preset names, in the order `fzsim variants` lists them: each pack's, pack by pack
_PRESET_ORDER = tuple(preset for entry in REGISTRY.values() for preset in entry.presets)


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
    path = _PRESET_DIR / f"{name}.toml"
    return _parse_spec(_read_toml(path.read_text(encoding="utf-8"), f"preset {name}"), f"preset {name}", name)


def _resolve(spec: _Spec) -> dict[str, Any]:
    """Defaults, then the base preset's fields, then the spec's own overrides."""
    fields = {k: f.default for k, f in FIELDS.items()}
    if spec.preset is not None and spec.preset != spec.name:
        fields.update(_resolve(_preset_spec(spec.preset)))
    fields.update(spec.rules)
    return fields


def _check_pack(fields: Mapping[str, Any]) -> None:
    """The scoring family and the general keys the pack plays differently from Fuzhou
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
        self._canonical = {k: fields[k] for k in FIELDS}
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
        return Rules(**{k: FIELDS[k].to_core(v) for k, v in self._canonical.items()})

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
        """The fields that differ from `other` (default: the `fuzhou` defaults)."""
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


def load(variant: "str | Path | RuleConfig" = "fuzhou", overrides: Mapping[str, Any] | None = None,
         name: str | None = None, **kwargs: Any) -> RuleConfig:
    """A validated ``RuleConfig``.

    `variant`: a preset name (``PRESETS``), a path to a variant ``.toml`` file, or a RuleConfig.
    `overrides` (and keyword arguments): rule fields replacing the variant's, e.g.
    ``load("fuzhou", gold_discard="forbidden")``. A variant with overrides is named
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


def compile_fields(cfg: RuleConfig) -> dict[str, int]:
    """The RuleSet field values (ints) `cfg.core` was built from."""
    return {k: FIELDS[k].to_core(v) for k, v in cfg.canonical.items()}


assert set(FIELDS) == set(FUZHOU_FIELDS), "fzsim.rules.FIELDS and the core RuleSet disagree"
