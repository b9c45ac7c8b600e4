# The Sichuan / 血战 pack's own rule options (RULES-PACKS §2, §3, §9 SC-A* / XZ-A*; `base` is the unit
# b): its part of the rules, RuleSet.pack_options, read through the accessor below. The keys, ranges
# and help are fzsim/packs/sichuan/rule_keys.py; the defaults are declared once, in options.pyx.
from libc.stdint cimport int32_t
from fzsim_core.rules cimport RuleSet

cdef enum ScGuoshui:
    SC_GUOSHUI_UNLESS_HIGHER = 0      # no discard win until the own next draw unless it scores more
    SC_GUOSHUI_OFF = 1

cdef enum ScExchange:                 # 换三张 (SC-A7 option): off, or where each seat's three tiles go
    SC_EXCHANGE_OFF = 0
    SC_EXCHANGE_CLOCKWISE = 1         # to the seat before it in turn order, (s + 3) % 4 (its 上家)
    SC_EXCHANGE_COUNTERCLOCKWISE = 2  # to the next seat in turn order, (s + 1) % 4 (its 下家)
    SC_EXCHANGE_ACROSS = 3            # to the seat opposite, (s + 2) % 4

cdef enum XzKongPayments:             # 刮风下雨 (XZ-A7 option)
    XZ_KONG_PAYMENTS_OFF = 0
    XZ_KONG_PAYMENTS_COMMERCIAL = 1   # paid at once; 退税 at a drawn hand; 呼叫转移 on 杠上炮

ctypedef struct ScOptions:
    int32_t sc_guoshui                # ScGuoshui
    int32_t sc_longqidui_value        # §2 清七对 (= 龙七对) 分: 4 (SC-A1 option 8)
    bint sc_qianggang_base            # §2 抢杠 as a 2分 base pattern instead of +1 (SC-A3)
    bint sc_kong_and_gen              # §2 a declared kong counts as a kong and as a 根 (SC-A4)
    bint sc_chajiao_kongs             # §2 查叫 values count declared kongs (SC-A6)
    int32_t sc_fan_cap                # §3 番 cap: 3
    bint xz_end_checks_no_winner_only # §3 查花猪 / 查大叫 only when nobody won (XZ-A2)
    bint xz_selfdraw_all_pay          # §3 a later self-draw is paid by all three others (XZ-A4)
    bint xz_dajiao_to_winners         # §3 大叫 is paid to ready winners too (XZ-A8)
    bint xz_next_after_discarder      # §3 after a win by several, play goes on after the discarder (XZ-A5)
    int32_t sc_exchange               # ScExchange: 换三张 before 定缺 (SC-A7), off by default
    bint sc_dingque                   # 定缺: each seat declares a void suit after the deal (SC-A7)
    int32_t xz_kong_payments          # XzKongPayments (XZ-A7), off by default
    bint xz_dian_gang_hua_selfdraw    # 血战 点杠花 paid as a self-draw by every unfinished opponent (XZ-A9); off: the konged
                                      # discarder pays alone, as §2


cdef inline const ScOptions* sc_options(const RuleSet* r) noexcept nogil:
    """The Sichuan / 血战 options of rules that play the sichuan pack."""
    return <const ScOptions*>r.pack_options
