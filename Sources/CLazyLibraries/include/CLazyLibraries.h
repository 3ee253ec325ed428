#ifndef LEDMARQUEE_CLAZYLIBRARIES_H
#define LEDMARQUEE_CLAZYLIBRARIES_H

#include <stddef.h>

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

#endif
