#ifndef LEDMARQUEE_TERMINFO_SHIM_H
#define LEDMARQUEE_TERMINFO_SHIM_H

// The terminal database through ncurses' public terminfo API only
// (term(3X): setupterm, tigetstr, tigetnum, tigetflag, tiparm, del_curterm).
// The program owns its output (docs/display.md, "How a frame is drawn"):
// nothing here reads or writes a curses WINDOW, so no private structure of
// ncurses is reached, and an opaque ncurses (6.5, NCURSES_OPAQUE 1, as in
// Debian 13) builds the same. libtinfo is what tmux and notcurses use too;
// the curses library itself is not linked.
//
// Careful with names in this file: term.h defines every capability's short
// name as a macro (`columns`, `lines`, `clear_screen`, ...), so no parameter
// or variable here may be called like one.
#include <term.h>
#include <wchar.h>

// Loads the entry for `name` as the current terminal; returns 1 when found,
// 0 when the database has no such entry, -1 when no database was found.
static inline int lm_setupterm(const char *name, int fd) {
    int status = 0;
    if (setupterm(name, fd, &status) != 0) return status == 0 ? 0 : -1;
    return 1;
}

// Drops the current terminal entry (after lm_setupterm).
static inline void lm_release_terminal(void) {
    TERMINAL *previous = set_curterm(NULL);
    if (previous != NULL) del_curterm(previous);
}

// A string capability, or NULL when the terminal lacks it (tigetstr's -1,
// "not a string capability", is NULL too).
static inline const char *lm_terminal_string(const char *name) {
    char *value = tigetstr(name);
    return value == (char *) -1 ? NULL : value;
}

// A numeric capability, or -1 when absent.
static inline int lm_terminal_number(const char *name) {
    int value = tigetnum(name);
    return value < 0 ? -1 : value;
}

// A boolean capability: 1 present, 0 absent.
static inline int lm_terminal_flag(const char *name) {
    return tigetflag(name) == 1;
}

// One- and two-parameter tiparm (Swift cannot call C varargs). The result
// is ncurses' static buffer: copy it before the next call.
static inline const char *lm_tiparm1(const char *cap, int a) { return tiparm(cap, a); }
static inline const char *lm_tiparm2(const char *cap, int a, int b) { return tiparm(cap, a, b); }

// Not declared by glibc's headers without _XOPEN_SOURCE.
int wcwidth(wchar_t c);

#endif
