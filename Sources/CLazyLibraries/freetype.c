// FreeType, loaded on first use (lm_load_freetype), drawing one face's
// glyphs as coverage bitmaps for FreeTypeFace (Sources/MarqueeApp/Fonts).
// Only documented API and the public fields of FT_FaceRec and
// FT_GlyphSlotRec (freetype.h) are used.
//
// A font file is hostile input: it is checked (a regular file, at most the
// size asked) on a descriptor opened without waiting, so a FIFO named by
// mistake cannot hang the start, and mapped: FreeType reads it from memory,
// as it reads the fuzzer's bytes (lm_face_open_memory). Every number the
// font gives that becomes a size here is bounded before it is used.
#include "CLazyLibraries.h"
#include "gpos_kerning.h"
#include "lazy_library.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define LM_FREETYPE(X) \
    X(FT_Init_FreeType) X(FT_Done_FreeType) X(FT_New_Memory_Face) X(FT_Done_Face) X(FT_Set_Pixel_Sizes) \
    X(FT_Select_Size) X(FT_Get_Char_Index) X(FT_Load_Glyph) X(FT_Render_Glyph) X(FT_Get_Kerning) \
    X(FT_Outline_Get_CBox) X(FT_Load_Sfnt_Table)

LM_LIBRARY(library, "libfreetype.so.6", "libfreetype6", LM_FREETYPE)

int lm_load_freetype(char *error, size_t size) { return lm_library_load(&library, error, size); }

struct lm_face {
    FT_Library library;
    FT_Face face;
    int ascent, descent;
    char name[128];
    // The font's bytes, which FreeType reads for as long as the face is
    // open: the file mapped (`mapped`), or a copy of the caller's.
    unsigned char *bytes;
    size_t count;
    int mapped;
    unsigned char *buffer;
    size_t capacity;
    // Pair kerning from a GPOS table (gpos_kerning.h): 1 when the font has
    // one, its shaper made on the first pair asked (NULL until then, and
    // for good when HarfBuzz cannot be loaded: `kern` alone then).
    int gpos;
    int shaper_tried;
    lm_gpos_shaper *shaper;
};

// Bitmap fonts (OTB, PCF) come in fixed sizes: the largest not above the
// height asked, else the smallest.
static int select_strike(FT_Face face, int pixel_height) {
    int best = 0;
    for (int i = 1; i < face->num_fixed_sizes; i++) {
        int height = face->available_sizes[i].height, chosen = face->available_sizes[best].height;
        if ((height <= pixel_height && (height > chosen || chosen > pixel_height)) ||
            (chosen > pixel_height && height < chosen)) best = i;
    }
    return best;
}

// What the first bytes say a file is, for the formats FreeType reads that
// no text reader would: a file that starts so and that FreeType still
// refuses is a damaged font, not some other kind of file.
static const char *binary_font_format(const unsigned char *bytes, size_t count) {
    if (count < 4) return NULL;
    if (memcmp(bytes, "\0\1\0\0", 4) == 0 || memcmp(bytes, "true", 4) == 0 || memcmp(bytes, "OTTO", 4) == 0)
        return "TrueType or OpenType";
    if (memcmp(bytes, "ttcf", 4) == 0) return "TrueType or OpenType collection";
    if (memcmp(bytes, "wOFF", 4) == 0) return "WOFF";
    if (memcmp(bytes, "wOF2", 4) == 0) return "WOFF2";
    if (memcmp(bytes, "\1fcp", 4) == 0) return "PCF";
    return NULL;
}

// A pixel count from a 26.6 value, held to +-LM_GLYPH_MAX_PIXELS so no
// font's number overflows an int or becomes a huge allocation.
static int bounded_pixels(FT_Pos value) {
    const FT_Pos limit = (FT_Pos)LM_GLYPH_MAX_PIXELS << 6;
    if (value > limit) value = limit;
    if (value < -limit) value = -limit;
    return (int)((value + 32) >> 6);
}

