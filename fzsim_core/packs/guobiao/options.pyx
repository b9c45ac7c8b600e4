# cython: language_level=3
"""The 国标 pack's rule options: their defaults (the `guobiao` preset's values unless the
preset says otherwise), in the order of `GbOptions` (options.pxd), declared once: `fzsim.rules` takes
its defaults from here and `fzsim_core.rules.Rules` stores them in `RuleSet.pack_options`."""
from libc.string cimport memset
from fzsim_core.rules cimport PACK_OPTIONS_MAX
from fzsim_core.packs.layout import check_options

#: every option of the pack, by name, with its default (an int, as the core stores it)
DEFAULTS = dict(
    gb_min_fan=8,
    gb_mingangang=0,
    gb_variant=0,
    gb_claim_at_wall_end=0,
    gb_kong_at_wall_end=0,
)


cdef GbOptions _zero
memset(&_zero, 0, sizeof(_zero))
check_options("GbOptions", _zero, sizeof(GbOptions), DEFAULTS, PACK_OPTIONS_MAX)
