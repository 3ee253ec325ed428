#!/usr/bin/env bash
# A Debian 13 (trixie) machine inside this one, to check that the README's
# two commands work on the Debian that opaque ncurses 6.5 ships with
# (docs/testing.md; issue 23). Needs root.
#
#   scripts/debian13-chroot.sh create            debootstrap ROOT (minbase), install the toolchain's prerequisites
#   scripts/debian13-chroot.sh run CMD [ARG...]   run CMD inside (as root, in /, the toolchain on PATH)
#   scripts/debian13-chroot.sh enter             an interactive shell inside
#   scripts/debian13-chroot.sh copy-repo [DIR]   a clean copy of this repository's HEAD at DIR inside (default /root/ledmarquee)
#   scripts/debian13-chroot.sh umount            unmount whatever this script mounted and is still mounted
#   scripts/debian13-chroot.sh status            what is mounted under ROOT
#
# ROOT is $TRIXIE_ROOT, default /work/trixie. The Swift toolchain (the folder
# holding usr/bin/swift on this machine's PATH, e.g. /opt/swift) is bound
# read-only at the same path inside, so the chroot runs this machine's very
# toolchain and cannot change it. `run` and `enter` mount proc, sysfs, /dev,
# /dev/pts and the toolchain for as long as they run and unmount them on the
# way out (the last one out, when several run at once: a shared lock counts
# them); nothing stays mounted after the script ends.
set -euo pipefail

ROOT=${TRIXIE_ROOT:-/work/trixie}
MIRROR=${TRIXIE_MIRROR:-http://deb.debian.org/debian}
# The Swift toolchain's own prerequisites on Debian (swift.org's list for
# Debian 12, with trixie's gcc 14 in place of 12).
TOOLCHAIN_PACKAGES=(binutils libc6-dev libcurl4-openssl-dev libedit2 libgcc-14-dev libpython3-dev libsqlite3-0
  libstdc++-14-dev libxml2-dev libncurses-dev libz3-dev pkg-config tzdata zlib1g-dev gcc g++ python3)

die() { echo "debian13-chroot: $*" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || die "needs root (debootstrap, mount, chroot)"

swift_bin=$(command -v swift || true)
[ -n "$swift_bin" ] || die "no swift on PATH: the chroot borrows this machine's toolchain"
# .../usr/bin/swift -> ... (the toolchain's root, bound at the same path).
TOOLCHAIN=$(dirname "$(dirname "$(dirname "$(readlink -f "$swift_bin")")")")
[ -x "$TOOLCHAIN/usr/bin/swift" ] || die "cannot tell the toolchain's folder from $swift_bin"
[ "$TOOLCHAIN" != / ] || die "the toolchain is in /usr: nothing to bind; install it in the chroot instead"

# Mount points under ROOT, in mounting order; unmounted in reverse. ROOT
# itself first, bound over itself: inside, / is then a mount point, as on a
# real machine (`unshare --mount`, which the tests use to hide a library,
# makes the root's mounts private and fails on a / that is no mount).
MOUNTS=(. proc sys dev dev/pts "${TOOLCHAIN#/}")
LOCK=$ROOT/.debian13-chroot.lock

mounted() {
  local path=$ROOT/$1
  [ "$1" != . ] || path=$ROOT
  findmnt -rn --mountpoint "$path" >/dev/null 2>&1
}

mount_all() {
  [ -x "$ROOT/bin/sh" ] || die "$ROOT is not a Debian root yet: scripts/debian13-chroot.sh create"
  local point
  for point in "${MOUNTS[@]}"; do
    mounted "$point" && continue
    mkdir -p "$ROOT/$point"
    case $point in
      .) mount --bind "$ROOT" "$ROOT" ;;
      proc) mount -t proc proc "$ROOT/proc" ;;
      sys) mount -t sysfs -o ro sysfs "$ROOT/sys" ;;
      dev | dev/pts) mount --bind "/$point" "$ROOT/$point" ;;
      *) mount --bind "/$point" "$ROOT/$point" && mount -o remount,bind,ro "$ROOT/$point" ;;
    esac
  done
}

umount_all() {
  local i point
  for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
    point=${MOUNTS[i]}
    if mounted "$point"; then
      [ "$point" != . ] || point=
      umount "$ROOT/$point" || umount -l "$ROOT/$point"
    fi
  done
  local left
  left=$(findmnt -rn -o TARGET | grep -F "$ROOT/" || true)
  [ -z "$left" ] || die "still mounted under $ROOT: $left"
}

# Holds a shared lock while a command runs inside; on the way out, the last
# holder (the one that gets the lock exclusively) unmounts everything.
with_mounts() {
  exec {lock_fd}>"$LOCK"
  flock -s "$lock_fd"
  trap 'if flock -x -n '"$lock_fd"'; then umount_all; fi' EXIT
  mount_all
  "$@"
}

inside() {
  chroot "$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-xterm-256color}" \
    PATH="$TOOLCHAIN/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" "$@"
}

create() {
  if [ ! -x "$ROOT/bin/sh" ]; then
    command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
    debootstrap --variant=minbase --include=make,git,ca-certificates,sudo trixie "$ROOT" "$MIRROR"
  fi
  cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
  # The certificate authorities this machine adds to Debian's (a network
  # that inspects TLS has its own): without them no HTTPS fetch from inside
  # verifies, so `make test`'s Playwright could not come from PyPI, where
  # on a Debian 13 of its own on an open network it does.
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    mkdir -p "$ROOT/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$ROOT/usr/local/share/ca-certificates/"
  fi
  with_mounts inside bash -c '
    set -e
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "$@" >/dev/null
    update-ca-certificates >/dev/null
    swift --version' bash "${TOOLCHAIN_PACKAGES[@]}"
}

copy_repo() {
  local dir=${1:-/root/ledmarquee}
  local repo
  repo=$(cd "$(dirname "$0")/.." && pwd)
  [ -x "$ROOT/bin/sh" ] || die "$ROOT is not a Debian root yet: scripts/debian13-chroot.sh create"
  rm -rf "${ROOT:?}/${dir#/}"
  mkdir -p "$ROOT/$dir"
  git -C "$repo" archive HEAD | tar -x -C "$ROOT/$dir"
  echo "debian13-chroot: $(git -C "$repo" rev-parse --short HEAD) copied to $dir inside $ROOT"
}

command=${1:-}
[ $# -eq 0 ] || shift
case $command in
  create) create ;;
  run) [ $# -gt 0 ] || die "run what?"; with_mounts inside "$@" ;;
  enter) with_mounts inside bash -l ;;
  copy-repo) copy_repo "$@" ;;
  umount) umount_all ;;
  status) findmnt -rn -o TARGET,FSTYPE | grep -F "$ROOT/" || echo "nothing mounted under $ROOT" ;;
  *) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
esac
