// libpng. The image shim (CStagehandImages) decodes and encodes with it in C; tests read PNG files back with its
// simplified API, which handles libpng's errors itself and returns a status.
#ifndef STAGEHAND_PNG_SHIM_H
#define STAGEHAND_PNG_SHIM_H

#include <png.h>

#endif
