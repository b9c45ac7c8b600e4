# cython: language_level=3
"""Policy names -> policies: adding a policy is a module under fzsim_core/policies/ and a line here.

A seat's policy is a name of ``NAMES`` — with parameters where the policy has some, as
``"guard:fold=0.2"`` (``PARAMS`` lists them with their ranges; `parse_spec` reads and checks
them) — a Python callable (the hook of python_bridge), or a compiled policy from outside fzsim:
a PyCapsule named ``fzsim_core.policy.Bind`` holding a `BindFn` (policy.pxd) — such a module
needs no change to fzsim at all (see the architecture page). Its capsule's context may declare the
packs it plays (a C string of pack names separated by commas, `capsule_packs`); one that declares
none is taken to play every pack.
"""
from cpython.pycapsule cimport PyCapsule_GetContext, PyCapsule_GetPointer, PyCapsule_IsValid
from fzsim_core.policy cimport BindFn, Policy
from fzsim_core.state cimport Pack
from fzsim_core.tileset cimport TileSet
from fzsim_core.packs.registry cimport bind_pack
from fzsim_core.policies.greedy cimport greedy_policy
from fzsim_core.policies.guard cimport guard_policy, guard_policy_with
from fzsim_core.policies.random cimport random_policy
from fzsim_core.policies.value cimport value_policy
from fzsim_core.policies.pack_value cimport pack_value_policy
from fzsim_core.policies.rollout cimport AT_CLAIM, AT_DISCARD, AT_OWN_OFFER, AT_READY_DISCARD, AT_WIN, rollout_policy_with
from fzsim_core.policies.python_bridge cimport python_policy

cdef const char* BIND_CAPSULE = b"fzsim_core.policy.Bind"

#: the compiled policies, by name (values: the order they are listed in)
NAMES = {"greedy": 0, "random": 1, "guard": 2, "value": 3, "rollout": 4}
#: the parameters a policy's spec may carry: name -> {parameter: (lowest, highest, default)}
#: (the defaults are what a policy plays without parameters: guard.pyx DEFAULT_FOLD, held equal by a test)
#: (rollout.pyx DEFAULT_N, DEFAULT_K, DEFAULT_PLAY, DEFAULT_Z likewise)
PARAMS = {"guard": {"fold": (0.0, 1.0, 0.05)},
          # risk: how much of the pack's deal-in risk value weighs (on the packs whose hooks it
          # reads, packs/<name>/evaluate.pyx; default -1: the pack's fitted weight)
          # claim: how many steps nearer ready a chow or pung must bring the hand for value to
          # weigh it (0: no further, 1: strictly nearer; default -1: the pack's fitted one)
          "value": {"risk": (0.0, 1.0, -1.0), "claim": (0, 2, -1)},
          # n: sampled worlds per decision; k: candidate actions at most; play: the playouts'
          # policy (0 greedy, 1 guard, 2 value, 3 value for the deciding seat and greedy for the others); z: standard errors a candidate must gain by over
          # value's choice; at: the decisions searched, a sum of 1 own-turn discards, 2 own turn with
          # a win, 游金 or kong on offer, 4 claims, 8 discard wins, 32 calls on an honour's discard value passes;
          # first: worlds before the first early-stop check (then at each doubling); futile: a check
          # ends the search when every other candidate trails value's by more than futile standard
          # errors; prior: the other seats' hands drawn
          # as the best of 1 + prior x (their discards and melds) uniform draws; beta: each world weighed
          # by beta for every kind another seat threw that its sampled hand would now want; world: 0
          # those best-of draws, 1 hands built by one draw-and-throw turn per discard the seat made.
          # On a pack with evaluation hooks, at, n, first and futile default to its fitted ones where
          # it has them (kit/evaluate.pxd PackEval.rollout_*), and own-turn discards (1, 16) are not searched
          "rollout": {"n": (1, 1024, 256), "k": (2, 8, 4), "play": (0, 4, 3), "at": (1, 63, 8), "prior": (0, 10, 2), "beta": (0.0, 1.0, 1.0),
                      "z": (0.0, 5.0, 2.0), "world": (0, 1, 1), "first": (1, 1024, 32), "futile": (0.0, 5.0, 2.0)}}
