"""What a rule key is: its kind, default, range and the pack that owns it (`Field`), and the
error a bad value raises (`RuleError`). `fzsim.rules` declares the general keys and gathers each
pack's own (``fzsim/packs/<pack>/rule_keys.py``) through `fzsim.pack_registry`; both declare them
with the helpers here."""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

#: the most points a special, and any other point value, may be set to
SPECIAL_MAX = 10_000
POINT_MAX = 1_000


class RuleError(ValueError):
    """An invalid rule configuration: names the key and what is allowed."""


RuleError.__module__ = "fzsim.rules"    # its documented home (fzsim.rules.RuleError, fzsim.RuleError)


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


def boolean(name, default, help):
    """A true/false rule key."""
    return Field(name, "bool", default, help)


def integer(name, default, lo, hi, help):
    """An integer rule key in lo..hi."""
    return Field(name, "int", default, help, lo, hi)


def enum(name, default, choices, help):
    """A rule key naming one of `choices` (stored as its index)."""
    return Field(name, "enum", default, help, choices=tuple(choices))


def of_pack(pack, *fields, core=None):
    """`fields` as keys of `pack` alone: under any other pack they are refused (see `pack_keys`).

    core: the options as the core declares them, name -> int (``fzsim_core.packs.<pack>.options.DEFAULTS``,
    or the rules header ``fzsim_core.rules.HEADER_FIELDS``): a field declared with default None takes
    the core's (an enum its choice at that index, a bool its truth), so each default is declared once."""
    return tuple(replace(f, pack=pack, default=_core_default(f, core) if f.default is None else f.default)
                 for f in fields)


def with_core_default(field, value):
    """`field` with its default taken from the core's int `value` (see `of_pack`)."""
    return replace(field, default=_core_default(field, {field.name: value}))


def _core_default(field, core):
    if core is None:
        raise AssertionError(f"rule key {field.name} has no default and no core options to take it from")
    if field.name not in core:
        raise AssertionError(f"rule key {field.name} is not among the core's options {sorted(core)}")
    value = core[field.name]
    return field.choices[value] if field.kind == "enum" else bool(value) if field.kind == "bool" else int(value)
