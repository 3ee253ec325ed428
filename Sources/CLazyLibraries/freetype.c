// FreeType, loaded on first use (lm_load_freetype), drawing one face's
// glyphs as coverage bitmaps for FreeTypeFace (Sources/MarqueeApp/Fonts).
// Only documented API and the public fields of FT_FaceRec and
// FT_GlyphSlotRec (freetype.h) are used.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LM_FREETYPE(X) \
    X(FT_Init_FreeType) X(FT_Done_FreeType) X(FT_New_Face) X(FT_Done_Face) X(FT_Set_Pixel_Sizes) \
    X(FT_Select_Size) X(FT_Get_Char_Index) X(FT_Load_Glyph) X(FT_Render_Glyph) X(FT_Get_Kerning)

LM_LIBRARY(library, "libfreetype.so.6", "libfreetype6", LM_FREETYPE)

int lm_load_freetype(char *error, size_t size) { return lm_library_load(&library, error, size); }

struct lm_face {
    FT_Library library;
    FT_Face face;
    int ascent, descent;
    char name[128];
    unsigned char *buffer;
    size_t capacity;
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

lm_face *lm_face_open(const char *path, long index, int pixel_height, char *error, size_t size) {
    lm_face *result = calloc(1, sizeof *result);
    if (result == NULL) { snprintf(error, size, "out of memory"); return NULL; }
    if (real_FT_Init_FreeType(&result->library) != 0) {
        snprintf(error, size, "FreeType cannot start");
        free(result);
        return NULL;
    }
    FT_Error status = real_FT_New_Face(result->library, path, index, &result->face);
    if (status != 0) {
        snprintf(error, size, status == FT_Err_Unknown_File_Format ? "not a font FreeType reads" : "cannot open font (FreeType error %d)", status);
        real_FT_Done_FreeType(result->library);
        free(result);
        return NULL;
    }
    FT_Face face = result->face;
    if (FT_IS_SCALABLE(face)) {
        // Size the em so ascender + descender fill the height asked.
        long units = (long)face->ascender - (long)face->descender;
        if (units <= 0) units = face->units_per_EM;
        long em = (long)pixel_height * face->units_per_EM / units;
        status = real_FT_Set_Pixel_Sizes(face, 0, (FT_UInt)(em < 1 ? 1 : em));
    } else if (face->num_fixed_sizes > 0) {
        status = real_FT_Select_Size(face, select_strike(face, pixel_height));
    } else {
        status = -1;
    }
    if (status != 0) {
        snprintf(error, size, "the font has no size to draw at");
        lm_face_close(result);
        return NULL;
    }
    // 26.6 fixed point to whole pixels, rounded outwards.
    result->ascent = (int)((face->size->metrics.ascender + 63) >> 6);
    result->descent = (int)((-face->size->metrics.descender + 63) >> 6);
    snprintf(result->name, sizeof result->name, "%s %s", face->family_name ? face->family_name : "?",
             face->style_name ? face->style_name : "");
    return result;
}

void lm_face_metrics(const lm_face *face, int *ascent, int *descent) {
    *ascent = face->ascent;
    *descent = face->descent;
}

const char *lm_face_name(const lm_face *face) { return face->name; }

int lm_face_is_scalable(const lm_face *face) { return FT_IS_SCALABLE(face->face) ? 1 : 0; }

int lm_face_glyph(lm_face *face, uint32_t codepoint, lm_glyph *glyph) {
    FT_UInt index = real_FT_Get_Char_Index(face->face, codepoint);
    if (index == 0) return 0;
    // Hinted for one bit a pixel: stems snap to whole LEDs, so a thin stem
    // is one LED at small sizes instead of two half-covered pixels that a
    // threshold would both drop or both keep.
    if (real_FT_Load_Glyph(face->face, index, FT_LOAD_TARGET_MONO) != 0) return -1;
    FT_GlyphSlot slot = face->face->glyph;
    if (slot->format != FT_GLYPH_FORMAT_BITMAP && real_FT_Render_Glyph(slot, FT_RENDER_MODE_MONO) != 0) return -1;
    FT_Bitmap *bitmap = &slot->bitmap;
    size_t needed = (size_t)bitmap->width * bitmap->rows;
    if (needed > face->capacity) {
        unsigned char *grown = realloc(face->buffer, needed);
        if (grown == NULL) return -1;
        face->buffer = grown;
        face->capacity = needed;
    }
    // Coverage bytes for every pixel mode the glyph may come in.
    for (unsigned row = 0; row < bitmap->rows; row++) {
        const unsigned char *source = bitmap->buffer + (long)row * bitmap->pitch;
        for (unsigned x = 0; x < bitmap->width; x++) {
            unsigned char value;
            switch (bitmap->pixel_mode) {
            case FT_PIXEL_MODE_MONO: value = (source[x >> 3] >> (7 - (x & 7)) & 1) ? 255 : 0; break;
            case FT_PIXEL_MODE_GRAY: value = source[x]; break;
            case FT_PIXEL_MODE_BGRA: value = source[x * 4 + 3]; break;  // alpha, for colour emoji
            default: return -1;
            }
            face->buffer[(size_t)row * bitmap->width + x] = value;
        }
    }
    glyph->width = (int)bitmap->width;
    glyph->rows = (int)bitmap->rows;
    glyph->pitch = (int)bitmap->width;
    glyph->left = slot->bitmap_left;
    glyph->top = slot->bitmap_top;
    glyph->advance = (int)((slot->advance.x + 32) >> 6);
    glyph->buffer = face->buffer;
    return 1;
}

int lm_face_kerning(lm_face *face, uint32_t left, uint32_t right) {
    if (!FT_HAS_KERNING(face->face)) return 0;
    FT_Vector delta;
    FT_UInt first = real_FT_Get_Char_Index(face->face, left), second = real_FT_Get_Char_Index(face->face, right);
    if (first == 0 || second == 0 || real_FT_Get_Kerning(face->face, first, second, FT_KERNING_DEFAULT, &delta) != 0) return 0;
    return (int)((delta.x + 32) >> 6);
}

void lm_face_close(lm_face *face) {
    if (face == NULL) return;
    if (face->face) real_FT_Done_Face(face->face);
    if (face->library) real_FT_Done_FreeType(face->library);
    free(face->buffer);
    free(face);
}
