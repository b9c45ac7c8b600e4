"""The `tiny` rule pack (docs/guide/own_pack.md): its Python half. Importing this module registers
the pack (worker processes import it too), so that ``fzsim.load_rules("tiny.toml")``, runs and
the analysis play it. Build the compiled half first: ``cythonize -i tinypack/core.pyx``."""
from fzsim import PackEntry, register_pack
from fzsim.rule_fields import integer, of_pack

from tinypack.core import DEFAULTS, PLUG

#: the pack's rule keys: ranges and help here, defaults from its compiled options (DEFAULTS)
KEYS = of_pack("tiny", integer("tiny_selfdraw_factor", None, 1, 10,
                               "tiny: each other seat pays this x base for a self-draw"), core=DEFAULTS)

ENTRY = PackEntry(
    "tiny", presets=(), scoring=("fuzhou",),    # its own scoring: it accepts the rules' default family
    summary="tiny (docs/guide/own_pack.md: 136 tiles, 13-tile hands, self-draws paid double)",
    rule_keys="tinypack:KEYS", plugin="tinypack", row_specials=True,
    # the flow's general keys it plays differently from Fuzhou
    requires={"honors_are_flowers": False, "youjin": False, "reserve_per_flower_set": 0},
    # its win records are the flow's (no patterns of its own): the records reader every pack without
    # patterns uses
    record_names="fzsim.packs.fuzhou.records:record_names", elements="fzsim.packs.fuzhou.records:elements")

#: the pack's id in the core (the rules' `pack` value)
PACK_ID = register_pack(ENTRY, PLUG, DEFAULTS)
