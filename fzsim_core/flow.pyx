# cython: language_level=3
"""The flow of one hand (RULES.md §5, §9): the dealer's first discard, then turns — a head draw
(flowers replaced from the tail), kongs with their replacements, a self-draw win or a discard —
claims on each discard in priority (win > kong = pung > chow, a 金雀 win ahead of seat order),
the last group and the drawn hand. Legal actions come from fzsim_core/legal, decisions from each
seat's Policy (decide.pxd), the start of the hand and 游金 from the Fuzhou pack, the end from
settle. `play_one_hand` runs it to the end.
"""
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.string cimport memset
from fzsim_core.bits cimport ctz64, fz_counts_mask, held_mask
from fzsim_core.hand cimport Hand, hand_add, hand_remove
from fzsim_core.rng cimport rng_seed, STREAM_POLICY
from fzsim_core.rules cimport RuleSet, NEXT_DEALER_WINNER, DRAW_DEALER_NEXT, DRAW_STREAK_RESET, DRAW_STREAK_INCREMENT
from fzsim_core.scoring cimport (
    WIN_NONE, WIN_SELFDRAW, WIN_DISCARD, WIN_ROBBED_KONG, WIN_SANJINDAO, SP_SANJINDAO,
    FLAG_SELFDRAW, FLAG_KONG_REPLACEMENT, FLAG_ROBBED_KONG, FLAG_LAST_TILE, FLAG_LAST_GROUP,
)
from fzsim_core.policy cimport Observation
from fzsim_core.tileset cimport TileSet
from fzsim_core.state cimport Game, GameLog, Row, fail, give_flower, is_flower, kinds_mask, live_tiles, log_event, reserve
from fzsim_core.table cimport *
from fzsim_core.wall cimport digest_wall, shuffle_wall
from fzsim_core.wintables cimport hand_is_win, hand_is_jinque, hand_wait_mask
from fzsim_core.decide cimport choose
from fzsim_core.invariants cimport check_invariants
from fzsim_core.legal cimport add_chows, can_discard_win, claim_leaves_discard, discard_mask
from fzsim_core.settle cimport end_drawn, finish_win
from fzsim_core.packs.fuzhou.opening cimport opening_window, setup
from fzsim_core.packs.fuzhou.youjin cimport is_youjin_wait, youjin_blocks_win, youjin_gold_freed


cdef int replacement(Game* g, int seat) noexcept nogil:
    """Replacement draw from the tail for `seat`, setting flowers aside; the kind drawn,
    or -1 when the reserve is reached (the caller ends the hand drawn)."""
    cdef int k
    while True:
        if live_tiles(g) <= reserve(g):
            return -1
        k = g.wall[g.tail]
        g.tail -= 1
        log_event(g, EV_REPLACE, seat, k, 0)
        if is_flower(g, k):
            give_flower(g, seat, k)
            continue
        hand_add(&g.seats[seat].hand, k)
        g.seats[seat].last_draw = k
        return k


cdef int pick_discard_winner(Game* g, int from_seat, int k, int dec) noexcept nogil:
    """Offer a win on tile k (a discard or a robbed kong) to every seat that may take it;
    of those who accept, a 金雀 wins first, then the nearest counter-clockwise (截胡).
    Returns the winning seat, -1 for none, -2 on error."""
    cdef uint16_t acts[2]
    cdef int i, s, c, best = -1
    cdef bint jq, best_jq = False
    cdef Hand* h
    acts[0] = act(ACT_WIN, k)
    acts[1] = act(ACT_PASS, NO_TILE)
    for i in range(1, 4):
        s = (from_seat + i) % 4
        if not can_discard_win(g, s, k, False):
            continue
        c = choose(g, s, dec, acts, 2)
        if c < 0:
            return -2
        if c == 0:
            h = &g.seats[s].hand
            hand_add(h, k)
            jq = hand_is_jinque(h)
            hand_remove(h, k)
            if best < 0 or (jq and not best_jq):
                best = s
                best_jq = jq
        else:
            log_event(g, EV_DECLINE, s, k, dec)
            if g.r.guoshui:
                g.seats[s].guoshui_mask |= (<uint64_t>1) << k
    return best


