"""fzsim: Monte Carlo simulation of mahjong rule variants, one rule pack per system (the normative
rules: docs/spec/RULES.md for the default pack, docs/spec/RULES-PACKS.md for the others).

The compiled core lives in ``fzsim_core``; this package is the Python surface.
"""
import importlib

from fzsim._version import __version__
from fzsim.tiles import fmt, kind_index, kind_name, parse
from fzsim.game import HandResult, build_wall, play_hand

from fzsim.wincheck import (
    is_jinlong,
    is_jinque,
    is_win,
    is_win_many,
    is_xianjin_wait,
    shanten,
    shanten_many,
    wait_mask_many,
    waits,
)

from fzsim import rules
from fzsim.rules import PRESETS, RuleConfig, RuleError
from fzsim.rules import load as load_rules
from fzsim.calculators import score
from fzsim.pack_registry import REGISTRY as _REGISTRY, PackEntry, resolve_ref as _resolve_ref
from fzsim.pack_plugins import register_pack

#: each pack's own top-level names (PackEntry.exports): ScoreReport, fans, fans_many, FanReport
_EXPORTS = {ref.rpartition(":")[2]: ref for entry in _REGISTRY.values() for ref in entry.exports}
globals().update({name: _resolve_ref(ref) for name, ref in _EXPORTS.items()})

__all__ = [
    "__version__", "fmt", "kind_index", "kind_name", "parse",
    "is_win", "waits", "shanten", "is_jinque", "is_jinlong", "is_xianjin_wait", "is_win_many", "shanten_many",
    "wait_mask_many",
    "rules", "PRESETS", "RuleConfig", "RuleError", "load_rules", "score", *_EXPORTS,
    "HandResult", "build_wall", "play_hand",
    "simulate", "load", "duel", "study", "PackEntry", "register_pack",
]

# probability tables (exact opening-window values need numpy only; pandas loads on use).
# The pandas analysis lives in the submodules fzsim.analysis and fzsim.report.
from fzsim.prob import opening_exact, probability_table  # noqa: E402

__all__ += ["opening_exact", "probability_table"]

# The runner pulls in pyarrow and joblib; import it on first use so `import fzsim` stays light.
_LAZY = {"simulate": "fzsim.orchestrator", "load": "fzsim.results_reader"}

# bound here, not lazily: importing the submodule fzsim.duel would otherwise leave `fzsim.duel`
# naming the module (the submodule imports the runner only when a duel is played)
from fzsim.duel import duel  # noqa: E402
from fzsim.study import study  # noqa: E402  (the same: fzsim.study is the function)


def __getattr__(name):
    if name in _LAZY:
        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'fzsim' has no attribute {name!r}")
