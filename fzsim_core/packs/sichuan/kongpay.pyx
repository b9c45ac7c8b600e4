# cython: language_level=3
"""Kong payments 刮风下雨 (RULES-PACKS §3.4, XZ-A7 option `xz_kong_payments = "commercial"`).

Not in the seed; the reading implemented (the common commercial one), each payment a record of its
own kind in the hand's records and in the row's totals (b = rules.base):

* a kong stands (flow: Pack.kong_made): an exposed kong from a discard is paid 2b by the discarder
  (刮风); an added kong 1b by each unfinished other seat (刮风); a concealed kong 2b by each
  unfinished other seat (下雨). A robbed added kong never stands, so it is never paid.
* 呼叫转移 (Pack.win_recorded): a win on the discard a seat makes right after its kong replacement
  (杠上炮) moves that seat's income from that last kong to the winner — once, to the first winner
  counter-clockwise from the discarder when several win on the discard.
* 退税 (sc_kong_refunds, from the pack's end_drawn): when the wall runs out, every unfinished seat
  that is not ready (花猪 included) returns the income of each of its kongs not already moved by
  呼叫转移, each payer getting back what it paid. Winners keep theirs.

With the option off (the default) every hook returns at once: no record, no payment.
"""
from libc.stdint cimport int32_t, uint32_t

from fzsim_core.settle cimport record_deltas
from fzsim_core.state cimport Game, fail
from fzsim_core.table cimport DEC_DISCARD_WIN, MELD_ADDED_KONG, MELD_EXPOSED_KONG, ST_CONT, ST_ERR
from fzsim_core.winrec cimport WinRec
from fzsim_core.packs.sichuan.score cimport SC_PAY_KONG, SC_PAY_KONG_REFUND, SC_PAY_KONG_TRANSFER
from fzsim_core.packs.sichuan.options cimport sc_options, XZ_KONG_PAYMENTS_OFF

cdef inline void name_kong(WinRec* rec, int meld_type, int kind) noexcept nogil:
    """A kong's records carry the kong as their one meld (the wins table prints it) and its kind."""
    rec.n_melds = 1
    rec.meld_type[0] = <unsigned char>meld_type
    rec.meld_kind[0] = <unsigned char>kind
    rec.tile = kind


cdef int sc_kong_made(Game* g, int s, int kind, int meld_type, int source) noexcept nogil:
    cdef int32_t d[4]
    cdef int32_t per
    cdef int t
    cdef WinRec* rec
    if sc_options(&g.r).xz_kong_payments == XZ_KONG_PAYMENTS_OFF:
        return ST_CONT
    d[0] = d[1] = d[2] = d[3] = 0
    if meld_type == MELD_EXPOSED_KONG:
        per = 2 * g.r.base
        d[source] -= per
        d[s] += per
    else:
        per = g.r.base if meld_type == MELD_ADDED_KONG else 2 * g.r.base
        source = -1
        for t in range(4):
            if t != s and not g.seats[t].finished:
                d[t] -= per
                d[s] += per
    rec = record_deltas(g, SC_PAY_KONG, s, source, d, per)
    if rec == NULL:
        return ST_ERR
    name_kong(rec, meld_type, kind)
    return ST_CONT


cdef int sc_win_recorded(Game* g, int winner, int discarder) noexcept nogil:
    """呼叫转移 on 杠上炮: the discarder's last kong's income goes to the (first) winner."""
    cdef int32_t d[4]
    cdef int i
    cdef WinRec* k = NULL
    cdef WinRec* rec
    if (sc_options(&g.r).xz_kong_payments == XZ_KONG_PAYMENTS_OFF or discarder < 0 or not g.flow.from_kong
            or g.flow.offer_decision != DEC_DISCARD_WIN):
        return ST_CONT
    for i in range(g.n_recs - 1, -1, -1):
        if g.recs[i].kind == SC_PAY_KONG and g.recs[i].seat == discarder:
            k = &g.recs[i]
            break
    if k == NULL or k.value or k.deltas[discarder] <= 0:
        return ST_CONT   # already moved to an earlier winner on this discard
    k.value = 1          # settled: moved
    d[0] = d[1] = d[2] = d[3] = 0
    d[discarder] = -k.deltas[discarder]
    d[winner] = k.deltas[discarder]
    rec = record_deltas(g, SC_PAY_KONG_TRANSFER, winner, discarder, d, k.deltas[discarder])
    if rec == NULL:
        return ST_ERR
    name_kong(rec, k.meld_type[0], k.tile)
    return ST_CONT


cdef int sc_kong_refunds(Game* g, const bint* ready) noexcept nogil:
    """退税: each unfinished seat not ready returns its kongs' income (records before it only)."""
    cdef int32_t d[4]
    cdef int i, s, n = g.n_recs
    cdef WinRec* k
    cdef WinRec* rec
    if sc_options(&g.r).xz_kong_payments == XZ_KONG_PAYMENTS_OFF:
        return ST_CONT
    for i in range(n):
        k = &g.recs[i]
        if k.kind != SC_PAY_KONG or k.value:
            continue
        s = k.seat
        if g.seats[s].finished or ready[s]:
            continue
        k.value = 1      # settled: refunded
        for s in range(4):
            d[s] = -k.deltas[s]
        rec = record_deltas(g, SC_PAY_KONG_REFUND, k.seat, -1, d, k.points)
        if rec == NULL:
            return ST_ERR
        name_kong(rec, k.meld_type[0], k.tile)
    return ST_CONT
