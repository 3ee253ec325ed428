#!/bin/sh
# ledmarquee benchmark (issue 6): `make bench` calls this after `make build`.
#   ./bench/run.sh            full run (3 repeats of each figure, a few minutes)
#   ./bench/run.sh --quick    one short iteration of each (< 20 s), a smoke check
# Extra arguments go to bench.py (e.g. --repeats 5). The binary under test is
# $LEDMARQUEE_BIN (default .build/release/ledmarquee, relative to the repo).
# Writes bench/results.json. Everything runs locally on private tmux sockets.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
bin=${LEDMARQUEE_BIN:-.build/release/ledmarquee}
if [ ! -x "$bin" ]; then
    echo "bench: no executable at $bin; run 'make build' or set LEDMARQUEE_BIN" >&2
    exit 1
fi
for tool in python3 tmux; do
    command -v "$tool" >/dev/null 2>&1 || { echo "bench: $tool is required" >&2; exit 1; }
done
exec python3 "$here/bench.py" --binary "$bin" "$@"
