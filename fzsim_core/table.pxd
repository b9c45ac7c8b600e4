# The table's plain types (docs/spec/RULES.md §2-§10): decisions, actions, melds, seats, log events.
#
# Shared by the game state (state.pxd), the policies (policy.pxd) and the flow. Plain structs
# only, copyable by value; the small helpers on them are inline.
from libc.stdint cimport int8_t, uint8_t, uint16_t, uint64_t
from fzsim_core.hand cimport Hand

cdef enum:
    MAX_MELDS = 5
    MAX_EVENTS = 1024
    MAX_ACTIONS = 48
    MAX_DISCARDS = 48

cdef enum MeldType:
    MELD_CHOW = 1                 # kind = lowest tile
    MELD_PUNG = 2
    MELD_EXPOSED_KONG = 3         # 明杠 from a discard
    MELD_ADDED_KONG = 4           # 补杠 onto an exposed pung
    MELD_CONCEALED_KONG = 5       # 暗杠

# An action is (type << 8) | kind.
cdef enum ActionType:
    ACT_PASS = 0
    ACT_DISCARD = 1
    ACT_WIN = 2                   # kind = the winning tile (or -1 encoded as 255 for 三金倒 without one)
    ACT_CONCEALED_KONG = 3
    ACT_ADDED_KONG = 4
    ACT_PUNG = 5
    ACT_EXPOSED_KONG = 6
    ACT_CHOW = 7                  # kind = lowest tile of the chow
    ACT_QIANGJIN = 8              # dealer's 抢金: kind = the tile discarded for the indicator
    ACT_YOUJIN = 9                # 游金 (§11): discard kind to enter, or discard a drawn gold to go up a level
    ACT_EXCHANGE = 10             # 换三张 (option, RULES-PACKS §3.2): kind = one of the three tiles passed
    ACT_DINGQUE = 11              # 定缺 (option, RULES-PACKS §3.2): kind = 9 x the suit declared void (its 1: 1m 万, 1p 筒, 1s 条)

# What a policy is being asked.
cdef enum Decision:
    DEC_TURN = 0                  # own turn with 3n+2 tiles: win / kong / discard
    DEC_AFTER_CLAIM = 1           # after a chow or pung: discard only
    DEC_DISCARD_WIN = 2           # win on another seat's discard, or pass
    DEC_CLAIM = 3                 # pung / exposed kong / chow on a discard, or pass
    DEC_ROB_KONG = 4              # 抢杠: win on an added kong, or pass
    DEC_OPENING_WIN = 5           # opening window: 天胡 / 三金倒 / 抢金, or pass
    DEC_DEALER_QIANGJIN = 6       # opening window: dealer 抢金 (which tile to give up), or pass
    DEC_EXCHANGE = 7              # opening window (换三张): the next tile to pass, of one suit
    DEC_DINGQUE = 8               # opening window (定缺): the suit to declare void
    N_DECISIONS = 9

# Log events (seat -1 = table).
cdef enum EventType:
    EV_DEAL = 1                   # seat, tile: one dealt tile
    EV_FLOWER = 2                 # seat, tile: flower set aside
    EV_REPLACE = 3                # seat, tile: replacement draw from the tail
    EV_GOLD_FLIP = 4              # tile flipped at the tail; arg 1 = a flower, given to the dealer
    EV_GOLD = 5                   # tile: the gold kind (the indicator)
    EV_DRAW = 6                   # seat, tile
    EV_DISCARD = 7                # seat, tile
    EV_CHOW = 8                   # seat, tile = lowest, arg = claimed tile
    EV_PUNG = 9                   # seat, tile, arg = discarder
    EV_EXPOSED_KONG = 10          # seat, tile, arg = discarder
    EV_CONCEALED_KONG = 11
    EV_ADDED_KONG = 12
    EV_DECLINE = 13               # seat, tile: declined a win on this tile (arg = Decision)
    EV_LAST_GROUP = 14            # arg = draws in the last group
    EV_WIN = 15                   # seat, tile (winning tile or -1), arg = WinType
    EV_DRAWN = 16                 # hand drawn (荒牌); arg 0 wall exhausted, 1 replacement into reserve
    EV_QIANGJIN_GIVE = 17         # seat (dealer), tile given up for the indicator
    EV_YOUJIN = 18                # seat, tile discarded, arg = the 游金 level reached (1 单游, 2 双游, 3 三游)
    EV_SETTLE = 19                # seat = payer, tile = receiver, arg = the settlement's kind (WinRec.kind)
    EV_EXCHANGE = 20              # seat passes tile to seat arg (换三张)
    EV_DINGQUE = 21               # seat declares suit arg void (定缺)

