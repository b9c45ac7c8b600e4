"""Rule keys belong to packs (issue 25 item 3): a key of another pack is refused by name, from
Python, a variant file and the CLI; a key that changes nothing never names a new variant."""
import os

import pytest

from fzsim import rules
from fzsim.cli import main
from fzsim.rules import FIELDS, PACKS, PRESETS, RuleError, load, pack_keys


def _other_value(f: rules.Field, value):
    """A valid value of field `f` different from `value`."""
    if f.kind == "bool":
        return not value
    if f.kind == "enum":
        return f.choices[(f.choices.index(value) + 1) % len(f.choices)]
    return value + 1 if value < f.hi else value - 1


def _foreign(preset: str) -> list[str]:
    pack = load(preset)["pack"]
    return [k for k, f in FIELDS.items() if f.pack not in (None, pack)]


def test_the_issue_example_names_the_owner_and_the_variants_keys():
    with pytest.raises(RuleError) as exc:
        load("sichuan", {"gb_variant": "botzone"})
    msg = str(exc.value)
    assert msg.startswith("gb_variant is a key of the guobiao pack, but this variant plays the sichuan pack")
    listed = msg.partition("the keys of a sichuan variant: ")[2].split(", ")
    assert listed == list(pack_keys("sichuan"))
    assert "sc_fan_cap" in listed and "chow" in listed and "special_jinque" not in listed


@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_key_of_another_pack_is_refused_under_every_preset(preset):
    cfg = load(preset)
    foreign = _foreign(preset)
    assert foreign, "every pack has keys of other packs beside it"
    for key in foreign:
        owner = FIELDS[key].pack
        with pytest.raises(RuleError, match=f"^{key} is a key of the {owner} pack, but this variant plays the"
                                            f" {cfg['pack']} pack"):
            load(preset, {key: _other_value(FIELDS[key], cfg[key])})
        # restating the value it has changes nothing: the preset itself, not a new variant
        same = load(preset, {key: cfg[key]})
        assert (same.name, same.hash) == (cfg.name, cfg.hash)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_an_override_equal_to_the_presets_value_is_the_preset(preset):
    cfg = load(preset)
    for key in pack_keys(cfg["pack"]):
        same = load(preset, {key: cfg[key]})
        assert (same.name, same.hash, same.description) == (cfg.name, cfg.hash, cfg.description), key
    # and a key that does change the rules still names its own variant
    key = "sc_fan_cap" if cfg["pack"] == "sichuan" else "hands_per_match"
    changed = load(preset, {key: _other_value(FIELDS[key], cfg[key])})
    assert changed.name == f"{preset}-{changed.hash[:6]}" and changed.hash != cfg.hash


def test_a_variant_switching_pack_is_checked_against_its_new_pack():
    base = dict(pack="sichuan", chow=False, honors_are_flowers=False, reserve_per_flower_set=0, scoring="sichuan")
    assert load("fuzhou", base, sc_fan_cap=2)["sc_fan_cap"] == 2
    with pytest.raises(RuleError, match="special_jinque is a key of the fuzhou pack, but this variant plays the"
                                        " sichuan pack"):
        load("fuzhou", base, special_jinque=80)


