"""fzsim: Monte Carlo simulation of Fuzhou mahjong (福州麻将) rule variants.

The compiled core lives in ``fzsim_core``; this package is the Python surface.
"""
from fzsim._version import __version__
from fzsim.tiles import fmt, kind_index, kind_name, parse
from fzsim.game import HandResult, build_wall, play_hand

__all__ = ["__version__", "fmt", "kind_index", "kind_name", "parse", "HandResult", "build_wall", "play_hand"]
