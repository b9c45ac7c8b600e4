# cython: language_level=3
"""The Fuzhou pack's rule options: their defaults (the `fuzhou` preset's, RULES.md §13), in the order of
`FzOptions` (options.pxd), declared once: `fzsim.rules` takes its defaults from here and
`fzsim_core.rules.Rules` stores them in `RuleSet.pack_options`."""
from libc.string cimport memset
from fzsim_core.rules cimport PACK_OPTIONS_MAX
from fzsim_core.packs.layout import check_options

#: every option of the pack, by name, with its default (an int, as the core stores it)
DEFAULTS = dict(
    xianjin_selfdraw_only=0,
    multiplier=2,
    flower_set_value=6,
    exposed_kong_points=1,
    concealed_kong_points=2,
    zhuazhuang_payer=ZHUAZHUANG_PAYER_ALL,
    special_discard_payer=SPECIAL_DISCARD_PAYER_ALL,
    loss_cap=0,
    special_tianhu=30,
    special_qiangjin=30,
    special_pinghu_noflower=30,
    special_pinghu_oneflower=15,
    special_sanjindao=40,
    special_jinque=60,
    special_jinlong=120,
    lianzhong_pinghu_bonus=10,
    discard_multiplier=2,
    youjin_mult_discard=1,
    youjin_discard_bonus=1,
)


cdef FzOptions _zero
memset(&_zero, 0, sizeof(_zero))
check_options("FzOptions", _zero, sizeof(FzOptions), DEFAULTS, PACK_OPTIONS_MAX)
