# The game state of one hand: plain structs, copyable by value (the event log is kept apart,
# so a lookahead can copy a `Game` without it), and the inline helpers every engine module uses.
#
# Wall convention: `wall[0]` is the head (normal draws, dealing), `wall[n_tiles - 1]` the tail
# (replacement draws, the gold flip). Dealing is in blocks of H = ts.hand_size: seat
# (dealer + i) % 4 takes wall[H i : H i + H] and the dealer also takes wall[4 H]; play then draws
# from wall[4 H + 1] on (RULES.md §3: H = 16, so wall[64] and wall[65]).
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdio cimport snprintf
from libc.string cimport memset
from fzsim_core.rules cimport RuleSet
from fzsim_core.rng cimport Rng
from fzsim_core.hand cimport Hand
from fzsim_core.bits cimport ctz64, fz_nonzero8
from fzsim_core.tiles cimport FLOWER_BASE, HONOR_BASE, N_HAND_KINDS, N_KINDS
from fzsim_core.table cimport Event, Meld, Seat, MAX_ACTIONS, MAX_EVENTS, ST_CONT, ST_DECIDE, ST_ERR, EV_DEAL, EV_FLOWER, EV_REPLACE
from fzsim_core.policy cimport ChooseFn, Observation, Policy, PublicSeat
from fzsim_core.kit.evaluate cimport PackEval
from fzsim_core.win_facts cimport ScoreFactsFn
from fzsim_core.row cimport Row
from fzsim_core.winrec cimport WinRec, MAX_RECORDS
from fzsim_core.tileset cimport MAX_TILES, TileSet
from fzsim_core.seat_draws cimport SeatDraws

ctypedef struct GameLog:
    Event events[MAX_EVENTS]
    int n_events


# The decision the flow is waiting on (flow.pxd: advance returns ST_DECIDE with it filled).
ctypedef struct Pending:
    int seat
    int decision                  # Decision
    int n                         # legal actions in acts[0..n)
    uint16_t acts[MAX_ACTIONS]


# Where the flow stopped, so that it can resume there (flow.pyx; a pack's opening keeps its own
# counter in `step`). Plain data: a copy of the Game resumes from the same point.
ctypedef struct FlowState:
    int phase                     # flow.pyx's Phase
    int step                      # the phase's own counter (opening step, seat offset of a win offer)
    int seat                      # the seat whose turn it is
    bint may_win                  # its turn may end in a self-draw win
    bint from_kong                # its tile came from a kong replacement
    int claimed                   # kind it chowed or punged this turn, -1
    bint locked                   # the turn was offered under 游金 (the hand is locked)
    int offer_decision            # a win offer's decision: DEC_DISCARD_WIN or DEC_ROB_KONG
    int best                      # a win offer's accepting seat so far, -1
    bint best_jq                  # ... and whether it wins with 金雀
    int pung_seat                 # the seat a pending pung offer on the discard is posted to
    unsigned int accepted         # a win offer's accepting seats (bit per seat; several win when
                                  # the rules' multi_win is on)
    int kong_source               # the seat whose discard this turn's seat konged (点杠花), -1


# A rule pack's hooks (docs/spec/DESIGN.md "packs/<name>/: what only that system has"), bound from the rules'
# `pack` field by fzsim_core/packs/registry: the flow calls them and nothing else of a pack.
cdef struct Game
ctypedef int (*PackStep)(Game* g) noexcept nogil
ctypedef int (*PackChoice)(Game* g, int choice) noexcept nogil
ctypedef int (*PackScore)(Game* g, int winner, int discarder, int win_type, uint32_t* flags,
                          uint32_t specials, int tile) noexcept nogil
