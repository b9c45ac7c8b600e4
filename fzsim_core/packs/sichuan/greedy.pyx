# cython: language_level=3
"""greedy on the Sichuan pack: every win taken (the forced ones are taken by the flow anyway),
else the discard that leaves the fewest tiles from ready over both shapes under the two-suit
rule (shapes.pxd sc_shanten, which gives up the best suit), ties broken by

1. a tile of the suit being given up (the suit, not held in a meld, whose tiles are fewest) —
   greedy clears it first, as players do;
2. when the discard leaves the hand ready, the most unseen winning tiles;
3. the least connected tile (fewest held tiles of its suit within two ranks, pairs counting
   double), then a terminal before a middle tile, then at random.

Kongs and pungs are taken when they leave the hand no further from ready. With 定缺 on, the
declared suit is the one given up (shapes.pxd reads Seat.void_suit), and greedy declares the suit
whose loss leaves the hand nearest to ready (then the one with the fewest tiles, then the lowest);
with 换三张 on, it passes tiles of the suit with the fewest tiles among those offered, the least
connected first (then a terminal, then the lowest kind). It reads only its
Observation (policy.pxd). The tie-breaks are cheap heuristics rather than the generic greedy's exact
useful-draw count (policies/greedy.pyx), so a decision costs a few shanten evaluations per candidate discard.
"""
from libc.stdint cimport uint16_t, uint32_t
from libc.stdio cimport snprintf
from libc.string cimport memcpy, memset
from fzsim_core.policy cimport Observation
from fzsim_core.policies.ties cimport BestOf, best_init, best_offer, best_pick
from fzsim_core.table cimport *
from fzsim_core.packs.sichuan.shapes cimport (ScHand, ScParts, SC_KINDS, SC_SUIT_BITS, SC_PUNG, SC_KONG, SC_ADDED_KONG,
                                              SC_CONCEALED_KONG, ScMelds, sc_parts_discard_best,
                                              sc_parts_discard_shanten, sc_parts_shanten, sc_read_parts,
                                              sc_read_parts_counts, sc_shanten, sc_table_wait_mask, sc_wait_mask)
from fzsim_core.bits cimport ctz64, least_of
from fzsim_core.hand cimport Hand, hand_remove
from fzsim_core.packs.sichuan.pack cimport sc_hand_of, sc_seat_melds

cdef enum:
    SC_TERMINALS = 0x4060301   # the 1s and 9s (kind bits)
    CONN_PAD = SC_KINDS + 8   # pad_counts' size: two zeros below kind 0, the 8-byte read past kind 26


cdef inline int unseen(const Observation* o, const ScHand* h, int k) noexcept nogil:
    cdef int v = 4 - o.seen[k] - h.counts[k]
    return v if v > 0 else 0


