"""A compiled policy from outside fzsim plugs into the policy seam (fzsim_core/policy.pxd) with no
change to fzsim: this test writes one, compiles it against the installed .pxd contracts and plays
it in play_block with every invariant and every chosen action checked (check=True)."""
import importlib.util
import os
import sys

import numpy as np
import pytest

from fzsim_core.engine import play_block
from fzsim_core.rules import Rules
from fzsim_core.win_facts import WIN_TYPES

# The policy takes the last legal action: "pass" whenever passing is allowed (so it never claims
# and never wins on a discard), the highest kind on an own turn (wins are listed first, so it
# takes one only when nothing else is legal).
LAST_ACTION = '''
# cython: language_level=3
from libc.stdint cimport uint16_t
from cpython.pycapsule cimport PyCapsule_New, PyCapsule_SetContext
from fzsim_core.policy cimport Observation, Policy

cdef int choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    return n - 1

cdef void bind(Policy* p) noexcept nogil:
    p.choose = choose
    p.state = NULL

POLICY = PyCapsule_New(<void*>bind, b"fzsim_core.policy.Bind", NULL)

# the same policy declaring the packs it plays (the capsule's context: pack names, comma-separated)
cdef const char* PACKS = b"fuzhou,plain"
DECLARED = PyCapsule_New(<void*>bind, b"fzsim_core.policy.Bind", NULL)
PyCapsule_SetContext(DECLARED, <void*>PACKS)
'''


@pytest.fixture(scope="module")
def last_action(tmp_path_factory):
    pytest.importorskip("Cython", reason="compiling an example policy needs Cython (the [test] extra has it)")
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    import fzsim_core
    build = tmp_path_factory.mktemp("plugin")
    (build / "last_action.pyx").write_text(LAST_ACTION)
    include = os.path.dirname(os.path.dirname(fzsim_core.__file__))   # where fzsim_core/*.pxd live
    ext = cythonize([Extension("last_action", [str(build / "last_action.pyx")])],
                    include_path=[include], quiet=True, build_dir=str(build))
    dist = Distribution({"ext_modules": ext})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp = str(build), str(build / "tmp")
    dist.run_command("build_ext")
    path = cmd.get_ext_fullpath("last_action")
    spec = importlib.util.spec_from_file_location("last_action", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_compiled_policy_from_outside_plays(last_action):
    out = play_block(Rules(), 5, 0, 300, (last_action.POLICY, "random", "random", "random"), check=True)
    assert len(out["game_id"]) == 300
    won = out["outcome"] == 1
    # seat 0 always passes when it may: it never wins on a discard or a robbed kong
    by_discard = won & np.isin(out["win_type"], [WIN_TYPES["discard"], WIN_TYPES["robbed_kong"]])
    assert not (by_discard & (out["winner"] == 0)).any()
    assert (by_discard & (out["winner"] != 0)).any()
    # and the same capsule can drive all four seats
    again = play_block(Rules(), 5, 0, 50, last_action.POLICY, check=True)
    assert not (np.isin(again["win_type"], [WIN_TYPES["discard"]]) & (again["outcome"] == 1)).any()


def test_something_else_is_refused(last_action):
    with pytest.raises(ValueError, match="neither a name"):
        play_block(Rules(), 5, 0, 1, (object(), "random", "random", "random"))


def test_a_compiled_policy_declaring_its_packs_is_refused_elsewhere_at_setup(last_action):
    from fzsim.policyspec import check_policies_play
    from fzsim.rules import load
    from fzsim_core.policies.registry import capsule_packs
    assert capsule_packs(last_action.DECLARED) == ("fuzhou", "plain") and capsule_packs(last_action.POLICY) is None
    out = play_block(Rules(), 5, 0, 20, (last_action.DECLARED, "random", "random", "random"), check=True)
    assert len(out["game_id"]) == 20
    sichuan = load("sichuan")
    with pytest.raises(ValueError, match="does not play the sichuan pack: it declares fuzhou, plain"):
        play_block(sichuan.core, 5, 0, 1, (last_action.DECLARED, "random", "random", "random"))
    with pytest.raises(ValueError, match=r"\(seat 0\) does not play the sichuan pack: it declares fuzhou, plain"):
        check_policies_play(sichuan, (last_action.DECLARED, "random", "random", "random"))
    check_policies_play(sichuan, (last_action.POLICY, "random", "random", "random"))   # declares none: every pack
