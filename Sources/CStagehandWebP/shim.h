// libwebp and its animation encoder (WebPAnimEncoder, in libwebpmux), used by the image shim (CStagehandImages).
#ifndef STAGEHAND_WEBP_SHIM_H
#define STAGEHAND_WEBP_SHIM_H

#include <webp/encode.h>
#include <webp/mux.h>

#endif
