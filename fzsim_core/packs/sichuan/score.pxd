# Sichuan scoring (docs/spec/RULES-PACKS.md §2.4 四川 additive 分; §3.4 血战 番 → 2^番 capped at 3) and the
# end-of-hand settlements (查叫 §2.4; 查花猪 then 查大叫 §3.4). Pure: every function reads only its
# arguments, so it is safe without the GIL.
from libc.stdint cimport int8_t, int16_t, int32_t, uint8_t, uint32_t
from fzsim_core.packs.sichuan.shapes cimport ScHand

cdef enum:
    # patterns (bit i of ScScore.patterns); which count, and for how much, depends on the preset
    SC_P_PINGHU = 0          # 平胡
    SC_P_DUIDUI = 1          # 对对胡 / 大对子: every set a pung or kong
    SC_P_QINGYISE = 2        # 清一色
    SC_P_YAOJIU = 3          # 幺九 / 带幺九: every set and the pair hold a 1 or a 9
    SC_P_QIDUI = 4           # 七对
    SC_P_LONGQIDUI = 5       # 龙七对 (§2's "清七对 as defined"): 七对 holding four of a kind
    SC_P_QINGDUI = 6         # 清对: one-suit 对对胡
    SC_P_JIANGDUI = 7        # 将对: 对对胡 of 2 / 5 / 8 only
    SC_P_QINGQIDUI = 8       # 清七对 (血战): one-suit 七对
    SC_P_QINGYAOJIU = 9      # 清幺九
    SC_P_QINGLONGQIDUI = 10  # 清龙七对
    SC_P_TIANHU = 11         # 天胡
    SC_P_DIHU = 12           # 地胡
    SC_P_QIANGGANG = 13      # 抢杠胡 as a base pattern (§2 option SC-A3 only)
    SC_N_PATTERNS = 14
    # how the hand was won (flags)
    SC_F_SELFDRAW = 1
    SC_F_KONG_FLOWER = 2     # 杠上花: the kong replacement completed it
    SC_F_KONG_DISCARD = 4    # 杠上炮: the discard right after the discarder's kong replacement
    SC_F_ROBBED = 8          # 抢杠: robbing an added kong
    SC_F_TIANHU = 16
    SC_F_DIHU = 32
    # settlement kinds (ScPayment.kind), which are the pack's record kinds (winrec.pxd WinRec.kind;
    # their names: the sichuan entry's record_kinds in fzsim/pack_registry.py)
    SC_PAY_WIN = 0
    SC_PAY_CHAJIAO = 1       # 查叫 (§2, drawn hand): from_seat (not ready) pays seat (ready)
    SC_PAY_HUAZHU = 2        # 查花猪 (§3): from_seat (花猪) pays seat
    SC_PAY_DAJIAO = 3        # 查大叫 (§3): from_seat (not ready) pays seat (ready)
    SC_PAY_KONG = 5          # 刮风下雨 (option, §3.4): seat konged; from_seat the discarder of an
                             # exposed kong, -1 when each unfinished seat pays; the kong is the
                             # record's one meld (and its tile); value 1 once moved by 呼叫转移 or
                             # refunded (0 while the konger keeps the income)
    SC_PAY_KONG_REFUND = 6   # 退税: seat (a konger not ready at a drawn hand) returns a kong's income
    SC_PAY_KONG_TRANSFER = 7  # 呼叫转移: from_seat (杠上炮 discarder) hands its last kong's income to seat
    # (codes are allotted across the packs: fzsim/pack_registry.py checks that no two share one)
    SC_MAX_PAYMENTS = 12

ctypedef struct ScRules:
    uint8_t xuezhan          # 0: 四川 standard (additive 分); 1: 血战 (番, 2^番)
    uint8_t longqidui_value  # §2 清七对 (= 龙七对) value: 4 (default) or 8 (SC-A1)
    uint8_t qianggang_base   # §2 SC-A3: 0 抢杠 +1 addition (default); 1 a 2分 base pattern
    uint8_t kong_and_gen     # §2 SC-A4: 0 a declared kong is its own 根 (default); 1 count both
    uint8_t chajiao_kongs    # §2 SC-A6: 1 查叫 value counts declared kongs (default); 0 not
    uint8_t fan_cap          # §3: 3
    uint8_t end_checks       # §3 XZ-A2: 0 whenever the wall ends with unfinished players; 1 only if nobody won
    uint8_t dajiao_to_winners  # §3 XZ-A8: 0 大叫 is paid to ready unfinished seats (default); 1 winners too
    int32_t base             # the unit (b / 房间系数)

ctypedef struct ScScore:
    uint32_t patterns        # every pattern of the counted reading that this preset scores
    int8_t base_pattern      # the counted (largest) base pattern
    int16_t base             # its value
    int8_t gen               # 根 counted (kongs included where they count as 根; 龙七对 −1)
    int8_t kongs             # declared kongs counted on their own (§2: +1 each)
    int16_t additions        # everything summed onto the base
    int16_t raw              # base + additions (分, or 番 before the cap)
    int16_t value            # 分 (§2) or 番 after the cap (§3)
    int32_t unit             # what each payer pays per base unit: 分, or 2^番

ctypedef struct ScPayment:
    int8_t payer
    int8_t receiver
    uint8_t kind
    int32_t amount

# Default rules of the preset (xuezhan 0/1) with unit `base`.
cdef void sc_rules_default(ScRules* r, bint xuezhan, int base) noexcept nogil
# Score a winning hand: the reading (standard readings, seven pairs) with the highest value.
# flags: SC_F_*. Returns -1 (out untouched) if the hand is not a Sichuan win.
cdef int sc_evaluate(const ScRules* r, const ScHand* h, int flags, ScScore* out) noexcept nogil
# ... of a hand the caller knows to be a Sichuan win (a wait of its 13-tile hand added): no check
cdef int sc_evaluate_win(const ScRules* r, const ScHand* h, int flags, ScScore* out) noexcept nogil
# Value of a 13 - 3 n tile hand's best (want_max) or worst wait with no situational flags, as
# (分 or capped 番; unit in *unit); -1 if the hand is not ready.
cdef int sc_wait_value(const ScRules* r, const ScHand* h, bint want_max, int32_t* unit) noexcept nogil
# Payments of one win: payer >= 0 pays alone (discard, 抢杠, 点杠花), else every seat in
# payers_mask other than the winner pays. Adds to deltas[4]; returns the winner's gain.
cdef int32_t sc_win_deltas(const ScScore* s, int base, int winner, int payer, int payers_mask,
                           int32_t* deltas) noexcept nogil
# End-of-hand settlement over the four seats' final hands (won[i]: seat i has won; its hand as it
# stood before its winning tile, read only under dajiao_to_winners): 查叫 for §2,
# 查花猪 then 查大叫 for §3. Adds to deltas[4], writes up to SC_MAX_PAYMENTS payments to out,
# returns their count.
cdef int sc_end_settle(const ScRules* r, const ScHand* hands, const uint8_t* won, int32_t* deltas,
                       ScPayment* out) noexcept nogil
