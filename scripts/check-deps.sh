#!/usr/bin/env bash
# The lean install (issue 23, item 5): what `make build` and `make run`
# install (scripts/install-deps.sh build), with everything apt would pull in
# for it (its dependency closure, recommends left out as the script leaves
# them out), holds no test tool and no package that runs a service; the
# test and deb sets hold the build set; the test set's Playwright is in
# .build/venv at its pinned version. Reads apt's package lists only;
# installs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-deps: $*" >&2; exit 1; }

list() { ./scripts/install-deps.sh --list "$1" | LC_ALL=C sort -u; }
build=$(list build)
test=$(list test)
deb=$(list deb)
[ -n "$build" ] || fail "the build set is empty"
for set in test deb; do
  not_in=$(LC_ALL=C comm -23 <(printf '%s\n' "$build") <(printf '%s\n' "${!set}"))
  [ -z "$not_in" ] || fail "the $set set lacks build packages: $not_in"
done
if ./scripts/install-deps.sh --list nonsense >/dev/null 2>&1; then fail "--list nonsense did not fail"; fi

# Every package apt installs with the build set (without recommends, as
# install-deps.sh installs): the packages themselves are the lines that
# are not indented.
closure=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
  --no-enhances $build | grep -v '^ ' | LC_ALL=C sort -u)
[ -n "$closure" ] || fail "apt-cache knows none of: $build"
tools=$(LC_ALL=C comm -13 <(printf '%s\n' "$build") <(printf '%s\n' "$test"))
# The packages that come with a daemon Debian starts (mosquitto's broker on
# port 1883, the D-Bus system bus, systemd itself): never for building.
daemons="mosquitto systemd dbus dbus-daemon dbus-system-bus-common"
for package in $tools $daemons; do
  if printf '%s\n' "$closure" | grep -qx -- "$package"; then
    fail "the build set installs $package (test tool or service): $(printf '%s ' $build)"
  fi
done
# The test set's Playwright (PyPI, in the project's venv: the fleet page's
# tests) is there at the version install-deps pins, and drives Debian's
# chromium, not a browser of its own.
pinned=$(sed -n 's/^PLAYWRIGHT_VERSION=//p' scripts/install-deps.sh)
[ -n "$pinned" ] || fail "install-deps.sh pins no PLAYWRIGHT_VERSION"
printf '%s\n' "$test" | grep -qx chromium || fail "the test set lacks chromium (the fleet page's tests drive it)"
if [ -x .build/venv/bin/python ]; then
  have=$(.build/venv/bin/python -c "import importlib.metadata as m; print(m.version('playwright'))" 2>/dev/null || echo none)
  [ "$have" = "$pinned" ] || fail ".build/venv has Playwright $have, not $pinned (scripts/install-deps.sh test)"
fi
echo "check-deps: ok (the build set, $(printf '%s\n' "$build" | wc -l) packages and $(printf '%s\n' "$closure" | wc -l) with their dependencies, has none of the $(printf '%s\n' "$tools" | wc -l) test tools and no service)"
