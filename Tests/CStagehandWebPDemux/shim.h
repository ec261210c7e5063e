// libwebp's demuxer and animation decoder (WebPAnimDecoder), for tests: an independent reader of animated WebP files.
#ifndef STAGEHAND_WEBP_DEMUX_SHIM_H
#define STAGEHAND_WEBP_DEMUX_SHIM_H

#include <webp/decode.h>
#include <webp/demux.h>

#endif
