#!/bin/sh
# The pictures of docs/display.md, "Display modes": each mode's frame at a
# moment, as the program draws it (--snapshot, 40x8, half blocks, no
# colour), framed by the sign's edges. Prints one picture per argument
# line:  scripts/mode-pictures.sh BIN 'ARGS…'  ('--at 0.4 --enter wipe-right OPEN').
set -eu
bin=$1
shift
for args in "$@"; do
    echo '```'
    echo "ledmarquee $args"
    echo "┌────────────────────────────────────────┐"
    # shellcheck disable=SC2086 # the arguments are words on purpose
    NO_COLOR=1 "$bin" --snapshot --cols 40 --rows 8 --style half --idle-timeout 0 $args |
        head -n 7 | perl -CS -Mutf8 -ne 'chomp; printf "│%-40s│\n", $_'
    echo "└────────────────────────────────────────┘"
    echo '```'
done
