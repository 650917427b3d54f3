#!/usr/bin/env python3
"""One version: the top meson.build's project version is the only source.

usage: version_test.py VERSION sternhalma.h pyproject.toml Cargo.toml package.json CHANGELOG.md
Checks that the C header's SH_VERSION_MAJOR/MINOR/PATCH, the Python
package's, the Rust crates' (the safe crate, sternhalma-sys beside it in
sternhalma-sys/Cargo.toml, and the exact "=VERSION" the safe crate requires of
it) and the npm package's versions, and the newest
entry of the changelog, all equal VERSION (meson passes
meson.project_version()); prints each mismatch and exits 1 when there is
one.
"""
import json
import os
import re
import sys


def header_version(path):
    text = open(path, encoding="utf-8").read()
    parts = []
    for name in ("MAJOR", "MINOR", "PATCH"):
        m = re.search(r"^#define SH_VERSION_%s (\d+)$" % name, text, re.M)
        if not m:
            return None
        parts.append(m.group(1))
    return ".".join(parts)


def toml_version(path, table):
    """The `version = "..."` of [table] (pyproject: [project], Cargo: [package])."""
    section = None
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line.startswith("["):
            section = line.strip("[]").strip()
        elif section == table:
            m = re.match(r'version\s*=\s*"([^"]*)"', line)
            if m:
                return m.group(1)
    return None


def sys_requirement(path):
    """The version the safe crate requires of sternhalma-sys, as "=X.Y.Z"."""
    for line in open(path, encoding="utf-8"):
        m = re.match(r'sternhalma-sys\s*=\s*\{.*version\s*=\s*"([^"]*)"', line.strip())
        if m:
            return m.group(1)
    return None


def exact(requirement):
    """X.Y.Z of an exact requirement "=X.Y.Z"; anything else as written, so it differs."""
    if requirement and requirement.startswith("="):
        return requirement[1:]
    return f"{requirement} (not an exact '=' requirement)"


def changelog_version(path):
    """The newest entry's version: the first `## X.Y.Z` heading."""
    for line in open(path, encoding="utf-8"):
        m = re.match(r"## (\d+\.\d+\.\d+)\b", line)
        if m:
            return m.group(1)
    return None


def main():
    want, header, pyproject, cargo, npm, changelog = sys.argv[1:7]
    sys_cargo = os.path.join(os.path.dirname(cargo), "sternhalma-sys", "Cargo.toml")
    found = {
        header + " (SH_VERSION_*)": header_version(header),
        pyproject + " [project]": toml_version(pyproject, "project"),
        cargo + " [package]": toml_version(cargo, "package"),
        sys_cargo + " [package]": toml_version(sys_cargo, "package"),
        cargo + " sternhalma-sys requirement": exact(sys_requirement(cargo)),
        npm + " version": json.load(open(npm, encoding="utf-8")).get("version"),
        changelog + " (newest entry)": changelog_version(changelog),
    }
    bad = 0
    for where, have in found.items():
        if have != want:
            print(f"{where}: {have!r}, but meson.build's project version is {want!r}")
            bad += 1
    print(f"{len(found) - bad} of {len(found)} versions equal {want}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
