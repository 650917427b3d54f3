#!/usr/bin/env bash
# release_test.sh — runs scripts/release.sh as docs/guides/release.md says,
# then installs each artifact of dist/ into a fresh project outside the tree
# and runs a small program on it:
#   - the source tarball: meson setup/install into a prefix, then a CMake
#     project (find_package(sternhalma V CONFIG), the exact version) builds
#     a C and a C++ program against it; and the tarball as a Meson
#     [wrap-file] subproject (source_hash from SHA256SUMS) of a Meson project;
#   - the npm tarball: npm install of the .tgz into a fresh npm project;
#   - the Python wheel: pip install --no-index into a fresh venv;
#   - the Rust crates: both unpacked, a fresh cargo project depends on the
#     safe crate by path, with sternhalma-sys patched to its unpacked crate
#     (no registry), whose build.rs builds the vendored _src/ (no install is
#     visible);
# and checks that every artifact carries meson.build's version (file names,
# manifests inside, and version() as each language reports it), that
# SHA256SUMS matches, and that the four agree with each other on a perft.
#
# Run by `scripts/dev.sh release-test` (a stage of `scripts/dev.sh test`).
# The release itself takes ~2 minutes (the wasm module cached, the wheel's
# compile from ccache); the test compiles the library three times more
# (source tarball installed and as a subproject, Rust -sys crate), a few minutes
# of CPU; with ccache, later runs reuse those compiles (CCACHE_BASEDIR is
# the temporary folder).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sternhalma-release.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
CARGO=${CARGO:-$(command -v cargo || echo "$HOME/.cargo/bin/cargo")}
# Tools installed per user stay reachable with HOME moved; so does ccache's
# store (a cache of compiles, keyed on their inputs).
for v in RUSTUP_HOME:.rustup CARGO_HOME:.cargo; do
  name=${v%%:*} dir="$HOME/${v#*:}"
  if [ -z "${!name:-}" ] && [ -d "$dir" ]; then export "$name=$dir"; fi
done
if command -v ccache >/dev/null; then
  export CCACHE_DIR=${CCACHE_DIR:-$(ccache -k cache_dir)} CCACHE_BASEDIR=$tmp
  [ -f "$HOME/.config/ccache/ccache.conf" ] && export CCACHE_CONFIGPATH=${CCACHE_CONFIGPATH:-$HOME/.config/ccache/ccache.conf}
fi
home=$tmp/home
mkdir -p "$home"
# A clean environment: none of the variables that point a binding at a library.
clean() { env -u STERNHALMA_LIB -u STERNHALMA_LIB_DIR -u PKG_CONFIG_PATH -u LD_LIBRARY_PATH \
  -u PYTHONPATH -u NODE_PATH HOME="$home" "$@"; }

passed=0
failed=0
ok() { echo "ok: $*"; passed=$((passed + 1)); }
bad() { echo "FAILED: $*"; failed=$((failed + 1)); }
same() {  # same <what> <got> <want>
  if [ "$2" = "$3" ]; then ok "$1: $2"; else bad "$1: '$2', expected '$3'"; fi
}
step() {  # step <what> <log> <command...>: runs it, and on failure shows the log's end
  local what=$1 log=$2; shift 2
  local start=$SECONDS
  if "$@" >"$log" 2>&1; then ok "$what ($((SECONDS - start)) s)"; return 0; fi
  bad "$what"; tail -n 40 "$log"; return 1
}

