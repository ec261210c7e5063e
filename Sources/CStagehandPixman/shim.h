// pixman for Swift: the raster renderer composites with it (premultiplied pixels, projective transforms, bilinear
// filtering).
#ifndef STAGEHAND_PIXMAN_SHIM_H
#define STAGEHAND_PIXMAN_SHIM_H

#include <pixman.h>

#endif
