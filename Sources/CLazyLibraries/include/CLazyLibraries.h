#ifndef LEDMARQUEE_CLAZYLIBRARIES_H
#define LEDMARQUEE_CLAZYLIBRARIES_H

#include <stddef.h>
#include <stdint.h>

// libmosquitto (and the OpenSSL it brings) and libsystemd are loaded when a
// sign first needs them, not when the process starts (docs/architecture.md,
// "Libraries loaded on first use"): most signs join no fleet, and loading
// and relocating them cost every sign about 1.6 ms of its start-up. The
// binary does not link them; this target defines each function of theirs
// the program calls (mosquitto_new, sd_bus_open_system, ...) as a
// trampoline to the real one, found with dlsym once the library is loaded.
// Swift calls them by their own names through the CMosquitto and CSystemd
// modules (headers only, no `link`).

// Loads libmosquitto.so.1 and every function the program uses from it, once
// for the process (later calls return the first answer). 0 on success; else
// -1, with a one-line message naming the Debian package in `error` (NUL
// terminated, cut to `size`). Call before any mosquitto_* function.
int lm_load_mosquitto(char *_Nonnull error, size_t size);

// The same for libsystemd.so.0 (sd-bus): before any sd_bus_* function.
int lm_load_systemd(char *_Nonnull error, size_t size);

// FreeType (libfreetype6) draws the glyphs of an installed font at the
// sign's own resolution (docs/display.md, "Fonts"); fontconfig
// (libfontconfig1) finds a font by name. Both only for `--font`, so a
// sign with the built-in font loads neither. Swift sees this small API,
// not the libraries' headers.
int lm_load_freetype(char *_Nonnull error, size_t size);
int lm_load_fontconfig(char *_Nonnull error, size_t size);

// expat (libexpat1) parses news feeds (docs/feeds.md): only a sign given a
// feed loads it. Its functions are called through these, named lm_XML_*
// (expat.c says why not XML_*); the types are expat's own.
int lm_load_expat(char *_Nonnull error, size_t size);
#include <expat.h>
XML_Parser _Nullable lm_XML_ParserCreateNS(const XML_Char *_Nullable encoding, XML_Char separator);
void lm_XML_ParserFree(XML_Parser _Nonnull parser);
void lm_XML_SetUserData(XML_Parser _Nonnull parser, void *_Nullable userData);
void lm_XML_SetElementHandler(XML_Parser _Nonnull parser, XML_StartElementHandler _Nullable start,
                              XML_EndElementHandler _Nullable end);
void lm_XML_SetCharacterDataHandler(XML_Parser _Nonnull parser, XML_CharacterDataHandler _Nullable handler);
void lm_XML_SetEntityDeclHandler(XML_Parser _Nonnull parser, XML_EntityDeclHandler _Nullable handler);
int lm_XML_SetParamEntityParsing(XML_Parser _Nonnull parser, enum XML_ParamEntityParsing parsing);
enum XML_Status lm_XML_Parse(XML_Parser _Nonnull parser, const char *_Nullable s, int len, int isFinal);
enum XML_Status lm_XML_StopParser(XML_Parser _Nonnull parser, XML_Bool resumable);
enum XML_Error lm_XML_GetErrorCode(XML_Parser _Nonnull parser);
const XML_LChar *_Nullable lm_XML_ErrorString(enum XML_Error code);
XML_Size lm_XML_GetCurrentLineNumber(XML_Parser _Nonnull parser);

