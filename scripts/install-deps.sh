#!/usr/bin/env bash
# Installs what ledmarquee needs, and only what is missing, in one of three
# sets (README, "Two commands"):
#
#   scripts/install-deps.sh build        what building and running need (make build, make run, make install)
#   scripts/install-deps.sh test         build + the test tools (make test)
#   scripts/install-deps.sh deb          build + dpkg-dev (make deb)
#   scripts/install-deps.sh --list SET   print SET's packages, one a line, and install nothing
#
# build: the headers (and so the libraries) the binary links: libncurses-dev
# (terminfo: libtinfo), libfribidi-dev (GNU FriBidi, right-to-left text),
# libsystemd-dev (sd-bus, through which the sign follows
# power-profiles-daemon on the system bus; docs/power-probe.md) and
# libmosquitto-dev (the MQTT client of a fleet, docs/fleet.md),
# libfreetype-dev and libfontconfig-dev (installed fonts, drawn at the
# sign's resolution and found by name; loaded on first use; fontconfig's
# configuration package brings fonts-dejavu-core, the font the FreeType
# tests draw), libexpat1-dev (the XML parser of news feeds, docs/feeds.md;
# loaded on first use), libcurl4-openssl-dev (libcurl, which fetches news
# feeds over HTTP and HTTPS; loaded on first use), libgif-dev, libwebp-dev and libpng-dev (giflib,
# libwebp and libpng, which write --export's GIFs, WebPs and PNGs; loaded
# on first use, docs/export.md), libharfbuzz-dev (HarfBuzz, for the pair
# kerning of fonts that keep it in OpenType's GPOS table, which FreeType
# does not read; loaded on first use, docs/display.md). Nothing
# else: no service, no shell, no test tool. Optional at run time, so not
# installed: unifont (glyphs the built-in font lacks, e.g. CJK; without it
# they show as boxes, docs/display.md).
#
# test adds: tmux (the end-to-end tests), unifont (the wide-glyph tests),
# ncurses-term (true-colour terminfo entries), console-setup-linux (the
# Linux console fonts the glyph tests read), zsh and fish (the completion
# tests run the generated scripts in them, as in bash), dbus-daemon (a
# private bus standing in for the system bus), dbus-bin (dbus-send, which
# drives the mock) and python3-dbusmock (power-profiles-daemon's stand-in,
# run with Debian's /usr/bin/python3, which it brings: the feed tests'
# own HTTP and HTTPS server, Tests/Fixtures/feeds/feed_server.py, runs
# with it too), faketime (the schedule tests start
# the sign at a chosen wall-clock time), systemd for systemd-analyze
# (scripts/check-install.sh verifies the installed ledmarquee@.service with
# it), mosquitto (the broker each fleet test starts on 127.0.0.1 on a free
# port with a config of its own, and stops), mosquitto-clients
# (mosquitto_pub: the tests publish what `ledmarquee send` would refuse to),
# openssl (a throw-away CA and broker certificate for mqtts://), python3-pyte
# (an independent terminal emulator the replay tests feed the sign's
# recorded bytes to, docs/testing.md), fonts-terminus-otb (a bitmap font,
# OTB, that fontconfig finds by name: the FreeType tests draw its strikes),
# fonts-noto-color-emoji (CBDT colour bitmaps: the colour emoji tests draw
# its glyphs; in Debian 12 and 13 alike),
# python3-pil (Pillow, the independent decoder the export tests read the
# GIFs and PNGs with, run with Debian's /usr/bin/python3), asciinema (reads
# the exported .cast recordings), dpkg-dev
# (dpkg-shlibdeps, for
# scripts/check-deb.sh), and groff-base and mandoc (the man page is checked
# by both formatters, with every warning on), chromium (Debian's browser:
# the fleet page's tests drive it headless, Tests/Tools/fleet_page.py) and
# python3-venv (the project-local venv below).
#
# test also puts Playwright, from PyPI (Debian packages none), into a venv
# of the project's own, .build/venv (pinned: PLAYWRIGHT_VERSION below). It
# drives Debian's /usr/bin/chromium; its own browser download
# (`playwright install`) is never run. Nothing outside .build/ changes, and
# `make run`'s set does not have it.
#
# No service is started, now or at boot: the install runs under a
# policy-rc.d that denies every start (exit 101, which invoke-rc.d and
# deb-systemd-invoke obey), so Debian's mosquitto package does not start its
# broker on port 1883 as it otherwise would; a mosquitto installed by this
# script is then disabled (`systemctl disable mosquitto`), so it does not
# start at the next boot either. A mosquitto that was installed before is
# left as it was.
set -euo pipefail

