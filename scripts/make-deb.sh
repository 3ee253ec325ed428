#!/usr/bin/env bash
# `make deb`: a Debian package of the release binary (the Swift runtime
# linked in statically, so the target needs no toolchain), its man page,
# completions and systemd unit: exactly the files `make install` installs,
# staged with `make install DESTDIR=... PREFIX=/usr`, then laid out as
# Debian wants them (the man page gzipped, a copyright file and changelog,
# md5sums). `Depends:` is what dpkg-shlibdeps finds for the libraries the
# binary links; libmosquitto1, loaded only for --mqtt (docs/fleet.md), and
# libfreetype6 and libfontconfig1, loaded only for --font (libharfbuzz0b
# too, for the kerning of fonts that keep it in GPOS), and libgif7,
# libwebp7, libwebpmux3 and libpng16-16 (libpng16-16t64 from Debian 13),
# loaded only for --export, and libcurl4 and libexpat1, loaded only for
# news feeds (docs/feeds.md), are Recommends.
# scripts/check-deb.sh installs the result in a scratch root and runs it.
#
#   scripts/make-deb.sh [BIN]   BIN: the release binary (default .build/release/ledmarquee, made by make build)
#
# Writes .build/deb/ledmarquee_VERSION_ARCH.deb and prints its path.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "make-deb: $*" >&2; exit 1; }

bin=${1:-.build/release/ledmarquee}
[ -x "$bin" ] || fail "no binary at $bin (make build)"
for tool in dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || fail "$tool is missing (Debian package dpkg-dev; scripts/install-deps.sh deb installs it)"
done
if ldd "$bin" | grep -q 'libswift'; then
  fail "$bin links the Swift runtime dynamically ($(ldd "$bin" | grep -o 'libswift[A-Za-z_]*\.so' | head -1)): build it with --static-swift-stdlib (make build)"
fi

version=$("$bin" --version | awk '{print $NF}')
# Who made the package: $DEBFULLNAME <$DEBEMAIL> as for dch, else the
# author of the last commit.
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an 2>/dev/null || echo ledmarquee)} <${DEBEMAIL:-$(git log -1 --format=%ae 2>/dev/null || echo root@localhost)}>"
year=$(date -u -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}" +%Y)
[[ $version =~ ^[0-9][0-9A-Za-z.+~-]*$ ]] || fail "'$bin --version' gives no Debian version: $("$bin" --version)"
arch=$(dpkg --print-architecture)
out=.build/deb
stage=$out/stage
rm -rf "$stage"
mkdir -p "$stage/DEBIAN"

# The unit goes where this Debian's systemd looks (/lib/systemd/system on
# Debian 12, /usr/lib/systemd/system on 13).
unitdir=$(pkg-config --variable=systemdsystemunitdir systemd 2>/dev/null || true)
make -s -o build install BIN="$bin" DESTDIR="$PWD/$stage" PREFIX=/usr ${unitdir:+UNITDIR=$unitdir} >/dev/null

# Debian's layout: a stripped binary (as dh_strip does; a crash report of
# the packaged binary then names addresses, not functions), a gzipped man
# page, the copyright file and changelog every package carries.
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$stage/usr/bin/ledmarquee"
gzip -9n "$stage/usr/share/man/man1/ledmarquee.1"
doc=$stage/usr/share/doc/ledmarquee
mkdir -p "$doc"
cat >"$doc/copyright" <<EOF
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: ledmarquee
Comment: Built from the project's repository by scripts/make-deb.sh.

Files: *
Copyright: $year the ledmarquee authors
License: no licence stated
 The repository states no licence yet.
EOF
{
  echo "ledmarquee ($version) unstable; urgency=low"
  echo
  echo "  * Built by scripts/make-deb.sh from $(git rev-parse --short HEAD 2>/dev/null || echo 'a source tree')."
  echo
  echo " -- $maintainer  $(date -R -d "@${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n >"$doc/changelog.gz"
chmod 644 "$doc/copyright" "$doc/changelog.gz"

# dpkg-shlibdeps reads debian/control of a source package; it needs only
# that the file exists.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/debian"
touch "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O "$OLDPWD/$stage/usr/bin/ledmarquee" 2>"$work/shlibdeps.err" | sed -n 's/^shlibs:Depends=//p') \
  || fail "dpkg-shlibdeps: $(cat "$work/shlibdeps.err")"
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependencies: $(cat "$work/shlibdeps.err")"

size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat >"$stage/DEBIAN/control" <<EOF
Package: ledmarquee
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends, libsystemd0
Recommends: libmosquitto1, libfreetype6, libfontconfig1, libharfbuzz0b, libgif7, libwebp7, libwebpmux3, libpng16-16 | libpng16-16t64, libcurl4 | libcurl4t64, libexpat1
Suggests: unifont, fonts-dejavu-core
Section: utils
Priority: optional
Description: terminal LED sign
 Turns a terminal into an LED sign: text drawn as a dot matrix of lit and
 dim LEDs scrolls smoothly full-screen and rotates through a list of
 messages. It slows down or stops when the machine is hot or saving power,
 can run on a Linux console as a kiosk (ledmarquee@.service), and joins a
 fleet of signs over MQTT (libmosquitto1, loaded only for --mqtt). Installed
 fonts are drawn at the sign's own resolution (libfreetype6 and
 libfontconfig1, loaded only for --font; libharfbuzz0b kerns the fonts
 that keep their kerning in OpenType's GPOS table). --export writes the sign as an
 animated GIF or WebP or a PNG (libgif7, libwebp7 and libpng16-16, loaded
 only then). --feed plays the headlines of an RSS, Atom or JSON feed
 (libcurl4 and libexpat1, loaded only for a feed).
EOF
(cd "$stage" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) \
  >"$stage/DEBIAN/md5sums"
chmod 644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

deb=$out/ledmarquee_${version}_$arch.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
rm -rf "$stage"
echo "$deb"
