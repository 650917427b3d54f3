#!/usr/bin/env bash
# release.sh — the release artifacts of the committed tree, into dist/:
#
#   sternhalma-V.tar.xz                 the source tarball (meson dist: every committed file)
#   sternhalma-V.tgz                    the npm package (capi/js, sternhalma.wasm inside)
#   sternhalma-V.tar.gz                 the Python sdist (the C++ sources under _src/)
#   sternhalma-V-py3-none-<platform>.whl  the Python wheel (libsternhalma inside)
#   sternhalma-sys-V.crate              the Rust -sys crate (cargo package: the raw
#                                       declarations and build.rs, the C++ sources
#                                       vendored under _src/, so it builds on its own)
#   sternhalma-V.crate                  the safe Rust crate (depends on sternhalma-sys =V)
#   SHA256SUMS                          sha256sum of each (sha256sum -c SHA256SUMS)
#
# V is meson.build's project version, the project's one version: the script
# stops when a package manifest says otherwise (tests/version_test.py), and
# when the tree has uncommitted changes (the artifacts are HEAD, the source
# tarball can only be). Publishing is not done here: docs/guides/release.md
# says what a maintainer runs for each artifact.
# tests/release_test.sh installs each into a fresh project and runs it.
#
# Needs what `scripts/dev.sh wasm` installs (emscripten, for the npm
# package's module: built once, cached in build/wasm/ or WASM_BUILD_DIR),
# Meson and Abseil (the wheel compiles libsternhalma), npm, and cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
dist=$root/dist
work=$root/build/release
CARGO=${CARGO:-$(command -v cargo || echo "$HOME/.cargo/bin/cargo")}
for tool in meson npm git python3; do
  command -v "$tool" >/dev/null || { echo "release: $tool is not installed (scripts/dev.sh wasm installs what the release needs)" >&2; exit 1; }
done
[ -x "$CARGO" ] || { echo "release: cargo is not installed (apt-get install cargo, or rustup)" >&2; exit 1; }

if [ -n "$(git status --porcelain)" ]; then
  echo "release: the tree has uncommitted changes; the artifacts are made from HEAD, commit first:" >&2
  git status --short >&2
  exit 1
fi
version=$(meson introspect --projectinfo meson.build | python3 -c 'import json, sys; print(json.load(sys.stdin)["version"])')
python3 tests/version_test.py "$version" capi/sternhalma.h capi/python/pyproject.toml \
  capi/rust/Cargo.toml capi/js/package.json CHANGELOG.md >&2 ||
  { echo "release: the manifests do not all carry meson.build's version $version" >&2; exit 1; }
echo "release: sternhalma $version into $dist"
rm -rf "$dist" "$work"
mkdir -p "$dist" "$work"

# The source tarball: meson dist archives HEAD (the tree is clean). Its own
# test build is left to tests/release_test.sh, which builds and installs it.
meson setup "$work/meson" -Dtests=false -Dbench=false >/dev/null
meson dist -C "$work/meson" --no-tests --formats xztar >/dev/null
mv "$work/meson/meson-dist/sternhalma-$version.tar.xz" "$dist/"

# The npm package with the wasm module inside ("files" in package.json).
scripts/wasm.sh
(cd capi/js && npm pack --silent --pack-destination "$dist" >/dev/null)

# The Python sdist and wheel (the standard-library backend; the wheel
# compiles libsternhalma with Meson and carries it).
python3 capi/python/_build/backend.py sdist "$dist" >/dev/null
python3 capi/python/_build/backend.py wheel "$dist" >/dev/null

# The Rust crates: a copy of capi/rust (the workspace of the safe crate and
# sternhalma-sys) with the C++ sources the library's build needs under
# sternhalma-sys/_src/ (the list is the Python sdist's, backend.SOURCES).
crate=$work/crate
sys=$crate/sternhalma-sys
mkdir -p "$sys/_src"
cp -R capi/rust/Cargo.toml capi/rust/src capi/rust/tests capi/rust/examples "$crate/"
cp -R capi/rust/sternhalma-sys/Cargo.toml capi/rust/sternhalma-sys/build.rs capi/rust/sternhalma-sys/src "$sys/"
python3 -c 'import sys; sys.path.insert(0, "capi/python/_build"); import backend; print("\n".join(backend.SOURCES))' |
  while read -r pattern; do
    for path in $pattern; do   # a glob (capi/*.cpp) or a name
      mkdir -p "$sys/_src/$(dirname "$path")"
      cp -R "$path" "$sys/_src/$path"
    done
  done
find "$sys/_src" -name __pycache__ -prune -exec rm -rf {} +
# --workspace packages both, the safe crate's dependency on sternhalma-sys
# resolved from the package just made (no registry); --no-verify: building
# the crates is tests/release_test.sh's job (from the unpacked .crate files,
# outside the tree); --allow-dirty: the copy is not in git.
"$CARGO" package --quiet --offline --no-verify --allow-dirty --workspace \
  --manifest-path "$crate/Cargo.toml" --target-dir "$work/cargo-target"
for name in sternhalma-sys sternhalma; do
  mv "$work/cargo-target/package/$name-$version.crate" "$dist/"
done

(cd "$dist" && sha256sum -- * > SHA256SUMS)
echo "release: made"
(cd "$dist" && ls -l --time-style=+ -- * | awk '{print "  " $5 "\t" $NF}')
