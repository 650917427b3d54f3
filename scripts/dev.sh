#!/usr/bin/env bash
# dev.sh — one entry point for a fresh Debian 12 machine.
#   scripts/dev.sh demo   install what is missing, build, play a demo game
#   scripts/dev.sh test   install what is missing, build, run every test
#   scripts/dev.sh build  install what is missing and build
set -euo pipefail
cd "$(dirname "$0")/.."

need=(meson ninja-build pkg-config g++ libabsl-dev doctest-dev libbenchmark-dev
      python3 clang libclang-rt-14-dev)
install_missing() {
  local missing=()
  for p in "${need[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if ((${#missing[@]})); then
    echo "installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

build() {
  [ -f build/build.ninja ] || meson setup build
  ninja -C build
}

case "${1:-}" in
  demo) install_missing; build; ./build/cli/sternhalma play ;;
  test) install_missing; build; meson test -C build --print-errorlogs ;;
  build) install_missing; build ;;
  *) echo "usage: scripts/dev.sh demo|test|build" >&2; exit 2 ;;
esac
