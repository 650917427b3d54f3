#!/usr/bin/env bash
# docs.sh — the documentation site into build/docs/ (scripts/dev.sh docs
# installs the tools and builds the library first; open build/docs/index.html).
#   the site        Sphinx + MyST from docs/ (the guides, the rule book, the
#                   Python reference by autodoc against build/capi's library)
#   build/docs/c    the C ABI and C++ API reference (docs/tools/cpp.sh, Doxygen)
#   build/docs/rust the crates' reference (docs/tools/rust.sh, rustdoc)
#   build/docs/js   the npm package's reference (docs/tools/js.sh, TypeDoc)
# then checks every link of the built HTML offline (docs/tools/linkcheck.py;
# external links are listed in build/docs-external.txt, not fetched).
# Any warning of any part is an error: it is printed and the exit status is 1.
# On success the one line printed is the summary.
#
# STERNHALMA_DOCS_PARTS=site,c,rust,js (the default: every part) builds only
# the parts named; links into a part left out are then not checked.
set -euo pipefail
cd "$(dirname "$0")/.."

out=build/docs
lib=build/capi/libsternhalma.so
all=(site c rust js)
IFS=, read -r -a parts <<< "${STERNHALMA_DOCS_PARTS:-site,c,rust,js}"
for p in "${parts[@]}"; do
  case " ${all[*]} " in *" $p "*) ;; *)
    echo "docs.sh: STERNHALMA_DOCS_PARTS: unknown part '$p' (parts: ${all[*]})" >&2; exit 2 ;;
  esac
done
want() { case " ${parts[*]} " in *" $1 "*) return 0 ;; esac; return 1; }

declare -A script=([c]=docs/tools/cpp.sh [rust]=docs/tools/rust.sh [js]=docs/tools/js.sh)
for p in c rust js; do
  if want "$p" && [ ! -x "${script[$p]}" ]; then
    echo "docs.sh: ${script[$p]} is missing or not executable (it builds $out/$p)" >&2
    exit 1
  fi
done
if want site && [ ! -f "$lib" ]; then
  echo "docs.sh: $lib is missing: the Python reference loads the built library (scripts/dev.sh build)" >&2
  exit 1
fi

rm -rf "$out" build/docs-doctrees build/docs-logs
mkdir -p "$out" build/docs-logs

# Runs one part with its output kept in build/docs-logs/PART.log; a part that
# fails or warns prints its log.
part() {
  local name=$1; shift
  if ! "$@" > "build/docs-logs/$name.log" 2>&1; then
    cat "build/docs-logs/$name.log" >&2
    echo "docs.sh: the $name part failed (log: build/docs-logs/$name.log)" >&2
    return 1
  fi
}

status=0
if want site; then
  # -E -a: every page read and written, so every warning is seen on every
  # run; -W --keep-going: warnings are errors, all of them reported; -n: every
  # reference must resolve. The doctrees stay out of the site.
  part site env STERNHALMA_LIB="$PWD/$lib" PYTHONPATH="$PWD/capi/python" \
    /usr/bin/python3 -m sphinx -b html -E -a -q -W --keep-going -n \
    -d build/docs-doctrees docs "$out" || status=1
  rm -rf build/docs-doctrees "$out/.buildinfo"
fi
for p in c rust js; do
  if want "$p"; then part "$p" "${script[$p]}" "$out/$p" || status=1; fi
done
[ "$status" -eq 0 ] || exit 1

absent=()
for p in "${all[@]}"; do
  if [ "$p" != site ] && ! want "$p"; then absent+=(--absent "$p"); fi
done
if ! summary=$(python3 docs/tools/linkcheck.py "$out" "${absent[@]}" \
               --external build/docs-external.txt); then
  exit 1
fi
echo "docs: $out/index.html (${parts[*]}): $summary"
