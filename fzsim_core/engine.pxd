# The game engine's C state (RULES.md §2-§10): one `Game` struct per hand being played.
#
# Wall convention: `wall[0]` is the head (normal draws, dealing), `wall[143]` the tail
# (replacement draws, the gold flip). Dealing is in blocks: seat (dealer + i) % 4 takes
# wall[16 i : 16 i + 16] and the dealer also takes wall[64]; play then draws from wall[65] on.
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from fzsim_core.rules cimport RuleSet
from fzsim_core.rng cimport Rng
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

# What a policy is being asked.
cdef enum Decision:
    DEC_TURN = 0                  # own turn with 3n+2 tiles: win / kong / discard
    DEC_AFTER_CLAIM = 1           # after a chow or pung: discard only
    DEC_DISCARD_WIN = 2           # win on another seat's discard, or pass
    DEC_CLAIM = 3                 # pung / exposed kong / chow on a discard, or pass
    DEC_ROB_KONG = 4              # 抢杠: win on an added kong, or pass
    DEC_OPENING_WIN = 5           # opening window: 天胡 / 三金倒 / 抢金, or pass
    DEC_DEALER_QIANGJIN = 6       # opening window: dealer 抢金 (which tile to give up), or pass
    N_DECISIONS = 7

cdef enum PolicyKind:
    POLICY_GREEDY = 0
    POLICY_RANDOM = 1
    POLICY_PYTHON = 2

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
    uint8_t discards[MAX_DISCARDS]
    int n_discards
    int last_draw                 # kind of the last tile drawn, -1

# One hand's result row (contract 3 columns).
ctypedef struct Row:
    int64_t game_id
    int16_t hand
    uint64_t wall_digest
    int8_t dealer
    int16_t streak
    int8_t gold
    int8_t outcome
    int8_t winner
    int8_t discarder
    int8_t win_type
    uint32_t specials
    uint32_t special_counted
    uint32_t flags
    int8_t youjin_level
    int16_t F
    int16_t K
    int16_t G
    int16_t L
    int16_t S
    int32_t deltas[4]
    int16_t turns
    int16_t tiles_left
    int8_t flowers[4]
    int8_t golds[4]


ctypedef struct Game:
    RuleSet r
    uint8_t wall[144]
    int head                      # next head index
    int tail                      # next tail index (counts down)
    int gold                      # gold kind
    int n_kinds                   # kinds that can be held: 27, or 34 when honours are not flowers
    bint indicator_taken          # robbed by 抢金
    Seat seats[4]
    uint8_t seen[34]              # tiles visible to everyone: discards, exposed melds, indicator
    uint8_t pond[34]              # discards lying unclaimed (for the tile accounting)
    int dealer
    int streak
    int table_exposed_kongs       # exposed + added kongs on the table (for the reserve)
    int table_concealed_kongs
    int table_flower_sets         # complete flower sets held by all seats (for the reserve)
    bint in_last_group
    int claim_tile                # the discard being claimed, -1
    int claim_from                # its discarder, -1
    int last_discard              # kind of the latest discard
    int cur_seat                  # seat whose turn it is (-1 before play)
    int claim_action              # the claim chosen on it (an action code)
    int turn_claimed              # kind chowed or punged this turn (its discard is restricted), -1
    int policy[4]
    void* py_policy[4]            # borrowed callables for POLICY_PYTHON seats
    void* py_errors               # borrowed list collecting exceptions from Python policies
    Rng prng                      # STREAM_POLICY
    Row row
    bint check
    int error                     # nonzero once an invariant failed or a Python policy raised
    char errmsg[200]
    bint logging
    Event events[MAX_EVENTS]
    int n_events

cdef int play_one_hand(Game* g) noexcept nogil
