// HarfBuzz, loaded on first use, for one thing FreeType cannot do: the
// pair kerning of a font that keeps it in OpenType's GPOS table (most
// fonts made since the 2000s; FreeType reads only the older `kern` table).
// Internal to this library: freetype.c asks lm_gpos_kerning for a face's
// pair and frees the shaper with the face. Only documented API (hb.h,
// hb-ft.h) is used; HarfBuzz shapes through the FreeType we loaded, which
// is the one it links to (the same soname, loaded once).
//
// A missing libharfbuzz0b is not an error: such fonts are then drawn
// unkerned, as before, and the pair costs one failed load per process.
#include "lazy_library.h"
#include "gpos_kerning.h"

#include <hb.h>
#include <hb-ft.h>
#include <stddef.h>

#define LM_HARFBUZZ(X) \
    X(hb_ft_font_create_referenced) X(hb_ft_font_set_load_flags) X(hb_font_destroy) X(hb_font_get_glyph_h_advance) \
    X(hb_buffer_create) X(hb_buffer_destroy) X(hb_buffer_clear_contents) X(hb_buffer_add_utf32) \
    X(hb_buffer_guess_segment_properties) X(hb_buffer_get_glyph_infos) X(hb_buffer_get_glyph_positions) X(hb_shape)

LM_LIBRARY(library, "libharfbuzz.so.0", "libharfbuzz0b", LM_HARFBUZZ)

struct lm_gpos_shaper {
    hb_font_t *font;
    hb_buffer_t *buffer;
};

lm_gpos_shaper *lm_gpos_shaper_create(FT_Face face, int load_flags) {
    char error[256];
    if (lm_library_load(&library, error, sizeof error) != 0) return NULL;
    lm_gpos_shaper *shaper = malloc(sizeof *shaper);
    if (shaper == NULL) return NULL;
    shaper->font = real_hb_ft_font_create_referenced(face);
    shaper->buffer = real_hb_buffer_create();
    // The advances HarfBuzz starts from are the glyphs' as drawn: hinted
    // for one bit a pixel, as freetype.c renders them.
    real_hb_ft_font_set_load_flags(shaper->font, load_flags);
    return shaper;
}

void lm_gpos_shaper_destroy(lm_gpos_shaper *shaper) {
    if (shaper == NULL) return;
    real_hb_buffer_destroy(shaper->buffer);
    real_hb_font_destroy(shaper->font);
    free(shaper);
}

long lm_gpos_kerning(lm_gpos_shaper *shaper, uint32_t left, uint32_t right) {
    const uint32_t pair[2] = {left, right};
    hb_buffer_t *buffer = shaper->buffer;
    real_hb_buffer_clear_contents(buffer);
    real_hb_buffer_add_utf32(buffer, pair, 2, 0, 2);
    real_hb_buffer_guess_segment_properties(buffer);
    real_hb_shape(shaper->font, buffer, NULL, 0);
    unsigned int count = 0;
    hb_glyph_info_t *infos = real_hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = real_hb_buffer_get_glyph_positions(buffer, NULL);
    // Two glyphs in and two out (not a ligature), in either visual order:
    // the pair's advance less the glyphs' own advances is what GPOS (or a
    // `kern` table HarfBuzz found) moved them by, in 26.6 pixels.
    if (count != 2 || infos == NULL || positions == NULL) return 0;
    long shaped = (long)positions[0].x_advance + positions[1].x_advance;
    long own = (long)real_hb_font_get_glyph_h_advance(shaper->font, infos[0].codepoint)
        + real_hb_font_get_glyph_h_advance(shaper->font, infos[1].codepoint);
    return shaped - own;
}
