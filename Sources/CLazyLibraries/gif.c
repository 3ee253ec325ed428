// giflib, loaded on first use (lm_load_gif), writing an animation of the
// sign for `--export FILE.gif` (docs/export.md): a global palette, the
// NETSCAPE2.0 loop, and frames that hold only the rectangle that changed,
// each with its delay. Only an export needs it, so no sign loads it.
//
// The bytes go to a descriptor the caller opened (the temporary file it
// renames into place: EGifOpenFileName would create the file 0600 under
// its final name) through an output function of ours, so a write error
// keeps its errno.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <gif_lib.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LM_GIF(X) \
    X(EGifOpen) X(EGifCloseFile) X(EGifSetGifVersion) X(EGifPutScreenDesc) X(EGifPutImageDesc) X(EGifPutLine) \
    X(EGifPutExtension) X(EGifPutExtensionLeader) X(EGifPutExtensionBlock) X(EGifPutExtensionTrailer) \
    X(EGifGCBToExtension) X(GifMakeMapObject) X(GifFreeMapObject) X(GifErrorString)

LM_LIBRARY(library, "libgif.so.7", "libgif7", LM_GIF)

int lm_load_gif(char *error, size_t size) { return lm_library_load(&library, error, size); }

struct lm_gif {
    GifFileType *file;
    int fd;
    int saved_errno;
};

static int on_write(GifFileType *file, const GifByteType *bytes, int length) {
    struct lm_gif *gif = file->UserData;
    int left = length;
    while (left > 0) {
        ssize_t written = write(gif->fd, bytes, (size_t)left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            gif->saved_errno = written < 0 ? errno : EIO;
            return length - left;
        }
        bytes += written;
        left -= (int)written;
    }
    return length;
}

// The reason of the last failure: the write's errno when a write failed,
// else giflib's own words.
static void say(struct lm_gif *gif, int code, char *error, size_t size) {
    if (gif->saved_errno != 0) {
        snprintf(error, size, "%s", strerror(gif->saved_errno));
    } else {
        const char *why = real_GifErrorString(code);
        snprintf(error, size, "giflib: %s", why ? why : "unknown error");
    }
}

static ColorMapObject *color_map(const uint8_t *rgb, int count) {
    GifColorType colours[256];
    for (int i = 0; i < count; i++) {
        colours[i].Red = rgb[3 * i];
        colours[i].Green = rgb[3 * i + 1];
        colours[i].Blue = rgb[3 * i + 2];
    }
    return real_GifMakeMapObject(count, colours);
}

lm_gif *lm_gif_open(int fd, int width, int height, const uint8_t *rgb, int count, char *error, size_t size) {
    struct lm_gif *gif = calloc(1, sizeof *gif);
    if (gif == NULL) {
        snprintf(error, size, "out of memory");
        return NULL;
    }
    gif->fd = fd;
    int code = 0;
    gif->file = real_EGifOpen(gif, on_write, &code);
    if (gif->file == NULL) {
        say(gif, code, error, size);
        free(gif);
        return NULL;
    }
    real_EGifSetGifVersion(gif->file, true);
    ColorMapObject *map = color_map(rgb, count);
    // Loop for ever: the application extension browsers read (count 0).
    static const GifByteType loop[3] = {1, 0, 0};
    if (map == NULL || real_EGifPutScreenDesc(gif->file, width, height, 8, 0, map) == GIF_ERROR ||
        real_EGifPutExtensionLeader(gif->file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        real_EGifPutExtensionBlock(gif->file, 11, "NETSCAPE2.0") == GIF_ERROR ||
        real_EGifPutExtensionBlock(gif->file, 3, loop) == GIF_ERROR ||
        real_EGifPutExtensionTrailer(gif->file) == GIF_ERROR) {
        say(gif, map == NULL ? E_GIF_ERR_NOT_ENOUGH_MEM : gif->file->Error, error, size);
        if (map) real_GifFreeMapObject(map);
        real_EGifCloseFile(gif->file, &code);
        free(gif);
        return NULL;
    }
    real_GifFreeMapObject(map);
    return gif;
}

int lm_gif_frame(lm_gif *gif, int x, int y, int width, int height, const uint8_t *pixels, int delay, int transparent,
                 const uint8_t *local_rgb, int local_count, char *error, size_t size) {
    GraphicsControlBlock control = {
        // Kept: the next frame draws only what changed over this one.
        .DisposalMode = DISPOSE_DO_NOT,
        .UserInputFlag = false,
        .DelayTime = delay,
        .TransparentColor = transparent < 0 ? NO_TRANSPARENT_COLOR : transparent,
    };
    GifByteType extension[4];
    size_t length = real_EGifGCBToExtension(&control, extension);
    ColorMapObject *local = local_rgb != NULL ? color_map(local_rgb, local_count) : NULL;
    int failed = (local_rgb != NULL && local == NULL) ||
                 real_EGifPutExtension(gif->file, GRAPHICS_EXT_FUNC_CODE, (int)length, extension) == GIF_ERROR ||
                 real_EGifPutImageDesc(gif->file, x, y, width, height, false, local) == GIF_ERROR ||
                 real_EGifPutLine(gif->file, (GifPixelType *)pixels, width * height) == GIF_ERROR;
    if (local) real_GifFreeMapObject(local);
    // giflib does not check every write's count: ours keeps the errno.
    failed = failed || gif->saved_errno != 0;
    if (failed) say(gif, gif->file->Error, error, size);
    return failed ? -1 : 0;
}

int lm_gif_close(lm_gif *gif, int write_trailer, char *error, size_t size) {
    int code = 0;
    int status = 0;
    if (!write_trailer) {
        // Abandoned: the trailer is not worth a write; the caller removes
        // the file. The output function writes nothing more.
        gif->fd = -1;
    }
    // The trailer's write is not checked by giflib: ours keeps the errno.
    if ((real_EGifCloseFile(gif->file, &code) == GIF_ERROR || gif->saved_errno != 0) && write_trailer) {
        say(gif, code, error, size);
        status = -1;
    }
    free(gif);
    return status;
}