ctypedef struct Event:
    uint8_t type
    int8_t seat
    int8_t tile
    int8_t arg

ctypedef struct Meld:
    uint8_t type                  # MeldType
    uint8_t kind
    int8_t source                 # seat claimed from, -1 for concealed/added

ctypedef struct Seat:
    Hand hand
    Meld melds[MAX_MELDS]
    int n_melds
    uint8_t flowers[15]           # by kind - 27
    int n_flowers
    int exposed_kongs             # exposed + added
    int concealed_kongs
    uint64_t guoshui_mask         # 过水: kinds this seat may not win on from a discard
    uint64_t wait_mask            # kinds completing the 3n+1 hand (refreshed after each own discard)
    uint64_t pung_mask            # kinds of this seat's exposed pungs (for added kongs)
    bint discarded_gold
    int youjin                    # 游金 level: 0 none, 1 单游, 2 双游, 3 三游 (hand locked while > 0)
    bint finished                 # has won and left the hand (血战到底: play goes on without it)
    int declined_value            # value of the discard win it last declined since its own draw, -1
    uint8_t discards[MAX_DISCARDS]
    int n_discards
    int last_draw                 # kind of the last tile drawn, -1
    uint8_t claims_from[4]        # discards this seat claimed (chow, pung, exposed kong) from
                                  # each seat this hand (承包 RULES-PACKS §1.4, 互包 §4.4)
    int void_suit                 # 定缺 (option, RULES-PACKS §3.2): the declared suit + 1, 0 none
    uint8_t passed[3]             # 换三张 (option, RULES-PACKS §3.2): the tiles this seat passed


# Step results of the flow's functions.
cdef enum:
    ST_ERR = -1
    ST_CONT = 0
    ST_END = 1
    ST_DECIDE = 2                 # the flow waits on a decision (Game.pend)
    NO_TILE = 255                 # an action's kind when it names no tile


cdef inline uint16_t act(int type, int kind) noexcept nogil:
    return <uint16_t>((type << 8) | (kind & 0xFF))


cdef inline int act_type(uint16_t a) noexcept nogil:
    return a >> 8


cdef inline int act_kind(uint16_t a) noexcept nogil:
    return a & 0xFF


cdef inline bint has_pung(const Seat* s, int kind) noexcept nogil:
    cdef int i
    for i in range(s.n_melds):
        if s.melds[i].type == MELD_PUNG and s.melds[i].kind == kind:
            return True
    return False


cdef inline void add_meld(Seat* s, int type, int kind, int source) noexcept nogil:
    s.melds[s.n_melds].type = type
    s.melds[s.n_melds].kind = kind
    s.melds[s.n_melds].source = source
    s.n_melds += 1


cdef inline int flower_sets(const Seat* s) noexcept nogil:
    """Complete flower sets (four identical honours, 春夏秋冬, 梅兰竹菊) one seat holds."""
    cdef int k, n = 0
    for k in range(7):
        if s.flowers[k] == 4:
            n += 1
    if s.flowers[7] and s.flowers[8] and s.flowers[9] and s.flowers[10]:
        n += 1
    if s.flowers[11] and s.flowers[12] and s.flowers[13] and s.flowers[14]:
        n += 1
    return n
