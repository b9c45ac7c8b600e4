import numpy as np
import pytest

import fzsim
from fzsim.tiles import as_hand_counts, gold_index


def test_parse_and_fmt_round_trip():
    text = "123m456p789s1z7z1f8f"
    counts = fzsim.parse(text)
    assert counts.shape == (42,) and counts.dtype == np.uint8
    assert counts.sum() == 13
    assert fzsim.fmt(counts) == "123m456p789s17z18f"
    assert fzsim.fmt(fzsim.parse(fzsim.fmt(counts))) == fzsim.fmt(counts)
    assert fzsim.fmt(fzsim.parse("9m 1m 5m  3p")) == "159m3p"


def test_kind_indices():
    assert fzsim.kind_index("1m") == 0
    assert fzsim.kind_index("5p") == 13
    assert fzsim.kind_index("9s") == 26
    assert fzsim.kind_index("7z") == 33
    assert fzsim.kind_index("8f") == 41
    assert [fzsim.kind_name(k) for k in (0, 13, 26, 27, 34)] == ["1m", "5p", "9s", "1z", "1f"]


def test_glyphs():
    assert fzsim.fmt(fzsim.parse("1m1p1s1z7z1f5f"), glyphs=True) == "🀇🀙🀐🀀🀄🀦🀢"


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("123x", "unknown suit letter 'x'"),
        ("0m", "rank 0"),
        ("123", "no suit letter"),
        ("11111m", "5 copies of 1m"),
        ("9f", "rank 9 is not a f tile"),
        ("8z", "rank 8 is not a z tile"),
        ("11f", "2 copies of 1f"),
        ("12m!", "cannot read '!'"),
    ],
)
def test_parse_errors_name_the_bad_part(text, fragment):
    with pytest.raises(ValueError, match=None) as info:
        fzsim.parse(text)
    assert fragment in str(info.value)


def test_hand_counts_validation():
    assert as_hand_counts("123m").shape == (34,)
    with pytest.raises(ValueError, match="flower 1f"):
        as_hand_counts("123m1f")
    bad = np.zeros(34, dtype=np.int64)
    bad[5] = 5
    with pytest.raises(ValueError, match="count 5 of 6m"):
        as_hand_counts(bad)
    assert gold_index(None) == -1
    assert gold_index("5p") == 13
    with pytest.raises(ValueError, match="gold"):
        gold_index("1f")


def test_fmt_refuses_non_integer_counts():
    with pytest.raises(ValueError, match="integers"):
        fzsim.fmt(np.full(34, 0.5))