cdef inline uint32_t selfdraw_flags(const Game* g, bint from_kong) noexcept nogil:
    """The flags of a win on the seat's own turn: 自摸, 杠上花 after a kong, 海底 on the last tile."""
    cdef uint32_t flags = FLAG_SELFDRAW
    if from_kong:
        flags |= FLAG_KONG_REPLACEMENT
    if live_tiles(g) <= reserve(g):
        flags |= FLAG_LAST_TILE
    return flags


cdef int own_turn(Game* g, int s, bint may_win, bint from_kong, int claimed) noexcept nogil:
    """Seat s holds 3n+2 tiles: win, kong (then replace and go on), or discard.
    `claimed` >= 0 after a chow/pung (discard only). Returns ST_CONT after a discard
    (g.last_discard), ST_END when the hand ended, ST_ERR on error."""
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    cdef uint16_t acts[MAX_ACTIONS]
    cdef int n, k, c, t, dec, w, wt
    cdef uint64_t held, gbit, four, added, m
    cdef uint32_t sp
    cdef bint rise
    g.row.turns += 1
    g.cur_seat = s
    while True:
        n = 0
        dec = DEC_AFTER_CLAIM if claimed >= 0 else DEC_TURN
        g.turn_claimed = claimed
        if st.youjin and st.last_draw >= 0 and h.counts[st.last_draw]:
            # 游金 (§11): the hand is locked — win, go up a level by throwing a freed gold, or
            # throw the draw
            if not youjin_blocks_win(g, s, True, from_kong):
                acts[n] = act(ACT_WIN, st.last_draw)
                n += 1
            rise = st.youjin < 3 and youjin_gold_freed(g, h)
            if rise:
                acts[n] = act(ACT_YOUJIN, g.gold)
                n += 1
            if st.last_draw != g.gold or not rise:
                acts[n] = act(ACT_DISCARD, st.last_draw)
                n += 1
            c = choose(g, s, dec, acts, n)
            if c < 0:
                return ST_ERR
            t = act_type(acts[c])
            k = act_kind(acts[c])
            if t == ACT_WIN:
                return finish_win(g, s, -1, WIN_SELFDRAW, selfdraw_flags(g, from_kong), 0, st.last_draw)
            return discard_tile(g, s, k, t == ACT_YOUJIN)
        held = held_mask(h) & kinds_mask(g)
        gbit = (<uint64_t>1) << g.gold
        if dec == DEC_TURN:
            if may_win and (h.golds >= 3 or (hand_is_win(h) and not youjin_blocks_win(g, s, True, from_kong))):
                acts[n] = act(ACT_WIN, st.last_draw if st.last_draw >= 0 else NO_TILE)
                n += 1
            if g.r.youjin and may_win and h.golds and hand_is_win(h):
                for k in range(g.n_kinds):   # enter 游金: throw the gold's partner, wait on anything
                    if h.counts[k] == 0 or k == g.gold:
                        continue
                    hand_remove(h, k)
                    if is_youjin_wait(g, h):
                        acts[n] = act(ACT_YOUJIN, k)
                        n += 1
                    hand_add(h, k)
            # kongs in kind order, a concealed kong before an added one of the same kind
            four = fz_counts_mask(h.counts, 4) & held & ~gbit
            added = held & st.pung_mask
            m = four | added
            while m:
                k = ctz64(m)
                m &= m - 1
                if (four >> k) & 1:
                    acts[n] = act(ACT_CONCEALED_KONG, k)
                    n += 1
                if (added >> k) & 1:
                    acts[n] = act(ACT_ADDED_KONG, k)
                    n += 1
        m = discard_mask(g, held, claimed)   # discards in kind order
        if m == 0:   # claim_leaves_discard let a claim through that leaves nothing to throw
            return fail(g, "no legal discard after a claim (seat, kind)", s, claimed)
        while m:
            k = ctz64(m)
            m &= m - 1
            acts[n] = act(ACT_DISCARD, k)
            n += 1
        c = choose(g, s, dec, acts, n)
        if c < 0:
            return ST_ERR
        t = act_type(acts[c])
        k = act_kind(acts[c])
        if t == ACT_WIN:
            wt = WIN_SELFDRAW
            sp = 0
            if h.golds >= 3:
                wt = WIN_SANJINDAO
                sp = SP_SANJINDAO
            return finish_win(g, s, -1, wt, selfdraw_flags(g, from_kong), sp, st.last_draw)
        if t == ACT_CONCEALED_KONG:
            hand_remove(h, k); hand_remove(h, k); hand_remove(h, k); hand_remove(h, k)
            add_meld(st, MELD_CONCEALED_KONG, k, -1)
            st.concealed_kongs += 1
            g.table_concealed_kongs += 1
            log_event(g, EV_CONCEALED_KONG, s, k, 0)
        elif t == ACT_ADDED_KONG:
            hand_remove(h, k)
            log_event(g, EV_ADDED_KONG, s, k, 0)
            g.claim_tile = k
            g.claim_from = s
            w = pick_discard_winner(g, s, k, DEC_ROB_KONG)
            if w == -2:
                return ST_ERR
            if w >= 0:
                hand_add(&g.seats[w].hand, k)
                return finish_win(g, w, s, WIN_ROBBED_KONG, FLAG_ROBBED_KONG, 0, k)
            g.claim_tile = -1
            g.claim_from = -1
            for w in range(st.n_melds):
                if st.melds[w].type == MELD_PUNG and st.melds[w].kind == k:
                    st.melds[w].type = MELD_ADDED_KONG
                    break
            st.pung_mask &= ~((<uint64_t>1) << k)
            st.exposed_kongs += 1
            g.table_exposed_kongs += 1
            g.seen[k] += 1
        else:   # discard (or enter 游金 with one)
            return discard_tile(g, s, k, t == ACT_YOUJIN)
        # after a kong: replacement from the tail, then the same seat goes on
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
        if replacement(g, s) < 0:
            return end_drawn(g, 1)
        may_win = True
        from_kong = True
        claimed = -1


