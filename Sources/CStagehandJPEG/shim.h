// libjpeg-turbo, used by the image shim (CStagehandImages) only: its error handler must leave with longjmp, which is
// kept inside C.
#ifndef STAGEHAND_JPEG_SHIM_H
#define STAGEHAND_JPEG_SHIM_H

#include <stdio.h>

#include <jpeglib.h>

#endif
