# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Tile notation and count arrays -> validated counts, in C: the one tile parser of fzsim.

``123m456p789s`` for suited tiles, ``1z``..``7z`` for 东南西北白发中, ``1f``..``8f`` for
春夏秋冬梅兰竹菊; whitespace between groups is ignored. The text is scanned in place (no
regular expression, no temporary array); a count array is read through the buffer protocol
whatever its integer dtype or strides. Errors are ``ValueError`` naming the bad part and what
is allowed. ``fzsim.tiles`` re-exports the Python functions; ``fzsim_core.wintables`` cimports
the C ones (notation.pxd) for its validated entry points.
"""
from cpython.buffer cimport PyBUF_RECORDS_RO, PyBuffer_Release, PyObject_CheckBuffer, PyObject_GetBuffer
from libc.stdint cimport int64_t, uint8_t
from libc.string cimport memset

import operator
import sys

import numpy as np

from fzsim_core.tiles cimport FLOWER_BASE, N_HAND_KINDS, N_KINDS

cdef extern from *:
    """
    /* suit letter -> base kind, ranks and copies; index 0..4 = m p s z f */
    static const int FZ_SUIT_BASE[5] = {0, 9, 18, 27, 34};
    static const int FZ_SUIT_RANKS[5] = {9, 9, 9, 7, 8};
    static const char FZ_SUIT_CHARS[6] = "mpszf";
    """
    const int FZ_SUIT_BASE[5]
    const int FZ_SUIT_RANKS[5]
    const char FZ_SUIT_CHARS[6]

cdef bint LITTLE_ENDIAN = sys.byteorder == "little"


cdef inline int _suit(Py_UCS4 ch) noexcept:
    """0..4 for m p s z f, -1 for any other letter."""
    if ch == u'm':
        return 0
    if ch == u'p':
        return 1
    if ch == u's':
        return 2
    if ch == u'z':
        return 3
    if ch == u'f':
        return 4
    return -1


cdef inline bint _ascii_digit(Py_UCS4 ch) noexcept:
    return u'0' <= ch <= u'9'


cdef inline bint _ascii_letter(Py_UCS4 ch) noexcept:
    return (u'a' <= ch <= u'z') or (u'A' <= ch <= u'Z')


cdef inline int _copies(int kind) noexcept:
    return 1 if kind >= FLOWER_BASE else 4


cdef object _index(object value, str what):
    """`value` as a Python int (ints, numpy integers, bools), else ValueError naming it."""
    try:
        return operator.index(value)
    except TypeError:
        raise ValueError(f"{what} {value!r} is not an integer") from None


def kind_name(kind) -> str:
    """Notation of one kind index, e.g. ``kind_name(13) == "5p"``."""
    k = _index(kind, "tile kind")
    if not 0 <= k < N_KINDS:
        raise ValueError(f"tile kind {kind!r} out of range: allowed 0..{N_KINDS - 1}")
    return _name(k)


cdef str _name(int kind):
    cdef int s = 4 if kind >= 34 else kind // 9
    return f"{kind - FZ_SUIT_BASE[s] + 1}{chr(FZ_SUIT_CHARS[s])}"


cdef int scan_notation(str text, int* counts, list seq) except -1:
    # The grammar of the former regular expression ``\s*([0-9]+)([a-zA-Z])|\s*(\S+)``: at each
    # step skip whitespace, then read ASCII digits and one ASCII letter; anything else up to the
    # next whitespace is the bad part.
    cdef Py_ssize_t n = len(text), i = 0, j, k, e, d
    cdef int s, rank
    cdef Py_UCS4 ch
    while True:
        j = i
        while j < n and text[j].isspace():
            j += 1
        if j >= n:
            return 0
        k = j
        while k < n and _ascii_digit(text[k]):
            k += 1
        if k > j and k < n and _ascii_letter(text[k]):
            ch = text[k]
            s = _suit(ch)
            if s < 0:
                raise ValueError(f"cannot read {text[j:k + 1]!r} in {text!r}: unknown suit letter {ch!r}"
                                 f" (allowed m, p, s, z, f)")
            for d in range(j, k):
                rank = <int>text[d] - 48
                if not 1 <= rank <= FZ_SUIT_RANKS[s]:
                    raise ValueError(f"rank {rank} is not a {ch} tile in {text[j:k + 1]!r}: "
                                     f"allowed 1..{FZ_SUIT_RANKS[s]}")
                counts[FZ_SUIT_BASE[s] + rank - 1] += 1
                if seq is not None:
                    seq.append(FZ_SUIT_BASE[s] + rank - 1)
            i = k + 1
            continue
        e = j
        while e < n and not text[e].isspace():
            e += 1
        junk = text[j:e]
        if text[j].isdigit():
            raise ValueError(f"digits {junk!r} have no suit letter in {text!r} (use m, p, s, z or f)")
        raise ValueError(f"cannot read {junk!r} in {text!r}: expected digits followed by m, p, s, z or f")


cdef str _as_text(object text):
    if type(text) is str:
        return <str>text
    if isinstance(text, str):
        return str(text)
    if isinstance(text, (bytes, bytearray)):
        try:
            return bytes(text).decode("ascii")
        except UnicodeDecodeError:
            raise ValueError(f"tile notation {text!r} is not ASCII") from None
    raise TypeError(f"tile notation must be a str, got {type(text).__name__}")


cdef int _parse_checked(object text, int* counts) except -1:
    """Scan into zeroed counts[42] and check every kind against its copies."""
    cdef str t = _as_text(text)
    cdef int k
    memset(counts, 0, N_KINDS * sizeof(int))
    scan_notation(t, counts, None)
    for k in range(N_KINDS):
        if counts[k] > _copies(k):
            raise ValueError(f"{counts[k]} copies of {_name(k)} in {t!r}: the tile set has only {_copies(k)}")
    return 0


cdef int parse_into(object text, uint8_t* out42) except -1:
    cdef int counts[N_KINDS]
    cdef int k
    _parse_checked(text, counts)
    for k in range(N_KINDS):
        out42[k] = <uint8_t>counts[k]
    return 0


def parse(text) -> np.ndarray:
    """Parse tile notation into a 42-long ``uint8`` count array.

    Raises ``ValueError`` naming the bad part for an unknown suit letter, rank 0, a rank above
    the suit's range (9 suited, 7 honours, 8 flowers), digits with no suit letter, or more
    copies of a kind than the tile set holds (4, flowers 1); ``TypeError`` for a non-str.
    """
    out = np.empty(N_KINDS, dtype=np.uint8)
    cdef uint8_t[::1] view = out
    parse_into(text, &view[0])
    return out


def parse_sequence(text) -> list:
    """Tiles in notation as kind indices, order kept: ``"31m 2z"`` -> [2, 0, 28] (3m, 1m, 南).
    Checks the syntax and ranks, not the copies (a wall or scenario checks those itself)."""
    cdef int counts[N_KINDS]
    cdef list seq = []
    memset(counts, 0, sizeof(counts))
    scan_notation(_as_text(text), counts, seq)
    return seq


def kind_index(name) -> int:
    """Kind index of one tile in notation, e.g. ``kind_index("5p") == 13``."""
    return _kind_of(name)


cdef int _kind_of(object name) except -1:
    cdef int counts[N_KINDS]
    cdef int k, total = 0, kind = -1
    _parse_checked(name, counts)
    for k in range(N_KINDS):
        if counts[k]:
            total += counts[k]
            kind = k
    if total != 1:
        raise ValueError(f"expected exactly one tile, got {name!r}")
    return kind


cdef int gold_kind(object gold) except -2:
    cdef int k
    if gold is None:
        return -1
    if isinstance(gold, (bool, np.bool_)):   # True would otherwise pass as the index 1
        raise ValueError(f"gold {gold!r} must be a kind in notation (\"5p\"), a kind index 0..33 or None")
    if isinstance(gold, (str, bytes)):
        k = _kind_of(gold)
        if k >= N_HAND_KINDS:
            raise ValueError(f"gold {gold!r} must be a suited or honour kind (1m..9s, 1z..7z)")
        return k
    value = _index(gold, "gold")
    if not -1 <= value < N_HAND_KINDS:
        raise ValueError(f"gold {gold!r} must be a suited or honour kind (1m..9s, 1z..7z: 0..33), "
                         f"or -1 / None for no gold")
    return <int>value


def gold_index(gold) -> int:
    """A gold kind given as notation (``"5p"``), a kind index or None, as an index (-1 for none)."""
    return gold_kind(gold)


# ---------------------------------------------------------------------------------------------
# Count arrays

cdef int _int_format(const char* fmt) noexcept:
    """1 signed integer, 2 unsigned, 3 bool, 0 anything else (read through the slow path)."""
    if fmt[0] == b'@' or fmt[0] == b'=' or (fmt[0] == b'<' and LITTLE_ENDIAN):
        fmt += 1
    if fmt[0] == 0 or fmt[1] != 0:
        return 0
    if fmt[0] in b"bhilq":
        return 1
    if fmt[0] in b"BHILQ":
        return 2
    if fmt[0] == b'?':
        return 3
    return 0


cdef inline int64_t _read(const char* p, Py_ssize_t size, int kind) noexcept:
    if kind == 1:
        if size == 1:
            return (<const signed char*>p)[0]
        if size == 2:
            return (<const short*>p)[0]
        if size == 4:
            return (<const int*>p)[0]
        return (<const long long*>p)[0]
    if size == 1:
        return (<const unsigned char*>p)[0]
    if size == 2:
        return (<const unsigned short*>p)[0]
    if size == 4:
        return (<const unsigned int*>p)[0]
    # an unsigned 64-bit count above 2**63 reads as negative: out of range either way
    return <int64_t>(<const unsigned long long*>p)[0]


cdef int _fill_counts(object hand, const int64_t* v, Py_ssize_t n, uint8_t* out34) except -1:
    """Check 34/42 counts (flowers zero, each 0..4) and copy the first 34."""
    cdef Py_ssize_t k
    if n == N_KINDS:
        for k in range(N_HAND_KINDS, N_KINDS):
            if v[k]:
                raise ValueError(f"flower {_name(k)} cannot be held in a hand")
    for k in range(N_HAND_KINDS):
        if v[k] < 0 or v[k] > 4:
            raise ValueError(f"count {np.asarray(hand)[k]} of {_name(k)} is out of range: allowed 0..4")
        out34[k] = <uint8_t>v[k]
    return 0


cdef int _buffer_counts(object hand, uint8_t* out34) except -1:
    """1 after reading an integer buffer, 0 if `hand` is no integer buffer (caller converts)."""
    cdef Py_buffer view
    cdef int64_t v[N_KINDS]
    cdef Py_ssize_t k, n
    cdef int kind
    if PyObject_GetBuffer(hand, &view, PyBUF_RECORDS_RO) < 0:
        return 0
    try:
        kind = _int_format(view.format) if view.format != NULL else 2
        if kind == 0:
            return 0
        if view.ndim != 1 or view.shape[0] not in (N_HAND_KINDS, N_KINDS):
            shape = []
            for k in range(view.ndim):
                shape.append(view.shape[k])
            raise ValueError(f"a hand is 34 or 42 counts, got shape {tuple(shape)}")
        n = view.shape[0]
        for k in range(n):
            v[k] = _read(<const char*>view.buf + k * view.strides[0], view.itemsize, kind)
        _fill_counts(hand, v, n, out34)
        return 1
    finally:
        PyBuffer_Release(&view)


cdef int _sequence_counts(object hand, uint8_t* out34) except -1:
    """1 after reading a list/tuple of 34 or 42 Python ints, 0 for anything else (slow path)."""
    cdef int64_t v[N_KINDS]
    cdef Py_ssize_t k, n = len(hand)
    if n != N_HAND_KINDS and n != N_KINDS:
        return 0
    for k in range(n):
        item = hand[k]
        if type(item) is not int or not -1000 < item < 1000:
            return 0
        v[k] = <int64_t>item
    _fill_counts(hand, v, n, out34)
    return 1


cdef int hand_counts_into(object hand, uint8_t* out34) except -1:
    cdef int counts[N_KINDS]
    cdef int k
    if isinstance(hand, (str, bytes)):
        _parse_checked(hand, counts)
        for k in range(N_HAND_KINDS, N_KINDS):
            if counts[k]:
                raise ValueError(f"flower {_name(k)} cannot be held in a hand")
        for k in range(N_HAND_KINDS):
            out34[k] = <uint8_t>counts[k]
        return 0
    if PyObject_CheckBuffer(hand) and _buffer_counts(hand, out34):
        return 0
    if (type(hand) is list or type(hand) is tuple) and _sequence_counts(hand, out34):
        return 0
    # lists, tuples, float or object arrays: whole-number counts only
    try:
        raw = np.asarray(hand)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"a hand is tile notation or 34/42 counts, got {type(hand).__name__}: {exc}") from None
    if raw.ndim != 1 or raw.shape[0] not in (N_HAND_KINDS, N_KINDS):
        raise ValueError(f"a hand is 34 or 42 counts, got shape {raw.shape}")
    if raw.dtype.kind == "f":
        bad = np.flatnonzero(~np.isfinite(raw) | (raw != np.floor(raw)))
        if len(bad):
            k = int(bad[0])
            raise ValueError(f"hand counts must be whole numbers, got {raw[k]} at index {k}")
    elif raw.dtype.kind not in "biuO":
        raise ValueError(f"a hand is tile notation or 34/42 integer counts, got dtype {raw.dtype}")
    try:
        arr = np.ascontiguousarray(raw, dtype=np.int64)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValueError(f"hand counts must be integers: {exc}") from None
    if not _buffer_counts(arr, out34):
        raise AssertionError("unreachable: an int64 array is an integer buffer")
    return 0


def hand_counts(hand) -> np.ndarray:
    """A hand given as notation or a 34/42-long count array, as 34 ``uint8`` counts.

    Raises ``ValueError`` for flowers in a hand, negative counts, more than 4 of a kind, a
    wrong length or non-integer counts.
    """
    out = np.empty(N_HAND_KINDS, dtype=np.uint8)
    cdef uint8_t[::1] view = out
    hand_counts_into(hand, &view[0])
    return out
