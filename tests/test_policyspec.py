"""fzsim.policyspec: the one reading of a per-seat policy setting."""
import pytest

from fzsim.policyspec import assign, policy_seats


def test_every_form():
    assert policy_seats(None) == ("greedy",) * 4
    assert policy_seats("random") == ("random",) * 4
    assert policy_seats("greedy, random,greedy,greedy") == ("greedy", "random", "greedy", "greedy")
    assert policy_seats("all=random,0=greedy") == ("greedy", "random", "random", "random")
    assert policy_seats("random,greedy") == ("greedy",) * 4  # bare names apply to every seat, in order
    assert policy_seats({2: "random"}) == ("greedy", "greedy", "random", "greedy")
    assert policy_seats(["random"]) == ("random",) * 4
    assert policy_seats(("a", "b", "c", "d")) == ("a", "b", "c", "d")
    assert policy_seats(print) == (print,) * 4
    assert assign(["all=random", "0=greedy"]) == ["greedy", "random", "random", "random"]
    assert assign(["*=random", "3 = greedy"]) == ["random", "random", "random", "greedy"]


@pytest.mark.parametrize("spec, match", [
    ("9=greedy", "seat '9' must be 0, 1, 2, 3 or all"), ("0=", "names no policy"),
    ({5: "random"}, "seat 5"), ({True: "random"}, "seat True"), (["greedy"] * 3, "1 or 4 seats"),
    (7, "policies must be"),
])
def test_errors(spec, match):
    with pytest.raises(ValueError, match=match):
        policy_seats(spec)
