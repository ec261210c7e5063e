// Image files for the Stagehand renderer: PNG and JPEG in, PNG and animated WebP out, and RGBA to Y'CbCr 4:2:0.
//
// libpng and libjpeg report errors by calling a handler that must not return: these functions handle them with
// setjmp/longjmp inside C and come back with a status code and a message, so that no Swift frame is ever jumped over.
// Every function is reentrant: calls on different objects may run on different threads at once.
#ifndef STAGEHAND_IMAGES_H
#define STAGEHAND_IMAGES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. */
#define SH_IMAGE_OK 0
#define SH_IMAGE_UNREADABLE 1    /* the file cannot be opened or read: system_error holds errno */
#define SH_IMAGE_UNKNOWN_FORMAT 2 /* neither PNG nor JPEG (by its first bytes) */
#define SH_IMAGE_TOO_LARGE 3     /* the header announces more pixels than allowed: width and height are set */
#define SH_IMAGE_CORRUPT 4       /* the library refused the data: message says why */
#define SH_IMAGE_TRUNCATED 5     /* the file ends before the image does */
#define SH_IMAGE_NO_MEMORY 6     /* an allocation failed */
#define SH_IMAGE_UNWRITABLE 7    /* the output cannot be created or written: system_error holds errno */
#define SH_IMAGE_ENCODER_FAILED 8 /* the encoder refused: message says why */

/* File formats for sh_image_result.format. */
#define SH_IMAGE_FORMAT_UNKNOWN 0
#define SH_IMAGE_FORMAT_PNG 1
#define SH_IMAGE_FORMAT_JPEG 2

/* What a call did: the status, and the details that explain it. */
typedef struct sh_image_result {
    int32_t status;
    /* errno, for SH_IMAGE_UNREADABLE and SH_IMAGE_UNWRITABLE; else 0. */
    int32_t system_error;
    /* SH_IMAGE_FORMAT_*, once the first bytes were read. */
    int32_t format;
    /* The image size from the header, once it was read (also for SH_IMAGE_TOO_LARGE). */
    uint32_t width;
    uint32_t height;
    /* The library's own words, NUL-terminated, for SH_IMAGE_CORRUPT and SH_IMAGE_ENCODER_FAILED; else empty. */
    char message[200];
} sh_image_result;

/* Reads the PNG or JPEG file at `path` into 8-bit RGBA with straight (not premultiplied) alpha, rows top to bottom,
 * width * 4 bytes each. The header is read first: an image of more than `max_pixels` pixels is refused with
 * SH_IMAGE_TOO_LARGE before anything is decoded or allocated. On SH_IMAGE_OK, *pixels is a buffer from malloc that
 * the caller frees with free(); on any other status it is NULL. */
sh_image_result sh_image_read(const char *path, uint64_t max_pixels, uint8_t **pixels);
/* sh_image_read of the file open for reading on `descriptor`, which it closes in every case. */
sh_image_result sh_image_read_descriptor(int descriptor, uint64_t max_pixels, uint8_t **pixels);

/* Writes 8-bit RGBA with straight alpha (rows `stride` bytes apart; in the byte order B, G, R, A when `bgra` is
 * non-zero) to a new PNG file at `path` (created or truncated), with zlib compression level `level` (0 to 9). The file is closed in every case; on failure its content
 * is undefined and the caller removes it. */
sh_image_result sh_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                             int32_t bgra, int32_t level);
/* sh_png_write to the file open for writing on `descriptor`, which it closes in every case: a caller that created the
 * file writes it without opening its path again. */
sh_image_result sh_png_write_descriptor(int descriptor, const uint8_t *rgba, uint32_t width, uint32_t height,
                                        size_t stride, int32_t bgra, int32_t level);

/* An animated WebP being encoded (libwebp's WebPAnimEncoder): frames in order, then the file's bytes. */
typedef struct sh_webp_animation sh_webp_animation;

/* A new animation of `width` x `height` pixels that loops forever; lossy at `quality` (0 to 100) with effort `method`
 * (0 fastest to 6 smallest), or lossless when `lossless` is non-zero. NULL when the size is invalid or memory is
 * short. */
sh_webp_animation *sh_webp_animation_new(uint32_t width, uint32_t height, int32_t lossless, float quality,
                                         int32_t method);

/* Adds a frame of 8-bit BGRA (bytes B, G, R, A) with straight alpha (rows `stride` bytes apart), shown from
 * `timestamp_ms` on; the timestamps MUST increase. */
sh_image_result sh_webp_animation_add(sh_webp_animation *animation, const uint8_t *bgra, size_t stride,
                                      int32_t timestamp_ms);

/* Ends the animation at `end_timestamp_ms` (the last frame shows until then) and gives the file's bytes: *data is a
 * buffer from malloc of *size bytes that the caller frees with free(). */
