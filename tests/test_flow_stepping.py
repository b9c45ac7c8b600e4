"""The flow as a resumable state machine (fzsim_core.flow advance / apply), through HandStepper:
a hand answered decision by decision plays exactly the hand the engine plays on its own, a copy
resumes from the same point independently, and bad calls raise clear errors."""
import random

import pytest

from fzsim_core.engine import ACTIONS, DECISIONS, HandStepper, play_hand_raw
from fzsim_core.rules import Rules
from fzsim_core.wall import first_dealer

ALL = (0, 1, 2, 3)


def stepper(game_id, policies="greedy", agents=ALL, **kw):
    return HandStepper(Rules(), 11, game_id, 0, first_dealer(11, game_id), 0, policies, agents, **kw)


def engine_row(game_id, policies="greedy", log=False):
    return play_hand_raw(Rules(), 11, game_id, 0, first_dealer(11, game_id), 0, policies, None, log, True)


@pytest.mark.parametrize("policy", ["greedy", "random"])
def test_answering_with_the_seats_own_policies_replays_the_engine(policy):
    for game_id in range(60):
        st = stepper(game_id, policy, log=True, check=True)
        decisions = 0
        while not st.done:
            assert len(st.legal) > 1   # single-option decisions are taken without asking
            st.apply(st.suggest())
            decisions += 1
        row, events = engine_row(game_id, policy, log=True)
        assert st.row() == row and st.events() == events
        assert decisions > 0


def test_python_choices_through_apply_equal_a_python_policy():
    """The same choices made by a Python callable inside the engine and through apply."""
    for game_id in range(40):
        rng = random.Random(game_id)

        def pick(obs, legal):
            return rng.randrange(len(legal))

        row, events = engine_row(game_id, pick, log=True)
        rng = random.Random(game_id)
        st = stepper(game_id, "greedy", log=True, check=True)
        while not st.done:
            assert ACTIONS[st.legal[0][0]] and DECISIONS[st.decision]
            st.apply(rng.randrange(len(st.legal)))
        assert st.row() == row and st.events() == events


def test_only_agent_seats_are_asked():
    for game_id in range(30):
        st = stepper(game_id, "random", agents=(2,), check=True)
        while not st.done:
            assert st.seat == 2
            st.apply(0)
        full = stepper(game_id, "random", agents=(), check=True)
        assert full.done and full.seat is None and full.legal == ()


def test_a_copy_resumes_from_the_same_point_independently():
    for game_id in range(20):
        st = stepper(game_id, "greedy", log=True, check=True)
        for _ in range(8):
            if st.done:
                break
            st.apply(st.suggest())
        if st.done:
            continue
        twin = st.copy()
        other = st.copy()
        while not other.done:   # a different line of play in one copy ...
            other.apply(len(other.legal) - 1)
        while not st.done:      # ... leaves the original and the other copy untouched
            st.apply(st.suggest())
        while not twin.done:
            twin.apply(twin.suggest())
        assert st.row() == twin.row() == engine_row(game_id)[0]
        assert st.events() == twin.events()


def test_bad_calls_raise_clear_errors():
    st = stepper(3, "greedy")
    with pytest.raises(ValueError, match="choice 99 for seat"):
        st.apply(99)
    with pytest.raises(ValueError, match="is not an index"):
        st.apply(True)
    while not st.done:
        st.apply(0)
    with pytest.raises(ValueError, match="no decision is pending"):
        st.apply(0)
    with pytest.raises(ValueError, match="no decision is pending"):
        st.suggest()
    with pytest.raises(ValueError, match="agents must be seats"):
        stepper(3, agents=(4,))
    with pytest.raises(ValueError, match="has not ended"):
        stepper(4).row()


def test_the_rows_claim_and_decline_counts_follow_the_decisions():
    """claims_s counts seat s's chows, pungs and exposed kongs; declines_s the wins it was offered
    and passed — counted here from the decisions a Python policy made."""
    for game_id in range(40):
        rng = random.Random(game_id)
        declines = [0] * 4

        def pick(obs, legal):
            i = rng.randrange(len(legal))
            if legal[0][0] in ("win", "qiangjin") and legal[i][0] not in ("win", "qiangjin"):
                declines[obs["seat"]] += 1
            return i

        row, events = engine_row(game_id, pick, log=True)
        for s in range(4):
            calls = sum(1 for t, seat, _, _ in events if seat == s and t in (8, 9, 10))   # chow, pung, kong
            assert row[f"claims_{s}"] == calls
            assert row[f"declines_{s}"] == declines[s]
