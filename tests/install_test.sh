#!/usr/bin/env bash
# install_test.sh — does what the getting-started pages (docs/guides/start.md:
# docs/guides/start-c-cpp.md, start-cmake.md, start-meson.md,
# start-python.md, start-rust.md) say, exactly as written: clones
# this repository into a temporary folder and runs each page's blocks there
# (```sh blocks run, ```<lang> file=NAME blocks are written to NAME), each
# page in a fresh bash at the clone's root, with HOME a temporary folder and
# no STERNHALMA_*, PKG_CONFIG_PATH, LD_LIBRARY_PATH or PYTHONPATH. Then it
# runs README.md's "Install, and a first program" parts in the folders those
# pages made (C and C++ in ~/hello-c with the page's PKG_CONFIG_PATH, Python
# in ~/hello-py, Rust in ~/hello-rust), and checks what the programs printed
# (C, C++, the CMake and Meson consumers, Python with and without numpy,
# Rust, the README's perft programs), builds a wheel from the Python sdist,
# and checks the Rust build script's relative STERNHALMA_LIB_DIR and its
# message when it can neither find nor build the library.
#
# It compiles the library six times (prefix install, Meson subproject, two
# wheels, sdist wheel, Rust static build; the wheels mostly from ccache):
# several minutes of CPU. The Rust parts are skipped (and said so) when
# cargo is not installed.
#
#   tests/install_test.sh [WORD...]   only the parts whose name has a WORD
#                                     (python, rust, readme, ...; the CMake,
#                                     Meson and README parts need the C and
#                                     C++ page's install)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sternhalma-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
clone="$tmp/sternhalma"
git clone --quiet "$repo" "$clone"
home="$tmp/home"
mkdir -p "$home" "$tmp/parts"

# Tools installed per user stay reachable with HOME moved.
for v in RUSTUP_HOME:.rustup CARGO_HOME:.cargo PYENV_ROOT:.pyenv; do
  name=${v%%:*} dir="$HOME/${v#*:}"
  if [ -z "${!name:-}" ] && [ -d "$dir" ]; then export "$name=$dir"; fi
done
have_cargo=yes
if ! command -v cargo >/dev/null; then
  if [ -x "$HOME/.cargo/bin/cargo" ]; then PATH="$HOME/.cargo/bin:$PATH"; else have_cargo=no; fi
fi

# The getting-started pages in order (the CMake, Meson and README parts use
# the C and C++ page's install), one script per page; then README.md's
# parts, each to run in the folder its page made.
python3 - "$clone" "$tmp/parts" <<'PY'
import re, sys
clone, out = sys.argv[1], sys.argv[2]
PAGES = ["docs/guides/start-c-cpp.md", "docs/guides/start-cmake.md", "docs/guides/start-meson.md",
         "docs/guides/start-python.md", "docs/guides/start-rust.md"]


def script_of(body):
    script = []
    for info, code in re.findall(r"^```([^\n]*)\n(.*?)^```$", body, flags=re.M | re.S):
        words = info.split()
        name = next((w[5:] for w in words if w.startswith("file=")), None)
        if name:
            script.append(f"mkdir -p \"$(dirname '{name}')\"\ncat > '{name}' <<'README_EOF'\n{code}README_EOF\n")
        elif words[:1] == ["sh"]:
            script.append(code)
    return script


def slug(title):
    return re.sub(r"[^a-z]+", "-", title.lower()).strip("-")


n = 0
for page in PAGES:
    text = open(f"{clone}/{page}").read()
    title = re.match(r"# (.+)\n", text).group(1)
    script = script_of(text)
    assert script, f"{page}: no blocks to run"
    n += 1
    open(f"{out}/{n}-{slug(title)}.sh", "w").write("set -euxo pipefail\n" + "\n".join(script))

readme = open(f"{clone}/README.md").read()
section = readme.split("\n## Install, and a first program\n", 1)[1].split("\n## ", 1)[0]
parts = re.split(r"^### (.+)$", section, flags=re.M)
where = {"c-and-c": 'cd "$HOME/hello-c"\nexport PKG_CONFIG_PATH="$HOME/.local/lib/$(gcc -print-multiarch)/pkgconfig"\n',
         "python": 'cd "$HOME/hello-py"\n', "rust": 'cd "$HOME/hello-rust"\n'}
for title, body in zip(parts[1::2], parts[2::2]):
    script = script_of(body)
    if not script:
        continue  # JavaScript: its block is run by capi/js/test/readme.test.js
    n += 1
    open(f"{out}/{n}-readme-{slug(title)}.sh", "w").write(
        "set -euxo pipefail\n" + next(cd for key, cd in where.items() if key in slug(title)) + "\n".join(script))
