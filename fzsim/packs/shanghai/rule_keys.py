"""The Shanghai pack's rule keys (RULES-PACKS §1, options of §9 SH-A*; `base` is the 底分, `flower_point` the
花分, `reserve_base` the dead wall): the options of fzsim.packs.shanghai.calculator.OPTIONS with sh_ before them.

Declared once, with their ranges and help; their defaults are the core's (declared in
fzsim_core/packs/shanghai/options.pyx). `fzsim.rules.FIELDS` gathers them
(in the canonical order) through `fzsim.pack_registry`. A variant of another pack that sets one is
refused."""
from __future__ import annotations

from fzsim_core.packs.shanghai.options import DEFAULTS

from fzsim.rule_fields import boolean, enum, integer, of_pack

#: the pack's keys (refused under any other pack: `fzsim.rules.pack_keys`)
KEYS = of_pack("shanghai", *(
    integer("sh_lezi", None, 1, 10_000, "Shanghai 勒子, the cap of 碰碰胡 / 混一色 and the unit of the fixed patterns"),
    integer("sh_bahua_lezi", None, 1, 16, "Shanghai 八花齐 in 勒子 (SH-A9)"),
    enum("sh_gangkai_over_lezi", None, ("keep", "cap"),
        "Shanghai 杠开 / 大吊车 on a hand at or over one 勒子: keep its value, or cut it to one 勒子 (SH-A2)"),
    enum("sh_kaibao_huangfan_stack", None, ("multiply", "max"),
        "Shanghai 开宝 with 荒番: the multipliers multiply (x4), or double once (SH-A7)"),
    enum("sh_huangfan_mult", None, ("x2", "pow2"), "Shanghai 荒番 doubles (x2), or multiplies by 2^H (SH-A6)"),
    boolean("sh_dadiaoche_standalone", None, "Shanghai 杠开 / 大吊车 make any standard shape a win (SH-A8)"),
    enum("sh_chengbao", None, ("extra", "full"),
        "Shanghai 承包: the partner pays on top of the normal payers, or alone pays everything (SH-A5)"),
    boolean("sh_feng_includes_dragons", None, "Shanghai 风向牌 are all honours (off: winds only, SH-A3)"),
    boolean("sh_fengyise_shape", None, "Shanghai 风一色 needs 4 sets + a pair (SH-A4; default: any 14 honours)"),
    boolean("sh_xiajia_can_kong", None, "the discarder's 下家 may kong the discard (SH-A10; off: pung / chow only)"),
    enum("sh_multi_ron_dealer", None, ("nearest_winner", "after_nearest_winner"),
        "Shanghai: after several wins on one discard the nearest winner deals, or that winner's 下家 (SH-A1)"),
    enum("sh_huangfan_multi_ron", None, ("once", "per_winner"),
        "Shanghai: a hand won by several lowers 荒番 once, or once per winner (SH-A6)"),
    enum("sh_chengbao_claims", None, ("chow_pung_kong", "chow_pung"),
        "Shanghai 承包 counts chows, pungs and exposed kongs from a discard, or chows and pungs (SH-A5)"),
    boolean("sh_louhu", None, "Shanghai 漏胡: a declined discard win bars that kind until the seat's next draw or claim"),
    boolean("sh_bahua_optional", None, "Shanghai 八花齐 may be declined to play on (off: taken at once)"),
), core=DEFAULTS)
