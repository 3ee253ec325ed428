#ifndef LEDMARQUEE_CCRASHGUARD_H
#define LEDMARQUEE_CCRASHGUARD_H

// The crash guard: a handler for the signals a crash raises that gives the
// terminal back before anything reports the crash, then passes the signal on
// to the handler that was there before it (the Swift runtime's backtracer).
//
// It is C because a signal handler may only call async-signal-safe functions,
// and Swift code cannot promise that: any line may allocate, retain or take a
// runtime lock, and the crash may have happened while one was held. So the
// handler calls only tcsetattr, write, dup2, sigaction and raise, on data
// prepared here ahead of time (the termios to put back, and the terminal's
// own bytes for leaving the sign's modes, read from terminfo at open time).
//
// The other signals whose default action ends the process are not its:
// they are blocked and taken on the event loop (SignalEvents), which
// restores the terminal, logs `quit` and removes the control socket before
// the process dies of the signal; SIGXFSZ is ignored.

#include <stddef.h>
#include <termios.h>

// Installs the handler for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT
// and SIGSYS in front of the current ones; only the first call does anything.
// A signal someone chose to ignore is left alone.
//
// The Swift runtime decides at process start, before any of our code runs,
// whether its crash report will ask "Press space to interact…" and wait 30 s
// for a key: it does when standard input and output are terminals. With
// `answer_prompt`, the handler puts a pipe holding one key ("q": quit the
// prompt) on standard input before passing the crash on, so the prompt is
// answered at once. With `report_to_stderr`, it points standard output at
// standard error first, so the report goes there (the runtime sends it to
// standard output when it means to prompt).
//
// A signal that had no handler before ours (SIGSYS, a seccomp verdict, which
// the Swift runtime does not catch) is named on standard error once the
// terminal is given back, as the event loop names the signals it takes:
// "PROGRAM: ended by signal 31 (Bad system call)". The line is made here,
// since the handler cannot format text.
void lm_crash_guard_install(int answer_prompt, int report_to_stderr, const char *_Nonnull program);

// Remembers how to give the terminal on `fd` back: the termios `modes` to set
// (NULL: none known) and `count` bytes to write (leave the alternate screen,
// show the cursor, reset attributes). Arms the guard. Returns -1, and keeps
// only the modes, when the bytes do not fit the guard's buffer (256 bytes).
int lm_crash_guard_protect(int fd, const struct termios *_Nullable modes,
                           const unsigned char *_Nullable bytes, size_t count);

// Whether a crash restores the terminal: off while the terminal is given
// back (Ctrl-Z, quit), on again when the sign takes it. The first crash
// disarms it, so the terminal is restored once even if threads crash together.
void lm_crash_guard_set_armed(int armed);

#endif
