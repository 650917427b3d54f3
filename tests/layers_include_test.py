#!/usr/bin/env python3
"""layers_include_test: the library's layers hold in its includes.

The layers are ARCHITECTURE.md's table ("The library, bottom to top"): each
row a layer, its headers (under include/sternhalma/) and its sources (under
lib/), lowest first. The table is the data; this test only reads it. It fails
on:
- a header or source of the library that is in no layer, or in two, and a
  table entry that names no file;
- a header in lib/ (the library's headers live in include/sternhalma/, its
  internals in include/sternhalma/internal/);
- an include, in include/sternhalma/ or lib/, of a header in a higher layer;
- a file outside lib/ (capi/, cli/, tests/, examples/, bench/, fuzz/) that
  includes from lib/, or a meson.build outside lib/ that puts lib/ on an
  include path;
- a file outside the library that includes an internal header
  (sternhalma/internal/), other than the white-box tests of WHITE_BOX.

Before it checks the tree it plants one fault of each kind in a copy held in
memory and requires that each is reported, so the checks cannot pass by
finding nothing.

Usage: layers_include_test.py [SOURCE_ROOT]   (stdlib python3 only)
"""
import os
import re
import sys

# Tests (and one benchmark) that reach below the public API on purpose, and why.
WHITE_BOX = {
    "tests/perft_test.cpp":
        "AfterMoves (perft's last two plies counted without playing) against "
        "count_moves after each move",
    "tests/player_test.cpp":
        "the players' evaluation and search, each checked below Player",
    "tests/search_threads_test.cpp":
        "expert's search on several threads to a fixed depth against one thread's",
    "tests/player_tactics_test.cpp":
        "expert's search alone on the tactics suite",
    "tests/race_plan_test.cpp":
        "expert's race plan alone against an exhaustive count of own moves",
    "tests/uct_test.cpp":
        "expert's field search alone against an exhaustive count of own moves",
    "tests/game_end_test.cpp":
        "PositionCounts, the repetition count, at its limits",
    "bench/player_bench.cpp":
        "expert's search to a fixed depth (time to depth on 1 and 2 threads), "
        "which Player's budgets cannot ask for",
}

OUTSIDE = ("capi", "cli", "tests", "examples", "bench", "fuzz")
# Binding folders hold no C or C++ of the project's own.
SKIP_DIRS = {"capi/python", "capi/js", "capi/rust", "tests/bundlers",
             "node_modules", ".git"}
C_EXT = (".c", ".cc", ".cpp", ".h", ".hpp")
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)
STRING = re.compile(r"'([^']*)'")


def read_tree(root):
    """Every file the checks read, as {path relative to root: text}."""
    files = {}
    for top in ("include", "lib") + OUTSIDE:
        for d, dirs, names in os.walk(os.path.join(root, top)):
            rel_d = os.path.relpath(d, root).replace(os.sep, "/")
            dirs[:] = [x for x in dirs
                       if x not in SKIP_DIRS and f"{rel_d}/{x}" not in SKIP_DIRS]
            for n in names:
                if n.endswith(C_EXT) or n == "meson.build":
                    p = os.path.join(d, n)
                    with open(p, encoding="utf-8", errors="replace") as f:
                        files[os.path.relpath(p, root).replace(os.sep, "/")] = f.read()
    with open(os.path.join(root, "ARCHITECTURE.md"), encoding="utf-8") as f:
        files["ARCHITECTURE.md"] = f.read()
    return files


def layer_table(md):
    """[(layer name, [header paths], [source paths])], bottom first."""
    lines = md.splitlines()
    try:
        start = next(i for i, l in enumerate(lines)
                     if re.match(r"\|\s*layer\s*\|\s*headers\s*\|\s*sources\s*\|", l))
    except StopIteration:
        raise SystemExit("ARCHITECTURE.md: no table with columns "
                         "| layer | headers | sources | ...")
    layers = []
    for l in lines[start + 2:]:
        if not l.startswith("|"):
            break
        cols = [c.strip() for c in l.strip().strip("|").split("|")]
        if len(cols) < 3:
            raise SystemExit(f"ARCHITECTURE.md: layer row with {len(cols)} columns: {l}")
        names = lambda c: re.findall(r"`([^`]+)`", c)
        layers.append((cols[0],
                       ["include/sternhalma/" + h for h in names(cols[1])],
                       ["lib/" + s for s in names(cols[2])]))
    if not layers:
        raise SystemExit("ARCHITECTURE.md: the layer table has no rows")
    return layers


def includes(text):
    return [(m.group(1), m.group(2)) for m in INCLUDE.finditer(text)]


def norm(path):
    return os.path.normpath(path).replace(os.sep, "/")


