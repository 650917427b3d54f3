#!/usr/bin/env bash
# dev.sh — one entry point for a fresh Debian 12 machine.
#   scripts/dev.sh demo   install what is missing, build, play a demo game
#   scripts/dev.sh test   install what is missing, build, run every test
#   scripts/dev.sh build  install what is missing and build
#   scripts/dev.sh wasm      build capi/js/sternhalma.wasm (scripts/wasm.sh)
#   scripts/dev.sh js-test   the JS package's tests (npm test in capi/js)
#   scripts/dev.sh web       serve examples/web on 127.0.0.1 and print the URL
#   scripts/dev.sh web-setup emscripten, chromium, the wasm module, puppeteer-core
#                            (`test` then runs the js test too)
#   scripts/dev.sh web-test  the browser test (headless chromium)
set -euo pipefail
cd "$(dirname "$0")/.."

need=(meson ninja-build pkg-config g++ libabsl-dev doctest-dev libbenchmark-dev
      python3 python3-numpy python3-venv clang libclang-rt-14-dev)
# The web verbs also need emscripten, chromium and Node with npm (a node
# that is already there, e.g. a newer one, is kept).
web_need=(emscripten chromium dpkg-dev)
command -v node >/dev/null || web_need+=(nodejs)
command -v npm >/dev/null || web_need+=(npm)
install_missing() {
  local missing=()
  for p in "${need[@]}" "$@"; do
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

# "tests: N passed, N failed, N skipped" from meson's log of the last run.
summary() {
  python3 - "$1" <<'PY'
import json, sys
n = {"OK": 0, "FAIL": 0, "SKIP": 0}
for line in open(sys.argv[1]):
    r = json.loads(line)["result"]
    n["OK" if r in ("OK", "EXPECTEDFAIL") else "SKIP" if r == "SKIP" else "FAIL"] += 1
print(f"tests: {n['OK']} passed, {n['FAIL']} failed, {n['SKIP']} skipped")
PY
}

case "${1:-}" in
  demo) install_missing; build; ./build/cli/sternhalma play ;;
  test)
    install_missing; build
    status=0
    meson test -C build --print-errorlogs || status=$?
    summary build/meson-logs/testlog.json
    exit $status ;;
  build) install_missing; build ;;
  wasm) install_missing "${web_need[@]}"; scripts/wasm.sh ;;
  js-test)
    install_missing "${web_need[@]}"; build; scripts/wasm.sh
    (cd capi/js && STERNHALMA_CLI="$PWD/../../build/cli/sternhalma" npm test) ;;
  web)
    install_missing "${web_need[@]}"; scripts/wasm.sh
    exec node examples/web/serve.js "${2:-8080}" ;;
  web-setup)
    install_missing "${web_need[@]}"; scripts/wasm.sh
    (cd examples/web && npm ci --no-audit --no-fund) ;;
  web-test)
    "$0" web-setup; build
    (cd examples/web && STERNHALMA_CLI="$PWD/../../build/cli/sternhalma" npm test) ;;
  summary) summary build/meson-logs/testlog.json ;;
  *) echo "usage: scripts/dev.sh demo|test|build|summary|wasm|js-test|web [PORT]|web-setup|web-test" >&2; exit 2 ;;
esac
