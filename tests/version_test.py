#!/usr/bin/env python3
"""One version: the top meson.build's project version is the only source.

usage: version_test.py VERSION sternhalma.h pyproject.toml Cargo.toml package.json CHANGELOG.md
Checks that the C header's SH_VERSION_MAJOR/MINOR/PATCH, the Python
package's, the Rust crate's and the npm package's versions, and the newest
entry of the changelog, all equal VERSION (meson passes
meson.project_version()); prints each mismatch and exits 1 when there is
one.
"""
import json
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


def changelog_version(path):
    """The newest entry's version: the first `## X.Y.Z` heading."""
    for line in open(path, encoding="utf-8"):
        m = re.match(r"## (\d+\.\d+\.\d+)\b", line)
        if m:
            return m.group(1)
    return None


def main():
    want, header, pyproject, cargo, npm, changelog = sys.argv[1:7]
    found = {
        header + " (SH_VERSION_*)": header_version(header),
        pyproject + " [project]": toml_version(pyproject, "project"),
        cargo + " [package]": toml_version(cargo, "package"),
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
