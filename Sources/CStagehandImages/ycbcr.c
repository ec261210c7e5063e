// Planar Y'CbCr to opaque BGRA (BT.601): a scalar reference, and on x86_64 an SSE2 path over 16 pixels at a time
// that does the same integer arithmetic and so writes the same bytes (the tests compare them on random frames).
#include "stagehand_images.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* BT.601 in 16.16 fixed point: limited range scales Y' by 255/219 and Cb, Cr by 255/224 first. */
typedef struct {
    int32_t y_scale, y_offset, r_cr, g_cb, g_cr, b_cb;
} coefficients;

static coefficients coefficients_for(int32_t full_range) {
    coefficients k;
    k.y_scale = full_range ? 65536 : 76309;
    k.y_offset = full_range ? 0 : 16;
    k.r_cr = full_range ? 91881 : 104597;
    k.g_cb = full_range ? 22553 : 25675;
    k.g_cr = full_range ? 46802 : 53279;
    k.b_cb = full_range ? 116130 : 132201;
    return k;
}

static inline uint8_t clamp_channel(int32_t value) {
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

static inline uint32_t bgra_word(int32_t l, int32_t r, int32_t g, int32_t b) {
    return (uint32_t)clamp_channel((l + b) >> 16) | (uint32_t)clamp_channel((l + g) >> 16) << 8 |
           (uint32_t)clamp_channel((l + r) >> 16) << 16 | 0xFF000000u;
}

/* Pixels `from` to `width` of one row (`from` even when chroma is halved across); `u`, `v` NULL for mono. */
static void row_scalar(const uint8_t *luma_row, const uint8_t *u, const uint8_t *v, uint32_t from, uint32_t width,
                       uint32_t shift_x, const coefficients *k, uint32_t *out) {
    if (!u || !v) {
        /* Mono: grey. */
        for (uint32_t x = from; x < width; x++)
            out[x] = bgra_word((luma_row[x] - k->y_offset) * k->y_scale + 32768, 0, 0, 0);
        return;
    }
    if (shift_x == 1) {
        /* Two pixels a chroma sample: its terms are worked out once for both. */
        uint32_t x = from;
        for (; x + 1 < width; x += 2) {
            int32_t du = u[x >> 1] - 128, dv = v[x >> 1] - 128;
            int32_t r = k->r_cr * dv, g = -k->g_cb * du - k->g_cr * dv, b = k->b_cb * du;
            out[x] = bgra_word((luma_row[x] - k->y_offset) * k->y_scale + 32768, r, g, b);
            out[x + 1] = bgra_word((luma_row[x + 1] - k->y_offset) * k->y_scale + 32768, r, g, b);
        }
        if (x < width) {
            int32_t du = u[x >> 1] - 128, dv = v[x >> 1] - 128;
            out[x] = bgra_word((luma_row[x] - k->y_offset) * k->y_scale + 32768, k->r_cr * dv,
                               -k->g_cb * du - k->g_cr * dv, k->b_cb * du);
        }
        return;
    }
    for (uint32_t x = from; x < width; x++) {
        int32_t du = u[x] - 128, dv = v[x] - 128;
        out[x] = bgra_word((luma_row[x] - k->y_offset) * k->y_scale + 32768, k->r_cr * dv,
                           -k->g_cb * du - k->g_cr * dv, k->b_cb * du);
    }
}

#if defined(__SSE2__)
/* The products are exact 32-bit integers from _mm_madd_epi16, which adds two 16-bit products: a value d times a
 * coefficient c is (d << s) * (c >> s) + d * (c & (2^s - 1)), with s chosen so that d << s still fits 16 bits
 * (s = 8 for Cb and Cr less 128, s = 7 for Y' from 0 to 255). */
static inline __m128i pair_coefficient(int32_t coefficient, int shift) {
    uint32_t high = (uint16_t)(int16_t)(coefficient >> shift);
    uint32_t low = (uint16_t)(int16_t)(coefficient & ((1 << shift) - 1));
    return _mm_set1_epi32((int32_t)(high | low << 16));
}

/* Lanes 0 to 3 (or 4 to 7) of the 16-bit `d` times the coefficient `c` (from pair_coefficient with shift 8). */
static inline __m128i chroma_low(__m128i d, __m128i c) {
    return _mm_madd_epi16(_mm_unpacklo_epi16(_mm_slli_epi16(d, 8), d), c);
}
static inline __m128i chroma_high(__m128i d, __m128i c) {
    return _mm_madd_epi16(_mm_unpackhi_epi16(_mm_slli_epi16(d, 8), d), c);
}

/* One channel of 16 pixels as bytes: (l + t) >> 16, clamped to 0 to 255 by the two saturating packs. */
static inline __m128i channel(const __m128i l[4], const __m128i t[4]) {
    __m128i low = _mm_packs_epi32(_mm_srai_epi32(_mm_add_epi32(l[0], t[0]), 16),
                                  _mm_srai_epi32(_mm_add_epi32(l[1], t[1]), 16));
    __m128i high = _mm_packs_epi32(_mm_srai_epi32(_mm_add_epi32(l[2], t[2]), 16),
                                   _mm_srai_epi32(_mm_add_epi32(l[3], t[3]), 16));
    return _mm_packus_epi16(low, high);
}

/* The red, green and blue terms of 8 chroma samples (16-bit, less 128), 4 a vector: lanes 0-3 in [0], 4-7 in [1]. */
static inline void chroma_terms(__m128i du, __m128i dv, const coefficients *k, __m128i r[2], __m128i g[2],
                                __m128i b[2]) {
    __m128i rc = pair_coefficient(k->r_cr, 8), gu = pair_coefficient(-k->g_cb, 8);
    __m128i gv = pair_coefficient(-k->g_cr, 8), bu = pair_coefficient(k->b_cb, 8);
    r[0] = chroma_low(dv, rc);
    r[1] = chroma_high(dv, rc);
    g[0] = _mm_add_epi32(chroma_low(du, gu), chroma_low(dv, gv));
    g[1] = _mm_add_epi32(chroma_high(du, gu), chroma_high(dv, gv));
    b[0] = chroma_low(du, bu);
    b[1] = chroma_high(du, bu);
}

/* Converts the first multiple of 16 pixels of one row; returns how many it converted. */
static uint32_t row_sse2(const uint8_t *luma_row, const uint8_t *u, const uint8_t *v, uint32_t width,
                         uint32_t shift_x, const coefficients *k, uint32_t *out) {
    const __m128i zero = _mm_setzero_si128(), bias = _mm_set1_epi16(128), alpha = _mm_set1_epi8(-1);
    /* (Y' - offset) * scale + 32768 = Y' * scale + (32768 - offset * scale). */
    const __m128i y_coefficient = pair_coefficient(k->y_scale, 7);
    const __m128i y_constant = _mm_set1_epi32(32768 - k->y_offset * k->y_scale);
    uint32_t x = 0;
    for (; x + 16 <= width; x += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(const void *)(luma_row + x));
        __m128i low = _mm_unpacklo_epi8(bytes, zero), high = _mm_unpackhi_epi8(bytes, zero);
        __m128i l[4];
        l[0] = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(_mm_slli_epi16(low, 7), low), y_coefficient), y_constant);
        l[1] = _mm_add_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(_mm_slli_epi16(low, 7), low), y_coefficient), y_constant);
        l[2] = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(_mm_slli_epi16(high, 7), high), y_coefficient), y_constant);
        l[3] = _mm_add_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(_mm_slli_epi16(high, 7), high), y_coefficient), y_constant);
        __m128i r[4] = {zero, zero, zero, zero}, g[4] = {zero, zero, zero, zero}, b[4] = {zero, zero, zero, zero};
        if (u && v && shift_x == 1) {
            /* 8 chroma samples for 16 pixels: each term doubled into its two pixels. */
            __m128i du = _mm_sub_epi16(_mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(u + x / 2)), zero), bias);
            __m128i dv = _mm_sub_epi16(_mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)(v + x / 2)), zero), bias);
            __m128i rs[2], gs[2], bs[2];
            chroma_terms(du, dv, k, rs, gs, bs);
            for (int i = 0; i < 2; i++) {
                r[2 * i] = _mm_unpacklo_epi32(rs[i], rs[i]);
                r[2 * i + 1] = _mm_unpackhi_epi32(rs[i], rs[i]);
                g[2 * i] = _mm_unpacklo_epi32(gs[i], gs[i]);
                g[2 * i + 1] = _mm_unpackhi_epi32(gs[i], gs[i]);
                b[2 * i] = _mm_unpacklo_epi32(bs[i], bs[i]);
                b[2 * i + 1] = _mm_unpackhi_epi32(bs[i], bs[i]);
            }
        } else if (u && v) {
            /* 16 chroma samples, one a pixel. */
            __m128i ub = _mm_loadu_si128((const __m128i *)(const void *)(u + x));
            __m128i vb = _mm_loadu_si128((const __m128i *)(const void *)(v + x));
            chroma_terms(_mm_sub_epi16(_mm_unpacklo_epi8(ub, zero), bias), _mm_sub_epi16(_mm_unpacklo_epi8(vb, zero), bias),
                         k, r, g, b);
            chroma_terms(_mm_sub_epi16(_mm_unpackhi_epi8(ub, zero), bias), _mm_sub_epi16(_mm_unpackhi_epi8(vb, zero), bias),
                         k, r + 2, g + 2, b + 2);
        }
        __m128i blue = channel(l, b), green = channel(l, g), red = channel(l, r);
        __m128i blue_green = _mm_unpacklo_epi8(blue, green), red_alpha = _mm_unpacklo_epi8(red, alpha);
        __m128i *target = (__m128i *)(void *)(out + x);
        _mm_storeu_si128(target, _mm_unpacklo_epi16(blue_green, red_alpha));
        _mm_storeu_si128(target + 1, _mm_unpackhi_epi16(blue_green, red_alpha));
        blue_green = _mm_unpackhi_epi8(blue, green);
        red_alpha = _mm_unpackhi_epi8(red, alpha);
        _mm_storeu_si128(target + 2, _mm_unpacklo_epi16(blue_green, red_alpha));
        _mm_storeu_si128(target + 3, _mm_unpackhi_epi16(blue_green, red_alpha));
    }
    return x;
}
#endif

