# cython: language_level=3
"""Policy names -> policies: adding a policy is a module under fzsim_core/policies/ and a line here.

A seat's policy is a name of ``NAMES``, a Python callable (the hook of python_bridge), or a
compiled policy from outside fzsim: a PyCapsule named ``fzsim_core.policy.Bind`` holding a
`BindFn` (policy.pxd) — such a module needs no change to fzsim at all (see the architecture page).
"""
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from fzsim_core.policy cimport BindFn, Policy
from fzsim_core.policies.greedy cimport greedy_policy
from fzsim_core.policies.random cimport random_policy
from fzsim_core.policies.python_bridge cimport python_policy

cdef const char* BIND_CAPSULE = b"fzsim_core.policy.Bind"

#: the compiled policies, by name (values: the order they are listed in)
NAMES = {"greedy": 0, "random": 1}


cdef int bind_policy(Policy* p, object spec, int seat, list errors) except -1:
    """Fill `p` for seat `seat` from a name or a callable; ValueError for anything else."""
    if isinstance(spec, str):
        if spec == "greedy":
            greedy_policy(p)
        elif spec == "random":
            random_policy(p)
        else:
            raise ValueError(f"unknown policy {spec!r} for seat {seat}: allowed {sorted(NAMES)}, a callable"
                             f" or a compiled policy's capsule")
    elif PyCapsule_IsValid(spec, BIND_CAPSULE):
        (<BindFn>PyCapsule_GetPointer(spec, BIND_CAPSULE))(p)
    elif callable(spec):
        python_policy(p, spec, errors)
    else:
        raise ValueError(f"policy {spec!r} for seat {seat} is neither a name {sorted(NAMES)}, a callable"
                         f" nor a compiled policy's capsule")
    return 0
