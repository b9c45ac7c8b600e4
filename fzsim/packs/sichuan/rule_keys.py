"""The Sichuan pack's rule keys (RULES-PACKS §2-§3, options of §9; `base` is the unit b).

Declared once, with their ranges and help; their defaults are the core's (declared in
fzsim_core/packs/sichuan/options.pyx). `fzsim.rules.FIELDS` gathers them
(in the canonical order) through `fzsim.pack_registry`. A variant of another pack that sets one is
refused."""
from __future__ import annotations

from fzsim_core.packs.sichuan.options import DEFAULTS

from fzsim.rule_fields import boolean, enum, integer, of_pack

#: the pack's keys (refused under any other pack: `fzsim.rules.pack_keys`)
KEYS = of_pack("sichuan", *(
    enum("sc_guoshui", None, ("circle_unless_higher", "off"),
        "过水: after declining a discard win no discard win until the own next draw unless it scores more (SC-A5)"),
    integer("sc_longqidui_value", None, 1, 100, "Sichuan 清七对 (seven pairs with four of a kind) 分: 4, or 8 (SC-A1)"),
    boolean("sc_qianggang_base", None, "Sichuan 抢杠 is a 2分 base pattern instead of +1 (SC-A3)"),
    boolean("sc_kong_and_gen", None, "Sichuan: a declared kong scores as a kong and as a 根 (SC-A4)"),
    boolean("sc_chajiao_kongs", None, "Sichuan 查叫: a ready hand's minimum counts its declared kongs (SC-A6)"),
    integer("sc_fan_cap", None, 0, 10, "血战: the 番 cap (M = 2^min(番, cap))"),
    boolean("xz_end_checks_no_winner_only", None, "血战: 查花猪 / 查大叫 only when nobody won (XZ-A2)"),
    boolean("xz_selfdraw_all_pay", None, "血战: a later self-draw is paid by all three others, finished ones too (XZ-A4)"),
    boolean("xz_dajiao_to_winners", None, "血战: 查大叫 pays ready winners too (XZ-A8)"),
    boolean("xz_next_after_discarder", None, "血战: after a win on a discard play goes on after the discarder (XZ-A5)"),
    enum("sc_exchange", None, ("off", "clockwise", "counterclockwise", "across"),
        "Sichuan 换三张 before play (SC-A7): each seat passes three tiles of one suit to the seat before it in"
        " turn order (clockwise), the next one (counterclockwise) or the one opposite (across)"),
    boolean("sc_dingque", None, "Sichuan 定缺 (SC-A7): each seat declares a void suit after the deal, discards it"
        " before any other tile; a win holds none of it and 花猪 is holding it at the end"),
    enum("xz_kong_payments", None, ("off", "commercial"),
        "Sichuan 刮风下雨 (XZ-A7): kongs paid at once (exposed 2b by the discarder, added 1b / concealed 2b by"
        " each unfinished player), refunded by a konger not ready at a drawn hand (退税), moved to the winner on"
        " 杠上炮 (呼叫转移)"),
    boolean("xz_dian_gang_hua_selfdraw", None, "血战 点杠花 (a 杠上花 after konging a discard): paid as a self-draw by"
        " every unfinished opponent (XZ-A9, the commercial servers' reading); false: the konged discarder pays alone,"
        " as in §2 [003:L114]"),
), core=DEFAULTS)
