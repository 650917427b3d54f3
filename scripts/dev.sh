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
#   scripts/dev.sh bundler-test  Vite, esbuild and webpack apps built from the
#                            npm tarball, loaded in headless chromium (tests/bundlers)
#   scripts/dev.sh release   the release artifacts into dist/ (scripts/release.sh)
#   scripts/dev.sh release-test  make them and install each into a fresh project
#                            (tests/release_test.sh)
#   scripts/dev.sh docs      the documentation site into build/docs/ (scripts/docs.sh):
#                            open build/docs/index.html
set -euo pipefail
cd "$(dirname "$0")/.."

need=(meson ninja-build pkg-config g++ libabsl-dev doctest-dev libbenchmark-dev
      python3 python3-numpy python3-distributed python3-venv clang libclang-rt-14-dev cmake)
# The web verbs also need emscripten, chromium and Node with npm (a node
# that is already there, e.g. a newer one, is kept).
web_need=(emscripten chromium dpkg-dev)
command -v node >/dev/null || web_need+=(nodejs)
command -v npm >/dev/null || web_need+=(npm)
# The docs verb: Doxygen, Sphinx with MyST, and Node with npm for TypeDoc;
# `test` also takes the site's screenshot in chromium.
docs_need=(doxygen python3-sphinx python3-myst-parser)
command -v node >/dev/null || docs_need+=(nodejs)
command -v npm >/dev/null || docs_need+=(npm)
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

# "tests: N passed, N failed, N skipped" from meson's log of the last run
# plus the stages `test` runs outside meson (build/stages.txt: "name OK|FAIL").
summary() {
  python3 - build/meson-logs/testlog.json build/stages.txt <<'PY'
import json, os, sys
n = {"OK": 0, "FAIL": 0, "SKIP": 0}
for line in open(sys.argv[1]):
    r = json.loads(line)["result"]
    n["OK" if r in ("OK", "EXPECTEDFAIL") else "SKIP" if r == "SKIP" else "FAIL"] += 1
if os.path.exists(sys.argv[2]):
    for line in open(sys.argv[2]):
        n["OK" if line.split()[-1] == "OK" else "FAIL"] += 1
print(f"tests: {n['OK']} passed, {n['FAIL']} failed, {n['SKIP']} skipped")
PY
}

# A test stage outside meson: runs "$@", records its result for summary.
stage() {
  local name=$1; shift
  if "$@"; then echo "$name OK" >> build/stages.txt; return 0; fi
  echo "$name FAIL" >> build/stages.txt; echo "stage $name FAILED" >&2; return 1
}

case "${1:-}" in
  demo) install_missing; build; ./build/cli/sternhalma play ;;
  test)
    # Every test: the wasm module first (so the suite's js test runs the JS
    # package against the native CLI), the meson suite, then the
    # getting-started pages (docs/guides/start*.md) from a fresh clone, the
    # browser table and the documentation site.
    install_missing "${web_need[@]}" "${docs_need[@]}"; build; scripts/wasm.sh
    rm -f build/stages.txt
    status=0
    meson test -C build --print-errorlogs || status=$?
    stage install tests/install_test.sh || status=1
    # README.md's demo command, as written; its last lines are the places.
    stage demo bash -c '"$1" demo > build/demo.txt && grep -q "^place 1 " build/demo.txt' _ "$0" || status=1
    stage web "$0" web-test || status=1
    stage bundler "$0" bundler-test || status=1
    stage release "$0" release-test || status=1
    stage docs tests/docs_site_test.sh || status=1
    summary
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
  bundler-test)
    "$0" web-setup; build
    STERNHALMA_CLI="$PWD/build/cli/sternhalma" node --test tests/bundlers/ ;;
  release)
    install_missing "${web_need[@]}"; scripts/release.sh ;;
  release-test)
    install_missing "${web_need[@]}"; tests/release_test.sh ;;
  docs)
    # One line on success (scripts/docs.sh's summary): the build's progress
    # is printed only when it fails.
    install_missing "${docs_need[@]}"
    log=$(build 2>&1) || { printf '%s\n' "$log" >&2; exit 1; }
    scripts/docs.sh ;;
  summary) summary ;;
  *) echo "usage: scripts/dev.sh demo|test|build|summary|wasm|js-test|web [PORT]|web-setup|web-test|bundler-test|release|release-test|docs" >&2; exit 2 ;;
esac
