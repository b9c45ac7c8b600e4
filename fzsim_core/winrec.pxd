# One record per win and per end-of-hand settlement (the results' "wins" table; docs/spec/DESIGN.md "One row
# schema"): a hand of 血战到底 or with 一炮多响 has several wins, a drawn hand its end-of-hand
# settlements (查叫, RULES-PACKS §2.4). Declared once here and, as a numpy dtype, in fzsim_core/winschema.pyx (checked at
# import). The per-hand Row keeps the first win and the four seats' totals.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t

cdef enum:
    MAX_RECORDS = 32              # wins (at most 3), settlement payments (at most 12) and, with the
                                  # kong payments on (RULES-PACKS §3.4), kongs, refunds and 呼叫转移 of a hand
    REC_TILES = 18                # concealed tiles of a winning hand (17 under RULES.md §5), 255-padded
    REC_MELDS = 5

cdef enum RecordKind:
    REC_WIN = 0                   # a win: seat = winner, from_seat = discarder / robbed / lone payer
    REC_CHAJIAO = 1               # 查叫 (drawn hand, RULES-PACKS §2.4): from_seat (not ready) pays seat (ready)
    REC_HUAZHU = 2                # 查花猪 (血战): from_seat (花猪) pays seat
    REC_DAJIAO = 3                # 查大叫 (血战): from_seat (not ready) pays seat (ready)
    REC_SHAOZHUANG = 4            # 烧庄 (RULES-PACKS §4.3): from_seat (the dealer) pays seat its share
    REC_KONG = 5                  # 刮风下雨 (option, RULES-PACKS §3.4): seat konged; from_seat the discarder of an
                                  # exposed kong, -1 when each unfinished seat pays; the kong is the
                                  # record's one meld (and its tile); value 1 once moved by 呼叫转移 or
                                  # refunded (0 while the konger keeps the income)
    REC_KONG_REFUND = 6           # 退税: seat (a konger not ready at a drawn hand) returns a kong's income
    REC_KONG_TRANSFER = 7         # 呼叫转移: from_seat (杠上炮 discarder) hands its last kong's income to seat

ctypedef struct WinRec:
    int64_t game_id
    int16_t hand
    int8_t order                  # 0, 1, ... in the order of the hand
    int8_t kind                   # RecordKind
    int8_t seat                   # the winner (a settlement: who receives)
    int8_t from_seat              # the discarder or the one seat paying; -1 when every other seat pays
    int8_t win_type               # the pack's WinType (settlements: -1)
    int8_t tile                   # the winning tile, -1
    uint32_t flags                # the win's situation flags (the pack's FLAG_* / SC_F_*)
    uint32_t patterns             # the pack's pattern bits (the rules header's packs: the specials counted, RULES.md §6)
    int8_t base_pattern           # the counted base pattern (RULES-PACKS §2.4), -1
    int8_t gen                    # 根 counted (RULES-PACKS §2.4), 0
    int16_t value                 # the hand's value: S (RULES.md §10), 分 or 番 after the cap (RULES-PACKS §2.4, §3.4)
    int32_t points                # what each payer pays (before a loss cap)
    int32_t deltas[4]             # this record's payments, zero-sum
    int8_t n_melds
    uint8_t meld_type[REC_MELDS]  # MeldType
    uint8_t meld_kind[REC_MELDS]
    uint8_t concealed[REC_TILES]  # the winner's concealed tiles by kind, ascending, then 255
