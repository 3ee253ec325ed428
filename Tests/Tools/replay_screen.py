#!/usr/bin/python3
"""Replays the bytes a sign wrote into an independent terminal emulator
(pyte, Debian's python3-pyte) and compares its screen with tmux's.

The end-to-end test TerminalReplayTests records everything the sign writes
from its first byte (tmux pipe-pane), pauses it, and captures tmux's screen
with colours (capture-pane -p -e). This script feeds the recorded bytes to
pyte up to each capture's offset, resizing pyte where the test resized tmux,
and requires every cell to match: character, foreground, background, bold
and reverse. tmux's capture is itself read through pyte, so both screens are
normalised the same way (colour names, 256-colour and RGB values).

Usage: replay_screen.py BYTES COLSxROWS STEP...
  STEP is  check:OFFSET:CAPTURE_FILE  or  resize:OFFSET:COLSxROWS
Exit 0 when every check matches; 1 with the differences on stdout.
"""
import re
import sys

import pyte

# ISO 8613-6 direct colour as the -direct terminfo entries write it
# (38:2::R:G:B); pyte 0.8 reads only the semicolon form, so it is rewritten
# to that before the bytes are fed (tmux reads both).
COLON_RGB = re.compile(rb"\x1b\[([34]8):2::(\d+):(\d+):(\d+)m")


def semicolon_colors(data):
    return COLON_RGB.sub(lambda match: b"\x1b[%s;2;%s;%s;%sm" % match.groups(), data)


def size(text):
    columns, rows = text.split("x")
    return int(columns), int(rows)


def load_capture(path, columns, rows):
    """tmux's capture, one line a row, drawn into a fresh pyte screen."""
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    with open(path, "rb") as capture:
        lines = capture.read().split(b"\n")
    # tmux carries the attributes from one line to the next: only the
    # cursor is placed at each line's start.
    for row, line in enumerate(lines[:rows]):
        stream.feed(b"\x1b[%d;1H" % (row + 1) + line)
    return screen


def cell_key(cell):
    """What a person sees of a cell. A blank's foreground shows nowhere
    (unless reversed), and tmux's capture leaves trailing blanks out, so it
    is not compared."""
    blank = cell.data == " " and not cell.reverse
    return (cell.data, None if blank else cell.fg, cell.bg, None if blank else cell.bold, cell.reverse)


def differences(replayed, captured, limit=12):
    found = []
    for row in range(replayed.lines):
        for column in range(replayed.columns):
            a = cell_key(replayed.buffer[row][column])
            b = cell_key(captured.buffer[row][column])
            if a != b:
                found.append("row %d col %d: replayed %r, tmux %r" % (row, column, a, b))
                if len(found) >= limit:
                    return found
    return found


def main(arguments):
    if len(arguments) < 3:
        print(__doc__)
        return 2
    with open(arguments[0], "rb") as recorded:
        data = recorded.read()
    columns, rows = size(arguments[1])
    screen = pyte.Screen(columns, rows)
    stream = pyte.ByteStream(screen)
    fed = 0
    failed = False
    for step in arguments[2:]:
        kind, offset, value = step.split(":", 2)
        offset = int(offset)
        stream.feed(semicolon_colors(data[fed:offset]))
        fed = offset
        if kind == "resize":
            columns, rows = size(value)
            screen.resize(rows, columns)
        elif kind == "check":
            found = differences(screen, load_capture(value, columns, rows))
            if found:
                failed = True
                print("at byte %d (%dx%d), %s differs:" % (offset, columns, rows, value))
                print("\n".join(found))
                print("replayed:\n" + "\n".join(screen.display))
                sys.stdout.flush()
        else:
            print("unknown step " + step)
            return 2
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