cdef int drop_suit(const ScHand* h) noexcept nogil:
    """The suit to give up: not in a meld, fewest concealed tiles (-1 when only two suits are
    held at all)."""
    cdef int s, k, n, best = -1, best_n = 99, in_melds = 0, present = 0, i
    for i in range(h.n_melds):
        in_melds |= 1 << (h.meld_kind[i] // 9)
    for s in range(3):
        n = 0
        for k in range(9 * s, 9 * s + 9):
            n += h.counts[k]
        if n or in_melds & (1 << s):
            present |= 1 << s
        if n and not in_melds & (1 << s) and n < best_n:
            best, best_n = s, n
    if present != 7:
        return -1
    return best


cdef extern from *:
    """
    #include <string.h>
    /* Byte i of CONN_NEAR[k]: kind k - 2 + i is another kind of k's suit within two ranks of k. */
    static const unsigned long long CONN_NEAR[27] = {
        0xFFFF000000ULL, 0xFFFF00FF00ULL, 0xFFFF00FFFFULL,
        0xFFFF00FFFFULL, 0xFFFF00FFFFULL, 0xFFFF00FFFFULL,
        0xFFFF00FFFFULL, 0x00FF00FFFFULL, 0x000000FFFFULL,
        0xFFFF000000ULL, 0xFFFF00FF00ULL, 0xFFFF00FFFFULL,
        0xFFFF00FFFFULL, 0xFFFF00FFFFULL, 0xFFFF00FFFFULL,
        0xFFFF00FFFFULL, 0x00FF00FFFFULL, 0x000000FFFFULL,
        0xFFFF000000ULL, 0xFFFF00FF00ULL, 0xFFFF00FFFFULL,
        0xFFFF00FFFFULL, 0xFFFF00FFFFULL, 0xFFFF00FFFFULL,
        0xFFFF00FFFFULL, 0x00FF00FFFFULL, 0x000000FFFFULL};
    /* The held tiles of the kinds CONN_NEAR[k] marks: eight counts from two kinds below k (a
       padded copy, pad_counts), those bytes kept and summed by one multiply. */
    static inline int sc_near_tiles(const unsigned char* pad, int k) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        unsigned long long w;
        memcpy(&w, pad + k, 8);
        return (int)(((w & CONN_NEAR[k]) * 0x0101010101010101ULL) >> 56);
    #else
        int i, c = 0;
        for (i = 0; i < 8; i++)
            if ((CONN_NEAR[k] >> (8 * i)) & 1)
                c += pad[k + i];
        return c;
    #endif
    }
    """
    int sc_near_tiles(const uint8_t* pad, int k) nogil


cdef inline void pad_counts(const uint8_t* counts, uint8_t* pad) noexcept nogil:
    """pad[k + 2] = counts[k], zeros around (CONN_PAD bytes): sc_near_tiles' input."""
    memset(pad, 0, CONN_PAD)
    memcpy(pad + 2, counts, SC_KINDS)


cdef inline int connectivity(const uint8_t* pad, int k) noexcept nogil:
    """Held tiles of k's suit within two ranks of k (k's own other copies count double); pad:
    pad_counts."""
    return 2 * (pad[k + 2] - 1) + sc_near_tiles(pad, k)


cdef int wait_count_after(const Observation* o, const ScMelds* melds, int d) noexcept nogil:
    """Unseen winning tiles of the hand left by discarding d: the table path on a copy of the
    seat's own packed Hand (sc_wait_mask's answer without rebuilding one)."""
    cdef Hand x = o.me.hand
    cdef uint32_t m
    cdef int k, v, total = 0
    hand_remove(&x, d)
    m = sc_table_wait_mask(&x, melds)
    if o.check and not wait_check(o, d, m):
        return -1
    while m:
        k = ctz64(m)
        m &= m - 1
        v = 4 - o.seen[k] - x.counts[k]
        total += v if v > 0 else 0
    return total


cdef bint wait_check(const Observation* o, int d, uint32_t got) noexcept nogil:
    """check=True: the table path's waits against sc_wait_mask on a rebuilt ScHand (errmsg
    written on a mismatch)."""
    cdef ScHand h
    sc_hand_of(o.me, &h)
    h.counts[d] -= 1
    if sc_wait_mask(&h) != got:
        snprintf(o.errmsg, o.errmsg_size, "%s (%d)", "Sichuan greedy waits from the table path differ (discard)", d)
        return False
    return True


cdef inline void seat_parts(const Observation* o, ScParts* p) noexcept nogil:
    """sc_read_parts of the deciding seat's tiles, from its own Hand (keys kept by the flow)."""
    cdef int i, meld_suits = 0
    for i in range(o.me.n_melds):
        meld_suits |= 1 << (o.me.melds[i].kind // 9)
    sc_read_parts_counts(o.me.hand.counts, o.me.hand.key, o.me.n_melds, meld_suits, o.me.void_suit, p)


cdef void sc_seat_parts(const Observation* o, ScParts* p) noexcept nogil:
    seat_parts(o, p)


cdef int drop_suit_parts(const ScParts* p) noexcept nogil:
    """drop_suit from a hand's parts (a suit holds 2 pairs + singles tiles)."""
    cdef int s, n, best = -1, best_n = 99, present = p.meld_suits
    for s in range(3):
        n = 2 * p.pairs[s] + p.singles[s]
        if n:
            present |= 1 << s
            if n < best_n and not p.meld_suits & (1 << s):
                best, best_n = s, n
    return best if present == 7 else -1


cdef int best_after_discard(ScHand* h, int banned) noexcept nogil:
    """Lowest shanten one discard reaches from the 3n+2 hand h."""
    cdef ScParts parts
    cdef int k, best
    cdef uint32_t cand = 0
    for k in range(SC_KINDS):
        if h.counts[k] and k != banned:
            cand |= (<uint32_t>1) << k
    sc_read_parts(h, &parts)
    sc_parts_discard_best(&parts, h.counts, cand, &best, -1)
    return best


cdef int sc_turn(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    return sc_turn_among(o, acts, n, NULL)


cdef int sc_turn_among(const Observation* o, const uint16_t* acts, int n, const bint* keep) noexcept nogil:
    """sc_turn with the discards limited to keep[i] (NULL: all): the best shanten among them."""
    return sc_turn_known(o, acts, n, keep, NULL, NULL, -1, -1, 0)


cdef int sc_turn_known(const Observation* o, const uint16_t* acts, int n, const bint* keep,
                       const int* known, const ScParts* read, int read_drop, int read_best,
                       uint32_t read_at) noexcept nogil:
    """sc_turn_among with each discard kind's shanten already read (known[k]; NULL: read here),
    and what the caller read of the seat: its parts and suit given up (read; NULL: none), the
    least of known over the discards and their kinds at it (read_best; < 0: none)."""
    cdef ScHand h
    cdef ScParts parts
    cdef ScMelds melds
    cdef int i, t, k, key, best = 99, drop, target, fast
    cdef int sh_k[SC_KINDS]
    cdef int at_act[32]              # each discard kind's action index (5 bits of a kind read)
    cdef int others = 0
    cdef const uint8_t* counts = o.me.hand.counts   # kinds 0..26 as an ScHand's
    cdef uint16_t a
    cdef int offer[MAX_ACTIONS]      # the candidates' action indices
    cdef int j, no = 0
    cdef uint8_t pad[CONN_PAD]
    cdef uint32_t cand = 0, at = 0   # at: the discard kinds at the target shanten
    cdef uint32_t first, m           # first: the kinds of the suit given up
    cdef bint kongs = False
    cdef BestOf choice
    # the flow lists the discards last: the actions before them, then the discards in one tight
    # loop (any other action among them: every action read one by one)
    i = 0
    while i < n and act_type(acts[i]) != ACT_DISCARD:
        t = act_type(acts[i])
        if t == ACT_WIN:
            return i
        kongs |= t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG
        i += 1
    for j in range(i, n):
        a = acts[j]
        others |= (a >> 8) ^ ACT_DISCARD
        cand |= (<uint32_t>1) << (a & 31)
        at_act[a & 31] = j
    if others:
        cand = 0
        for i in range(n):
            t = act_type(acts[i])
            if t == ACT_DISCARD:
                k = act_kind(acts[i])
                cand |= (<uint32_t>1) << k
                at_act[k] = i
            elif t == ACT_WIN:
                return i
            elif t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
                kongs = True
    best_init(&choice)
    # the parts straight from the seat's own Hand; the ScHand only for kongs and the checks
    if read == NULL:
        seat_parts(o, &parts)
        drop = o.me.void_suit - 1 if o.me.void_suit else drop_suit_parts(&parts)
    else:
        parts = read[0]   # a copy: greedy's own path keeps its parts local
        drop = read_drop
    if kongs or o.check:
        sc_hand_of(o.me, &h)
    first = SC_SUIT_BITS[drop] if drop >= 0 else 0
    if known == NULL and keep == NULL and not o.check:
        # greedy's own turn needs the best discards only, not every discard's shanten, and of
        # those only the suit given up's when it has some (below)
        at = sc_parts_discard_best(&parts, counts, cand, &best, drop)
    elif read_best >= 0:
        best, at = read_best, read_at
    else:
        if known == NULL:
            sc_parts_discard_shanten(&parts, counts, cand, sh_k)   # every discard from one read
            known = sh_k
        best = least_of(known, cand, best)   # the best discard
        at = kinds_at(known, cand, best)
    if o.check:
        if (sc_parts_discard_best(&parts, counts, cand, &fast, -1) != at or fast != best
                or sc_parts_discard_best(&parts, counts, cand, &fast, drop) != (at & first if at & first else at)):
            snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                     "Sichuan best discards differ from every discard's shanten (best, exact)", fast, best)
            return -1
        for i in range(n):
            if act_type(acts[i]) == ACT_DISCARD:
                k = act_kind(acts[i])
                h.counts[k] -= 1
                t = sc_shanten(&h)
                h.counts[k] += 1
                if t != known[k]:
                    snprintf(o.errmsg, o.errmsg_size, "%s (%d, %d)",
                             "Sichuan discard shanten from parts differs from sc_shanten (parts, plain)", known[k], t)
                    return -1
    if kongs:
        for i in range(n):   # a kong that leaves the hand no further from ready
            t = act_type(acts[i])
            if t == ACT_CONCEALED_KONG or t == ACT_ADDED_KONG:
                k = act_kind(acts[i])
                if meld_shanten(&h, k, t) <= best:
                    return i
    if o.check and drop != (h.void_suit - 1 if h.void_suit else drop_suit(&h)):
        snprintf(o.errmsg, o.errmsg_size, "%s (%d)", "Sichuan suit to give up from parts differs (drop)", drop)
        return -1
    target = best
    if keep != NULL:
        target = 99
        for i in range(n):
            if keep[i] and act_type(acts[i]) == ACT_DISCARD and known[act_kind(acts[i])] < target:
                target = known[act_kind(acts[i])]
        at = kinds_at(known, cand, target)
    if target != 99:
        # only discards are candidates, in action order (the flow lists them by kind)
        if keep != NULL:
            m = at
            while m:
                k = ctz64(m)
                m &= m - 1
                if not keep[at_act[k]]:
                    at &= ~((<uint32_t>1) << k)
        if at & first:
            at &= first   # the suit given up outranks the rest of the key: only it can be best
        if at and not at & (at - 1):
            return at_act[ctz64(at)]   # a lone candidate: no key to compare
        while at:
            offer[no] = at_act[ctz64(at)]
            no += 1
            at &= at - 1
    else:
        for i in range(n):   # an action that is not a discard counts as shanten 99
            if act_type(acts[i]) != ACT_DISCARD or (at >> act_kind(acts[i])) & 1:
                offer[no] = i
                no += 1
    if target == 0:
        sc_seat_melds(o.me, &melds)
    pad_counts(counts, pad)
    for j in range(no):
        i = offer[j]
        if keep != NULL and not keep[i]:
            continue
        key = discard_key(o, &melds, pad, first, target, act_kind(acts[i]))
        if key < 0:
            return -1
        best_offer(&choice, key, i)
    return best_pick(&choice, o.rng)


cdef inline int discard_key(const Observation* o, const ScMelds* melds, const uint8_t* pad, uint32_t first,
                            int target, int k) noexcept nogil:
    """A larger key is better: the suit given up first (`first`: its kinds), then (ready) more
    winning tiles, then the least connected, then a terminal (-1: check=True found the waits'
    paths differ)."""
    cdef int w, key = <int>((first >> k) & 1) << 20
    if target == 0:
        w = wait_count_after(o, melds, k)
        if w < 0:
            return -1
        key |= w << 8
    key |= (31 - connectivity(pad, k)) << 1
    return key | <int>((SC_TERMINALS >> k) & 1)


cdef inline uint32_t kinds_at(const int* v, uint32_t kinds, int target) noexcept nogil:
    """The kinds k in `kinds` with v[k] == target."""
    cdef uint32_t at = 0
    cdef int k
    while kinds:
        k = ctz64(kinds)
        kinds &= kinds - 1
        if v[k] == target:
            at |= (<uint32_t>1) << k
    return at


cdef int meld_shanten(ScHand* h, int k, int t) noexcept nogil:
    """Shanten of the 3n+1 hand left by a kong of kind k (t: the action type) out of the 3n+2 h."""
    cdef ScHand x = h[0]
    cdef int i
    if t == ACT_CONCEALED_KONG:
        x.counts[k] -= 4
        x.meld_kind[x.n_melds] = k
        x.meld_type[x.n_melds] = SC_CONCEALED_KONG
        x.n_melds += 1
    else:
        x.counts[k] -= 1
        for i in range(x.n_melds):
            if x.meld_kind[i] == k and x.meld_type[i] == SC_PUNG:
                x.meld_type[i] = SC_ADDED_KONG
    return sc_shanten(&x)


cdef int call_shanten(const ScHand* h, int t, int k, int banned) noexcept nogil:
    cdef ScHand x = h[0]
    x.meld_kind[x.n_melds] = k
    x.n_melds += 1
    if t == ACT_PUNG:
        x.counts[k] -= 2
        x.meld_type[x.n_melds - 1] = SC_PUNG
        return best_after_discard(&x, banned)
    x.counts[k] -= 3
    x.meld_type[x.n_melds - 1] = SC_KONG
    return sc_shanten(&x)


cdef int sc_claim(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """A pung or kong on the discard when the hand after it is no further from ready."""
    cdef ScHand h
    cdef ScParts parts
    cdef int i, t, k, sh, sh0, best = -1, best_sh, pass_at = 0
    cdef int banned = o.claim_tile if o.rules.no_discard_claimed_tile else -1
    sc_hand_of(o.me, &h)
    seat_parts(o, &parts)
    sh0 = sc_parts_shanten(&parts, True)   # sc_shanten(&h), the keys not read again
    best_sh = sh0
    for i in range(n):
        t = act_type(acts[i])
        k = act_kind(acts[i])
        if t == ACT_PASS:
            pass_at = i
            continue
        if t != ACT_PUNG and t != ACT_EXPOSED_KONG:
            continue
        sh = call_shanten(&h, t, k, banned)
        if sh <= best_sh:
            best, best_sh = i, sh
    return best if best >= 0 else pass_at


cdef int sc_dingque(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """定缺: the suit that, declared void, leaves the lowest shanten; then fewest tiles; then lowest."""
    cdef ScHand h
    cdef int i, k, suit, sh, cnt, key, best = 0, best_key = 1 << 30
    sc_hand_of(o.me, &h)
    for i in range(n):
        suit = act_kind(acts[i]) // 9
        h.void_suit = suit + 1
        sh = sc_shanten(&h)
        cnt = 0
        for k in range(9 * suit, 9 * suit + 9):
            cnt += h.counts[k]
        key = sh * 64 + cnt
        if key < best_key:
            best, best_key = i, key
    return best


cdef int sc_exchange(const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    """换三张: a tile of the offered suit with the fewest tiles, the least connected first."""
    cdef ScHand h
    cdef int i, k, s, key, best = 0, best_key = 1 << 30
    cdef int per_suit[3]
    cdef uint8_t pad[CONN_PAD]
    sc_hand_of(o.me, &h)
    pad_counts(h.counts, pad)
    for s in range(3):
        per_suit[s] = 0
        for k in range(9 * s, 9 * s + 9):
            per_suit[s] += h.counts[k]
    for i in range(n):
        k = act_kind(acts[i])
        # smaller is better: the suit's size, then connectivity, then a middle tile after a terminal
        key = (per_suit[k // 9] << 12) | (connectivity(pad, k) << 6) | (0 if (k % 9 == 0 or k % 9 == 8) else 32) | k
        if key < best_key:
            best, best_key = i, key
    return best


cdef int sc_greedy_choose(void* state, const Observation* o, const uint16_t* acts, int n) noexcept nogil:
    cdef int dec = o.decision
    if dec == DEC_TURN or dec == DEC_AFTER_CLAIM:
        return sc_turn(o, acts, n)
    if dec == DEC_CLAIM:
        return sc_claim(o, acts, n)
    if dec == DEC_DINGQUE:
        return sc_dingque(o, acts, n)
    if dec == DEC_EXCHANGE:
        return sc_exchange(o, acts, n)
    return first_win(acts, n)


cdef inline int first_win(const uint16_t* acts, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if act_type(acts[i]) != ACT_PASS:
            return i
    return 0
