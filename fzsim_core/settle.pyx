# cython: language_level=3
"""Settlement (docs/spec/RULES.md §6, §9, §10): the end of a hand, drawn or won, into the row and the hand's
records. A win's scores come from the rule pack's hook (Game.pack.score_win), each into a record
of its own (several in 血战到底 or 一炮多响); the row keeps the first win and sums every record's
payments. The checks after it are the packs' common ones (zero-sum, the invariants)."""
from libc.stdint cimport int8_t, int32_t, uint32_t
from libc.string cimport memset
from fzsim_core.state cimport Game, Row, fail, live_tiles, log_event
from fzsim_core.table cimport Seat, ST_END, ST_CONT, ST_ERR, EV_DRAWN, EV_SETTLE, EV_WIN
from fzsim_core.tiles cimport N_HAND_KINDS
from fzsim_core.winrec cimport WinRec, MAX_RECORDS, REC_TILES, REC_MELDS, REC_WIN
from fzsim_core.invariants cimport check_invariants


cdef inline void finish_row(Game* g) noexcept nogil:
    cdef int s
    g.row.tiles_left = live_tiles(g)
    g.row.n_wins = g.n_wins
    g.row.outcome = 1 if g.n_wins else 0
    for s in range(4):
        g.row.flowers[s] = g.seats[s].n_flowers
        g.row.golds[s] = g.seats[s].hand.golds


cdef WinRec* new_record(Game* g, int kind, int seat, int from_seat) noexcept nogil:
    cdef WinRec* rec
    if g.n_recs >= MAX_RECORDS:
        fail(g, "more records in one hand than MAX_RECORDS (records, kind)", g.n_recs, kind)
        return NULL
    rec = &g.recs[g.n_recs]
    memset(rec, 0, sizeof(WinRec))
    memset(rec.concealed, 255, REC_TILES)
    rec.game_id = g.row.game_id
    rec.hand = g.row.hand
    rec.order = g.n_recs
    rec.kind = kind
    rec.seat = seat
    rec.from_seat = from_seat
    rec.win_type = -1
    rec.tile = -1
    rec.base_pattern = -1
    g.n_recs += 1
    return rec


cdef void keep_hand(WinRec* rec, const Seat* st) noexcept nogil:
    """The winner's concealed tiles (ascending) and melds, for the record's notation."""
    cdef int k, c, n = 0, i
    for k in range(N_HAND_KINDS):
        for c in range(st.hand.counts[k]):
            if n < REC_TILES:
                rec.concealed[n] = k
                n += 1
    rec.n_melds = st.n_melds if st.n_melds < REC_MELDS else REC_MELDS
    for i in range(rec.n_melds):
        rec.meld_type[i] = st.melds[i].type
        rec.meld_kind[i] = st.melds[i].kind


cdef int record_win(Game* g, int winner, int discarder, int win_type, uint32_t flags,
                    uint32_t specials, int tile) noexcept nogil:
    cdef int32_t before[4]
    cdef Row first
    cdef WinRec* rec = new_record(g, REC_WIN, winner, discarder)
    cdef int s, total = 0, payers = 0, payer = -1
    if rec == NULL:
        return ST_ERR
    keep_hand(rec, &g.seats[winner])
    for s in range(4):
        before[s] = g.row.deltas[s]
        g.row.deltas[s] = 0
    if g.n_wins:
        first = g.row   # the row keeps the first win's scores; this one's go to its record only
    # the pack writes the row's scores and this win's deltas (and may add detail to rec)
    if g.pack.score_win(g, winner, discarder, win_type, &flags, specials, tile) != ST_CONT:
        return ST_ERR
    rec.win_type = win_type
    rec.tile = tile
    rec.flags |= flags           # the pack may have set its own situation bits on rec (its score hook)
    rec.patterns = g.row.special_counted if rec.patterns == 0 else rec.patterns
    if rec.value == 0:
        rec.value = g.row.S
    for s in range(4):
        rec.deltas[s] = g.row.deltas[s]
        total += g.row.deltas[s]
        if discarder < 0 and rec.deltas[s] < 0:
            payers += 1
            payer = s
    if payers == 1:
        rec.from_seat = payer   # a self-draw one seat pays alone (点杠花, 承包, 包): from_seat names it
    if g.n_wins:
        for s in range(4):
            first.deltas[s] = before[s] + rec.deltas[s]
        g.row = first
    else:
        for s in range(4):
            g.row.deltas[s] += before[s]
        g.row.winner = winner
        g.row.discarder = discarder
        g.row.win_type = win_type
        g.row.flags = flags
    g.row.winners |= <int8_t>(1 << winner)
    if discarder >= 0:
        g.row.dealins[discarder] += 1
    g.n_wins += 1
    g.seats[winner].finished = True
    log_event(g, EV_WIN, winner, tile, win_type)
    if g.check and total != 0:
        return fail(g, "a win's payments are not zero-sum (winner, sum)", winner, total)
    if g.pack.win_recorded != NULL:
        return g.pack.win_recorded(g, winner, discarder)
    return ST_CONT


cdef WinRec* record_payment(Game* g, int kind, int payer, int receiver, int32_t amount) noexcept nogil:
    cdef WinRec* rec = new_record(g, kind, receiver, payer)
    if rec == NULL:
        return NULL
    rec.points = amount
    rec.deltas[payer] = -amount
    rec.deltas[receiver] = amount
    g.row.deltas[payer] -= amount
    g.row.deltas[receiver] += amount
    log_event(g, EV_SETTLE, payer, receiver, kind)
    return rec


cdef WinRec* record_deltas(Game* g, int kind, int seat, int from_seat, const int32_t* deltas,
                           int32_t points) noexcept nogil:
    cdef WinRec* rec = new_record(g, kind, seat, from_seat)
    cdef int s
    if rec == NULL:
        return NULL
    rec.points = points
    for s in range(4):
        rec.deltas[s] = deltas[s]
        g.row.deltas[s] += deltas[s]
        if deltas[s] < 0:
            log_event(g, EV_SETTLE, s, seat, kind)
    return rec


cdef int end_hand(Game* g) noexcept nogil:
    cdef int total
    if g.n_wins and g.pack.end_won != NULL and g.pack.end_won(g) != ST_CONT:
        return ST_ERR
    finish_row(g)
    if g.check:
        total = g.row.deltas[0] + g.row.deltas[1] + g.row.deltas[2] + g.row.deltas[3]
        if total != 0:
            return fail(g, "scores are not zero-sum (wins, sum)", g.n_wins, total)
        if check_invariants(g) != ST_CONT:
            return ST_ERR
    return ST_END


cdef int finish_win(Game* g, int winner, int discarder, int win_type, uint32_t flags,
                    uint32_t specials, int tile) noexcept nogil:
    if record_win(g, winner, discarder, win_type, flags, specials, tile) != ST_CONT:
        return ST_ERR
    return end_hand(g)


cdef int end_drawn(Game* g, int reason) noexcept nogil:
    log_event(g, EV_DRAWN, -1, -1, reason)
    if g.pack.end_drawn != NULL and g.pack.end_drawn(g) != ST_CONT:
        return ST_ERR
    return end_hand(g)