cdef int discard_tile(Game* g, int s, int k, bint youjin) noexcept nogil:
    """Seat s discards k; with youjin=True that discard enters 游金 or raises its level."""
    cdef Seat* st = &g.seats[s]
    cdef Hand* h = &st.hand
    hand_remove(h, k)
    st.discards[st.n_discards] = k
    st.n_discards += 1
    g.pond[k] += 1
    g.seen[k] += 1
    st.guoshui_mask = 0
    st.wait_mask = hand_wait_mask(h)
    g.cur_seat = -1
    if k == g.gold:
        st.discarded_gold = True
    g.last_discard = k
    if youjin:
        st.youjin += 1
        log_event(g, EV_YOUJIN, s, k, st.youjin)
    else:
        log_event(g, EV_DISCARD, s, k, 0)
    if g.check and check_invariants(g) != ST_CONT:
        return ST_ERR
    return ST_CONT


cdef int offer_claim(Game* g, int seat, int k, uint16_t* acts, int n, int* claimer) noexcept nogil:
    """Offer `seat` the calls acts[0..n) on discard k, or a pass. Returns 1 when it called
    (recorded in *claimer and g.claim_action), 0 when it passed, -1 on error."""
    cdef int c
    acts[n] = act(ACT_PASS, NO_TILE)
    c = choose(g, seat, DEC_CLAIM, acts, n + 1)
    if c < 0:
        return -1
    if act_type(acts[c]) == ACT_PASS:
        return 0
    g.pond[k] -= 1
    claimer[0] = seat
    g.claim_action = acts[c]
    return 1


