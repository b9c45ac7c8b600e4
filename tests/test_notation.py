"""fzsim_core.notation: the one tile parser, against the regular-expression parser it replaced,
and its reading of count arrays (every integer dtype, strides, lists) and gold kinds."""
import re

import numpy as np
import pytest

from fzsim_core import notation

# --- the former pure-Python parser (fzsim.tiles.parse before the core took it over) ----------
_GROUP = re.compile(r"\s*([0-9]+)([a-zA-Z])|\s*(\S+)")
_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}
_RANKS = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_COPIES = [4] * 34 + [1] * 8


def old_parse(text):
    counts = [0] * 42
    seq = []
    for match in _GROUP.finditer(text):
        digits, suit, junk = match.groups()
        if junk is not None:
            raise ValueError("digits" if junk[0].isdigit() else "junk")
        if suit not in _BASE:
            raise ValueError("suit")
        for ch in digits:
            rank = int(ch)
            if not 1 <= rank <= _RANKS[suit]:
                raise ValueError("rank")
            counts[_BASE[suit] + rank - 1] += 1
            seq.append(_BASE[suit] + rank - 1)
    return counts, seq


def _kind_of_error(message):
    if "copies" in message:
        return "copies"
    if "unknown suit letter" in message:
        return "suit"
    if message.startswith("rank"):
        return "rank"
    if message.startswith("digits"):
        return "digits"
    return "junk"


def test_parser_agrees_with_the_former_regex_parser_on_random_text():
    rng = np.random.default_rng(2026)
    alphabet = list("0123456789mpszf" * 3) + list("xMZ !\t\n\u3000\u00a0٣²,-")
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet, int(rng.integers(0, 14))))
        try:
            want, want_seq = old_parse(text)
            want_err = None
        except ValueError as exc:
            want_err = str(exc)
        try:
            got_seq = notation.parse_sequence(text)
            seq_err = None
        except ValueError as exc:
            seq_err = _kind_of_error(str(exc))
        assert seq_err == want_err, text
        if want_err is None:
            assert got_seq == want_seq, text
            over = [k for k in range(42) if want[k] > _COPIES[k]]
            if over:
                with pytest.raises(ValueError, match=f"{want[over[0]]} copies of {notation.kind_name(over[0])}"):
                    notation.parse(text)
            else:
                assert notation.parse(text).tolist() == want, text


@pytest.mark.parametrize("text, fragment", [
    ("123x", "cannot read '123x'"), ("123x", "unknown suit letter 'x'"), ("1M", "unknown suit letter 'M'"),
    ("0m", "rank 0 is not a m tile in '0m'"), ("123", "digits '123' have no suit letter"),
    ("12m!", "cannot read '!'"), ("11111m", "5 copies of 1m"), ("11f", "2 copies of 1f"),
])
def test_error_messages_name_the_bad_part(text, fragment):
    with pytest.raises(ValueError) as info:
        notation.parse(text)
    assert fragment in str(info.value)


def test_types_bytes_and_kinds():
    with pytest.raises(TypeError, match="must be a str"):
        notation.parse(123)
    assert notation.parse(b"123m").tolist() == notation.parse("123m").tolist()
    with pytest.raises(ValueError, match="not ASCII"):
        notation.parse("1m".encode() + b"\xff")
    assert [notation.kind_name(k) for k in (0, 13, 27, 33, 34, 41)] == ["1m", "5p", "1z", "7z", "1f", "8f"]
    assert all(notation.kind_index(notation.kind_name(k)) == k for k in range(42))
    for bad in ("11m", "", "1m2m"):
        with pytest.raises(ValueError, match="exactly one tile"):
            notation.kind_index(bad)
    with pytest.raises(ValueError, match="out of range"):
        notation.kind_name(42)


def test_gold_index_forms_and_errors():
    assert notation.gold_index(None) == -1 and notation.gold_index(-1) == -1
    assert notation.gold_index("5p") == 13 == notation.gold_index(np.int8(13)) == notation.gold_index(b"5p")
    for bad in ("1f", 34, -2, 10**30, "55p", "5x"):
        with pytest.raises(ValueError):
            notation.gold_index(bad)


INT_DTYPES = [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64, bool,
              ">i4", "<i8"]


@pytest.mark.parametrize("dtype", INT_DTYPES)
def test_hand_counts_reads_every_integer_dtype_and_stride(dtype):
    want = notation.hand_counts("123m456p789s11z")
    src = want.astype(np.int64) if dtype is not bool else (want > 0).astype(np.int64)
    arr = src.astype(dtype)
    assert notation.hand_counts(arr).tolist() == src.tolist()
    strided = np.zeros(68, dtype=dtype)
    strided[::2] = arr
    assert notation.hand_counts(strided[::2]).tolist() == src.tolist()
    assert notation.hand_counts(arr[::-1][::-1]).tolist() == src.tolist()
    assert notation.hand_counts(list(src)).tolist() == src.tolist()


def test_hand_counts_refuses_bad_arrays():
    good = notation.hand_counts("123m")
    cases = [
        (np.zeros(33, np.uint8), "34 or 42 counts"), (np.zeros((2, 34), np.uint8), "34 or 42 counts"),
        (np.zeros(0), "34 or 42 counts"), (np.array(5), "34 or 42 counts"),
        (np.r_[good, np.zeros(8, np.uint8)] + np.eye(42, dtype=np.uint8)[40], "flower 7f"),
        (good.astype(np.int8) - 1, "count -1 of 4m"), (good + 4, "count 5 of 1m"),
        (good.astype(np.uint64) + np.uint64(2**63), "of 1m is out of range"),
        (np.full(34, 0.5), "whole numbers"), (np.full(34, np.nan), "whole numbers"),
        (np.array(["1"] * 34), "dtype"), ([None] * 34, "integers"), ([1] * 33, "34 or 42"),
        (object(), "34 or 42"),
    ]
    for value, match in cases:
        with pytest.raises(ValueError, match=match):
            notation.hand_counts(value)


def test_kind_and_gold_indices_must_be_integers():
    assert notation.kind_name(np.int64(13)) == "5p" and notation.gold_index(np.uint8(13)) == 13
    for bad in (1.5, "1", None):
        with pytest.raises(ValueError, match="is not an integer"):
            notation.kind_name(bad)
    with pytest.raises(ValueError, match="gold 5.0 is not an integer"):
        notation.gold_index(5.0)
