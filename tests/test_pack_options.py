"""Each pack's own rule options live in its own struct (fzsim_core/packs/<name>/options.pxd) inside
the rules' pack_options area, with their defaults declared once (options.pyx DEFAULTS) and read by
the Python rule keys; a rule set holds its own pack's options only; packs registered at run time
are checked before anything is bound (docs/guide/own_pack.md plays a real one end to end)."""
import pickle

import pytest

import fzsim
from fzsim import rules
from fzsim.pack_registry import PackEntry
from fzsim.rule_fields import RuleError
from fzsim_core.packs import registry as core_registry
from fzsim_core.rules import HEADER_FIELDS, Rules

OWN = {name: core_registry.option_defaults(pack) for name, pack in core_registry.PACKS.items()}


@pytest.mark.parametrize("pack", ["fuzhou", "sichuan", "guobiao", "beijing", "shanghai"])
def test_a_packs_rule_keys_are_its_core_options_with_the_cores_defaults(pack):
    keys = {k: f for k, f in rules.FIELDS.items() if f.pack == pack and k not in HEADER_FIELDS}
    assert list(keys) and set(keys) == set(OWN[pack])
    for name, field in keys.items():
        assert field.to_core(field.default) == OWN[pack][name], name
    assert len(OWN[pack]) <= 32


def test_the_header_keeps_every_flow_key_and_what_the_shared_code_reads_of_the_gold():
    # Fuzhou's scoring constants and 闲金's rule are its own struct's; the header keeps the general
    # keys and the 游金 chain's (its option, its 两金 rule and its multipliers by level)
    assert not OWN["plain"]
    chain = {"youjin", "must_youjin_with_two_golds", "youjin_mult_selfdraw", "youjin_mult_single",
             "youjin_mult_double", "youjin_mult_triple"}
    assert {k for k, f in rules.FIELDS.items() if f.pack is None} | chain == set(HEADER_FIELDS)
    assert {k for k, f in rules.FIELDS.items() if f.pack == "fuzhou"} == chain | set(OWN["fuzhou"])
    for name, value in {**HEADER_FIELDS, **OWN["fuzhou"]}.items():
        assert rules.FIELDS[name].to_core(rules.FIELDS[name].default) == value, name


@pytest.mark.parametrize("preset", rules.PRESETS)
def test_a_rule_set_holds_its_own_packs_options_only(preset):
    cfg = rules.load(preset)
    pack = cfg["pack"]
    assert set(cfg.core.fields) == set(HEADER_FIELDS) | set(OWN[pack])
    assert pickle.loads(pickle.dumps(cfg.core)).fields == cfg.core.fields
    back = pickle.loads(pickle.dumps(cfg))
    assert back == cfg and back.hash == cfg.hash


def test_an_option_reaches_the_core_through_the_packs_struct():
    # 血战's XZ-A5 is read by the flow through the descriptor: play differs when it is on
    from fzsim_core.engine import play_block
    off = rules.load("xuezhan")
    on = rules.load("xuezhan", xz_next_after_discarder=True)
    assert on.core.fields["xz_next_after_discarder"] == 1 and off.core.fields["xz_next_after_discarder"] == 0
    a = play_block(off.core, 3, 0, 300, "greedy", check=True)
    b = play_block(on.core, 3, 0, 300, "greedy", check=True)
    assert (a["delta_0"] != b["delta_0"]).any()


def test_a_core_rule_set_refuses_another_packs_option_naming_its_pack():
    with pytest.raises(ValueError, match=r"sh_lezi \(an option of the shanghai pack\) not of pack 2"):
        Rules(pack=core_registry.PACKS["sichuan"], sh_lezi=5)
    with pytest.raises(ValueError, match=r"no_such_key \(unknown\)"):
        Rules(no_such_key=1)
    with pytest.raises(ValueError, match="unknown rule pack 99"):
        Rules(pack=99)
    with pytest.raises(TypeError, match="rule field sc_fan_cap must be an int"):
        Rules(pack=core_registry.PACKS["sichuan"], sc_fan_cap="3")