version=$(cd "$repo" && meson introspect --projectinfo meson.build |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
echo "release test: sternhalma $version"
# As docs/guides/release.md says, from the repository's root.
step "scripts/release.sh" "$tmp/release.log" bash -c 'cd "$1" && scripts/release.sh' _ "$repo" ||
  { echo "release test: $passed passed, $failed failed"; exit 1; }
dist=$repo/dist
cp -R "$dist" "$tmp/dist"   # the artifacts as a user downloads them
dist=$tmp/dist
V=$version
whl=$(cd "$dist" && ls sternhalma-"$V"-py3-none-*.whl 2>/dev/null | head -1 || true)
for f in "sternhalma-$V.tar.xz" "sternhalma-$V.tgz" "sternhalma-$V.tar.gz" "sternhalma-sys-$V.crate" "sternhalma-$V.crate" "${whl:-no wheel}" SHA256SUMS; do
  [ -f "$dist/$f" ] && ok "dist/$f" || bad "no dist/$f"
done
same "SHA256SUMS lists" "$(awk '{print $2}' "$dist/SHA256SUMS" | sort | tr '\n' ' ')" \
  "$(cd "$dist" && ls | grep -vx SHA256SUMS | sort | tr '\n' ' ')"
step "sha256sum -c SHA256SUMS" "$tmp/sums.log" bash -c 'cd "$1" && sha256sum -c SHA256SUMS' _ "$dist" || true

# ---- the source tarball: meson install into a prefix, CMake consumers ----
src=$tmp/src
mkdir -p "$src"
tar -xJf "$dist/sternhalma-$V.tar.xz" -C "$src"
same "source tarball: meson.build version" \
  "$(meson introspect --projectinfo "$src/sternhalma-$V/meson.build" | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')" "$V"
# Two small programs for the source tarball's consumers: the C ABI's version
# and a perft, and the C++ API's perft.
mkdir -p "$tmp/programs"
cat > "$tmp/programs/app.c" <<'EOF'
#include <stdio.h>
#include <sternhalma.h>

int main(void) {
  sh_rules *rules = NULL;
  sh_position *pos = NULL;
  uint64_t n = 0;
  if (sh_rules_new("classic-2", &rules) != SH_OK || sh_position_new(rules, &pos) != SH_OK ||
      sh_perft(pos, 3, &n) != SH_OK) {
    fprintf(stderr, "%s\n", sh_last_error());
    return 1;
  }
  printf("%s %llu\n", sh_version(), (unsigned long long)n);
  sh_position_free(pos);
  sh_rules_free(rules);
  return 0;
}
EOF
cat > "$tmp/programs/app.cpp" <<'EOF'
#include <cstdio>

#include "sternhalma/perft.h"
#include "sternhalma/presets.h"

int main() {
  const auto* rules = sternhalma::find_preset("classic-2");
  if (rules == nullptr) return 1;
  std::printf("%llu\n", static_cast<unsigned long long>(
                            sternhalma::perft(sternhalma::Position::start(*rules), 3)));
  return 0;
}
EOF
prefix=$tmp/prefix
if step "source tarball: meson setup, compile, install" "$tmp/meson.log" clean bash -c '
    cd "$1" && meson setup build --prefix="$2" -Dtests=false -Dbench=false &&
    meson compile -C build && meson install -C build' _ "$src/sternhalma-$V" "$prefix"; then
  mkdir -p "$tmp/cmake-app"
  cat > "$tmp/cmake-app/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.16)
project(app LANGUAGES C CXX)
find_package(sternhalma $V EXACT CONFIG REQUIRED)
add_executable(app-c app.c)
target_link_libraries(app-c PRIVATE sternhalma::sternhalma)
add_executable(app-cpp app.cpp)
target_link_libraries(app-cpp PRIVATE sternhalma::sternhalma-cpp)
EOF
  cp "$tmp/programs/app.c" "$tmp/programs/app.cpp" "$tmp/cmake-app/"
  if step "source tarball: a CMake project builds against the install" "$tmp/cmake.log" clean bash -c '
      cd "$1" && cmake -S . -B build -DCMAKE_PREFIX_PATH="$2" && cmake --build build' _ "$tmp/cmake-app" "$prefix"; then
    read -r c_version c_perft < <(clean "$tmp/cmake-app/build/app-c")
    same "C program (CMake, source tarball): sh_version()" "$c_version" "$V"
    perft=$c_perft
    same "C++ program (CMake, source tarball): perft 3 = C's" "$(clean "$tmp/cmake-app/build/app-cpp")" "$perft"
    same "the installed CLI: perft 3 = C's" "$(clean "$prefix/bin/sternhalma" perft classic-2 3 | tail -n 1)" "$perft"
  fi
fi
perft=${perft:-none}

# ---- the source tarball as a Meson [wrap-file] subproject ----
# source_hash is SHA256SUMS's line; the tarball is where Meson looks before
# it downloads (subprojects/packagecache/), so nothing is fetched.
wrap=$tmp/meson-app
mkdir -p "$wrap/subprojects/packagecache"
cp "$dist/sternhalma-$V.tar.xz" "$wrap/subprojects/packagecache/"
cp "$tmp/programs/app.c" "$tmp/programs/app.cpp" "$wrap/"
cat > "$wrap/subprojects/sternhalma.wrap" <<EOF
[wrap-file]
directory = sternhalma-$V
source_url = https://example.invalid/sternhalma-$V.tar.xz
source_filename = sternhalma-$V.tar.xz
source_hash = $(awk -v f="sternhalma-$V.tar.xz" '$2 == f {print $1}' "$dist/SHA256SUMS")

[provide]
dependency_names = sternhalma, sternhalma-cpp
EOF
cat > "$wrap/meson.build" <<'EOF'
project('app', 'c', 'cpp', default_options : ['cpp_std=c++20'])
sternhalma = dependency('sternhalma', default_options : ['tests=false', 'bench=false'])
executable('app-c', 'app.c', dependencies : sternhalma)
executable('app-cpp', 'app.cpp', dependencies : dependency('sternhalma-cpp'))
EOF
if step "source tarball as a [wrap-file] subproject: setup, compile" "$tmp/wrap.log" clean bash -c '
    cd "$1" && meson setup build --wrap-mode=forcefallback && meson compile -C build app-c app-cpp' _ "$wrap"; then
  same "C program (Meson subproject, source tarball): version and perft 3" "$(clean "$wrap/build/app-c")" "$V $perft"
  same "C++ program (Meson subproject, source tarball): perft 3" "$(clean "$wrap/build/app-cpp")" "$perft"
fi

# ---- npm: the .tgz into a fresh npm project ----
app=$tmp/npm-app
mkdir -p "$app"
same "npm tarball: package.json version" \
  "$(tar -xzOf "$dist/sternhalma-$V.tgz" package/package.json | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')" "$V"
printf '{ "name": "app", "version": "1.0.0", "private": true, "type": "module" }\n' > "$app/package.json"
cat > "$app/app.js" <<'EOF'
import * as sh from 'sternhalma';
const pos = sh.Position.parse('classic-2');
console.log(sh.version(), pos.perft(3));
pos.dispose();
EOF
if step "npm install the tarball (offline)" "$tmp/npm.log" clean bash -c '
    cd "$1" && npm install --offline --no-audit --no-fund "$2"' _ "$app" "$dist/sternhalma-$V.tgz"; then
  same "the package in node_modules is a copy, not a link" "$([ -L "$app/node_modules/sternhalma" ] && echo link || echo copy)" copy
  same "JavaScript: version() and perft 3" "$(cd "$app" && clean node app.js)" "$V $perft"
fi

# ---- Python: the wheel into a fresh venv ----
same "wheel: METADATA version" "$(python3 - "$dist/$whl" <<'EOF'
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
meta = next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))
print(next(l.split(": ", 1)[1] for l in z.read(meta).decode().splitlines() if l.startswith("Version: ")))
EOF
)" "$V"
same "sdist: PKG-INFO version" "$(tar -xzOf "$dist/sternhalma-$V.tar.gz" "sternhalma-$V/PKG-INFO" | sed -n 's/^Version: //p')" "$V"
if step "pip install the wheel (no index) into a fresh venv" "$tmp/pip.log" clean bash -c '
    cd "$1" && python3 -m venv venv && venv/bin/pip install --no-index "$2"' _ "$tmp" "$dist/$whl"; then
  same "Python: version() and perft 3" "$(cd "$home" && clean "$tmp/venv/bin/python" -c '
