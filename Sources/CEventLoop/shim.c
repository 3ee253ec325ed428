#define _GNU_SOURCE
#include <poll.h>
#include <time.h>
#include <unistd.h>
#include "CEventLoop.h"

int lm_ppoll(struct pollfd *fds, unsigned long count, int64_t timeout_ns) {
    if (timeout_ns < 0) return ppoll(fds, count, NULL, NULL);
    struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
    return ppoll(fds, count, &timeout, NULL);
}

int lm_is_main_thread(void) { return gettid() == getpid(); }
