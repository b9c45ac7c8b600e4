# cython: language_level=3
"""The Beijing pack's rule options: their defaults (the `beijing` preset's values unless the
preset says otherwise), in the order of `BjOptions` (options.pxd), declared once: `fzsim.rules` takes
its defaults from here and `fzsim_core.rules.Rules` stores them in `RuleSet.pack_options`."""
from libc.string cimport memset
from fzsim_core.rules cimport PACK_OPTIONS_MAX
from fzsim_core.packs.layout import check_options

#: every option of the pack, by name, with its default (an int, as the core stores it)
DEFAULTS = dict(
    bj_north_next=0,
    bj_indicator_in_reserve=1,
    bj_haidi_discard=1,
    bj_shaozhuang_on_draw=1,
    bj_hubao_count=0,
    bj_sihui_shape=0,
    bj_dihe_after_claims=1,
    bj_zhuowukui_unique=1,
    bj_hui_discard=0,
)


cdef BjOptions _zero
memset(&_zero, 0, sizeof(_zero))
check_options("BjOptions", _zero, sizeof(BjOptions), DEFAULTS, PACK_OPTIONS_MAX)