// libcurl (libcurl4) fetches news feeds over HTTP and HTTPS on the event
// loop (docs/feeds.md): only a sign given a feed loads it. Its functions
// are called through these, named lm_curl_* (curl.c says why); setopt and
// getinfo, variadic in libcurl, have one trampoline per kind of value.
// The type checks of curl.h are macros over the variadic calls: not used.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
int lm_load_curl(char *_Nonnull error, size_t size);
CURLcode lm_curl_global_init(long flags);
CURL *_Nullable lm_curl_easy_init(void);
void lm_curl_easy_cleanup(CURL *_Nonnull handle);
CURLcode lm_curl_easy_setopt_long(CURL *_Nonnull handle, CURLoption option, long value);
CURLcode lm_curl_easy_setopt_string(CURL *_Nonnull handle, CURLoption option, const char *_Nullable value);
CURLcode lm_curl_easy_setopt_pointer(CURL *_Nonnull handle, CURLoption option, void *_Nullable value);
CURLcode lm_curl_easy_setopt_offset(CURL *_Nonnull handle, CURLoption option, curl_off_t value);
CURLcode lm_curl_easy_setopt_write(CURL *_Nonnull handle, CURLoption option, curl_write_callback _Nullable value);
CURLcode lm_curl_easy_getinfo_long(CURL *_Nonnull handle, CURLINFO info, long *_Nonnull value);
const char *_Nullable lm_curl_easy_strerror(CURLcode code);
CURLM *_Nullable lm_curl_multi_init(void);
CURLMcode lm_curl_multi_cleanup(CURLM *_Nonnull multi);
CURLMcode lm_curl_multi_setopt_pointer(CURLM *_Nonnull multi, CURLMoption option, void *_Nullable value);
CURLMcode lm_curl_multi_setopt_socket(CURLM *_Nonnull multi, curl_socket_callback _Nullable value);
CURLMcode lm_curl_multi_setopt_timer(CURLM *_Nonnull multi, curl_multi_timer_callback _Nullable value);
CURLMcode lm_curl_multi_add_handle(CURLM *_Nonnull multi, CURL *_Nonnull handle);
CURLMcode lm_curl_multi_remove_handle(CURLM *_Nonnull multi, CURL *_Nonnull handle);
CURLMcode lm_curl_multi_socket_action(CURLM *_Nonnull multi, curl_socket_t socket, int events, int *_Nonnull running);
CURLMsg *_Nullable lm_curl_multi_info_read(CURLM *_Nonnull multi, int *_Nonnull queued);
const char *_Nullable lm_curl_multi_strerror(CURLMcode code);
struct curl_slist *_Nullable lm_curl_slist_append(struct curl_slist *_Nullable list, const char *_Nonnull text);
void lm_curl_slist_free_all(struct curl_slist *_Nullable list);
CURLcode lm_curl_message_result(const CURLMsg *_Nonnull message);

// One face of a font file, drawn `pixel_height` pixels from the top of its
// tallest letters' line to the bottom of its descenders.
typedef struct lm_face lm_face;

// One rendered glyph: `rows` rows of `width` coverage bytes (0 blank, 255
// full) `pitch` bytes apart, its top-left `left` pixels right of the pen
// and `top` pixels above the baseline; the pen then moves `advance`. The
// buffer is the face's until its next call.
typedef struct {
    int width, rows, pitch, left, top, advance;
    const unsigned char *_Nullable buffer;
} lm_glyph;

// The largest glyph drawn, in pixels each way: an outline or bitmap
// larger is refused (lm_face_glyph returns -1), and an advance, a kerning
// or a line box beyond it is held to it. A line box is at most 64 LEDs, so
// no real glyph comes near.
#define LM_GLYPH_MAX_PIXELS 1024

// Why a face could not be opened: `reason` is one of LM_FACE_*; `code` is
// errno for LM_FACE_SYSTEM and FreeType's error for LM_FACE_DAMAGED and
// LM_FACE_UNKNOWN_FORMAT; `format` names what the first bytes say the file
// is (static text), for LM_FACE_DAMAGED.
typedef struct {
    int reason, code;
    const char *_Nullable format;
} lm_face_failure;

