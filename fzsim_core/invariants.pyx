# cython: language_level=3
"""Invariants (check=True): every tile of the set accounted for, packed hands consistent, hand sizes right,
every chosen action legal by the rules of fzsim_core/legal (an independent re-check of the choice)."""
from libc.stdint cimport uint16_t
from libc.string cimport memset
from fzsim_core.bits cimport held_mask, popcount64
from fzsim_core.hand cimport Hand, hand_init, hand_add
from fzsim_core.win_facts cimport N_FLOWER_SLOTS
from fzsim_core.state cimport Game, fail, is_flower, reserve_of_table
from fzsim_core.table cimport *
from fzsim_core.tiles cimport HONOR_BASE, N_HAND_KINDS, N_KINDS
from fzsim_core.wintables cimport hand_is_win
from fzsim_core.legal cimport can_discard_win, discard_mask
from fzsim_core.youjin cimport youjin_gold_freed


cdef int check_invariants(Game* g) noexcept nogil:
    """Every tile of the set accounted for kind by kind, packed hands consistent, hand sizes right."""
    cdef int cnt[N_KINDS]
    cdef int s, k, i, m, full = 0, total, sets = 0, H = g.ts.hand_size
    cdef Seat* st
    cdef Hand fresh
    memset(cnt, 0, sizeof(cnt))
    for s in range(4):
        st = &g.seats[s]
        sets += flower_sets(st)
        for k in range(N_HAND_KINDS):
            cnt[k] += st.hand.counts[k]
            if st.hand.counts[k] and is_flower(g, k):
                return fail(g, "a flower is held in hand (seat, kind)", s, k)
        for k in range(N_FLOWER_SLOTS):
            cnt[HONOR_BASE + k] += st.flowers[k]
        for i in range(st.n_melds):
            m = st.melds[i].kind
            if st.melds[i].type == MELD_CHOW:
                if m >= HONOR_BASE or m % 9 > 6:
                    return fail(g, "malformed chow (seat, kind)", s, m)
                if g.gold >= m and g.gold <= m + 2 and not g.pack.wild_claimable:   # BJ-A2 natural: a claimed one
                    return fail(g, "a gold used in a chow (seat, kind)", s, m)
                cnt[m] += 1
                cnt[m + 1] += 1
                cnt[m + 2] += 1
            else:
                if m == g.gold and not g.pack.wild_claimable:   # BJ-A2 natural: a claimed one at face value
                    return fail(g, "a gold used in a pung or kong (seat, kind)", s, m)
                cnt[m] += 3 if st.melds[i].type == MELD_PUNG else 4
        if s == 3 and sets != g.table_flower_sets:
            return fail(g, "flower-set count out of step (counted, kept)", sets, g.table_flower_sets)
        if s == 3 and g.reserve_now != reserve_of_table(g):
            return fail(g, "kept reserve out of step (counted, kept)", reserve_of_table(g), g.reserve_now)
        fresh = st.hand
        hand_init(&fresh, g.gold)
        for k in range(N_HAND_KINDS):
            for i in range(st.hand.counts[k]):
                hand_add(&fresh, k)
        for i in range(4):
            if fresh.key[i] != st.hand.key[i]:
                return fail(g, "packed hand key out of step with counts (seat, suit)", s, i)
        if fresh.golds != st.hand.golds or fresh.size != st.hand.size:
            return fail(g, "packed hand golds/size out of step (seat, size)", s, st.hand.size)
        total = st.hand.size + 3 * st.n_melds
        if total == H and s != g.cur_seat and not st.finished and st.wait_mask != g.pack.waits(g, s):
            return fail(g, "cached wait mask out of step (seat, size)", s, st.hand.size)
        m = 0
        for i in range(st.n_melds):
            if st.melds[i].type == MELD_PUNG:
                m += 1
                if not (st.pung_mask >> st.melds[i].kind) & 1:
                    return fail(g, "pung missing from the pung mask (seat, kind)", s, st.melds[i].kind)
        if m != popcount64(st.pung_mask):
            return fail(g, "pung mask holds extra kinds (seat, pungs)", s, m)
        if total == H + 1:
            if not st.finished:   # a winner of 血战到底 keeps its winning tile
                full += 1
        elif total != H:
            return fail(g, "hand size wrong: concealed + 3 x melds (seat, value)", s, total)
    # H + 1 tiles: the seat on turn; a winner holding its winning tile beside it; the last group's drawers
    if full > 1 and not g.in_last_group and not (g.row.outcome == 1 and full == 2):
        return fail(g, "more than one seat holds a full hand outside the last group (count, 0)", full, 0)
    for k in range(N_HAND_KINDS):
        cnt[k] += g.pond[k]
    for i in range(g.head, g.tail + 1):
        cnt[g.wall[i]] += 1
    if g.gold >= 0 and not g.indicator_taken:   # the flipped indicator lies apart
        cnt[g.indicator if g.indicator >= 0 else g.gold] += 1
    for k in range(N_KINDS):
        if cnt[k] != g.ts.copies[k]:
            return fail(g, "tile accounting broken (kind, count)", k, cnt[k])
    return ST_CONT


