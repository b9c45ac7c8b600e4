# cython: language_level=3
"""The Python policy hook: ``fn(obs: ObservationView, legal: list[tuple]) -> index or tuple``.

The callable sees the same Observation as a compiled policy, encoded once per decision into the
observation planes of fzsim_core.obs_planes (a reused buffer: no numpy array is allocated per
decision). `obs` is a lazily decoded view: ``obs.planes`` / ``obs.mask`` / ``obs.action_ids``
are numpy arrays over that buffer, and the old dict keys (``obs["hand"]``, ``obs.hand``, ...) are
decoded into tile notation only when read. The view and its arrays are valid only during the
call (the buffer is reused for the next decision): reading the view afterwards raises, and
``obs.to_dict()`` / ``obs.planes.copy()`` keep a copy. `legal` is a fresh list of action tuples.

The GIL is taken only for this seat's decisions. An exception (or an answer that is not a legal
action) is stored in the run's error list and ends the hand; the engine raises it. Under
check=True every decision's planes are decoded and compared with the Observation itself.
"""
cimport cython
from libc.stdint cimport uint8_t, uint16_t

import numpy as np

from fzsim_core.policy cimport Observation, Policy, PublicSeat
from fzsim_core.table cimport Seat, act_kind, act_type, NO_TILE
from fzsim_core.obs_planes cimport (N_ACTIONS, Planes, action_code, action_id, decode_key,
                                    decode_legal, encode_planes)

from fzsim_core.obs_planes import ACTIONS, ACTION_TUPLES, DECISIONS, KEYS, MELDS, PLANES_DTYPE

__all__ = ["ObservationView", "ACTIONS", "DECISIONS", "KEYS"]

cdef tuple _ACTION_TUPLES = ACTION_TUPLES
cdef tuple _KEYS = KEYS
cdef frozenset _KEYSET = frozenset(KEYS)


@cython.final
cdef class _Buffer:
    """One reusable plane set and the numpy views over it (made once, not per decision)."""
    cdef object arr               # 0-d array of PLANES_DTYPE
    cdef Planes* p
    cdef object mask, action_ids

    def __cinit__(self):
        self.arr = np.zeros((), dtype=PLANES_DTYPE)
        cdef uint8_t[::1] raw = self.arr.reshape(1).view(np.uint8)
        self.p = <Planes*>&raw[0]
        self.mask = self.arr["mask"]
        self.action_ids = self.arr["action_ids"]


# Free buffers. A callback takes one and gives it back when it returns, so a policy that itself
# plays hands (re-entry) or another thread's callback never writes into a buffer in use.
cdef list _FREE = []


@cython.final
@cython.freelist(8)
cdef class ObservationView:
    """One decision as seen by a Python policy: numpy planes, and notation on demand.

    Arrays: ``planes`` (one record of `fzsim_core.obs_planes.PLANES_DTYPE`), ``mask`` (uint8, one
    entry per fixed action id), ``action_ids`` (the legal ids in the order of `legal`, -1 after
    ``n_actions``). The old observation keys (`KEYS`) read as ``obs["hand"]`` or ``obs.hand``;
    ``obs.legal`` is the legal actions as tuples; ``obs.index(aid)`` the position of a fixed id in
    `legal`. Valid only during the policy call: the buffer is reused afterwards.
    """
    cdef _Buffer buf
    cdef bint valid

    cdef inline const Planes* _p(self) except NULL:
        if not self.valid:
            raise RuntimeError(
                "this observation was read after its policy call returned: the view and its arrays are "
                "reused for the next decision; keep obs.to_dict() or obs.planes.copy() instead")
        return self.buf.p

    @property
    def planes(self):
        self._p()
        return self.buf.arr

    @property
    def mask(self):
        self._p()
        return self.buf.mask

    @property
    def action_ids(self):
        self._p()
        return self.buf.action_ids

    @property
    def n_actions(self):
        return self._p().n_actions

    @property
    def legal(self):
        return decode_legal(self._p())

    def index(self, aid) -> int:
        """The position in `legal` of fixed action id `aid`; ValueError if it is not legal now."""
        cdef const Planes* p = self._p()
        cdef int i
        if isinstance(aid, bool) or not isinstance(aid, (int, np.integer)) or not 0 <= aid < N_ACTIONS:
            raise ValueError(f"seat {p.seat}: action id must be an integer 0..{N_ACTIONS - 1}, got {aid!r}")
        for i in range(p.n_actions):
            if p.action_ids[i] == aid:
                return i
        raise ValueError(f"seat {p.seat}: action id {aid} {_ACTION_TUPLES[aid]} is not legal in this "
                         f"{DECISIONS[p.decision]} decision; legal: {decode_legal(p)}")

    # -- the old dict interface ------------------------------------------------------------
    def __getitem__(self, key):
        if not isinstance(key, str):
            raise KeyError(f"{key!r}: an observation has the keys {_KEYS}")
        return decode_key(self._p(), key)

    def get(self, key, default=None):
        return self[key] if key in _KEYSET else default

    def __contains__(self, key):
        return key in _KEYSET

    def __iter__(self):
        return iter(_KEYS)

    def __len__(self):
        return len(_KEYS)

    def keys(self):
        return _KEYS

    def values(self):
        return [self[k] for k in _KEYS]

    def items(self):
        return [(k, self[k]) for k in _KEYS]

    def to_dict(self) -> dict:
        """The observation in notation as a plain dict (a copy: valid after the call)."""
        cdef const Planes* p = self._p()
        return {k: decode_key(p, k) for k in _KEYS}

    def __repr__(self):
        if not self.valid:
            return "<ObservationView (expired)>"
        return f"<ObservationView {self.to_dict()!r}>"

    # attributes for the old keys
    seat = property(lambda self: self["seat"])
    decision = property(lambda self: self["decision"])
    dealer = property(lambda self: self["dealer"])
    hand = property(lambda self: self["hand"])
    gold = property(lambda self: self["gold"])
    golds = property(lambda self: self["golds"])
    youjin = property(lambda self: self["youjin"])
    tile = property(lambda self: self["tile"])
    last_draw = property(lambda self: self["last_draw"])
    live = property(lambda self: self["live"])
    reserve = property(lambda self: self["reserve"])
    seats = property(lambda self: self["seats"])


