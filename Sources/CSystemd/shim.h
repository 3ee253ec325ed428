#ifndef LEDMARQUEE_SYSTEMD_SHIM_H
#define LEDMARQUEE_SYSTEMD_SHIM_H

// libsystemd's sd-bus (Debian libsystemd-dev): the D-Bus client that follows
// power-profiles-daemon on the system bus (docs/power-probe.md, "Power
// news"). Only its non-variadic calls are used, so everything the sign needs
// imports into Swift as it is; the connection is driven by the program's own
// event loop (sd_bus_get_fd, sd_bus_get_events, sd_bus_get_timeout,
// sd_bus_process), never by a thread of its own.
#include <systemd/sd-bus.h>

#endif
