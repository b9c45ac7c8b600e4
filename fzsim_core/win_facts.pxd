# What a win is, for every pack: its type, the flow's flags, the special wins the engine and the 金
# tables establish (docs/spec/RULES.md §6), and the facts a scoring reads (WinFacts -> ScoreResult).
# A pack scores its wins through its own hooks (state.pxd Pack.score_win); a pack whose scoring prices
# WinFacts hands it to the generic value policy as Pack.score_facts. The names of these values for
# Python: win_facts.pyx.
from libc.stdint cimport int8_t, int32_t, uint8_t, uint32_t
from fzsim_core.rules cimport RuleSet

cdef enum WinType:
    WIN_NONE = 0          # drawn hand (荒牌)
    WIN_SELFDRAW = 1      # 自摸 (incl. kong replacement, last-group automatic wins)
    WIN_DISCARD = 2       # 放胡 / 捉铳
    WIN_ROBBED_KONG = 3   # 抢杠胡: the robbed player pays as a discarder
    WIN_QIANGJIN = 4      # 抢金 (scored as self-draw)
    WIN_SANJINDAO = 5     # 三金倒 (scored as self-draw)
    WIN_TIANHU = 6        # 天胡 (scored as self-draw)

# Special wins (§6) as bits; several may hold, scoring counts the largest.
cdef enum Special:
    SP_TIANHU = 1
    SP_QIANGJIN = 2
    SP_SANJINDAO = 4
    SP_JINQUE = 8
    SP_JINLONG = 16
    SP_PINGHU_NOFLOWER = 32    # set by score_win from the flowers and kongs
    SP_PINGHU_ONEFLOWER = 64   # set by score_win from the flowers and kongs

# Flags recorded on every win (§6), no bonus by default.
cdef enum WinFlag:
    FLAG_SELFDRAW = 1
    FLAG_KONG_REPLACEMENT = 2  # 杠上花
    FLAG_ROBBED_KONG = 4       # 抢杠
    FLAG_LAST_TILE = 8         # 海底: won on the last drawable tile
    FLAG_XIANJIN = 16          # won from a 闲金 wait
    FLAG_LAST_GROUP = 32       # automatic win in the last group (§9)
    # bits from 64 up are a pack's own (packs/<name>/pack: its RECORD_FLAGS name them)

cdef enum:
    N_FLOWER_SLOTS = 15        # kinds 27..41 (honours when they are flowers, then 1f..8f)

ctypedef struct WinFacts:
    int8_t winner
    int8_t dealer
    int8_t discarder           # -1 unless WIN_DISCARD / WIN_ROBBED_KONG
    uint8_t win_type           # WinType
    uint32_t specials          # SP_* bits established by the engine (not the 平胡 bits)
    uint8_t flowers[N_FLOWER_SLOTS]  # the winner's flowers by kind - 27
    uint8_t exposed_kongs      # exposed + added kongs of the winner
    uint8_t concealed_kongs
    uint8_t golds              # G: golds in the winning hand, a robbed indicator included
    uint8_t dealer_streak      # L: consecutive wins of the current dealer before this hand
    uint8_t youjin_level       # 0 none, 1 单游, 2 双游, 3 三游

ctypedef struct ScoreResult:
    int32_t F
    int32_t K
    int32_t G
    int32_t L                  # L as it counted (0 for a non-dealer winner without 抓庄)
    int32_t S                  # the special value that counted
    uint32_t specials          # every special that applies (SP_* bits incl. 平胡)
    uint32_t special_counted   # the one SP_* bit S came from, 0 if none
    int32_t deltas[4]          # per seat, zero-sum

# A scoring of one win from its facts (deltas zero-sum); ScoreResult's fields as the scoring counted them.
ctypedef void (*ScoreFactsFn)(const RuleSet* rules, const WinFacts* win, ScoreResult* out) noexcept nogil
