"""Fuzhou's own rule keys (docs/spec/RULES.md): 闲金, 游金, the scoring formula's multiplier, flower sets and kongs, 抓庄's payer, the specials and the lianzhong / bianfeng / youjin scoring families' values.

Declared once, with their ranges and help; their defaults are the core's: the pack's options struct
(`fzsim_core/packs/fuzhou/options.pyx`), and for 游金 and its multipliers by level the rules header
(`fzsim_core.rules.HEADER_FIELDS`: the shared flow, legality check and bots read them).
`fzsim.rules.FIELDS` gathers them through `fzsim.pack_registry`. A variant of another pack that sets
one is refused."""
from __future__ import annotations

from fzsim_core.packs.fuzhou.options import DEFAULTS
from fzsim_core.rules import HEADER_FIELDS

from fzsim.rule_fields import POINT_MAX, SPECIAL_MAX, boolean, enum, integer, of_pack

#: the pack's keys (refused under any other pack: `fzsim.rules.pack_keys`)
KEYS = of_pack("fuzhou", *(
    boolean("xianjin_selfdraw_only", None,
        "a 闲金 wait (one gold, waiting on any tile) wins by self-draw only"),
    boolean("youjin", None, "the 游金 chain (单游, 双游, 三游) is played"),
    boolean("must_youjin_with_two_golds", None,
        "with two or more golds a player may only win by 游金 (when youjin is on)"),
    integer("multiplier", None, 0, 100,
        "the x2 of fuzhou (F+K+G+L+base)x2+S, lianzhong Hx2, bianfeng 2P and S+2(F+K+G+L)"),
    integer("flower_set_value", None, 0, POINT_MAX, "F of a complete set of four (four identical, 春夏秋冬 or 梅兰竹菊)"),
    integer("exposed_kong_points", None, 0, POINT_MAX, "K per exposed or added kong"),
    integer("concealed_kong_points", None, 0, POINT_MAX, "K per concealed kong"),
    enum("zhuazhuang_payer", None, ("all", "dealer"),
        "who pays the 抓庄 L part: every payer, or the dealer alone (the others' formula uses L = 0)"),
    enum("special_discard_payer", None, ("all", "discarder"),
        "bianfeng: a special won on a discard is paid by all three (as a self-draw) or by the discarder alone"),
    integer("loss_cap", None, 0, 1_000_000, "the most one player pays in a hand (0 = no cap); the winner gets the capped sum"),
    integer("special_tianhu", None, 0, SPECIAL_MAX, "天胡 (0: not a special)"),
    integer("special_qiangjin", None, 0, SPECIAL_MAX, "抢金"),
    integer("special_pinghu_noflower", None, 0, SPECIAL_MAX, "平胡 (无花无杠)"),
    integer("special_pinghu_oneflower", None, 0, SPECIAL_MAX, "平胡 (一张花)"),
    integer("special_sanjindao", None, 0, SPECIAL_MAX, "三金倒"),
    integer("special_jinque", None, 0, SPECIAL_MAX, "金雀"),
    integer("special_jinlong", None, 0, SPECIAL_MAX, "金龙"),
    integer("lianzhong_pinghu_bonus", None, 0, SPECIAL_MAX, "lianzhong: +this on 抢金/三金倒/金雀 that is also 平胡"),
    integer("discard_multiplier", None, 0, 100, "bianfeng: the discarder pays this x P"),
    integer("youjin_mult_discard", None, 0, POINT_MAX, "youjin multiplier of a discard win"),
    integer("youjin_mult_selfdraw", None, 0, POINT_MAX, "youjin multiplier of a self-draw"),
    integer("youjin_mult_single", None, 0, POINT_MAX, "youjin multiplier of 单游"),
    integer("youjin_mult_double", None, 0, POINT_MAX, "youjin multiplier of 双游"),
    integer("youjin_mult_triple", None, 0, POINT_MAX, "youjin multiplier of 三游"),
    integer("youjin_discard_bonus", None, 0, POINT_MAX, "youjin: B gets +this on a discard win"),
), core={**HEADER_FIELDS, **DEFAULTS})
