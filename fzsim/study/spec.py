"""A study's specification: read from TOML (or a dict), checked whole before anything runs.

A spec names the baseline rules (a preset or a variant file: its pack is the system studied), the
variants (presets, files or overrides of the baseline) and sweeps (one variant per value, several
keys as a grid or zipped), the line-ups of policies, the questions (a metric, what it is contrasted
with, a precision at the study's confidence), a hand budget and a seed. Every error names the
offending entry and what is allowed; see ``docs/guide/studies.md`` for the format.
"""
from __future__ import annotations

import itertools
import math
import os
import tomllib
from dataclasses import dataclass, field
from typing import Any, Mapping

from fzsim import rules as fzrules
from fzsim.game import DRAWS
from fzsim.pack_registry import DEFAULT_VARIANT
from fzsim.policyspec import policy_seats, supported_policies

#: top-level keys of a spec
TOP_KEYS = ("baseline", "seed", "budget", "first_round", "growth", "confidence", "block_size",
            "draws", "strata", "variants", "sweep", "lineups", "questions")
QUESTION_KEYS = ("name", "metric", "compare", "variants", "lineups", "base_lineup", "precision")
#: what a question contrasts: each variant with the baseline under the same line-up, each line-up
#: with ``base_lineup`` under the same variant, or nothing (the metric's own mean)
COMPARES = ("variants", "lineups", "none")
SWEEP_MODES = ("grid", "zip")
DEFAULT_FIRST_ROUND = 2_000
DEFAULT_GROWTH = 2.0
MAX_LOOKS = 12


class StudyError(ValueError):
    """A spec that cannot run: names the entry and what is allowed."""


def pack_policies(pack: str) -> tuple[str, ...]:
    """The compiled policies that play ``pack`` (its descriptor's list, weakest first)."""
    return supported_policies(pack)


def key_packs(key: str) -> tuple[str, ...] | None:
    """The packs that read rule key ``key`` (as fzsim.rules declares it), or None when every pack does."""
    owner = fzrules.FIELDS[key].pack
    return None if owner is None else (owner,)


@dataclass(frozen=True)
class Question:
    name: str
    metric: str
    compare: str
    precision: float
    #: (unit, base unit or None) per contrast; a unit is (variant name, line-up label)
    contrasts: tuple


@dataclass
class StudySpec:
    baseline: str                       # the baseline variant's name
    variants: dict                      # name -> RuleConfig, baseline first
    lineups: dict                       # label -> 4 policy names
    questions: list
    seed: int
    budget: int
    first_round: int
    growth: float
    confidence: float
    block_size: int
    sweep: dict = field(default_factory=dict)   # sweep variant name -> {key: value}
    sweep_keys: tuple = ()
    #: how the hands draw (fzsim.game.DRAWS): ``seat`` by default, draws coupled by seat, which keep
    #: the units in step after their play diverges (the studies page measures the gain)
    draws: str = "seat"
    #: stratified walls (`fzsim.study.strata`): the name of a stratification of the pack's walls, or
    #: None (every round's walls as they come)
    strata: str | None = None

    @property
    def pack(self) -> str:
        return str(self.variants[self.baseline]["pack"])

    def canonical(self) -> dict:
        """Everything that decides the study's hands and answers: its identity on disk."""
        return {"baseline": self.baseline, "seed": self.seed, "budget": self.budget,
                "first_round": self.first_round, "growth": self.growth, "confidence": self.confidence,
                "block_size": self.block_size,
                # (only when not "wall": studies written before the key read as they always did)
                **({"draws": self.draws} if self.draws != "wall" else {}),
                **({"strata": self.strata} if self.strata is not None else {}),
                "variants": {n: {"rules_hash": c.hash} for n, c in self.variants.items()},
                "lineups": {k: list(v) for k, v in self.lineups.items()},
                "sweep": {"keys": list(self.sweep_keys), "points": self.sweep},
                "questions": [{"name": q.name, "metric": q.metric, "compare": q.compare,
                               "precision": q.precision, "contrasts": [[None if unit is None else list(unit) for unit in c] for c in q.contrasts]}
                              for q in self.questions]}


def _draws(value) -> str:
    if value not in DRAWS:
        raise StudyError(f"draws = {value!r}: allowed {', '.join(map(repr, DRAWS))}")
    return value


def _strata(value, pack: str, configs) -> str | None:
    """The spec's ``strata`` (None: not given), refused unless the pack's walls have it for these
    variants."""
    if value is None:
        return None
    from fzsim.stratified import check_strata

    try:
        check_strata(value, pack, configs)
    except ValueError as exc:
        raise StudyError(str(exc)) from None
    return value