ctypedef bint (*PackSeatTest)(const Game* g, int seat) noexcept nogil
ctypedef uint64_t (*PackSeatMask)(const Game* g, int seat) noexcept nogil
ctypedef bint (*PackTileTest)(Game* g, int seat, int tile, bint fresh) noexcept nogil
ctypedef void (*PackTileNote)(Game* g, int seat, int tile) noexcept nogil
ctypedef int (*PackTurnOffer)(Game* g, int seat, uint16_t* acts) noexcept nogil
ctypedef int (*PackWinKind)(Game* g, int seat, uint32_t* specials) noexcept nogil
ctypedef uint64_t (*PackDiscardFilter)(const Game* g, int seat, uint64_t legal) noexcept nogil
ctypedef int (*PackKong)(Game* g, int seat, int kind, int meld_type, int source) noexcept nogil
ctypedef int (*PackWinNote)(Game* g, int winner, int discarder) noexcept nogil
ctypedef int (*PackDraw)(Game* g, int seat, bint replacement) noexcept nogil
ctypedef bint (*PackNextHand)(const RuleSet* r, const Row* row, int* dealer, int* streak, int* carry) noexcept nogil

ctypedef struct Pack:
    PackStep setup                # the deal, flowers, the wild reveal: ST_CONT or ST_ERR
    PackStep opening_offer        # post the opening window's next decision (ST_DECIDE), or ST_CONT
    PackChoice opening_resolve    # apply a choice in the opening window: ST_END, ST_DECIDE, ST_CONT
    PackScore score_win           # the winner holds its full hand: fill the row's scores (S,
                                  # specials, ...) and its deltas for this win alone (flags may
                                  # gain bits; g.recs[g.n_recs] is the win's record, to add pattern
                                  # detail to); ST_CONT or ST_ERR
    PackSeatTest is_win           # the seat's 3n+2 tiles with its melds are a winning hand (shape
                                  # and the pack's filters: at most two suits, RULES-PACKS §2.3)
    PackSeatTest may_self_win     # ... and it may declare that win on its own turn now (with a gold:
                                  # 三金倒 too, minus what 游金 forbids)
    PackSeatMask waits            # kinds completing the seat's 3n+1 tiles (its cached wait_mask)
    PackTileTest may_discard_win  # may the seat win on another's tile, its waits aside (fresh:
                                  # check that the tile completes the hand, too)
    PackTileNote declined         # the seat declined a win on that tile (过水 bookkeeping)
    PackTurnOffer turn_offer      # the own turn's offers before kongs and discards (a self-draw
                                  # win, 游金 of RULES.md §11) written to acts, their count returned;
                                  # g.flow.locked set when nothing else may be offered. NULL: a
                                  # self-draw win when may_self_win allows it
    PackWinKind self_win_kind     # the WinType of the seat's self-draw win now (specials may gain
                                  # bits: 三金倒, RULES.md §7); NULL: WIN_SELFDRAW
    PackStep end_drawn            # the wall ran out: end-of-hand settlements (查叫 ...) as
                                  # records and deltas; NULL for none
    bint dealer_may_win_first     # the dealer's first turn may end in a self-draw (False when the
                                  # opening window already offered 天胡)
    PackTileNote discarded        # the seat's discard of that tile stands (before the claims on
                                  # it): the 烧庄 watch of RULES-PACKS §4.3; NULL for none
    PackStep end_won              # a won hand ends: end-of-hand settlements (烧庄, RULES-PACKS §4.4) as
                                  # records and deltas; NULL for none
    PackDiscardFilter discard_filter  # the legal discards (a kind mask) narrowed, e.g. 定缺 (RULES-PACKS §3.2):
                                  # the declared suit first; NULL: unchanged
    PackKong kong_made            # a kong stands (meld_type: MeldType; source: the discarder of an
                                  # exposed kong, -1): payments at once (刮风下雨, RULES-PACKS §3.4); ST_CONT,
                                  # ST_ERR; NULL: nothing
    PackWinNote win_recorded      # after a win's record is complete (settle.record_win): payments
                                  # that follow a win as records of their own (呼叫转移); NULL: none
    PackDraw draw                 # the tile `seat` draws now (replacement: for a kong or a flower),
                                  # taken out of wall[head..tail], or -1 when it has none (the flow
                                  # ends the hand drawn); NULL: the head of the one wall (a
                                  # replacement: its tail, or head under replace_from_head) down to
                                  # the reserve
    bint rolls_dice               # init_game rolls the two opening dice from STREAM_DICE into
                                  # row.dice (开宝, RULES-PACKS §1.1); False: no dice, row.dice 0
    # --- what the code above the flow asks of a pack (never `if pack == X` outside its folder) ---
    const char* name              # the pack's name (fzsim_core.packs.registry PACKS)
    uint32_t policies             # the compiled policies that play it (policy.pxd POLICY_* bits):
                                  # a run, duel, env or stepper naming another is refused at setup
    ChooseFn greedy               # its own greedy bot (packs/<name>/greedy); NULL: policies/greedy
    ChooseFn guard                # its own guard bot (packs/<name>/guard); NULL: policies/guard
    PackNextHand next_hand        # the next hand's dealer and streak (and carry: 荒番, RULES-PACKS §1.4)
                                  # where the pack has its own rule: True when it set them; NULL /
                                  # False: the rules header's (flow.advance_match)
    bint wild_claimable           # a discarded wild may be claimed at face value (RULES-PACKS BJ-A2
                                  # natural); False: a discarded gold / 惠牌 is dead
    bint next_seat_kong_barred    # the discarder's next seat may not kong the discard (RULES-PACKS
                                  # SH-A10 literal); False: it may
    PackSeatTest claims_closed    # no chow, pung or kong of this seat's discard now (Botzone's judge
                                  # at a wall's end); NULL: claims follow the rules header
    PackSeatTest kongs_closed     # no own-turn kong for this seat now (Botzone's judge); NULL: open
    bint hidden_constraints       # the hidden hands obey more than the tile counts (定缺,
                                  # 换三张): no information-set world is sampled (determinize)
    bint play_on_from_discarder   # after a win on a discard by several seats, play goes on from the
                                  # discarder (血战 XZ-A5 option); False: from the last winner
    const PackEval* eval          # its shapes, scoring and threat reading for the value policy
                                  # (kit/evaluate.pxd); NULL: the generic value (policies/value)
    ScoreFactsFn score_facts      # its scoring of a win from its facts (win_facts.pxd), which the
                                  # generic value prices wins with; NULL when it has `eval` instead
    bint jinque_first             # among several seats taking one discard, a 金雀 win ranks first
                                  # (RULES.md §5); False: the nearest seat in turn order
    bint waits_of_hand            # `waits` reads only the seat's hand, melds and what the opening
                                  # fixed (no flowers, nothing of the table), and the dealer's
                                  # opening hand has last_draw -1: a seat that discards the tile it
                                  # just drew keeps its cached wait mask; False: waits after every discard


