"""fzsim: Monte Carlo simulation of Fuzhou mahjong (福州麻将) rule variants.

The compiled core lives in ``fzsim_core``; this package is the Python surface.
"""
from fzsim._version import __version__
from fzsim.tiles import fmt, kind_index, kind_name, parse
from fzsim import rules
from fzsim.rules import PRESETS, RuleConfig, RuleError
from fzsim.rules import load as load_rules
from fzsim.scoring import ScoreReport, score

__all__ = ["__version__", "fmt", "kind_index", "kind_name", "parse",
           "rules", "PRESETS", "RuleConfig", "RuleError", "load_rules", "ScoreReport", "score"]
