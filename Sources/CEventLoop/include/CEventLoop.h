#ifndef LEDMARQUEE_CEVENTLOOP_H
#define LEDMARQUEE_CEVENTLOOP_H

#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>

// libdispatch's entry points for a run loop that services the main queue
// (swift-corelibs-foundation's CFRunLoop uses them the same way on Linux).
// The handle is an eventfd that libdispatch writes when the main queue gains
// work and never reads; the callback drains the main queue and must run on
// the main thread.
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *_Nullable message);

// ppoll with a timeout in nanoseconds (negative: wait for ever). ppoll and
// gettid need _GNU_SOURCE, which Swift's Glibc module is built without.
int lm_ppoll(struct pollfd *_Nonnull fds, unsigned long count, int64_t timeout_ns);

// Whether the calling thread is the process's main thread.
int lm_is_main_thread(void);

#endif