def _int(where: str, value, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        top = f"..{hi}" if hi is not None else " or more"
        raise StudyError(f"{where} = {value!r}: allowed an integer {lo}{top}")
    return int(value)


def _number(where: str, value, lo: float, hi: float, lo_open: bool = True, hi_open: bool = True) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise StudyError(f"{where} = {value!r}: allowed a number")
    low_bad = value <= lo if lo_open else value < lo
    high_bad = value >= hi if hi_open else value > hi
    if low_bad or high_bad:
        raise StudyError(f"{where} = {value!r}: allowed a number {'above' if lo_open else 'from'} {lo:g}"
                         + ("" if math.isinf(hi) else f" and {'below' if hi_open else 'up to'} {hi:g}"))
    return float(value)


def _unknown_keys(table: Mapping, allowed, where: str) -> None:
    for key in table:
        if key not in allowed:
            raise StudyError(f"{where}{key}: unknown key; allowed keys: {', '.join(allowed)}")


def _names(where: str, value, allowed) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise StudyError(f"{where} = {value!r}: allowed a non-empty list of names from {', '.join(allowed)}")
    for v in value:
        if v not in allowed:
            raise StudyError(f"{where}: {v!r} is not one of {', '.join(allowed)}")
    return list(dict.fromkeys(value))


def _rules(where: str, fn, *args, **kwargs):
    """fzsim.rules.load, its error prefixed with the spec entry that asked for it."""
    try:
        return fn(*args, **kwargs)
    except FileNotFoundError as exc:
        raise StudyError(f"{where}: {exc}") from None
    except ValueError as exc:
        raise StudyError(f"{where}: {exc}") from None


def _variant(where: str, name: str | None, value, base, folder: str):
    """A variant entry as a RuleConfig named ``name`` (None: the preset's or the file's own name)."""
    if isinstance(value, str):
        path = value if value in fzrules.PRESETS or os.path.isabs(value) else os.path.join(folder, value)
        return _rules(where, fzrules.load, value if value in fzrules.PRESETS else path, None, name=name)
    if isinstance(value, Mapping):
        overrides = dict(value)
        on = overrides.pop("preset", None)
        if on is not None and on not in fzrules.PRESETS:
            raise StudyError(f"{where}.preset = {on!r}: allowed {', '.join(fzrules.PRESETS)}")
        return _rules(where, fzrules.load, on if on is not None else base, overrides, name=name or "baseline")
    raise StudyError(f"{where} = {value!r}: allowed a preset name ({', '.join(fzrules.PRESETS)}), a .toml"
                     " file, or a table of rule keys overriding the baseline (optionally with preset = NAME)")


def _sweep(table, base, pack: str) -> tuple[dict, tuple]:
    """{variant name: {key: value}} for each point of the sweep, and its keys."""
    if not isinstance(table, Mapping):
        raise StudyError(f"sweep = {table!r}: allowed a table of rule key = [values]")
    table = dict(table)
    mode = table.pop("mode", "grid")
    if mode not in SWEEP_MODES:
        raise StudyError(f"sweep.mode = {mode!r}: allowed {', '.join(SWEEP_MODES)}")
    if not table:
        raise StudyError("sweep: no key to sweep; give rule key = [values], e.g. special_jinque = [30, 60]")
    for key, values in table.items():
        if key not in fzrules.FIELDS:
            raise StudyError(f"sweep.{key}: not a rule key; see `fzsim variants --keys` for the allowed keys")
        packs = key_packs(key)
        if packs is not None and pack not in packs:
            raise StudyError(f"sweep.{key}: a rule key of the {'/'.join(packs)} pack, but the baseline plays"
                             f" the {pack} pack; sweep a key that pack reads")
        if not isinstance(values, list) or not values:
            raise StudyError(f"sweep.{key} = {values!r}: allowed a non-empty list of values")
    lists = list(table.values())
    if mode == "zip" and len({len(v) for v in lists}) > 1:
        sizes = ", ".join(f"{k} has {len(v)}" for k, v in table.items())
        raise StudyError(f"sweep.mode = 'zip' needs lists of one length: {sizes}")
    points = zip(*lists) if mode == "zip" else itertools.product(*lists)
    out = {}
    for point in points:
        setting = dict(zip(table, point))
        name = ", ".join(f"{k} {v}" for k, v in setting.items())
        if name in out:
            raise StudyError(f"sweep: the point {name!r} is given twice")
        out[name] = setting
    return out, tuple(table)


def _lineups(table) -> dict:
    if table is None:
        return {"greedy": ("greedy",) * 4}
    if not isinstance(table, Mapping) or not table:
        raise StudyError(f"lineups = {table!r}: allowed a table of label = policy setting"
                         " (\"greedy\", \"all=greedy,0=value\", four names)")
    out = {}
    for label, setting in table.items():
        if not isinstance(setting, (str, list)):
            raise StudyError(f"lineups.{label} = {setting!r}: allowed a policy setting such as \"guard\","
                             " \"all=greedy,0=value\" or four names")
        try:
            seats = policy_seats(setting)
        except ValueError as exc:
            raise StudyError(f"lineups.{label}: {exc}") from None
        from fzsim.storage import check_policy_label

        try:
            check_policy_label(label)
        except ValueError as exc:
            raise StudyError(f"lineups: {exc}") from None
        out[label] = tuple(str(s).strip() for s in seats)
    return out


def _check_lineups(lineups: dict, pack: str) -> None:
    from fzsim_core.packs.registry import PACKS
    from fzsim_core.policies.registry import parse_spec, spec_refusal

    allowed = pack_policies(pack)
    for label, seats in lineups.items():
        for name in seats:
            base = name.partition(":")[0].strip()
            if base not in allowed:
                raise StudyError(f"lineups.{label}: policy {base!r} does not play the {pack} pack;"
                                 f" allowed there: {', '.join(allowed)}")
            try:
                parse_spec(name)
            except ValueError as exc:
                raise StudyError(f"lineups.{label}: {exc}") from None
            refusal = spec_refusal(name, PACKS[pack])
            if refusal is not None:
                raise StudyError(f"lineups.{label}: policy {name!r}: {refusal}")


def _question(i: int, q, variants: dict, baseline: str, lineups: dict) -> Question:
    from fzsim.study.metrics import METRICS

    where = f"questions[{i}]"
    if not isinstance(q, Mapping):
        raise StudyError(f"{where} = {q!r}: allowed a table with {', '.join(QUESTION_KEYS)}")
    _unknown_keys(q, QUESTION_KEYS, f"{where}.")
    name = q.get("name", f"question {i + 1}")
    if not isinstance(name, str) or not name:
        raise StudyError(f"{where}.name = {name!r}: allowed a non-empty text")
    where = f"{where} ({name})"
    metric = q.get("metric", "dealer_delta")
    if metric not in METRICS:
        raise StudyError(f"{where}.metric = {metric!r}: allowed {', '.join(METRICS)}")
    if "precision" not in q:
        raise StudyError(f"{where}: no precision; give precision = the half-width wanted (e.g. 0.5)")
    precision = _number(f"{where}.precision", q["precision"], 0.0, math.inf)
    compare = q.get("compare", "variants" if len(variants) > 1 else "none")
    if compare not in COMPARES:
        raise StudyError(f"{where}.compare = {compare!r}: allowed {', '.join(COMPARES)}")
    others = [v for v in variants if v != baseline]
    if compare == "variants":
        if not others:
            raise StudyError(f"{where}.compare = 'variants' but the study has only the baseline; add [variants]"
                             " or [sweep], or use compare = 'lineups' / 'none'")
        vs = _names(f"{where}.variants", q.get("variants", others), others)
    else:
        vs = _names(f"{where}.variants", q.get("variants", list(variants)), list(variants))
    ls = _names(f"{where}.lineups", q.get("lineups", list(lineups)), list(lineups))
    if compare == "lineups":
        if "base_lineup" not in q:
            raise StudyError(f"{where}: compare = 'lineups' needs base_lineup = one of {', '.join(lineups)}")
        base_l = q["base_lineup"]
        if base_l not in lineups:
            raise StudyError(f"{where}.base_lineup = {base_l!r}: allowed {', '.join(lineups)}")
        ls = [x for x in ls if x != base_l]
        if not ls:
            raise StudyError(f"{where}: no line-up to compare with base_lineup {base_l!r}; add one to [lineups]")
        contrasts = tuple(((v, x), (v, base_l)) for v in vs for x in ls)
    elif compare == "variants":
        contrasts = tuple(((v, x), (baseline, x)) for v in vs for x in ls)
    else:
        contrasts = tuple(((v, x), None) for v in vs for x in ls)
    return Question(name, metric, compare, precision, contrasts)


def from_dict(data: Mapping[str, Any], folder: str = ".") -> StudySpec:
    """A checked StudySpec from a spec's parsed TOML (``folder``: where relative files are read)."""
    if not isinstance(data, Mapping):
        raise StudyError(f"a study spec is a table of {', '.join(TOP_KEYS)}, got {data!r}")
    _unknown_keys(data, TOP_KEYS, "")
    base = _variant("baseline", None, data.get("baseline", DEFAULT_VARIANT), DEFAULT_VARIANT, folder)
    baseline = base.name
    pack = str(base["pack"])
    variants = {baseline: base}
    given = data.get("variants", {})
    if not isinstance(given, Mapping):
        raise StudyError(f"variants = {given!r}: allowed a table of name = preset | file | {{rule overrides}}")
    for name, value in given.items():
        if name in variants:
            raise StudyError(f"variants.{name}: the name is taken (by the baseline or another variant)")
        cfg = _variant(f"variants.{name}", name, value, base, folder)
        if cfg["pack"] != pack:
            raise StudyError(f"variants.{name} plays the {cfg['pack']} pack, the baseline {baseline!r} the {pack}"
                             " pack: a study compares variants of one system (one pack)")
        variants[name] = cfg
    sweep, sweep_keys = {}, ()
    if "sweep" in data:
        sweep, sweep_keys = _sweep(data["sweep"], base, pack)
        for name, setting in sweep.items():
            if name in variants:
                raise StudyError(f"sweep: the point {name!r} has the name of a variant")
            variants[name] = _rules(f"sweep ({name})", fzrules.load, base, setting, name=name)
    lineups = _lineups(data.get("lineups"))
    _check_lineups(lineups, pack)
    questions_in = data.get("questions")
    if not isinstance(questions_in, list) or not questions_in:
        raise StudyError("questions: none given; add [[questions]] tables with a metric and a precision")
    questions = [_question(i, q, variants, baseline, lineups) for i, q in enumerate(questions_in)]
    seen = set()
    for q in questions:
        if q.name in seen:
            raise StudyError(f"questions: the name {q.name!r} is given twice")
        seen.add(q.name)
    hpm = {int(c["hands_per_match"]) for c in variants.values()}
    if len(hpm) > 1:
        raise StudyError(f"the variants play matches of different lengths (hands_per_match {sorted(hpm)});"
                         " a study pairs hands wall by wall, so give them one hands_per_match")
    from fzsim.orchestrator import DEFAULT_BLOCK_SIZE

    spec = StudySpec(
        baseline=baseline, variants=variants, lineups=lineups, questions=questions,
        seed=_int("seed", data.get("seed", 0), 0, 2**64 - 1),
        budget=_int("budget", data.get("budget", 100_000), 1),
        first_round=_int("first_round", data.get("first_round", DEFAULT_FIRST_ROUND), 1),
        growth=_number("growth", data.get("growth", DEFAULT_GROWTH), 1.0, math.inf),
        confidence=_number("confidence", data.get("confidence", 0.95), 0.0, 1.0),
        block_size=_int("block_size", data.get("block_size", DEFAULT_BLOCK_SIZE), 1),
        sweep=sweep, sweep_keys=sweep_keys, draws=_draws(data.get("draws", "seat")),
        strata=_strata(data.get("strata"), pack, list(variants.values())))
    hands_per_match = hpm.pop()
    for key in ("budget", "first_round"):
        value = getattr(spec, key)
        if value % hands_per_match:
            raise StudyError(f"{key} = {value}: not a whole number of matches (hands_per_match ="
                             f" {hands_per_match}); give a multiple of {hands_per_match}")
    if spec.first_round > spec.budget:
        raise StudyError(f"first_round = {spec.first_round} is more than budget = {spec.budget}")
    from fzsim.study.sequential import planned_looks

    looks = planned_looks(spec.first_round, spec.budget, spec.growth, hands_per_match)
    if len(looks) > MAX_LOOKS:
        raise StudyError(f"first_round = {spec.first_round}, growth = {spec.growth:g} and budget = {spec.budget}"
                         f" plan {len(looks)} rounds; allowed at most {MAX_LOOKS} (each look widens every"
                         " interval): raise first_round or growth")
    return spec


def load_spec(spec) -> StudySpec:
    """A StudySpec from a path to a TOML file, a dict, or a StudySpec (returned as is)."""
    if isinstance(spec, StudySpec):
        return spec
    if isinstance(spec, (str, os.PathLike)):
        path = os.fspath(spec)
        try:
            with open(path, "rb") as f:
                data = tomllib.load(f)
        except tomllib.TOMLDecodeError as exc:
            raise StudyError(f"{path}: not valid TOML: {exc}") from None
        except UnicodeDecodeError as exc:
            raise StudyError(f"{path}: not UTF-8 text ({exc.reason})") from None
        return from_dict(data, os.path.dirname(os.path.abspath(path)))
    if isinstance(spec, Mapping):
        return from_dict(spec)
    raise StudyError(f"a study spec is a .toml path, a dict or a StudySpec, got {type(spec).__name__}")