import sternhalma as sh
print(sh.version(), sh.Position("classic-2").perft(3))')" "$V $perft"
  same "Python: the library is the wheel's" "$(cd "$home" && clean "$tmp/venv/bin/python" -c '
import os, sternhalma as sh
print(os.path.realpath(sh._lib._name).startswith(os.path.realpath(os.path.dirname(sh.__file__))))')" True
fi

# ---- Rust: a fresh cargo project on the unpacked crates ----
crate=$tmp/crate
mkdir -p "$crate"
for name in sternhalma-sys sternhalma; do
  tar -xzf "$dist/$name-$V.crate" -C "$crate"
  same "crate $name: Cargo.toml version" "$(sed -n 's/^version = "\(.*\)"$/\1/p' "$crate/$name-$V/Cargo.toml" | head -1)" "$V"
done
[ -f "$crate/sternhalma-sys-$V/_src/meson.build" ] && ok "crate sternhalma-sys: the vendored sources" ||
  bad "crate sternhalma-sys: no _src/meson.build"
[ -e "$crate/sternhalma-$V/_src" ] || [ -e "$crate/sternhalma-$V/build.rs" ] &&
  bad "crate sternhalma: carries _src/ or build.rs (they are sternhalma-sys's)" ||
  ok "crate sternhalma: no build.rs, no sources (sternhalma-sys links the library)"
if [ -x "$CARGO" ]; then
  # The safe crate as a path dependency; its dependency on sternhalma-sys =V
  # (a registry one in the packaged manifest) patched to the unpacked crate.
  if step "cargo new; the crates as path dependencies" "$tmp/cargo-new.log" clean bash -c '
      "$1" new --quiet "$2/rust-app" &&
      printf "%s\n" "sternhalma = { path = \"$3/sternhalma-$4\" }" "" "[patch.crates-io]" \
        "sternhalma-sys = { path = \"$3/sternhalma-sys-$4\" }" >> "$2/rust-app/Cargo.toml"' \
      _ "$CARGO" "$tmp" "$crate" "$V"; then
    cat > "$tmp/rust-app/src/main.rs" <<'EOF'
fn main() -> Result<(), sternhalma::Error> {
    let pos = sternhalma::Position::parse("classic-2")?;
    println!("{} {}", sternhalma::version(), pos.perft(3)?);
    Ok(())
}
EOF
    if step "cargo build: sternhalma-sys's build.rs compiles its vendored sources" "$tmp/cargo.log" clean bash -c '
        cd "$1" && "$2" build --offline --quiet' _ "$tmp/rust-app" "$CARGO"; then
      same "Rust: version() and perft 3" "$(clean "$tmp/rust-app/target/debug/rust-app")" "$V $perft"
      ldd "$tmp/rust-app/target/debug/rust-app" | grep -q sternhalma &&
        bad "the Rust program links a libsternhalma.so (expected the crate's static build)" ||
        ok "the Rust program links the crate's own static build"
    fi
  fi
else
  echo "skipped: the Rust crates (cargo is not installed)"
fi

echo "release test: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
