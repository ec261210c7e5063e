// sh_image_read: tells PNG from JPEG by the first bytes, then hands the file to the decoder of its format.
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

void sh_image_set_message(sh_image_result *result, const char *text) {
    size_t length = strlen(text);
    if (length >= sizeof(result->message)) length = sizeof(result->message) - 1;
    memcpy(result->message, text, length);
    result->message[length] = '\0';
}

static sh_image_result read_file(FILE *file, uint64_t max_pixels, uint8_t **pixels);

sh_image_result sh_image_read(const char *path, uint64_t max_pixels, uint8_t **pixels) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    *pixels = NULL;
    FILE *file = fopen(path, "rb");
    if (file == NULL) {
        result.status = SH_IMAGE_UNREADABLE;
        result.system_error = errno;
        return result;
    }
    return read_file(file, max_pixels, pixels);
}

sh_image_result sh_image_read_descriptor(int descriptor, uint64_t max_pixels, uint8_t **pixels) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    *pixels = NULL;
    FILE *file = fdopen(descriptor, "rb");
    if (file == NULL) {
        result.status = SH_IMAGE_UNREADABLE;
        result.system_error = errno;
        close(descriptor);
        return result;
    }
    return read_file(file, max_pixels, pixels);
}

static sh_image_result read_file(FILE *file, uint64_t max_pixels, uint8_t **pixels) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    unsigned char magic[8];
    size_t got = fread(magic, 1, sizeof(magic), file);
    if (got < sizeof(magic) && ferror(file)) {
        result.status = SH_IMAGE_UNREADABLE;
        result.system_error = errno;
        fclose(file);
        return result;
    }
    static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    rewind(file);
    if (got == 8 && memcmp(magic, png_signature, 8) == 0) {
        result = sh_png_read_file(file, max_pixels, pixels);
    } else if (got >= 3 && magic[0] == 0xff && magic[1] == 0xd8 && magic[2] == 0xff) {
        result = sh_jpeg_read_file(file, max_pixels, pixels);
    } else if (got < 8 && (got == 0 || memcmp(magic, png_signature, got) == 0)) {
        result.status = SH_IMAGE_TRUNCATED;
    } else {
        result.status = SH_IMAGE_UNKNOWN_FORMAT;
    }
    fclose(file);
    return result;
}
