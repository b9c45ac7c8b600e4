"""fzsim.rules: presets, overrides, TOML files, validation, canonical form and the compiled core."""
import json
import pickle
import tomllib

import pytest

from fzsim import rules
from fzsim.pack_registry import REGISTRY
from fzsim.rules import FIELDS, PRESETS, RuleConfig, RuleError, load
from fzsim_core.packs.fuzhou.options import DEFAULTS as FUZHOU_OPTIONS
from fzsim_core.rules import HEADER_FIELDS, Rules


def test_presets_listed_with_descriptions():
    assert list(PRESETS) == ["fuzhou", "lianzhong", "bianfeng", "youjin", "fuzhou-honors", "sichuan", "xuezhan", "guobiao",
                             "beijing", "shanghai"]
    assert all(isinstance(d, str) and d and "\n" not in d for d in PRESETS.values())


def test_defaults_are_the_fuzhou_preset_and_the_core_defaults():
    cfg = load()
    assert cfg.name == "fuzhou" and cfg.diff() == {}
    # the header's fields and the default pack's own options (its struct), at the core's defaults
    assert rules.compile_fields(cfg) == {**HEADER_FIELDS, **FUZHOU_OPTIONS}
    assert cfg.core.fields == {**HEADER_FIELDS, **FUZHOU_OPTIONS}
    # fuzhou.toml lists every key of its pack explicitly, at its default (another pack's keys take
    # theirs from its rule_keys.py)
    text = rules.preset_file("fuzhou").read_text(encoding="utf-8")
    assert tomllib.loads(text)["rules"] == {k: FIELDS[k].default for k in rules.pack_keys("fuzhou")}


def test_preset_contents_follow_rules_md():
    # RULES §9, §10, §13: exactly these differences from fuzhou
    fz = load("fuzhou")
    assert (fz["reserve_per_flower_set"], fz["xianjin_selfdraw_only"]) == (2, False)
    assert (fz["draw_dealer"], fz["draw_streak"], fz["zhuazhuang_payer"], fz["special_discard_payer"],
            fz["loss_cap"]) == ("keep", "keep", "all", "all", 0)
    assert load("fuzhou-honors").diff() == {"honors_are_flowers": False, "special_pinghu_noflower": 0,
                                            "special_pinghu_oneflower": 0}
    assert "synthetic" in load("fuzhou-honors").description
    lz = load("lianzhong")
    assert lz["scoring"] == "lianzhong" and lz["guoshui"] is True and lz["special_pinghu_oneflower"] == 0
    assert (lz["zhuazhuang_payer"], lz["draw_streak"], lz["xianjin_selfdraw_only"],
            lz["reserve_per_flower_set"]) == ("dealer", "increment", True, 0)
    bf = load("bianfeng")
    assert (bf["scoring"], bf["base"], bf["discard_multiplier"]) == ("bianfeng", 1, 2)
    assert (bf["special_discard_payer"], bf["draw_dealer"], bf["xianjin_selfdraw_only"],
            bf["reserve_per_flower_set"]) == ("discarder", "next", False, 2)
    yj = load("youjin")
    assert (yj["scoring"], yj["youjin"], yj["honors_are_flowers"]) == ("youjin", True, False)
    assert yj["flower_set_value"] == 4
    assert all(yj[k] == 0 for k in FIELDS if k.startswith("special_") and FIELDS[k].kind == "int")
    assert [yj[f"youjin_mult_{k}"] for k in ("discard", "selfdraw", "single", "double", "triple")] == [1, 2, 4, 8, 16]


def test_enums_compile_to_core_ints():
    cfg = load("fuzhou", gold_discard="selfdraw_only", next_dealer="winner", scoring="youjin")
    c = cfg.core.fields
    assert (c["gold_discard"], c["next_dealer"], c["scoring"]) == (1, 1, 3)
    assert load(gold_discard="forbidden").core.fields["gold_discard"] == 2


def test_overrides_from_dict_kwargs_and_config():
    a = load("fuzhou", {"guoshui": True})
    b = load("fuzhou", guoshui=True)
    assert a == b and a.hash == b.hash and a["guoshui"] is True
    assert a.name == f"fuzhou-{a.hash[:6]}"          # overridden rules get their own name
    assert load("fuzhou", guoshui=False).name == "fuzhou"  # an override equal to the preset changes nothing
    assert load(a).canonical == a.canonical                # a RuleConfig passes through
    c = load(a, special_jinque=80, name="big-jinque")
    assert c.name == "big-jinque" and c["guoshui"] and c["special_jinque"] == 80
    with pytest.raises(RuleError, match="both"):
        load("fuzhou", {"base": 3}, base=4)


