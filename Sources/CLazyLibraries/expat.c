// Trampolines for the expat functions the feed reader uses
// (Sources/MarqueeApp/Feeds), loaded by lm_load_expat.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <expat.h>

#define LM_EXPAT(X) \
    X(XML_ParserCreateNS) X(XML_ParserFree) X(XML_SetUserData) X(XML_SetElementHandler) \
    X(XML_SetCharacterDataHandler) X(XML_SetEntityDeclHandler) X(XML_SetParamEntityParsing) \
    X(XML_Parse) X(XML_StopParser) X(XML_GetErrorCode) X(XML_ErrorString) X(XML_GetCurrentLineNumber)

LM_LIBRARY(library, "libexpat.so.1", "libexpat1", LM_EXPAT)

int lm_load_expat(char *error, size_t size) { return lm_library_load(&library, error, size); }

XML_Parser XML_ParserCreateNS(const XML_Char *encoding, XML_Char separator) {
    LM_CALL(XML_ParserCreateNS, (encoding, separator))
}
void XML_ParserFree(XML_Parser parser) { LM_CALL_VOID(XML_ParserFree, (parser)) }
void XML_SetUserData(XML_Parser parser, void *userData) { LM_CALL_VOID(XML_SetUserData, (parser, userData)) }
void XML_SetElementHandler(XML_Parser parser, XML_StartElementHandler start, XML_EndElementHandler end) {
    LM_CALL_VOID(XML_SetElementHandler, (parser, start, end))
}
void XML_SetCharacterDataHandler(XML_Parser parser, XML_CharacterDataHandler handler) {
    LM_CALL_VOID(XML_SetCharacterDataHandler, (parser, handler))
}
void XML_SetEntityDeclHandler(XML_Parser parser, XML_EntityDeclHandler handler) {
    LM_CALL_VOID(XML_SetEntityDeclHandler, (parser, handler))
}
int XML_SetParamEntityParsing(XML_Parser parser, enum XML_ParamEntityParsing parsing) {
    LM_CALL(XML_SetParamEntityParsing, (parser, parsing))
}
enum XML_Status XML_Parse(XML_Parser parser, const char *s, int len, int isFinal) {
    LM_CALL(XML_Parse, (parser, s, len, isFinal))
}
enum XML_Status XML_StopParser(XML_Parser parser, XML_Bool resumable) { LM_CALL(XML_StopParser, (parser, resumable)) }
enum XML_Error XML_GetErrorCode(XML_Parser parser) { LM_CALL(XML_GetErrorCode, (parser)) }
const XML_LChar *XML_ErrorString(enum XML_Error code) { LM_CALL(XML_ErrorString, (code)) }
XML_Size XML_GetCurrentLineNumber(XML_Parser parser) { LM_CALL(XML_GetCurrentLineNumber, (parser)) }
