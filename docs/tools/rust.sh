#!/bin/sh
# rust.sh OUT — the Rust reference: rustdoc of the safe crate `sternhalma` and
# of `sternhalma-sys` (capi/rust) into OUT/ (OUT/sternhalma/index.html,
# OUT/sternhalma_sys/index.html), offline, failing on any warning (an
# undocumented public item, a broken intra-doc link). Its target folder is
# build/rust-doc-target. DOCS_RS tells sternhalma-sys's build.rs to link
# nothing: rustdoc never links, so no libsternhalma is needed.
set -eu
[ $# -eq 1 ] || { echo "usage: docs/tools/rust.sh OUT" >&2; exit 2; }
out=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
CARGO=${CARGO:-$(command -v cargo || echo "$HOME/.cargo/bin/cargo")}
[ -x "$CARGO" ] || { echo "docs/tools/rust.sh: cargo is not installed (apt-get install cargo, or rustup)" >&2; exit 1; }
target=$root/build/rust-doc-target
rm -rf "$target/doc"
DOCS_RS=1 RUSTDOCFLAGS="-D warnings" "$CARGO" doc --offline --quiet --no-deps --workspace \
  --manifest-path "$root/capi/rust/Cargo.toml" --target-dir "$target"
mkdir -p "$out"
cp -R "$target/doc/." "$out/"
[ -f "$out/sternhalma/index.html" ] && [ -f "$out/sternhalma_sys/index.html" ] ||
  { echo "docs/tools/rust.sh: rustdoc wrote no index for a crate into $out" >&2; exit 1; }
# rustdoc's help and settings pages link ./index.html, which `cargo doc` does
# not write for a workspace: a page that lists the two crates.
cat > "$out/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>sternhalma: the Rust crates</title></head>
<body><h1>The Rust crates</h1><ul>
<li><a href="sternhalma/index.html">sternhalma</a>: the safe binding</li>
<li><a href="sternhalma_sys/index.html">sternhalma-sys</a>: the raw declarations of the C ABI and the library's build</li>
</ul></body></html>
HTML
