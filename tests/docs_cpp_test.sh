#!/bin/sh
# docs_cpp_test.sh SRC OUT — the C and C++ reference (docs/tools/cpp.sh):
# it builds into OUT with zero doxygen warnings, has the index and known
# pages with their text, leaves the internals out, and fails on a warning
# (an undocumented name in a copy of the headers). Skipped (77) without
# doxygen.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: tests/docs_cpp_test.sh SRC OUT" >&2
  exit 2
fi
command -v doxygen >/dev/null 2>&1 || { echo "SKIP: doxygen not found"; exit 77; }
SRC=$1
OUT=$2
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$OUT"
log=$(mktemp)
scratch=$(mktemp -d)
trap 'rm -rf "$log" "$scratch"' EXIT

# The reference builds, and cpp.sh reports no warning.
"$SRC/docs/tools/cpp.sh" "$OUT" >"$log" 2>&1 || { cat "$log" >&2; fail "cpp.sh exited non-zero"; }
if grep -q -i "warning\|error" "$log"; then cat "$log" >&2; fail "cpp.sh printed a warning"; fi

# contains PAGE TEXT: PAGE (under OUT) exists and holds TEXT.
contains() {
  [ -f "$OUT/$1" ] || fail "no page $1"
  grep -q -F -- "$2" "$OUT/$1" || fail "$1 lacks \"$2\""
}
contains index.html "sternhalma"
# The C ABI: the file page, a function with its comment and statuses.
contains sternhalma_8h.html "sh_game_apply"
contains sternhalma_8h.html "Plays a move of the seat to move"
contains sternhalma_8h.html "SH_ERR_MOVE"
contains structsh__event.html "end_reason"
# The C++ API: the Game class with a member's comment, a free function.
contains classsternhalma_1_1Game.html "apply"
contains classsternhalma_1_1Game.html "Takes back the last action"
contains namespacesternhalma.html "goal_reached"
contains structsternhalma_1_1Rules.html "first_seat"
# A member named as an internal namespace (layout) is not dropped with it.
contains structsternhalma_1_1EnvOptions.html "the observations' layout"
[ -s "$OUT/sternhalma.tag" ] || fail "no tag file"

# The internals stay out: their directory, and their namespaces wherever
# they are declared.
for page in namespacesternhalma_1_1internal.html namespacesternhalma_1_1detail.html \
            namespacesternhalma_1_1layout.html; do
  [ ! -e "$OUT/$page" ] || fail "internal page $page was generated"
done
if grep -l -E "after_moves\.h|position_counts\.h|CellTables|GeoTables" "$OUT"/*.html >"$log"; then
  cat "$log" >&2
  fail "an internal header or name is in the reference"
fi

# A warning fails the build: a copy of the sources with one public name's
# comment removed.
mkdir -p "$scratch/src/docs" "$scratch/src/capi" "$scratch/src/include"
cp "$SRC/meson.build" "$scratch/src/"
cp -R "$SRC/docs/tools" "$scratch/src/docs/"
cp -R "$SRC/include/sternhalma" "$scratch/src/include/"
grep -v -F "/** Frees a rules handle" "$SRC/capi/sternhalma.h" >"$scratch/src/capi/sternhalma.h"
if "$scratch/src/docs/tools/cpp.sh" "$scratch/out" >"$log" 2>&1; then
  fail "cpp.sh passed with an undocumented sh_rules_free"
fi
grep -q "sh_rules_free" "$log" || { cat "$log" >&2; fail "the warning does not name sh_rules_free"; }

echo "docs-cpp: ok ($(ls "$OUT"/*.html | wc -l) pages)"
