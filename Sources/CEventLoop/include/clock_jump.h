#ifndef LEDMARQUEE_CLOCK_JUMP_H
#define LEDMARQUEE_CLOCK_JUMP_H

// A CLOCK_REALTIME timerfd that tells when the wall clock is set (an NTP
// step, `date -s`, a resume from suspend) rather than when a time comes:
// armed far ahead with TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET, a read
// fails with ECANCELED once the clock is set. Swift's Glibc module does not
// export <sys/timerfd.h>. Used by EventLoop/ClockJumpSource.swift.

// The descriptor (close-on-exec, non-blocking), or -1 with errno.
int lm_clock_jump_create(void);

// Arms `fd` to expire at `seconds` on CLOCK_REALTIME (a moment far ahead),
// cancelled when the clock is set. Returns 0, or -1 with errno.
int lm_clock_jump_arm(int fd, long long seconds);

// Reads `fd` once: 1 when the clock was set since it was armed (the read
// failed with ECANCELED: re-arm it), 0 otherwise (nothing to read, or it
// expired).
int lm_clock_jump_read(int fd);

#endif
