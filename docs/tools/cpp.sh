#!/bin/sh
# cpp.sh OUT — the C ABI (capi/sternhalma.h) and C++ API (include/sternhalma/)
# reference, built by doxygen into OUT (OUT/index.html). Exits non-zero on any
# doxygen warning (an undocumented public name, a broken reference), printing
# the warnings; OUT/warnings.txt is not kept.
set -eu

if [ $# -ne 1 ]; then
  echo "usage: docs/tools/cpp.sh OUT" >&2
  exit 2
fi
command -v doxygen >/dev/null 2>&1 || {
  echo "cpp.sh: doxygen not found (Debian: apt-get install doxygen)" >&2
  exit 2
}

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$1"
OUT=$(cd "$1" && pwd)
# The project version has one source, the top meson.build.
SH_VERSION=$(sed -n "s/^ *version : '\([^']*\)'.*/\1/p" "$ROOT/meson.build" | head -n 1)
WARN_LOG=$(mktemp)
trap 'rm -f "$WARN_LOG"' EXIT
export ROOT OUT SH_VERSION WARN_LOG

status=0
doxygen "$ROOT/docs/tools/Doxyfile" || status=$?
if [ -s "$WARN_LOG" ]; then
  cat "$WARN_LOG" >&2
  echo "cpp.sh: $(wc -l < "$WARN_LOG") doxygen warning(s)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "cpp.sh: doxygen failed (exit $status)" >&2
  exit 1
fi
# A class whose only nested classes are private (hidden: EXTRACT_PRIVATE=NO)
# still gets doxygen 1.9's "Classes" link in its summary bar, to a section it
# does not write; that link goes, so every link of the reference resolves.
for page in $(grep -l 'href="#nested-classes"' "$OUT"/*.html); do
  grep -q 'name="nested-classes"\|id="nested-classes"' "$page" ||
    sed -i 's|<a href="#nested-classes">Classes</a> &#124;||' "$page"
done
echo "cpp.sh: reference written to $OUT/index.html"
