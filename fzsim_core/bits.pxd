# Bit tricks over count arrays, shared by the engine's modules (all inline: hot paths).
from libc.stdint cimport uint8_t, uint64_t
from fzsim_core.hand cimport Hand

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>
    static inline int popcount64(unsigned long long x) {
    #if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
        return __builtin_popcountll(x);
    #else
        /* x86 without -mpopcnt compiles the builtin to a libgcc call: the same sum inline */
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    #endif
    }
    static inline int ctz64(unsigned long long x) { return __builtin_ctzll(x); }
    /* Bit k of the result is set iff counts[k] != 0 (or == v): eight counts per 64-bit word,
       the high bit of each byte flags a nonzero byte, a multiply gathers the eight flags. */
    static inline unsigned long long fz_nz_bytes(unsigned long long w) {
        const unsigned long long lo7 = 0x7F7F7F7F7F7F7F7FULL;
        return (((w & lo7) + lo7) | w) & 0x8080808080808080ULL;
    }
    static inline unsigned long long fz_gather8(unsigned long long flags) {
        return ((flags >> 7) * 0x0102040810204080ULL) >> 56;
    }
    /* Bit i set iff c[i] != 0, i < 8 (the eight flower kinds' counts): one word where the byte
       order is known little-endian, else the plain loop. */
    static inline unsigned long long fz_nonzero8(const unsigned char* c) {
    #if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        unsigned long long w;
        memcpy(&w, c, 8);
        return fz_gather8(fz_nz_bytes(w));
    #else
        unsigned long long m = 0;
        int i;
        for (i = 0; i < 8; i++)
            m |= (unsigned long long)(c[i] != 0) << i;
        return m;
    #endif
    }
    #if defined(__SSE2__)
    #include <emmintrin.h>
    static inline unsigned long long fz_counts_mask(const unsigned char* c, int v) {
        /* x86-64 (SSE2 is in its baseline): sixteen byte compares and a movemask per half */
        const int t = v < 0 ? 0 : v;
        const __m128i tv = _mm_set1_epi8((char)t);
        unsigned long long m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)c), tv))
            | (unsigned long long)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i*)(c + 16)), tv)) << 16
            | (unsigned long long)(c[32] == t) << 32 | (unsigned long long)(c[33] == t) << 33;
        return v < 0 ? m ^ 0x3FFFFFFFFULL : m;   /* v < 0: the kinds whose count is not 0 */
    }
    /* Bit k of three movemasks over count bytes 0..15 (a), 16..31 (b) and 18..33 (t: the load
       overlaps, so nothing past the 34 counts is read). */
    static inline unsigned long long fz_mask34(__m128i a, __m128i b, __m128i t) {
        return (unsigned long long)(unsigned)_mm_movemask_epi8(a)
               | (unsigned long long)(unsigned)_mm_movemask_epi8(b) << 16
               | (unsigned long long)((unsigned)_mm_movemask_epi8(t) >> 14) << 32;
    }
    static inline void fz_held_and_fours(const unsigned char* c, uint64_t* held, uint64_t* fours) {
        /* both of fz_counts_mask's masks (-1 and 4) from one pass: three loads, six compares */
        const __m128i a = _mm_loadu_si128((const __m128i*)c), b = _mm_loadu_si128((const __m128i*)(c + 16)),
                      t = _mm_loadu_si128((const __m128i*)(c + 18));
        const __m128i zero = _mm_setzero_si128(), four = _mm_set1_epi8(4);
        *held = fz_mask34(_mm_cmpeq_epi8(a, zero), _mm_cmpeq_epi8(b, zero), _mm_cmpeq_epi8(t, zero)) ^ 0x3FFFFFFFFULL;
        *fours = fz_mask34(_mm_cmpeq_epi8(a, four), _mm_cmpeq_epi8(b, four), _mm_cmpeq_epi8(t, four));
    }
    static inline unsigned long long fz_held32(const unsigned char* c) {
        /* adding 127 with unsigned saturation sets a byte's high bit iff the byte is nonzero (no
           compare, no complement); the suited kinds are all below 32, so two loads */
        const __m128i lo7 = _mm_set1_epi8(127);
        return (unsigned)_mm_movemask_epi8(_mm_adds_epu8(_mm_loadu_si128((const __m128i*)c), lo7))
               | (unsigned long long)(unsigned)_mm_movemask_epi8(_mm_adds_epu8(_mm_loadu_si128((const __m128i*)(c + 16)), lo7)) << 16;
    }
    static inline unsigned long long fz_odd34(const unsigned char* c) {
        /* a word shift by 7 moves each byte's low bit to its high bit */
        const __m128i a = _mm_loadu_si128((const __m128i*)c), b = _mm_loadu_si128((const __m128i*)(c + 16)),
                      t = _mm_loadu_si128((const __m128i*)(c + 18));
        return fz_mask34(_mm_slli_epi16(a, 7), _mm_slli_epi16(b, 7), _mm_slli_epi16(t, 7));
    }
    static inline void fz_unseen_bytes(const unsigned char* seen, const unsigned char* held, unsigned char* out) {
        /* (4 - seen) - held, each step saturating at 0: sixteen kinds per two subtractions */
        const __m128i four = _mm_set1_epi8(4);
        int k;
        for (k = 0; k < 32; k += 16)
            _mm_storeu_si128((__m128i*)(out + k), _mm_subs_epu8(_mm_subs_epu8(four, _mm_loadu_si128((const __m128i*)(seen + k))),
                                                                 _mm_loadu_si128((const __m128i*)(held + k))));
        {   /* kinds 32 and 33: max(0, 4 - seen - held) on plain ints */
            const int a = 4 - seen[32] - held[32], b = 4 - seen[33] - held[33];
            out[32] = (unsigned char)(a > 0 ? a : 0);
            out[33] = (unsigned char)(b > 0 ? b : 0);
        }
    }
    #elif !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
    static inline unsigned long long fz_counts_mask(const unsigned char* c, int v) {
        /* byte order unknown or big-endian: the plain loop */
        unsigned long long m = 0;
        int k;
        for (k = 0; k < 34; k++)
            m |= (unsigned long long)(v < 0 ? c[k] != 0 : c[k] == v) << k;
        return m;
    }
    #else
    static inline unsigned long long fz_counts_mask(const unsigned char* c, int v) {
        unsigned long long m = 0, w, rep = v < 0 ? 0 : 0x0101010101010101ULL * (unsigned long long)v;
        unsigned long long flip = v < 0 ? 0 : 0x8080808080808080ULL;
        int i;
        for (i = 0; i < 4; i++) {
            memcpy(&w, c + 8 * i, 8);
            m |= fz_gather8(fz_nz_bytes(w ^ rep) ^ flip) << (8 * i);
        }
        if (v < 0) {
            m |= (unsigned long long)(c[32] != 0) << 32 | (unsigned long long)(c[33] != 0) << 33;
        } else {
            m |= (unsigned long long)(c[32] == v) << 32 | (unsigned long long)(c[33] == v) << 33;
        }
        return m;
    }
    #endif
    #if !defined(__SSE2__)
    static inline unsigned long long fz_held32(const unsigned char* c) { return fz_counts_mask(c, -1) & 0xFFFFFFFFULL; }
    static inline unsigned long long fz_odd34(const unsigned char* c) { return fz_counts_mask(c, 1) | fz_counts_mask(c, 3); }
    static inline void fz_held_and_fours(const unsigned char* c, uint64_t* held, uint64_t* fours) {
        *held = fz_counts_mask(c, -1);
        *fours = fz_counts_mask(c, 4);
    }
    static inline void fz_unseen_bytes(const unsigned char* seen, const unsigned char* held, unsigned char* out) {
        int k;
        for (k = 0; k < 34; k++)
            out[k] = (unsigned char)(seen[k] + held[k] < 4 ? 4 - seen[k] - held[k] : 0);
    }
    #endif
    """
    int popcount64(uint64_t x) nogil
    int ctz64(uint64_t x) nogil
    uint64_t fz_counts_mask(const uint8_t* c, int v) nogil
    # fz_counts_mask(c, -1) and fz_counts_mask(c, 4) at once (one pass where the CPU has SSE2)
    void fz_held_and_fours(const uint8_t* c, uint64_t* held, uint64_t* fours) nogil
    uint64_t fz_held32(const uint8_t* c) nogil   # fz_counts_mask(c, -1) for the kinds below 32 (the suited ones)
    uint64_t fz_odd34(const uint8_t* c) nogil    # bit k iff c[k] is odd (counts 0..4, k < 34)
    uint64_t fz_nonzero8(const uint8_t* c) nogil   # bit i iff c[i] != 0, i < 8
    # out[k] = the copies of kind k neither seen nor held, max(0, 4 - seen[k] - held[k]), k < 34
    # (reads and writes bytes 0..33 only)
    void fz_unseen_bytes(const uint8_t* seen, const uint8_t* held, uint8_t* out) nogil


cdef inline int least_of(const int* v, uint64_t kinds, int start) noexcept nogil:
    """The least v[k] over the kinds k in the mask `kinds`, or `start` when none is lower (the
    best of every discard's shanten read at once)."""
    cdef int k, best = start
    while kinds:
        k = ctz64(kinds)
        kinds &= kinds - 1
        if v[k] < best:
            best = v[k]
    return best


cdef inline void count_planes(const uint8_t* c, uint64_t* plane) noexcept nogil:
    """plane[b]: the kinds whose count c[k] (0..4, k < 34) has bit b set, so that a sum of the
    counts over a mask of kinds is three popcounts (planes_sum)."""
    cdef uint64_t three = fz_counts_mask(c, 3)
    plane[0] = fz_counts_mask(c, 1) | three
    plane[1] = fz_counts_mask(c, 2) | three
    plane[2] = fz_counts_mask(c, 4)


cdef inline int planes_sum(const uint64_t* plane, uint64_t m) noexcept nogil:
    """The sum of the counts count_planes read over the kinds in m."""
    return popcount64(m & plane[0]) + 2 * popcount64(m & plane[1]) + 4 * popcount64(m & plane[2])


cdef inline uint64_t held_mask(const Hand* h) noexcept nogil:
    """Bit k set iff the hand holds kind k."""
    return fz_counts_mask(h.counts, -1)