cdef int claim_discard(Game* g, int ds, int k, int* claimer) noexcept nogil:
    """Claims on seat ds's discard k (§5): win > kong = pung > chow. Returns ST_END on a win,
    ST_CONT with *claimer = the claiming seat (-1 for none) and g.claim_action, or ST_ERR."""
    cdef uint16_t acts[MAX_ACTIONS]
    cdef int i, s, n, c, w, ps, nxt = (ds + 1) % 4
    cdef Hand* h
    claimer[0] = -1
    if k == g.gold:   # a discarded gold can never be claimed
        return ST_CONT
    g.claim_tile = k
    g.claim_from = ds
    w = pick_discard_winner(g, ds, k, DEC_DISCARD_WIN)
    if w == -2:
        return ST_ERR
    if w >= 0:
        g.pond[k] -= 1
        hand_add(&g.seats[w].hand, k)
        return finish_win(g, w, ds, WIN_DISCARD, 0, 0, k)
    ps = -1   # after one discard at most one other seat can hold two more copies
    for i in range(1, 4):
        s = (ds + i) % 4
        if g.seats[s].hand.counts[k] >= 2 and not g.seats[s].youjin:
            ps = s
            break
    if ps >= 0:
        h = &g.seats[ps].hand
        n = 0
        if claim_leaves_discard(g, h, h.counts[k] - 2):
            acts[n] = act(ACT_PUNG, k)
            n += 1
        if h.counts[k] >= 3:
            acts[n] = act(ACT_EXPOSED_KONG, k)
            n += 1
        if ps == nxt:
            n = add_chows(g, h, k, acts, n)
        c = offer_claim(g, ps, k, acts, n, claimer) if n else 0
        if c != 0:
            return ST_ERR if c < 0 else ST_CONT
    if ps != nxt and not g.seats[nxt].youjin:
        n = add_chows(g, &g.seats[nxt].hand, k, acts, 0)
        if n:
            c = offer_claim(g, nxt, k, acts, n, claimer)
            if c != 0:
                return ST_ERR if c < 0 else ST_CONT
    g.claim_tile = -1
    g.claim_from = -1
    return ST_CONT


cdef int last_group(Game* g, int s) noexcept nogil:
    """§9: live - R draws in turn order from seat s, no discards; a completing draw wins."""
    cdef int n = live_tiles(g) - reserve(g), i, seat, k
    cdef Hand* h
    cdef uint32_t flags, sp
    g.in_last_group = True
    if n > g.r.last_group_size:
        n = g.r.last_group_size
    log_event(g, EV_LAST_GROUP, s, -1, n if n > 0 else 0)
    for i in range(n):
        seat = (s + i) % 4
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
        if h.golds >= 3 or (hand_is_win(h) and not youjin_blocks_win(g, seat, True, False)):
            flags = FLAG_SELFDRAW | FLAG_LAST_GROUP
            if live_tiles(g) <= reserve(g):
                flags |= FLAG_LAST_TILE
            sp = SP_SANJINDAO if h.golds >= 3 else 0
            return finish_win(g, seat, -1, WIN_SANJINDAO if h.golds >= 3 else WIN_SELFDRAW, flags, sp, k)
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
    return end_drawn(g, 0)


cdef int draw_turn(Game* g, int s) noexcept nogil:
    """Seat s's turn after an unclaimed discard: a head draw (or the last group)."""
    cdef int k
    if live_tiles(g) <= reserve(g) + g.r.last_group_size:
        return last_group(g, s)
    k = g.wall[g.head]
    g.head += 1
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
    return own_turn(g, s, True, False, -1)


cdef int play_one_hand(Game* g) noexcept nogil:
    """Play the hand set up in g (wall, dealer, streak, rules, policies) to its end."""
    cdef int st, cur, claimer, k, t, lo, x
    cdef uint16_t a
    cdef Seat* cs
    st = setup(g)
    if st != ST_CONT:
        return st
    st = opening_window(g)
    if st != ST_CONT:
        return st
    cur = g.dealer
    st = own_turn(g, cur, False, False, -1)
    while st == ST_CONT:
        k = g.last_discard
        st = claim_discard(g, cur, k, &claimer)
        if st != ST_CONT:
            return st
        if claimer < 0:
            cur = (cur + 1) % 4
            st = draw_turn(g, cur)
            continue
        a = <uint16_t>g.claim_action
        t = act_type(a)
        cs = &g.seats[claimer]
        g.seats[cur].n_discards -= 1   # the tile leaves the discarder's pond
        if t == ACT_PUNG:
            hand_remove(&cs.hand, k); hand_remove(&cs.hand, k)
            add_meld(cs, MELD_PUNG, k, cur)
            cs.pung_mask |= (<uint64_t>1) << k
            g.seen[k] += 2
            log_event(g, EV_PUNG, claimer, k, cur)
        elif t == ACT_CHOW:
            lo = act_kind(a)
            for x in range(lo, lo + 3):
                if x != k:
                    hand_remove(&cs.hand, x)
                    g.seen[x] += 1
            add_meld(cs, MELD_CHOW, lo, cur)
            log_event(g, EV_CHOW, claimer, lo, k)
        else:   # exposed kong
            hand_remove(&cs.hand, k); hand_remove(&cs.hand, k); hand_remove(&cs.hand, k)
            add_meld(cs, MELD_EXPOSED_KONG, k, cur)
            cs.exposed_kongs += 1
            g.table_exposed_kongs += 1
            g.seen[k] += 3
            log_event(g, EV_EXPOSED_KONG, claimer, k, cur)
        g.claim_tile = -1
        g.claim_from = -1
        cur = claimer
        g.cur_seat = cur
        if g.check and check_invariants(g) != ST_CONT:
            return ST_ERR
        if t == ACT_EXPOSED_KONG:
            if replacement(g, cur) < 0:
                return end_drawn(g, 1)
            st = own_turn(g, cur, True, True, -1)
        else:
            st = own_turn(g, cur, False, False, k)
    return st


