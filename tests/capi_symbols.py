#!/usr/bin/env python3
"""The shared library exports exactly the functions the C header declares.

usage: capi_symbols.py sternhalma.h libsternhalma.so [sternhalma.map]
Compares `nm -D --defined-only` (functions and data) with the sh_ names the
header declares as functions; any extra or missing symbol fails. With the
version script, each symbol must also carry the version node that names it
(STERNHALMA_0, the wildcard node, for every symbol no later node names).
"""
import re
import subprocess
import sys


def declared(header):
    text = open(header, encoding="utf-8").read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)
    # A declaration: return type, name, '(' -- names used only as types
    # (typedef struct sh_x) never precede '('.
    return set(re.findall(r"\b(sh_[a-z0-9_]+)\s*\(", text))


def exported(lib):
    """Exported name -> its version node ("" when unversioned)."""
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    names = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] not in ("A",):  # A: version node
            name, _, node = parts[2].partition("@")
            names[name] = node.lstrip("@")
    return names


def nodes(mapfile):
    """Name -> node for the names a node of the version script lists."""
    text = re.sub(r"/\*.*?\*/", "", open(mapfile, encoding="utf-8").read(), flags=re.S)
    named = {}
    for node, body in re.findall(r"(STERNHALMA_[0-9.]+)\s*\{(.*?)\}", text, flags=re.S):
        for name in re.findall(r"\b(sh_[a-z0-9_]+)\s*;", body):
            named[name] = node
    return named


def main():
    want, have = declared(sys.argv[1]), exported(sys.argv[2])
    extra, missing = sorted(set(have) - want), sorted(want - set(have))
    for n in extra:
        print("exported but not in the header:", n)
    for n in missing:
        print("declared but not exported:", n)
    wrong = []
    if len(sys.argv) > 3:
        named = nodes(sys.argv[3])
        wrong = [(n, have[n], named.get(n, "STERNHALMA_0")) for n in sorted(have)
                 if have[n] != named.get(n, "STERNHALMA_0")]
        for n, node, node_want in wrong:
            print(f"{n}: version node {node!r}, the version script gives {node_want!r}")
    print(f"{len(have)} exported, {len(want)} declared")
    return 1 if extra or missing or wrong else 0


if __name__ == "__main__":
    sys.exit(main())
