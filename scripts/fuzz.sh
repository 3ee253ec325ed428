#!/usr/bin/env bash
# libFuzzer targets for the parsers and for layout/composition
# (Tests/Fuzz/README.md). Built with swiftc straight over the module sources
# into .build/fuzz/, so the package's own `swift build`/`swift test` never
# see them and their build folder is never touched.
#
#   scripts/fuzz.sh build              build the targets
#   scripts/fuzz.sh run [SECONDS]      replay each corpus, then fuzz each target SECONDS (60)
#   scripts/fuzz.sh smoke              `run 5`: what `make test` does
#   scripts/fuzz.sh coverage           replay corpora in a coverage build, print llvm-cov's report
#
# FUZZ_TARGETS="bdf keys" limits a command to some targets.
# Exits non-zero when a target crashes or breaks an invariant; the input is
# saved in .build/fuzz/crashes/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=$ROOT/.build/fuzz
# The Swift driver leaves a TemporaryDirectory.* in $TMPDIR for each compile,
# and the sysfs target makes its scratch trees there: keep both in .build.
export TMPDIR=$OUT/tmp
mkdir -p "$TMPDIR"

# name:source folder:max_len:dictionary (- for none). max_len is sized to the
# input: a font or a sysfs tree needs kilobytes (a sysfs attribute is refused
# above 4 KiB), a key burst or an argument vector a few hundred bytes.
TARGETS=(
  "bdf:BDF:16384:bdf"
  "hex:Hex:8192:hex"
  "cues:CueText:4096:-"
  "lines:Lines:4096:-"
  "deck:Deck:8192:deck"
  "sanitize:Sanitize:1024:sanitize"
  "keys:Keys:256:keys"
  "cmdline:CommandLine:512:cmdline"
  "config:Config:4096:config"
  "sysfs:Sysfs:8192:sysfs"
  "layout:Layout:512:-"
  "control:Control:8192:-"
  "fields:Fields:1024:fields"
  "uevent:Uevent:8704:uevent"
  "schedule:Schedule:1024:schedule"
  "zones:Zones:1024:-"
  "fleet:Fleet:8192:fleet"
  "freetype:FreeType:16384:freetype"
  "feed:Feed:65536:feed"
)

# libFuzzer and the sanitizer runtimes ship with the Swift toolchain for
# Linux (usr/lib/swift/clang/lib/linux), as do clang and lld: no package to
# install. Say so plainly if a toolchain lacks it.
toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
if ! ls "$toolchain"/lib/swift/clang/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1; then
  echo "fuzz: this Swift toolchain has no libFuzzer ($toolchain/lib/swift/clang/lib/linux/libclang_rt.fuzzer-*.a); use a swift.org toolchain for Linux" >&2
  exit 1
fi

selected() {
  local name=${1%%:*}
  [ -z "${FUZZ_TARGETS:-}" ] && return 0
  [[ " $FUZZ_TARGETS " == *" $name "* ]]
}

swift_sources() { find "$ROOT/$1" -name '*.swift' | LC_ALL=C sort; }

