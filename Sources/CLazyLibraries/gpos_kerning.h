#ifndef LEDMARQUEE_GPOS_KERNING_H
#define LEDMARQUEE_GPOS_KERNING_H

// The pair kerning of an OpenType GPOS table, through HarfBuzz loaded on
// first use (harfbuzz.c); internal to CLazyLibraries, for freetype.c.
#include <ft2build.h>
#include FT_FREETYPE_H
#include <stdint.h>
#include <stdlib.h>

typedef struct lm_gpos_shaper lm_gpos_shaper;

// A shaper for `face` at its current size, or NULL when HarfBuzz cannot be
// loaded (libharfbuzz0b missing) or memory runs out.
lm_gpos_shaper *lm_gpos_shaper_create(FT_Face face, int load_flags);
void lm_gpos_shaper_destroy(lm_gpos_shaper *shaper);

// How far the font moves `right` towards `left` (negative) or away, in
// 26.6 pixels, as HarfBuzz shapes the two characters together; 0 when they
// become one glyph or the font has nothing for the pair.
long lm_gpos_kerning(lm_gpos_shaper *shaper, uint32_t left, uint32_t right);

#endif
