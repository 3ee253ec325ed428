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

// A monotonic timerfd (close-on-exec, non-blocking) for the loop's next
// deadline, or -1. Why not ppoll's own timeout: the kernel lets a poll
// timeout fire late by a thousandth of its length (fs/select.c,
// select_estimate_accuracy: 2 ms on a 2 s wait), while a timerfd fires on
// its hrtimer with no such slack.
int lm_timer_create(void);

// Arms `fd` to expire `timeout_ns` from now (0 fires at once); a negative
// timeout disarms it. Returns 0, or -1 with errno.
int lm_timer_arm(int fd, int64_t timeout_ns);

// Whether the calling thread is the process's main thread.
int lm_is_main_thread(void);

#endif