static void fail(lm_face_failure *failure, int reason, int code, const char *format) {
    failure->reason = reason;
    failure->code = code;
    failure->format = format;
}

static void release(lm_face *face) {
    // The shaper holds a reference to the face: let go of it first.
    lm_gpos_shaper_destroy(face->shaper);
    if (face->face) real_FT_Done_Face(face->face);
    if (face->library) real_FT_Done_FreeType(face->library);
    if (face->mapped) {
        munmap(face->bytes, face->count);
    } else {
        free(face->bytes);
    }
    free(face->buffer);
    free(face);
}

// Opens `result`'s bytes with FreeType and sizes the face; releases
// `result` and returns NULL when it cannot.
static lm_face *open_face(lm_face *result, long index, int pixel_height, lm_face_failure *failure) {
    if (result->count == 0) {
        // Nothing for FreeType: the text readers say "file is empty".
        fail(failure, LM_FACE_UNKNOWN_FORMAT, 0, NULL);
        release(result);
        return NULL;
    }
    if (real_FT_Init_FreeType(&result->library) != 0) {
        result->library = NULL;
        fail(failure, LM_FACE_NO_MEMORY, 0, NULL);
        release(result);
        return NULL;
    }
    FT_Error status = real_FT_New_Memory_Face(result->library, result->bytes, (FT_Long)result->count,
                                              index < 0 ? 0 : index, &result->face);
    if (status != 0) {
        result->face = NULL;
        const char *format = binary_font_format(result->bytes, result->count);
        fail(failure, format ? LM_FACE_DAMAGED : LM_FACE_UNKNOWN_FORMAT, status, format);
        release(result);
        return NULL;
    }
    FT_Face face = result->face;
    if (FT_IS_SCALABLE(face)) {
        // Size the em so ascender + descender fill the height asked; a font
        // whose line is under half its em (no real font's) is drawn at
        // twice the height at most, so its glyphs stay a few hundred pixels.
        long units = (long)face->ascender - (long)face->descender;
        if (units <= 0) units = face->units_per_EM;
        if (units <= 0) units = 1;
        long em = (long)pixel_height * face->units_per_EM / units;
        if (em > 2L * pixel_height) em = 2L * pixel_height;
        status = real_FT_Set_Pixel_Sizes(face, 0, (FT_UInt)(em < 1 ? 1 : em));
    } else if (face->num_fixed_sizes > 0) {
        status = real_FT_Select_Size(face, select_strike(face, pixel_height));
    } else {
        status = -1;
    }
    if (status != 0 || face->size == NULL) {
        fail(failure, LM_FACE_NO_SIZE, status, NULL);
        release(result);
        return NULL;
    }
    FT_ULong gpos_length = 0;
    result->gpos = FT_IS_SFNT(face) && real_FT_Load_Sfnt_Table(face, TTAG_GPOS, 0, NULL, &gpos_length) == 0 && gpos_length > 0;
    // 26.6 fixed point to whole pixels, rounded outwards.
    result->ascent = bounded_pixels(face->size->metrics.ascender + 31);
    result->descent = bounded_pixels(-face->size->metrics.descender + 31);
    snprintf(result->name, sizeof result->name, "%s %s", face->family_name ? face->family_name : "?",
             face->style_name ? face->style_name : "");
    fail(failure, 0, 0, NULL);
    return result;
}

