# cython: language_level=3
"""The Shanghai pack's rule options: their defaults (the `shanghai` preset's values unless the
preset says otherwise), in the order of `ShOptions` (options.pxd), declared once: `fzsim.rules` takes
its defaults from here and `fzsim_core.rules.Rules` stores them in `RuleSet.pack_options`."""
from libc.string cimport memset
from fzsim_core.rules cimport PACK_OPTIONS_MAX
from fzsim_core.packs.layout import check_options

#: every option of the pack, by name, with its default (an int, as the core stores it)
DEFAULTS = dict(
    sh_lezi=10,
    sh_bahua_lezi=2,
    sh_gangkai_over_lezi=0,
    sh_kaibao_huangfan_stack=0,
    sh_huangfan_mult=0,
    sh_dadiaoche_standalone=0,
    sh_chengbao=0,
    sh_feng_includes_dragons=1,
    sh_fengyise_shape=0,
    sh_xiajia_can_kong=1,
    sh_multi_ron_dealer=0,
    sh_huangfan_multi_ron=0,
    sh_chengbao_claims=0,
    sh_louhu=1,
    sh_bahua_optional=1,
)


cdef ShOptions _zero
memset(&_zero, 0, sizeof(_zero))
check_options("ShOptions", _zero, sizeof(ShOptions), DEFAULTS, PACK_OPTIONS_MAX)
