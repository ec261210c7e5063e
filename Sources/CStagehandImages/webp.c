// Animated WebP out with libwebp's animation encoder (libwebpmux). libwebp reports errors by return values.
#include <stdlib.h>
#include <string.h>

#include <webp/encode.h>
#include <webp/mux.h>

#include "internal.h"

struct sh_webp_animation {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    uint32_t width;
    uint32_t height;
};

sh_webp_animation *sh_webp_animation_new(uint32_t width, uint32_t height, int32_t lossless, float quality,
                                         int32_t method) {
    if (width == 0 || height == 0 || width > WEBP_MAX_DIMENSION || height > WEBP_MAX_DIMENSION) return NULL;
    sh_webp_animation *animation = calloc(1, sizeof(*animation));
    if (animation == NULL) return NULL;
    WebPAnimEncoderOptions options;
    if (!WebPAnimEncoderOptionsInit(&options) || !WebPConfigInit(&animation->config)) {
        free(animation);
        return NULL;
    }
    options.anim_params.loop_count = 0; /* forever */
    options.allow_mixed = 0;
    animation->config.lossless = lossless ? 1 : 0;
    animation->config.quality = quality;
    animation->config.method = method < 0 ? 0 : method > 6 ? 6 : method;
    if (!WebPValidateConfig(&animation->config)) {
        free(animation);
        return NULL;
    }
    animation->encoder = WebPAnimEncoderNew((int)width, (int)height, &options);
    if (animation->encoder == NULL) {
        free(animation);
        return NULL;
    }
    animation->width = width;
    animation->height = height;
    return animation;
}

static void set_encoder_message(sh_image_result *result, WebPAnimEncoder *encoder, const char *fallback) {
    const char *text = encoder ? WebPAnimEncoderGetError(encoder) : NULL;
    sh_image_set_message(result, text && text[0] ? text : fallback);
}

sh_image_result sh_webp_animation_add(sh_webp_animation *animation, const uint8_t *bgra, size_t stride,
                                      int32_t timestamp_ms) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    result.width = animation->width;
    result.height = animation->height;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        result.status = SH_IMAGE_ENCODER_FAILED;
        sh_image_set_message(&result, "libwebp version mismatch");
        return result;
    }
    picture.width = (int)animation->width;
    picture.height = (int)animation->height;
    picture.use_argb = 1;
    if (!WebPPictureImportBGRA(&picture, bgra, (int)stride)) {
        WebPPictureFree(&picture);
        result.status = SH_IMAGE_NO_MEMORY;
        return result;
    }
    int added = WebPAnimEncoderAdd(animation->encoder, &picture, timestamp_ms, &animation->config);
    WebPPictureFree(&picture);
    if (!added) {
        result.status = SH_IMAGE_ENCODER_FAILED;
        set_encoder_message(&result, animation->encoder, "the frame was refused");
        return result;
    }
    result.status = SH_IMAGE_OK;
    return result;
}

sh_image_result sh_webp_animation_finish(sh_webp_animation *animation, int32_t end_timestamp_ms, uint8_t **data,
                                         size_t *size) {
    sh_image_result result;
    memset(&result, 0, sizeof(result));
    result.width = animation->width;
    result.height = animation->height;
    *data = NULL;
    *size = 0;
    WebPData output;
    WebPDataInit(&output);
    if (!WebPAnimEncoderAdd(animation->encoder, NULL, end_timestamp_ms, NULL) ||
        !WebPAnimEncoderAssemble(animation->encoder, &output)) {
        result.status = SH_IMAGE_ENCODER_FAILED;
        set_encoder_message(&result, animation->encoder, "the animation could not be assembled");
        WebPDataClear(&output);
        return result;
    }
    uint8_t *copy = malloc(output.size ? output.size : 1);
    if (copy == NULL) {
        WebPDataClear(&output);
        result.status = SH_IMAGE_NO_MEMORY;
        return result;
    }
    memcpy(copy, output.bytes, output.size);
    *data = copy;
    *size = output.size;
    WebPDataClear(&output);
    result.status = SH_IMAGE_OK;
    return result;
}

void sh_webp_animation_free(sh_webp_animation *animation) {
    if (animation == NULL) return;
    WebPAnimEncoderDelete(animation->encoder);
    free(animation);
}
