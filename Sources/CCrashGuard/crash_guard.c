#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "CCrashGuard.h"

// SIGSYS too: a seccomp filter's verdict is a fault of the calling thread,
// which the kernel delivers even when blocked (the event loop cannot take it).
static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS };
#define CRASH_SIGNAL_COUNT (sizeof crash_signals / sizeof crash_signals[0])

// The handlers found at install time, called after ours.
static struct sigaction previous[CRASH_SIGNAL_COUNT];
static int installed;

// What protect() stored; read by the handler only after it saw `armed` set
// (release/acquire), and rewritten only while `armed` is clear.
static int terminal_fd = -1;
static struct termios terminal_modes;
static int has_modes;
static unsigned char restore_bytes[256];
static size_t restore_count;
static int armed;

// For a signal nobody else reports (no handler was there before ours: SIGSYS,
// which the Swift runtime does not catch), the line saying so, made at
// install time: the handler cannot format text.
static char unreported_line[CRASH_SIGNAL_COUNT][128];
static size_t unreported_length[CRASH_SIGNAL_COUNT];

// Read end of a pipe that holds the key answering the runtime's prompt.
static int answer_fd = -1;
static int redirect_output;
static int streams_moved;

static void write_all(int fd, const unsigned char *bytes, size_t count) {
    while (count > 0) {
        ssize_t written = write(fd, bytes, count);
        if (written > 0) {
            bytes += written;
            count -= (size_t) written;
        } else if (written < 0 && errno == EINTR) {
            continue;
        } else {
            return;
        }
    }
}

static int signal_index(int signo) {
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        if (crash_signals[i] == signo) return (int) i;
    }
    return -1;
}

static void handle_crash(int signo, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (__atomic_exchange_n(&armed, 0, __ATOMIC_ACQ_REL)) {
        // TCSANOW, not TCSADRAIN: waiting for output to drain could hang.
        if (has_modes) tcsetattr(terminal_fd, TCSANOW, &terminal_modes);
        write_all(terminal_fd, restore_bytes, restore_count);
    }
    if (!__atomic_exchange_n(&streams_moved, 1, __ATOMIC_ACQ_REL)) {
        if (answer_fd >= 0) dup2(answer_fd, STDIN_FILENO);
        if (redirect_output) dup2(STDERR_FILENO, STDOUT_FILENO);
    }
    int index = signal_index(signo);
    // After the terminal is given back, so the line is seen on the shell's
    // screen; once, even if threads crash together.
    size_t length = index >= 0 ? __atomic_exchange_n(&unreported_length[index], 0, __ATOMIC_ACQ_REL) : 0;
    if (length > 0) write_all(STDERR_FILENO, (const unsigned char *) unreported_line[index], length);
    if (index >= 0) {
        struct sigaction *before = &previous[index];
        if (before->sa_flags & SA_SIGINFO) {
            if (before->sa_sigaction != NULL) before->sa_sigaction(signo, info, context);
        } else if (before->sa_handler != SIG_DFL && before->sa_handler != SIG_IGN) {
            before->sa_handler(signo);
        }
    }
    // The runtime's handler returns expecting the faulting instruction to
    // fault again, now with the default action; a signal sent with kill(2)
    // would not, and the process would carry on. Either way it ends here.
    struct sigaction fallback;
    memset(&fallback, 0, sizeof fallback);
    fallback.sa_handler = SIG_DFL;
    sigemptyset(&fallback.sa_mask);
    sigaction(signo, &fallback, NULL);
    errno = saved_errno;
    raise(signo);
}

void lm_crash_guard_install(int answer_prompt, int report_to_stderr, const char *program) {
    if (installed) return;
    installed = 1;
    if (answer_prompt) {
        int fds[2];
        if (pipe2(fds, O_CLOEXEC) == 0) {
            const char key = 'q';
            if (write(fds[1], &key, 1) == 1) {
                answer_fd = fds[0];
            } else {
                close(fds[0]);
            }
            close(fds[1]);
        }
    }
    redirect_output = report_to_stderr;
    for (size_t i = 0; i < CRASH_SIGNAL_COUNT; i++) {
        struct sigaction current;
        if (sigaction(crash_signals[i], NULL, &current) != 0) continue;
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN) continue;
        previous[i] = current;
        if (!(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL) {
            int length = snprintf(unreported_line[i], sizeof unreported_line[i], "%s: ended by signal %d (%s)\n",
                                  program, crash_signals[i], strsignal(crash_signals[i]));
            if (length > 0 && (size_t) length < sizeof unreported_line[i]) unreported_length[i] = (size_t) length;
        }
        struct sigaction ours;
        memset(&ours, 0, sizeof ours);
        ours.sa_sigaction = handle_crash;
        // The flags and mask the runtime gives its own handler, so it runs
        // under the same conditions when called from ours (SA_NODEFER: its
        // memory reader expects to catch faults of its own).
        ours.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        if (current.sa_flags & SA_SIGINFO || current.sa_handler != SIG_DFL) {
            ours.sa_mask = current.sa_mask;
        } else {
            sigfillset(&ours.sa_mask);
            for (size_t j = 0; j < CRASH_SIGNAL_COUNT; j++) sigdelset(&ours.sa_mask, crash_signals[j]);
        }
        sigaction(crash_signals[i], &ours, NULL);
    }
}

int lm_crash_guard_protect(int fd, const struct termios *modes, const unsigned char *bytes, size_t count) {
    __atomic_store_n(&armed, 0, __ATOMIC_RELEASE);
    terminal_fd = fd;
    has_modes = modes != NULL;
    if (modes != NULL) terminal_modes = *modes;
    int fits = bytes != NULL && count <= sizeof restore_bytes;
    restore_count = fits ? count : 0;
    if (fits) memcpy(restore_bytes, bytes, count);
    __atomic_store_n(&armed, 1, __ATOMIC_RELEASE);
    return fits || count == 0 ? 0 : -1;
}

void lm_crash_guard_set_armed(int on) {
    __atomic_store_n(&armed, on && terminal_fd >= 0, __ATOMIC_RELEASE);
}
