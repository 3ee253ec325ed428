// Trampolines for the expat functions the feed reader uses
// (Sources/MarqueeApp/Feeds), loaded by lm_load_expat. Named lm_XML_*, not
// XML_*: fontconfig parses its configuration with expat, and a function of
// the executable named XML_Parse would stand in for expat's own in
// fontconfig too (the executable's symbols come first), before expat was
// loaded by us: `--font NAME` would abort.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <expat.h>

// Expat 2.9 (Debian 13's) deprecates XML_GetCurrentLineNumber for a 64-bit
// XML_GetCurrentLineNumber64 that older releases (Debian 12's 2.5) lack:
// the one the headers built against recommend is the one called.
// (Named in full in each branch: a macro standing for the name would reach
// LM_SYMBOL's # and LM_POINTER's ## unexpanded.)
#if XML_MAJOR_VERSION > 2 || (XML_MAJOR_VERSION == 2 && XML_MINOR_VERSION >= 9)
#define LM_EXPAT_LINE_NUMBER(X) X(XML_GetCurrentLineNumber64)
#define LM_CALL_LINE_NUMBER(parser) LM_CALL(XML_GetCurrentLineNumber64, (parser))
#else
#define LM_EXPAT_LINE_NUMBER(X) X(XML_GetCurrentLineNumber)
#define LM_CALL_LINE_NUMBER(parser) LM_CALL(XML_GetCurrentLineNumber, (parser))
#endif

#define LM_EXPAT(X) \
    X(XML_ParserCreateNS) X(XML_ParserFree) X(XML_SetUserData) X(XML_SetElementHandler) \
    X(XML_SetCharacterDataHandler) X(XML_SetEntityDeclHandler) X(XML_SetParamEntityParsing) \
    X(XML_Parse) X(XML_StopParser) X(XML_GetErrorCode) X(XML_ErrorString) LM_EXPAT_LINE_NUMBER(X)

LM_LIBRARY(library, "libexpat.so.1", "libexpat1", LM_EXPAT)

int lm_load_expat(char *error, size_t size) { return lm_library_load(&library, error, size); }

XML_Parser lm_XML_ParserCreateNS(const XML_Char *encoding, XML_Char separator) {
    LM_CALL(XML_ParserCreateNS, (encoding, separator))
}
void lm_XML_ParserFree(XML_Parser parser) { LM_CALL_VOID(XML_ParserFree, (parser)) }
void lm_XML_SetUserData(XML_Parser parser, void *userData) { LM_CALL_VOID(XML_SetUserData, (parser, userData)) }
void lm_XML_SetElementHandler(XML_Parser parser, XML_StartElementHandler start, XML_EndElementHandler end) {
    LM_CALL_VOID(XML_SetElementHandler, (parser, start, end))
}
void lm_XML_SetCharacterDataHandler(XML_Parser parser, XML_CharacterDataHandler handler) {
    LM_CALL_VOID(XML_SetCharacterDataHandler, (parser, handler))
}
void lm_XML_SetEntityDeclHandler(XML_Parser parser, XML_EntityDeclHandler handler) {
    LM_CALL_VOID(XML_SetEntityDeclHandler, (parser, handler))
}
int lm_XML_SetParamEntityParsing(XML_Parser parser, enum XML_ParamEntityParsing parsing) {
    LM_CALL(XML_SetParamEntityParsing, (parser, parsing))
}
enum XML_Status lm_XML_Parse(XML_Parser parser, const char *s, int len, int isFinal) {
    LM_CALL(XML_Parse, (parser, s, len, isFinal))
}
enum XML_Status lm_XML_StopParser(XML_Parser parser, XML_Bool resumable) { LM_CALL(XML_StopParser, (parser, resumable)) }
enum XML_Error lm_XML_GetErrorCode(XML_Parser parser) { LM_CALL(XML_GetErrorCode, (parser)) }
const XML_LChar *lm_XML_ErrorString(enum XML_Error code) { LM_CALL(XML_ErrorString, (code)) }
XML_Size lm_XML_GetCurrentLineNumber(XML_Parser parser) { LM_CALL_LINE_NUMBER(parser) }