# build FLAVOUR: fuzz (libFuzzer + AddressSanitizer, for finding bugs) or
# cov (libFuzzer + profile instrumentation, for replaying corpora into a
# coverage report; ASan would only slow that down).
build() {
  local flavour=$1 dir=$OUT/$1
  local swift_flags c_flags
  case $flavour in
    fuzz) swift_flags=(-sanitize=fuzzer,address); c_flags=(-fsanitize=fuzzer-no-link,address) ;;
    cov) swift_flags=(-sanitize=fuzzer -profile-generate -profile-coverage-mapping); c_flags=() ;;
  esac
  local stamp=$dir/.built
  if [ -f "$stamp" ] && [ -z "$(find Sources Resources Tools Tests/Fuzz scripts/fuzz.sh -newer "$stamp" -type f | head -1)" ]; then
    return 0
  fi
  echo "fuzz: building the $flavour targets in ${dir#"$ROOT"/}"
  local started=$SECONDS
  rm -rf "$dir"
  mkdir -p "$dir"/{obj,mods,maps/CEventLoop,maps/CCrashGuard,maps/CLazyLibraries,gen,bin,tool}

  # The resources MarqueeCore embeds, made by the package's own tool (with
  # the LED font's parser, LEDFontText, built for it uninstrumented).
  swiftc -Onone -parse-as-library -module-name LEDFontText -emit-module -emit-module-path "$dir/tool/LEDFontText.swiftmodule" \
    -c -o "$dir/tool/LEDFontText.o" $(swift_sources Sources/LEDFontText)
  swiftc -Onone -module-name embed_resources -I "$dir/tool" Tools/embed-resources/main.swift "$dir/tool/LEDFontText.o" \
    -o "$dir/embed-resources"
  "$dir/embed-resources" "$dir/gen/EmbeddedResources.swift" \
    $(find Resources -maxdepth 1 \( -name '*.txt' -o -name '*.json' \) ! -name '.*' | LC_ALL=C sort)

  # C targets: objects, and the module maps SwiftPM would generate for them.
  local target
  for target in CEventLoop CCrashGuard CLazyLibraries; do
    local c
    for c in Sources/$target/*.c; do
      # FreeType's and HarfBuzz's headers live in folders of their own (Package.swift says the same for CLazyLibraries).
      clang -c -O1 -g "${c_flags[@]}" -ISources/$target/include -ISources/$target -I/usr/include/freetype2 -I/usr/include/harfbuzz "$c" \
        -o "$dir/obj/$target-$(basename "$c" .c).o"
    done
    {
      echo "module $target {"
      for h in Sources/$target/include/*.h; do echo "  header \"$ROOT/$h\""; done
      echo "  export *"
      echo "}"
    } >"$dir/maps/$target/module.modulemap"
  done

  local common=(-swift-version 6 -O -g -parse-as-library -package-name ledmarquee -enable-testing
    "${swift_flags[@]}" -I "$dir/mods" -I "$ROOT/Sources/CFriBidi" -I "$ROOT/Sources/CTerminfo" -I "$ROOT/Sources/CSystemd" -I "$ROOT/Sources/CMosquitto"
    -Xcc "-fmodule-map-file=$dir/maps/CEventLoop/module.modulemap"
    -Xcc "-fmodule-map-file=$dir/maps/CCrashGuard/module.modulemap"
    -Xcc "-fmodule-map-file=$dir/maps/CLazyLibraries/module.modulemap")
  # A whole-module build is one process; -num-threads lets its LLVM half
  # use every core, and modules that do not depend on each other are built
  # side by side (the waves below follow Package.swift).
  local threads
  threads=$(nproc)
  # (Threaded, it writes an object per source file, into the current folder.)
  module() {
    local name=$1; shift
    mkdir -p "$dir/obj/$name"
    (cd "$dir/obj/$name" && swiftc "${common[@]}" -wmo -num-threads "$threads" -module-name "$name" -emit-module \
      -emit-module-path "$dir/mods/$name.swiftmodule" -c "$@")
  }
  # Runs its commands (one per argument, each a function call) side by
  # side and fails if any failed.
  together() {
    local pids=() pid failed=0 command
    for command in "$@"; do
      eval "$command" &
      pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    return $failed
  }
  module LEDFontText $(swift_sources Sources/LEDFontText)
  together 'module MarqueeCore $(swift_sources Sources/MarqueeCore) "$dir/gen/EmbeddedResources.swift"' \
    'module EventLoop $(swift_sources Sources/EventLoop)'
  together 'module PowerProbe $(swift_sources Sources/PowerProbe)' 'module PlayerRuntime $(swift_sources Sources/PlayerRuntime)' \
    'module MarqueeTerminal $(swift_sources Sources/MarqueeTerminal)'
  module MarqueeApp $(swift_sources Sources/MarqueeApp)

  # The targets, as many at a time as there are cores.
  target() {
    local name=$1 folder=$2
    swiftc "${common[@]}" -module-name "Fuzz_$name" $(swift_sources Tests/Fuzz/Common) $(swift_sources "Tests/Fuzz/$folder") \
      "$dir"/obj/*.o "$dir"/obj/*/*.o -use-ld=lld -lfribidi -ltinfo -ldispatch -o "$dir/bin/fuzz-$name"
  }
  local entry batch=()
  for entry in "${TARGETS[@]}"; do
    IFS=: read -r name folder _ _ <<<"$entry"
    batch+=("target $name $folder")
    if [ ${#batch[@]} -ge "$threads" ]; then
      together "${batch[@]}"
      batch=()
    fi
  done
  [ ${#batch[@]} -eq 0 ] || together "${batch[@]}"
  touch "$stamp"
  echo "fuzz: built ${#TARGETS[@]} targets in $((SECONDS - started)) s"
}

# run SECONDS: each selected target replays its seed corpus (and what earlier
# runs found), then fuzzes for SECONDS. New inputs go to .build/fuzz/work/<name>,
# never into the repository.
run() {
  local seconds=$1 failed=() total_runs=0 count=0 entry threads
  threads=$(nproc)
  build fuzz
  mkdir -p "$OUT/crashes" "$OUT/logs"
  # One target: its status goes to its .status file beside its log.
  fuzz_one() {
    local name=$1 max_len=$2 dict=$3
    local work=$OUT/work/$name log=$OUT/logs/$name.log
    mkdir -p "$work"
    # -timeout: an input slower than this is a hang. The layout target
    # composes frames of up to 1000x300 cells under AddressSanitizer, a
    # second or two each on a busy 2-core machine: 5 s timed out there
    # with no hang (Debian 13 chroot beside other builds, load 12).
    local args=(-max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 -max_len="$max_len"
      -artifact_prefix="$OUT/crashes/$name-" -print_final_stats=1)
    [ "$dict" != - ] && args+=(-dict="Tests/Fuzz/dict/$dict.dict")
    local status=0
    "$OUT/fuzz/bin/fuzz-$name" "${args[@]}" "$work" "Tests/Fuzz/corpus/$name" >"$log" 2>&1 || status=$?
    echo "$status" >"$OUT/logs/$name.status"
  }
  # As many targets at a time as there are cores (each is one thread).
  local names=() pids=() pid
  for entry in "${TARGETS[@]}"; do
    selected "$entry" || continue
    IFS=: read -r name _ max_len dict <<<"$entry"
    names+=("$name")
    fuzz_one "$name" "$max_len" "$dict" &
    pids+=($!)
    if [ ${#pids[@]} -ge "$threads" ]; then
      for pid in "${pids[@]}"; do wait "$pid"; done
      pids=()
    fi
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  rm -rf "$TMPDIR"/ledmarquee-fuzz-sysfs.*  # a crashed run cannot clean up after itself
  for name in "${names[@]}"; do
    local log=$OUT/logs/$name.log work=$OUT/work/$name status runs
    status=$(cat "$OUT/logs/$name.status")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    count=$((count + 1))
    if [ "$status" -ne 0 ]; then
      failed+=("$name")
      echo "fuzz: $name FAILED (exit $status) after ${runs:-?} runs; log ${log#"$ROOT"/}" >&2
      grep -E 'invariant broken|ERROR: (AddressSanitizer|libFuzzer)|Fatal error|SUMMARY|Test unit written|Base64' "$log" | head -12 >&2 || true
      echo "fuzz: to keep it as a regression input: cp .build/fuzz/crashes/$name-<artefact> Tests/Fuzz/corpus/$name/ (Tests/Fuzz/README.md)" >&2
    else
      total_runs=$((total_runs + ${runs:-0}))
      stat() { sed -n "s/^stat::$1: *//p" "$log" | tail -1; }
      printf 'fuzz: %-9s %9s runs in %s s (%s/s), slowest %s s, peak RSS %s MB, corpus %s entries\n' \
        "$name" "${runs:-?}" "$seconds" "$(stat average_exec_per_sec)" "$(stat slowest_unit_time_sec)" \
        "$(stat peak_rss_mb)" "$(find "$work" "Tests/Fuzz/corpus/$name" -type f | wc -l)"
    fi
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz: ${#failed[@]} of $count targets failed: ${failed[*]}" >&2
    return 1
  fi
  echo "fuzz: $count targets, $total_runs runs, 0 failures"
}

# coverage: replay every corpus (seeds and what runs found) in the coverage
# build (with the toolchain's own llvm tools: a system llvm reads another
# profile format)
# build and report per source file of the product.
coverage() {
  build cov
  local profiles=() entry
  rm -rf "$OUT/cov/profiles"
  mkdir -p "$OUT/cov/profiles"
  for entry in "${TARGETS[@]}"; do
    selected "$entry" || continue
    IFS=: read -r name _ _ _ <<<"$entry"
    mkdir -p "$OUT/work/$name"
    LLVM_PROFILE_FILE="$OUT/cov/profiles/$name.profraw" \
      "$OUT/cov/bin/fuzz-$name" -runs=0 "$OUT/work/$name" "Tests/Fuzz/corpus/$name" >"$OUT/cov/profiles/$name.log" 2>&1
    rm -rf "$TMPDIR"/ledmarquee-fuzz-sysfs.*
    "$toolchain/bin/llvm-profdata" merge -sparse "$OUT/cov/profiles/$name.profraw" -o "$OUT/cov/profiles/$name.profdata"
    echo "== $name"
    "$toolchain/bin/llvm-cov" report "$OUT/cov/bin/fuzz-$name" -instr-profile="$OUT/cov/profiles/$name.profdata" \
      -ignore-filename-regex='(Tests/Fuzz|\.build)/' |
      # Per product file the target reached: lines, missed, line coverage
      # (llvm-cov names files below their common folder, Sources/).
      awk '$1 ~ /\.swift$/ && $9 < $8 { printf "  Sources/%-50s %5d lines %5d missed %8s\n", $1, $8, $9, $10 }'
  done
}

case ${1:-run} in
  build) build fuzz ;;
  run) run "${2:-60}" ;;
  smoke) run 5 ;;
  coverage) shift; coverage "$@" ;;
  *) echo "usage: scripts/fuzz.sh build | run [SECONDS] | smoke | coverage" >&2; exit 2 ;;
esac
