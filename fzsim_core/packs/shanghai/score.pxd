# Shanghai scoring (docs/spec/RULES-PACKS.md §1.4): 底分 + 花分 capped at one 勒子 for 碰碰胡 / 混一色, fixed 勒子
# values for the others, the 杠开 / 大吊车 floor, 开宝 and 荒番 doubling score and cap, and the
# payments with 承包. Pure: safe without the GIL.
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t
from fzsim_core.kit.hand34 cimport MjHand
from fzsim_core.packs.shanghai.shapes cimport ShShape

cdef enum:
    SH_F_SELFDRAW = 1
    SH_F_GANGKAI = 2         # 杠开: won on a kong replacement (a self-draw)
    SH_F_ROBBED = 4          # 抢杠: the added-kong player pays 3 shares
    SH_F_BAHUA = 8           # 八花齐 declared on the 8th flower (instant; shape not read)
    SH_CB_EXTRA = 0          # 承包 partner pays on top (SH-A5 default)
    SH_CB_FULL = 1           # the partner alone pays everything

ctypedef struct ShRules:
    ShShape shape
    int16_t base_points      # 底分 2
    int16_t flower_point     # 花分 1 per flower
    int16_t lezi             # 勒子 10
    uint8_t bahua_lezi       # 八花齐 in 勒子: 2 (SH-A9)
    uint8_t floor_cap        # SH-A2 option: 杠开 / 大吊车 also cut a larger hand to one 勒子
    uint8_t stack_max        # SH-A7 option: 开宝 with 荒番 doubles once (default multiplies: x4)
    uint8_t huangfan_pow     # SH-A6 option: 荒番 x 2^H (default x 2)
    uint8_t standalone       # SH-A8 option: 杠开 / 大吊车 make any standard shape a win
    uint8_t chengbao         # SH_CB_EXTRA (default) or SH_CB_FULL

ctypedef struct ShScore:
    int pattern              # the counted pattern (SH_* of shapes.pxd)
    int patterns             # every allowed pattern the hand forms
    int16_t flowers          # F: flower points (flowers, honour pungs / kongs, suited kongs)
    int16_t value            # the pattern's value before floor and multipliers
    int16_t floored          # after the 杠开 / 大吊车 rule
    int16_t mult             # 开宝 x 荒番 multiplier
    int32_t per_payer        # P = floored x mult
    int32_t cap              # the cap that applied: 勒子 x mult for 碰碰胡 / 混一色, else the fixed value x mult
    uint8_t dadiaoche        # four claimed melds, single wait on the pair

cdef void sh_rules_default(ShRules* r) noexcept nogil
# 花 points of the winner: n_flowers + the §1.4 table over melds and concealed honour pungs.
cdef int sh_flower_points(const ShRules* r, const MjHand* h, int n_flowers) noexcept nogil
# Score a win. huangfan: the 荒番 counter H entering the hand (>= 1: a 荒番 hand). Returns -1 (out
# untouched) when the hand is below the minimum (or 八花齐 without 8 flowers).
cdef int sh_evaluate(const ShRules* r, const MjHand* h, int flags, int n_flowers, bint kaibao, int huangfan,
                     ShScore* out) noexcept nogil
# Payments of one win worth P per payer: payer -1 self-draw (each other seat P), else a discard (the
# payer P) or with SH_F_ROBBED in flags a robbed kong (the payer 3P). liable[x] = 承包 relations of
# seat x with the winner (2 when mutual). Adds to deltas[4]; returns the winner's gain.
cdef int32_t sh_win_deltas(const ShRules* r, int32_t per_payer, int winner, int payer, int flags,
                           const uint8_t* liable, int32_t* deltas) noexcept nogil
