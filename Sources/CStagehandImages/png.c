// PNG in and out with libpng. libpng reports errors through a handler that leaves with longjmp; the jump lands in
// the function that called setjmp here, never further.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <png.h>

#include "internal.h"

/* What the error handlers need: where to put the message, and what the read function saw. */
typedef struct png_session {
    sh_image_result *result;
    FILE *file;
    int ended_early;
    int system_error;
} png_session;

static void on_error(png_structp png, png_const_charp message) {
    png_session *session = png_get_error_ptr(png);
    sh_image_set_message(session->result, message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void read_bytes(png_structp png, png_bytep data, size_t length) {
    png_session *session = png_get_io_ptr(png);
    if (fread(data, 1, length, session->file) != length) {
        if (ferror(session->file)) {
            session->system_error = errno;
            png_error(png, "read error");
        }
        session->ended_early = 1;
        png_error(png, "the file ends before the image does");
    }
}

sh_image_result sh_png_read_file(FILE *file, uint64_t max_pixels, uint8_t **pixels) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    result.format = SH_IMAGE_FORMAT_PNG;
    /* The first chunk is IHDR: its size is checked against the budget before libpng reads on (a file may announce a
     * huge image and end there, or follow with chunks that make libpng fail for another reason first). */
    unsigned char head[24];
    if (fread(head, 1, sizeof(head), file) == sizeof(head) && memcmp(head + 12, "IHDR", 4) == 0) {
        uint32_t width = (uint32_t)head[16] << 24 | (uint32_t)head[17] << 16 | (uint32_t)head[18] << 8 | head[19];
        uint32_t height = (uint32_t)head[20] << 24 | (uint32_t)head[21] << 16 | (uint32_t)head[22] << 8 | head[23];
        if ((uint64_t)width * height > max_pixels) {
            result.width = width;
            result.height = height;
            result.status = SH_IMAGE_TOO_LARGE;
            return result;
        }
    }
    rewind(file);
    png_session session = {&result, file, 0, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &session, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        result.status = SH_IMAGE_NO_MEMORY;
        return result;
    }
    uint8_t *volatile buffer = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(buffer);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        result.status = session.system_error ? SH_IMAGE_UNREADABLE
                        : session.ended_early ? SH_IMAGE_TRUNCATED
                                              : SH_IMAGE_CORRUPT;
        result.system_error = session.system_error;
        if (result.status != SH_IMAGE_CORRUPT) result.message[0] = '\0';
        return result;
    }
    png_set_read_fn(png, &session, read_bytes);
    /* libpng's own limit is a million pixels a side; the pixel budget below is the real one. */
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    png_uint_32 width = png_get_image_width(png, info);
    png_uint_32 height = png_get_image_height(png, info);
    result.width = width;
    result.height = height;
    if ((uint64_t)width * height > max_pixels) {
        png_destroy_read_struct(&png, &info, NULL);
        result.status = SH_IMAGE_TOO_LARGE;
        return result;
    }
    /* Whatever the file holds, 8-bit RGBA comes out. */
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row size after conversion");
    buffer = malloc((size_t)width * height * 4);
    rows = malloc(sizeof(png_bytep) * height);
    if (buffer == NULL || rows == NULL) {
        free(buffer);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        result.status = SH_IMAGE_NO_MEMORY;
        return result;
    }
    for (png_uint_32 row = 0; row < height; row++) rows[row] = buffer + (size_t)row * width * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *pixels = buffer;
    result.status = SH_IMAGE_OK;
    return result;
}

/* What the write handlers need. */
typedef struct png_output {
    sh_image_result *result;
    FILE *file;
    int system_error;
} png_output;

static void write_error(png_structp png, png_const_charp message) {
    png_output *output = png_get_error_ptr(png);
    sh_image_set_message(output->result, message);
    png_longjmp(png, 1);
}

static void write_bytes(png_structp png, png_bytep data, size_t length) {
    png_output *output = png_get_io_ptr(png);
    if (fwrite(data, 1, length, output->file) != length) {
        output->system_error = errno ? errno : EIO;
        png_error(png, "write error");
    }
}

static void flush_bytes(png_structp png) {
    png_output *output = png_get_io_ptr(png);
    if (fflush(output->file) != 0) {
        output->system_error = errno ? errno : EIO;
        png_error(png, "write error");
    }
}

sh_image_result sh_png_write(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height, size_t stride,
                             int32_t bgra, int32_t level) {
    int descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (descriptor < 0) {
        sh_image_result result;
        memset(&result, 0, sizeof(result));
        result.format = SH_IMAGE_FORMAT_PNG;
        result.width = width;
        result.height = height;
        result.status = SH_IMAGE_UNWRITABLE;
        result.system_error = errno;
        return result;
    }
    return sh_png_write_descriptor(descriptor, rgba, width, height, stride, bgra, level);
}

sh_image_result sh_png_write_descriptor(int descriptor, const uint8_t *rgba, uint32_t width, uint32_t height,
                                        size_t stride, int32_t bgra, int32_t level) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    result.format = SH_IMAGE_FORMAT_PNG;
    result.width = width;
    result.height = height;
    FILE *file = fdopen(descriptor, "wb");
    if (file == NULL) {
        result.status = SH_IMAGE_UNWRITABLE;
        result.system_error = errno;
        close(descriptor);
        return result;
    }
    png_output output = {&result, file, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &output, write_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        fclose(file);
        result.status = SH_IMAGE_NO_MEMORY;
        return result;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        result.status = output.system_error ? SH_IMAGE_UNWRITABLE : SH_IMAGE_ENCODER_FAILED;
        result.system_error = output.system_error;
        return result;
    }
    png_set_write_fn(png, &output, write_bytes, flush_bytes);
    png_set_compression_level(png, level < 0 ? 0 : level > 9 ? 9 : level);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (bgra) png_set_bgr(png);
    for (uint32_t row = 0; row < height; row++) png_write_row(png, rgba + (size_t)row * stride);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (fclose(file) != 0) {
        result.status = SH_IMAGE_UNWRITABLE;
        result.system_error = errno;
        return result;
    }
    result.status = SH_IMAGE_OK;
    return result;
}
