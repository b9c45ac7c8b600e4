# The 国标 pack's own rule options (RULES-PACKS §5, §9 GB-A*; `base` is the 底分, 8): its part of the
# rules, RuleSet.pack_options, read through the accessor below. The keys, ranges and help are
# fzsim/packs/guobiao/rule_keys.py; the defaults are declared once, in options.pyx.
from libc.stdint cimport int32_t
from fzsim_core.rules cimport RuleSet

ctypedef struct GbOptions:
    int32_t gb_min_fan                # §5.3 the minimum fan of a win, flowers excluded: 8
    bint gb_mingangang                # an exposed + a concealed kong is 明暗杠 5 (Botzone, PyMahjongGB), not 明杠 1 + 暗杠 2
    int32_t gb_variant                # GB-A2 walls: 0 rulebook (144 tiles, one wall), 1 botzone (136, no flowers, a wall per seat)
    bint gb_claim_at_wall_end         # GB-A4 (botzone walls): a discard may be chowed / punged / konged when the seat after
                                      # the discarder has an empty wall (the judge: no)
    bint gb_kong_at_wall_end          # GB-A5 (botzone walls): an own-turn kong when the seat's or the next seat's wall is
                                      # empty (the judge: no)


cdef inline const GbOptions* gb_options(const RuleSet* r) noexcept nogil:
    """The 国标 options of rules that play the guobiao pack."""
    return <const GbOptions*>r.pack_options
