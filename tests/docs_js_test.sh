#!/usr/bin/env bash
# docs-js: the JavaScript/TypeScript reference (docs/tools/js.sh, TypeDoc on
# capi/js/index.d.ts) builds with no warning and has its known pages; and a
# copy of the tree whose index.d.ts leaves a name undocumented and links to
# a name that does not exist fails to build, naming both.
#   tests/docs_js_test.sh SOURCE_ROOT WORK_DIR
# SKIP (77) without node and npm, or when npm can reach neither the registry
# nor a cache holding the pinned tools; under CI (CI set) those fail instead.
set -uo pipefail

src=$1
work=$2

fail() { echo "FAIL: $*"; exit 1; }
skip() {
  if [[ -n ${CI:-} ]]; then fail "$* (CI must run this test)"; fi
  echo "SKIP: $*"
  exit 77
}
for tool in node npm; do
  command -v "$tool" >/dev/null || skip "$tool is not installed"
done

rm -rf -- "$work"
mkdir -p -- "$work"
site=$work/site
log=$work/build.log

# --- the reference builds, with no warning --------------------------------
NO_COLOR=1 "$src/docs/tools/js.sh" "$site" >"$log" 2>&1
rc=$?
if [[ $rc -eq 3 ]] && grep -Eq 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|ENOTCACHED|network' "$log"; then
  cat "$log"
  skip "npm cannot reach the registry, and its cache lacks docs/tools/js's pinned packages"
fi
if [[ $rc -ne 0 ]]; then
  cat "$log"
  fail "docs/tools/js.sh exited with $rc"
fi
if grep -E '\[(warning|error)\]' "$log"; then fail "TypeDoc warned (above) and still exited 0"; fi
grep -q 'html generated' "$log" || { cat "$log"; fail "TypeDoc did not say it generated the site"; }

# One page per kind of name, and what some of them must say: the
# package's conventions on the index, a method inherited from the
# unexported Handle documented on each handle, a rule book citation.
for page in index.html modules.html hierarchy.html \
    classes/Game.html classes/Position.html classes/Rules.html classes/VecEnv.html \
    classes/MatchStats.html classes/RangeError.html \
    functions/init.html functions/parseCell.html \
    interfaces/EnvOptions.html interfaces/GameEvent.html \
    types/MoveLike.html variables/NUM_CELLS.html variables/EndReason.html; do
  [[ -s $site/$page ]] || fail "the reference has no $page"
done
expect() {  # FILE TEXT: the page says TEXT
  grep -qF -- "$2" "$site/$1" || fail "$1 does not say '$2'"
}
expect classes/Game.html 'Frees the wasm memory now'
expect classes/VecEnv.html 'Frees the wasm memory now'
expect classes/Game.html 'rule book §4'
expect functions/init.html 'Only the first call chooses the module'
expect modules.html 'Conventions that hold for every call below'
expect classes/Position.html 'href="Game.html"'  # its {@link Game}
echo "ok: the reference built with no warning ($(find "$site" -name '*.html' | wc -l) pages)"

# --- a warning fails the build --------------------------------------------
# A copy of the tree with js.sh, the toolchain's files (its node_modules
# linked, so nothing is installed) and an index.d.ts changed twice.
broken=$work/broken
mkdir -p "$broken/docs/tools/js" "$broken/capi/js"
cp "$src/docs/tools/js.sh" "$broken/docs/tools/"
for f in package.json package-lock.json typedoc.json tsconfig.json; do
  cp "$src/docs/tools/js/$f" "$broken/docs/tools/js/"
done
ln -s "$src/docs/tools/js/node_modules" "$broken/docs/tools/js/node_modules"
cp "$src/capi/js/README.md" "$src/capi/js/package.json" "$broken/capi/js/"
# NUM_CELLS loses its comment (the one line above it); version's points to
# a name that does not exist.
awk '
  /^\/\*\*.*\*\/$/ { held = $0; next }
  held != "" { if ($0 !~ /^export const NUM_CELLS:/) print held; held = "" }
  /^export function version\(\)/ { print "/** See {@link NoSuchName}. */" }
  { print }
' "$src/capi/js/index.d.ts" >"$broken/capi/js/index.d.ts"
grep -q 'NoSuchName' "$broken/capi/js/index.d.ts" || fail "the broken copy has no link to NoSuchName"
if grep -B1 '^export const NUM_CELLS:' "$broken/capi/js/index.d.ts" | grep -q '\*/'; then
  fail "the broken copy still documents NUM_CELLS"
fi

NO_COLOR=1 "$broken/docs/tools/js.sh" "$work/broken-site" >"$work/broken.log" 2>&1
rc=$?
[[ $rc -ne 0 ]] || { cat "$work/broken.log"; fail "the build with an undocumented name and a broken link exited 0"; }
grep -q 'NUM_CELLS.*does not have any documentation' "$work/broken.log" ||
  { cat "$work/broken.log"; fail "the failed build did not name the undocumented NUM_CELLS"; }
grep -q 'NoSuchName' "$work/broken.log" ||
  { cat "$work/broken.log"; fail "the failed build did not name the broken link"; }
grep -q 'Found 0 errors and 2 warnings' "$work/broken.log" ||
  { cat "$work/broken.log"; fail "the failed build warned of more than the two changes"; }
echo "ok: an undocumented name and a broken link fail the build (exit $rc)"
