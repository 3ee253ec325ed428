#ifndef LEDMARQUEE_DISPATCH_MAIN_QUEUE_SPI_H
#define LEDMARQUEE_DISPATCH_MAIN_QUEUE_SPI_H

// libdispatch's entry points for a run loop that services the main queue
// (swift-corelibs-foundation's CFRunLoop uses them the same way on Linux).
// They are SPI: exported by libdispatch.so but in none of its public
// headers, so they are declared here by hand, and weakly, so that a
// libdispatch without them still links and loads; the loop then asks
// lm_dispatch_main_queue_spi_available() and falls back to dispatch_main()
// (see EventLoop.swift, "fallback").
//
// The handle is an eventfd that libdispatch writes when the main queue gains
// work and never reads; the callback drains the main queue and must run on
// the main thread.
//
// Swift sees only the checked wrappers below: calling a weak symbol that did
// not resolve would jump to address 0.
#if !defined(__swift__)
extern int _dispatch_get_main_queue_handle_4CF(void) __attribute__((weak));
extern void _dispatch_main_queue_callback_4CF(void *_Nullable message) __attribute__((weak));
#endif

// 1 when both entry points resolved at run time and the libdispatch headers
// (when the compiler can see them) are of a version known to have them.
int lm_dispatch_main_queue_spi_available(void);

// The main queue's eventfd, or -1 when the SPI is unavailable.
int lm_dispatch_main_queue_handle(void);

// Drains the main queue (main thread only); does nothing when unavailable.
void lm_dispatch_main_queue_drain(void);

#endif
