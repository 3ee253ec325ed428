// libwebp and libwebpmux, loaded on first use (lm_load_webp), writing an
// animated lossless WebP of the sign for `--export FILE.webp`
// (docs/export.md) through WebPAnimEncoder, which keeps only what changed
// between frames. Only an export needs them, so no sign loads them.
//
// The headers' inline helpers (WebPConfigInit, WebPPictureInit,
// WebPAnimEncoderOptionsInit, WebPAnimEncoderNew, WebPDataClear) would
// call the libraries directly: their `Internal` functions are called here
// through the loaded pointers instead, with the ABI versions the helpers
// pass. The encoder assembles the file in memory; it is written to the
// caller's descriptor (the temporary file it renames into place).
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <webp/encode.h>
#include <webp/mux.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LM_WEBP(X) X(WebPConfigInitInternal) X(WebPPictureInitInternal) X(WebPPictureImportRGBA) X(WebPPictureFree) X(WebPFree)
#define LM_WEBPMUX(X) \
    X(WebPAnimEncoderOptionsInitInternal) X(WebPAnimEncoderNewInternal) X(WebPAnimEncoderAdd) X(WebPAnimEncoderAssemble) \
    X(WebPAnimEncoderGetError) X(WebPAnimEncoderDelete)

LM_LIBRARY(webp_library, "libwebp.so.7", "libwebp7", LM_WEBP)
LM_LIBRARY(mux_library, "libwebpmux.so.3", "libwebpmux3", LM_WEBPMUX)

int lm_load_webp(char *error, size_t size) {
    if (lm_library_load(&webp_library, error, size) != 0) return -1;
    return lm_library_load(&mux_library, error, size);
}

struct lm_webp {
    WebPAnimEncoder *encoder;
    WebPConfig config;
    int width, height;
};

static void encoder_error(struct lm_webp *webp, const char *what, char *error, size_t size) {
    const char *why = webp->encoder ? real_WebPAnimEncoderGetError(webp->encoder) : NULL;
    snprintf(error, size, "libwebp: %s%s%s", what, why && *why ? ": " : "", why ? why : "");
}

lm_webp *lm_webp_open(int width, int height, char *error, size_t size) {
    struct lm_webp *webp = calloc(1, sizeof *webp);
    if (webp == NULL) {
        snprintf(error, size, "out of memory");
        return NULL;
    }
    webp->width = width;
    webp->height = height;
    WebPAnimEncoderOptions options;
    if (!real_WebPAnimEncoderOptionsInitInternal(&options, WEBP_MUX_ABI_VERSION) ||
        !real_WebPConfigInitInternal(&webp->config, WEBP_PRESET_DEFAULT, 75.f, WEBP_ENCODER_ABI_VERSION)) {
        snprintf(error, size, "libwebp: version mismatch");
        free(webp);
        return NULL;
    }
    options.anim_params.loop_count = 0;  // for ever
    options.anim_params.bgcolor = 0xFF000000;  // opaque black, the gap
    // Every frame lossless, and each a key frame only when the encoder
    // finds it smaller: the sign is a few flat colours.
    options.allow_mixed = 0;
    webp->config.lossless = 1;
    // Effort, not loss, with `lossless`: the fastest of the good ones (a
    // 10 s export stays faster than real time on a small machine).
    webp->config.quality = 25.f;
    webp->config.method = 1;
    webp->encoder = real_WebPAnimEncoderNewInternal(width, height, &options, WEBP_MUX_ABI_VERSION);
    if (webp->encoder == NULL) {
        snprintf(error, size, "libwebp: cannot start an animation of %dx%d", width, height);
        free(webp);
        return NULL;
    }
    return webp;
}

int lm_webp_frame(lm_webp *webp, const uint8_t *rgba, int timestamp_ms, char *error, size_t size) {
    WebPPicture picture;
    if (!real_WebPPictureInitInternal(&picture, WEBP_ENCODER_ABI_VERSION)) {
        snprintf(error, size, "libwebp: version mismatch");
        return -1;
    }
    picture.use_argb = 1;
    picture.width = webp->width;
    picture.height = webp->height;
    int ok = real_WebPPictureImportRGBA(&picture, rgba, webp->width * 4) &&
             real_WebPAnimEncoderAdd(webp->encoder, &picture, timestamp_ms, &webp->config);
    if (!ok) encoder_error(webp, "cannot add a frame", error, size);
    real_WebPPictureFree(&picture);
    return ok ? 0 : -1;
}

int lm_webp_finish(lm_webp *webp, int end_ms, int fd, char *error, size_t size) {
    WebPData data = {NULL, 0};
    int status = -1;
    if (!real_WebPAnimEncoderAdd(webp->encoder, NULL, end_ms, NULL) ||
        !real_WebPAnimEncoderAssemble(webp->encoder, &data)) {
        encoder_error(webp, "cannot assemble the animation", error, size);
    } else {
        const uint8_t *bytes = data.bytes;
        size_t left = data.size;
        status = 0;
        while (left > 0) {
            ssize_t written = write(fd, bytes, left);
            if (written < 0 && errno == EINTR) continue;
            if (written <= 0) {
                snprintf(error, size, "%s", strerror(written < 0 ? errno : EIO));
                status = -1;
                break;
            }
            bytes += written;
            left -= (size_t)written;
        }
    }
    real_WebPFree((void *)data.bytes);
    lm_webp_abandon(webp);
    return status;
}

void lm_webp_abandon(lm_webp *webp) {
    real_WebPAnimEncoderDelete(webp->encoder);
    free(webp);
}
