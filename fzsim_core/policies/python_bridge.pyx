# cython: language_level=3
"""The Python policy hook: ``fn(observation: dict, legal: list[tuple]) -> index or tuple``.

The callable sees the same Observation as a compiled policy, as a dict in tile notation; the GIL
is taken only for this seat's decisions. An exception (or an answer that is not a legal action)
is stored in the run's error list and ends the hand; the engine raises it.
"""
from libc.stdint cimport uint16_t

import numpy as np

from fzsim_core.policy cimport Observation, Policy, PublicSeat
from fzsim_core.table cimport Seat, act_kind, act_type, NO_TILE

#: Decision names (the `decision` field of the observation), by Decision value.
DECISIONS = ("turn", "after_claim", "discard_win", "claim", "rob_kong", "opening_win", "dealer_qiangjin")
#: Action type names (the first element of a legal-action tuple), by ActionType value.
ACTIONS = ("pass", "discard", "win", "concealed_kong", "added_kong", "pung", "kong", "chow", "qiangjin", "youjin")
_MELDS = ("chow", "pung", "kong", "added_kong", "concealed_kong")


cdef object action_tuple(uint16_t a):
    from fzsim.tiles import kind_name
    cdef int k = act_kind(a)
    return (ACTIONS[act_type(a)], kind_name(k) if k != NO_TILE else None)


cdef object observation_dict(const Observation* o):
    from fzsim.tiles import fmt, kind_name
    cdef int s, i
    cdef const PublicSeat* p
    cdef const Seat* me = o.me
    seats = []
    for s in range(4):
        p = &o.table[s]
        seats.append(dict(
            melds=[(_MELDS[p.melds[i].type - 1], kind_name(p.melds[i].kind)) for i in range(p.n_melds[0])],
            flowers=p.n_flowers[0],
            discards=[kind_name(p.discards[i]) for i in range(p.n_discards[0])],
        ))
    return dict(
        seat=o.seat, decision=DECISIONS[o.decision], dealer=o.dealer,
        hand=fmt(np.array([me.hand.counts[i] for i in range(34)], dtype=np.uint8)),
        gold=kind_name(o.gold) if o.gold >= 0 else None, golds=me.hand.golds, youjin=me.youjin,
        tile=kind_name(o.claim_tile) if o.claim_tile >= 0 else None,
        last_draw=kind_name(me.last_draw) if me.last_draw >= 0 else None,
        live=o.live, reserve=o.reserve, seats=seats,
    )


cdef int python_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept with gil:
    """Ask the callable (state -> [fn, errors]); an exception is stored in errors, then -1."""
    cdef void** data = <void**>state
    cdef int i, seat = o.seat
    try:
        fn = <object>data[0]
        legal = [action_tuple(acts[i]) for i in range(n)]
        answer = fn(observation_dict(o), legal)
        if isinstance(answer, tuple):
            if answer not in legal:
                raise ValueError(f"policy for seat {seat} chose {answer!r}, not one of the legal actions {legal}")
            return legal.index(answer)
        if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool) and 0 <= answer < n:
            return int(answer)
        raise ValueError(
            f"policy for seat {seat} returned {answer!r}: allowed an index 0..{n - 1} or one of {legal}")
    except BaseException as exc:
        (<list>data[1]).append(exc)
        return -1


cdef void python_policy(Policy* p, object fn, list errors):
    """Bind `fn` (borrowed: the caller keeps it and `errors` alive while the hand is played)."""
    p.data[0] = <void*>fn
    p.data[1] = <void*>errors
    p.state = &p.data[0]
    p.choose = python_choose
