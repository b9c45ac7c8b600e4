# The Shanghai pack's own rule options (RULES-PACKS §1, §9 SH-A*; `base` is the 底分 2, `flower_point`
# the 花分 1): its part of the rules, RuleSet.pack_options, read through the accessor below. The keys,
# ranges and help are fzsim/packs/shanghai/rule_keys.py; the defaults are declared once, in
# options.pyx.
from libc.stdint cimport int32_t
from fzsim_core.rules cimport RuleSet

cdef enum ShOption:                   # the Shanghai pack's two-way options (RULES-PACKS §9 SH-A*)
    SH_OPT_DEFAULT = 0                # the spec's default reading
    SH_OPT_OTHER = 1                  # the option: see each sh_* field

ctypedef struct ShOptions:
    int32_t sh_lezi                   # §1.4 勒子, the cap: 10
    int32_t sh_bahua_lezi             # 八花齐 in 勒子: 2 (SH-A9)
    int32_t sh_gangkai_over_lezi      # SH-A2: 0 keep a hand at or over one 勒子, 1 cut it to one
    int32_t sh_kaibao_huangfan_stack  # SH-A7: 0 multiply (x4), 1 max (x2 once)
    int32_t sh_huangfan_mult          # SH-A6: 0 x2, 1 x 2^H
    bint sh_dadiaoche_standalone      # SH-A8: 杠开 / 大吊车 make any standard shape a win
    int32_t sh_chengbao               # SH-A5: 0 extra (the partner pays on top), 1 full
    bint sh_feng_includes_dragons     # SH-A3: 风向牌 = all honours (else winds only)
    bint sh_fengyise_shape            # SH-A4: 风一色 needs 4 sets + a pair
    bint sh_xiajia_can_kong           # SH-A10: the discarder's 下家 may kong the discard (every pack: true)
    int32_t sh_multi_ron_dealer       # SH-A1: 0 the nearest winner deals, 1 that winner's 下家
    int32_t sh_huangfan_multi_ron     # SH-A6: 0 a multiple ron lowers 荒番 once, 1 once per winner
    int32_t sh_chengbao_claims        # SH-A5: 0 chows, pungs and exposed kongs count, 1 chows and pungs
    bint sh_louhu                     # §1.2 漏胡: a declined discard win bars that kind until the next draw / claim
    bint sh_bahua_optional            # §1.3 八花齐 may be declined to play on (else it is taken at once)


cdef inline const ShOptions* sh_options(const RuleSet* r) noexcept nogil:
    """The Shanghai options of rules that play the shanghai pack."""
    return <const ShOptions*>r.pack_options