cdef struct Game:
    # set once for a run of hands by prepare_game (flow.pxd); init_game keeps them
    Pack pack                     # the rule pack's hooks
    Policy policies[4]            # who decides for each seat
    PublicSeat public[4]          # the seats' public state as policies see it
    Observation obs               # filled for each decision (decide.pxd)
    GameLog* log                  # the event log, NULL when not logging
    bint check
    TileSet ts                    # the rule pack's tiles and hand size
    SeatDraws* seat_draws         # draws coupled by seat (seat_draws.pxd), NULL: the wall as it lies;
                                  # owned by the caller (flow.couple_draws), never shared by a copy
    # reset for every hand by init_game
    RuleSet r
    uint8_t wall[MAX_TILES]
    int head                      # next head index
    int tail                      # next tail index (counts down)
    int gold                      # the wild (gold) kind, -1 in a pack without one
    int n_kinds                   # kinds that can be held: 27, or 34 when honours are not flowers
    bint indicator_taken          # robbed by 抢金
    Seat seats[4]
    uint8_t seen[N_HAND_KINDS]    # tiles visible to everyone: discards, exposed melds, indicator
    uint8_t pond[N_HAND_KINDS]    # discards lying unclaimed (for the tile accounting)
    int dealer
    int streak
    int table_exposed_kongs       # exposed + added kongs on the table (for the reserve)
    int table_concealed_kongs
    int table_flower_sets         # complete flower sets held by all seats (for the reserve)
    int reserve_now               # reserve() of g.r and the three counts above: count_reserve()
                                  # refreshes it wherever they change (it is read on every draw)
    bint in_last_group
    int claim_tile                # the discard being claimed, -1
    int claim_from                # its discarder, -1
    int last_discard              # kind of the latest discard
    int cur_seat                  # seat whose turn it is (-1 before play)
    int turn_claimed              # kind chowed or punged this turn (its discard is restricted), -1
    Rng prng                      # STREAM_POLICY
    FlowState flow
    Pending pend
    Row row
    WinRec recs[MAX_RECORDS]      # the hand's wins and settlements, in order (winrec.pxd); not
                                  # zeroed by init_game (new_record fills each), so n_recs follows
    int n_recs
    int n_wins
    int error                     # nonzero once an invariant failed or a policy failed
    char errmsg[200]
    int indicator                 # the flipped indicator's kind when it is not the gold kind
                                  # (惠坯, RULES-PACKS §4.2), -1: the gold's own (RULES.md §4) or none
    int32_t pack_state[8]         # a pack's own per-hand counters (zeroed with the hand)
    int seat_wall[4]              # a pack with a wall per seat (Pack.draw): where each one's undrawn
                                  # tiles start in wall[head..tail], by seat offset from the dealer


