#!/usr/bin/env bash
# fuzz.sh — build the libFuzzer targets (build-fuzz, clang, ASan + UBSan) and
# run each for a bounded time; fails on the first crash, leak, UB report,
# timeout or broken invariant. The artifact (the input that failed) is left
# in build-fuzz/fuzz-out/<target>/ and its path printed.
#   scripts/fuzz.sh [seconds-per-target] [target...]     (default 60, all)
# Targets start from their seed corpus (fuzz/corpus/<target>, never written
# to) plus what earlier runs in this build dir found. Runs are niced and use
# one worker. See tests/README.md for long runs.
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-60}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(position_fuzz move_fuzz record_fuzz capi_fuzz env_fuzz)

if ! [ -f build-fuzz/build.ninja ]; then
  CC=clang CXX=clang++ meson setup build-fuzz -Dfuzz=true -Db_lundef=false
fi
ninja -C build-fuzz "${targets[@]/#/fuzz/}"

# Every seed and committed regression input once (fuzz/corpus/*/regress-*).
meson test -C build-fuzz --suite fuzz --print-errorlogs

status=0
for t in "${targets[@]}"; do
  out=build-fuzz/fuzz-out/$t
  mkdir -p "$out/corpus" "$out/artifacts"
  opts=(-max_total_time="$secs" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$out/artifacts/")
  # Records replay whole games: short inputs keep the executions per second up.
  [ "$t" = record_fuzz ] && opts+=(-max_len=512)
  echo "== $t: ${secs}s"
  if nice -n 19 "build-fuzz/fuzz/$t" "${opts[@]}" "$out/corpus" "fuzz/corpus/$t" \
       >"$out/log.txt" 2>&1; then
    echo "$t: $(grep -m1 '^stat::number_of_executed_units' "$out/log.txt" | awk '{print $2}') executions, no crash"
  else
    status=1
    echo "$t: FAILED (log: $out/log.txt)"
    grep -E 'ERROR|runtime error|check failed|Test unit written' "$out/log.txt" | head -20 || true
    tail -n 40 "$out/log.txt"
  fi
done
exit $status
