#include <stddef.h>
#include "dispatch_main_queue_spi.h"

// A compile-time guard where the libdispatch headers are on the include
// path (SwiftPM does not put the toolchain's usr/lib/swift there for C
// targets, so usually only the run-time check below applies). The entry
// points were checked against DISPATCH_API_VERSION 20180109, which every
// swift-corelibs-libdispatch from Swift 4.1 to 6.3 reports.
#if __has_include(<dispatch/dispatch.h>)
#include <dispatch/dispatch.h>
#if !defined(DISPATCH_API_VERSION) || DISPATCH_API_VERSION < 20180109
#define LM_DISPATCH_SPI_COMPILED 0
#endif
#endif
#ifndef LM_DISPATCH_SPI_COMPILED
#define LM_DISPATCH_SPI_COMPILED 1
#endif

int lm_dispatch_main_queue_spi_available(void) {
    return LM_DISPATCH_SPI_COMPILED && _dispatch_get_main_queue_handle_4CF != NULL
        && _dispatch_main_queue_callback_4CF != NULL;
}

int lm_dispatch_main_queue_handle(void) {
    return lm_dispatch_main_queue_spi_available() ? _dispatch_get_main_queue_handle_4CF() : -1;
}

void lm_dispatch_main_queue_drain(void) {
    if (lm_dispatch_main_queue_spi_available()) _dispatch_main_queue_callback_4CF(NULL);
}
