// Helpers shared by the image shim's files; not part of its interface.
#ifndef STAGEHAND_IMAGES_INTERNAL_H
#define STAGEHAND_IMAGES_INTERNAL_H

#include <stdint.h>
#include <stdio.h>

#include "stagehand_images.h"

/* Copies `text` into result->message, cut to fit. */
void sh_image_set_message(sh_image_result *result, const char *text);

/* Reads a PNG file already opened and checked to start with the PNG signature (the file is at its start). */
sh_image_result sh_png_read_file(FILE *file, uint64_t max_pixels, uint8_t **pixels);

/* Reads a JPEG file already opened and checked to start with a JPEG marker (the file is at its start). */
sh_image_result sh_jpeg_read_file(FILE *file, uint64_t max_pixels, uint8_t **pixels);

#endif
