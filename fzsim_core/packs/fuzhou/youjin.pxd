# The 游金 chain (docs/spec/RULES.md §11): who may win how while seats are in 游金, and when a gold is freed.
from fzsim_core.hand cimport Hand
from fzsim_core.rules cimport RuleSet, SCORING_YOUJIN
from fzsim_core.state cimport Game

cdef bint youjin_blocks_win(const Game* g, int s, bint selfdraw, bint from_kong) noexcept nogil
cdef bint is_youjin_wait(const Game* g, Hand* h) noexcept nogil
cdef bint youjin_gold_freed(const Game* g, Hand* h) noexcept nogil


cdef inline int youjin_multiplier(const RuleSet* r, int level) noexcept nogil:
    """The self-draw multiplier of a win at 游金 level 0..3 (only youjin scoring has them)."""
    if r.scoring != SCORING_YOUJIN:
        return 1
    if level == 0:
        return r.youjin_mult_selfdraw
    if level == 1:
        return r.youjin_mult_single
    if level == 2:
        return r.youjin_mult_double
    return r.youjin_mult_triple
