# The 游金 chain (docs/spec/RULES.md §11), a mechanism of the games with a gold that the flow, the legality
# check and the bots share (the rules header's `youjin` options): who may win how while seats are in 游金,
# when a gold is freed, and what each level multiplies a self-draw by.
from fzsim_core.hand cimport Hand
from fzsim_core.rules cimport RuleSet
from fzsim_core.packs.registry cimport SCORING_YOUJIN
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