build=(libncurses-dev libfribidi-dev libsystemd-dev libmosquitto-dev libfreetype-dev libfontconfig-dev libexpat1-dev
  libcurl4-openssl-dev libgif-dev libwebp-dev libpng-dev libharfbuzz-dev)
test_tools=(tmux unifont ncurses-term console-setup-linux zsh fish dbus-daemon dbus-bin python3-dbusmock faketime
  systemd mosquitto mosquitto-clients openssl python3-pyte fonts-terminus-otb fonts-noto-color-emoji python3-pil asciinema
  dpkg-dev groff-base mandoc chromium python3-venv)
deb_tools=(dpkg-dev)
# Packages this script installs that come with a service Debian would
# enable: disabled again when this script installed them.
services=(mosquitto)
# The Playwright for Python the fleet page's tests import, in .build/venv.
PLAYWRIGHT_VERSION=1.65.2
venv=$(cd "$(dirname "$0")/.." && pwd)/.build/venv

usage() {
  echo "usage: scripts/install-deps.sh build|test|deb, or --list build|test|deb" >&2
  exit 2
}

packages_of() {
  case $1 in
    build) printf '%s\n' "${build[@]}" ;;
    test) printf '%s\n' "${build[@]}" "${test_tools[@]}" ;;
    deb) printf '%s\n' "${build[@]}" "${deb_tools[@]}" ;;
    *) usage ;;
  esac
}

if [ "${1:-}" = --list ]; then
  [ $# -eq 2 ] || usage
  packages_of "$2"
  exit 0
fi
[ $# -eq 1 ] || usage
wanted=$(packages_of "$1")

missing=()
for package in $wanted; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: the Swift toolchain (6.0 or later) is not on PATH; install it from swift.org first" >&2
  exit 1
fi

# The test set's Playwright, in the project's venv; after the packages
# (python3-venv), and again whenever the venv lacks that version.
playwright_venv() {
  [ "$1" = test ] || return 0
  if "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('playwright') != '$PLAYWRIGHT_VERSION')" 2>/dev/null; then
    return 0
  fi
  echo "install-deps: installing Playwright $PLAYWRIGHT_VERSION into $venv (PyPI; the browser is Debian's chromium)"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "playwright==$PLAYWRIGHT_VERSION"
}

if [ ${#missing[@]} -eq 0 ]; then
  playwright_venv "$1"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi

# policy-rc.d for the length of the install; one already there (a container
# image's, say) is put back afterwards.
policy=/usr/sbin/policy-rc.d
saved=""
restore_policy() {
  if [ -n "$saved" ]; then
    $sudo mv -f "$saved" "$policy"
  else
    $sudo rm -f "$policy"
  fi
}
if [ -e "$policy" ]; then
  saved=$policy.ledmarquee-saved
  $sudo mv -f "$policy" "$saved"
fi
trap restore_policy EXIT
printf '#!/bin/sh\n# scripts/install-deps.sh (ledmarquee): no service starts while it installs.\nexit 101\n' |
  $sudo tee "$policy" >/dev/null
$sudo chmod 755 "$policy"

$sudo apt-get update -qq
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

for service in "${services[@]}"; do
  [[ " ${missing[*]} " == *" $service "* ]] || continue
  if command -v systemctl >/dev/null 2>&1; then
    $sudo systemctl disable --quiet "$service.service" 2>/dev/null || true
  fi
  if command -v update-rc.d >/dev/null 2>&1 && [ -e "/etc/init.d/$service" ]; then
    $sudo update-rc.d "$service" disable >/dev/null 2>&1 || true
  fi
  echo "install-deps: $service is installed for the tests only: not started, and disabled at boot (systemctl enable --now $service starts it)"
done

playwright_venv "$1"
