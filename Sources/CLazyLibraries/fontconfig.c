// fontconfig, loaded on first use (lm_load_fontconfig): a font's file from
// its name, as `fc-match` finds it, for `--font "DejaVu Sans:bold"`.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>

#define LM_FONTCONFIG(X) \
    X(FcInitLoadConfigAndFonts) X(FcConfigDestroy) X(FcNameParse) X(FcConfigSubstitute) X(FcDefaultSubstitute) \
    X(FcFontMatch) X(FcPatternGetString) X(FcPatternGetInteger) X(FcPatternDestroy)

LM_LIBRARY(library, "libfontconfig.so.1", "libfontconfig1", LM_FONTCONFIG)

int lm_load_fontconfig(char *error, size_t size) { return lm_library_load(&library, error, size); }

int lm_font_match(const char *pattern_text, char *path, size_t size, long *index) {
    FcConfig *config = real_FcInitLoadConfigAndFonts();
    if (config == NULL) {
        snprintf(path, size, "fontconfig cannot read its configuration");
        return -1;
    }
    FcPattern *pattern = real_FcNameParse((const FcChar8 *)pattern_text);
    if (pattern == NULL) {
        snprintf(path, size, "not a font name fontconfig reads");
        real_FcConfigDestroy(config);
        return -1;
    }
    real_FcConfigSubstitute(config, pattern, FcMatchPattern);
    real_FcDefaultSubstitute(pattern);
    FcResult result = FcResultNoMatch;
    FcPattern *match = real_FcFontMatch(config, pattern, &result);
    int status = -1;
    FcChar8 *file = NULL;
    int face = 0;
    if (match != NULL && real_FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch) {
        if (real_FcPatternGetInteger(match, FC_INDEX, 0, &face) != FcResultMatch) face = 0;
        snprintf(path, size, "%s", (const char *)file);
        *index = face;
        status = 0;
    } else {
        snprintf(path, size, "no installed font matches");
    }
    if (match) real_FcPatternDestroy(match);
    real_FcPatternDestroy(pattern);
    real_FcConfigDestroy(config);
    return status;
}