def test_toml_file_with_preset_and_overrides(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('description = "lianzhong, no 过水"\npreset = "lianzhong"\n[rules]\nguoshui = false\n',
                    encoding="utf-8")
    cfg = load(path)
    assert cfg.name == "mine" and cfg.description == "lianzhong, no 过水"
    assert cfg["scoring"] == "lianzhong" and cfg["guoshui"] is False
    # str path, and the saved canonical TOML reads back identically
    assert load(str(path)).hash == cfg.hash
    out = tmp_path / "again.toml"
    out.write_text(cfg.to_toml(), encoding="utf-8")
    back = load(out)
    assert back.canonical == cfg.canonical and back.hash == cfg.hash and back.name == "mine"


@pytest.mark.parametrize("text, msg", [
    ('[rules]\ngold_discrad = "allowed"\n', r"rules\.gold_discrad: unknown key \(did you mean 'gold_discard'\?\)"),
    ('[rules]\nguoshui = 1\n', r"rules\.guoshui = 1: expected true or false"),
    ('[rules]\nbase = "5"\n', r"rules\.base = '5': expected an integer 0\.\.1000"),
    ('[rules]\nbase = 5.0\n', r"rules\.base = 5\.0: expected an integer"),
    ('[rules]\nhands_per_match = 0\n', r"rules\.hands_per_match = 0 is out of range: allowed an integer 1\.\.10000"),
    ('[rules]\nspecial_jinque = -1\n', r"rules\.special_jinque = -1 is out of range"),
    ('[rules]\ngold_discard = "never"\n', r"rules\.gold_discard = 'never': allowed one of 'allowed', 'selfdraw_only', 'forbidden'"),
    ('[rules]\nscoring = "sichuan_old"\n', r"rules\.scoring = 'sichuan_old': allowed one of 'fuzhou', 'lianzhong'"),
    ('presets = "fuzhou"\n', r"presets: unknown key \(did you mean 'preset'\?\)"),
    ('preset = "hangzhou"\n', r"preset = 'hangzhou': allowed fuzhou, lianzhong"),
    ('rules = 3\n', r"rules must be a table"),
    ('name = 7\n', r"name = 7: expected a string"),
    ('[rules\n', r"not valid TOML"),
])
def test_bad_toml_is_rejected_naming_the_key(tmp_path, text, msg):
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError, match=msg):
        load(path)


def test_bad_python_overrides_and_variants():
    with pytest.raises(RuleError, match=r"^next_dealr: unknown key"):
        load(next_dealr="winner")
    with pytest.raises(RuleError, match=r"youjin = 'yes': expected true or false"):
        load("fuzhou", {"youjin": "yes"})
    with pytest.raises(RuleError, match=r"base = True: expected an integer"):
        load(base=True)
    with pytest.raises(RuleError, match=r"variant 'hangzhou' is unknown: allowed a preset \(fuzhou"):
        load("hangzhou")
    with pytest.raises(FileNotFoundError, match="nothere.toml"):
        load("nothere.toml")
    assert issubclass(RuleError, ValueError)


def test_canonical_json_and_hash():
    cfg = load("bianfeng")
    assert list(cfg.canonical) == list(FIELDS)              # every field, fixed order
    assert json.loads(cfg.canonical_json) == cfg.canonical
    assert len(cfg.hash) == 12 and int(cfg.hash, 16) >= 0
    # the hash depends on the rules only: the same rules under another name hash the same
    assert load("bianfeng", name="renamed").hash == cfg.hash
    # and every field changes it
    seen = {cfg.hash}
    for key, f in FIELDS.items():
        value = cfg[key]
        other = (not value) if f.kind == "bool" else (
            f.choices[(f.choices.index(value) + 1) % len(f.choices)] if f.kind == "enum"
            else (value + 1 if value < f.hi else value - 1))
        change = {key: other}
        if key == "pack":   # another pack needs the options it plays differently set for it
            change.update(REGISTRY[other].requires)
        if f.pack not in (None, "fuzhou"):   # load refuses another pack's key: the canonical form holds it all the same
            seen.add(rules.RuleConfig("other", {**cfg.canonical, **change}).hash)
            continue
        seen.add(load(cfg, change).hash)
    assert len(seen) == len(FIELDS) + 1


def test_config_is_immutable_through_canonical():
    cfg = load("fuzhou")
    cfg.canonical["base"] = 99
    assert cfg["base"] == 5 and json.loads(cfg.canonical_json)["base"] == 5


def test_core_compiled_once_and_pickles():
    cfg = load("youjin")
    assert cfg.core is cfg.core and isinstance(cfg.core, Rules)
    back = pickle.loads(pickle.dumps(cfg))
    assert back == cfg and back.hash == cfg.hash and back.core.fields == cfg.core.fields


def test_parse_assignment():
    assert rules.parse_assignment("gold_discard=forbidden") == ("gold_discard", "forbidden")
    assert rules.parse_assignment("gold_discard = \"forbidden\"") == ("gold_discard", "forbidden")
    assert rules.parse_assignment("guoshui=true") == ("guoshui", True)
    assert rules.parse_assignment("base=3") == ("base", 3)
    with pytest.raises(RuleError, match="key=value"):
        rules.parse_assignment("guoshui")


def test_core_rules_refuse_values_beyond_int32():
    with pytest.raises(ValueError, match="base = 1099511627776 is out of range"):
        Rules(base=2**40)
    with pytest.raises(TypeError, match="must be an int or bool"):
        Rules(base=1.5)


def test_a_pack_checks_the_options_it_plays_differently():
    with pytest.raises(RuleError, match="honors_are_flowers = True is not allowed with pack = 'plain'"):
        load("fuzhou", pack="plain")
    cfg = load("fuzhou", pack="plain", honors_are_flowers=False, reserve_per_flower_set=0)
    assert cfg.core.fields["pack"] == 1
    with pytest.raises(RuleError, match="youjin is a key of the fuzhou pack, but this variant plays the plain pack"):
        load(cfg, youjin=True)
    # a fuzhou key the pack needs at one value, inherited rather than given, is still refused
    with pytest.raises(RuleError, match="youjin = True is not allowed with pack = 'plain'"):
        load("youjin", pack="plain", honors_are_flowers=False, reserve_per_flower_set=0)