static void convert(const uint8_t *y, const uint8_t *cb, const uint8_t *cr, uint32_t width, uint32_t height,
                    uint32_t shift_x, uint32_t shift_y, int32_t full_range, uint8_t *bgra, int vectors) {
    coefficients k = coefficients_for(full_range);
    uint32_t chroma_width = (width + (1u << shift_x) - 1) >> shift_x;
    int mono = !cb || !cr;
    for (uint32_t row = 0; row < height; row++) {
        const uint8_t *luma_row = y + (size_t)row * width;
        uint32_t *out = (uint32_t *)(void *)(bgra + (size_t)row * width * 4);
        const uint8_t *u = mono ? NULL : cb + (size_t)(row >> shift_y) * chroma_width;
        const uint8_t *v = mono ? NULL : cr + (size_t)(row >> shift_y) * chroma_width;
        uint32_t done = 0;
#if defined(__SSE2__)
        if (vectors) done = row_sse2(luma_row, u, v, width, shift_x, &k, out);
#else
        (void)vectors;
#endif
        row_scalar(luma_row, u, v, done, width, shift_x, &k, out);
    }
}

void sh_ycbcr_to_bgra(const uint8_t *y, const uint8_t *cb, const uint8_t *cr, uint32_t width, uint32_t height,
                      uint32_t shift_x, uint32_t shift_y, int32_t full_range, uint8_t *bgra) {
    convert(y, cb, cr, width, height, shift_x, shift_y, full_range, bgra, 1);
}

void sh_ycbcr_to_bgra_reference(const uint8_t *y, const uint8_t *cb, const uint8_t *cr, uint32_t width,
                                uint32_t height, uint32_t shift_x, uint32_t shift_y, int32_t full_range, uint8_t *bgra) {
    convert(y, cb, cr, width, height, shift_x, shift_y, full_range, bgra, 0);
}
