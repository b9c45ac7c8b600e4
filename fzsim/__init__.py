"""fzsim: Monte Carlo simulation of Fuzhou mahjong (福州麻将) rule variants.

The compiled core lives in ``fzsim_core``; this package is the Python surface.
"""
from fzsim._version import __version__
from fzsim.tiles import fmt, kind_index, kind_name, parse

__all__ = ["__version__", "fmt", "kind_index", "kind_name", "parse"]

# probability tables (exact opening-window values need numpy only; pandas loads on use).
# The pandas analysis lives in the submodules fzsim.analysis and fzsim.report.
from fzsim.prob import opening_exact, probability_table  # noqa: E402

__all__ += ["opening_exact", "probability_table"]
