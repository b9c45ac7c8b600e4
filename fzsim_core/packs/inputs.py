"""Validation of a described hand's melds, shared by the packs' Python wrappers (the
bot kit's `mj_load`, a pack's own loader): each pack then checks what only it forbids."""
import numpy as np


def check_melds(melds, names: dict, max_type: int, n_kinds: int, kinds_text: str) -> list:
    """melds as [(type, kind)] ints: at most 4, type a name of `names` or 0..max_type, kind
    0..n_kinds-1 (`kinds_text` says so in the error); ValueError naming the bad meld."""
    melds = list(melds)
    if len(melds) > 4:
        raise ValueError(f"{len(melds)} melds: a hand has at most 4")
    out = []
    for m in melds:
        try:
            mtype, kind = m
        except (TypeError, ValueError):
            raise ValueError(f"meld {m!r}: expected (type, kind)") from None
        mtype = names.get(mtype, mtype)
        if isinstance(mtype, bool) or not isinstance(mtype, (int, np.integer)) or not 0 <= mtype <= max_type:
            raise ValueError(f"meld {m!r}: type must be one of {', '.join(names)} or 0..{max_type}")
        if isinstance(kind, bool) or not isinstance(kind, (int, np.integer)) or not 0 <= kind < n_kinds:
            raise ValueError(f"meld {m!r}: kind must be {kinds_text}")
        out.append((int(mtype), int(kind)))
    return out
