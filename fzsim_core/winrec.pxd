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
    REC_PACK_FIRST = 1            # the packs' own kinds from here on (end-of-hand settlements, payments
                                  # outside a win: seat receives, from_seat pays): each pack declares
                                  # its codes in its own pxd (*_PAY_*) and their names in its
                                  # fzsim/pack_registry.py entry (record_kinds), which checks that no
                                  # two packs share a code

ctypedef struct WinRec:
    int64_t game_id
    int16_t hand
    int8_t order                  # 0, 1, ... in the order of the hand
    int8_t kind                   # REC_WIN or the pack's own kind (REC_PACK_FIRST on)
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
