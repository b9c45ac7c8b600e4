# Sichuan kong payments 刮风下雨 (XZ-A7 option) as Pack hooks and the drawn hand's 退税: kongpay.pyx.
from fzsim_core.state cimport Game

# Pack.kong_made: the kong's payment as an SC_PAY_KONG record (nothing with the option off).
cdef int sc_kong_made(Game* g, int s, int kind, int meld_type, int source) noexcept nogil
# Pack.win_recorded: 呼叫转移 of the discarder's last kong on 杠上炮.
cdef int sc_win_recorded(Game* g, int winner, int discarder) noexcept nogil
# 退税 at the end of the wall; ready[4]: which seats are ready.
cdef int sc_kong_refunds(Game* g, const bint* ready) noexcept nogil
