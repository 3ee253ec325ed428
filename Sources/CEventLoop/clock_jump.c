#include "clock_jump.h"

#include <errno.h>
#include <stdint.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

int lm_clock_jump_create(void) { return timerfd_create(CLOCK_REALTIME, TFD_CLOEXEC | TFD_NONBLOCK); }

int lm_clock_jump_arm(int fd, long long seconds) {
    struct itimerspec spec = {0};
    spec.it_value.tv_sec = (time_t)seconds;
    return timerfd_settime(fd, TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, &spec, NULL);
}

int lm_clock_jump_read(int fd) {
    uint64_t expirations;
    ssize_t got = read(fd, &expirations, sizeof expirations);
    return got < 0 && errno == ECANCELED ? 1 : 0;
}
