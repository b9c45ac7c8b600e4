# cython: language_level=3
"""guard's fold / defend / push rule over a turn's candidate discards, shared by the guard policy
(policies/guard.pyx) and a pack's own guard (packs/<name>/guard.pyx): each brings its own
shanten and danger per discard, this picks the set greedy then chooses among."""
from libc.stdint cimport uint8_t
from fzsim_core.policy cimport Observation, note_fold


cdef inline int min_u(int a, int b) noexcept nogil:
    return a if a < b else b


cdef int chow_unseen(const uint8_t* un, int k) noexcept nogil:
    """The chow waits on suited kind k: over the neighbour pairs (r-2, r-1), (r-1, r+1), (r+1, r+2)
    inside its suit, the fewer unseen copies of the two (un: unseen copies by kind)."""
    cdef int r = k % 9, lo = k - k % 9, chow = 0
    if r >= 2:
        chow += min_u(un[lo + r - 2], un[lo + r - 1])
    if 1 <= r <= 7:
        chow += min_u(un[lo + r - 1], un[lo + r + 1])
    if r <= 6:
        chow += min_u(un[lo + r + 1], un[lo + r + 2])
    return chow


cdef double fold_at(double fold, int sh) noexcept nogil:
    """The danger above which a hand `sh` from ready folds: never when ready, then earlier the
    further it is (a far hand has little to lose by breaking up)."""
    if sh <= 0:
        return 2.0
    if sh == 1:
        return 1.5 * fold
    if sh == 2:
        return fold
    return 0.6 * fold


cdef bint guard_keep(const Observation* o, const int* sh_of, const double* dang, int n, double fold,
                     double fold_margin, double defend_margin, bint* keep) noexcept nogil:
    """Fold / defend / push over the discards i with sh_of[i] < 99 (the shanten they leave) and
    their danger: False to push (every best discard is within defend_margin of the safest);
    else keep[] marks the chosen — folding (the safest within fold_margin, the nearest to ready
    among them, counted as a fold when that costs progress) once the safest best discard is past
    fold_at, else defending (the best discards within defend_margin of the safest)."""
    cdef int i, sh, best_sh = 99
    cdef double min_best = 9.0, min_all = 9.0, max_best = -1.0, limit
    for i in range(n):
        if sh_of[i] < best_sh:
            best_sh = sh_of[i]
    for i in range(n):
        if sh_of[i] == 99:
            continue
        if dang[i] < min_all:
            min_all = dang[i]
        if sh_of[i] == best_sh:
            if dang[i] < min_best:
                min_best = dang[i]
            if dang[i] > max_best:
                max_best = dang[i]
    if min_best > fold_at(fold, best_sh):
        limit = min_all + fold_margin
        sh = 99
        for i in range(n):
            if sh_of[i] != 99 and dang[i] <= limit and sh_of[i] < sh:
                sh = sh_of[i]
        if sh > best_sh:
            note_fold(o)   # a safer tile that costs hand progress: a fold (the row's folds_*)
    else:
        if max_best - min_best <= defend_margin:
            return False
        limit = min_best + defend_margin
        sh = best_sh
    for i in range(n):
        keep[i] = sh_of[i] == sh and dang[i] <= limit
    return True