PY

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAILED: $*"; failed=$((failed + 1)); }
expect() {  # expect <file> <what> <regex>
  if grep -Eq "$3" "$1"; then ok "$2"; else bad "$2: no /$3/ in"; cat "$1"; fi
}

run_part() {  # run_part <script> <log>
  (cd "$clone" && env -u STERNHALMA_LIB -u STERNHALMA_LIB_DIR -u PKG_CONFIG_PATH \
      -u LD_LIBRARY_PATH -u PYTHONPATH HOME="$home" bash "$1") >"$2" 2>&1
}

for part in "$tmp"/parts/*.sh; do
  name=$(basename "$part" .sh)
  if (($#)); then
    wanted=no
    for word in "$@"; do [[ $name == *"$word"* ]] && wanted=yes; done
    [ "$wanted" = yes ] || continue
  fi
  log="$tmp/$name.log"
  if [[ $name == *rust* && $have_cargo == no ]]; then
    echo "skipped: $name (cargo is not installed: apt-get install cargo)"
    continue
  fi
  start=$SECONDS
  if run_part "$part" "$log"; then
    ok "part $name ran ($((SECONDS - start)) s)"
  else
    bad "part $name"
    tail -n 60 "$log"
    continue
  fi
  case $name in
    *readme-c-and-c*)
      [ "$(grep -cx 110224 "$log")" -eq 2 ] && ok "README: the C and C++ perft programs" ||
        bad "README: 110224 twice expected (C, C++)" ;;
    *readme-python*) expect "$log" "README: the Python perft program" '^110224$' ;;
    *readme-rust*) expect "$log" "README: the Rust perft program" '^110224$' ;;
    *c-and-c*)
      expect "$log" "C program" '^sternhalma [0-9.]+: 14 legal moves at the start$'
      expect "$log" "C program plays to the end" '^over after [0-9]+ turns: [a-z-]+$'
      expect "$log" "C++ program" '^over after [0-9]+ turns: [a-z-]+, places W [12] K [12]$'
      [ "$(grep -c '^over after' "$log")" -eq 3 ] && ok "rpath and LD_LIBRARY_PATH runs" ||
        bad "three finished games expected"
      [ -f "$home/.local/lib/$(gcc -print-multiarch)/pkgconfig/sternhalma-cpp.pc" ] &&
        ok "pkg-config files in the multiarch libdir" || bad "no sternhalma-cpp.pc in the libdir"
      if ls "$clone/build-install" | grep -qx tests; then bad "tests built with -Dtests=false"
      else ok "-Dtests=false builds no tests"; fi ;;
    *cmake*)
      expect "$log" "find_package: the C program" '^sternhalma [0-9.]+: 14 legal moves at the start$'
      expect "$log" "find_package: the C++ program" '^over after [0-9]+ turns: [a-z-]+, places W [12] K [12]$'
      [ "$(grep -c '^over after' "$log")" -eq 2 ] && ok "find_package: both programs finished" ||
        bad "find_package: two finished games expected"
      grep -q "^sternhalma_DIR:PATH=$home/.local/lib/$(gcc -print-multiarch)/cmake/sternhalma$" \
          "$home/hello-cmake/build/CMakeCache.txt" &&
        ok "find_package found the prefix install" || bad "find_package found another sternhalma" ;;
    *meson*)
      [ "$(grep -c '^sternhalma [0-9.]*: 14 legal moves at the start$' "$log")" -eq 2 ] &&
        ok "Meson: the C program, from the install and as a subproject" || bad "Meson: two C runs expected"
      [ "$(grep -cE '^over after [0-9]+ turns: [a-z-]+, places W [12] K [12]$' "$log")" -eq 2 ] &&
        ok "Meson: the C++ program, from the install and as a subproject" || bad "Meson: two C++ runs expected"
      expect "$log" "Meson: dependency() from the install" '^Run-time dependency sternhalma-cpp found: YES'
      expect "$log" "Meson: the subproject's overrides" '^Dependency sternhalma-cpp found: YES .*\(overridden\)$'
      [ -f "$home/hello-meson/subprojects/sternhalma/meson.build" ] &&
        ok "Meson: the wrap fetched the subproject" || bad "Meson: no subprojects/sternhalma" ;;
    *python*)
      expect "$log" "Python script from another folder" \
        '^over after [0-9]+ turns: [a-z-]+, places \[[12], 0, 0, [12], 0, 0\]$'
      whl=$(find "$home/venv" -path '*sternhalma/_native/libsternhalma.so' | head -1)
      [ -n "$whl" ] && ok "the wheel carries libsternhalma.so" || bad "no bundled library"
      expect "$log" "sternhalma.rl in the --system-site-packages venv" \
        '^4 games, observations \(4, 12, 121\), masks \(4, 14641\)$'
      # The plain venv has no numpy: the error names both routes.
      if (cd "$home" && env -u PYTHONPATH HOME="$home" "$home/venv/bin/python" -c 'import sternhalma.rl') \
          >"$tmp/rl-error.log" 2>&1; then bad "sternhalma.rl imported without numpy"
      else
        expect "$tmp/rl-error.log" "without numpy: the rl extra" "pip install 'sternhalma\[rl\]'"
        expect "$tmp/rl-error.log" "... and Debian's numpy" 'python3 -m venv --system-site-packages'
      fi ;;
    *rust*)
      expect "$log" "Rust program" '^over after [0-9]+ turns: [a-z-]+, places \[[12], 0, 0, [12], 0, 0\]$'
      if ldd "$home/hello-rust/target/debug/hello-rust" | grep -q sternhalma; then
        bad "the Rust program links libsternhalma dynamically (expected the static source build)"
      else ok "Rust without an install links the source build statically"; fi ;;
  esac
done

# The sdist carries the C++ sources: a wheel builds from it, outside the
# tree. (A separate bash: errexit does not work inside a ( ) tested by ||.)
export tmp clone home
if [ ! -f "$clone/build-install/capi/libsternhalma.so" ]; then
  echo "skipped: the wheel from the sdist (it needs the C and C++ part's build)"
elif bash -euo pipefail >"$tmp/sdist.log" 2>&1 <<'SDIST'
  cd "$tmp" && mkdir -p dist wheels
  python3 "$clone/capi/python/_build/backend.py" sdist dist
  env -u PYTHONPATH HOME="$home" python3 -m venv venv2
  venv2/bin/pip wheel --quiet --no-deps dist/sternhalma-*.tar.gz -w wheels
  ls wheels/sternhalma-*-py3-none-linux_*.whl
  venv2/bin/pip install --quiet wheels/*.whl
  cd "$home"
  env -u STERNHALMA_LIB -u PYTHONPATH "$tmp/venv2/bin/python" -c \
    'import sternhalma as sh; assert sh.Game("classic-2").legal_moves()[0] == sh.Move("k3-i5")'
  # STERNHALMA_LIB still overrides the library the wheel carries.
  if STERNHALMA_LIB=/nonexistent/libsternhalma.so "$tmp/venv2/bin/python" -c 'import sternhalma' 2>err.txt
  then exit 1; fi
  grep -q '/nonexistent/libsternhalma.so' err.txt
  lib="$clone/build-install/capi/libsternhalma.so"
  STERNHALMA_LIB="$lib" "$tmp/venv2/bin/python" -c \
    'import sternhalma as sh, sys; sys.exit(sh._lib._name != sys.argv[1])' "$lib"
SDIST
then ok "a wheel built from the sdist installs and imports; STERNHALMA_LIB overrides it"
else bad "wheel from the sdist"; tail -n 40 "$tmp/sdist.log"; fi

if [ "$have_cargo" = yes ] && [ -d "$home/hello-rust" ]; then
  # A relative STERNHALMA_LIB_DIR (from where cargo starts) links that
  # library dynamically; cargo run finds the copy build.rs keeps in OUT_DIR.
  rel=$(python3 -c 'import os,sys; print(os.path.relpath(sys.argv[1], sys.argv[2]))' \
        "$clone/build-install/capi" "$home/hello-rust")
  if (cd "$home/hello-rust" && STERNHALMA_LIB_DIR="$rel" cargo run --offline --quiet --bin hello-rust --target-dir target-rel &&
      readelf -d target-rel/debug/hello-rust | grep -q 'NEEDED.*libsternhalma.so.0' &&
      cmp "$clone/build-install/capi/libsternhalma.so.0" target-rel/debug/build/sternhalma-*/out/lib/libsternhalma.so.0) \
      >"$tmp/rel.log" 2>&1; then ok "relative STERNHALMA_LIB_DIR=$rel"
  else bad "relative STERNHALMA_LIB_DIR"; tail -n 30 "$tmp/rel.log"; fi
  # Neither pkg-config nor Meson: a message that names the fixes.
  if (cd "$home/hello-rust" && env -u PKG_CONFIG_PATH STERNHALMA_MESON=/nonexistent/meson \
      cargo build --offline --quiet --target-dir target-fail) >"$tmp/fail.log" 2>&1; then
    bad "the build without Meson succeeded"
  else
    expect "$tmp/fail.log" "Rust build names the fixes" 'apt-get install meson .*libabsl-dev'
    expect "$tmp/fail.log" "... and STERNHALMA_LIB_DIR" 'set STERNHALMA_LIB_DIR to a folder'
  fi
fi

echo "install test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
