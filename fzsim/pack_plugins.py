"""Rule packs built outside fzsim: `register_pack` plugs a pack compiled as its own module into the
core's registry, the Python registry (`fzsim.pack_registry.REGISTRY`) and the rule keys, so that
`fzsim.rules.load`, runs (in worker processes too), `fzsim.load` and the analysis play it like a
pack of fzsim's own. The tutorial: docs/guide/own_pack.md."""
from __future__ import annotations

from typing import Mapping

from fzsim import rules
from fzsim.pack_registry import REGISTRY, PackEntry
from fzsim.rule_fields import RuleError
from fzsim_core.packs import registry as core_registry

__all__ = ["register_pack"]


def register_pack(entry: PackEntry, plug, options: Mapping[str, int]) -> int:
    """Register a rule pack and return its core pack id.

    entry: its Python-side pieces (`fzsim.PackEntry`); ``entry.plugin`` must name the importable
    module that makes this call (worker processes import it to register the pack), ``entry.rule_keys``
    its rule keys (``"module:KEYS"``, declared with ``of_pack(name, ..., core=options)``), and its
    ``scoring`` the rules' scoring families it accepts. plug: the PyCapsule of its binding function
    (``fzsim_core.packs.registry.PLUG_CAPSULE``); options: its own options with their defaults, in
    the order of its options struct. Registering the same entry again (a module imported twice)
    returns the same id; another pack of an existing name is refused."""
    if not isinstance(entry, PackEntry):
        raise TypeError(f"entry must be a fzsim.PackEntry, got {entry!r}")
    if entry.name in REGISTRY:
        if REGISTRY[entry.name] == entry:
            return core_registry.PACKS[entry.name]
        raise RuleError(f"a rule pack named {entry.name!r} exists already: the packs are {', '.join(REGISTRY)}")
    if not entry.plugin:
        raise RuleError(f"pack {entry.name!r}: entry.plugin must name the module that registers it")
    if entry.presets:
        raise RuleError(f"pack {entry.name!r}: a registered pack has no presets (its variants are TOML files"
                        f" with pack = {entry.name!r}); got presets {entry.presets}")
    families = rules.FIELDS["scoring"].choices
    if not entry.scoring or not set(entry.scoring) <= set(families):
        raise RuleError(f"pack {entry.name!r}: scoring {entry.scoring} must name families of the rules' scoring key:"
                        f" {', '.join(families)}")
    keys = tuple(entry.resolve("rule_keys") or ())
    if {f.name for f in keys} != set(options):
        raise RuleError(f"pack {entry.name!r}: its rule keys {sorted(f.name for f in keys)} and its core options"
                        f" {sorted(options)} must be the same")
    pack = core_registry.register_pack(entry.name, plug, dict(options), entry.plugin)
    rules.add_pack(entry.name, keys)
    REGISTRY[entry.name] = entry
    return pack
