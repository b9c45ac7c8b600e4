# The Fuzhou pack's scoring families (docs/spec/RULES.md §10): one win's facts -> its score, zero-sum.
from fzsim_core.rules cimport RuleSet
from fzsim_core.win_facts cimport WinFacts, ScoreResult

cdef void score_win(const RuleSet* rules, const WinFacts* win, ScoreResult* out) noexcept nogil
