"""fzsim's compiled core: packed hands, the gold (金) win search, the game engine and policies.

Everything here runs without the GIL; the Python-facing API lives in the ``fzsim`` package.
The engine is a set of parts with `.pxd` contracts: table/state (plain structs), wall, legal,
invariants, policy (the seam) with policies/, decide, settle, flow, packs/<name> (one folder per rule pack), engine (the
Python surface: validate, then one nogil loop).
"""
