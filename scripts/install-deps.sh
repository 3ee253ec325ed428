#!/usr/bin/env bash
# Installs what ledmarquee needs to build and test, and only what is missing:
# the ncurses wide-character headers, GNU FriBidi (right-to-left text), tmux
# (end-to-end tests), unifont (wide glyph fallback), ncurses-term (true-colour
# terminfo entries), console-setup-linux (the Linux console fonts the glyph
# tests read), zsh and fish (the completion tests run the generated
# scripts in them, as they do in bash), libsystemd-dev (sd-bus, through
# which the sign follows power-profiles-daemon on the system bus;
# docs/power-probe.md), and for the tests of that: dbus-daemon (a private
# bus standing in for the system bus), dbus-bin (dbus-send, which drives
# the mock) and python3-dbusmock (power-profiles-daemon's stand-in, run
# with Debian's /usr/bin/python3); faketime (libfaketime: the
# schedule end-to-end tests start the sign at a chosen wall-clock time, such
# as 21:59:50, and watch quiet hours and message windows begin in real time;
# the program itself has no clock switch for tests); and systemd for
# systemd-analyze (scripts/check-install.sh verifies the installed
# ledmarquee@.service with it; nothing here starts systemd);
# libmosquitto-dev (the MQTT client of a fleet, docs/fleet.md) and, for its
# tests, mosquitto (the broker each fleet test starts on 127.0.0.1 on a free
# port with a config of its own, and stops), mosquitto-clients
# (mosquitto_pub: the tests publish what `ledmarquee send` would refuse to,
# a malformed deck) and openssl (the tests make a throw-away CA and broker
# certificate for mqtts://); python3-pyte (an independent terminal emulator
# the replay tests feed the sign's recorded bytes to, docs/testing.md).
set -euo pipefail

packages=(libncurses-dev libfribidi-dev tmux unifont ncurses-term console-setup-linux zsh fish
  libsystemd-dev dbus-daemon dbus-bin python3-dbusmock faketime systemd libmosquitto-dev mosquitto mosquitto-clients openssl python3-pyte)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$package")
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "install-deps: the Swift toolchain (6.0 or later) is not on PATH; install it from swift.org first" >&2
  exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