# ---- check=True: the planes against the Observation they came from -------------------------

cdef object reference_dict(const Observation* o):
    """The observation in notation read straight from the Observation (the pre-planes hook's
    dict builder), the reference the decoded planes must equal."""
    from fzsim.tiles import fmt, kind_name
    cdef int s, i
    cdef const PublicSeat* p
    cdef const Seat* me = o.me
    seats = []
    for s in range(4):
        p = &o.table[s]
        seats.append(dict(
            melds=[(MELDS[p.melds[i].type - 1], kind_name(p.melds[i].kind)) for i in range(p.n_melds[0])],
            flowers=p.n_flowers[0],
            discards=[kind_name(p.discards[i]) for i in range(p.n_discards[0])],
            void="mps"[p.void_suit[0] - 1] if p.void_suit[0] else None,
        ))
    return dict(
        seat=o.seat, decision=DECISIONS[o.decision], dealer=o.dealer,
        hand=fmt(np.array([me.hand.counts[i] for i in range(34)], dtype=np.uint8)),
        gold=kind_name(o.gold) if o.gold >= 0 else None, golds=me.hand.golds, youjin=me.youjin,
        tile=kind_name(o.claim_tile) if o.claim_tile >= 0 else None,
        last_draw=kind_name(me.last_draw) if me.last_draw >= 0 else None,
        live=o.live, reserve=o.reserve, seats=seats,
    )


cdef int verify_planes(const Observation* o, const uint16_t* acts, int n, const Planes* p) except -1:
    """RuntimeError naming the seat, decision and field where the planes disagree."""
    from fzsim.tiles import kind_name
    cdef int i
    where = f"seat {o.seat} {DECISIONS[o.decision]} decision"
    ref = reference_dict(o)
    for k in _KEYS:
        got = decode_key(p, k)
        if got != ref[k]:
            raise RuntimeError(f"{where}: observation planes give {k}={got!r}, the observation {ref[k]!r}")
    legal = [(ACTIONS[act_type(acts[i])], kind_name(act_kind(acts[i])) if act_kind(acts[i]) != NO_TILE else None)
             for i in range(n)]
    if decode_legal(p) != legal:
        raise RuntimeError(f"{where}: planes give legal actions {decode_legal(p)}, the flow {legal}")
    cdef int ones = 0
    for i in range(N_ACTIONS):
        ones += p.mask[i]
    for i in range(n):
        if action_code(p.action_ids[i]) != acts[i] or not p.mask[p.action_ids[i]]:
            raise RuntimeError(f"{where}: action {legal[i]} (code {acts[i]:#06x}) has id {p.action_ids[i]}, "
                               f"which does not map back or is not in the mask")
    if ones != n:
        raise RuntimeError(f"{where}: the mask has {ones} legal ids for {n} actions")
    return 0


cdef int python_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept with gil:
    """Ask the callable (state -> [fn, errors]); an exception is stored in errors, then -1."""
    cdef void** data = <void**>state
    cdef int i, seat = o.seat
    cdef _Buffer buf
    cdef ObservationView view
    try:
        fn = <object>data[0]
        buf = _FREE.pop() if _FREE else _Buffer()
        view = None
        try:
            if encode_planes(o, acts, n, buf.p) < 0:
                raise RuntimeError(
                    f"seat {seat} {DECISIONS[o.decision]} decision: the flow offered actions with no fixed "
                    f"id or a repeated one: codes {[hex(acts[i]) for i in range(n)]}")
            if o.check:
                verify_planes(o, acts, n, buf.p)
            view = ObservationView.__new__(ObservationView)
            view.buf = buf
            view.valid = True
            legal = [_ACTION_TUPLES[buf.p.action_ids[i]] for i in range(n)]
            answer = fn(view, legal)
        finally:
            if view is not None:
                view.valid = False
            _FREE.append(buf)
        if isinstance(answer, (int, np.integer)) and not isinstance(answer, bool) and 0 <= answer < n:
            return int(answer)
        if isinstance(answer, tuple):
            if answer not in legal:
                raise ValueError(f"policy for seat {seat} chose {answer!r}, not one of the legal actions {legal}")
            return legal.index(answer)
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
