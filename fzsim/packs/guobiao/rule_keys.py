"""The 国标 pack's rule keys (RULES-PACKS §5, options of §9; `base` is the 底分).

Declared once, with their ranges and help; their defaults are the core's (declared in
fzsim_core/packs/guobiao/options.pyx). `fzsim.rules.FIELDS` gathers them
(in the canonical order) through `fzsim.pack_registry`. A variant of another pack that sets one is
refused."""
from __future__ import annotations

from fzsim_core.packs.guobiao.options import DEFAULTS

from fzsim.rule_fields import boolean, enum, integer, of_pack

#: the pack's keys (refused under any other pack: `fzsim.rules.pack_keys`)
KEYS = of_pack("guobiao", *(
    integer("gb_min_fan", None, 1, 88, "国标: the fewest fans a win needs, flowers excluded (a win under it is never offered)"),
    boolean("gb_mingangang", None, "国标: an exposed + a concealed kong is 明暗杠 5 (Botzone, PyMahjongGB) instead of"
        " the rulebook's 明杠 1 + 暗杠 2"),
    enum("gb_variant", None, ("rulebook", "botzone"),
        "国标 walls (GB-A2): rulebook (144 tiles with 8 flowers, one wall drawn to the last tile) or botzone"
        " (136 tiles, no flowers, one 34-tile wall per seat: each seat draws from its own, the hand is drawn"
        " when the seat to draw has none left)"),
    boolean("gb_claim_at_wall_end", None, "国标 Botzone walls: a discard may be chowed, punged or konged when the seat"
        " after the discarder has an empty wall (false: the judge's rule, no claim but a win, GB-A4)"),
    boolean("gb_kong_at_wall_end", None, "国标 Botzone walls: an own-turn kong when the seat's own or the next seat's"
        " wall is empty (false: the judge's rule, no such kong, GB-A5)"),
), core=DEFAULTS)
