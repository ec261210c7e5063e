// Quarter turns of 4-byte pixels, for the layers the renderer draws turned about a vertical axis: 4 x 4 blocks
// transposed in SSE2 registers on x86_64 (a row of the source block becomes a column of the destination's), the edges
// that are not a whole block one pixel at a time. A turn moves pixels and changes none.
#include "stagehand_images.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/* The four rows at `rows[0..3]`, pixels `x`..`x + 3`, transposed: columns[k] holds pixel x + k of each row, in
 * order. */
static inline void transpose(const uint32_t *const rows[4], uint32_t x, __m128i columns[4]) {
    __m128i a = _mm_loadu_si128((const __m128i *)(rows[0] + x));
    __m128i b = _mm_loadu_si128((const __m128i *)(rows[1] + x));
    __m128i c = _mm_loadu_si128((const __m128i *)(rows[2] + x));
    __m128i d = _mm_loadu_si128((const __m128i *)(rows[3] + x));
    __m128i ab_low = _mm_unpacklo_epi32(a, b), ab_high = _mm_unpackhi_epi32(a, b);
    __m128i cd_low = _mm_unpacklo_epi32(c, d), cd_high = _mm_unpackhi_epi32(c, d);
    columns[0] = _mm_unpacklo_epi64(ab_low, cd_low);
    columns[1] = _mm_unpackhi_epi64(ab_low, cd_low);
    columns[2] = _mm_unpacklo_epi64(ab_high, cd_high);
    columns[3] = _mm_unpackhi_epi64(ab_high, cd_high);
}
#endif

/* Where source pixel (x, y) of a `width` x `height` region goes: counterclockwise to destination row width - 1 - x,
 * column y; clockwise to row x, column height - 1 - y. */
static inline uint32_t *place(uint32_t *destination, size_t destination_stride, uint32_t width, uint32_t height,
                              uint32_t x, uint32_t y, int clockwise) {
    return clockwise ? destination + (size_t)x * destination_stride + (height - 1 - y)
                     : destination + (size_t)(width - 1 - x) * destination_stride + y;
}

/* Both turns: `clockwise` is a constant at each call, so each public function gets its own loop without the tests. */
static inline void turn(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                        uint32_t *destination, size_t destination_stride, int clockwise) {
    uint32_t y = 0;
#if defined(__SSE2__)
    for (; y + 4 <= height; y += 4) {
        const uint32_t *rows[4];
        for (int k = 0; k < 4; k++) rows[k] = source + (size_t)(y + k) * source_stride;
        uint32_t x = 0;
        for (; x + 4 <= width; x += 4) {
            __m128i columns[4];
            transpose(rows, x, columns);
            /* Column k's four pixels (rows y..y + 3) land side by side: in order counterclockwise, from the one of
             * row y + 3 clockwise. */
            for (uint32_t k = 0; k < 4; k++) {
                uint32_t *to = place(destination, destination_stride, width, height, x + k, clockwise ? y + 3 : y,
                                     clockwise);
                _mm_storeu_si128((__m128i *)to,
                                 clockwise ? _mm_shuffle_epi32(columns[k], _MM_SHUFFLE(0, 1, 2, 3)) : columns[k]);
            }
        }
        for (; x < width; x++)
            for (uint32_t k = 0; k < 4; k++)
                *place(destination, destination_stride, width, height, x, y + k, clockwise) = rows[k][x];
    }
#endif
    for (; y < height; y++) {
        const uint32_t *row = source + (size_t)y * source_stride;
        for (uint32_t x = 0; x < width; x++)
            *place(destination, destination_stride, width, height, x, y, clockwise) = row[x];
    }
}

void sh_turn_counterclockwise(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                              uint32_t *destination, size_t destination_stride) {
    turn(source, source_stride, width, height, destination, destination_stride, 0);
}

void sh_turn_clockwise(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                       uint32_t *destination, size_t destination_stride) {
    turn(source, source_stride, width, height, destination, destination_stride, 1);
}
