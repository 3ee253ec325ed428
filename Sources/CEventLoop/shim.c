#define _GNU_SOURCE
#include <poll.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include "CEventLoop.h"

int lm_ppoll(struct pollfd *fds, unsigned long count, int64_t timeout_ns) {
    if (timeout_ns < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    return ppoll(fds, count, &timeout, NULL);
}

int lm_is_main_thread(void) { return gettid() == getpid(); }

int lm_timer_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK); }

int lm_timer_arm(int fd, int64_t timeout_ns) {
    struct itimerspec spec = { { 0, 0 }, { 0, 0 } };
    if (timeout_ns >= 0) {
        // An all-zero it_value disarms, so "now" is the next nanosecond.
        int64_t ns = timeout_ns > 0 ? timeout_ns : 1;
        spec.it_value.tv_sec = ns / 1000000000;
        spec.it_value.tv_nsec = ns % 1000000000;
    }
    return timerfd_settime(fd, 0, &spec, NULL);
}
