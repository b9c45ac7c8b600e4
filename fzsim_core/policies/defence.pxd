# guard's fold / defend / push rule (defence.pyx), shared by policies/guard and the packs' own guards.
from libc.stdint cimport uint8_t
from fzsim_core.policy cimport Observation

# the chow waits a suited kind k can complete, counted in unseen copies (un: by kind)
cdef int chow_unseen(const uint8_t* un, int k) noexcept nogil

# the danger above which a hand `sh` from ready folds at level `fold`
cdef double fold_at(double fold, int sh) noexcept nogil
# over the discards' shanten (99: not a candidate) and danger: False to push (play greedy), else
# keep[] marks the chosen discards
cdef bint guard_keep(const Observation* o, const int* sh_of, const double* dang, int n, double fold,
                     double fold_margin, double defend_margin, bint* keep) noexcept nogil
