# The flow of a hand (RULES.md §5, §9): turns, claims by priority, the end of the wall.
from libc.stdint cimport int64_t, uint64_t, uint8_t
from fzsim_core.rules cimport RuleSet
from fzsim_core.tileset cimport TileSet
from fzsim_core.state cimport Game, GameLog, Row

cdef void prepare_game(Game* g, const TileSet* ts, GameLog* log, bint check) noexcept nogil
cdef void init_game(Game* g, const RuleSet* rules, uint64_t root, int64_t game_id, int hand,
                    int dealer, int streak, const uint8_t* wall) noexcept nogil
cdef int play_one_hand(Game* g) noexcept nogil
cdef void advance_match(const RuleSet* r, const Row* row, int* dealer, int* streak) noexcept nogil
