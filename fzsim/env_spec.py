"""What both agent environments share (fzsim.env's `VecEnv` and the PettingZoo AEC env of
fzsim._aec): the flat observation's layout and the checks of their arguments. Kept apart so that
the AEC module, which imports PettingZoo, needs nothing of fzsim.env.
"""
from __future__ import annotations

import numpy as np

from fzsim.policyspec import check_policies_play
from fzsim_core.obs_planes import FLAT_SIZE, PLANES_DTYPE

#: the flat observation of the AEC env: every plane field but the mask, as int16, in
#: PLANES_DTYPE order — (name, start, stop, shape) of each field in the vector
OBS_FIELDS = []
_start = 0
for _name in PLANES_DTYPE.names:
    if _name == "mask":
        continue
    _shape = PLANES_DTYPE.fields[_name][0].shape
    _size = int(np.prod(_shape)) if _shape else 1
    OBS_FIELDS.append((_name, _start, _start + _size, _shape))
    _start += _size
OBS_FIELDS = tuple(OBS_FIELDS)
#: length of the flat observation vector
OBS_SIZE = _start
del _start, _name, _shape, _size
if OBS_SIZE != FLAT_SIZE:
    raise ImportError(f"fzsim.env_spec: OBS_FIELDS cover {OBS_SIZE} values,"
                      f" obs_planes.flatten writes {FLAT_SIZE}")


def check_opponents(rules, variant: str, opponents, agent_seats) -> None:
    """Refuse an opponent policy the variant's pack does not play, before any table is set up
    (the seats agents play are not checked: their opponents' entries are ignored)."""
    if isinstance(opponents, str) or callable(opponents):
        opponents = (opponents,) * 4
    try:
        seats = dict(enumerate(opponents))
    except TypeError:
        return   # not a policy setting at all: Tables says what it takes
    agents = {s for s in agent_seats if isinstance(s, (int, np.integer))}
    check_policies_play(rules, {f"seat {s}": p for s, p in seats.items() if s not in agents}, variant)


def check_seed(seed) -> int:
    """A root seed as an int, or ValueError naming it and the allowed range."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= int(seed) < 2**64:
        raise ValueError(f"seed must be an integer 0..2**64-1, got {seed!r}")
    return int(seed)


def agent_seat(agent) -> int:
    """The seat of an agent name ``seat_0`` .. ``seat_3``, or ValueError naming it."""
    if isinstance(agent, str) and agent.startswith("seat_") and agent[5:] in ("0", "1", "2", "3"):
        return int(agent[5:])
    raise ValueError(f"{agent!r} is not an agent: allowed 'seat_0' .. 'seat_3'")