cdef void prepare_game(Game* g, const TileSet* ts, GameLog* log, bint check) noexcept nogil:
    """Once for a run of hands, after g.policies are bound: the tile set, the public views, the
    parts of the observation that never change, the log (NULL: none) and the check flag."""
    cdef int s
    cdef Observation* o = &g.obs
    for s in range(4):
        g.public[s].melds = g.seats[s].melds
        g.public[s].n_melds = &g.seats[s].n_melds
        g.public[s].discards = g.seats[s].discards
        g.public[s].n_discards = &g.seats[s].n_discards
        g.public[s].n_flowers = &g.seats[s].n_flowers
        g.public[s].youjin = &g.seats[s].youjin
    o.rules = &g.r
    o.seen = g.seen
    o.table = g.public
    o.rng = &g.prng
    o.check = check
    o.errmsg = g.errmsg
    o.errmsg_size = sizeof(g.errmsg)
    g.ts = ts[0]
    g.log = log
    g.check = check


cdef void init_game(Game* g, const RuleSet* rules, uint64_t root, int64_t game_id, int hand,
                    int dealer, int streak, const uint8_t* wall) noexcept nogil:
    """Set hand `hand` of match `game_id` up in g (prepared by prepare_game): everything from
    g.r on starts zeroed, the wall is `wall` (ts.n_tiles kinds) or the seeded shuffle."""
    cdef int s
    memset(&g.r, 0, sizeof(Game) - <size_t>(<char*>&g.r - <char*>g))
    if g.log != NULL:
        g.log.n_events = 0
    g.r = rules[0]
    if wall != NULL:
        for s in range(g.ts.n_tiles):
            g.wall[s] = wall[s]
    else:
        shuffle_wall(&g.ts, g.wall, root, <uint64_t>game_id, <uint64_t>hand)
    rng_seed(&g.prng, root, <uint64_t>game_id, <uint64_t>hand, STREAM_POLICY)
    g.dealer = dealer
    g.obs.dealer = dealer
    g.streak = streak
    g.claim_tile = -1
    g.claim_from = -1
    g.turn_claimed = -1
    g.cur_seat = -1
    g.gold = -1
    for s in range(4):
        g.seats[s].last_draw = -1
    g.row.game_id = game_id
    g.row.hand = hand
    g.row.wall_digest = digest_wall(&g.ts, g.wall)
    g.row.dealer = dealer
    g.row.streak = streak
    g.row.winner = -1
    g.row.discarder = -1
    g.row.win_type = WIN_NONE


cdef void advance_match(const RuleSet* r, const Row* row, int* dealer, int* streak) noexcept nogil:
    """§2: the dealer keeps the deal (streak + 1) on a dealer win; after a drawn hand the deal and
    the streak follow draw_dealer / draw_streak; otherwise the next seat (or the winner) deals at 0."""
    if row.outcome == 0:
        if r.draw_dealer == DRAW_DEALER_NEXT:
            dealer[0] = (dealer[0] + 1) % 4
            streak[0] = 0
        elif r.draw_streak == DRAW_STREAK_RESET:
            streak[0] = 0
        elif r.draw_streak == DRAW_STREAK_INCREMENT:
            streak[0] += 1
    elif row.winner == dealer[0]:
        streak[0] += 1
    else:
        dealer[0] = row.winner if r.next_dealer == NEXT_DEALER_WINNER else (dealer[0] + 1) % 4
        streak[0] = 0

