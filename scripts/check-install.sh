#!/usr/bin/env bash
# `make install` and `make uninstall` into a scratch DESTDIR (the fleet page's
# files under share/ledmarquee/www too), with a binary
# that is already built (argument 1, default the release build; `make -o
# build` keeps make from building another): every file lands under PREFIX
# with its mode, the completions are what that binary prints and each shell
# parses them, the systemd unit names the installed binary and passes
# `systemd-analyze verify` without a word, and uninstall leaves no file
# behind. The scratch folder is removed however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${1:-.build/release/ledmarquee}
if [ ! -x "$bin" ]; then
  echo "check-install: no binary at $bin (make build, or pass .build/debug/ledmarquee after swift build)" >&2
  exit 1
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dest=$scratch/dest
# The shells' own files (fish keeps some even with --no-config) stay here.
export HOME=$scratch/home XDG_CONFIG_HOME=$scratch/home/.config XDG_DATA_HOME=$scratch/home/.local/share
mkdir -p "$dest" "$HOME"
prefix=/usr
fail() { echo "check-install: $*" >&2; exit 1; }

make -s -o build install BIN="$bin" DESTDIR="$dest" PREFIX="$prefix"

root=$dest$prefix
expected="bin/ledmarquee 755
lib/systemd/system/ledmarquee@.service 644
share/bash-completion/completions/ledmarquee 644
share/fish/vendor_completions.d/ledmarquee.fish 644
share/man/man1/ledmarquee.1 644
share/zsh/site-functions/_ledmarquee 644
$(cd docs && for guide in *.md; do echo "share/doc/ledmarquee/$guide 644"; done)
$(cd www && for file in *; do echo "share/ledmarquee/www/$file 644"; done)"
expected=$(printf '%s\n' "$expected" | LC_ALL=C sort)
actual=$(cd "$dest" && find . -type f -printf '%P %m\n' | LC_ALL=C sort)
expected_full=$(printf '%s\n' "$expected" | sed "s|^|${prefix#/}/|")
[ "$actual" = "$expected_full" ] || fail "install wrote
$actual
instead of
$expected_full"

cmp -s "$bin" "$root/bin/ledmarquee" || fail "the installed binary is not $bin"
cmp -s Resources/ledmarquee.1 "$root/share/man/man1/ledmarquee.1" || fail "the installed man page is not Resources/ledmarquee.1"
for guide in docs/*.md; do
  cmp -s "$guide" "$root/share/doc/ledmarquee/$(basename "$guide")" || fail "the installed $(basename "$guide") is not $guide"
done
for file in www/*; do
  cmp -s "$file" "$root/share/ledmarquee/www/$(basename "$file")" || fail "the installed page's $(basename "$file") is not $file"
done
grep -q 'http-equiv="Content-Security-Policy"' "$root/share/ledmarquee/www/index.html" || fail "the installed index.html has no Content-Security-Policy"
for shell in bash zsh fish; do
  case $shell in
    bash) file=$root/share/bash-completion/completions/ledmarquee; check=(bash --norc --noprofile -n) ;;
    zsh) file=$root/share/zsh/site-functions/_ledmarquee; check=(zsh -f -n) ;;
    fish) file=$root/share/fish/vendor_completions.d/ledmarquee.fish; check=(fish --no-config --no-execute) ;;
  esac
  [ -s "$file" ] || fail "the $shell completions are empty"
  "$bin" --completions "$shell" | cmp -s - "$file" || fail "$file is not what '$bin --completions $shell' prints"
  "${check[@]}" "$file" || fail "$shell does not parse $file"
done

unit=$root/lib/systemd/system/ledmarquee@.service
grep -q "^ExecStart=$prefix/bin/ledmarquee --tty /dev/%i " "$unit" || fail "$unit does not start $prefix/bin/ledmarquee: $(grep ExecStart "$unit")"
! grep -q '@[A-Z]*@' "$unit" || fail "$unit has a placeholder left: $(grep '@[A-Z]*@' "$unit")"

# systemd-analyze checks that ExecStart's binary exists, so the unit is
# verified as installed for real under a scratch PREFIX (no DESTDIR), its
# Documentation= page found through MANPATH. verify exits 0 on an unknown
# key or a bad value, only saying so: any word from it is a failure.
command -v systemd-analyze >/dev/null || fail "systemd-analyze is missing (Debian package systemd; scripts/install-deps.sh test installs it)"
live=$scratch/live
make -s -o build install BIN="$bin" DESTDIR= PREFIX="$live"
ln -s ledmarquee@.service "$live/lib/systemd/system/ledmarquee@tty1.service"
verified=$(cd "$live/lib/systemd/system" && MANPATH=$live/share/man systemd-analyze verify ./ledmarquee@tty1.service 2>&1) \
  || fail "systemd-analyze verify failed: $verified"
[ -z "$verified" ] || fail "systemd-analyze verify says: $verified"
rm "$live/lib/systemd/system/ledmarquee@tty1.service"
make -s -o build uninstall BIN="$bin" DESTDIR= PREFIX="$live"
[ -z "$(find "$live" -type f)" ] || fail "uninstall from $live left $(find "$live" -type f)"

make -s -o build uninstall BIN="$bin" DESTDIR="$dest" PREFIX="$prefix"
left=$(find "$dest" -type f)
[ -z "$left" ] || fail "uninstall left $left"
[ ! -e "$root/share/doc/ledmarquee" ] || fail "uninstall left the folder share/doc/ledmarquee"
[ ! -e "$root/share/ledmarquee" ] || fail "uninstall left the folder share/ledmarquee"
echo "check-install: ok ($(printf '%s\n' "$expected" | wc -l) files under DESTDIR$prefix, removed again; the unit passes systemd-analyze verify)"