def test_preset_hashes_stay_what_storage_format_1_gave():
    # the canonical key order is frozen (fzsim.rules._PACK_KEYS_FORMAT_1): moving the options into the
    # packs' structs changed no preset's hash, so results folders and derived variant names stay valid
    assert {p: rules.load(p).hash for p in rules.PRESETS} == {
        "fuzhou": "783e9e5579a6", "lianzhong": "448723abba2e", "bianfeng": "028c1ae1a74e",
        "youjin": "fc2d5be86e11", "fuzhou-honors": "5685070b7c46", "sichuan": "f516b0d04704",
        "xuezhan": "78e3e0dd1c6b", "guobiao": "2783c33eeb26", "beijing": "6285b553c2c5",
        "shanghai": "182e63ddbaa0"}


def _entry(**kw):
    return PackEntry(**{"name": "tiny-test", "presets": (), "scoring": ("fuzhou",), "plugin": "no.such.module",
                        **kw})


def test_registering_a_pack_refuses_bad_entries_before_the_core_sees_them():
    with pytest.raises(TypeError, match="must be a fzsim.PackEntry"):
        fzsim.register_pack("tiny", None, {})
    with pytest.raises(RuleError, match="a rule pack named 'sichuan' exists already"):
        fzsim.register_pack(_entry(name="sichuan"), None, {})
    with pytest.raises(RuleError, match="entry.plugin must name the module"):
        fzsim.register_pack(_entry(plugin=None), None, {})
    with pytest.raises(RuleError, match="has no presets"):
        fzsim.register_pack(_entry(presets=("tiny",)), None, {})
    with pytest.raises(RuleError, match="scoring .* must name families"):
        fzsim.register_pack(_entry(scoring=("mine",)), None, {})
    with pytest.raises(RuleError, match="its rule keys .* and its core options .* must be the same"):
        fzsim.register_pack(_entry(), None, {"tiny_x": 1})
    assert "tiny-test" not in core_registry.PACKS and "tiny-test" not in rules.FIELDS["pack"].choices


def test_the_core_registry_refuses_what_is_not_a_pack_binding():
    with pytest.raises(TypeError, match="must be a PyCapsule named fzsim_core.PackPlug"):
        core_registry.register_pack("tiny-test", object(), {}, "no.such.module")
    with pytest.raises(ValueError, match="registered already"):
        core_registry.register_pack("fuzhou", object(), {}, "no.such.module")
    assert "tiny-test" not in core_registry.PACKS


# A pack binding that sets its tiles and name and forgets every hook the flow calls.
HOLLOW_PACK = '''
# cython: language_level=3
from cpython.pycapsule cimport PyCapsule_New
from fzsim_core.rules cimport RuleSet
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet, tiles_from_copies

cdef void hollow_plug(Pack* p, TileSet* ts, const RuleSet* r) noexcept nogil:
    cdef int k
    for k in range(34):
        ts.copies[k] = 4
    tiles_from_copies(ts, 13)
    p.name = b"hollow"

PLUG = PyCapsule_New(<void*>hollow_plug, b"fzsim_core.PackPlug", NULL)
'''


def test_a_registered_pack_missing_hooks_is_refused_at_setup_not_a_crash(tmp_path):
    pytest.importorskip("Cython", reason="compiling an example pack needs Cython (the [test] extra has it)")
    import os
    import subprocess
    import sys
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    import fzsim_core
    (tmp_path / "hollow.pyx").write_text(HOLLOW_PACK)
    include = os.path.dirname(os.path.dirname(fzsim_core.__file__))
    ext = cythonize([Extension("hollow", [str(tmp_path / "hollow.pyx")])], include_path=[include], quiet=True,
                    build_dir=str(tmp_path))
    dist = Distribution({"ext_modules": ext})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp = str(tmp_path), str(tmp_path / "tmp")
    dist.run_command("build_ext")
    # in a process of its own: a registered pack stays registered for the process's life
    code = ("import hollow; from fzsim_core.packs.registry import register_pack; "
            "from fzsim_core.engine import play_block; from fzsim_core.rules import Rules; "
            "pack = register_pack('hollow', hollow.PLUG, {}, 'hollow'); "
            "play_block(Rules(pack=pack), 1, 0, 1, 'random')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path, timeout=120,
                          env={**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), include])})
    assert done.returncode == 1, done.stderr          # an exception, not a crash of the interpreter
    assert ("ValueError: rule pack 16 (hollow) leaves hook(s) setup, opening_offer, opening_resolve, score_win,"
            " is_win, may_self_win, waits, may_discard_win, declined unset") in done.stderr, done.stderr