def test_a_variant_file_is_checked_like_overrides(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('preset = "sichuan"\n[rules]\nsc_fan_cap = 2\nbj_hui_discard = "natural"\n', encoding="utf-8")
    with pytest.raises(RuleError, match="^rules.bj_hui_discard is a key of the beijing pack, but this variant plays"
                                        " the sichuan pack"):
        load(path)
    # the file's pack decides, also when the file changes it from its preset's
    path.write_text('preset = "fuzhou"\n[rules]\npack = "plain"\nhonors_are_flowers = false\n'
                    'reserve_per_flower_set = 0\nyoujin_mult_single = 5\n', encoding="utf-8")
    with pytest.raises(RuleError, match="rules.youjin_mult_single is a key of the fuzhou pack, but this variant"
                                        " plays the plain pack"):
        load(path)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_a_complete_variant_file_reads_back(tmp_path, preset):
    # to_toml writes every key, other packs' included (at their defaults): it must load unchanged
    cfg = load(preset, name="mine")
    path = tmp_path / "mine.toml"
    path.write_text(cfg.to_toml(), encoding="utf-8")
    back = load(path)
    assert (back.name, back.hash) == ("mine", cfg.hash)


def test_every_key_belongs_to_all_packs_or_one_and_the_prefixes_do_not_cross():
    for pack in PACKS:
        keys = pack_keys(pack)
        assert [k for k in FIELDS if k in keys] == list(keys)            # canonical order
        assert all(FIELDS[k].pack in (None, pack) for k in keys)
    assert {f.pack for f in FIELDS.values()} <= {None, *PACKS}
    # a pack's own keys carry their pack's prefixes (sc_, gb_, ...), which no other key uses
    prefixes = {}
    for key, f in FIELDS.items():
        if f.pack not in (None, "fuzhou"):
            prefixes.setdefault(key.split("_")[0], set()).add(f.pack)
    assert all(len(owners) == 1 for owners in prefixes.values()), prefixes
    for key, f in FIELDS.items():
        if f.pack in (None, "fuzhou"):
            assert key.split("_")[0] not in prefixes, key
    with pytest.raises(RuleError, match="pack 'tibet' is unknown: allowed fuzhou, plain, sichuan"):
        pack_keys("tibet")



def test_cli_set_refuses_another_packs_key(tmp_path, capsys):
    out = tmp_path / "run"
    assert main(["run", "--hands", "10", "--variant", "sichuan", "--set", "sh_lezi=5", "--out", str(out)]) == 2
    assert "sh_lezi is a key of the shanghai pack, but this variant plays the sichuan pack" in capsys.readouterr().err
    assert not os.path.exists(out)
    assert main(["variants", "show", "guobiao", "--set", "sc_dingque=true"]) == 2
    assert "sc_dingque is a key of the sichuan pack, but this variant plays the guobiao pack" in capsys.readouterr().err
    assert main(["score", "123m456m789m123p55s", "--gold", "9s", "--pung", "7p", "--set", "bj_sihui_shape=true"]) == 2
    assert "bj_sihui_shape is a key of the beijing pack, but this variant plays the fuzhou pack" in capsys.readouterr().err


@pytest.mark.parametrize("argv, message", [
    (["--variant", "sichuan", "111222333m78999p", "--from", "1", "--option", "lezi=10"],
     "option lezi: an option of the shanghai pack's calculator, not of sichuan; the sichuan calculator's"
     " options: longqidui_value, "),
    (["--variant", "xuezhan", "111222333m78999p", "--from", "1", "--option", "gb_variant=botzone"],
     "option gb_variant: a rule key of the guobiao pack, not of sichuan"),
    (["--variant", "beijing", "111m222p55s", "--pung", "777s", "--pung", "999p", "--wild", "1z", "--option",
      "longqidui_value=8"], "option longqidui_value: an option of the sichuan pack's calculator, not of beijing;"
                            " the beijing calculator's options: north_next, "),
    (["--variant", "shanghai", "111m222p33355s", "--pung", "1z", "--option", "multi_ron=false"],
     "option multi_ron: an option of the beijing pack's calculator, not of shanghai"),
])
def test_score_option_of_another_pack_is_refused(capsys, argv, message):
    assert main(["score", *argv]) == 2
    assert message in capsys.readouterr().err


def test_score_option_of_its_own_pack_still_scores(capsys):
    assert main(["score", "--variant", "sichuan", "111222333m78999p", "--from", "1", "--option",
                 "longqidui_value=8", "--json"]) == 0
    assert '"deltas"' in capsys.readouterr().out


def test_the_calculators_refuse_another_packs_option_from_python_too():
    import fzsim
    from fzsim.packs.sichuan import calculator as packs_sichuan

    with pytest.raises(RuleError, match="^option lezi: an option of the shanghai pack's calculator, not of sichuan"):
        fzsim.score("111222333m78999p", variant="sichuan", win="discard", discarder=1, overrides={"lezi": 10})
    with pytest.raises(RuleError, match="^option end_checks: an option of the sichuan pack's calculator, not of"
                                        " beijing; the beijing calculator's options: north_next, "):
        fzsim.score("111m222p55s", variant="beijing", melds=["pung 777s", "pung 999p"], wild="1z",
                    overrides={"end_checks": "no_winner_only"})
    with pytest.raises(RuleError, match="^option bj_hui_discard: a rule key of the beijing pack, not of shanghai"):
        fzsim.score("111m222p33355s", variant="shanghai", melds=["pung 1z"], overrides={"bj_hui_discard": "dead"})
    with pytest.raises(RuleError, match="^option north_next: an option of the beijing pack's calculator"):
        packs_sichuan.settle(["123m456m789m1122p"] * 4, overrides={"north_next": "zhong"})
    # an option no pack has is the calculator's to refuse, as before
    with pytest.raises(ValueError, match="option 'nosuch' is unknown for beijing"):
        fzsim.score("111m222p55s", variant="beijing", melds=["pung 777s", "pung 999p"], wild="1z",
                    overrides={"nosuch": 1})


def test_a_stored_config_holding_another_packs_value_may_restate_it_but_not_change_it():
    # configurations stored by earlier versions may hold another pack's key away from its default
    # (RuleConfig is built from the stored canonical form, unchecked): restating it changes nothing
    old = rules.RuleConfig("sichuan-8ce5a9", {**load("sichuan").canonical, "gb_variant": "botzone"})
    same = load(old, gb_variant="botzone", sc_fan_cap=old["sc_fan_cap"])
    assert (same.name, same.hash) == (old.name, old.hash)
    with pytest.raises(RuleError, match="^gb_variant is a key of the guobiao pack"):
        load(old, gb_variant="rulebook")
