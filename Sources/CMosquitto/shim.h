#ifndef LEDMARQUEE_MOSQUITTO_SHIM_H
#define LEDMARQUEE_MOSQUITTO_SHIM_H

// libmosquitto (Debian libmosquitto-dev): the MQTT client a sign joins a
// fleet with (docs/fleet.md). The connection is served by the program's own
// event loop (mosquitto_socket, mosquitto_want_write, mosquitto_loop_read,
// mosquitto_loop_write, mosquitto_loop_misc), never by mosquitto_loop_start's
// thread. Only non-variadic calls are used, so the header imports as it is.
#include <mosquitto.h>
// MQTT 5's property and reason-code numbers (MQTT_PROP_MAXIMUM_PACKET_SIZE,
// MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION), which mosquitto.h does not include.
#include <mqtt_protocol.h>

#endif
