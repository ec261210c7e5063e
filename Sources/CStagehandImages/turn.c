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

void sh_turn_counterclockwise(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                              uint32_t *destination, size_t destination_stride) {
    /* Source pixel (x, y) goes to destination row width - 1 - x, column y. */
    uint32_t y = 0;
#if defined(__SSE2__)
    for (; y + 4 <= height; y += 4) {
        const uint32_t *rows[4];
        for (int k = 0; k < 4; k++) rows[k] = source + (size_t)(y + k) * source_stride;
        uint32_t x = 0;
        for (; x + 4 <= width; x += 4) {
            __m128i columns[4];
            transpose(rows, x, columns);
            for (uint32_t k = 0; k < 4; k++)
                _mm_storeu_si128((__m128i *)(destination + (size_t)(width - 1 - x - k) * destination_stride + y),
                                 columns[k]);
        }
        for (; x < width; x++) {
            uint32_t *to = destination + (size_t)(width - 1 - x) * destination_stride + y;
            for (uint32_t k = 0; k < 4; k++) to[k] = rows[k][x];
        }
    }
#endif
    for (; y < height; y++) {
        const uint32_t *row = source + (size_t)y * source_stride;
        for (uint32_t x = 0; x < width; x++) destination[(size_t)(width - 1 - x) * destination_stride + y] = row[x];
    }
}

void sh_turn_clockwise(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                       uint32_t *destination, size_t destination_stride) {
    /* Source pixel (x, y) goes to destination row x, column height - 1 - y. */
    uint32_t y = 0;
#if defined(__SSE2__)
    for (; y + 4 <= height; y += 4) {
        const uint32_t *rows[4];
        for (int k = 0; k < 4; k++) rows[k] = source + (size_t)(y + k) * source_stride;
        /* Rows y..y + 3 land in columns height - 1 - y down to height - 4 - y: each column is stored reversed. */
        size_t column = height - 4 - y;
        uint32_t x = 0;
        for (; x + 4 <= width; x += 4) {
            __m128i columns[4];
            transpose(rows, x, columns);
            for (uint32_t k = 0; k < 4; k++)
                _mm_storeu_si128((__m128i *)(destination + (size_t)(x + k) * destination_stride + column),
                                 _mm_shuffle_epi32(columns[k], _MM_SHUFFLE(0, 1, 2, 3)));
        }
        for (; x < width; x++) {
            uint32_t *to = destination + (size_t)x * destination_stride + column;
            for (uint32_t k = 0; k < 4; k++) to[3 - k] = rows[k][x];
        }
    }
#endif
    for (; y < height; y++) {
        const uint32_t *row = source + (size_t)y * source_stride;
        for (uint32_t x = 0; x < width; x++) destination[(size_t)x * destination_stride + (height - 1 - y)] = row[x];
    }
}