#: the parameters that take whole numbers only
INTEGER_PARAMS = {("value", "claim"), ("rollout", "n"), ("rollout", "k"), ("rollout", "play"), ("rollout", "at"), ("rollout", "prior"),
                  ("rollout", "world"), ("rollout", "first")}


def parse_spec(spec: str) -> tuple:
    """``"name"`` or ``"name:key=value;key=value"`` -> (name, {key: float}); ValueError naming
    the bad part and what is allowed."""
    name, sep, rest = spec.partition(":")
    name = name.strip()
    if name not in NAMES:
        raise ValueError(f"unknown policy {name!r}: allowed {', '.join(NAMES)}")
    params = {}
    if not sep:
        return name, params
    allowed = PARAMS.get(name, {})
    if not allowed:
        raise ValueError(f"policy {name!r} takes no parameters, got {spec!r}")
    for item in rest.split(";"):
        key, eq, text = item.partition("=")
        key = key.strip()
        if key not in allowed:
            raise ValueError(f"policy {spec!r}: unknown parameter {key!r} for {name}: allowed"
                             f" {', '.join(allowed)}")
        lo, hi, _ = allowed[key]
        try:
            value = float(text)
        except ValueError:
            value = float("nan")
        if not eq or not lo <= value <= hi:
            raise ValueError(f"policy {spec!r}: {key} must be a number in {lo}..{hi}, got {text.strip()!r}")
        if (name, key) in INTEGER_PARAMS and value != int(value):
            raise ValueError(f"policy {spec!r}: {key} must be a whole number in {lo}..{hi}, got {text.strip()!r}")
        if key in params:
            raise ValueError(f"policy {spec!r}: parameter {key!r} is given twice")
        params[key] = value
    return name, params


#: the compiled policies from the weakest rung of the ladder up (the order errors list them in)
LADDER = ("random", "greedy", "guard", "value", "rollout")


def allowed_names(unsigned int policies) -> list:
    """The names of the compiled policies in a pack's `policies` bits, weakest first."""
    return [name for name in LADDER if policies >> NAMES[name] & 1]


def pack_policies(int pack) -> tuple:
    """The compiled policies that play a rule pack (its descriptor's `policies`; pack: the rules'
    `pack` id, fzsim_core.packs.registry.PACKS), weakest first; ValueError for an unknown pack.
    Python callables and compiled policies from outside fzsim play every pack."""
    cdef Pack p
    cdef TileSet ts
    bind_pack(&p, &ts, pack, NULL)
    return tuple(allowed_names(p.policies))


cdef object pack_refusal(str name, dict params, str spec, const Pack* pack):
    """Why a game of `pack` cannot seat the compiled policy `name` with `params` (as `spec`
    spells it), or None when it can: the pack's descriptor lists the policies that play it, and
    value and rollout need its pricing of a win (Pack.eval or Pack.score_facts), and two parameters
    depend on whether the pack has evaluation hooks (Pack.eval)."""
    pack_name = pack.name.decode() if pack.name != NULL else "this"
    if not pack.policies >> NAMES[name] & 1:
        return f"does not play the {pack_name} pack (allowed there: {', '.join(allowed_names(pack.policies))})"
    if name in ("value", "rollout") and pack.eval == NULL and pack.score_facts == NULL:
        return (f"prices wins through a pack's evaluation hooks (Pack.eval) or its scoring of a win's facts "
                f"(Pack.score_facts), and the {pack_name} pack has neither (allowed there: "
                f"{', '.join(n for n in allowed_names(pack.policies) if n not in ('value', 'rollout'))})")
    if name == "value" and params and pack.eval == NULL:
        return (f"value takes its risk weight and claim gain on the packs it reads through their hooks, not "
                f"the {pack_name} pack (there: plain 'value')")
    if name == "rollout" and pack.eval != NULL and int(params.get("at", PARAMS["rollout"]["at"][2])) & (AT_DISCARD | AT_READY_DISCARD):
        return (f"on the {pack_name} pack rollout does not search own-turn discards (at bits {AT_DISCARD} and "
                f"{AT_READY_DISCARD}): its discard candidates read the core's generic shapes (wintables.pxd), not "
                f"the pack's (allowed there: the sums of {AT_OWN_OFFER}, {AT_CLAIM} and {AT_WIN})")
    return None


