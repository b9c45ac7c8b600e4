# Observation planes (issue 16): one decision's Observation (policy.pxd) as a fixed-size struct of
# small integers, plus a legal-action mask over a FIXED action space — what the Python hook, the
# PettingZoo env and the vector env hand to agents. The layout is the same for every rule pack: a
# pack with fewer kinds or no wildcard leaves entries at their empty value (0, or -1 for a kind).
#
# The fixed action space: id = type * N_ACTION_SLOTS + slot, type an ActionType (table.pxd) and
# slot the action's kind 0..33, or NO_TILE_SLOT (34) for an action naming no tile (pass, 三金倒).
# So pass is id 34, the discards of kinds 0..33 are 35..68, wins 70..103 (104: 三金倒 with no
# winning tile), and so on up to N_ACTIONS - 1. Unused ids (a pass "of 1m") are never legal.
#
# Per-seat rows are indexed by ABSOLUTE seat (row s = seat s, as in the old dict's `seats`);
# np.roll(x, -seat, axis=0) puts the deciding seat first.
from libc.stdint cimport int8_t, int16_t, uint8_t, uint16_t
from fzsim_core.policy cimport Observation
from fzsim_core.table cimport MAX_ACTIONS, MAX_DISCARDS, MAX_MELDS, NO_TILE

cpdef enum:                       # cpdef: also module constants of fzsim_core.obs_planes
    N_ACTION_TYPES = 12           # ACT_PASS .. ACT_DINGQUE
    N_ACTION_SLOTS = 35           # kinds 0..33 and "no tile"
    NO_TILE_SLOT = 34
    N_ACTIONS = 420               # N_ACTION_TYPES * N_ACTION_SLOTS
    MELD_FIELDS = 3               # (type, kind, source) per meld
    N_OWN_FLOWERS = 15            # the deciding seat's flowers by kind - 27


# Field order is by size then use, so the struct has no padding surprises; PLANES_DTYPE
# (obs_planes.pyx) is built from the compiler's own offsets and checked at import.
ctypedef struct Planes:
    int16_t live                  # live tiles left (the indicator excluded)
    int16_t reserve               # R of RULES §9
    int16_t streak                # the dealer's streak L
    int16_t n_actions             # legal actions this decision
    int16_t action_ids[MAX_ACTIONS]   # their ids in the order the flow offers them, -1 after
    int8_t seat                   # the deciding seat 0..3
    int8_t decision               # Decision (table.pxd); -1 when this seat is not the one deciding
    int8_t dealer
    int8_t claim_tile             # the discard or robbed tile on offer, -1
    int8_t claim_from             # its discarder, -1
    int8_t gold                   # the wild kind, -1 for none
    int8_t golds                  # wilds the deciding seat holds
    int8_t n_kinds                # kinds that can be held (27, or 34 with honours held)
    int8_t last_draw              # the deciding seat's last drawn kind, -1
    int8_t youjin[4]              # every seat's 游金 level (0 none)
    int8_t void_suit[4]           # every seat's 定缺 suit (0 m, 1 p, 2 s), -1 none (option: RULES-PACKS §3.2)
    uint8_t n_flowers[4]          # every seat's flowers set aside
    uint8_t n_melds[4]
    uint8_t n_discards[4]
    uint8_t hand[34]              # the deciding seat's concealed counts, wilds included
    uint8_t seen[34]              # tiles visible to everyone, by kind
    uint8_t own_flowers[N_OWN_FLOWERS]
    int8_t melds[4 * MAX_MELDS * MELD_FIELDS]   # [seat][i] = (MeldType or 0, kind or -1, source or -1)
    int8_t discards[4 * MAX_DISCARDS]           # [seat][i] = kind in discard order, -1 after
    uint8_t mask[N_ACTIONS]       # 1 where the action id is legal


cdef inline int action_id(uint16_t a) noexcept nogil:
    """The fixed-space id of a flow action code, -1 if it has none."""
    cdef int t = a >> 8
    cdef int k = a & 0xFF
    if k == NO_TILE:
        k = NO_TILE_SLOT
    if t >= N_ACTION_TYPES or k > NO_TILE_SLOT:
        return -1
    return t * N_ACTION_SLOTS + k


cdef inline uint16_t action_code(int aid) noexcept nogil:
    """The flow action code of a fixed-space id in 0..N_ACTIONS-1 (the caller checks the range)."""
    cdef int k = aid % N_ACTION_SLOTS
    return <uint16_t>(((aid // N_ACTION_SLOTS) << 8) | (NO_TILE if k == NO_TILE_SLOT else k))


# Fill `out` from one decision (o.decision -1 and n = 0: the view of a seat not deciding); returns 0, or -1 when an action has no id or two actions share
# one (a flow bug: the mask could not tell them apart).
cdef int encode_planes(const Observation* o, const uint16_t* acts, int n,
                       Planes* out) noexcept nogil

# The decoders behind obs_planes.decode, for the Python hook's lazily decoded view (GIL held).
cdef object decode_key(const Planes* p, str key)
cdef list decode_legal(const Planes* p)
# Every field but the mask as int16 in PLANES_DTYPE order (obs_planes.flatten); returns the length.
cdef int flatten_one(const Planes* p, int16_t* o) noexcept nogil
