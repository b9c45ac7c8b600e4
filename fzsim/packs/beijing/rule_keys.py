"""The Beijing pack's rule keys (RULES-PACKS §4, options of §9 BJ-A*; `base` is the 底分 d, multi_win is BJ-A8,
next_dealer = "previous" is BJ-A3's literal order).

Declared once, with their ranges and help; their defaults are the core's (declared in
fzsim_core/packs/beijing/options.pyx). `fzsim.rules.FIELDS` gathers them
(in the canonical order) through `fzsim.pack_registry`. A variant of another pack that sets one is
refused."""
from __future__ import annotations

from fzsim_core.packs.beijing.options import DEFAULTS

from fzsim.rule_fields import boolean, enum, integer, of_pack

#: the pack's keys (refused under any other pack: `fzsim.rules.pack_keys`)
KEYS = of_pack("beijing", *(
    enum("bj_north_next", None, ("east", "zhong"),
        "Beijing 惠牌 after a 北 indicator: 东 (winds cycle on their own) or 中 (one cycle 东南西北中发白, BJ-A1)"),
    boolean("bj_indicator_in_reserve", None, "Beijing: the 惠坯 is one of the 14 reserved tiles, 69 live draws"
        " (false: 68, BJ-A4)"),
    integer("bj_haidi_discard", None, 1, 2, "Beijing 海底捞月 on the last discard: 1 番 (literal) or 2 (the fan's value, BJ-A5)"),
    boolean("bj_shaozhuang_on_draw", None, "Beijing: the 烧庄 part is paid on a drawn hand too (BJ-A6)"),
    enum("bj_hubao_count", None, ("chow_pung_kong", "chow_pung"),
        "Beijing 互包: the 嘴 counted, chows + pungs + exposed kongs from a discard, or chows + pungs (BJ-A7)"),
    boolean("bj_sihui_shape", None, "Beijing 四惠牌 also takes the hand's shape fans (BJ-A10; default 8 + 庄 only)"),
    boolean("bj_dihe_after_claims", None, "Beijing 地和 before the winner's first discard even after someone's claim"
        " (literal, BJ-A11; false: only while nobody has claimed)"),
    boolean("bj_zhuowukui_unique", None, "Beijing 捉五魁 needs 5m to be the only winning tile (BJ-A12)"),
    enum("bj_hui_discard", None, ("dead", "natural"),
        "Beijing: a discarded 惠牌 is dead (never claimed or won on), or natural: claimable (chow / pung / kong)"
        " and won on at its face value, a natural tile in that meld or winning hand (BJ-A2)"),
), core=DEFAULTS)
