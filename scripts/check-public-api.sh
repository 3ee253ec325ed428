#!/usr/bin/env bash
# The terminal layer uses ncurses' public terminfo API only (docs/display.md,
# "How a frame is drawn"). ncurses 6.5 as Debian 13 builds it makes WINDOW
# opaque (NCURSES_OPAQUE 1); this machine may have 6.4, so the C shims are
# compiled here the way an opaque ncurses would see them, and searched for
# reaches into private fields, so such a reach fails `make test` on any
# Debian, not the build on a user's Raspberry Pi. (curses.h sets
# NCURSES_OPAQUE to 0 unless NCURSES_INTERNALS is defined, so both are
# given; the shim of ncurses 6.4's private line records fails this check
# with "invalid use of incomplete typedef 'WINDOW'", as on Debian 13.)
set -euo pipefail
cd "$(dirname "$0")/.."
cc=${CC:-cc}
status=0
for shim in Sources/C*/shim.h; do
  if ! "$cc" -fsyntax-only -Wall -Werror -DNCURSES_INTERNALS -DNCURSES_OPAQUE=1 -include "$shim" -x c /dev/null; then
    echo "check-public-api: $shim does not compile against an opaque ncurses" >&2
    status=1
  fi
done
# WINDOW's fields (->_line, ->_curx), struct ldat, and ncurses' internal _nc_ functions.
if grep -rnE -- '->_[a-z]+|struct ldat|_nc_[a-z_]+\(' Sources/C* | grep -vE ':[0-9]+:\s*//'; then
  echo "check-public-api: a C shim reaches into a library's private fields (above)" >&2
  status=1
fi
if [ "$status" -eq 0 ]; then
  echo "check-public-api: the C shims use public API only (compiled with NCURSES_OPAQUE=1)"
fi
exit "$status"