def is_policy_capsule(obj) -> bool:
    """Is `obj` a compiled policy from outside fzsim (a PyCapsule named fzsim_core.policy.Bind)?"""
    return PyCapsule_IsValid(obj, BIND_CAPSULE) != 0


def capsule_packs(capsule):
    """The packs a compiled policy from outside fzsim declares it plays (its capsule's context: a C
    string of pack names separated by commas), as a tuple of names; None when it declares none
    (it is then taken to play every pack)."""
    if not PyCapsule_IsValid(capsule, BIND_CAPSULE):
        raise ValueError(f"{capsule!r} is not a compiled policy's capsule ({BIND_CAPSULE.decode()})")
    cdef const char* declared = <const char*>PyCapsule_GetContext(capsule)
    if declared == NULL:
        return None
    return tuple(name.strip() for name in declared.decode().split(",") if name.strip())


def capsule_refusal(capsule, str pack_name):
    """Why a compiled policy from outside fzsim may not play `pack_name` (a sentence naming the packs
    it declares), or None when it may."""
    packs = capsule_packs(capsule)
    if packs is None or pack_name in packs:
        return None
    return f"does not play the {pack_name} pack: it declares {', '.join(packs) or 'no pack'}"


def spec_refusal(spec: str, int pack) -> object:
    """Why the rule pack `pack` (the rules' `pack` id) cannot seat the compiled policy `spec`
    (``"name"`` or ``"name:key=value;..."``), or None when it can — the check `bind_policy` makes,
    for callers that refuse before anything is played. ValueError for a spec `parse_spec` refuses."""
    cdef Pack p
    cdef TileSet ts
    name, params = parse_spec(spec)
    bind_pack(&p, &ts, pack, NULL)
    return pack_refusal(name, params, spec, &p)


cdef int bind_policy(Policy* p, object spec, int seat, list errors, const Pack* pack) except -1:
    """Fill `p` for seat `seat` from a name (with parameters) or a callable for a game of `pack`;
    ValueError else, or when the pack does not play the named policy."""
    if isinstance(spec, str):
        try:
            name, params = parse_spec(spec)
        except ValueError as exc:
            raise ValueError(f"seat {seat}: {exc}, a callable or a compiled policy's capsule") from None
        refusal = pack_refusal(name, params, spec, pack)
        if refusal is not None and refusal.startswith("does not play"):
            raise ValueError(f"seat {seat}: the {name} policy {refusal}")
        if refusal is not None:
            raise ValueError(f"seat {seat}: policy {spec!r}: {refusal}")
        if name == "greedy":
            greedy_policy(p)
            if pack.greedy != NULL:
                p.choose = pack.greedy
        elif name == "random":
            random_policy(p)
        elif name == "guard":
            if params:
                guard_policy_with(p, params["fold"])
            else:
                guard_policy(p)
            if pack.guard != NULL:
                p.choose = pack.guard
        elif name == "value":
            if pack.eval != NULL:
                pack_value_policy(p, pack.eval, params.get("risk", -1.0), int(params.get("claim", -1)))
            else:
                value_policy(p)
        elif name == "rollout":
            d = {key: default for key, (_, _, default) in PARAMS["rollout"].items()}
            if pack.eval != NULL:   # the pack's fitted budget, where it has one
                if pack.eval.rollout_at:
                    d["at"] = pack.eval.rollout_at
                if pack.eval.rollout_n:
                    d["n"] = pack.eval.rollout_n
                if pack.eval.rollout_first:
                    d["first"] = pack.eval.rollout_first
                    d["futile"] = pack.eval.rollout_futile
            d.update(params)
            rollout_policy_with(p, int(d["n"]), int(d["k"]), int(d["play"]),
                                int(d["at"]), int(d["prior"]), d["beta"], d["z"], int(d["world"]),
                                int(d["first"]), d["futile"])
    elif PyCapsule_IsValid(spec, BIND_CAPSULE):
        refusal = capsule_refusal(spec, pack.name.decode())
        if refusal is not None:
            raise ValueError(f"seat {seat}: the compiled policy {spec!r} {refusal}")
        (<BindFn>PyCapsule_GetPointer(spec, BIND_CAPSULE))(p)
    elif callable(spec):
        python_policy(p, spec, errors)
    else:
        raise ValueError(f"policy {spec!r} for seat {seat} is neither a name {sorted(NAMES)}, a callable"
                         f" nor a compiled policy's capsule")
    return 0