enum {
    LM_FACE_SYSTEM = 1,      // open, fstat or mmap failed
    LM_FACE_DIRECTORY,       // the path is a directory
    LM_FACE_NOT_REGULAR,     // a FIFO, socket or device: never opened for reading
    LM_FACE_TOO_LARGE,       // a regular file over the size allowed
    LM_FACE_UNKNOWN_FORMAT,  // no font FreeType knows (the text readers may)
    LM_FACE_DAMAGED,         // starts as a binary font FreeType reads, which it refused
    LM_FACE_NO_SIZE,         // no size the face can be drawn at
    LM_FACE_NO_MEMORY,
};

// Opens face `index` of the font file at `path` at about `pixel_height`
// (a bitmap font at its nearest size not above it, else its smallest).
// Only a regular file of at most `max_bytes` is read (checked on a
// descriptor opened without waiting, so a FIFO cannot hang); it is mapped
// for as long as the face is open. NULL with `failure` filled when it
// cannot be. Call lm_load_freetype first.
lm_face *_Nullable lm_face_open(const char *_Nonnull path, long index, int pixel_height, size_t max_bytes,
                                lm_face_failure *_Nonnull failure);
// The same from `count` bytes in memory (copied: the caller's may go).
lm_face *_Nullable lm_face_open_memory(const unsigned char *_Nonnull bytes, size_t count, long index, int pixel_height,
                                       lm_face_failure *_Nonnull failure);
// The face's line box in pixels: rows above the baseline and below it
// (each at most LM_GLYPH_MAX_PIXELS).
void lm_face_metrics(const lm_face *_Nonnull face, int *_Nonnull ascent, int *_Nonnull descent);
// 1 for an outline font drawn at any size, 0 for a bitmap font's strike.
int lm_face_is_scalable(const lm_face *_Nonnull face);
// 1 when the font has pair kerning: a `kern` table (FreeType's), or a GPOS
// table (read through HarfBuzz, when libharfbuzz0b is installed).
int lm_face_has_kerning(const lm_face *_Nonnull face);
// The family and style names, for messages (static until the face closes).
const char *_Nonnull lm_face_name(const lm_face *_Nonnull face);
// Renders `codepoint`: 1 with `glyph` filled, 0 when the face has no glyph
// for it, -1 when FreeType failed or the glyph is over LM_GLYPH_MAX_PIXELS.
int lm_face_glyph(lm_face *_Nonnull face, uint32_t codepoint, lm_glyph *_Nonnull glyph);
// How lm_face_glyph_rendered draws: one bit a pixel (what lm_face_glyph
// does), grey coverage of the same hinted outline (for LEDs in brightness
// steps), or a colour font's own pixels.
enum {
    LM_RENDER_MONO = 0,
    LM_RENDER_GREY = 1,
    LM_RENDER_COLOR = 2,
};
// lm_face_glyph in `mode` (LM_RENDER_*): the same glyph, its coverage bytes
// grey where the outline covers a pixel in part (LM_RENDER_GREY; a bitmap
// strike is drawn as it is), or a colour font's glyph as premultiplied
// BGRA, four bytes a pixel, `pitch` = 4 * `width` (LM_RENDER_COLOR; 0 when
// the glyph has no colour bitmap).
int lm_face_glyph_rendered(lm_face *_Nonnull face, uint32_t codepoint, int mode, lm_glyph *_Nonnull glyph);
// The kerning between two characters in whole pixels, rounded (0 when the
// face has none): from GPOS through HarfBuzz where the font has that table
// and HarfBuzz loads, else from FreeType's `kern` table.
int lm_face_kerning(lm_face *_Nonnull face, uint32_t left, uint32_t right);
void lm_face_close(lm_face *_Nullable face);

// The file (and face index) fontconfig matches for `pattern`
// ("DejaVu Sans:bold"): 0 with the path in `path`, -1 with a reason in it.
// fontconfig always finds some font, so the families the pattern asked for
// (`requested`, before fontconfig's substitutions) and the matched font's
// (`families`, its first the name it goes by) are given too, each family
// followed by a newline, cut to `names_size` bytes with the NUL: the caller
// says when they differ. Call lm_load_fontconfig first.
int lm_font_match(const char *_Nonnull pattern, char *_Nonnull path, size_t size, long *_Nonnull index,
                  char *_Nonnull requested, char *_Nonnull families, size_t names_size);

