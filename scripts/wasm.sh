#!/usr/bin/env bash
# wasm.sh — builds the WebAssembly module of the C ABI for capi/js.
#
#   scripts/wasm.sh            build capi/js/sternhalma.wasm (cached steps skipped)
#
# Steps, each cached under build/wasm/:
#   1. Abseil's source from Debian's own `abseil` package (`apt-get source`
#      with a private apt state that adds deb-src for the machine's own
#      sources: the system's apt configuration is not touched);
#   2. the Abseil libraries the engine uses, with emcmake/emmake (C++20);
#   3. lib/*.cpp and capi/*.cpp with em++ -O3, linked into a standalone
#      module that exports every sh_* function declared in capi/sternhalma.h
#      (the list is read from the header, not kept by hand); abi.js, the
#      header's numbers and names for the JS package, with the library's
#      words for its enums (tools/abi.mjs, tools/words.mjs).
# Each step says what it does as it starts (Abseil's build its percentage).
# Needs: emscripten, dpkg-dev (apt-get installs them via dev.sh's wasm verb).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${WASM_BUILD_DIR:-$root/build/wasm}
mkdir -p "$out"
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}   # Debian's em++ finds acorn there
jobs=${WASM_JOBS:-2}

# ---- 1. Abseil source ------------------------------------------------------
absl_src=$(ls -d "$out"/src/abseil-*/ 2>/dev/null | head -1 || true)
if [ -z "$absl_src" ]; then
  echo "wasm: fetching Debian's abseil source"
  apt=$out/apt
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/sources.list.d" "$out/src"
  : > "$apt/sources.list"
  # The machine's own Debian sources, as deb-src (deb822 and one-line forms).
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && sed 's/^Types:.*/Types: deb-src/' "$f" > "$apt/sources.list.d/$(basename "$f")"
  done
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && sed -n 's/^deb \(.*\)/deb-src \1/p' "$f" >> "$apt/sources.list"
  done
  aptopts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=$apt/sources.list.d"
           -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "Debug::NoLocking=1"
           -o "APT::Sandbox::User=root")
  echo "wasm: apt-get update (deb-src lists, in $apt)"
  apt-get -qq "${aptopts[@]}" update
  echo "wasm: apt-get source abseil"
  (cd "$out/src" && apt-get -qq "${aptopts[@]}" source abseil)
  absl_src=$(ls -d "$out"/src/abseil-*/ | head -1)
fi

# ---- 2. Abseil for wasm ----------------------------------------------------
absl_build=$out/abseil
absl_targets=(status statusor strings str_format_internal hash
              raw_hash_set)
if [ ! -f "$absl_build/.built" ]; then
  echo "wasm: building Abseil ($absl_src; a few minutes, the log in $absl_build.log)"
  emcmake cmake -S "$absl_src" -B "$absl_build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_STANDARD=20 -DBUILD_TESTING=OFF -DABSL_PROPAGATE_CXX_STD=ON \
    -DCMAKE_CXX_FLAGS=-O3 >"$absl_build.log" 2>&1 || { cat "$absl_build.log"; exit 1; }
  # make's "[ 42%]" lines, each new percentage once, as progress.
  emmake make -C "$absl_build" -j"$jobs" "${absl_targets[@]}" 2>&1 | tee -a "$absl_build.log" \
    | { grep --line-buffered -o '^\[ *[0-9]*%\]' || true; } \
    | awk '{ gsub(/[][ ]/, "") } $0 != last { print "wasm: Abseil " $0; fflush(); last = $0 }' \
    || { tail -50 "$absl_build.log"; exit 1; }
  touch "$absl_build/.built"
fi

# ---- 3. the engine and its C ABI -------------------------------------------
# -fwasm-exceptions: the C ABI's guard() catches what the library throws,
# std::bad_alloc above all, so memory the module cannot get is SH_ERR_MEMORY
# and not the end of the module (emscripten's default makes a throw abort).
# Objects built with other flags are not reused: their folder is named after
# the flags.
obj=$out/obj-eh
mkdir -p "$obj"
cxxflags=(-std=c++20 -O3 -DNDEBUG -fwasm-exceptions -I"$root/include" -I"$root/capi" -I"$absl_src")
# Every source of lib/ (any depth) and capi/ (its own folder: the bindings
# live below it), and every header they may include.
mapfile -t sources < <(find "$root/lib" -name '*.cpp' | sort; find "$root/capi" -maxdepth 1 -name '*.cpp' | sort)
mapfile -t headers < <(find "$root/include" "$root/lib" -name '*.h'; find "$root/capi" -maxdepth 1 -name '*.h')
objects=()
pids=()
for src in "${sources[@]}"; do
  rel=$(realpath --relative-to="$root" "$src")
  o=$obj/${rel//\//_}
  o=${o%.cpp}.o
  objects+=("$o")
  stale=0
  [ -f "$o" ] || stale=1
  for dep in "$src" "${headers[@]}"; do [ "$dep" -nt "$o" ] && stale=1 && break; done
  if ((stale)); then
    echo "wasm: em++ $rel"
    em++ "${cxxflags[@]}" -c "$src" -o "$o" &
    pids+=($!)
    if ((${#pids[@]} >= jobs)); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  fi
done
for p in "${pids[@]}"; do wait "$p"; done

# The JS side's view of the header (defines, enums, functions) and the export
# list: every function the header declares, and the allocator.
js=$root/capi/js
node "$js/tools/abi.mjs" "$root/capi/sternhalma.h" "$js/abi.js" "$out/exports.json"
mapfile -t absl_libs < <(find "$absl_build/absl" -name '*.a' | sort)
wasm=$out/sternhalma.wasm
relink=0
for dep in "${objects[@]}" "$absl_build/.built" "$root/capi/sternhalma.h"; do
  [ "$wasm" -nt "$dep" ] || relink=1
done
if ((relink)); then
  echo "wasm: linking $(realpath --relative-to="$root" "$js/sternhalma.wasm")"
  em++ -O3 -fwasm-exceptions -sSTANDALONE_WASM --no-entry -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=16MB \
    -sEXPORTED_FUNCTIONS=@"$out/exports.json" -sERROR_ON_UNDEFINED_SYMBOLS=1 \
    "${objects[@]}" -Wl,--start-group "${absl_libs[@]}" -Wl,--end-group \
    -o "$out/sternhalma.tmp.wasm"
  mv "$out/sternhalma.tmp.wasm" "$wasm"
fi
cmp -s "$wasm" "$js/sternhalma.wasm" || cp "$wasm" "$js/sternhalma.wasm"
# The library's words for the enums' values, into abi.js (the package's
# EndReason, ... are made from them before the module is loaded).
node "$js/tools/words.mjs" "$js/sternhalma.wasm" "$js/abi.js"
echo "wasm: capi/js/sternhalma.wasm, $(stat -c %s "$js/sternhalma.wasm") bytes"
