// JPEG in with libjpeg-turbo. Its error handler must not return: it leaves with longjmp to the setjmp here.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#include "internal.h"

/* libjpeg's error manager, with where to jump and what was seen. */
typedef struct jpeg_session {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    sh_image_result *result;
    int ended_early;
} jpeg_session;

static void on_error(j_common_ptr common) {
    jpeg_session *session = (jpeg_session *)common->err;
    char text[JMSG_LENGTH_MAX];
    common->err->format_message(common, text);
    sh_image_set_message(session->result, text);
    longjmp(session->jump, 1);
}

static void on_message(j_common_ptr common, int level) {
    jpeg_session *session = (jpeg_session *)common->err;
    /* Warnings are level -1; a file that ends early only warns (and decodes grey), which is refused here. */
    if (level == -1 && common->err->msg_code == JWRN_JPEG_EOF) session->ended_early = 1;
}

sh_image_result sh_jpeg_read_file(FILE *file, uint64_t max_pixels, uint8_t **pixels) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    result.format = SH_IMAGE_FORMAT_JPEG;
    struct jpeg_decompress_struct decoder;
    jpeg_session session;
    memset(&session, 0, sizeof(session));
    session.result = &result;
    decoder.err = jpeg_std_error(&session.manager);
    session.manager.error_exit = on_error;
    session.manager.emit_message = on_message;
    uint8_t *volatile buffer = NULL;
    if (setjmp(session.jump)) {
        jpeg_destroy_decompress(&decoder);
        free(buffer);
        result.status = SH_IMAGE_CORRUPT;
        return result;
    }
    jpeg_create_decompress(&decoder);
    jpeg_stdio_src(&decoder, file);
    jpeg_read_header(&decoder, TRUE);
    result.width = decoder.image_width;
    result.height = decoder.image_height;
    if (session.ended_early) {
        jpeg_destroy_decompress(&decoder);
        result.status = SH_IMAGE_TRUNCATED;
        return result;
    }
    if ((uint64_t)decoder.image_width * decoder.image_height > max_pixels) {
        jpeg_destroy_decompress(&decoder);
        result.status = SH_IMAGE_TOO_LARGE;
        return result;
    }
    decoder.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&decoder);
    size_t row_bytes = (size_t)decoder.output_width * 4;
    buffer = malloc(row_bytes * decoder.output_height);
    if (buffer == NULL) {
        jpeg_destroy_decompress(&decoder);
        result.status = SH_IMAGE_NO_MEMORY;
        return result;
    }
    while (decoder.output_scanline < decoder.output_height) {
        JSAMPROW row = buffer + row_bytes * decoder.output_scanline;
        jpeg_read_scanlines(&decoder, &row, 1);
    }
    if (!session.ended_early) jpeg_finish_decompress(&decoder);
    jpeg_destroy_decompress(&decoder);
    if (session.ended_early) {
        free(buffer);
        result.status = SH_IMAGE_TRUNCATED;
        return result;
    }
    *pixels = buffer;
    result.status = SH_IMAGE_OK;
    return result;
}
