// Pixel conversions: premultiplied BGRA, red-blue exchange, and BGRA to planar Y'CbCr 4:2:0 (BT.601, limited range) for YUV4MPEG2 (the way back is in ycbcr.c).
#include "stagehand_images.h"

static inline uint8_t luma(const uint8_t *p) {
    return (uint8_t)(((66 * p[2] + 129 * p[1] + 25 * p[0] + 128) >> 8) + 16);
}

void sh_bgra_to_i420(const uint8_t *bgra, size_t stride, uint32_t width, uint32_t height, uint8_t *y, uint8_t *cb,
                     uint8_t *cr) {
    for (uint32_t row = 0; row < height; row++) {
        const uint8_t *p = bgra + (size_t)row * stride;
        uint8_t *out = y + (size_t)row * width;
        for (uint32_t x = 0; x < width; x++) out[x] = luma(p + 4 * x);
    }
    uint32_t chroma_width = (width + 1) / 2;
    for (uint32_t row = 0; row < height; row += 2) {
        const uint8_t *top = bgra + (size_t)row * stride;
        const uint8_t *bottom = row + 1 < height ? top + stride : top;
        uint8_t *u = cb + (size_t)(row / 2) * chroma_width;
        uint8_t *v = cr + (size_t)(row / 2) * chroma_width;
        for (uint32_t x = 0; x < width; x += 2) {
            uint32_t right = x + 1 < width ? 4 : 0;
            const uint8_t *a = top + 4 * x, *b = a + right, *c = bottom + 4 * x, *d = c + right;
            int bl = a[0] + b[0] + c[0] + d[0], g = a[1] + b[1] + c[1] + d[1], r = a[2] + b[2] + c[2] + d[2];
            /* The sums are four times the mean: the shift is two more than for one pixel. */
            u[x / 2] = (uint8_t)(((-38 * r - 74 * g + 112 * bl + 512) >> 10) + 128);
            v[x / 2] = (uint8_t)(((112 * r - 94 * g - 18 * bl + 512) >> 10) + 128);
        }
    }
}

int32_t sh_rgba_to_premultiplied_bgra(uint8_t *pixels, size_t pixel_count) {
    int32_t opaque = 1;
    for (size_t i = 0; i < pixel_count; i++) {
        uint8_t *p = pixels + 4 * i;
        uint8_t red = p[0];
        p[0] = p[2];
        p[2] = red;
        uint32_t a = p[3];
        if (a == 255) continue;
        opaque = 0;
        for (int c = 0; c < 3; c++) {
            uint32_t t = p[c] * a + 128;
            p[c] = (uint8_t)((t + (t >> 8)) >> 8);
        }
    }
    return opaque;
}

void sh_swap_red_blue(uint8_t *pixels, size_t pixel_count) {
    uint32_t *words = (uint32_t *)(void *)pixels;
    for (size_t i = 0; i < pixel_count; i++) {
        uint32_t w = words[i];
        words[i] = (w & 0xff00ff00u) | ((w & 0xffu) << 16) | ((w >> 16) & 0xffu);
    }
}

/* Straight-alpha RGBA in and out (frei0r's F0R_COLOR_MODEL_RGBA8888), premultiplied BGRA within (pixman's
 * PIXMAN_a8r8g8b8): the conversions copy as they convert, and take blocks of opaque pixels, the common case of video,
 * as one exchange of red and blue that the compiler vectorizes. */

/* Whether the `count` pixels from `words` are all opaque. */
static inline int all_opaque(const uint32_t *words, size_t count) {
    uint32_t alpha = 0xFF000000u;
    for (size_t i = 0; i < count; i++) alpha &= words[i];
    return alpha == 0xFF000000u;
}

int32_t sh_all_opaque(const uint8_t *pixels, size_t pixel_count) {
    const uint32_t *words = (const uint32_t *)(const void *)pixels;
    for (size_t start = 0; start < pixel_count; start += 64) {
        size_t count = pixel_count - start < 64 ? pixel_count - start : 64;
        if (!all_opaque(words + start, count)) return 0;
    }
    return 1;
}

static inline uint32_t swapped(uint32_t w) { return (w & 0xff00ff00u) | ((w & 0xffu) << 16) | ((w >> 16) & 0xffu); }

int32_t sh_rgba_to_premultiplied_bgra_copy(const uint8_t *rgba, uint8_t *bgra, size_t pixel_count) {
    const uint32_t *from = (const uint32_t *)(const void *)rgba;
    uint32_t *to = (uint32_t *)(void *)bgra;
    int32_t opaque = 1;
    for (size_t start = 0; start < pixel_count; start += 16) {
        size_t count = pixel_count - start < 16 ? pixel_count - start : 16;
        if (all_opaque(from + start, count)) {
            for (size_t i = start; i < start + count; i++) to[i] = swapped(from[i]);
            continue;
        }
        opaque = 0;
        for (size_t i = start; i < start + count; i++) {
            const uint8_t *p = rgba + 4 * i;
            uint8_t *q = bgra + 4 * i;
            uint32_t a = p[3];
            for (int c = 0; c < 3; c++) {
                uint32_t t = p[2 - c] * a + 128;
                q[c] = (uint8_t)((t + (t >> 8)) >> 8);
            }
            q[3] = (uint8_t)a;
        }
    }
    return opaque;
}

void sh_premultiplied_bgra_to_rgba_copy(const uint8_t *bgra, uint8_t *rgba, size_t pixel_count) {
    const uint32_t *from = (const uint32_t *)(const void *)bgra;
    uint32_t *to = (uint32_t *)(void *)rgba;
    for (size_t start = 0; start < pixel_count; start += 16) {
        size_t count = pixel_count - start < 16 ? pixel_count - start : 16;
        if (all_opaque(from + start, count)) {
            for (size_t i = start; i < start + count; i++) to[i] = swapped(from[i]);
            continue;
        }
        for (size_t i = start; i < start + count; i++) {
            /* The pixel is read whole before it is written, so that `rgba` may be `bgra` itself. */
            const uint8_t p[4] = {bgra[4 * i], bgra[4 * i + 1], bgra[4 * i + 2], bgra[4 * i + 3]};
            uint8_t *q = rgba + 4 * i;
            uint32_t a = p[3];
            for (int c = 0; c < 3; c++) {
                uint32_t value = p[2 - c];
                /* Premultiplied to straight, rounded: c * 255 / a, at most 255; nothing where a is 0. */
                uint32_t straight = a == 0 ? 0 : (value * 255 + a / 2) / a;
                q[c] = (uint8_t)(straight > 255 ? 255 : straight);
            }
            q[3] = (uint8_t)a;
        }
    }
}
