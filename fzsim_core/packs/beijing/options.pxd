# The Beijing pack's own rule options (RULES-PACKS §4, §9 BJ-A*; `base` is the 底分 d): its part of
# the rules, RuleSet.pack_options, read through the accessor below. The keys, ranges and help are
# fzsim/packs/beijing/rule_keys.py; the defaults are declared once, in options.pyx.
from libc.stdint cimport int32_t
from fzsim_core.rules cimport RuleSet

ctypedef struct BjOptions:
    int32_t bj_north_next             # BJ-A1: 0 北 -> 东, 1 北 -> 中 (白 -> 东)
    bint bj_indicator_in_reserve      # BJ-A4: the 惠坯 is one of the 14 reserved tiles (69 live draws)
    int32_t bj_haidi_discard          # BJ-A5: 番 of 海底捞月 on the last discard: 1 (literal) or 2
    bint bj_shaozhuang_on_draw        # BJ-A6: the 烧庄 part is paid on a drawn hand too
    int32_t bj_hubao_count            # BJ-A7: 0 chows + pungs + exposed kongs are 嘴 for 互包, 1 chows + pungs
    bint bj_sihui_shape               # BJ-A10: 四惠牌 also takes the hand's shape fans
    bint bj_dihe_after_claims         # BJ-A11: 地和 even after someone's claim (literal), else only before any
    bint bj_zhuowukui_unique          # BJ-A12: 捉五魁 needs 5m as the only winning tile
    int32_t bj_hui_discard            # BJ-A2: 0 a discarded 惠牌 is dead, 1 natural (claimed and won on at face value)


cdef inline const BjOptions* bj_options(const RuleSet* r) noexcept nogil:
    """The Beijing options of rules that play the beijing pack."""
    return <const BjOptions*>r.pack_options
