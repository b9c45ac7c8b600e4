# cython: language_level=3
"""The flow of one hand (docs/spec/RULES.md §5, §9) as a resumable state machine: the dealer's first
discard, then turns — a head draw (flowers replaced from the tail), kongs with their
replacements, a self-draw win or a discard — claims on each discard in priority (win > kong =
pung > chow, a 金雀 win ahead of seat order), the last group and the drawn hand.

`advance` runs the hand until a seat must choose (ST_DECIDE, the legal actions in Game.pend) or
it ends; `apply` takes the chosen action and runs on to the next decision. Where it stopped is
plain data (Game.flow), so a copy of a Game resumes from the same point. Each decision point is an
`*_offer` function (it posts the decision) and a `*_resolve` one (it applies the answer and goes
on); a decision with a single legal action is taken without asking. `play_one_hand` answers every
decision with the seats' policies (decide.pxd). Legal actions come from fzsim_core/legal, the
start of the hand, what wins and the scoring from the rule pack's hooks (Game.pack), the end from
settle. A win is recorded (settle.record_win); the hand ends at the rules' winners_to_end wins,
else (血战到底) the winners leave and the others play on. With multi_win every seat accepting a
discard wins on it (一炮多响). 游金's offers (RULES.md §11) are its pack's (turn_offer); what stays here is
the level a 游金 discard raises (ACT_YOUJIN) and that a seat in 游金 makes no claims.
"""
from libc.stdint cimport int8_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memcpy, memset
from fzsim_core.bits cimport ctz64, fz_counts_mask, fz_held_and_fours
from fzsim_core.hand cimport Hand, hand_add, hand_remove
from fzsim_core.rng cimport Rng, rng_below, rng_seed, STREAM_DICE, STREAM_POLICY
from fzsim_core.seat_draws cimport seat_draws_reset, seat_pick
from fzsim_core.rules cimport (
    RuleSet, NEXT_DEALER_NEXT, NEXT_DEALER_WINNER,
    NEXT_DEALER_WINNER_OR_DISCARDER, NEXT_DEALER_PREVIOUS, NEXT_DEALER_RANDOM, NEXT_DEALER_ROTATE, DRAW_DEALER_NEXT,
    DRAW_STREAK_RESET, DRAW_STREAK_INCREMENT,
)
from fzsim_core.win_facts cimport (
    WIN_NONE, WIN_SELFDRAW, WIN_DISCARD, WIN_ROBBED_KONG,
    FLAG_SELFDRAW, FLAG_KONG_REPLACEMENT, FLAG_ROBBED_KONG, FLAG_LAST_TILE, FLAG_LAST_GROUP,
)
from fzsim_core.policy cimport Observation
from fzsim_core.tileset cimport TileSet
from fzsim_core.state cimport (
    Game, GameLog, Row, count_reserve, fail, give_flower, gold_bit, is_flower, live_tiles, log_event, next_active,
    post, reserve,
)
from fzsim_core.table cimport *
from fzsim_core.wall cimport digest_wall, hand_dealer, shuffle_wall
from fzsim_core.wintables cimport hand_is_jinque
from fzsim_core.decide cimport ask
from fzsim_core.invariants cimport check_invariants, verify_action
from fzsim_core.legal cimport add_chows, can_discard_win, claim_leaves_discard, discard_mask
from fzsim_core.settle cimport end_drawn, end_hand, finish_win, record_win


# Where the flow stands (Game.flow.phase); init_game's zeroing makes a hand start at PH_START.
cdef enum:
    PH_START = 0                  # nothing played yet
    PH_OPENING = 1                # the pack's opening window (its step in Game.flow.step)
    PH_TURN = 2                   # a seat holding 3n+2 tiles: win, kong or discard
    PH_WIN_OFFER = 3              # a win on g.claim_tile offered seat by seat (offset in flow.step)
    PH_PUNG_OFFER = 4             # pung / kong (/ chow) on the discard to the seat holding a pair
    PH_CHOW_OFFER = 5             # chow on the discard to the next seat
    PH_OVER = 6                   # the hand has ended (or failed)


cdef extern from *:
    long __builtin_expect(long value, long expected) nogil


cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    /* Each byte's set bits as 16-bit lanes 0..7, in order, and how many (fz_fill_bit_lanes fills
       both at import; a table count, as popcount without -mpopcnt is a libgcc call). */
    static uint16_t fz_bit_lanes[256][8];
    static uint8_t fz_bit_count[256];

    static void fz_fill_bit_lanes(void) {
        int b, i, n;
        for (b = 0; b < 256; b++) {
            for (i = 0, n = 0; i < 8; i++)
                if ((b >> i) & 1)
                    fz_bit_lanes[b][n++] = (uint16_t)i;
            fz_bit_count[b] = (uint8_t)n;
        }
    }

    /* The kinds of `mask` (kinds < 40) as actions `type << 8 | kind`, in kind order, at out[0..n); n is
       returned. A byte of the mask at a time: its bit positions from the table, the action and
       the byte's first kind added to four 16-bit lanes per word (no lane carries), eight lanes
       stored whatever the byte holds, so up to 8 entries past n are written (MAX_ACTIONS has room
       after a turn's at most 14 discards and 8 other actions). */
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline int fz_list_kinds(uint64_t mask, int type, uint16_t* out) {
        /* x86-64: the eight lanes added and stored as one vector, the five bytes of a mask of
           kinds < 40 unrolled (a zero byte stores its lanes past n too) */
        __m128i add = _mm_set1_epi16((short)(type << 8));
        const __m128i step = _mm_set1_epi16(8);
        int n = 0, b, i;
        for (i = 0; i < 5; i++) {
            b = (int)(mask >> (8 * i)) & 0xFF;
            _mm_storeu_si128((__m128i*)(out + n),
                             _mm_add_epi16(_mm_loadu_si128((const __m128i*)fz_bit_lanes[b]), add));
            n += fz_bit_count[b];
            add = _mm_add_epi16(add, step);
        }
        return n;
    }
    #else
    static inline int fz_list_kinds(uint64_t mask, int type, uint16_t* out) {
        const uint64_t lanes = 0x0001000100010001ULL;
        uint64_t add = (uint64_t)(type << 8) * lanes, w[2];
        int n = 0, b;
        while (mask) {
            b = (int)(mask & 0xFF);
            memcpy(w, fz_bit_lanes[b], 16);
            w[0] += add;
            w[1] += add;
            memcpy(out + n, w, 16);
            n += fz_bit_count[b];
            mask >>= 8;
            add += 8 * lanes;
        }
        return n;
    }
    #endif
    """
    void fz_fill_bit_lanes() nogil
    int fz_list_kinds(uint64_t mask, int type, uint16_t* out) nogil


fz_fill_bit_lanes()


cdef inline bint coupled(const Game* g) noexcept nogil:
    """The hand draws coupled by seat (rarely: the draws' fast path is the wall as it lies)."""
    return __builtin_expect(g.seat_draws != NULL, 0)


cdef int replacement(Game* g, int seat) noexcept nogil:
    """Replacement draw from the tail for `seat`, setting flowers aside; the kind drawn,
    or -1 when the reserve is reached (the caller ends the hand drawn)."""
    cdef int k
    while True:
        if g.pack.draw != NULL:   # the pack's own walls (国标 Botzone: the seat's)
            k = g.pack.draw(g, seat, True)
            if k < 0:
                return -1
        elif live_tiles(g) <= reserve(g):
            return -1
        elif g.r.replace_from_head:
            if coupled(g):
                seat_pick(g.seat_draws, g.wall, g.head, g.tail, seat, g.head)
            k = g.wall[g.head]
            g.head += 1
        else:
            if coupled(g):
                seat_pick(g.seat_draws, g.wall, g.head, g.tail, seat, g.tail)
            k = g.wall[g.tail]
            g.tail -= 1
        log_event(g, EV_REPLACE, seat, k, 0)
        if is_flower(g, k):
            give_flower(g, seat, k)
            continue
        hand_add(&g.seats[seat].hand, k)
        g.seats[seat].last_draw = k
        return k


cdef inline uint32_t selfdraw_flags(const Game* g, bint from_kong) noexcept nogil:
    """The flags of a win on the seat's own turn: 自摸, 杠上花 after a kong, 海底 on the last tile."""
    cdef uint32_t flags = FLAG_SELFDRAW
    if from_kong:
        flags |= FLAG_KONG_REPLACEMENT
    if live_tiles(g) <= reserve(g):
        flags |= FLAG_LAST_TILE
    return flags


# ---- the own turn ---------------------------------------------------------------------------

cdef int enter_turn(Game* g, int s, bint may_win, bint from_kong, int claimed,
                    int kong_source) noexcept nogil:
    """Seat s now holds 3n+2 tiles (after a draw, a claim or a kong replacement; kong_source: the
    discarder whose tile it konged, -1)."""
    g.row.turns += 1
    g.cur_seat = s
    g.flow.seat = s
    g.flow.may_win = may_win
    g.flow.from_kong = from_kong
    g.flow.claimed = claimed
    g.flow.kong_source = kong_source
    return turn_offer(g)


cdef inline int turn_offer(Game* g) noexcept nogil:
    """Post the turn's decision: win, kongs, discards (after a claim: discards only)."""
    cdef int s = g.flow.seat, claimed = g.flow.claimed, n = 0
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    cdef uint16_t* acts = g.pend.acts
    cdef int dec = DEC_AFTER_CLAIM if claimed >= 0 else DEC_TURN
    cdef bint may_win = g.flow.may_win
    cdef uint64_t held, gbit, four, added, m
    g.flow.phase = PH_TURN
    g.turn_claimed = claimed
    g.flow.locked = False
    if g.pack.turn_offer != NULL:
        n = g.pack.turn_offer(g, s, acts)
        if g.flow.locked:   # e.g. 游金: the hand may do nothing else
            return post(g, s, dec, n)
    elif dec == DEC_TURN and may_win and g.pack.may_self_win(g, s):
        acts[0] = act(ACT_WIN, st.last_draw if st.last_draw >= 0 else NO_TILE)
        n = 1
    if n and act_type(acts[0]) == ACT_WIN and live_tiles(g) < g.r.forced_win_live:
        return post(g, s, dec, 1)   # the last tiles (forced_win_live): a win must be taken
    fz_held_and_fours(h.counts, &held, &four)   # (kinds past g.n_kinds are flowers: never held)
    gbit = gold_bit(g)
    if dec == DEC_TURN:
        four &= held & ~gbit
        added = held & st.pung_mask & ~gbit   # a pung of a claimed natural 惠牌 (BJ-A2) takes no wild
        if four | added:
            n = list_kongs[0](g, s, four, added, n)
    m = discard_mask(g, held, claimed)
    if g.pack.discard_filter != NULL:
        m = g.pack.discard_filter(g, s, m)
    if m == 0:   # claim_leaves_discard let a claim through that leaves nothing to throw
        return fail(g, "no legal discard after a claim (seat, kind)", s, claimed)
    if n + h.size + 8 > MAX_ACTIONS:   # (fz_list_kinds writes up to 8 past the discards; never met)
        return fail(g, "too many legal actions on a turn (seat, actions before the discards)", s, n)
    return post(g, s, dec, n + fz_list_kinds(m, ACT_DISCARD, acts + n))   # discards in kind order


# The kongs on offer, out of turn_offer: called through a pointer set at import so that the
# compiler keeps this rare part out of line and the usual turn saves fewer registers.
ctypedef int (*ListKongs)(Game* g, int s, uint64_t four, uint64_t added, int n) noexcept nogil
cdef ListKongs list_kongs[1]


cdef int _list_kongs(Game* g, int s, uint64_t four, uint64_t added, int n) noexcept nogil:
    """Append to g.pend.acts[n..] the concealed kongs of `four` and the added kongs of `added` in
    kind order, a concealed kong before an added one of the same kind (none where the pack's
    kongs_closed says so: asked only when a kong is possible, so a pack without the hook pays
    nothing per turn); the new count."""
    cdef uint64_t m = four | added
    cdef uint16_t* acts = g.pend.acts
    cdef int k
    if g.pack.kongs_closed != NULL and g.pack.kongs_closed(g, s):
        return n
    while m:
        k = ctz64(m)
        m &= m - 1
        if (four >> k) & 1:
            acts[n] = act(ACT_CONCEALED_KONG, k)
            n += 1
        if (added >> k) & 1:
            acts[n] = act(ACT_ADDED_KONG, k)
            n += 1
    return n


list_kongs[0] = _list_kongs


cdef int turn_resolve(Game* g, int c) noexcept nogil:
    cdef int s = g.flow.seat, t = act_type(g.pend.acts[c]), k = act_kind(g.pend.acts[c]), wt
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    cdef uint32_t sp = 0
    if act_type(g.pend.acts[0]) == ACT_WIN and t != ACT_WIN:   # a win was on offer (listed first)
        g.row.declines[s] += 1
    if t == ACT_WIN:
        wt = WIN_SELFDRAW if g.pack.self_win_kind == NULL else g.pack.self_win_kind(g, s, &sp)
        if record_win(g, s, -1, wt, selfdraw_flags(g, g.flow.from_kong), sp, st.last_draw) != ST_CONT:
            return ST_ERR
        return after_win(g, s)
    if t == ACT_CONCEALED_KONG:
        hand_remove(h, k); hand_remove(h, k); hand_remove(h, k); hand_remove(h, k)
        add_meld(st, MELD_CONCEALED_KONG, k, -1)
        st.concealed_kongs += 1
        g.table_concealed_kongs += 1
        count_reserve(g)
        log_event(g, EV_CONCEALED_KONG, s, k, 0)
        if g.pack.kong_made != NULL and g.pack.kong_made(g, s, k, MELD_CONCEALED_KONG, -1) != ST_CONT:
            return ST_ERR
        return after_kong(g, s)
    if t == ACT_ADDED_KONG:   # others may rob it first (抢杠)
        hand_remove(h, k)
        log_event(g, EV_ADDED_KONG, s, k, 0)
        if not g.r.rob_kong:
            g.claim_tile = k
            return added_kong_stands(g)
        return win_offer_start(g, s, k, DEC_ROB_KONG)
    return discard_tile(g, s, k, t == ACT_YOUJIN)   # a discard (or entering 游金 with one)


cdef int after_kong(Game* g, int s) noexcept nogil:
    """After a kong: a replacement from the tail, then the same seat goes on."""
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    if replacement(g, s) < 0:
        return end_drawn(g, 1)
    g.flow.may_win = True
    g.flow.from_kong = True
    g.flow.claimed = -1
    g.flow.kong_source = -1   # a kong of its own: no discarder answers for the replacement
    return turn_offer(g)


cdef int added_kong_stands(Game* g) noexcept nogil:
    """Nobody robbed the added kong of g.flow.seat on g.claim_tile: the pung becomes a kong."""
    cdef int s = g.flow.seat, k = g.claim_tile, i
    cdef Seat* st = &g.seats[s]
    g.claim_tile = -1
    g.claim_from = -1
    for i in range(st.n_melds):
        if st.melds[i].type == MELD_PUNG and st.melds[i].kind == k:
            st.melds[i].type = MELD_ADDED_KONG
            break
    st.pung_mask &= ~((<uint64_t>1) << k)
    st.exposed_kongs += 1
    g.table_exposed_kongs += 1
    count_reserve(g)
    g.seen[k] += 1
    if g.pack.kong_made != NULL and g.pack.kong_made(g, s, k, MELD_ADDED_KONG, -1) != ST_CONT:
        return ST_ERR
    return after_kong(g, s)


cdef int discard_tile(Game* g, int s, int k, bint youjin) noexcept nogil:
    """Seat s discards k (youjin=True: that discard enters 游金 or raises its level); the claims
    on it follow."""
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    hand_remove(h, k)
    st.discards[st.n_discards] = k
    st.n_discards += 1
    g.pond[k] += 1
    g.seen[k] += 1
    st.guoshui_mask = 0
    if not (g.pack.waits_of_hand and k == st.last_draw and not g.flow.from_kong and g.flow.claimed < 0):
        st.wait_mask = g.pack.waits(g, s)   # (else the drawn tile goes: the hand is the one the mask was read for)
    g.cur_seat = -1
    if k == g.gold:
        st.discarded_gold = True
    g.last_discard = k
    if youjin:
        st.youjin += 1
        log_event(g, EV_YOUJIN, s, k, st.youjin)
    else:
        log_event(g, EV_DISCARD, s, k, 0)
    if g.pack.discarded != NULL:
        g.pack.discarded(g, s, k)
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    if k == g.gold and not g.pack.wild_claimable:   # a discarded gold is dead (RULES-PACKS BJ-A2 natural: claimable)
        return draw_turn(g, next_active(g, s))   # (RULES-PACKS BJ-A2 natural: at its face value it can)
    return win_offer_start(g, s, k, DEC_DISCARD_WIN)


# ---- claims on a discard (or on an added kong): win first, then pung / kong, then chow -----

cdef int win_offer_start(Game* g, int from_seat, int k, int dec) noexcept nogil:
    """Offer a win on tile k (a discard, or a robbed added kong) to every other seat that may
    take it, counter-clockwise from from_seat."""
    if dec == DEC_DISCARD_WIN and not (waits_on_table(g) >> k) & 1:
        return pung_offer(g, from_seat, k)   # the usual discard: nobody waits on it, nothing to set up
    g.claim_tile = k
    g.claim_from = from_seat
    g.flow.offer_decision = dec
    g.flow.step = 1
    g.flow.best = -1
    g.flow.best_jq = False
    g.flow.accepted = 0
    if not (waits_on_table(g) >> k) & 1:
        return after_win_offer(g)   # the usual tile: nobody waits on it, no seat to ask
    return win_offer_next(g)


cdef inline uint64_t waits_on_table(const Game* g) noexcept nogil:
    """The kinds some seat's cached wait mask holds (four loads: cheaper than picking the other
    three; a seat that may not win is left to win_offer_next)."""
    return g.seats[0].wait_mask | g.seats[1].wait_mask | g.seats[2].wait_mask | g.seats[3].wait_mask


cdef inline int after_win_offer(Game* g) noexcept nogil:
    """Nobody took the offered win: the added kong stands, or the discard goes to the claims."""
    if g.flow.offer_decision == DEC_ROB_KONG:
        return added_kong_stands(g)
    return pung_offer(g, g.claim_from, g.claim_tile)


cdef int win_offer_next(Game* g) noexcept nogil:
    """Post the offer to the next seat that may win; when all have answered, every seat that
    accepted wins under multi_win, else of those who accepted a 金雀 wins first, then the nearest
    counter-clockwise (截胡)."""
    cdef int i, s, w, k = g.claim_tile
    cdef uint16_t* acts = g.pend.acts
    for i in range(g.flow.step, 4):
        s = (g.claim_from + i) & 3
        if not g.seats[s].finished and can_discard_win(g, s, k, False):
            g.flow.step = i
            g.flow.phase = PH_WIN_OFFER
            acts[0] = act(ACT_WIN, k)
            acts[1] = act(ACT_PASS, NO_TILE)
            # the last tiles (forced_win_live, RULES-PACKS §2.2): the win must be taken (a single action is taken unasked)
            return post(g, s, g.flow.offer_decision, 1 if live_tiles(g) < g.r.forced_win_live else 2)
    if g.flow.accepted == 0:
        return after_win_offer(g)
    if g.flow.offer_decision == DEC_DISCARD_WIN:
        g.pond[k] -= 1   # the discard goes to the (first) winner
    if not g.r.multi_win:
        g.flow.accepted = 1u << g.flow.best
    return claim_wins(g, k)


cdef int win_offer_resolve(Game* g, int c) noexcept nogil:
    cdef int s = g.pend.seat, k = g.claim_tile
    cdef Hand* h = &g.seats[s].hand
    cdef bint jq
    if act_type(g.pend.acts[c]) == ACT_WIN:
        g.flow.accepted |= 1u << s
        hand_add(h, k)
        jq = g.pack.jinque_first and hand_is_jinque(h)   # 金雀 ranks first where the pack says so (RULES.md §5)
        hand_remove(h, k)
        if g.flow.best < 0 or (jq and not g.flow.best_jq):
            g.flow.best = s
            g.flow.best_jq = jq
    else:
        log_event(g, EV_DECLINE, s, k, g.pend.decision)
        g.row.declines[s] += 1
        g.pack.declined(g, s, k)
    g.flow.step += 1
    return win_offer_next(g)


cdef int claim_wins(Game* g, int k) noexcept nogil:
    """The seats in g.flow.accepted win on tile k from g.claim_from, counter-clockwise from it; the
    first holds the tile, each later one holds it only while its win is scored."""
    cdef int i, s, last = -1, ds = g.claim_from
    cdef bint robbed = g.flow.offer_decision == DEC_ROB_KONG
    for i in range(1, 4):
        s = (ds + i) & 3
        if not (g.flow.accepted >> s) & 1:
            continue
        hand_add(&g.seats[s].hand, k)
        if record_win(g, s, ds, WIN_ROBBED_KONG if robbed else WIN_DISCARD,
                      FLAG_ROBBED_KONG if robbed else 0, 0, k) != ST_CONT:
            return ST_ERR
        if last >= 0:
            hand_remove(&g.seats[s].hand, k)
        last = s
    if robbed:   # the robbed seat's kong did not stand: it waits with its pung again
        g.seats[ds].wait_mask = g.pack.waits(g, ds)
        g.cur_seat = -1
    return after_win(g, ds if g.pack.play_on_from_discarder else last)


cdef int after_win(Game* g, int from_seat) noexcept nogil:
    """After the wins just recorded: the hand ends at winners_to_end wins; else (血战到底) the
    winners have left and the first unfinished seat after from_seat draws."""
    if g.n_wins >= g.r.winners_to_end:
        return end_hand(g)
    g.claim_tile = -1
    g.claim_from = -1
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    return draw_turn(g, next_active(g, from_seat))


cdef inline bint pair_on_table(const Game* g, int k) noexcept nogil:
    """Does some seat hold two or more of kind k? (Counts are 0..4: x >= 2 iff x has a bit above
    bit 0, so one test of the four counts or-ed.)"""
    return (g.seats[0].hand.counts[k] | g.seats[1].hand.counts[k] | g.seats[2].hand.counts[k]
            | g.seats[3].hand.counts[k]) & ~1


cdef inline int pung_offer(Game* g, int ds, int k) noexcept nogil:
    """Pung or kong (and chow, when it is the next seat) on seat ds's discard k to the one seat
    holding a pair of it: after one discard at most one other seat can hold two more copies.
    g.claim_tile / claim_from are set from here on only where a claim is possible (the hooks and
    the observation read them); the usual discard leaves them at -1."""
    cdef int i, s, n, ps = -1
    cdef Hand* h
    cdef uint16_t* acts = g.pend.acts
    if not pair_on_table(g, k):   # the usual discard: nobody (the discarder aside) holds two more
        return chow_offer(g, ds, k, -1)
    for i in range(1, 4):
        s = (ds + i) & 3
        if g.seats[s].hand.counts[k] >= 2 and not g.seats[s].youjin and not g.seats[s].finished:
            ps = s
            break
    if ps >= 0:
        g.claim_tile = k
        g.claim_from = ds
        if g.pack.claims_closed != NULL and g.pack.claims_closed(g, ds):
            return chow_offer(g, ds, k, -1)   # no claim on this discard (chow_offer asks too): asked only when one is possible
        h = &g.seats[ps].hand
        n = 0
        if claim_leaves_discard(g, h, h.counts[k] - 2):
            acts[n] = act(ACT_PUNG, k)
            n += 1
        if h.counts[k] >= 3 and (not g.pack.next_seat_kong_barred or ps != (ds + 1) & 3):   # RULES-PACKS SH-A10 literal
            acts[n] = act(ACT_EXPOSED_KONG, k)
            n += 1
        if ps == (ds + 1) & 3 and g.r.chow:
            n = add_chows(g, h, k, acts, n)
        if n:
            acts[n] = act(ACT_PASS, NO_TILE)
            g.flow.phase = PH_PUNG_OFFER
            g.flow.pung_seat = ps   # (its pass goes on to the chow offer, which skips it)
            return post(g, ps, DEC_CLAIM, n + 1)
    return chow_offer(g, ds, k, ps)


cdef inline int chow_offer(Game* g, int ds, int k, int pung_seat) noexcept nogil:
    """Chow on seat ds's discard k to the next seat (unless it was already asked as pung_seat),
    else the next seat draws."""
    cdef int nxt = next_active(g, ds), n
    if g.r.chow and pung_seat != nxt and not g.seats[nxt].youjin:
        n = add_chows(g, &g.seats[nxt].hand, k, g.pend.acts, 0)
        if n:
            g.claim_tile = k
            g.claim_from = ds
            if g.pack.claims_closed != NULL and g.pack.claims_closed(g, ds):
                n = 0   # (asked only when a chow is possible)
        if n:
            g.pend.acts[n] = act(ACT_PASS, NO_TILE)
            g.flow.phase = PH_CHOW_OFFER
            return post(g, nxt, DEC_CLAIM, n + 1)
    g.claim_tile = -1
    g.claim_from = -1
    return draw_turn(g, nxt)


cdef int claim_resolve(Game* g, int c) noexcept nogil:
    cdef uint16_t a = g.pend.acts[c]
    if act_type(a) == ACT_PASS:
        if g.flow.phase == PH_PUNG_OFFER:
            return chow_offer(g, g.claim_from, g.claim_tile, g.flow.pung_seat)
        g.claim_tile = -1
        g.claim_from = -1
        return draw_turn(g, g.pend.seat)   # the next seat, which passed its chow
    return take_claim(g, g.pend.seat, a)


cdef int take_claim(Game* g, int cs_seat, uint16_t a) noexcept nogil:
    """Seat cs_seat calls the discard g.claim_tile with action a, then takes its turn."""
    cdef int t = act_type(a), k = g.claim_tile, ds = g.claim_from, lo, x
    cdef Seat* cs = &g.seats[cs_seat]
    g.pond[k] -= 1
    g.seats[ds].n_discards -= 1   # the tile leaves the discarder's pond
    g.row.claims[cs_seat] += 1
    cs.claims_from[ds] += 1
    if t == ACT_PUNG:
        hand_remove(&cs.hand, k); hand_remove(&cs.hand, k)
        add_meld(cs, MELD_PUNG, k, ds)
        cs.pung_mask |= (<uint64_t>1) << k
        g.seen[k] += 2
        log_event(g, EV_PUNG, cs_seat, k, ds)
    elif t == ACT_CHOW:
        lo = act_kind(a)
        for x in range(lo, lo + 3):
            if x != k:
                hand_remove(&cs.hand, x)
                g.seen[x] += 1
        add_meld(cs, MELD_CHOW, lo, ds)
        log_event(g, EV_CHOW, cs_seat, lo, k)
    else:   # exposed kong
        hand_remove(&cs.hand, k); hand_remove(&cs.hand, k); hand_remove(&cs.hand, k)
        add_meld(cs, MELD_EXPOSED_KONG, k, ds)
        cs.exposed_kongs += 1
        g.table_exposed_kongs += 1
        count_reserve(g)
        g.seen[k] += 3
        log_event(g, EV_EXPOSED_KONG, cs_seat, k, ds)
    g.claim_tile = -1
    g.claim_from = -1
    g.cur_seat = cs_seat
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    if t == ACT_EXPOSED_KONG:
        if g.pack.kong_made != NULL and g.pack.kong_made(g, cs_seat, k, MELD_EXPOSED_KONG, ds) != ST_CONT:
            return ST_ERR
        if replacement(g, cs_seat) < 0:
            return end_drawn(g, 1)
        return enter_turn(g, cs_seat, True, True, -1, ds)
    return enter_turn(g, cs_seat, False, False, k, -1)


# ---- draws ---------------------------------------------------------------------------------

cdef int last_group(Game* g, int s) noexcept nogil:
    """§9: live - R draws in turn order from seat s, no discards; a completing draw wins."""
    cdef int n = live_tiles(g) - reserve(g), i, seat = s, k, wt
    cdef Hand* h
    cdef uint32_t flags, sp
    g.in_last_group = True
    g.flow.from_kong = False
    g.flow.locked = False
    if n > g.r.last_group_size:
        n = g.r.last_group_size
    log_event(g, EV_LAST_GROUP, s, -1, n if n > 0 else 0)
    for i in range(n):
        if i:
            seat = next_active(g, seat)
        if coupled(g):
            seat_pick(g.seat_draws, g.wall, g.head, g.tail, seat, g.head)
        k = g.wall[g.head]
        g.head += 1
        g.row.turns += 1
        g.cur_seat = -1   # nobody discards any more; waits no longer matter
        log_event(g, EV_DRAW, seat, k, 0)
        if is_flower(g, k):
            give_flower(g, seat, k)
            continue
        h = &g.seats[seat].hand
        hand_add(h, k)
        g.seats[seat].last_draw = k
        if g.pack.may_self_win(g, seat):   # a win here ends the hand (no continuation)
            flags = FLAG_SELFDRAW | FLAG_LAST_GROUP
            if live_tiles(g) <= reserve(g):
                flags |= FLAG_LAST_TILE
            sp = 0
            wt = WIN_SELFDRAW if g.pack.self_win_kind == NULL else g.pack.self_win_kind(g, seat, &sp)
            return finish_win(g, seat, -1, wt, flags, sp, k)
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
    return end_drawn(g, 0)


cdef inline int draw_turn(Game* g, int s) noexcept nogil:
    """Seat s's turn after an unclaimed discard: a head draw (or the last group)."""
    cdef int k
    if g.pack.draw != NULL:   # the pack's own walls (国标 Botzone: the seat's)
        k = g.pack.draw(g, s, False)
        if k < 0:
            return end_drawn(g, 0)
    elif live_tiles(g) <= reserve(g) + g.r.last_group_size:
        return last_group(g, s)
    else:
        if coupled(g):
            seat_pick(g.seat_draws, g.wall, g.head, g.tail, s, g.head)
        k = g.wall[g.head]
        g.head += 1
    g.seats[s].declined_value = -1   # 过水 (RULES-PACKS §2.2) lasts until the seat's own draw
    log_event(g, EV_DRAW, s, k, 0)
    if is_flower(g, k):
        give_flower(g, s, k)
        if replacement(g, s) < 0:
            return end_drawn(g, 1)
    else:
        hand_add(&g.seats[s].hand, k)
        g.seats[s].last_draw = k
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    return enter_turn(g, s, True, False, -1, -1)


# ---- the state machine's surface -------------------------------------------------------------

cdef int start(Game* g) noexcept nogil:
    """The deal and the opening window, then the dealer's first turn."""
    cdef int st = g.pack.setup(g)
    if st != ST_CONT:
        return st
    g.flow.phase = PH_OPENING
    st = g.pack.opening_offer(g)
    if st != ST_CONT:
        return st
    return enter_turn(g, g.dealer, g.pack.dealer_may_win_first, False, -1, -1)


cdef int resolve(Game* g, int c) noexcept nogil:
    """Apply choice c of the pending decision and run on (the phase's *_resolve)."""
    cdef int ph = g.flow.phase, st
    if g.check and verify_action(g, g.pend.seat, g.pend.decision, g.pend.acts[c]) != ST_CONT:
        return ST_ERR
    if ph == PH_TURN:
        return turn_resolve(g, c)
    if ph == PH_WIN_OFFER:
        return win_offer_resolve(g, c)
    if ph == PH_PUNG_OFFER or ph == PH_CHOW_OFFER:
        return claim_resolve(g, c)
    st = g.pack.opening_resolve(g, c)
    if st != ST_CONT:
        return st
    return enter_turn(g, g.dealer, g.pack.dealer_may_win_first, False, -1, -1)


cdef inline int settle_forced(Game* g, int st) noexcept nogil:
    """Take every decision that has a single legal action (the seat has no choice); mark the
    hand over when it ended."""
    while st == ST_DECIDE and g.pend.n == 1:
        st = resolve(g, 0)
    if st != ST_DECIDE:
        g.flow.phase = PH_OVER
    return st


cdef int advance(Game* g) noexcept nogil:
    if g.flow.phase == PH_START:
        return settle_forced(g, start(g))
    if g.flow.phase == PH_OVER:
        return ST_ERR if g.error else ST_END
    return ST_DECIDE


cdef int apply(Game* g, int choice) noexcept nogil:
    if g.flow.phase == PH_START or g.flow.phase == PH_OVER:
        return fail(g, "apply with no decision pending (phase, choice)", g.flow.phase, choice)
    if choice < 0 or choice >= g.pend.n:
        g.flow.phase = PH_OVER
        return fail(g, "choice out of range (choice, legal actions)", choice, g.pend.n)
    return settle_forced(g, resolve(g, choice))


cdef int play_until(Game* g, unsigned int agent_seats) noexcept nogil:
    cdef int st = advance(g), c
    while st == ST_DECIDE and not (agent_seats >> g.pend.seat) & 1:
        c = ask(g)
        if c < 0:
            g.flow.phase = PH_OVER
            return ST_ERR
        st = settle_forced(g, resolve(g, c))   # apply's checks hold: a decision is pending, ask checked c
    return st


cdef int play_one_hand(Game* g) noexcept nogil:
    return play_until(g, 0)


cdef void point_views(Game* g) noexcept nogil:
    """Point the public views and the observation at g's own state (after prepare or a copy)."""
    cdef int s
    cdef Observation* o = &g.obs
    for s in range(4):
        g.public[s].melds = g.seats[s].melds
        g.public[s].n_melds = &g.seats[s].n_melds
        g.public[s].discards = g.seats[s].discards
        g.public[s].n_discards = &g.seats[s].n_discards
        g.public[s].n_flowers = &g.seats[s].n_flowers
        g.public[s].youjin = &g.seats[s].youjin
        g.public[s].void_suit = &g.seats[s].void_suit
        g.public[s].finished = &g.seats[s].finished
    o.game = g
    o.eval = g.pack.eval
    o.score_facts = g.pack.score_facts
    o.rules = &g.r
    o.seen = g.seen
    o.table = g.public
    o.rng = &g.prng
    o.check = g.check
    o.errmsg = g.errmsg
    o.errmsg_size = sizeof(g.errmsg)


cdef void prepare_game(Game* g, const TileSet* ts, GameLog* log, bint check) noexcept nogil:
    """Once for a run of hands, after g.policies and g.pack are bound: the tile set, the public
    views, the parts of the observation that never change, the log (NULL: none), the check flag."""
    g.ts = ts[0]
    g.log = log
    g.check = check
    g.seat_draws = NULL   # the wall as it lies; the caller may point it at a SeatDraws after
    point_views(g)


cdef void copy_game(Game* dst, const Game* src, GameLog* log) noexcept nogil:
    """dst becomes a copy of src that resumes from the same point on its own state (a policy
    state kept in its Policy's data moves with it); log: dst's own log, or NULL."""
    cdef int s
    memcpy(dst, src, sizeof(Game))
    for s in range(4):
        if src.policies[s].state == <const void*>&src.policies[s].data[0]:
            dst.policies[s].state = &dst.policies[s].data[0]
    dst.log = log
    dst.seat_draws = NULL   # a copy draws from its own wall as it lies (never the run's coupling)
    point_views(dst)


cdef void init_game(Game* g, const RuleSet* rules, uint64_t root, int64_t game_id, int hand,
                    int dealer, int streak, const uint8_t* wall) noexcept nogil:
    """Set hand `hand` of match `game_id` up in g (prepared by prepare_game): everything from
    g.r on starts zeroed but the records (settle.new_record writes each one in full; zeroing all
    32 of them cost a random hand about 260 instructions), the wall is `wall` (ts.n_tiles
    kinds) or the seeded shuffle."""
    cdef int s
    cdef Rng dice
    memset(&g.r, 0, <size_t>(<char*>&g.recs[0] - <char*>&g.r))
    memset(&g.n_recs, 0, sizeof(Game) - <size_t>(<char*>&g.n_recs - <char*>g))
    if g.log != NULL:
        g.log.n_events = 0
    g.r = rules[0]
    count_reserve(g)
    if wall != NULL:
        for s in range(g.ts.n_tiles):
            g.wall[s] = wall[s]
    else:
        shuffle_wall(&g.ts, g.wall, root, <uint64_t>game_id, <uint64_t>hand)
    if g.seat_draws != NULL:
        seat_draws_reset(g.seat_draws, g.ts.n_tiles, root, <uint64_t>game_id, <uint64_t>hand)
    rng_seed(&g.prng, root, <uint64_t>game_id, <uint64_t>hand, STREAM_POLICY)
    if g.pack.rolls_dice:   # a stream of their own: the wall and the policies' streams are unchanged
        rng_seed(&dice, root, <uint64_t>game_id, <uint64_t>hand, STREAM_DICE)
        s = 1 + <int>rng_below(&dice, 6)
        g.row.dice = <int8_t>(10 * s + 1 + <int>rng_below(&dice, 6))
    g.dealer = dealer
    g.obs.dealer = dealer
    g.obs.streak = streak
    g.streak = streak
    g.claim_tile = -1
    g.claim_from = -1
    g.turn_claimed = -1
    g.cur_seat = -1
    g.gold = -1
    g.indicator = -1
    for s in range(4):
        g.seats[s].last_draw = -1
        g.seats[s].declined_value = -1
    g.flow.kong_source = -1
    g.row.game_id = game_id
    g.row.hand = hand
    g.row.wall_digest = digest_wall(&g.ts, g.wall)
    g.row.dealer = dealer
    g.row.streak = streak
    g.row.winner = -1
    g.row.discarder = -1
    g.row.win_type = WIN_NONE


cdef void advance_match(const Pack* pack, const RuleSet* r, const Row* row, uint64_t root, int* dealer,
                        int* streak, int* carry) noexcept nogil:
    """§2: the dealer keeps the deal (streak + 1) on a dealer win; after a drawn hand the deal and
    the streak follow draw_dealer / draw_streak; otherwise the next seat (or the winner) deals at 0.
    next_dealer = random (血战): a seeded dealer for every hand, at streak 0; rotate (国标, no 连庄):
    the next seat after every hand. A pack with its own next-hand rule (pack.next_hand) goes
    first; carry is its match counter (荒番, RULES-PACKS §1.4), else 0."""
    carry[0] = 0
    if pack.next_hand != NULL and pack.next_hand(r, row, dealer, streak, carry):
        return
    if r.next_dealer == NEXT_DEALER_ROTATE:
        dealer[0] = (dealer[0] + 1) % 4
        streak[0] = 0
        return
    if r.next_dealer == NEXT_DEALER_RANDOM:
        dealer[0] = hand_dealer(root, <uint64_t>row.game_id, <uint64_t>(row.hand + 1))
        streak[0] = 0
        return
    if row.outcome == 0:
        if r.draw_dealer == DRAW_DEALER_NEXT:
            dealer[0] = (dealer[0] + 1) % 4
            streak[0] = 0
        elif r.draw_streak == DRAW_STREAK_RESET:
            streak[0] = 0
        elif r.draw_streak == DRAW_STREAK_INCREMENT:
            streak[0] += 1
    elif r.next_dealer == NEXT_DEALER_WINNER_OR_DISCARDER and row.n_wins > 1:
        # winner_or_discarder (RULES-PACKS §2.1): after a win by several on one discard the discarder deals
        streak[0] = streak[0] + 1 if row.discarder == dealer[0] else 0
        dealer[0] = row.discarder
    elif row.winner == dealer[0] or ((r.next_dealer == NEXT_DEALER_NEXT or r.next_dealer == NEXT_DEALER_PREVIOUS)
                                     and (row.winners >> dealer[0]) & 1):
        # 连庄; where the deal rotates, a dealer among several winners of one discard won too
        # (RULES-PACKS §4.1: "如果轮到庄家和牌…则庄家可以连庄")
        streak[0] += 1
    else:
        dealer[0] = (row.winner if r.next_dealer == NEXT_DEALER_WINNER or r.next_dealer == NEXT_DEALER_WINNER_OR_DISCARDER
                     else (dealer[0] + 3) % 4 if r.next_dealer == NEXT_DEALER_PREVIOUS else (dealer[0] + 1) % 4)
        streak[0] = 0

