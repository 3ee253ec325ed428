// Trampolines for the sd-bus functions the power-profiles watch uses
// (Sources/MarqueeApp/Power), loaded by lm_load_systemd.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <systemd/sd-bus.h>

#define LM_SYSTEMD(X) \
    X(sd_bus_open_system) X(sd_bus_close_unref) X(sd_bus_get_fd) X(sd_bus_get_events) X(sd_bus_get_timeout) \
    X(sd_bus_process) X(sd_bus_add_match_async) X(sd_bus_call_async) X(sd_bus_message_new_method_call) \
    X(sd_bus_message_append_basic) X(sd_bus_message_set_auto_start) X(sd_bus_message_unref) \
    X(sd_bus_message_is_method_error) X(sd_bus_message_enter_container) X(sd_bus_message_exit_container) \
    X(sd_bus_message_read_basic) X(sd_bus_message_skip)

LM_LIBRARY(library, "libsystemd.so.0", "libsystemd0", LM_SYSTEMD)

int lm_load_systemd(char *error, size_t size) { return lm_library_load(&library, error, size); }

int sd_bus_open_system(sd_bus **ret) { LM_CALL(sd_bus_open_system, (ret)) }
sd_bus *sd_bus_close_unref(sd_bus *bus) { LM_CALL(sd_bus_close_unref, (bus)) }
int sd_bus_get_fd(sd_bus *bus) { LM_CALL(sd_bus_get_fd, (bus)) }
int sd_bus_get_events(sd_bus *bus) { LM_CALL(sd_bus_get_events, (bus)) }
int sd_bus_get_timeout(sd_bus *bus, uint64_t *timeout_usec) { LM_CALL(sd_bus_get_timeout, (bus, timeout_usec)) }
int sd_bus_process(sd_bus *bus, sd_bus_message **r) { LM_CALL(sd_bus_process, (bus, r)) }
int sd_bus_add_match_async(sd_bus *bus, sd_bus_slot **slot, const char *match, sd_bus_message_handler_t callback,
                           sd_bus_message_handler_t install_callback, void *userdata) {
    LM_CALL(sd_bus_add_match_async, (bus, slot, match, callback, install_callback, userdata))
}
int sd_bus_call_async(sd_bus *bus, sd_bus_slot **slot, sd_bus_message *m, sd_bus_message_handler_t callback,
                      void *userdata, uint64_t usec) {
    LM_CALL(sd_bus_call_async, (bus, slot, m, callback, userdata, usec))
}
int sd_bus_message_new_method_call(sd_bus *bus, sd_bus_message **m, const char *destination, const char *path,
                                   const char *interface, const char *member) {
    LM_CALL(sd_bus_message_new_method_call, (bus, m, destination, path, interface, member))
}
int sd_bus_message_append_basic(sd_bus_message *m, char type, const void *p) {
    LM_CALL(sd_bus_message_append_basic, (m, type, p))
}
int sd_bus_message_set_auto_start(sd_bus_message *m, int b) { LM_CALL(sd_bus_message_set_auto_start, (m, b)) }
sd_bus_message *sd_bus_message_unref(sd_bus_message *m) { LM_CALL(sd_bus_message_unref, (m)) }
int sd_bus_message_is_method_error(sd_bus_message *m, const char *name) {
    LM_CALL(sd_bus_message_is_method_error, (m, name))
}
int sd_bus_message_enter_container(sd_bus_message *m, char type, const char *contents) {
    LM_CALL(sd_bus_message_enter_container, (m, type, contents))
}
int sd_bus_message_exit_container(sd_bus_message *m) { LM_CALL(sd_bus_message_exit_container, (m)) }
int sd_bus_message_read_basic(sd_bus_message *m, char type, void *p) { LM_CALL(sd_bus_message_read_basic, (m, type, p)) }
int sd_bus_message_skip(sd_bus_message *m, const char *types) { LM_CALL(sd_bus_message_skip, (m, types)) }
