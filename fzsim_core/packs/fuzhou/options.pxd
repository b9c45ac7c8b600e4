# The Fuzhou pack's own rule options (docs/spec/RULES.md §7, §10, §12): the constants of its four
# scoring families and 闲金's self-draw rule — its part of the rules, RuleSet.pack_options, read through
# the accessor below. The rules header keeps what the shared flow and bots read of the 金 games (the
# gold's discard rule, 游金 and its multipliers by level, base, flower points, 抓庄). The keys, ranges
# and help are fzsim/packs/fuzhou/rule_keys.py; the defaults are declared once, in options.pyx.
from libc.stdint cimport int32_t
from fzsim_core.rules cimport RuleSet

cdef enum ZhuazhuangPayer:
    ZHUAZHUANG_PAYER_ALL = 0          # every payer pays the 抓庄 L part
    ZHUAZHUANG_PAYER_DEALER = 1       # only the dealer does; the other payers' formula uses L = 0

cdef enum SpecialDiscardPayer:
    SPECIAL_DISCARD_PAYER_ALL = 0     # bianfeng: a special won on a discard is paid by all three
    SPECIAL_DISCARD_PAYER_DISCARDER = 1  # ... by the discarder alone (the amount of one self-draw payer)

ctypedef struct FzOptions:
    bint xianjin_selfdraw_only        # §4 a 闲金 wait wins by self-draw only
    int32_t multiplier                # §10 the x2 of fuzhou (..)x2+S, lianzhong Hx2, bianfeng 2P and S+2(F+K+G+L)
    int32_t flower_set_value          # a complete set of four scores this instead of 4: 6
    int32_t exposed_kong_points       # K per exposed/added kong: 1
    int32_t concealed_kong_points     # K per concealed kong: 2
    int32_t zhuazhuang_payer          # ZhuazhuangPayer
    int32_t special_discard_payer     # SpecialDiscardPayer
    int32_t loss_cap                  # the most one player pays in a hand; 0 = no cap
    int32_t special_tianhu            # 30
    int32_t special_qiangjin          # 30
    int32_t special_pinghu_noflower   # 30  平胡 (无花无杠)
    int32_t special_pinghu_oneflower  # 15  平胡 (一张花); 0 = not a special
    int32_t special_sanjindao         # 40
    int32_t special_jinque            # 60
    int32_t special_jinlong           # 120
    int32_t lianzhong_pinghu_bonus    # +10 on a lianzhong special that is also 平胡
    int32_t discard_multiplier        # bianfeng: the discarder pays this × P (2)
    int32_t youjin_mult_discard       # youjin family: the multiplier of a discard win (1)
    int32_t youjin_discard_bonus      # youjin family: B gets +1 on a discard win


cdef inline const FzOptions* fz_options(const RuleSet* r) noexcept nogil:
    """The Fuzhou options of rules that play the fuzhou pack."""
    return <const FzOptions*>r.pack_options
