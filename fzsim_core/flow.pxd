# The flow of a hand (docs/spec/RULES.md §5, §9) as a resumable state machine: turns, claims by priority,
# the end of the wall. A decision is posted in Game.pend (state.pxd); where the flow stopped is
# Game.flow, plain data, so a copy of a Game resumes from the same point.
from libc.stdint cimport int64_t, uint64_t, uint8_t
from fzsim_core.rules cimport RuleSet
from fzsim_core.tileset cimport TileSet
from fzsim_core.state cimport Game, GameLog, Pack, Row

cdef void prepare_game(Game* g, const TileSet* ts, GameLog* log, bint check) noexcept nogil
# dst = a copy of src resuming from the same point (log: dst's own, or NULL).
cdef void copy_game(Game* dst, const Game* src, GameLog* log) noexcept nogil
cdef void init_game(Game* g, const RuleSet* rules, uint64_t root, int64_t game_id, int hand,
                    int dealer, int streak, const uint8_t* wall) noexcept nogil
# Run the hand set up by init_game until a seat must choose: ST_DECIDE with Game.pend filled
# (more than one legal action), ST_END when the hand is over, ST_ERR on error. Idempotent.
cdef int advance(Game* g) noexcept nogil
# Take g.pend.acts[choice] for the pending seat and run on as advance does.
cdef int apply(Game* g, int choice) noexcept nogil
# Answer decisions with the seats' policies until a seat in the bit mask agent_seats must choose
# (ST_DECIDE) or the hand ends; play_one_hand is play_until(g, 0).
cdef int play_until(Game* g, unsigned int agent_seats) noexcept nogil
cdef int play_one_hand(Game* g) noexcept nogil
# The dealer, streak and match counter (row.carry: 荒番 of RULES-PACKS §1.4, 0 in the other packs) of the
# match's next hand after `row` (root: the run's seed, for a random dealer). The caller puts
# carry into the next hand's g.row.carry after init_game.
cdef void advance_match(const Pack* pack, const RuleSet* r, const Row* row, uint64_t root, int* dealer,
                        int* streak, int* carry) noexcept nogil