lm_face *lm_face_open(const char *path, long index, int pixel_height, size_t max_bytes, lm_face_failure *failure) {
    // O_NONBLOCK: opening a FIFO waits for a writer otherwise.
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) {
        fail(failure, LM_FACE_SYSTEM, errno, NULL);
        return NULL;
    }
    struct stat info;
    if (fstat(fd, &info) != 0) {
        fail(failure, LM_FACE_SYSTEM, errno, NULL);
        close(fd);
        return NULL;
    }
    if (!S_ISREG(info.st_mode) || info.st_size < 0 || (unsigned long long)info.st_size > max_bytes) {
        fail(failure, S_ISDIR(info.st_mode) ? LM_FACE_DIRECTORY : S_ISREG(info.st_mode) ? LM_FACE_TOO_LARGE : LM_FACE_NOT_REGULAR,
             0, NULL);
        close(fd);
        return NULL;
    }
    lm_face *result = calloc(1, sizeof *result);
    if (result == NULL) {
        fail(failure, LM_FACE_NO_MEMORY, 0, NULL);
        close(fd);
        return NULL;
    }
    result->count = (size_t)info.st_size;
    if (result->count > 0) {
        void *mapping = mmap(NULL, result->count, PROT_READ, MAP_PRIVATE, fd, 0);
        if (mapping == MAP_FAILED) {
            fail(failure, LM_FACE_SYSTEM, errno, NULL);
            close(fd);
            free(result);
            return NULL;
        }
        result->bytes = mapping;
        result->mapped = 1;
    }
    close(fd);
    return open_face(result, index, pixel_height, failure);
}

lm_face *lm_face_open_memory(const unsigned char *bytes, size_t count, long index, int pixel_height,
                             lm_face_failure *failure) {
    lm_face *result = calloc(1, sizeof *result);
    if (result == NULL || (count > 0 && (result->bytes = malloc(count)) == NULL)) {
        free(result);
        fail(failure, LM_FACE_NO_MEMORY, 0, NULL);
        return NULL;
    }
    if (count > 0) memcpy(result->bytes, bytes, count);
    result->count = count;
    return open_face(result, index, pixel_height, failure);
}

void lm_face_metrics(const lm_face *face, int *ascent, int *descent) {
    *ascent = face->ascent;
    *descent = face->descent;
}

int lm_face_is_scalable(const lm_face *face) { return FT_IS_SCALABLE(face->face) ? 1 : 0; }

int lm_face_has_kerning(const lm_face *face) { return FT_HAS_KERNING(face->face) || face->gpos ? 1 : 0; }

const char *lm_face_name(const lm_face *face) { return face->name; }

int lm_face_glyph(lm_face *face, uint32_t codepoint, lm_glyph *glyph) {
    return lm_face_glyph_rendered(face, codepoint, LM_RENDER_MONO, glyph);
}

