#!/bin/sh
# Runs the Rust binding's tests, then its example (docs/guides/examples.md);
# exit 77 (meson: skipped) when cargo is absent.
# $1: the crate directory, $2: a target dir inside the build dir.
CARGO=${CARGO:-$(command -v cargo || echo "$HOME/.cargo/bin/cargo")}
if ! [ -x "$CARGO" ]; then
  echo "cargo not found: skipping the Rust binding tests (apt-get install cargo)"
  exit 77
fi
cd "$1" || exit 1
export LD_LIBRARY_PATH="$STERNHALMA_LIB_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
"$CARGO" test --offline --quiet --target-dir "$2" || exit 1
exec "$CARGO" run --offline --quiet --target-dir "$2" --example play
