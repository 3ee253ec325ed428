// Trampolines for the libcurl functions the feed fetcher uses
// (Sources/MarqueeApp/Feeds), loaded by lm_load_curl. Named lm_curl_*, not
// curl_*: the release build exports the executable's symbols, and a
// library loaded into the process that calls curl_* itself (as
// fontconfig calls XML_* for expat, expat.c) would land in ours before
// libcurl was loaded. The variadic setopt and getinfo functions are given
// one typed trampoline per kind of value, since C cannot pass a variadic
// call on, and Swift cannot make one.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#define LM_CURL(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_setopt) X(curl_easy_getinfo) \
    X(curl_easy_strerror) X(curl_multi_init) X(curl_multi_cleanup) X(curl_multi_setopt) X(curl_multi_add_handle) \
    X(curl_multi_remove_handle) X(curl_multi_socket_action) X(curl_multi_info_read) X(curl_multi_strerror) \
    X(curl_slist_append) X(curl_slist_free_all)

LM_LIBRARY(library, "libcurl.so.4", "libcurl4", LM_CURL)

int lm_load_curl(char *error, size_t size) { return lm_library_load(&library, error, size); }

CURLcode lm_curl_global_init(long flags) { LM_CALL(curl_global_init, (flags)) }
CURL *lm_curl_easy_init(void) { LM_CALL(curl_easy_init, ()) }
void lm_curl_easy_cleanup(CURL *handle) { LM_CALL_VOID(curl_easy_cleanup, (handle)) }
CURLcode lm_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    LM_CALL(curl_easy_setopt, (handle, option, value))
}
CURLcode lm_curl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    LM_CALL(curl_easy_setopt, (handle, option, value))
}
CURLcode lm_curl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    LM_CALL(curl_easy_setopt, (handle, option, value))
}
CURLcode lm_curl_easy_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    LM_CALL(curl_easy_setopt, (handle, option, value))
}
CURLcode lm_curl_easy_setopt_write(CURL *handle, CURLoption option, curl_write_callback value) {
    LM_CALL(curl_easy_setopt, (handle, option, value))
}
CURLcode lm_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    LM_CALL(curl_easy_getinfo, (handle, info, value))
}
const char *lm_curl_easy_strerror(CURLcode code) { LM_CALL(curl_easy_strerror, (code)) }
CURLM *lm_curl_multi_init(void) { LM_CALL(curl_multi_init, ()) }
CURLMcode lm_curl_multi_cleanup(CURLM *multi) { LM_CALL(curl_multi_cleanup, (multi)) }
CURLMcode lm_curl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    LM_CALL(curl_multi_setopt, (multi, option, value))
}
CURLMcode lm_curl_multi_setopt_socket(CURLM *multi, curl_socket_callback value) {
    LM_CALL(curl_multi_setopt, (multi, CURLMOPT_SOCKETFUNCTION, value))
}
CURLMcode lm_curl_multi_setopt_timer(CURLM *multi, curl_multi_timer_callback value) {
    LM_CALL(curl_multi_setopt, (multi, CURLMOPT_TIMERFUNCTION, value))
}
CURLMcode lm_curl_multi_add_handle(CURLM *multi, CURL *handle) { LM_CALL(curl_multi_add_handle, (multi, handle)) }
CURLMcode lm_curl_multi_remove_handle(CURLM *multi, CURL *handle) { LM_CALL(curl_multi_remove_handle, (multi, handle)) }
CURLMcode lm_curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int events, int *running) {
    LM_CALL(curl_multi_socket_action, (multi, socket, events, running))
}
CURLMsg *lm_curl_multi_info_read(CURLM *multi, int *queued) { LM_CALL(curl_multi_info_read, (multi, queued)) }
const char *lm_curl_multi_strerror(CURLMcode code) { LM_CALL(curl_multi_strerror, (code)) }
struct curl_slist *lm_curl_slist_append(struct curl_slist *list, const char *text) {
    LM_CALL(curl_slist_append, (list, text))
}
void lm_curl_slist_free_all(struct curl_slist *list) { LM_CALL_VOID(curl_slist_free_all, (list)) }

// CURLMsg's `data` is a union Swift sees only in part: the code a done
// transfer ended with.
CURLcode lm_curl_message_result(const CURLMsg *message) { return message->data.result; }
