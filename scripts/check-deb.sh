#!/usr/bin/env bash
# The package of `make deb` (scripts/make-deb.sh), checked as a user would
# meet it: unpacked into a scratch root (`dpkg -x`), its binary runs
# `--version` and draws a `--snapshot` with no Swift toolchain on PATH and
# LD_LIBRARY_PATH unset, and the snapshot is the very frame the binary it
# was made from draws; `ldd` finds every library and no libswift*; each
# library the binary needs comes from a package its Depends names (or
# libc6's); the files are those `make install` writes, with the man page
# gzipped and Debian's copyright and changelog; and lintian, when
# installed, reports no error. The scratch folder is removed however it
# ends.
#
#   scripts/check-deb.sh DEB [BIN]   BIN: the binary it was made from (default .build/release/ledmarquee)
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "check-deb: $*" >&2; exit 1; }

deb=${1:?usage: scripts/check-deb.sh DEB [BIN]}
bin=${2:-.build/release/ledmarquee}
[ -f "$deb" ] || fail "no package at $deb (make deb)"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
root=$scratch/root
dpkg -x "$deb" "$root"
field() { dpkg-deb -f "$deb" "$1"; }

files=$(cd "$root" && find . -type f -printf '%P %m\n' | sed 's|^lib/systemd|usr/lib/systemd|' | LC_ALL=C sort)
expected="usr/bin/ledmarquee 755
usr/lib/systemd/system/ledmarquee@.service 644
usr/share/bash-completion/completions/ledmarquee 644
usr/share/doc/ledmarquee/changelog.gz 644
usr/share/doc/ledmarquee/copyright 644
$(cd docs && for guide in *.md; do echo "usr/share/doc/ledmarquee/$guide 644"; done)
usr/share/fish/vendor_completions.d/ledmarquee.fish 644
$(cd www && for file in *; do echo "usr/share/ledmarquee/www/$file 644"; done)
usr/share/man/man1/ledmarquee.1.gz 644
usr/share/zsh/site-functions/_ledmarquee 644"
expected=$(printf '%s\n' "$expected" | LC_ALL=C sort)
[ "$files" = "$expected" ] || fail "the package holds
$files
instead of
$expected"
zcat "$root/usr/share/man/man1/ledmarquee.1.gz" | cmp -s - Resources/ledmarquee.1 || fail "the packaged man page is not Resources/ledmarquee.1"
unit=$(find "$root" -name 'ledmarquee@.service')
grep -q '^ExecStart=/usr/bin/ledmarquee ' "$unit" || fail "the unit does not start /usr/bin/ledmarquee: $(grep ExecStart "$unit")"

# As on a machine without the toolchain: a PATH of the system's folders
# only, no LD_LIBRARY_PATH, nothing of the build's environment.
packaged=$root/usr/bin/ledmarquee
run() { env -i PATH=/usr/bin:/bin HOME="$scratch" LANG=C.UTF-8 "$@"; }
libraries=$(run ldd "$packaged") || fail "ldd $packaged: $libraries"
! grep -q 'not found' <<<"$libraries" || fail "libraries not found: $(grep 'not found' <<<"$libraries")"
! grep -qi 'libswift\|/opt/swift\|libdispatch\|libFoundation' <<<"$libraries" \
  || fail "the packaged binary needs the Swift runtime: $(grep -i 'swift\|dispatch\|Foundation' <<<"$libraries")"
! grep -q 'libmosquitto\|libsystemd\|libssl\|libcurl\|libexpat' <<<"$libraries" \
  || fail "libmosquitto, libsystemd, libcurl and expat are loaded on first use, not linked: $(grep 'mosquitto\|systemd\|ssl\|curl\|expat' <<<"$libraries")"

version=$(run "$packaged" --version) || fail "--version failed: $version"
[ "$version" = "$("$bin" --version)" ] || fail "--version says '$version', the build says '$("$bin" --version)'"
[ "$(field Version)" = "${version##* }" ] || fail "Version: $(field Version) is not the binary's ${version##* }"
frame=$(run "$packaged" --snapshot --cols 40 --rows 9 HI) || fail "--snapshot failed: $frame"
[ "$frame" = "$("$bin" --snapshot --cols 40 --rows 9 HI)" ] || fail "the packaged binary draws another frame:
$frame"
grep -q '●' <<<"$frame" || fail "the snapshot has no lit LED: $frame"
# A font by name: fontconfig, loaded on first use, reads its configuration
# with expat, which the binary also loads on first use for news feeds. The
# release build exports its symbols to what it loads, so a trampoline named
# as expat's own function would be called by fontconfig instead (it aborted).
named=$(run "$packaged" --snapshot --cols 40 --rows 9 --font 'DejaVu Sans:bold' HI 2>&1) ||
  fail "--snapshot with --font 'DejaVu Sans:bold' failed: $named"

# Depends: every library the binary links is in a package it names.
depends=$(field Depends)
while read -r path; do
  # The path as ldd says it, else resolved (usrmerge: dpkg may know either).
  owner=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1) \
    || owner=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1) || true
  [ -n "$owner" ] || fail "no package owns $path"
  [[ ", $depends," == *", $owner "* || ", $depends," == *", $owner,"* ]] || fail "$path is in $owner, which Depends ($depends) does not name"
done < <(grep -o '=> /[^ ]*' <<<"$libraries" | cut -c4-)
[[ $(field Recommends) == *libmosquitto1* ]] || fail "Recommends does not name libmosquitto1 (--mqtt)"
[[ $(field Recommends) == *libcurl4* && $(field Recommends) == *libexpat1* ]] ||
  fail "Recommends does not name libcurl4 and libexpat1 (--feed)"
[[ $(field Recommends) == *libgif7* && $(field Recommends) == *libwebpmux3* && $(field Recommends) == *libpng16-16* ]] ||
  fail "Recommends does not name libgif7, libwebpmux3 and libpng16-16 (--export)"

note=""
if command -v lintian >/dev/null; then
  # Errors fail the check; warnings are printed.
  findings=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -v '^running with root privileges' || true)
  if grep -q '^E:' <<<"$findings"; then fail "lintian: $(grep '^E:' <<<"$findings")"; fi
  [ -z "$findings" ] || echo "$findings" >&2
  note=", lintian: $(grep -c '^[WIN]:' <<<"$findings" || true) warning(s)/info"
else
  note=", lintian not installed"
fi
echo "check-deb: ok ($(basename "$deb"), $(($(stat -c %s "$deb") / 1024)) KiB, runs from a scratch root without the toolchain; Depends: $depends$note)"
