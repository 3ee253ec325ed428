// fontconfig, loaded on first use (lm_load_fontconfig): a font's file from
// its name, as `fc-match` finds it, for `--font "DejaVu Sans:bold"`.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <fontconfig/fontconfig.h>
#include <stdio.h>
#include <string.h>

#define LM_FONTCONFIG(X) \
    X(FcInitLoadConfigAndFonts) X(FcConfigDestroy) X(FcNameParse) X(FcConfigSubstitute) X(FcDefaultSubstitute) \
    X(FcFontMatch) X(FcPatternGetString) X(FcPatternGetInteger) X(FcPatternDestroy)

LM_LIBRARY(library, "libfontconfig.so.1", "libfontconfig1", LM_FONTCONFIG)

int lm_load_fontconfig(char *error, size_t size) { return lm_library_load(&library, error, size); }

// The pattern's FC_FAMILY values into `names`, each followed by a newline,
// as many whole ones as fit in `size` bytes with the NUL.
static void family_names(FcPattern *pattern, char *names, size_t size) {
    size_t used = 0;
    FcChar8 *family = NULL;
    if (size > 0) names[0] = '\0';
    for (int i = 0; real_FcPatternGetString(pattern, FC_FAMILY, i, &family) == FcResultMatch; i++) {
        size_t length = strlen((const char *)family);
        if (used + length + 2 > size) break;
        memcpy(names + used, family, length);
        names[used + length] = '\n';
        used += length + 1;
        names[used] = '\0';
    }
}

int lm_font_match(const char *pattern_text, char *path, size_t size, long *index, char *requested, char *families,
                  size_t names_size) {
    if (names_size > 0) requested[0] = families[0] = '\0';
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
    // Before the substitutions add the configured fallbacks (DejaVu Sans,
    // sans-serif...) to the families.
    family_names(pattern, requested, names_size);
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
        family_names(match, families, names_size);
        status = 0;
    } else {
        snprintf(path, size, "no installed font matches");
    }
    if (match) real_FcPatternDestroy(match);
    real_FcPatternDestroy(pattern);
    real_FcConfigDestroy(config);
    return status;
}
