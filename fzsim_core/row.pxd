# One hand's result row: the C struct the flow fills. Its columns are declared once, by
# fzsim_core/schema.pyx (a numpy dtype laid out exactly like this struct, checked at import);
# play_block, storage, HandResult and the analysis derive their columns from it.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint32_t, uint64_t

ctypedef struct Row:
    int64_t game_id
    int16_t hand
    uint64_t wall_digest
    int8_t dealer
    int16_t streak
    int8_t gold
    int8_t outcome
    int8_t winner
    int8_t discarder
    int8_t win_type
    uint32_t specials
    uint32_t special_counted
    uint32_t flags
    int8_t youjin_level
    int16_t F
    int16_t K
    int16_t G
    int16_t L
    int16_t S
    int32_t deltas[4]
    int16_t turns
    int16_t tiles_left
    int8_t flowers[4]
    int8_t golds[4]
    int8_t claims[4]              # chows, pungs and exposed kongs called, per seat
    int8_t declines[4]            # wins offered and declined, per seat (self-draw, discard, opening)
    int8_t n_wins                 # wins in the hand (several in 血战到底 / 一炮多响; the row holds the first)
    int8_t folds[4]               # discards chosen for safety over the best offensive one, per seat
    int8_t dice                   # the opening dice as 10 d1 + d2 (a pack that rolls them: 开宝, RULES-PACKS §1.1), 0
    int16_t carry                 # the match counter entering the hand (荒番 H, RULES-PACKS §1.4), 0
    int8_t winners                # a bit per seat that won (1 << seat): several on one discard
    int8_t dealins[4]             # wins on this seat's discard or robbed kong, per seat (one per winner)