cdef int verify_action(Game* g, int seat, int dec, uint16_t a) noexcept nogil:
    """Independent legality check of a chosen action (check=True)."""
    cdef Seat* st = &g.seats[seat]
    cdef Hand* h = &st.hand
    cdef int t = act_type(a), k = act_kind(a), c = g.claim_tile, lo
    if st.finished:
        return fail(g, "a seat that has won was asked to act (seat, action)", seat, a)
    if t == ACT_PASS:
        return ST_CONT if dec >= DEC_DISCARD_WIN else fail(g, "pass on own turn (seat, dec)", seat, dec)
    if t == ACT_DISCARD:
        if dec > DEC_AFTER_CLAIM or k >= N_HAND_KINDS or h.counts[k] == 0:
            return fail(g, "illegal discard (seat, kind)", seat, k)
        if not st.youjin and not (discard_mask(g, held_mask(h), g.turn_claimed) >> k) & 1:
            return fail(g, "discard of a claimed kind or a forbidden gold (seat, kind)", seat, k)
        if h.size % 3 != 2:
            return fail(g, "discard from a hand of the wrong size (seat, size)", seat, h.size)
        return ST_CONT
    if t == ACT_WIN:
        if dec == DEC_TURN:
            if not (g.pack.is_win(g, seat) or h.golds >= 3):
                return fail(g, "self-draw win on a hand that does not win (seat, size)", seat, h.size)
        elif dec == DEC_ROB_KONG and not g.r.rob_kong:
            return fail(g, "robbed a kong with rob_kong off (seat, kind)", seat, c)
        elif dec == DEC_DISCARD_WIN or dec == DEC_ROB_KONG:
            if not can_discard_win(g, seat, c, True):
                return fail(g, "illegal win on a discard (seat, kind)", seat, c)
        elif dec != DEC_OPENING_WIN:
            return fail(g, "win offered at a wrong decision (seat, dec)", seat, dec)
        return ST_CONT
    if (t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG) and g.pack.kongs_closed != NULL and g.pack.kongs_closed(g, seat):
        return fail(g, "own-turn kong the pack closes now (seat, kind)", seat, k)
    if (t == ACT_PUNG or t == ACT_EXPOSED_KONG or t == ACT_CHOW) and g.pack.claims_closed != NULL \
            and g.pack.claims_closed(g, g.claim_from):
        return fail(g, "claim on a discard the pack closes to claims (seat, kind)", seat, k)
    if t == ACT_CONCEALED_KONG:
        return ST_CONT if (dec == DEC_TURN and k != g.gold and h.counts[k] == 4) else fail(
            g, "illegal concealed kong (seat, kind)", seat, k)
    if t == ACT_ADDED_KONG:
        return ST_CONT if (dec == DEC_TURN and k != g.gold and h.counts[k] >= 1 and has_pung(st, k)) else fail(
            g, "illegal added kong (seat, kind)", seat, k)
    if t == ACT_PUNG or t == ACT_EXPOSED_KONG:
        if dec != DEC_CLAIM or k != c or (c == g.gold and not g.pack.wild_claimable) or seat == g.claim_from:
            return fail(g, "illegal pung/kong claim (seat, kind)", seat, k)
        if h.counts[k] < (2 if t == ACT_PUNG else 3):
            return fail(g, "pung/kong without the tiles (seat, kind)", seat, k)
        return ST_CONT
    if t == ACT_CHOW:
        lo = k
        if (not g.r.chow or dec != DEC_CLAIM or seat != (g.claim_from + 1) % 4 or c >= HONOR_BASE
                or (c == g.gold and not g.pack.wild_claimable)):
            return fail(g, "illegal chow claim (seat, kind)", seat, c)
        if lo >= HONOR_BASE or lo % 9 > 6 or c < lo or c > lo + 2:
            return fail(g, "chow does not contain the claimed tile (low, claimed)", lo, c)
        for k in range(lo, lo + 3):
            if k != c and (k == g.gold or h.counts[k] == 0):
                return fail(g, "chow without the tiles or with a gold (seat, kind)", seat, k)
        return ST_CONT
    if t == ACT_YOUJIN:
        if dec != DEC_TURN or not g.r.youjin or k >= N_HAND_KINDS or h.counts[k] == 0:
            return fail(g, "illegal youjin (seat, kind)", seat, k)
        if st.youjin:
            return ST_CONT if (k == g.gold and st.youjin < 3 and youjin_gold_freed(g, h)) else fail(
                g, "youjin level up without a freed gold (seat, level)", seat, st.youjin)
        if not hand_is_win(h):
            return fail(g, "youjin entered from a hand that is not complete (seat, kind)", seat, k)
        return ST_CONT
    if t == ACT_QIANGJIN:
        return ST_CONT if (dec == DEC_DEALER_QIANGJIN and seat == g.dealer and h.counts[k] > 0) else fail(
            g, "illegal dealer qiangjin (seat, kind)", seat, k)
    if t == ACT_EXCHANGE:   # 换三张: a held tile (the opening window keeps the suit)
        return ST_CONT if (dec == DEC_EXCHANGE and k < N_HAND_KINDS and h.counts[k] > 0) else fail(
            g, "illegal exchange pick (seat, kind)", seat, k)
    if t == ACT_DINGQUE:    # 定缺: a suit, named by its 1, declared once
        return ST_CONT if (dec == DEC_DINGQUE and k < 27 and k % 9 == 0 and st.void_suit == 0) else fail(
            g, "illegal void-suit declaration (seat, kind)", seat, k)
    return fail(g, "unknown action (seat, code)", seat, a)

