// Trampolines for the libmosquitto functions the fleet uses
// (Sources/MarqueeApp/Fleet), loaded by lm_load_mosquitto.
#include "CLazyLibraries.h"
#include "lazy_library.h"

#include <mosquitto.h>

#define LM_MOSQUITTO(X) \
    X(mosquitto_lib_init) X(mosquitto_new) X(mosquitto_destroy) X(mosquitto_user_data_set) \
    X(mosquitto_connect_callback_set) X(mosquitto_disconnect_callback_set) X(mosquitto_publish_callback_set) \
    X(mosquitto_subscribe_callback_set) X(mosquitto_message_callback_set) X(mosquitto_will_set) \
    X(mosquitto_username_pw_set) X(mosquitto_tls_set) X(mosquitto_int_option) X(mosquitto_connect) \
    X(mosquitto_reconnect) X(mosquitto_reconnect_async) X(mosquitto_disconnect) \
    X(mosquitto_publish) X(mosquitto_subscribe) X(mosquitto_subscribe_multiple) X(mosquitto_loop) X(mosquitto_loop_read) X(mosquitto_loop_write) \
    X(mosquitto_loop_misc) X(mosquitto_socket) X(mosquitto_want_write) X(mosquitto_strerror) \
    X(mosquitto_connack_string) X(mosquitto_connect_bind_v5) X(mosquitto_property_add_int32) \
    X(mosquitto_property_free_all) X(mosquitto_reason_string)

LM_LIBRARY(library, "libmosquitto.so.1", "libmosquitto1", LM_MOSQUITTO)

int lm_load_mosquitto(char *error, size_t size) { return lm_library_load(&library, error, size); }

int mosquitto_lib_init(void) { LM_CALL(mosquitto_lib_init, ()) }
struct mosquitto *mosquitto_new(const char *id, bool clean_session, void *obj) {
    LM_CALL(mosquitto_new, (id, clean_session, obj))
}
void mosquitto_destroy(struct mosquitto *mosq) { LM_CALL_VOID(mosquitto_destroy, (mosq)) }
void mosquitto_user_data_set(struct mosquitto *mosq, void *obj) { LM_CALL_VOID(mosquitto_user_data_set, (mosq, obj)) }
void mosquitto_connect_callback_set(struct mosquitto *mosq, void (*on_connect)(struct mosquitto *, void *, int)) {
    LM_CALL_VOID(mosquitto_connect_callback_set, (mosq, on_connect))
}
void mosquitto_disconnect_callback_set(struct mosquitto *mosq, void (*on_disconnect)(struct mosquitto *, void *, int)) {
    LM_CALL_VOID(mosquitto_disconnect_callback_set, (mosq, on_disconnect))
}
void mosquitto_publish_callback_set(struct mosquitto *mosq, void (*on_publish)(struct mosquitto *, void *, int)) {
    LM_CALL_VOID(mosquitto_publish_callback_set, (mosq, on_publish))
}
void mosquitto_subscribe_callback_set(struct mosquitto *mosq,
                                      void (*on_subscribe)(struct mosquitto *, void *, int, int, const int *)) {
    LM_CALL_VOID(mosquitto_subscribe_callback_set, (mosq, on_subscribe))
}
void mosquitto_message_callback_set(struct mosquitto *mosq,
                                    void (*on_message)(struct mosquitto *, void *, const struct mosquitto_message *)) {
    LM_CALL_VOID(mosquitto_message_callback_set, (mosq, on_message))
}
int mosquitto_will_set(struct mosquitto *mosq, const char *topic, int payloadlen, const void *payload, int qos,
                       bool retain) {
    LM_CALL(mosquitto_will_set, (mosq, topic, payloadlen, payload, qos, retain))
}
int mosquitto_username_pw_set(struct mosquitto *mosq, const char *username, const char *password) {
    LM_CALL(mosquitto_username_pw_set, (mosq, username, password))
}
int mosquitto_tls_set(struct mosquitto *mosq, const char *cafile, const char *capath, const char *certfile,
                      const char *keyfile, int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)) {
    LM_CALL(mosquitto_tls_set, (mosq, cafile, capath, certfile, keyfile, pw_callback))
}
int mosquitto_int_option(struct mosquitto *mosq, enum mosq_opt_t option, int value) {
    LM_CALL(mosquitto_int_option, (mosq, option, value))
}
int mosquitto_connect(struct mosquitto *mosq, const char *host, int port, int keepalive) {
    LM_CALL(mosquitto_connect, (mosq, host, port, keepalive))
}
int mosquitto_connect_bind_v5(struct mosquitto *mosq, const char *host, int port, int keepalive, const char *bind_address,
                              const mosquitto_property *properties) {
    LM_CALL(mosquitto_connect_bind_v5, (mosq, host, port, keepalive, bind_address, properties))
}
int mosquitto_reconnect(struct mosquitto *mosq) { LM_CALL(mosquitto_reconnect, (mosq)) }
int mosquitto_reconnect_async(struct mosquitto *mosq) { LM_CALL(mosquitto_reconnect_async, (mosq)) }
int mosquitto_disconnect(struct mosquitto *mosq) { LM_CALL(mosquitto_disconnect, (mosq)) }
int mosquitto_publish(struct mosquitto *mosq, int *mid, const char *topic, int payloadlen, const void *payload,
                      int qos, bool retain) {
    LM_CALL(mosquitto_publish, (mosq, mid, topic, payloadlen, payload, qos, retain))
}
int mosquitto_subscribe(struct mosquitto *mosq, int *mid, const char *sub, int qos) {
    LM_CALL(mosquitto_subscribe, (mosq, mid, sub, qos))
}
int mosquitto_subscribe_multiple(struct mosquitto *mosq, int *mid, int sub_count, char *const *const sub, int qos,
                                 int options, const mosquitto_property *properties) {
    LM_CALL(mosquitto_subscribe_multiple, (mosq, mid, sub_count, sub, qos, options, properties))
}
int mosquitto_loop(struct mosquitto *mosq, int timeout, int max_packets) {
    LM_CALL(mosquitto_loop, (mosq, timeout, max_packets))
}
int mosquitto_loop_read(struct mosquitto *mosq, int max_packets) { LM_CALL(mosquitto_loop_read, (mosq, max_packets)) }
int mosquitto_loop_write(struct mosquitto *mosq, int max_packets) { LM_CALL(mosquitto_loop_write, (mosq, max_packets)) }
int mosquitto_loop_misc(struct mosquitto *mosq) { LM_CALL(mosquitto_loop_misc, (mosq)) }
int mosquitto_socket(struct mosquitto *mosq) { LM_CALL(mosquitto_socket, (mosq)) }
bool mosquitto_want_write(struct mosquitto *mosq) { LM_CALL(mosquitto_want_write, (mosq)) }
const char *mosquitto_strerror(int mosq_errno) { LM_CALL(mosquitto_strerror, (mosq_errno)) }
const char *mosquitto_connack_string(int connack_code) { LM_CALL(mosquitto_connack_string, (connack_code)) }
int mosquitto_property_add_int32(mosquitto_property **proplist, int identifier, uint32_t value) {
    LM_CALL(mosquitto_property_add_int32, (proplist, identifier, value))
}
void mosquitto_property_free_all(mosquitto_property **properties) {
    LM_CALL_VOID(mosquitto_property_free_all, (properties))
}
const char *mosquitto_reason_string(int reason_code) { LM_CALL(mosquitto_reason_string, (reason_code)) }
