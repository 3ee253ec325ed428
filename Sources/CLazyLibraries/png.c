// libpng, loaded on first use (lm_load_png), writing one still picture of
// the sign for `--export FILE.png` (docs/export.md). Only a picture
// needs it, so no sign loads it. The picture is indexed (an 8-bit palette
// PNG): the sign has a few colours, and the file stays small.
//
// The bytes go to a descriptor the caller opened (the temporary file it
// renames into place) through a write function of ours, so a write error
// keeps its errno, or (a running sign's snapshot) to a buffer the caller
// gave, which caps them; libpng's errors come back through our error function,
// which jumps out of libpng (its documented way) with the message kept.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <png.h>

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define LM_PNG(X) \
    X(png_create_write_struct) X(png_create_info_struct) X(png_destroy_write_struct) X(png_set_write_fn) \
    X(png_set_IHDR) X(png_set_PLTE) X(png_write_info) X(png_write_row) X(png_write_end) X(png_get_io_ptr) \
    X(png_get_error_ptr) X(png_error)

LM_LIBRARY(library, "libpng16.so.16", "libpng16-16", LM_PNG)

int lm_load_png(char *error, size_t size) { return lm_library_load(&library, error, size); }

struct png_context {
    int fd;
    // In memory instead (fd unused): `out` holds `used` of `out_size` bytes.
    uint8_t *out;
    size_t out_size;
    size_t used;
    int saved_errno;
    jmp_buf jump;
    char message[160];
};

static void on_error(png_structp png, png_const_charp message) {
    struct png_context *context = real_png_get_error_ptr(png);
    // A message already there (a snapshot over its cap) is the reason.
    if (context->message[0] == 0) {
        if (context->saved_errno != 0)
            snprintf(context->message, sizeof context->message, "%s", strerror(context->saved_errno));
        else
            snprintf(context->message, sizeof context->message, "libpng: %s", message);
    }
    longjmp(context->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    struct png_context *context = real_png_get_io_ptr(png);
    while (length > 0) {
        ssize_t written = write(context->fd, data, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) {
            context->saved_errno = written < 0 ? errno : EIO;
            real_png_error(png, "write failed");
        }
        data += written;
        length -= (size_t)written;
    }
}

static void on_write_memory(png_structp png, png_bytep data, size_t length) {
    struct png_context *context = real_png_get_io_ptr(png);
    if (length > context->out_size - context->used) {
        snprintf(context->message, sizeof context->message, "over %zu bytes", context->out_size);
        real_png_error(png, "over the cap");
    }
    memcpy(context->out + context->used, data, length);
    context->used += length;
}

static void on_flush(png_structp png) { (void)png; }

// Writes the picture through `writer`, which reads `context`.
static int write_indexed(struct png_context *context, png_rw_ptr writer, int width, int height, const uint8_t *rgb,
                         int count, const uint8_t *pixels, char *error, size_t size) {
    png_structp png = real_png_create_write_struct(PNG_LIBPNG_VER_STRING, context, on_error, on_warning);
    if (png == NULL) {
        snprintf(error, size, "libpng: out of memory");
        return -1;
    }
    png_infop info = real_png_create_info_struct(png);
    // `volatile`: read after a longjmp back here.
    volatile int status = -1;
    if (info != NULL && setjmp(context->jump) == 0) {
        png_color palette[256];
        int colours = count < 1 ? 1 : (count > 256 ? 256 : count);
        for (int i = 0; i < colours; i++) {
            palette[i].red = rgb[3 * i];
            palette[i].green = rgb[3 * i + 1];
            palette[i].blue = rgb[3 * i + 2];
        }
        real_png_set_write_fn(png, context, writer, on_flush);
        real_png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_PALETTE,
                          PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        real_png_set_PLTE(png, info, palette, colours);
        real_png_write_info(png, info);
        for (int y = 0; y < height; y++) real_png_write_row(png, pixels + (size_t)y * (size_t)width);
        real_png_write_end(png, info);
        status = 0;
    } else if (info == NULL) {
        snprintf(context->message, sizeof context->message, "libpng: out of memory");
    }
    real_png_destroy_write_struct(&png, info != NULL ? &info : NULL);
    if (status != 0) snprintf(error, size, "%s", context->message);
    return status;
}

int lm_png_write_indexed(int fd, int width, int height, const uint8_t *rgb, int count, const uint8_t *pixels,
                         char *error, size_t size) {
    struct png_context context = {.fd = fd};
    return write_indexed(&context, on_write, width, height, rgb, count, pixels, error, size);
}

long lm_png_encode_indexed(int width, int height, const uint8_t *rgb, int count, const uint8_t *pixels, uint8_t *out,
                           size_t out_size, char *error, size_t size) {
    struct png_context context = {.fd = -1, .out = out, .out_size = out_size};
    if (write_indexed(&context, on_write_memory, width, height, rgb, count, pixels, error, size) != 0) return -1;
    return (long)context.used;
}