int lm_face_glyph_rendered(lm_face *face, uint32_t codepoint, int mode, lm_glyph *glyph) {
    FT_UInt index = real_FT_Get_Char_Index(face->face, codepoint);
    if (index == 0) return 0;
    // Hinted for one bit a pixel in either mode: stems snap to whole LEDs,
    // so a thin stem is one LED at small sizes instead of two half-covered
    // pixels that a threshold would both drop or both keep; the grey mode
    // then only softens the curves and diagonals of that same outline.
    // The colour mode asks for a colour font's own pixels (CBDT, sbix: BGRA).
    FT_Int32 flags = FT_LOAD_TARGET_MONO | (mode == LM_RENDER_COLOR ? FT_LOAD_COLOR : 0);
    if (real_FT_Load_Glyph(face->face, index, flags) != 0) return -1;
    FT_GlyphSlot slot = face->face->glyph;
    const FT_Pos limit = (FT_Pos)LM_GLYPH_MAX_PIXELS << 6;
    if (slot->format == FT_GLYPH_FORMAT_OUTLINE) {
        // An outline drawn far larger than any LED sign shows would cost
        // FreeType a bitmap of its size: refused before it is rendered.
        FT_BBox box;
        real_FT_Outline_Get_CBox(&slot->outline, &box);
        if (box.xMax - box.xMin > limit || box.yMax - box.yMin > limit) return -1;
    }
    if (slot->format != FT_GLYPH_FORMAT_BITMAP && real_FT_Render_Glyph(slot, mode == LM_RENDER_GREY ? FT_RENDER_MODE_NORMAL : FT_RENDER_MODE_MONO) != 0)
        return -1;
    FT_Bitmap *bitmap = &slot->bitmap;
    if (bitmap->width > LM_GLYPH_MAX_PIXELS || bitmap->rows > LM_GLYPH_MAX_PIXELS) return -1;
    // The colour mode gives only a colour glyph, as BGRA bytes: a glyph
    // the font draws in one colour is not one (0), the other modes' job.
    int color = mode == LM_RENDER_COLOR;
    if (color && bitmap->pixel_mode != FT_PIXEL_MODE_BGRA) return 0;
    size_t bytes_per_pixel = color ? 4 : 1;
    size_t needed = (size_t)bitmap->width * bitmap->rows * bytes_per_pixel;
    if (needed > face->capacity) {
        unsigned char *grown = realloc(face->buffer, needed);
        if (grown == NULL) return -1;
        face->buffer = grown;
        face->capacity = needed;
    }
    // A negative pitch is a bitmap stored bottom row first; the pitch still
    // steps one row down from the top row.
    const unsigned char *top = bitmap->buffer;
    if (bitmap->pitch < 0 && bitmap->rows > 0) top -= (long)(bitmap->rows - 1) * bitmap->pitch;
    // Coverage bytes for every pixel mode the glyph may come in.
    for (unsigned row = 0; row < bitmap->rows; row++) {
        const unsigned char *source = top + (long)row * bitmap->pitch;
        if (color) {
            memcpy(face->buffer + (size_t)row * bitmap->width * 4, source, (size_t)bitmap->width * 4);
            continue;
        }
        for (unsigned x = 0; x < bitmap->width; x++) {
            unsigned char value;
            switch (bitmap->pixel_mode) {
            case FT_PIXEL_MODE_MONO: value = (source[x >> 3] >> (7 - (x & 7)) & 1) ? 255 : 0; break;
            case FT_PIXEL_MODE_GRAY2: value = (unsigned char)((source[x >> 2] >> (6 - 2 * (x & 3)) & 3) * 85); break;
            case FT_PIXEL_MODE_GRAY4: value = (unsigned char)((source[x >> 1] >> (4 - 4 * (x & 1)) & 15) * 17); break;
            case FT_PIXEL_MODE_GRAY: value = source[x]; break;
            case FT_PIXEL_MODE_BGRA: value = source[x * 4 + 3]; break;  // alpha, for colour emoji
            default: return -1;
            }
            face->buffer[(size_t)row * bitmap->width + x] = value;
        }
    }
    glyph->width = (int)bitmap->width;
    glyph->rows = (int)bitmap->rows;
    glyph->pitch = (int)(bitmap->width * bytes_per_pixel);
    glyph->left = slot->bitmap_left;
    glyph->top = slot->bitmap_top;
    glyph->advance = bounded_pixels(slot->advance.x);
    glyph->buffer = face->buffer;
    return 1;
}

int lm_face_kerning(lm_face *face, uint32_t left, uint32_t right) {
    if (face->gpos && !face->shaper_tried) {
        face->shaper_tried = 1;
        face->shaper = lm_gpos_shaper_create(face->face, FT_LOAD_TARGET_MONO);
    }
    // HarfBuzz reads GPOS, and a `kern` table too where GPOS has no
    // kerning; without it, FreeType's `kern` table is all there is.
    if (face->shaper != NULL) return bounded_pixels(lm_gpos_kerning(face->shaper, left, right));
    if (!FT_HAS_KERNING(face->face)) return 0;
    FT_Vector delta;
    FT_UInt first = real_FT_Get_Char_Index(face->face, left), second = real_FT_Get_Char_Index(face->face, right);
    if (first == 0 || second == 0 || real_FT_Get_Kerning(face->face, first, second, FT_KERNING_DEFAULT, &delta) != 0) return 0;
    return bounded_pixels(delta.x);
}

void lm_face_close(lm_face *face) {
    if (face != NULL) release(face);
}
