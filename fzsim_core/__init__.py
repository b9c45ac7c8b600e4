"""fzsim's compiled core: packed hands, the gold (金) win search, the game engine and policies.

Everything here runs without the GIL; the Python-facing API lives in the ``fzsim`` package.
"""
