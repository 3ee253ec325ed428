#ifndef LEDMARQUEE_NCURSES_SHIM_H
#define LEDMARQUEE_NCURSES_SHIM_H

// Wide-character ncurses: without this, cchar_t, setcchar and friends vanish.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <string.h>

// Macros and C globals Swift cannot import (or may not read under strict
// concurrency checking) are exposed as small inline functions.
static inline WINDOW *lm_stdscr(void) { return stdscr; }
static inline int lm_lines(void) { return LINES; }
static inline int lm_cols(void) { return COLS; }
static inline int lm_colors(void) { return COLORS; }
static inline int lm_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t lm_a_bold(void) { return A_BOLD; }
static inline attr_t lm_a_dim(void) { return A_DIM; }
static inline attr_t lm_a_reverse(void) { return A_REVERSE; }
static inline attr_t lm_a_normal(void) { return A_NORMAL; }

// Draws one character cell with an extended colour pair (pairs above 32767
// do not fit the short of the classic API).
static inline int lm_put_cell(int y, int x, wchar_t ch, attr_t attrs, int pair) {
    cchar_t cell;
    wchar_t text[2] = { ch, 0 };
    int pair_copy = pair;
    if (setcchar(&cell, text, attrs, 0, &pair_copy) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}

// A terminfo string capability, or NULL when the terminal lacks it.
static inline const char *lm_terminal_string(const char *name) {
    char *value = tigetstr(name);
    return value == (char *) -1 ? NULL : value;
}

// The terminal's sequence deleting n characters (dch, else n times dch1),
// written into buffer; returns its length, or -1 when the terminal has
// neither or it does not fit.
static inline int lm_delete_characters(int n, char *buffer, int size) {
    const char *dch = lm_terminal_string("dch");
    const char *dch1 = lm_terminal_string("dch1");
    int length = 0;
    if (n <= 0 || size <= 0) return -1;
    if (dch != NULL) {
        const char *text = tiparm(dch, n);
        if (text == NULL) return -1;
        length = (int) strlen(text);
        if (length >= size) return -1;
        memcpy(buffer, text, (size_t) length);
    } else if (dch1 != NULL) {
        int one = (int) strlen(dch1);
        if ((long) one * n >= size) return -1;
        for (int i = 0; i < n; i++, length += one) memcpy(buffer + length, dch1, (size_t) one);
    } else {
        return -1;
    }
    buffer[length] = 0;
    return length;
}

// Shifts row y of the terminal n cells left from column 0 by sending
// `delete` (from lm_delete_characters(n)), the way ncurses itself shifts a
// line that lost characters, and applies the same shift to ncurses' record
// of the terminal (curscr) and of the window (stdscr), so the next update
// writes only cells that still differ. The cursor is on row from_y,
// column 0 (from_y -1: unknown). Blanks shift in at the right in the
// default colours.
static inline int lm_shift_row_left(FILE *out, int y, int n, int from_y, const char *delete) {
    if (n <= 0) return ERR;
    // vid_attr, mvcur and putp keep ncurses' idea of the cursor and the
    // attributes right, but these public entry points write with putchar,
    // to C's stdout, not to the screen's stream. Left there, the bytes would
    // wait in stdio's buffer for fd 1 (line-buffered on a terminal, and they
    // hold no newline), or, flushed, overtake what the OutputBatcher still
    // holds for a slow terminal: either way the terminal would shift the row
    // at another moment than the one ncurses' next update assumes, and the
    // sign would stay garbled until a full repaint.
    //
    // So stdout points at `out`, ncurses' own stream, for these three calls.
    // That is safe because:
    // - glibc's stdout is a plain variable that its manual says may be
    //   assigned, and putchar reads it on every call (musl's is const: this
    //   is glibc only);
    // - every ncurses call runs on one thread (Screen is main-actor bound),
    //   and nothing in the program writes through stdout (Platform writes
    //   fd 1 with write(2)), so no other output can be caught by the swap;
    // - the code between the swap and the restore cannot return or jump, so
    //   stdout is back before this function returns, whatever mvcur says;
    // - out is flushed before the restore: ncurses writes its updates with
    //   write(2) on the stream's fd, past stdio, so these bytes must leave
    //   out's buffer before the next update is written.
    // Tests/MarqueeTerminalTests/RowShiftOrderTests.swift fails when the
    // bytes leave by another stream or arrive after the next update.
    FILE *saved = stdout;
    stdout = out;
    vid_attr(A_NORMAL, 0, NULL);
    int moved = mvcur(from_y, from_y < 0 ? -1 : 0, y, 0);
    if (moved != ERR) putp(delete);
    fflush(out);
    stdout = saved;
    if (moved == ERR) return ERR;
    WINDOW *windows[2] = { curscr, stdscr };
    for (int w = 0; w < 2; w++) {
        wmove(windows[w], y, 0);
        for (int i = 0; i < n; i++) wdelch(windows[w]);
    }
    return OK;
}


// One-parameter and two-parameter tiparm (Swift cannot call C varargs).
static inline const char *lm_tiparm1(const char *cap, int a) { return tiparm(cap, a); }
static inline const char *lm_tiparm2(const char *cap, int a, int b) { return tiparm(cap, a, b); }

// ncurses' record of one window line: its cells and the columns changed
// since the last refresh. This is struct ldat of ncurses' curses.priv.h,
// unchanged since ncurses 5; `lm_line_records_work` checks it at start-up
// and the direct scroll path is used only if it reads true.
typedef struct {
    cchar_t *text;
    NCURSES_SIZE_T firstchar;
    NCURSES_SIZE_T lastchar;
    NCURSES_SIZE_T oldindex;
} lm_line_record;

static inline lm_line_record *lm_line(WINDOW *w, int y) {
    return ((lm_line_record *) (void *) w->_line) + y;
}

// Whether the line records read as ncurses writes them: a cell put through
// the API shows in stdscr's record, as the API reads it back, marked as the
// only change of its line. Leaves stdscr erased.
static inline int lm_line_records_work(void) {
    WINDOW *w = stdscr;
    if (w == NULL || curscr == NULL || newscr == NULL || w->_line == NULL) return 0;
    if (getmaxx(w) < 4 || getmaxy(w) < 1 || getmaxx(curscr) != getmaxx(w) || getmaxx(newscr) != getmaxx(w)) return 0;
    wtouchln(w, 0, 1, 0);
    lm_line_record *line = lm_line(w, 0);
    int ok = line->firstchar == _NOCHANGE && line->lastchar == _NOCHANGE;
    cchar_t read;
    if (ok && lm_put_cell(0, 2, L'Z', A_BOLD, 0) == OK && mvwin_wch(w, 0, 2, &read) == OK) {
        ok = line->firstchar == 2 && line->lastchar == 2 && memcmp(&line->text[2], &read, sizeof read) == 0;
    } else {
        ok = 0;
    }
    werase(w);
    return ok;
}

// Moves row y of curscr, newscr and stdscr n cells left, each window's
// background coming in at the right (as wdelch does), marking nothing
// changed: the terminal's row was shifted the same way (dch).
static inline void lm_shift_line_records(int y, int n) {
    WINDOW *windows[3] = { curscr, newscr, stdscr };
    for (int i = 0; i < 3; i++) {
        WINDOW *w = windows[i];
        int width = getmaxx(w);
        if (y < 0 || y >= getmaxy(w) || n <= 0 || n >= width) continue;
        cchar_t blank;
        wgetbkgrnd(w, &blank);
        cchar_t *text = lm_line(w, y)->text;
        memmove(text, text + n, (size_t) (width - n) * sizeof(cchar_t));
        for (int x = width - n; x < width; x++) text[x] = blank;
    }
}

// Copies columns [from, to) of stdscr's row y, just put with lm_put_cell,
// into curscr and newscr, and marks the row unchanged: those cells were
// written to the terminal directly, so ncurses has nothing left to do there.
static inline void lm_commit_line(int y, int from, int to) {
    int width = getmaxx(stdscr);
    if (y < 0 || y >= getmaxy(stdscr) || from < 0 || to > width || from >= to) return;
    const cchar_t *source = lm_line(stdscr, y)->text + from;
    memcpy(lm_line(curscr, y)->text + from, source, (size_t) (to - from) * sizeof(cchar_t));
    memcpy(lm_line(newscr, y)->text + from, source, (size_t) (to - from) * sizeof(cchar_t));
    wtouchln(stdscr, y, 1, 0);
}

int wcwidth(wchar_t c);

#endif
