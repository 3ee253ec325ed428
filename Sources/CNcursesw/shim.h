#ifndef LEDMARQUEE_NCURSES_SHIM_H
#define LEDMARQUEE_NCURSES_SHIM_H

// Wide-character ncurses: without this, cchar_t, setcchar and friends vanish.
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <wchar.h>
#include <stdio.h>

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

int wcwidth(wchar_t c);

#endif
