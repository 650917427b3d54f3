#!/usr/bin/env python3
"""The shared library exports exactly the functions the C header declares.

usage: capi_symbols.py sternhalma.h libsternhalma.so
Compares `nm -D --defined-only` (functions and data) with the sh_ names the
header declares as functions; any extra or missing symbol fails.
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
    out = subprocess.run(["nm", "-D", "--defined-only", lib], check=True,
                         capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] not in ("A",):  # A: version node
            names.add(parts[2].split("@")[0])
    return names


def main():
    want, have = declared(sys.argv[1]), exported(sys.argv[2])
    extra, missing = sorted(have - want), sorted(want - have)
    for n in extra:
        print("exported but not in the header:", n)
    for n in missing:
        print("declared but not exported:", n)
    print(f"{len(have)} exported, {len(want)} declared")
    return 1 if extra or missing else 0


if __name__ == "__main__":
    sys.exit(main())
