# cython: language_level=3
"""Fuzhou's start of a hand: the deal (hand_size each, one more to the dealer), opening 补花 in rounds from
the dealer (docs/spec/RULES.md §3), the gold flip at the tail (§4) and the opening window in the order of
§7: 天胡 (or the dealer's 三金倒), a non-dealer's 三金倒, a non-dealer's 抢金, the dealer's 抢金.
The window is resumable like the flow: `opening_offer` posts its next decision, `opening_resolve`
applies the answer and goes on."""
from libc.stdint cimport uint8_t, uint16_t
from fzsim_core.hand cimport Hand, hand_add, hand_remove, hand_set_counts
from fzsim_core.win_facts cimport (
    WIN_QIANGJIN, WIN_SANJINDAO, WIN_TIANHU, SP_TIANHU, SP_QIANGJIN, SP_SANJINDAO, FLAG_SELFDRAW,
)
from fzsim_core.state cimport Game, deal_blocks, give_flower, is_flower, log_event, post, replace_dealt_flowers
from fzsim_core.table cimport *
from fzsim_core.tiles cimport HONOR_BASE, N_HAND_KINDS, N_KINDS
from fzsim_core.wintables cimport hand_is_win, hand_shanten, hand_wins_with, hand_wait_mask
from fzsim_core.invariants cimport check_invariants
from fzsim_core.settle cimport finish_win


cdef int setup(Game* g) noexcept nogil:
    """Deal, opening 补花 in rounds from the dealer (§3), gold reveal (§4)."""
    cdef uint8_t raw[4][N_KINDS]
    cdef int s, k
    deal_blocks(g, &raw[0][0])
    replace_dealt_flowers(g, &raw[0][0])
    while True:   # flip at the tail until a non-flower; flipped flowers go to the dealer
        k = g.wall[g.tail]
        g.tail -= 1
        if is_flower(g, k):
            log_event(g, EV_GOLD_FLIP, g.dealer, k, 1)
            give_flower(g, g.dealer, k)
            continue
        log_event(g, EV_GOLD_FLIP, -1, k, 0)
        break
    g.gold = k
    g.row.gold = k
    g.seen[k] += 1
    log_event(g, EV_GOLD, -1, k, 0)
    g.n_kinds = HONOR_BASE if g.r.honors_are_flowers else N_HAND_KINDS
    for s in range(4):
        hand_set_counts(&g.seats[s].hand, raw[s], g.gold)   # flowers are already out of raw
        if s != g.dealer:
            g.seats[s].wait_mask = hand_wait_mask(&g.seats[s].hand)
    if g.check:
        return check_invariants(g)
    return ST_CONT


# The window's steps (Game.flow.step): 0 the dealer's 天胡 / 三金倒; 1-3 the non-dealers' 三金倒 and
# 4-6 their 抢金, counter-clockwise from the dealer's right; 7 the dealer's 抢金; 8 closed.
cdef enum:
    STEP_DEALER_WIN = 0
    STEP_SANJINDAO = 1
    STEP_QIANGJIN = 4
    STEP_DEALER_QIANGJIN = 7
    STEP_CLOSED = 8


cdef int opening_offer(Game* g) noexcept nogil:
    """Post the window's next decision from step g.flow.step on (ST_DECIDE), or ST_CONT when
    nobody has one left (play starts)."""
    cdef uint16_t* acts = g.pend.acts
    cdef int d = g.dealer, s, k, n, step
    cdef Hand* h
    while True:
        step = g.flow.step
        if step == STEP_DEALER_WIN:
            h = &g.seats[d].hand
            if hand_is_win(h) or h.golds >= 3:
                acts[0] = act(ACT_WIN, NO_TILE)
                acts[1] = act(ACT_PASS, NO_TILE)
                return post(g, d, DEC_OPENING_WIN, 2)
        elif step < STEP_QIANGJIN:
            s = (d + step - STEP_SANJINDAO + 1) % 4
            if g.seats[s].hand.golds >= 3:
                acts[0] = act(ACT_WIN, NO_TILE)
                acts[1] = act(ACT_PASS, NO_TILE)
                return post(g, s, DEC_OPENING_WIN, 2)
        elif step < STEP_DEALER_QIANGJIN:
            s = (d + step - STEP_QIANGJIN + 1) % 4
            if hand_wins_with(&g.seats[s].hand, g.gold):
                acts[0] = act(ACT_WIN, g.gold)
                acts[1] = act(ACT_PASS, NO_TILE)
                return post(g, s, DEC_OPENING_WIN, 2)
        elif step == STEP_DEALER_QIANGJIN:
            h = &g.seats[d].hand
            n = 0
            # one tile for the (wild) indicator completes the hand only if it is one exchange
            # from complete: most deals are not, and skip the kind-by-kind search
            if hand_shanten(h) <= 0:
                for k in range(g.n_kinds):   # which tile the dealer gives up for the indicator
                    if h.counts[k] == 0 or k == g.gold:
                        continue
                    hand_remove(h, k)
                    if hand_wins_with(h, g.gold):
                        acts[n] = act(ACT_QIANGJIN, k)
                        n += 1
                    hand_add(h, k)
            if n:
                acts[n] = act(ACT_PASS, NO_TILE)
                return post(g, d, DEC_DEALER_QIANGJIN, n + 1)
        else:
            return ST_CONT
        g.flow.step += 1


cdef int take_indicator(Game* g, int s) noexcept nogil:
    """抢金: seat s takes the flipped indicator into its hand."""
    hand_add(&g.seats[s].hand, g.gold)
    g.indicator_taken = True
    g.seen[g.gold] -= 1
    g.row.turns = 1
    return finish_win(g, s, -1, WIN_QIANGJIN, FLAG_SELFDRAW, SP_QIANGJIN, g.gold)


cdef int opening_resolve(Game* g, int c) noexcept nogil:
    """Apply choice c of the posted decision: ST_END on a win, else the window goes on
    (ST_DECIDE with the next decision, or ST_CONT when it has closed)."""
    cdef int step = g.flow.step, s = g.pend.seat, k
    cdef uint16_t a = g.pend.acts[c]
    cdef Seat* st = &g.seats[s]
    cdef bint tian, three
    if act_type(a) == ACT_PASS:
        log_event(g, EV_DECLINE, s, -1 if step < STEP_QIANGJIN else g.gold, g.pend.decision)
        g.row.declines[s] += 1
    elif step == STEP_DEALER_WIN:
        tian = hand_is_win(&st.hand)
        three = st.hand.golds >= 3
        g.row.turns = 1
        return finish_win(g, s, -1, WIN_TIANHU if tian else WIN_SANJINDAO, FLAG_SELFDRAW,
                          (SP_TIANHU if tian else 0) | (SP_SANJINDAO if three else 0), -1)
    elif step < STEP_QIANGJIN:
        g.row.turns = 1
        return finish_win(g, s, -1, WIN_SANJINDAO, FLAG_SELFDRAW, SP_SANJINDAO, -1)
    elif step < STEP_DEALER_QIANGJIN:
        return take_indicator(g, s)
    else:   # the dealer gives up tile k (a discard) for the indicator
        k = act_kind(a)
        hand_remove(&st.hand, k)
        g.pond[k] += 1
        g.seen[k] += 1
        st.discards[st.n_discards] = k
        st.n_discards += 1
        log_event(g, EV_QIANGJIN_GIVE, s, k, 0)
        return take_indicator(g, s)
    g.flow.step += 1
    return opening_offer(g)