cdef inline bint is_flower(const Game* g, int kind) noexcept nogil:
    return kind >= FLOWER_BASE or (kind >= HONOR_BASE and g.r.honors_are_flowers)


cdef inline bint waits_cached(const Game* g, const Seat* st) noexcept nogil:
    """Is the seat's cached wait mask (Seat.wait_mask, refreshed by the flow after each discard)
    still the hand's before this turn's draw? An ordinary draw, or a flower's replacement, onto the
    13 tiles of its last discard or the deal: not after a kong, not on the dealer's first turn.
    The packs' self-draw hooks answer the usual draw from it."""
    return st.last_draw >= 0 and not g.flow.from_kong and g.row.turns > 1


cdef inline int live_tiles(const Game* g) noexcept nogil:
    return g.tail - g.head + 1


cdef inline int reserve_of_table(const Game* g) noexcept nogil:
    """R of §9: live tiles that are never drawn (the indicator is already out of `live`); never
    below 0 (reserve_per_*_kong -1 shrinks it by one per kong, RULES-PACKS §4.1)."""
    cdef int r = (g.r.reserve_base + g.r.reserve_per_exposed_kong * g.table_exposed_kongs
                  + g.r.reserve_per_concealed_kong * g.table_concealed_kongs
                  + g.r.reserve_per_flower_set * g.table_flower_sets)
    return r if r > 0 else 0


cdef inline void count_reserve(Game* g) noexcept nogil:
    """Keep g.reserve_now after g.r.reserve_* or a table count changed (the invariants recount it)."""
    g.reserve_now = reserve_of_table(g)


cdef inline int reserve(const Game* g) noexcept nogil:
    """R of §9 as kept (reserve_of_table)."""
    return g.reserve_now


cdef inline uint64_t gold_bit(const Game* g) noexcept nogil:
    """The gold kind as a kind mask (0 without a wild)."""
    return (<uint64_t>1) << g.gold if g.gold >= 0 else 0


cdef inline uint64_t kinds_mask(const Game* g) noexcept nogil:
    """Kinds that can be held (honours only when they are not flowers)."""
    return ((<uint64_t>1) << g.n_kinds) - 1


cdef inline void log_event(Game* g, int type, int seat, int tile, int arg) noexcept nogil:
    cdef GameLog* lg = g.log
    if lg != NULL and lg.n_events < MAX_EVENTS:
        lg.events[lg.n_events].type = type
        lg.events[lg.n_events].seat = seat
        lg.events[lg.n_events].tile = tile
        lg.events[lg.n_events].arg = arg
        lg.n_events += 1


cdef inline int fail(Game* g, const char* what, int a, int b) noexcept nogil:
    if g.error == 0:
        g.error = 1
        snprintf(g.errmsg, sizeof(g.errmsg), "%s (%d, %d)", what, a, b)
    return ST_ERR


