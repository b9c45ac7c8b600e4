# cython: language_level=3
"""The Sichuan / 血战 pack's rule options: their defaults (the `sichuan` preset's values unless the
preset says otherwise), in the order of `ScOptions` (options.pxd), declared once: `fzsim.rules` takes
its defaults from here and `fzsim_core.rules.Rules` stores them in `RuleSet.pack_options`."""
from libc.string cimport memset
from fzsim_core.rules cimport PACK_OPTIONS_MAX
from fzsim_core.packs.layout import check_options

#: every option of the pack, by name, with its default (an int, as the core stores it)
DEFAULTS = dict(
    sc_guoshui=SC_GUOSHUI_UNLESS_HIGHER,
    sc_longqidui_value=4,
    sc_qianggang_base=0,
    sc_kong_and_gen=0,
    sc_chajiao_kongs=1,
    sc_fan_cap=3,
    xz_end_checks_no_winner_only=0,
    xz_selfdraw_all_pay=0,
    xz_dajiao_to_winners=0,
    xz_next_after_discarder=0,
    sc_exchange=SC_EXCHANGE_OFF,
    sc_dingque=0,
    xz_kong_payments=XZ_KONG_PAYMENTS_OFF,
    xz_dian_gang_hua_selfdraw=0,
)


cdef ScOptions _zero
memset(&_zero, 0, sizeof(_zero))
check_options("ScOptions", _zero, sizeof(ScOptions), DEFAULTS, PACK_OPTIONS_MAX)
