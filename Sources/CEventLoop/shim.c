#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>
#include "CEventLoop.h"

int lm_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int lm_epoll_add(int epoll_fd, int fd, uint32_t events, uint64_t id) {
    struct epoll_event event = { .events = events, .data = { .u64 = id } };
    return epoll_ctl(epoll_fd, EPOLL_CTL_ADD, fd, &event) == 0 ? 0 : -errno;
}

int lm_epoll_remove(int epoll_fd, int fd) {
    // A non-NULL event for kernels before 2.6.9, which required one.
    struct epoll_event unused = { 0 };
    return epoll_ctl(epoll_fd, EPOLL_CTL_DEL, fd, &unused) == 0 ? 0 : -errno;
}

// Called through syscall(2): glibc has a wrapper only since 2.35, and the
// probe below decides whether the kernel has it (Linux 5.11).
static int epoll_pwait2_raw(int epoll_fd, struct epoll_event *events, int max, const struct timespec *timeout) {
#ifdef SYS_epoll_pwait2
    return (int) syscall(SYS_epoll_pwait2, epoll_fd, events, max, timeout, NULL, (size_t) 0);
#else
    (void) epoll_fd; (void) events; (void) max; (void) timeout;
    errno = ENOSYS;
    return -1;
#endif
}

int lm_epoll_has_nanosecond_timeout(int epoll_fd) {
    struct epoll_event event;
    struct timespec zero = { 0, 0 };
    return epoll_pwait2_raw(epoll_fd, &event, 1, &zero) >= 0 ? 1 : 0;
}

int lm_epoll_wait(int epoll_fd, uint64_t *ids, uint32_t *revents, int max, int64_t timeout_ns, int nanoseconds) {
    enum { batch = 32 };
    struct epoll_event events[batch];
    if (max > batch) max = batch;
    int count;
    if (timeout_ns >= 0 && nanoseconds) {
        struct timespec timeout = { .tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000 };
        count = epoll_pwait2_raw(epoll_fd, events, max, &timeout);
    } else {
        // Milliseconds, rounded up: early would find nothing due.
        int ms = timeout_ns < 0 ? -1 : (int) ((timeout_ns + 999999) / 1000000);
        count = epoll_wait(epoll_fd, events, max, ms);
    }
    for (int i = 0; i < count; i++) {
        ids[i] = events[i].data.u64;
        revents[i] = events[i].events;
    }
    return count;
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

// Per signal number, the pipe the handler forwards to, plus one (so that
// the zero the array starts as means none, with no set-up to race with).
static volatile int forward_fds[_NSIG];

static void forward_signal(int signo) {
    int saved_errno = errno;
    int fd = signo > 0 && signo < _NSIG ? __atomic_load_n(&forward_fds[signo], __ATOMIC_ACQUIRE) - 1 : -1;
    if (fd >= 0) {
        unsigned char number = (unsigned char) signo;
        // A full pipe already holds wake-ups enough; the byte can go.
        (void) write(fd, &number, 1);
    }
    errno = saved_errno;
}

static void make_sigset(sigset_t *set, const int *signals, int count) {
    sigemptyset(set);
    for (int i = 0; i < count; i++) sigaddset(set, signals[i]);
}

int lm_signals_block(const int *signals, int count) {
    sigset_t set;
    make_sigset(&set, signals, count);
    int error = pthread_sigmask(SIG_BLOCK, &set, NULL);
    if (error != 0) { errno = error; return -1; }
    return 0;
}

int lm_signals_install_handler(const int *signals, int count) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = forward_signal;
    action.sa_flags = SA_RESTART;
    sigfillset(&action.sa_mask);
    for (int i = 0; i < count; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

void lm_signals_forward_to(int signo, int fd) {
    if (signo > 0 && signo < _NSIG) __atomic_store_n(&forward_fds[signo], fd < 0 ? 0 : fd + 1, __ATOMIC_RELEASE);
}

int lm_signal_is_ignored(int signo) {
    struct sigaction current;
    if (sigaction(signo, NULL, &current) != 0) return -1;
    return !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
}

int lm_signalfd_open(const int *signals, int count) {
    sigset_t set;
    make_sigset(&set, signals, count);
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

int lm_signalfd_read(int fd) {
    struct signalfd_siginfo info;
    while (1) {
        ssize_t got = read(fd, &info, sizeof info);
        if (got == (ssize_t) sizeof info) return (int) info.ssi_signo;
        if (got < 0 && errno == EINTR) continue;
        if (got < 0 && errno == EAGAIN) return 0;
        return -1;
    }
}

int lm_signals_block_asynchronous(void) {
    sigset_t set;
    sigfillset(&set);
    static const int synchronous[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS };
    for (size_t i = 0; i < sizeof synchronous / sizeof synchronous[0]; i++) sigdelset(&set, synchronous[i]);
    int error = pthread_sigmask(SIG_BLOCK, &set, NULL);
    if (error != 0) { errno = error; return -1; }
    return 0;
}

int lm_pipe_nonblocking(int fds[_Nonnull 2]) { return pipe2(fds, O_CLOEXEC | O_NONBLOCK); }