// libpng (libpng16-16) and giflib (libgif7) write pictures of the sign for
// `--export` (docs/export.md); only an export loads them. Both write to a
// descriptor the caller opened, and fail with a one-line reason in `error`
// (a write's strerror, or the library's words).
int lm_load_png(char *_Nonnull error, size_t size);
int lm_load_gif(char *_Nonnull error, size_t size);

// Writes a `width` x `height` 8-bit palette PNG of `pixels` (row by row,
// one palette index a pixel) with the `count` colours of `rgb` (3 bytes
// each) to `fd`. 0, or -1 with the reason. Call lm_load_png first.
int lm_png_write_indexed(int fd, int width, int height, const uint8_t *_Nonnull rgb, int count,
                         const uint8_t *_Nonnull pixels, char *_Nonnull error, size_t size);

// The same PNG made in memory, for a running sign's snapshot (`send
// snapshot --png`, docs/control.md), which has no file to write: the bytes
// go to `out` (`out_size` long); more than `limit` fails ("over N bytes")
// instead of growing without end. Returns the bytes written, or -1 with the
// reason. Call lm_load_png first.
long lm_png_encode_indexed(int width, int height, const uint8_t *_Nonnull rgb, int count,
                           const uint8_t *_Nonnull pixels, uint8_t *_Nonnull out, size_t out_size,
                           char *_Nonnull error, size_t size);

// An animated GIF being written to a descriptor.
typedef struct lm_gif lm_gif;

// Starts a looping GIF89a of `width` x `height` with the global palette of
// `count` colours (a power of two, 2 to 256) of `rgb`. Call lm_load_gif first.
lm_gif *_Nullable lm_gif_open(int fd, int width, int height, const uint8_t *_Nonnull rgb, int count,
                              char *_Nonnull error, size_t size);
// Adds a frame: the rectangle at `x`, `y` of `width` x `height` indices,
// kept under the next frame, shown `delay` centiseconds; `transparent` is
// the index that leaves the frame below showing (-1: none). `local_rgb`,
// when given, is the frame's own palette of `local_count` colours.
int lm_gif_frame(lm_gif *_Nonnull gif, int x, int y, int width, int height, const uint8_t *_Nonnull pixels, int delay,
                 int transparent, const uint8_t *_Nullable local_rgb, int local_count, char *_Nonnull error, size_t size);
// Ends the GIF (its trailer when `write_trailer`, else nothing more is
// written: the caller abandons the file) and frees it. 0, or -1 with the reason.
int lm_gif_close(lm_gif *_Nonnull gif, int write_trailer, char *_Nonnull error, size_t size);

// libwebp and libwebpmux (libwebp7, libwebpmux3) write a lossless animated
// WebP for `--export FILE.webp`; only an export loads them.
int lm_load_webp(char *_Nonnull error, size_t size);
// An animation being encoded (in memory, until lm_webp_finish).
typedef struct lm_webp lm_webp;
// Starts a looping lossless animation of `width` x `height`. Call lm_load_webp first.
lm_webp *_Nullable lm_webp_open(int width, int height, char *_Nonnull error, size_t size);
// Adds a frame of `width` x `height` RGBA pixels (4 bytes each, row by
// row) shown from `timestamp_ms` until the next frame's.
int lm_webp_frame(lm_webp *_Nonnull webp, const uint8_t *_Nonnull rgba, int timestamp_ms, char *_Nonnull error, size_t size);
// Ends the last frame at `end_ms`, writes the file to `fd` and frees the
// encoder (also on failure). 0, or -1 with the reason.
int lm_webp_finish(lm_webp *_Nonnull webp, int end_ms, int fd, char *_Nonnull error, size_t size);
// Frees the encoder without writing: the export failed.
void lm_webp_abandon(lm_webp *_Nonnull webp);

#endif
