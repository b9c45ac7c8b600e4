# The 国标 / MCR fan evaluator (docs/spec/RULES-PACKS.md §5.4): one winning hand in, every fan counted out.
#
# A pure function of its input, no GIL, no Python objects: gb_evaluate chooses, over every
# reading of the hand (each decomposition, each place of the winning tile, each special shape),
# the one scoring highest under the five principles (不重复, 不拆移, 不得相同, 就高不就低, 套算一次).
from libc.stdint cimport int8_t, int16_t, uint8_t
from fzsim_core.packs.guobiao.shapes cimport GbSet

cdef enum:
    GB_N_FANS = 83           # fan ids 1..81 in the rulebook's order, 82 明暗杠 (option), 0 unused
    GB_FAN_MINGANGANG = 82
    GB_FAN_FLOWERS = 81
    GB_FAN_CHICKEN = 43      # 无番和

# How the hand was won (bits of GbHand.flags).
cdef enum GbFlag:
    GB_SELFDRAW = 1          # 自摸 (kong replacement included); else won on a discard
    GB_ROBBED_KONG = 2       # 抢杠和 (a discard-type win)
    GB_KONG_REPLACEMENT = 4  # 杠上开花 (self-draw, at least one declared kong)
    GB_LAST_TILE = 8         # the wall's last tile: 妙手回春 (self-draw) / 海底捞月 (discard)
    GB_FOURTH_TILE = 16      # 和绝张: the other three copies were visible
    GB_MINGANGANG = 32       # option: one exposed + one concealed kong is 明暗杠 5 (PyMahjongGB,
                             # Botzone) instead of the rulebook's 明杠 1 + 暗杠 2

# gb_evaluate's return value.
cdef enum GbStatus:
    GB_OK = 0
    GB_ERR_COUNT = -1        # concealed size is not 14 - 3 × melds
    GB_ERR_FIVE = -2         # more than 4 of a kind, melds included
    GB_ERR_WIN_TILE = -3     # the winning tile is not among the concealed tiles
    GB_ERR_NOT_WIN = -4      # no winning shape
    GB_ERR_FLAGS = -5        # flags that cannot hold together (see fans.pyx gb_check_flags)
    GB_ERR_MELD = -6         # a declared set that is not one (chow beyond 7, honour chow, ...)

ctypedef struct GbHand:
    uint8_t counts[34]       # the concealed tiles, the winning tile included
    GbSet melds[4]           # declared sets; exposed = 0 only for a concealed kong
    uint8_t n_melds
    uint8_t win_tile         # kind 0..33
    uint8_t flags            # GbFlag bits
    uint8_t flowers          # 0..8, 花牌 1 fan each, outside the 8-fan minimum
    uint8_t seat_wind        # 0..3 = 东南西北 (门风)
    uint8_t round_wind       # 0..3 (圈风)

ctypedef struct GbFans:
    int16_t total            # every fan, flowers included
    int16_t base             # without flowers: the 8-fan minimum applies to this
    uint8_t count[GB_N_FANS] # times each fan id counted

# The fans of one winning hand; GB_OK or a negative GbStatus (then `out` is zero).
cdef int gb_evaluate(const GbHand* h, GbFans* out) noexcept nogil
