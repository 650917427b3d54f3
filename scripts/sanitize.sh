#!/usr/bin/env bash
# sanitize.sh — the whole test suite under AddressSanitizer +
# UndefinedBehaviorSanitizer, the parallel-games test and expert's
# several-thread search under ThreadSanitizer (games share the presets'
# static tables across threads; a search's threads share its root and table),
# and the unit tests on the portable code paths (no BMI2: the generator's
# fallbacks must count the same). Own build dirs: build-asan, build-tsan, build-base.
#   scripts/sanitize.sh          all three
#   scripts/sanitize.sh asan     ASan + UBSan only
#   scripts/sanitize.sh tsan     TSan only
#   scripts/sanitize.sh baseline the unit tests built for baseline x86-64
#     (-Dcpu=baseline: no BMI2, AVX or POPCNT, so move generation takes its
#     fallback paths) with assertions on; they cross-check the generator
#     against the reference generator on every preset and random boards
# Any sanitizer report fails the run (halt_on_error / exitcode).
#
# FFI tests: the Python tests (capi-python, and rl-python / rl-examples
# under Debian's python3) load the ASan-built libsternhalma.so into an
# uninstrumented python3, so it runs with the sanitizer runtimes preloaded
# and leak checking off (the interpreter's own allocations at exit are not
# ours; C/C++ tests keep leak checking). The Rust test (cargo builds and runs
# its own binaries) is skipped under sanitizers; it runs in the normal suite.
set -euo pipefail
cd "$(dirname "$0")/.."

what=${1:-all}
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
unset LD_PRELOAD || true
# Every test whose program is python3 (or cargo) loading the library.
py_tests=(capi-python rl-python rl-examples names-python-rl example-python game-reference
          match engine cluster)  # runtimes preloaded
ffi_tests=("${py_tests[@]}" capi-rust)

asan() {
  # The benchmarks have no tests: -Dbench=false keeps them out of these builds.
  [ -f build-asan/build.ninja ] ||
    meson setup build-asan -Db_sanitize=address,undefined -Db_lundef=false \
      -Dbuildtype=debugoptimized -Dbench=false
  ninja -C build-asan
  local all pre t ffi=() others=()
  all=$(meson test -C build-asan --no-rebuild --list 2>/dev/null | sed 's/^.* \/ //')
  for t in $all; do
    if printf '%s\n' "${ffi_tests[@]}" | grep -qxF "$t"; then
      printf '%s\n' "${py_tests[@]}" | grep -qxF "$t" && ffi+=("$t")
    else
      others+=("$t")
    fi
  done
  # Two runs at once, each with its own log (--logbase): the C and C++
  # tests, and the FFI tests with the runtimes preloaded. Either failing
  # fails the stage; both finish first, so each prints its failures.
  pre="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
  meson test -C build-asan --no-rebuild --print-errorlogs --timeout-multiplier 3 \
    --logbase asan-native "${others[@]}" &
  local native=$!
  local status=0
  LD_PRELOAD="$pre" ASAN_OPTIONS=detect_leaks=0 \
    meson test -C build-asan --no-rebuild --print-errorlogs --timeout-multiplier 3 \
      --logbase asan-ffi "${ffi[@]}" || status=1
  wait "$native" || status=1
  echo "sanitize: skipped under ASan: capi-rust, engine's guide match (both run in the normal suite)"
  return $status
}

tsan() {
  [ -f build-tsan/build.ninja ] ||
    meson setup build-tsan -Db_sanitize=thread -Db_lundef=false -Dbuildtype=debugoptimized \
      -Dbench=false
  ninja -C build-tsan tests/parallel_test
  meson test -C build-tsan --print-errorlogs --no-rebuild parallel
}

baseline() {
  [ -f build-base/build.ninja ] ||
    meson setup build-base -Dcpu=baseline -Db_ndebug=false -Dbench=false
  ninja -C build-base tests/unit_tests
  meson test -C build-base --print-errorlogs --no-rebuild unit unit-players
}

case "$what" in
  asan) asan ;;
  tsan) tsan ;;
  baseline) baseline ;;
  all) asan; tsan; baseline ;;
  *) echo "usage: scripts/sanitize.sh [asan|tsan|baseline|all]" >&2; exit 2 ;;
esac
echo "sanitize: clean"