sh_image_result sh_webp_animation_finish(sh_webp_animation *animation, int32_t end_timestamp_ms, uint8_t **data,
                                         size_t *size);

/* Frees the animation (after finishing it, or to give it up). NULL is allowed. */
void sh_webp_animation_free(sh_webp_animation *animation);

/* Converts opaque 8-bit BGRA (bytes B, G, R, A; alpha ignored; rows `stride` bytes apart) to planar Y'CbCr 4:2:0 with the BT.601
 * coefficients in limited range (Y' 16 to 235): `y` receives width * height bytes, `cb` and `cr` each
 * ((width + 1) / 2) * ((height + 1) / 2), every chroma sample the mean of its 2 x 2 block. */
void sh_bgra_to_i420(const uint8_t *bgra, size_t stride, uint32_t width, uint32_t height, uint8_t *y, uint8_t *cb,
                     uint8_t *cr);

/* Converts planar 8-bit Y'CbCr to opaque BGRA (bytes B, G, R, A = 255; rows width * 4 bytes apart) with the BT.601
 * matrix, in limited range (Y' 16 to 235, Cb and Cr 16 to 240) when `full_range` is 0, else in full range (0 to 255).
 * `y` holds width * height bytes; `cb` and `cr` each ((width + (1 << shift_x) - 1) >> shift_x) samples a row and
 * ((height + (1 << shift_y) - 1) >> shift_y) rows (shift 1 halves a direction: 4:2:0 is 1, 1; 4:2:2 is 1, 0; 4:4:4 is
 * 0, 0), each chroma sample used for every pixel of its block; with `cb` or `cr` NULL the picture is grey (mono). */
void sh_ycbcr_to_bgra(const uint8_t *y, const uint8_t *cb, const uint8_t *cr, uint32_t width, uint32_t height,
                      uint32_t shift_x, uint32_t shift_y, int32_t full_range, uint8_t *bgra);

/* The same conversion, one pixel at a time: the reference that sh_ycbcr_to_bgra, vectorized on x86_64 (SSE2, 16 pixels
 * at a time, the rest of each row scalar), equals byte for byte. */
void sh_ycbcr_to_bgra_reference(const uint8_t *y, const uint8_t *cb, const uint8_t *cr, uint32_t width,
                                uint32_t height, uint32_t shift_x, uint32_t shift_y, int32_t full_range, uint8_t *bgra);

/* Turns straight 8-bit RGBA into premultiplied BGRA in place (each colour times alpha / 255, rounded; red and blue
 * exchanged), the layout of pixman's PIXMAN_a8r8g8b8 on a little-endian machine, and tells whether every pixel is
 * opaque (1) or not (0). */
int32_t sh_rgba_to_premultiplied_bgra(uint8_t *pixels, size_t pixel_count);

/* The same, copying: `pixel_count` straight RGBA pixels from `rgba` to premultiplied BGRA in `bgra` (which must not
 * overlap it), the same bytes as sh_rgba_to_premultiplied_bgra; tells whether every pixel is opaque (1) or not (0). */
int32_t sh_rgba_to_premultiplied_bgra_copy(const uint8_t *rgba, uint8_t *bgra, size_t pixel_count);

/* Copies `pixel_count` premultiplied BGRA pixels from `bgra` to straight RGBA in `rgba` (the same pointer converts in
 * place; other overlaps are not allowed): each colour times 255 / alpha, rounded to nearest and at most 255, 0 where
 * alpha is 0; opaque pixels only exchange red and blue. */
void sh_premultiplied_bgra_to_rgba_copy(const uint8_t *bgra, uint8_t *rgba, size_t pixel_count);

/* Whether all `pixel_count` 4-byte pixels at `pixels` are opaque (1) or not (0): the fourth byte of each is 255, in
 * RGBA and BGRA alike. Reads only, and stops at the first block of 64 pixels that has a translucent one. */
int32_t sh_all_opaque(const uint8_t *pixels, size_t pixel_count);

/* Exchanges the first and third byte of every 4-byte pixel, in place: BGRA to RGBA and back. */
void sh_swap_red_blue(uint8_t *pixels, size_t pixel_count);

/* Turns the `width` x `height` 4-byte pixels at `source` (rows `source_stride` pixels apart) by 90 degrees
 * counterclockwise into `destination` (`height` wide, `width` high, rows `destination_stride` pixels apart): source
 * pixel (x, y) goes to (y, width - 1 - x). The two must not overlap. Vectorized on x86_64 (SSE2). */
void sh_turn_counterclockwise(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                              uint32_t *destination, size_t destination_stride);

/* The same turned by 90 degrees clockwise: source pixel (x, y) goes to (height - 1 - y, x). */
void sh_turn_clockwise(const uint32_t *source, size_t source_stride, uint32_t width, uint32_t height,
                       uint32_t *destination, size_t destination_stride);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* STAGEHAND_IMAGES_H */
