#ifndef LEDMARQUEE_CEVENTLOOP_H
#define LEDMARQUEE_CEVENTLOOP_H

#include <poll.h>
#include <stdint.h>
#include <sys/eventfd.h>

#include "clock_jump.h"
#include "dispatch_main_queue_spi.h"

// gettid, pipe2 and epoll_pwait2 need _GNU_SOURCE, which Swift's Glibc
// module is built without: hence these wrappers.

// epoll for the loop's wait (EventLoop.wait says why not ppoll). Each
// returns what the call returns, or -errno.
int lm_epoll_create(void);
// Adds `fd`, level-triggered, for `events` (EPOLLIN, EPOLLOUT), reported as `id`.
int lm_epoll_add(int epoll_fd, int fd, uint32_t events, uint64_t id);
int lm_epoll_remove(int epoll_fd, int fd);
// 1 when the kernel has epoll_pwait2 (a timeout in nanoseconds), else 0.
int lm_epoll_has_nanosecond_timeout(int epoll_fd);
// Waits up to `timeout_ns` (negative: for ever) for at most `max` (≤ 32)
// ready descriptors; fills their ids and events; returns how many, or -1.
// Without `nanoseconds` the timeout is rounded up to whole milliseconds.
int lm_epoll_wait(int epoll_fd, uint64_t *_Nonnull ids, uint32_t *_Nonnull revents, int max, int64_t timeout_ns,
                  int nanoseconds);

// A monotonic timerfd (close-on-exec, non-blocking) for the loop's next
// deadline, or -1. Why not the wait's own timeout: the kernel lets a poll
// timeout fire late by a thousandth of its length (fs/select.c,
// select_estimate_accuracy: 2 ms on a 2 s wait), while a timerfd fires on
// its hrtimer with no such slack. (Within 100 ms the slack is at most
// 100 µs and the loop uses the poll's timeout: EventLoop.wait.)
int lm_timer_create(void);

// Arms `fd` to expire `timeout_ns` from now (0 fires at once); a negative
// timeout disarms it. Returns 0, or -1 with errno.
int lm_timer_arm(int fd, int64_t timeout_ns);

// Whether the calling thread is the process's main thread.
int lm_is_main_thread(void);

// Signals for SignalSource (EventLoop/SignalSource.swift explains the
// choices). Each returns 0, or -1 with errno, unless it says otherwise.

// Blocks `signals` in the calling thread (pthread_sigmask SIG_BLOCK).
int lm_signals_block(const int *_Nonnull signals, int count);

// Installs, for each of `signals`, a handler that writes the signal's number
// (one byte) to the fd given by lm_signals_forward_to, if any; SA_RESTART.
int lm_signals_install_handler(const int *_Nonnull signals, int count);

// Where the handler forwards `signo` (-1: nowhere); a non-blocking pipe.
void lm_signals_forward_to(int signo, int fd);

// 1 when `signo`'s disposition is SIG_IGN, 0 when not, -1 on error.
int lm_signal_is_ignored(int signo);

// A close-on-exec, non-blocking signalfd for `signals`, or -1.
int lm_signalfd_open(const int *_Nonnull signals, int count);

// Reads one signalfd_siginfo: its signal number, 0 when none is pending,
// -1 on another error.
int lm_signalfd_read(int fd);

// Blocks every signal but the synchronous ones (faults, SIGABRT) in the
// calling thread: for service threads, which must take no signals.
int lm_signals_block_asynchronous(void);


// A close-on-exec, non-blocking pipe (pipe2 needs _GNU_SOURCE too).
int lm_pipe_nonblocking(int fds[_Nonnull 2]);

#endif