cdef inline void deal_blocks(Game* g, uint8_t* raw) noexcept nogil:
    """The deal of the wall convention above into raw (4 x N_KINDS counts, seat-major, zeroed
    here): blocks of hand_size from the head, one more to the dealer; head and tail set for play."""
    cdef int i, j, s, k, H = g.ts.hand_size
    memset(raw, 0, 4 * N_KINDS)
    for i in range(4):
        s = (g.dealer + i) % 4
        for j in range(H):
            k = g.wall[H * i + j]
            raw[s * N_KINDS + k] += 1
            log_event(g, EV_DEAL, s, k, 0)
    k = g.wall[4 * H]                          # 坎门: the dealer's extra tile
    raw[g.dealer * N_KINDS + k] += 1
    log_event(g, EV_DEAL, g.dealer, k, 0)
    g.head = 4 * H + 1
    g.tail = g.ts.n_tiles - 1


cdef inline int next_active(const Game* g, int s) noexcept nogil:
    """The first seat after s counter-clockwise that has not finished (won and left), s itself
    when every other seat has."""
    cdef int i, t
    for i in range(1, 4):
        t = (s + i) & 3
        if not g.seats[t].finished:
            return t
    return s


cdef inline int post(Game* g, int seat, int decision, int n) noexcept nogil:
    """Stop the flow at a decision: seat chooses one of g.pend.acts[0..n) (already written)."""
    g.pend.seat = seat
    g.pend.decision = decision
    g.pend.n = n
    return ST_DECIDE


cdef inline void give_flower(Game* g, int seat, int kind) noexcept nogil:
    """Set a flower aside for `seat`, counting a set it completes (and the reserve it changes; the
    invariants recount both)."""
    cdef uint8_t* f = g.seats[seat].flowers
    cdef int slot = kind - HONOR_BASE
    f[slot] += 1
    g.seats[seat].n_flowers += 1
    if slot < 7:
        if f[slot] == 4:
            g.table_flower_sets += 1
            count_reserve(g)
    elif slot < 11:
        if f[7] and f[8] and f[9] and f[10]:
            g.table_flower_sets += 1
            count_reserve(g)
    elif f[11] and f[12] and f[13] and f[14]:
        g.table_flower_sets += 1
        count_reserve(g)
    log_event(g, EV_FLOWER, seat, kind, 0)


cdef inline void replace_dealt_flowers(Game* g, uint8_t* raw) noexcept nogil:
    """Opening 补花 on the dealt counts raw (4 x N_KINDS, seat-major): in rounds from the dealer,
    each seat holding flowers sets them all aside and draws as many from the tail; a round repeats
    for the seats that drew a flower again (docs/spec/RULES.md §3, 国标 RULES-PACKS §5.1)."""
    cdef bint active[4]
    cdef bint drew[4]
    cdef int i, j, s, k, c, nf, any_drew
    cdef int first = HONOR_BASE if g.r.honors_are_flowers else FLOWER_BASE   # the flower kinds
    cdef uint64_t held
    cdef uint8_t* row
    for s in range(4):
        active[s] = True
    while True:
        any_drew = 0
        for i in range(4):
            s = (g.dealer + i) % 4
            drew[s] = False
            if not active[s]:
                continue
            nf = 0
            row = &raw[s * N_KINDS]
            # the flower kinds held, as a kind mask (the eight flowers' counts read at once): only
            # those are visited, in kind order
            held = fz_nonzero8(&row[FLOWER_BASE]) << FLOWER_BASE
            for k in range(first, FLOWER_BASE):   # (honours, when they are flowers)
                if row[k]:
                    held |= (<uint64_t>1) << k
            while held:
                k = ctz64(held)
                held &= held - 1
                c = row[k]
                for j in range(c):
                    give_flower(g, s, k)
                row[k] = 0
                nf += c
            for j in range(nf):
                k = g.wall[g.tail]
                g.tail -= 1
                log_event(g, EV_REPLACE, s, k, 0)
                raw[s * N_KINDS + k] += 1
                if is_flower(g, k):
                    drew[s] = True
                    any_drew = 1
        if not any_drew:
            break
        for s in range(4):
            active[s] = drew[s]


cdef inline int no_opening(Game* g) noexcept nogil:
    """Pack.opening_offer of a pack without an opening window."""
    return ST_CONT


cdef inline int no_opening_choice(Game* g, int choice) noexcept nogil:
    """Pack.opening_resolve of a pack without an opening window (never called: no decision posted)."""
    return ST_ERR