def check(files):
    errors = []
    layers = layer_table(files["ARCHITECTURE.md"])
    layer_of = {}
    for i, (name, headers, sources) in enumerate(layers):
        for p in headers + sources:
            if p in layer_of:
                errors.append(f"ARCHITECTURE.md: {p} is in two layers "
                              f"({layers[layer_of[p]][0]}, {name})")
            layer_of[p] = i
            if p not in files:
                errors.append(f"ARCHITECTURE.md: layer {name} names {p}, which does not exist")

    def describe(i):
        return f"layer {i + 1}, {layers[i][0]}"

    for p in sorted(files):
        in_lib = p.startswith("lib/")
        if p.startswith("include/sternhalma/") or in_lib:
            if p.endswith(".h") and in_lib:
                errors.append(f"{p}: a header in lib/; the library's headers live in "
                              "include/sternhalma/ (internals in include/sternhalma/internal/)")
            if p.endswith(C_EXT) and p not in layer_of:
                errors.append(f"{p}: in no layer of ARCHITECTURE.md's table")
            if p not in layer_of:
                continue
            for _, inc in includes(files[p]):
                target = None
                if inc.startswith("sternhalma/"):
                    target = "include/" + inc
                else:
                    rel = norm(os.path.join(os.path.dirname(p), inc))
                    if rel in files:
                        target = rel
                if target is None:
                    continue  # the standard library, Abseil
                if target not in layer_of:
                    errors.append(f"{p}: includes {inc}, which is in no layer")
                elif layer_of[target] > layer_of[p]:
                    errors.append(f"{p} ({describe(layer_of[p])}) includes {inc} "
                                  f"({describe(layer_of[target])}): a layer above")
        elif p.split("/")[0] in OUTSIDE:
            d = os.path.dirname(p)
            if p.endswith("meson.build"):
                for m in re.finditer(r"include_directories\s*\(([^)]*)\)", files[p]):
                    for s in STRING.findall(m.group(1)):
                        if norm(os.path.join(d, s)).split("/")[0] == "lib":
                            errors.append(f"{p}: include_directories('{s}') puts lib/ "
                                          "on an include path")
                for s in STRING.findall(files[p]):
                    if s.startswith("-I") and norm(os.path.join(d, s[2:])).split("/")[0] == "lib":
                        errors.append(f"{p}: '{s}' puts lib/ on an include path")
                continue
            for _, inc in includes(files[p]):
                # "../lib/x.h", or a bare "x.h" that only lib/ on the
                # include path would find.
                if ("lib/" in inc or norm(os.path.join(d, inc)).split("/")[0] == "lib"
                        or (norm(os.path.join(d, inc)) not in files and "lib/" + inc in files)):
                    errors.append(f"{p}: includes {inc} from lib/; outside the library, "
                                  "only the headers of include/ and capi/")
                elif inc.startswith("sternhalma/internal/") and p not in WHITE_BOX:
                    errors.append(f"{p}: includes the internal header {inc}; only the "
                                  "white-box tests this test lists may")
    return errors


def planted_faults(files):
    """(what, changed copy of files, text each report must contain)."""
    def with_(changes):
        f = dict(files)
        for p, extra in changes.items():
            f[p] = f.get(p, "") + extra
        return f
    return [
        ("an include pointing up a layer",
         with_({"lib/cell.cpp": '#include "sternhalma/game.h"\n'}), "a layer above"),
        ("a header in no layer",
         with_({"include/sternhalma/planted.h": "// a header nobody placed\n"}),
         "include/sternhalma/planted.h: in no layer"),
        ("a source in no layer",
         with_({"lib/planted.cpp": '#include "sternhalma/cell.h"\n'}), "lib/planted.cpp: in no layer"),
        ("a header in lib/",
         with_({"lib/planted.h": "// a header outside include/\n"}), "a header in lib/"),
        ("the CLI including from lib/",
         with_({"cli/main.cpp": '#include "../lib/planted.h"\n'}), "from lib/"),
        ("the CLI including a lib/ file by its bare name",
         with_({"cli/main.cpp": '#include "game.cpp"\n'}), "includes game.cpp from lib/"),
        ("a meson.build putting lib/ on the include path",
         with_({"cli/meson.build": "x = include_directories('../lib')\n"}), "puts lib/ on an include path"),
        ("the C ABI including an internal header",
         with_({"capi/capi_core.cpp": '#include "sternhalma/internal/walk.h"\n'}), "internal header"),
    ]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))
    files = read_tree(root)
    failed = False
    for what, planted, needle in planted_faults(files):
        found = [e for e in check(planted) if needle in e]
        if not found:
            print(f"FAIL: the planted fault ({what}) is not reported")
            failed = True
    errors = check(files)
    for e in errors:
        print("FAIL:", e)
    n = sum(len(h) + len(s) for _, h, s in layer_table(files["ARCHITECTURE.md"]))
    if errors or failed:
        return 1
    print(f"ok: {n} files in {len(layer_table(files['ARCHITECTURE.md']))} layers, "
          f"every include points down or across; nothing outside lib/ includes from it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
